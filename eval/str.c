/* str.c — Str: UTF-8 strings indexed by code point (ASCII strings, where
 * nchars == len, take byte-indexed fast paths), interning, the str
 * methods, str.format and %-formatting.
 */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "valpriv.h"

/* ---- UTF-8 ----------------------------------------------------------- */

int utf8_len1(unsigned char c) {
  if (c < 0x80) return 1;
  if (c >= 0xf0) return 4;
  if (c >= 0xe0) return 3;
  if (c >= 0xc0) return 2;
  return 1; /* stray continuation byte */
}

uint32_t utf8_decode(const char *p, int *n) {
  const unsigned char *s = (const unsigned char *)p;
  int k = utf8_len1(s[0]);
  *n = k;
  switch (k) {
  case 1: return s[0];
  case 2: return (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f);
  case 3: return (uint32_t)(s[0] & 0x0f) << 12 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
  default:
    return (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3f) << 12 |
           (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
  }
}

int utf8_encode(uint32_t cp, char *out) {
  unsigned char *o = (unsigned char *)out;
  if (cp < 0x80) { o[0] = (unsigned char)cp; return 1; }
  if (cp < 0x800) { o[0] = (unsigned char)(0xc0 | cp >> 6); o[1] = (unsigned char)(0x80 | (cp & 0x3f)); return 2; }
  if (cp < 0x10000) {
    o[0] = (unsigned char)(0xe0 | cp >> 12);
    o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
    o[2] = (unsigned char)(0x80 | (cp & 0x3f));
    return 3;
  }
  o[0] = (unsigned char)(0xf0 | cp >> 18);
  o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
  o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
  o[3] = (unsigned char)(0x80 | (cp & 0x3f));
  return 4;
}

static int64_t utf8_count(const char *s, int64_t n) {
  int64_t c = 0;
  for (int64_t i = 0; i < n; i++) c += ((unsigned char)s[i] & 0xc0) != 0x80;
  return c;
}

static bool str_ascii(Str *s) { return s->nchars == s->len; }

int64_t str_cp_offset(Str *s, int64_t cp) {
  if (str_ascii(s)) return cp;
  int64_t off = 0;
  while (cp > 0 && off < s->len) {
    off += utf8_len1((unsigned char)s->data[off]);
    cp--;
  }
  return off < s->len ? off : s->len;
}

static int64_t byte_to_cp(Str *s, int64_t off) { return str_ascii(s) ? off : utf8_count(s->data, off); }

/* ---- Construction and interning ------------------------------------- */

/* The str-bytes limit (frontend/limits.h), checked before any str of n
 * bytes is built. */
void str_check_size(Interp *I, uint64_t n) {
  if (n > (uint64_t)limit_get(LIM_STR_BYTES))
    rt_raise(I, EXC_MemoryError, "a str of more than %lld bytes (raise the limit with --limit=str-bytes=N)",
             (long long)limit_get(LIM_STR_BYTES));
}

static Str *str_alloc(Interp *I, size_t n) {
  str_check_size(I, n);
  Str *s = (Str *)obj_alloc(I, OBJ_STR, sizeof(Str) + n + 1);
  s->len = (int64_t)n;
  return s;
}

static Str *str_finish(Str *s) {
  s->data[s->len] = 0;
  s->nchars = utf8_count(s->data, s->len);
  return s;
}

static Str *str_empty(Interp *I) {
  Obj **slot = &VR(I)->empty_str;
  if (!*slot) *slot = &str_alloc(I, 0)->h;
  obj_incref(*slot);
  return (Str *)*slot;
}

Str *str_char(Interp *I, const char *p, int nbytes) {
  unsigned char c = (unsigned char)p[0];
  if (nbytes == 1 && c < 128) {
    Obj **slot = &VR(I)->char_str[c];
    if (!*slot) {
      Str *s = str_alloc(I, 1);
      s->data[0] = (char)c;
      s->data[1] = 0;
      s->nchars = 1;
      *slot = &s->h;
    }
    obj_incref(*slot);
    return (Str *)*slot;
  }
  return str_new(I, p, (size_t)nbytes);
}

Str *str_new(Interp *I, const char *s, size_t n) {
  if (n <= 1) {
    if (n == 0) return str_empty(I);
    if ((unsigned char)s[0] < 128) return str_char(I, s, 1);
  }
  Str *r = str_alloc(I, n);
  memcpy(r->data, s, n);
  return str_finish(r);
}

Str *str_from_c(Interp *I, const char *s) { return str_new(I, s, strlen(s)); }

Str *str_from_buf(Interp *I, Buf *b) {
  Str *s = str_new(I, b->data ? b->data : "", b->len);
  buf_free(b);
  return s;
}

Str *str_printf(Interp *I, const char *fmt, ...) {
  Buf b = {0};
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  return str_from_buf(I, &b);
}

Str *str_concat(Interp *I, Str *a, Str *b) {
  if (a->len == 0) { obj_incref(&b->h); return b; }
  if (b->len == 0) { obj_incref(&a->h); return a; }
  Str *r = str_alloc(I, (size_t)(a->len + b->len));
  memcpy(r->data, a->data, (size_t)a->len);
  memcpy(r->data + a->len, b->data, (size_t)b->len);
  r->data[r->len] = 0;
  r->nchars = a->nchars + b->nchars;
  return r;
}

static uint64_t hash_bytes(const char *p, size_t n) {
  uint64_t h = 0xcbf29ce484222325ull ^ (n * 0x9e3779b97f4a7c15ull);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  for (; i < n; i++) h = (h ^ (unsigned char)p[i]) * 0x100000001b3ull;
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ull;
  h ^= h >> 32;
  return h == 0 || h == (uint64_t)-1 ? 2 : h;
}

uint64_t str_hash(Str *s) {
  if (!s->hash) s->hash = hash_bytes(s->data, (size_t)s->len);
  return s->hash;
}

bool str_eq(Str *a, Str *b) {
  if (a == b) return true;
  if (a->len != b->len) return false;
  if (a->interned && b->interned) return false;
  if (a->hash && b->hash && a->hash != b->hash) return false;
  return memcmp(a->data, b->data, (size_t)a->len) == 0;
}

int str_cmp(Str *a, Str *b) {
  int64_t n = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->data, b->data, (size_t)n);
  if (c) return c < 0 ? -1 : 1;
  return a->len < b->len ? -1 : a->len > b->len;
}

Str *str_intern_n(Interp *I, const char *s, size_t n) {
  uint64_t h = hash_bytes(s, n);
  Str *found = dict_find_cstr(I->interned, s, n, h);
  if (found) {
    obj_incref(&found->h);
    return found;
  }
  Str *r = str_alloc(I, n);
  memcpy(r->data, s, n);
  str_finish(r);
  r->hash = h;
  r->interned = true;
  dict_set(I, I->interned, v_obj(&r->h), v_obj(&r->h));
  return r;
}

Str *str_intern(Interp *I, const char *s) { return str_intern_n(I, s, strlen(s)); }

Str *str_repeat(Interp *I, Str *s, int64_t n) {
  if (n <= 0 || s->len == 0) return str_empty(I);
  if (n == 1) { obj_incref(&s->h); return s; }
  int64_t total;
  if (__builtin_mul_overflow(s->len, n, &total) || total > ((int64_t)1 << 40))
    rt_raise(I, EXC_MemoryError, "%s", "");
  Str *r = str_alloc(I, (size_t)total);
  for (int64_t i = 0; i < n; i++) memcpy(r->data + i * s->len, s->data, (size_t)s->len);
  r->data[total] = 0;
  r->nchars = s->nchars * n;
  return r;
}

static Str *str_substr(Interp *I, Str *s, int64_t cp_start, int64_t cp_stop) {
  if (cp_stop <= cp_start) return str_empty(I);
  if (cp_start == 0 && cp_stop >= s->nchars) { obj_incref(&s->h); return s; }
  int64_t b0 = str_cp_offset(s, cp_start), b1 = str_cp_offset(s, cp_stop);
  return str_new(I, s->data + b0, (size_t)(b1 - b0));
}

bool str_contains(Str *hay, Str *needle) {
  if (needle->len == 0) return true;
  if (needle->len > hay->len) return false;
  return memmem(hay->data, (size_t)hay->len, needle->data, (size_t)needle->len) != NULL;
}

Value str_getitem(Interp *I, Str *s, Value key) {
  if (key.tag == V_INT || key.tag == V_BOOL) {
    int64_t i = rt_seq_index(I, key, s->nchars, "string");
    if (str_ascii(s)) return v_obj(&str_char(I, s->data + i, 1)->h);
    int64_t off = str_cp_offset(s, i);
    return v_obj(&str_char(I, s->data + off, utf8_len1((unsigned char)s->data[off]))->h);
  }
  if (v_is(key, OBJ_SLICE)) {
    int64_t start, stop, step;
    int64_t n = slice_indices(I, (Slice *)key.as.o, s->nchars, &start, &stop, &step);
    if (step == 1) return v_obj(&str_substr(I, s, start, start + n)->h);
    Buf b = {0};
    for (int64_t k = 0, i = start; k < n; k++, i += step) {
      int64_t off = str_cp_offset(s, i);
      buf_append(&b, s->data + off, (size_t)utf8_len1((unsigned char)s->data[off]));
    }
    return v_obj(&str_from_buf(I, &b)->h);
  }
  Value fn;
  if (v_is(key, OBJ_INSTANCE) && rt_find_dunder(I, key, I->s.index, &fn))
    return str_getitem(I, s, v_int(val_index(I, key)));
  rt_raise(I, EXC_TypeError, "string indices must be integers, not '%s'", rt_type_name(I, key));
}

/* ---- repr ------------------------------------------------------------- */

static bool cp_printable(uint32_t c) {
  if (c < 0x20 || c == 0x7f) return false;
  if (c >= 0x80 && c <= 0xa0) return false;
  if (c == 0xad) return false;
  if ((c >= 0x2000 && c <= 0x200f) || (c >= 0x2028 && c <= 0x202f) || (c >= 0x205f && c <= 0x206f))
    return c == 0x2010 ? true : false;
  if (c == 0x3000 || c == 0xfeff || c == 0x1680) return false;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  if (c >= 0xe000 && c <= 0xf8ff) return false;
  return true;
}

void str_repr_buf(Buf *b, Str *s) {
  bool sq = memchr(s->data, '\'', (size_t)s->len) != NULL;
  bool dq = memchr(s->data, '"', (size_t)s->len) != NULL;
  char q = sq && !dq ? '"' : '\'';
  buf_reserve(b, (size_t)s->len + 2);
  buf_putc(b, q);
  for (int64_t i = 0; i < s->len;) {
    unsigned char c = (unsigned char)s->data[i];
    if (c < 0x80) {
      i++;
      if (c == (unsigned char)q || c == '\\') { buf_putc(b, '\\'); buf_putc(b, (char)c); }
      else if (c == '\n') buf_puts(b, "\\n");
      else if (c == '\t') buf_puts(b, "\\t");
      else if (c == '\r') buf_puts(b, "\\r");
      else if (c < 0x20 || c == 0x7f) buf_printf(b, "\\x%02x", c);
      else buf_putc(b, (char)c);
      continue;
    }
    int n;
    uint32_t cp = utf8_decode(s->data + i, &n);
    if (cp_printable(cp)) buf_append(b, s->data + i, (size_t)n);
    else if (cp < 0x100) buf_printf(b, "\\x%02x", cp);
    else if (cp < 0x10000) buf_printf(b, "\\u%04x", cp);
    else buf_printf(b, "\\U%08x", cp);
    i += n;
  }
  buf_putc(b, q);
}

/* ---- Character classes ---------------------------------------------- */

static bool cp_space(uint32_t c) {
  if (c < 0x80) return c == ' ' || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f);
  return c == 0x85 || c == 0xa0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 ||
         c == 0x2029 || c == 0x202f || c == 0x205f || c == 0x3000;
}

static uint32_t cp_upper(uint32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
  if ((c >= 0xe0 && c <= 0xfe && c != 0xf7)) return c - 32;
  if (c == 0xff) return 0x178;
  if (c >= 0x100 && c <= 0x17f && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149) {
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e)) return (c & 1) ? c : c - 1;
    return (c & 1) ? c - 1 : c;
  }
  if (c >= 0x3b1 && c <= 0x3c9 && c != 0x3c2) return c - 32;
  if (c == 0x3c2) return 0x3a3;
  if (c >= 0x430 && c <= 0x44f) return c - 32;
  if (c >= 0x450 && c <= 0x45f) return c - 80;
  return c;
}

static uint32_t cp_lower(uint32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  if ((c >= 0xc0 && c <= 0xde && c != 0xd7)) return c + 32;
  if (c == 0x178) return 0xff;
  if (c >= 0x100 && c <= 0x17f && c != 0x130 && c != 0x131 && c != 0x138 && c != 0x149) {
    if ((c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17e)) return (c & 1) ? c + 1 : c;
    return (c & 1) ? c : c + 1;
  }
  if (c >= 0x391 && c <= 0x3a9 && c != 0x3a2) return c + 32;
  if (c >= 0x410 && c <= 0x42f) return c + 32;
  if (c >= 0x400 && c <= 0x40f) return c + 80;
  return c;
}

static bool cp_is_upper(uint32_t c) { return cp_lower(c) != c; }
static bool cp_is_lower(uint32_t c) { return cp_upper(c) != c || c == 0xdf; }
static bool cp_alpha(uint32_t c) {
  if (c < 0x80) return (c | 32) >= 'a' && (c | 32) <= 'z';
  if (c == 0xaa || c == 0xb5 || c == 0xba) return true;
  if (c >= 0xc0 && c <= 0x24f) return c != 0xd7 && c != 0xf7;
  if (c >= 0x370 && c <= 0x3ff) return c != 0x37e && c != 0x387;
  if (c >= 0x400 && c <= 0x52f) return !(c >= 0x482 && c <= 0x489);
  if (c >= 0x4e00 && c <= 0x9fff) return true;
  if (c >= 0x3040 && c <= 0x30ff) return c != 0x30fb;
  if (c >= 0xac00 && c <= 0xd7a3) return true;
  return cp_is_upper(c) || cp_is_lower(c);
}
static bool cp_decimal(uint32_t c) { return (c >= '0' && c <= '9') || (c >= 0xff10 && c <= 0xff19) || (c >= 0x660 && c <= 0x669); }
static bool cp_digit(uint32_t c) { return cp_decimal(c) || c == 0xb2 || c == 0xb3 || c == 0xb9 || (c >= 0x2070 && c <= 0x2079 && c != 0x2071 && c != 0x2072 && c != 0x2073) || (c >= 0x2080 && c <= 0x2089) || (c >= 0x2460 && c <= 0x2468); }
static bool cp_numeric(uint32_t c) { return cp_digit(c) || (c >= 0xbc && c <= 0xbe) || (c >= 0x2150 && c <= 0x218b) || c == 0x3007 || (c >= 0x4e00 && (c == 0x4e00 || c == 0x4e8c || c == 0x4e09 || c == 0x56db || c == 0x4e94 || c == 0x516d || c == 0x4e03 || c == 0x516b || c == 0x4e5d || c == 0x5341)); }
static bool cp_alnum(uint32_t c) { return cp_alpha(c) || cp_numeric(c); }

/* ---- Method helpers --------------------------------------------------- */

#define SELF AS_STR(argv[0])

static Str *arg_str(Interp *I, Value v, const char *prefix) {
  if (!v_is(v, OBJ_STR))
    rt_raise(I, EXC_TypeError, "%s%smust be str, not %s", prefix, *prefix ? " " : "", rt_type_name(I, v));
  return AS_STR(v);
}

static Value str_v(Str *s) { return v_obj(&s->h); }

/* Python's slice-index adjustment of optional start/end arguments (code
 * points), as str.find/count/startswith do it. */
static void adjust_range(Interp *I, Str *s, int argc, Value *args, int64_t *start, int64_t *end) {
  int64_t n = s->nchars;
  *start = 0;
  *end = n;
  if (argc > 0 && args[0].tag != V_NONE) *start = val_index(I, args[0]);
  if (argc > 1 && args[1].tag != V_NONE) *end = val_index(I, args[1]);
  if (*end > n) *end = n;
  else if (*end < 0) { *end += n; if (*end < 0) *end = 0; }
  if (*start < 0) { *start += n; if (*start < 0) *start = 0; }
}

/* Finds needle in s between code points [start, end); returns the code
 * point index or -1. */
static int64_t str_find_impl(Str *s, Str *needle, int64_t start, int64_t end, bool reverse) {
  if (start > s->nchars) return -1;
  if (end - start < needle->nchars) return -1;
  int64_t b0 = str_cp_offset(s, start), b1 = str_cp_offset(s, end);
  if (needle->len == 0) return reverse ? end : start;
  const char *h = s->data + b0;
  size_t hn = (size_t)(b1 - b0);
  if (!reverse) {
    const char *p = memmem(h, hn, needle->data, (size_t)needle->len);
    return p ? byte_to_cp(s, p - s->data) : -1;
  }
  for (int64_t i = (int64_t)hn - needle->len; i >= 0; i--)
    if (memcmp(h + i, needle->data, (size_t)needle->len) == 0) return byte_to_cp(s, b0 + i);
  return -1;
}

static Value find_common(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name, bool reverse, bool raise) {
  args_no_kw(I, name, kw);
  if (argc - 1 < 1) rt_raise(I, EXC_TypeError, "%s() takes at least 1 argument (0 given)", name);
  if (argc - 1 > 3) rt_raise(I, EXC_TypeError, "%s() takes at most 3 arguments (%d given)", name, argc - 1);
  Str *sub = arg_str(I, argv[1], "");
  int64_t start, end;
  adjust_range(I, SELF, argc - 2, argv + 2, &start, &end);
  int64_t r = str_find_impl(SELF, sub, start, end, reverse);
  if (r < 0 && raise) rt_raise(I, EXC_ValueError, "substring not found");
  return v_int(r);
}

static Value s_find(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "find", false, false); }
static Value s_rfind(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "rfind", true, false); }
static Value s_index(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "index", false, true); }
static Value s_rindex(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "rindex", true, true); }

static Value s_count(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "count", kw);
  if (argc - 1 < 1) rt_raise(I, EXC_TypeError, "count() takes at least 1 argument (0 given)");
  if (argc - 1 > 3) rt_raise(I, EXC_TypeError, "count() takes at most 3 arguments (%d given)", argc - 1);
  Str *s = SELF;
  if (!v_is(argv[1], OBJ_STR))
    rt_raise(I, EXC_TypeError, "must be str, not %s", rt_type_name(I, argv[1]));
  Str *sub = AS_STR(argv[1]);
  int64_t start, end;
  adjust_range(I, s, argc - 2, argv + 2, &start, &end);
  if (start > s->nchars || end < start) return v_int(0);
  if (sub->len == 0) return v_int(end - start + 1);
  int64_t b0 = str_cp_offset(s, start), b1 = str_cp_offset(s, end), n = 0;
  const char *p = s->data + b0, *e = s->data + b1;
  while (p + sub->len <= e) {
    const char *q = memmem(p, (size_t)(e - p), sub->data, (size_t)sub->len);
    if (!q) break;
    n++;
    p = q + sub->len;
  }
  return v_int(n);
}

static bool match_at(Interp *I, Str *s, Value prefix, int64_t start, int64_t end, bool suffix, const char *name) {
  if (v_is(prefix, OBJ_TUPLE)) {
    Tuple *t = AS_TUPLE(prefix);
    for (int64_t i = 0; i < t->len; i++) {
      if (!v_is(t->items[i], OBJ_STR))
        rt_raise(I, EXC_TypeError, "tuple for %s must only contain str, not %s", name, rt_type_name(I, t->items[i]));
      if (match_at(I, s, t->items[i], start, end, suffix, name)) return true;
    }
    return false;
  }
  if (!v_is(prefix, OBJ_STR))
    rt_raise(I, EXC_TypeError, "%s first arg must be str or a tuple of str, not %s", name, rt_type_name(I, prefix));
  Str *p = AS_STR(prefix);
  if (start > s->nchars) return false;
  if (end - start < p->nchars) return false;
  int64_t b0 = str_cp_offset(s, start), b1 = str_cp_offset(s, end);
  if (b1 - b0 < p->len) return false;
  if (suffix) return memcmp(s->data + b1 - p->len, p->data, (size_t)p->len) == 0;
  return memcmp(s->data + b0, p->data, (size_t)p->len) == 0;
}

static Value startend(Interp *I, int argc, Value *argv, KwArgs *kw, bool suffix) {
  const char *name = suffix ? "endswith" : "startswith";
  args_no_kw(I, name, kw);
  args_count(I, name, argc - 1, 1, 3);
  int64_t start, end;
  adjust_range(I, SELF, argc - 2, argv + 2, &start, &end);
  return v_bool(match_at(I, SELF, argv[1], start, end, suffix, name));
}
static Value s_startswith(Interp *I, int argc, Value *argv, KwArgs *kw) { return startend(I, argc, argv, kw, false); }
static Value s_endswith(Interp *I, int argc, Value *argv, KwArgs *kw) { return startend(I, argc, argv, kw, true); }

/* Applies a per-code-point mapping. mode: 0 upper, 1 lower, 2 swapcase,
 * 3 capitalize, 4 title. */
static Value case_map(Interp *I, int argc, Value *argv, KwArgs *kw, int mode, const char *name) {
  args_no_kw(I, name, kw);
  char full[64];
  snprintf(full, sizeof full, "str.%s", name);
  args_count(I, full, argc - 1, 0, 0);
  Str *s = SELF;
  Buf b = {0};
  buf_reserve(&b, (size_t)s->len);
  bool prev_cased = false;
  for (int64_t i = 0, k = 0; i < s->len; k++) {
    int n;
    uint32_t c = utf8_decode(s->data + i, &n), r = c;
    switch (mode) {
    case 0: r = cp_upper(c); break;
    case 1: r = cp_lower(c); break;
    case 5:
      if (c == 0xdf) { buf_puts(&b, "ss"); i += n; continue; }
      r = cp_lower(c);
      break;
    case 2: r = cp_is_upper(c) ? cp_lower(c) : cp_upper(c); break;
    case 3: r = k == 0 ? cp_upper(c) : cp_lower(c); break;
    case 4: r = prev_cased ? cp_lower(c) : cp_upper(c); prev_cased = cp_is_upper(c) || cp_is_lower(c) || c == 0xdf; break;
    }
    if (c == 0xdf && (mode == 0 || (mode == 2) || (mode == 3 && k == 0) || (mode == 4 && r == c && !prev_cased))) {
      if (mode != 4) { buf_puts(&b, "SS"); i += n; continue; }
    }
    char enc[4];
    buf_append(&b, enc, (size_t)utf8_encode(r, enc));
    i += n;
  }
  return str_v(str_from_buf(I, &b));
}
static Value s_upper(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_map(I, argc, argv, kw, 0, "upper"); }
static Value s_lower(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_map(I, argc, argv, kw, 1, "lower"); }
static Value s_casefold(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_map(I, argc, argv, kw, 5, "casefold"); }
static Value s_swapcase(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_map(I, argc, argv, kw, 2, "swapcase"); }
static Value s_capitalize(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_map(I, argc, argv, kw, 3, "capitalize"); }
static Value s_title(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_map(I, argc, argv, kw, 4, "title"); }

/* Character predicates: all code points satisfy pred and the string is
 * non-empty. */
static Value is_all(Interp *I, int argc, Value *argv, KwArgs *kw, bool (*pred)(uint32_t), const char *name) {
  args_no_kw(I, name, kw);
  char full[64];
  snprintf(full, sizeof full, "str.%s", name);
  args_count(I, full, argc - 1, 0, 0);
  Str *s = SELF;
  if (s->len == 0) return v_bool(false);
  for (int64_t i = 0; i < s->len;) {
    int n;
    uint32_t c = utf8_decode(s->data + i, &n);
    if (!pred(c)) return v_bool(false);
    i += n;
  }
  return v_bool(true);
}
static bool cp_ascii(uint32_t c) { return c < 0x80; }
static Value s_isdigit(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_all(I, argc, argv, kw, cp_digit, "isdigit"); }
static Value s_isdecimal(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_all(I, argc, argv, kw, cp_decimal, "isdecimal"); }
static Value s_isnumeric(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_all(I, argc, argv, kw, cp_numeric, "isnumeric"); }
static Value s_isalpha(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_all(I, argc, argv, kw, cp_alpha, "isalpha"); }
static Value s_isalnum(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_all(I, argc, argv, kw, cp_alnum, "isalnum"); }
static Value s_isspace(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_all(I, argc, argv, kw, cp_space, "isspace"); }
static Value s_isprintable(Interp *I, int argc, Value *argv, KwArgs *kw) {
  if (AS_STR(argv[0])->len == 0) { args_count(I, "str.isprintable", argc - 1, 0, 0); return v_bool(true); }
  return is_all(I, argc, argv, kw, cp_printable, "isprintable");
}
static Value s_isascii(Interp *I, int argc, Value *argv, KwArgs *kw) {
  if (AS_STR(argv[0])->len == 0) { args_count(I, "str.isascii", argc - 1, 0, 0); return v_bool(true); }
  return is_all(I, argc, argv, kw, cp_ascii, "isascii");
}

static Value cased_check(Interp *I, int argc, Value *argv, KwArgs *kw, bool upper, const char *name) {
  args_no_kw(I, name, kw);
  char full[64];
  snprintf(full, sizeof full, "str.%s", name);
  args_count(I, full, argc - 1, 0, 0);
  Str *s = SELF;
  bool cased = false;
  for (int64_t i = 0; i < s->len;) {
    int n;
    uint32_t c = utf8_decode(s->data + i, &n);
    i += n;
    if (upper ? cp_is_lower(c) : cp_is_upper(c)) return v_bool(false);
    if (upper ? cp_is_upper(c) : cp_is_lower(c)) cased = true;
  }
  return v_bool(cased);
}
static Value s_isupper(Interp *I, int argc, Value *argv, KwArgs *kw) { return cased_check(I, argc, argv, kw, true, "isupper"); }
static Value s_islower(Interp *I, int argc, Value *argv, KwArgs *kw) { return cased_check(I, argc, argv, kw, false, "islower"); }

static Value s_istitle(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "istitle", kw);
  args_count(I, "str.istitle", argc - 1, 0, 0);
  Str *s = SELF;
  bool cased = false, prev = false;
  for (int64_t i = 0; i < s->len;) {
    int n;
    uint32_t c = utf8_decode(s->data + i, &n);
    i += n;
    if (cp_is_upper(c)) {
      if (prev) return v_bool(false);
      prev = cased = true;
    } else if (cp_is_lower(c)) {
      if (!prev) return v_bool(false);
      prev = cased = true;
    } else {
      prev = false;
    }
  }
  return v_bool(cased);
}

static Value s_isidentifier(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "isidentifier", kw);
  args_count(I, "str.isidentifier", argc - 1, 0, 0);
  Str *s = SELF;
  if (s->len == 0) return v_bool(false);
  for (int64_t i = 0, k = 0; i < s->len; k++) {
    int n;
    uint32_t c = utf8_decode(s->data + i, &n);
    i += n;
    bool ok = c == '_' || cp_alpha(c) || (k > 0 && (cp_digit(c) || c >= 0x80));
    if (c >= 0x80 && !ok) ok = cp_alpha(c);
    if (!ok) return v_bool(false);
  }
  return v_bool(true);
}

/* ---- join / split ------------------------------------------------------ */

static Value s_join(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "join", kw);
  args_count(I, "str.join", argc - 1, 1, 1);
  Str *sep = SELF;
  Value seq = argv[1];
  Value owned = v_undef();
  if (!v_is(seq, OBJ_LIST) && !v_is(seq, OBJ_TUPLE)) {
    owned = list_from_iterable(I, seq);
    seq = owned;
  }
  int64_t n;
  Value *items;
  if (v_is(seq, OBJ_LIST)) { n = AS_LIST(seq)->len; items = AS_LIST(seq)->items; }
  else { n = AS_TUPLE(seq)->len; items = AS_TUPLE(seq)->items; }
  int64_t total = 0, nchars = 0;
  for (int64_t i = 0; i < n; i++) {
    if (!v_is(items[i], OBJ_STR)) {
      const char *tn = rt_type_name(I, items[i]);
      v_decref(I, owned);
      rt_raise(I, EXC_TypeError, "sequence item %" PRId64 ": expected str instance, %s found", i, tn);
    }
    total += AS_STR(items[i])->len;
    nchars += AS_STR(items[i])->nchars;
  }
  if (n == 1) {
    Str *r = AS_STR(items[0]);
    obj_incref(&r->h);
    v_decref(I, owned);
    return str_v(r);
  }
  if (n > 1) { total += sep->len * (n - 1); nchars += sep->nchars * (n - 1); }
  Str *r = str_alloc(I, (size_t)total);
  char *p = r->data;
  for (int64_t i = 0; i < n; i++) {
    if (i && sep->len) { memcpy(p, sep->data, (size_t)sep->len); p += sep->len; }
    Str *it = AS_STR(items[i]);
    memcpy(p, it->data, (size_t)it->len);
    p += it->len;
  }
  *p = 0;
  r->nchars = nchars;
  v_decref(I, owned);
  if (total == 0) { obj_decref(I, &r->h); return str_v(str_empty(I)); }
  return str_v(r);
}

static void parse_split_args(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name, Str **sep, int64_t *maxsplit) {
  static const char *const names[] = {"sep", "maxsplit"};
  Value a[2];
  args_bind(I, name, argc - 1, argv + 1, kw, 0, 2, names, a);
  *sep = NULL;
  *maxsplit = -1;
  if (a[0].tag != V_UNDEF && a[0].tag != V_NONE) {
    if (!v_is(a[0], OBJ_STR)) rt_raise(I, EXC_TypeError, "must be str or None, not %s", rt_type_name(I, a[0]));
    *sep = AS_STR(a[0]);
    if ((*sep)->len == 0) rt_raise(I, EXC_ValueError, "empty separator");
  }
  if (a[1].tag != V_UNDEF) *maxsplit = val_index(I, a[1]);
}

static void push_sub(Interp *I, List *l, const char *p, int64_t n) {
  Str *s = str_new(I, p, (size_t)n);
  list_append(I, l, str_v(s));
  obj_decref(I, &s->h);
}

static bool ws_at(const char *p, const char *end, int *n) {
  unsigned char c = (unsigned char)*p;
  if (c < 0x80) { *n = 1; return cp_space(c); }
  (void)end;
  uint32_t cp = utf8_decode(p, n);
  return cp_space(cp);
}

/* Byte length of the code point ending just before p. */
static int prev_len(const char *start, const char *p) {
  int n = 1;
  while (p - n > start && ((unsigned char)p[-n] & 0xc0) == 0x80) n++;
  return n;
}

static Value s_split(Interp *I, int argc, Value *argv, KwArgs *kw) {
  Str *sep;
  int64_t maxsplit;
  parse_split_args(I, argc, argv, kw, "split", &sep, &maxsplit);
  Str *s = SELF;
  List *l = list_new(I, 0);
  const char *p = s->data, *end = s->data + s->len;
  if (!sep) {
    int n;
    for (;;) {
      while (p < end && ws_at(p, end, &n)) p += n;
      if (p >= end) break;
      if (maxsplit == 0) {
        push_sub(I, l, p, end - p);
        break;
      }
      const char *q = p;
      while (q < end && !ws_at(q, end, &n)) q += n;
      push_sub(I, l, p, q - p);
      if (maxsplit > 0) maxsplit--;
      p = q;
    }
    return v_obj(&l->h);
  }
  while (maxsplit != 0) {
    const char *q = memmem(p, (size_t)(end - p), sep->data, (size_t)sep->len);
    if (!q) break;
    push_sub(I, l, p, q - p);
    p = q + sep->len;
    if (maxsplit > 0) maxsplit--;
  }
  if (p == s->data && l->len == 0) list_append(I, l, argv[0]);
  else push_sub(I, l, p, end - p);
  return v_obj(&l->h);
}

static Value s_rsplit(Interp *I, int argc, Value *argv, KwArgs *kw) {
  Str *sep;
  int64_t maxsplit;
  parse_split_args(I, argc, argv, kw, "rsplit", &sep, &maxsplit);
  Str *s = SELF;
  List *l = list_new(I, 0);
  const char *start = s->data, *e = s->data + s->len;
  int n;
  if (!sep) {
    for (;;) {
      while (e > start) { int k = prev_len(start, e); if (!ws_at(e - k, s->data + s->len, &n)) break; e -= k; }
      if (e <= start) break;
      if (maxsplit == 0) {
        push_sub(I, l, start, e - start);
        break;
      }
      const char *q = e;
      while (q > start) { int k = prev_len(start, q); if (ws_at(q - k, e, &n)) break; q -= k; }
      push_sub(I, l, q, e - q);
      if (maxsplit > 0) maxsplit--;
      e = q;
    }
  } else {
    while (maxsplit != 0 && e - start >= sep->len) {
      const char *q = NULL;
      for (const char *c = e - sep->len; c >= start; c--)
        if (memcmp(c, sep->data, (size_t)sep->len) == 0) { q = c; break; }
      if (!q) break;
      push_sub(I, l, q + sep->len, e - q - sep->len);
      e = q;
      if (maxsplit > 0) maxsplit--;
    }
    push_sub(I, l, start, e - start);
  }
  /* reverse in place */
  for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
    Value t = l->items[i];
    l->items[i] = l->items[j];
    l->items[j] = t;
  }
  return v_obj(&l->h);
}

static Value s_splitlines(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"keepends"};
  Value a[1];
  args_bind(I, "splitlines", argc - 1, argv + 1, kw, 0, 1, names, a);
  bool keep = a[0].tag != V_UNDEF && rt_truthy(I, a[0]);
  Str *s = SELF;
  List *l = list_new(I, 0);
  const char *p = s->data, *end = s->data + s->len;
  while (p < end) {
    const char *q = p;
    int eol = 0;
    while (q < end) {
      unsigned char c = (unsigned char)*q;
      if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) { eol = 1; break; }
      if (c == '\r') { eol = q + 1 < end && q[1] == '\n' ? 2 : 1; break; }
      if (c >= 0x80) {
        int n;
        uint32_t cp = utf8_decode(q, &n);
        if (cp == 0x85 || cp == 0x2028 || cp == 0x2029) { eol = n; break; }
        q += n;
        continue;
      }
      q++;
    }
    push_sub(I, l, p, (q - p) + (keep ? eol : 0));
    p = q + eol;
  }
  return v_obj(&l->h);
}

/* ---- strip / pad ------------------------------------------------------- */

static bool in_chars(Str *chars, uint32_t c) {
  for (int64_t i = 0; i < chars->len;) {
    int n;
    if (utf8_decode(chars->data + i, &n) == c) return true;
    i += n;
  }
  return false;
}

static Value strip_impl(Interp *I, int argc, Value *argv, KwArgs *kw, int which, const char *name) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc - 1, 0, 1);
  Str *s = SELF, *chars = NULL;
  if (argc > 1 && argv[1].tag != V_NONE) {
    if (!v_is(argv[1], OBJ_STR)) rt_raise(I, EXC_TypeError, "%s arg must be None or str", name);
    chars = AS_STR(argv[1]);
  }
  const char *p = s->data, *e = s->data + s->len;
  int n;
  if (which & 1) {
    while (p < e) {
      uint32_t c = utf8_decode(p, &n);
      if (chars ? !in_chars(chars, c) : !cp_space(c)) break;
      p += n;
    }
  }
  if (which & 2) {
    while (e > p) {
      int k = prev_len(p, e);
      uint32_t c = utf8_decode(e - k, &n);
      if (chars ? !in_chars(chars, c) : !cp_space(c)) break;
      e -= k;
    }
  }
  if (p == s->data && e == s->data + s->len) { obj_incref(&s->h); return str_v(s); }
  return str_v(str_new(I, p, (size_t)(e - p)));
}
static Value s_strip(Interp *I, int argc, Value *argv, KwArgs *kw) { return strip_impl(I, argc, argv, kw, 3, "strip"); }
static Value s_lstrip(Interp *I, int argc, Value *argv, KwArgs *kw) { return strip_impl(I, argc, argv, kw, 1, "lstrip"); }
static Value s_rstrip(Interp *I, int argc, Value *argv, KwArgs *kw) { return strip_impl(I, argc, argv, kw, 2, "rstrip"); }

static Value pad_impl(Interp *I, int argc, Value *argv, KwArgs *kw, int align, const char *name) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc - 1, 1, 2);
  Str *s = SELF;
  int64_t width = val_index(I, argv[1]);
  const char *fill = " ";
  int fn = 1;
  if (argc > 2) {
    if (!v_is(argv[2], OBJ_STR))
      rt_raise(I, EXC_TypeError, "%s() argument 2 must be str, not %s", name, rt_type_name(I, argv[2]));
    if (AS_STR(argv[2])->nchars != 1)
      rt_raise(I, EXC_TypeError, "The fill character must be exactly one character long");
    fill = AS_STR(argv[2])->data;
    fn = (int)AS_STR(argv[2])->len;
  }
  if (width <= s->nchars) { obj_incref(&s->h); return str_v(s); }
  int64_t pad = width - s->nchars, left;
  str_check_size(I, (uint64_t)pad * (uint64_t)fn + (uint64_t)s->len);
  if (align == '<') left = 0;
  else if (align == '>') left = pad;
  else left = pad / 2 + (pad & width & 1);
  Buf b = {0};
  for (int64_t i = 0; i < left; i++) buf_append(&b, fill, (size_t)fn);
  buf_append(&b, s->data, (size_t)s->len);
  for (int64_t i = left; i < pad; i++) buf_append(&b, fill, (size_t)fn);
  return str_v(str_from_buf(I, &b));
}
static Value s_center(Interp *I, int argc, Value *argv, KwArgs *kw) { return pad_impl(I, argc, argv, kw, '^', "center"); }
static Value s_ljust(Interp *I, int argc, Value *argv, KwArgs *kw) { return pad_impl(I, argc, argv, kw, '<', "ljust"); }
static Value s_rjust(Interp *I, int argc, Value *argv, KwArgs *kw) { return pad_impl(I, argc, argv, kw, '>', "rjust"); }

static Value s_zfill(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "zfill", kw);
  args_count(I, "str.zfill", argc - 1, 1, 1);
  Str *s = SELF;
  int64_t width = val_index(I, argv[1]);
  if (width <= s->nchars) { obj_incref(&s->h); return str_v(s); }
  int64_t pad = width - s->nchars, i = 0;
  str_check_size(I, (uint64_t)pad + (uint64_t)s->len);
  Buf b = {0};
  if (s->len && (s->data[0] == '+' || s->data[0] == '-')) { buf_putc(&b, s->data[0]); i = 1; }
  for (int64_t k = 0; k < pad; k++) buf_putc(&b, '0');
  buf_append(&b, s->data + i, (size_t)(s->len - i));
  return str_v(str_from_buf(I, &b));
}

static Value s_expandtabs(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"tabsize"};
  Value a[1];
  args_bind(I, "expandtabs", argc - 1, argv + 1, kw, 0, 1, names, a);
  int64_t ts = a[0].tag == V_UNDEF ? 8 : val_index(I, a[0]);
  Str *s = SELF;
  Buf b = {0};
  int64_t col = 0;
  for (int64_t i = 0; i < s->len;) {
    unsigned char c = (unsigned char)s->data[i];
    int n = utf8_len1(c);
    if (c == '\t') {
      if (ts > 0) {
        int64_t k = ts - col % ts;
        for (int64_t j = 0; j < k; j++) buf_putc(&b, ' ');
        col += k;
      }
    } else {
      buf_append(&b, s->data + i, (size_t)n);
      col = (c == '\n' || c == '\r') ? 0 : col + 1;
    }
    i += n;
  }
  return str_v(str_from_buf(I, &b));
}

/* ---- replace, partition, prefix --------------------------------------- */

static Value s_replace(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "replace", kw);
  args_count(I, "replace", argc - 1, 2, 3);
  Str *s = SELF;
  Str *old = arg_str(I, argv[1], "replace() argument 1");
  Str *new_ = arg_str(I, argv[2], "replace() argument 2");
  int64_t count = argc > 3 ? val_index(I, argv[3]) : -1;
  if (count == 0 || (old->len > 0 && !str_contains(s, old))) { obj_incref(&s->h); return str_v(s); }
  Buf b = {0};
  if (old->len == 0) {
    int64_t done = 0;
    for (int64_t i = 0; i <= s->len;) {
      if (count < 0 || done < count) { buf_append(&b, new_->data, (size_t)new_->len); done++; }
      if (i == s->len) break;
      int n = utf8_len1((unsigned char)s->data[i]);
      buf_append(&b, s->data + i, (size_t)n);
      i += n;
    }
    return str_v(str_from_buf(I, &b));
  }
  const char *p = s->data, *end = s->data + s->len;
  while (count != 0) {
    const char *q = memmem(p, (size_t)(end - p), old->data, (size_t)old->len);
    if (!q) break;
    buf_append(&b, p, (size_t)(q - p));
    buf_append(&b, new_->data, (size_t)new_->len);
    p = q + old->len;
    if (count > 0) count--;
  }
  buf_append(&b, p, (size_t)(end - p));
  return str_v(str_from_buf(I, &b));
}

static Value partition_impl(Interp *I, int argc, Value *argv, KwArgs *kw, bool rev) {
  const char *name = rev ? "rpartition" : "partition";
  args_no_kw(I, name, kw);
  args_count(I, rev ? "str.rpartition" : "str.partition", argc - 1, 1, 1);
  Str *s = SELF;
  if (!v_is(argv[1], OBJ_STR)) rt_raise(I, EXC_TypeError, "must be str, not %s", rt_type_name(I, argv[1]));
  Str *sep = AS_STR(argv[1]);
  if (sep->len == 0) rt_raise(I, EXC_ValueError, "empty separator");
  const char *q = NULL;
  if (!rev) q = memmem(s->data, (size_t)s->len, sep->data, (size_t)sep->len);
  else
    for (const char *c = s->data + s->len - sep->len; c >= s->data; c--)
      if (memcmp(c, sep->data, (size_t)sep->len) == 0) { q = c; break; }
  Tuple *t = tuple_new(I, 3);
  if (!q) {
    Str *e1 = str_empty(I), *e2 = str_empty(I);
    obj_incref(&s->h);
    t->items[0] = rev ? str_v(e1) : str_v(s);
    t->items[1] = str_v(e2);
    t->items[2] = rev ? str_v(s) : str_v(e1);
    return v_obj(&t->h);
  }
  t->items[0] = str_v(str_new(I, s->data, (size_t)(q - s->data)));
  obj_incref(&sep->h);
  t->items[1] = str_v(sep);
  t->items[2] = str_v(str_new(I, q + sep->len, (size_t)(s->data + s->len - q - sep->len)));
  return v_obj(&t->h);
}
static Value s_partition(Interp *I, int argc, Value *argv, KwArgs *kw) { return partition_impl(I, argc, argv, kw, false); }
static Value s_rpartition(Interp *I, int argc, Value *argv, KwArgs *kw) { return partition_impl(I, argc, argv, kw, true); }

static Value s_removeprefix(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "removeprefix", kw);
  args_count(I, "str.removeprefix", argc - 1, 1, 1);
  Str *s = SELF;
  Str *p = arg_str(I, argv[1], "removeprefix() argument");
  if (p->len && p->len <= s->len && memcmp(s->data, p->data, (size_t)p->len) == 0)
    return str_v(str_new(I, s->data + p->len, (size_t)(s->len - p->len)));
  obj_incref(&s->h);
  return str_v(s);
}

static Value s_removesuffix(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "removesuffix", kw);
  args_count(I, "str.removesuffix", argc - 1, 1, 1);
  Str *s = SELF;
  Str *p = arg_str(I, argv[1], "removesuffix() argument");
  if (p->len && p->len <= s->len && memcmp(s->data + s->len - p->len, p->data, (size_t)p->len) == 0)
    return str_v(str_new(I, s->data, (size_t)(s->len - p->len)));
  obj_incref(&s->h);
  return str_v(s);
}


/* ---- Building strings safely ------------------------------------------- */

typedef void (*BuildFn)(Interp *I, Buf *out, void *ctx);

/* Runs fn into a fresh buffer and returns its text. If fn raises, the
 * buffer is freed before the exception goes on (nothing is stranded). */
static Str *guarded_build(Interp *I, BuildFn fn, void *ctx) {
  Buf *out = xcalloc(1, sizeof *out);
  Catch c;
  if (!RT_TRY(I, &c)) {
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    buf_free(out);
    free(out);
    reraise_owned(I, e);
  }
  fn(I, out, ctx);
  rt_catch_pop(I, &c);
  Str *r = str_from_buf(I, out);
  free(out);
  return r;
}

/* ---- str.format --------------------------------------------------------- */

typedef struct FmtState {
  int argc;
  Value *args;
  KwArgs *kw;
  Value mapping; /* format_map, or V_UNDEF */
  int autonum;   /* next automatic index; -1 once manual numbering is used */
  int mode;      /* 0 unknown, 1 auto, 2 manual */
} FmtState;

static void format_into(Interp *I, Buf *out, const char *p, const char *end, FmtState *st, int depth);

static Value fmt_lookup_kw(Interp *I, FmtState *st, const char *name, size_t n) {
  if (st->mapping.tag != V_UNDEF) {
    Str *k = str_new(I, name, n);
    Value key = str_v(k);
    Value r;
    if (v_is(st->mapping, OBJ_DICT)) {
      r = dict_get(I, AS_DICT(st->mapping), key);
      if (r.tag == V_UNDEF) raise_with_value_owned(I, EXC_KeyError, key);
      v_incref(r);
    } else {
      r = rt_getitem(I, st->mapping, key);
    }
    v_decref(I, key);
    return r;
  }
  for (int i = 0; st->kw && i < st->kw->n; i++) {
    Str *kn = st->kw->names[i];
    if ((size_t)kn->len == n && memcmp(kn->data, name, n) == 0) return v_incref(st->kw->vals[i]);
  }
  raise_with_value_owned(I, EXC_KeyError, str_v(str_new(I, name, n)));
}

/* Resolves a field name ("0", "", "name", "0.attr[key]") to a new ref. */
static Value fmt_field(Interp *I, const char *p, const char *end, FmtState *st) {
  const char *q = p;
  while (q < end && *q != '.' && *q != '[') q++;
  Value v;
  bool digits = q > p;
  for (const char *c = p; c < q; c++) if (!isdigit((unsigned char)*c)) digits = false;
  if (q == p || digits) {
    int64_t idx;
    if (q == p) {
      if (st->mode == 2)
        rt_raise(I, EXC_ValueError, "cannot switch from manual field specification to automatic field numbering");
      st->mode = 1;
      idx = st->autonum++;
    } else {
      if (st->mode == 1)
        rt_raise(I, EXC_ValueError, "cannot switch from automatic field numbering to manual field specification");
      st->mode = 2;
      idx = strtoll(p, NULL, 10);
    }
    if (st->mapping.tag != V_UNDEF && q == p)
      rt_raise(I, EXC_ValueError, "Format string contains positional fields");
    if (idx >= st->argc)
      rt_raise(I, EXC_IndexError, "Replacement index %" PRId64 " out of range for positional args tuple", idx);
    v = v_incref(st->args[idx]);
  } else {
    v = fmt_lookup_kw(I, st, p, (size_t)(q - p));
  }
  while (q < end) {
    if (*q == '.') {
      const char *a = ++q;
      while (q < end && *q != '.' && *q != '[') q++;
      if (q == a) { v_decref(I, v); rt_raise(I, EXC_ValueError, "Empty attribute in format string"); }
      Str *name = str_intern_n(I, a, (size_t)(q - a));
      Value nv = rt_getattr(I, v, name);
      obj_decref(I, &name->h);
      v_decref(I, v);
      v = nv;
    } else if (*q == '[') {
      const char *a = ++q;
      while (q < end && *q != ']') q++;
      if (q >= end) { v_decref(I, v); rt_raise(I, EXC_ValueError, "Missing ']' in format string"); }
      bool num = q > a;
      for (const char *c = a; c < q; c++) if (!isdigit((unsigned char)*c)) num = false;
      Value key = num ? v_int(strtoll(a, NULL, 10)) : str_v(str_new(I, a, (size_t)(q - a)));
      Value nv = rt_getitem(I, v, key);
      v_decref(I, key);
      v_decref(I, v);
      v = nv;
      q++;
      if (q < end && *q != '.' && *q != '[') {
        v_decref(I, v);
        rt_raise(I, EXC_ValueError, "Only '.' or '[' may follow ']' in format field specifier");
      }
    } else {
      break;
    }
  }
  return v;
}

typedef struct SpecCtx {
  const char *p, *end;
  FmtState *st;
  int depth;
} SpecCtx;

static void spec_build(Interp *I, Buf *out, void *ctx) {
  SpecCtx *c = ctx;
  format_into(I, out, c->p, c->end, c->st, c->depth);
}

/* format(v, spec) where spec is the (nested) text [spec, end): v, held by
 * the caller, and the built spec are released if a field inside the spec
 * or the formatting raises. */
static Str *format_value(Interp *I, Value v, const char *spec, const char *end, FmtState *st, int depth) {
  Str *volatile sp = NULL;
  Catch c;
  if (!RT_TRY(I, &c)) {
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    if (sp) obj_decref(I, &sp->h);
    v_decref(I, v);
    reraise_owned(I, e);
  }
  if (spec) {
    SpecCtx sc = {spec, end, st, depth + 1};
    sp = guarded_build(I, spec_build, &sc);
  } else {
    Buf sb = {0};
    sp = str_from_buf(I, &sb);
  }
  Str *r = rt_format(I, v, sp);
  rt_catch_pop(I, &c);
  obj_decref(I, &sp->h);
  return r;
}

static void format_field_into(Interp *I, Buf *out, const char *p, const char *end, FmtState *st, int depth) {
  /* field_name [! conv] [: spec] */
  const char *name_end = p;
  int bracket = 0;
  while (name_end < end) {
    if (*name_end == '[') bracket = 1;
    else if (*name_end == ']') bracket = 0;
    else if (!bracket && (*name_end == '!' || *name_end == ':')) break;
    name_end++;
  }
  char conv = 0;
  const char *spec = NULL, *q = name_end;
  if (q < end && *q == '!') {
    if (q + 1 >= end) rt_raise(I, EXC_ValueError, "end of string while looking for conversion specifier");
    conv = q[1];
    q += 2;
    if (q < end && *q != ':') rt_raise(I, EXC_ValueError, "expected ':' after conversion specifier");
  }
  if (q < end && *q == ':') spec = q + 1;
  Value v = fmt_field(I, p, name_end, st);
  if (conv) {
    Str *cs;
    if (conv == 'r' || conv == 'a') cs = rt_repr(I, v);
    else if (conv == 's') cs = rt_str(I, v);
    else {
      v_decref(I, v);
      rt_raise(I, EXC_ValueError, "Unknown conversion specifier %c", conv);
    }
    v_decref(I, v);
    v = str_v(cs);
  }
  if (spec && depth > 1) { v_decref(I, v); rt_raise(I, EXC_ValueError, "Max string recursion exceeded"); }
  Str *r = format_value(I, v, spec, end, st, depth);
  v_decref(I, v);
  buf_append(out, r->data, (size_t)r->len);
  obj_decref(I, &r->h);
}

static void format_into(Interp *I, Buf *out, const char *p, const char *end, FmtState *st, int depth) {
  while (p < end) {
    char c = *p;
    if (c == '{') {
      if (p + 1 < end && p[1] == '{') { buf_putc(out, '{'); p += 2; continue; }
      const char *q = p + 1;
      int level = 1;
      while (q < end) {
        if (*q == '{') level++;
        else if (*q == '}' && --level == 0) break;
        q++;
      }
      if (q >= end) {
        buf_free(out);
        if (p + 1 >= end) rt_raise(I, EXC_ValueError, "Single '{' encountered in format string");
        rt_raise(I, EXC_ValueError, "expected '}' before end of string");
      }
      format_field_into(I, out, p + 1, q, st, depth);
      p = q + 1;
    } else if (c == '}') {
      if (p + 1 < end && p[1] == '}') { buf_putc(out, '}'); p += 2; continue; }
      buf_free(out);
      rt_raise(I, EXC_ValueError, "Single '}' encountered in format string");
    } else {
      const char *q = p;
      while (q < end && *q != '{' && *q != '}') q++;
      buf_append(out, p, (size_t)(q - p));
      p = q;
    }
  }
}

typedef struct FormatCtx {
  Str *s;
  FmtState *st;
} FormatCtx;

static void format_build(Interp *I, Buf *out, void *ctx) {
  FormatCtx *c = ctx;
  format_into(I, out, c->s->data, c->s->data + c->s->len, c->st, 0);
}

static Value s_format(Interp *I, int argc, Value *argv, KwArgs *kw) {
  FmtState st = {argc - 1, argv + 1, kw, v_undef(), 0, 0};
  FormatCtx c = {SELF, &st};
  return str_v(guarded_build(I, format_build, &c));
}

static Value s_format_map(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "format_map", kw);
  args_count(I, "str.format_map", argc - 1, 1, 1);
  FmtState st = {0, NULL, NULL, argv[1], 0, 0};
  FormatCtx c = {SELF, &st};
  return str_v(guarded_build(I, format_build, &c));
}

/* ---- %-formatting ------------------------------------------------------- */

static void pad_to(Buf *out, const char *s, size_t n, int64_t nchars, int64_t width, bool left) {
  int64_t pad = width > nchars ? width - nchars : 0;
  if (!left) for (int64_t i = 0; i < pad; i++) buf_putc(out, ' ');
  buf_append(out, s, n);
  if (left) for (int64_t i = 0; i < pad; i++) buf_putc(out, ' ');
}

/* Formats an integer for %d %x %o with the given flags. */
static void mod_int(Buf *out, int64_t v, char type, bool left, bool plus, bool space, bool alt, bool zero,
                    int64_t width, int64_t prec) {
  char digits[80];
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  int nd;
  if (type == 'x') nd = snprintf(digits, sizeof digits, "%" PRIx64, u);
  else if (type == 'X') nd = snprintf(digits, sizeof digits, "%" PRIX64, u);
  else if (type == 'o') nd = snprintf(digits, sizeof digits, "%" PRIo64, u);
  else nd = snprintf(digits, sizeof digits, "%" PRIu64, u);
  char head[8];
  int nh = 0;
  if (v < 0) head[nh++] = '-';
  else if (plus) head[nh++] = '+';
  else if (space) head[nh++] = ' ';
  if (alt && (type == 'x' || type == 'X' || type == 'o')) {
    head[nh++] = '0';
    head[nh++] = type;
  }
  int64_t zeros = prec > nd ? prec - nd : 0;
  int64_t body = nh + zeros + nd;
  if (zero && !left && width > body) { zeros += width - body; body = width; }
  int64_t pad = width > body ? width - body : 0;
  if (!left) for (int64_t i = 0; i < pad; i++) buf_putc(out, ' ');
  buf_append(out, head, (size_t)nh);
  for (int64_t i = 0; i < zeros; i++) buf_putc(out, '0');
  buf_append(out, digits, (size_t)nd);
  if (left) for (int64_t i = 0; i < pad; i++) buf_putc(out, ' ');
}

static Value mod_next_arg(Interp *I, Value args, int64_t *ai, Buf *out) {
  if (v_is(args, OBJ_TUPLE)) {
    if (*ai >= AS_TUPLE(args)->len) {
      buf_free(out);
      rt_raise(I, EXC_TypeError, "not enough arguments for format string");
    }
    return AS_TUPLE(args)->items[(*ai)++];
  }
  if (*ai >= 1) {
    buf_free(out);
    rt_raise(I, EXC_TypeError, "not enough arguments for format string");
  }
  (*ai)++;
  return args;
}

static int64_t mod_star(Interp *I, Value args, int64_t *ai, Buf *out) {
  Value v = mod_next_arg(I, args, ai, out);
  if (v.tag != V_INT && v.tag != V_BOOL) {
    buf_free(out);
    rt_raise(I, EXC_TypeError, "* wants int");
  }
  return num_i(v);
}

typedef struct ModCtx {
  Str *fmt;
  Value args;
} ModCtx;

static void str_mod_into(Interp *I, Buf *out, void *ctx) {
  Str *fmt = ((ModCtx *)ctx)->fmt;
  Value args = ((ModCtx *)ctx)->args;
  const char *p = fmt->data, *end = fmt->data + fmt->len;
  int64_t ai = 0;
  bool is_map = !v_is(args, OBJ_TUPLE) && !v_is(args, OBJ_STR) &&
                (v_is(args, OBJ_DICT) || (v_is(args, OBJ_INSTANCE)));
  bool used_map = false;
  while (p < end) {
    const char *q = memchr(p, '%', (size_t)(end - p));
    if (!q) { buf_append(out, p, (size_t)(end - p)); break; }
    buf_append(out, p, (size_t)(q - p));
    const char *spec_start = q;
    p = q + 1;
    Value arg = v_undef();
    Value owned = v_undef();
    if (p < end && *p == '(') {
      if (!is_map) { buf_free(out); rt_raise(I, EXC_TypeError, "format requires a mapping"); }
      int depth = 1;
      const char *k = ++p;
      while (p < end && depth) { if (*p == '(') depth++; else if (*p == ')') depth--; if (depth) p++; }
      if (p >= end) { buf_free(out); rt_raise(I, EXC_ValueError, "incomplete format key"); }
      Str *key = str_new(I, k, (size_t)(p - k));
      p++;
      owned = rt_getitem(I, args, str_v(key));
      obj_decref(I, &key->h);
      arg = owned;
      used_map = true;
    }
    bool left = false, plus = false, space = false, alt = false, zero = false;
    for (; p < end; p++) {
      if (*p == '-') left = true;
      else if (*p == '+') plus = true;
      else if (*p == ' ') space = true;
      else if (*p == '#') alt = true;
      else if (*p == '0') zero = true;
      else break;
    }
    int64_t width = -1, prec = -1;
    if (p < end && *p == '*') {
      width = mod_star(I, args, &ai, out);
      if (width < 0) { left = true; width = -width; }
      p++;
    } else {
      while (p < end && isdigit((unsigned char)*p)) { width = (width < 0 ? 0 : width) * 10 + (*p - '0'); p++; }
    }
    if (p < end && *p == '.') {
      p++;
      prec = 0;
      if (p < end && *p == '*') { prec = mod_star(I, args, &ai, out); p++; }
      else while (p < end && isdigit((unsigned char)*p)) { prec = prec * 10 + (*p - '0'); p++; }
    }
    while (p < end && (*p == 'h' || *p == 'l' || *p == 'L')) p++;
    if (p >= end) { v_decref(I, owned); buf_free(out); rt_raise(I, EXC_ValueError, "incomplete format"); }
    char type = *p++;
    if (type == '%') {
      buf_putc(out, '%');
      v_decref(I, owned);
      continue;
    }
    if (arg.tag == V_UNDEF) arg = mod_next_arg(I, args, &ai, out);
    switch (type) {
    case 's': case 'r': case 'a': {
      Str *s = type == 's' ? rt_str(I, arg) : rt_repr(I, arg);
      int64_t n = s->nchars;
      size_t nb = (size_t)s->len;
      if (prec >= 0 && prec < n) { n = prec; nb = (size_t)str_cp_offset(s, prec); }
      pad_to(out, s->data, nb, n, width, left);
      obj_decref(I, &s->h);
      break;
    }
    case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': {
      int64_t iv;
      if (arg.tag == V_INT || arg.tag == V_BOOL) iv = num_i(arg);
      else if (arg.tag == V_FLOAT && (type == 'd' || type == 'i' || type == 'u')) iv = float_to_int(I, arg.as.f);
      else if (v_is(arg, OBJ_TENSOR) && (type == 'd' || type == 'i' || type == 'u' || tensor_is_integral(arg)))
        iv = tensor_as_int(I, arg); /* numpy scalars: __int__ / __index__ (tensor.c) */
      else if (v_is(arg, OBJ_INSTANCE)) {
        Value fn;
        if (rt_find_dunder(I, arg, I->s.index, &fn) || (type != 'x' && type != 'X' && type != 'o' && rt_find_dunder(I, arg, I->s.int_, &fn))) {
          Value r = rt_call1(I, fn, arg);
          iv = rt_as_int(I, r, "%d format");
          v_decref(I, r);
        } else goto bad_int;
      } else {
      bad_int:;
        const char *tn = rt_type_name(I, arg);
        v_decref(I, owned);
        buf_free(out);
        if (type == 'x' || type == 'X' || type == 'o')
          rt_raise(I, EXC_TypeError, "%%%c format: an integer is required, not %s", type, tn);
        rt_raise(I, EXC_TypeError, "%%%c format: a real number is required, not %s", type, tn);
      }
      mod_int(out, iv, type == 'i' || type == 'u' ? 'd' : type, left, plus, space, alt, zero, width, prec);
      break;
    }
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': {
      double d;
      if (arg.tag == V_FLOAT) d = arg.as.f;
      else if (arg.tag == V_INT || arg.tag == V_BOOL) d = (double)num_i(arg);
      else if (v_is(arg, OBJ_INSTANCE) || v_is(arg, OBJ_TENSOR)) d = rt_as_float(I, arg, "must be real number");
      else {
        const char *tn = rt_type_name(I, arg);
        v_decref(I, owned);
        buf_free(out);
        rt_raise(I, EXC_TypeError, "must be real number, not %s", tn);
      }
      char f[32], tmp[512];
      int k = 0;
      f[k++] = '%';
      if (left) f[k++] = '-';
      if (plus) f[k++] = '+';
      if (space) f[k++] = ' ';
      if (alt) f[k++] = '#';
      if (zero && isfinite(d)) f[k++] = '0';
      f[k++] = '*';
      f[k++] = '.';
      f[k++] = '*';
      f[k++] = type;
      f[k] = 0;
      if (prec < 0) prec = 6;
      if (prec > 400) prec = 400;
      int w = width < 0 ? 0 : (int)(width > 400 ? 400 : width);
      int n = snprintf(tmp, sizeof tmp, f, w, (int)prec, d);
      if (n >= (int)sizeof tmp) {
        char *big = xmalloc((size_t)n + 1);
        snprintf(big, (size_t)n + 1, f, w, (int)prec, d);
        buf_append(out, big, (size_t)n);
        free(big);
      } else {
        buf_append(out, tmp, (size_t)n);
      }
      break;
    }
    case 'c': {
      char enc[4];
      int n;
      if (v_is(arg, OBJ_STR)) {
        if (AS_STR(arg)->nchars != 1) { v_decref(I, owned); buf_free(out); rt_raise(I, EXC_TypeError, "%%c requires int or char"); }
        pad_to(out, AS_STR(arg)->data, (size_t)AS_STR(arg)->len, 1, width, left);
        break;
      }
      if (arg.tag != V_INT && arg.tag != V_BOOL) { v_decref(I, owned); buf_free(out); rt_raise(I, EXC_TypeError, "%%c requires int or char"); }
      int64_t cp = num_i(arg);
      if (cp < 0 || cp > 0x10ffff) { v_decref(I, owned); buf_free(out); rt_raise(I, EXC_OverflowError, "%%c arg not in range(0x110000)"); }
      n = utf8_encode((uint32_t)cp, enc);
      pad_to(out, enc, (size_t)n, 1, width, left);
      break;
    }
    default: {
      int64_t idx = utf8_count(fmt->data, spec_start - fmt->data) + utf8_count(spec_start, p - 1 - spec_start);
      v_decref(I, owned);
      buf_free(out);
      rt_raise(I, EXC_ValueError, "unsupported format character '%c' (0x%x) at index %" PRId64, type,
               (unsigned char)type, idx);
    }
    }
    v_decref(I, owned);
  }
  if (!used_map && v_is(args, OBJ_TUPLE) && ai < AS_TUPLE(args)->len) {
    buf_free(out);
    rt_raise(I, EXC_TypeError, "not all arguments converted during string formatting");
  }
  if (!used_map && !v_is(args, OBJ_TUPLE) && ai == 0 && !is_map) {
    buf_free(out);
    rt_raise(I, EXC_TypeError, "not all arguments converted during string formatting");
  }
}

Str *str_mod(Interp *I, Str *fmt, Value args) {
  ModCtx c = {fmt, args};
  return guarded_build(I, str_mod_into, &c);
}

/* ---- Constructor and init ----------------------------------------------- */

Value str_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"object", "encoding", "errors"};
  Value a[3];
  if (argc > 3) rt_raise(I, EXC_TypeError, "str() takes at most 3 arguments (%d given)", argc);
  args_bind(I, "str", argc, argv, kw, 0, 3, names, a);
  if (a[0].tag == V_UNDEF) return str_v(str_empty(I));
  if (a[1].tag != V_UNDEF || a[2].tag != V_UNDEF) {
    if (is_bytes_like(a[0])) return bytes_decode_args(I, a[0], a[1], a[2]); /* bytes.c */
    if (v_is(a[0], OBJ_STR)) rt_raise(I, EXC_TypeError, "decoding str is not supported");
    rt_raise(I, EXC_TypeError, "decoding to str: need a bytes-like object, %s found", rt_type_name(I, a[0]));
  }
  return str_v(rt_str(I, a[0]));
}

static Value s_len(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__len__", kw);
  args_count(I, "str.__len__", argc - 1, 0, 0);
  return v_int(SELF->nchars);
}


/* str.maketrans(x[, y[, z]]): a dict from code points to code points, strings
 * or None, as CPython builds it. */
static Value s_maketrans(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "maketrans", kw);
  args_count(I, "maketrans", argc, 1, 3);
  Dict *d = dict_new(I);
  Value dv = v_obj(&d->h);
  if (argc == 1) {
    if (!v_is(argv[0], OBJ_DICT)) {
      v_decref(I, dv);
      rt_raise(I, EXC_TypeError, "if you give only one argument to maketrans it must be a dict");
    }
    Dict *src = AS_DICT(argv[0]);
    for (int64_t i = 0; i < src->nentries; i++) {
      DictEntry *e = &src->entries[i];
      if (e->key.tag == V_UNDEF) continue;
      Value k = e->key;
      if (v_is(k, OBJ_STR)) {
        if (AS_STR(k)->nchars != 1) {
          v_decref(I, dv);
          rt_raise(I, EXC_ValueError, "string keys in translate table must be of length 1");
        }
        int n;
        k = v_int(utf8_decode(AS_STR(k)->data, &n));
      } else if (k.tag != V_INT) {
        v_decref(I, dv);
        rt_raise(I, EXC_TypeError, "keys in translate table must be strings or integers");
      }
      dict_set(I, d, k, e->val);
    }
    return dv;
  }
  if (!v_is(argv[0], OBJ_STR) || !v_is(argv[1], OBJ_STR) || (argc == 3 && !v_is(argv[2], OBJ_STR))) {
    v_decref(I, dv);
    rt_raise(I, EXC_TypeError, "maketrans() arguments must be strings");
  }
  Str *x = AS_STR(argv[0]), *y = AS_STR(argv[1]);
  if (x->nchars != y->nchars) {
    v_decref(I, dv);
    rt_raise(I, EXC_ValueError, "the first two maketrans arguments must have equal length");
  }
  for (int64_t i = 0, j = 0; i < x->len; ) {
    int n, m;
    uint32_t a = utf8_decode(x->data + i, &n), b = utf8_decode(y->data + j, &m);
    dict_set(I, d, v_int(a), v_int(b));
    i += n;
    j += m;
  }
  if (argc == 3) {
    Str *z = AS_STR(argv[2]);
    for (int64_t i = 0; i < z->len; ) {
      int n;
      uint32_t c = utf8_decode(z->data + i, &n);
      dict_set(I, d, v_int(c), v_none());
      i += n;
    }
  }
  return dv;
}

/* s.translate(table): each character's code point is looked up with
 * table[cp]; LookupError keeps the character, None deletes it. */
static Value s_translate(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "translate", kw);
  args_count(I, "translate", argc - 1, 1, 1);
  Str *s = SELF;
  Value table = argv[1];
  Buf b = {0};
  for (int64_t i = 0; i < s->len; ) {
    int n;
    uint32_t c = utf8_decode(s->data + i, &n);
    Value r = v_undef();
    if (v_is(table, OBJ_DICT)) {
      r = v_incref(dict_get(I, AS_DICT(table), v_int(c)));
    } else {
      Catch k;
      if (RT_TRY(I, &k)) {
        r = rt_getitem(I, table, v_int(c));
        rt_catch_pop(I, &k);
      } else {
        if (!rt_exc_matches(I, CUR_EXC(I), EXC_LookupError)) {
          buf_free(&b);
          Value e = CUR_EXC(I);
          CUR_EXC(I) = v_none();
          rt_raise_owned(I, e);
        }
        v_decref(I, CUR_EXC(I));
        CUR_EXC(I) = v_none();
      }
    }
    if (r.tag == V_UNDEF) {
      buf_append(&b, s->data + i, (size_t)n);
    } else if (r.tag == V_INT) {
      char enc[4];
      if (r.as.i < 0 || r.as.i > 0x10ffff) {
        buf_free(&b);
        rt_raise(I, EXC_ValueError, "character mapping must be in range(0x110000)");
      }
      buf_append(&b, enc, (size_t)utf8_encode((uint32_t)r.as.i, enc));
    } else if (v_is(r, OBJ_STR)) {
      buf_append(&b, AS_STR(r)->data, (size_t)AS_STR(r)->len);
      v_decref(I, r);
    } else if (r.tag != V_NONE) {
      v_decref(I, r);
      buf_free(&b);
      rt_raise(I, EXC_TypeError, "character mapping must return integer, None or str");
    }
    i += n;
  }
  return str_v(str_from_buf(I, &b));
}

void str_init(Interp *I) {
  Class *c = I->cls[OBJ_STR];
  static const struct { const char *name; NativeFn fn; } methods[] = {
      {"join", s_join}, {"split", s_split}, {"rsplit", s_rsplit}, {"splitlines", s_splitlines},
      {"strip", s_strip}, {"lstrip", s_lstrip}, {"rstrip", s_rstrip}, {"replace", s_replace},
      {"find", s_find}, {"rfind", s_rfind}, {"index", s_index}, {"rindex", s_rindex},
      {"count", s_count}, {"startswith", s_startswith}, {"endswith", s_endswith},
      {"upper", s_upper}, {"lower", s_lower}, {"capitalize", s_capitalize}, {"title", s_title},
      {"swapcase", s_swapcase}, {"casefold", s_casefold}, {"isdigit", s_isdigit},
      {"isalpha", s_isalpha}, {"isalnum", s_isalnum}, {"isspace", s_isspace},
      {"isupper", s_isupper}, {"islower", s_islower}, {"isdecimal", s_isdecimal},
      {"isnumeric", s_isnumeric}, {"isidentifier", s_isidentifier}, {"istitle", s_istitle},
      {"isascii", s_isascii}, {"isprintable", s_isprintable}, {"center", s_center},
      {"ljust", s_ljust}, {"rjust", s_rjust}, {"zfill", s_zfill}, {"partition", s_partition},
      {"rpartition", s_rpartition}, {"format", s_format}, {"format_map", s_format_map},
      {"expandtabs", s_expandtabs}, {"removeprefix", s_removeprefix},
      {"removesuffix", s_removesuffix}, {"__len__", s_len}, {"translate", s_translate},
  };
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
    class_add_native(I, c, methods[i].name, methods[i].fn);
  /* maketrans is a staticmethod: str.maketrans(...) and s.maketrans(...). */
  Value fn = native_new(I, "maketrans", s_maketrans);
  Obj *sm = obj_alloc(I, OBJ_STATICMETHOD, sizeof(Wrapper));
  ((Wrapper *)sm)->a = fn;
  ((Wrapper *)sm)->b = v_none();
  ((Wrapper *)sm)->c = v_none();
  Str *name = str_intern(I, "maketrans");
  dict_set_str(I, c->dict, name, v_obj(sm));
  obj_decref(I, &name->h);
  obj_decref(I, sm);
}
