/* bytes.c — Python's bytes and bytearray, str.encode / bytes.decode
 * (utf-8, ascii, latin-1 with the errors 'strict', 'ignore' and 'replace';
 * CPython's UnicodeDecodeError/UnicodeEncodeError texts), and
 * int.from_bytes / int.to_bytes.
 *
 * bytes (OBJ_BYTES) is immutable, its data inline after the header like a
 * Str's; bytearray (OBJ_BYTEARRAY) owns a malloc'd buffer. The protocol
 * hooks (repr, hash, ==/<, +, *, in, [], len, iteration) are called from
 * proto.c, num.c and iter.c; the methods live in the classes' dicts.
 *
 * Deliberate differences: ints are 64-bit, so int.from_bytes of more than
 * 8 significant bytes raises OverflowError; the Unicode errors carry only
 * their message (args == (message,)), not CPython's five attributes.
 */
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <strings.h>

#include "valpriv.h"

#define BYTES_WS " \t\n\r\x0b\x0c"

/* ---- objects ---------------------------------------------------------- */

Value bytes_new(Interp *I, const void *p, size_t n) {
  str_check_size(I, n);
  Bytes *b = (Bytes *)obj_alloc(I, OBJ_BYTES, sizeof(Bytes) + n + 1);
  b->len = (int64_t)n;
  if (n) memcpy(b->data, p, n);
  b->data[n] = 0;
  return v_obj(&b->h);
}

static void ba_reserve(ByteArray *a, int64_t need) {
  if (need <= a->cap) return;
  int64_t cap = a->cap ? a->cap : 16;
  while (cap < need) cap *= 2;
  a->data = xrealloc(a->data, (size_t)cap);
  a->cap = cap;
}

Value bytearray_new(Interp *I, const void *p, size_t n) {
  str_check_size(I, n);
  ByteArray *a = (ByteArray *)obj_alloc(I, OBJ_BYTEARRAY, sizeof(ByteArray));
  ba_reserve(a, (int64_t)n + 1);
  if (n) memcpy(a->data, p, n);
  a->len = (int64_t)n;
  return v_obj(&a->h);
}

static void ba_append(Interp *I, ByteArray *a, const void *p, int64_t n) {
  str_check_size(I, (uint64_t)(a->len + n));
  /* p may point into a's own buffer (ba += ba, ba *= 2), which may move */
  const char *c = p;
  bool own = a->data && c >= a->data && c < a->data + a->cap;
  ptrdiff_t off = own ? c - a->data : 0;
  ba_reserve(a, a->len + n + 1);
  if (own) p = a->data + off;
  memmove(a->data + a->len, p, (size_t)n);
  a->len += n;
}

void bytearray_free_mem(Obj *o) {
  ByteArray *a = (ByteArray *)o;
  free(a->data);
  a->data = NULL;
  a->len = a->cap = 0;
}

/* A new object of self's type (bytes or bytearray) holding p[0..n). */
static Value same_kind(Interp *I, Value self, const void *p, int64_t n) {
  return v_is(self, OBJ_BYTEARRAY) ? bytearray_new(I, p, (size_t)n) : bytes_new(I, p, (size_t)n);
}

/* The bytearray acc (taken) as the result: itself when a bytearray is
 * wanted, else a bytes copy of it. */
static Value acc_result(Interp *I, Value acc, bool bytearray) {
  if (bytearray) return acc;
  ByteArray *a = (ByteArray *)acc.as.o;
  Value r = bytes_new(I, a->data, (size_t)a->len);
  v_decref(I, acc);
  return r;
}

static const char *kind_of(Value v) { return v_is(v, OBJ_BYTEARRAY) ? "bytearray" : "bytes"; }

/* The bytes of a bytes-like argument, or TypeError "a bytes-like object is
 * required, not 'str'". */
static const char *need_buf(Interp *I, Value v, int64_t *n) {
  if (!is_bytes_like(v)) rt_raise(I, EXC_TypeError, "a bytes-like object is required, not '%s'", rt_type_name(I, v));
  return bytes_ptr(v, n);
}

/* ---- repr, hash, compare ------------------------------------------------ */

void bytes_repr_buf(Buf *b, Value v) {
  int64_t n;
  const char *p = bytes_ptr(v, &n);
  bool ba = v_is(v, OBJ_BYTEARRAY);
  if (ba) buf_puts(b, "bytearray(");
  char q = memchr(p, '\'', (size_t)n) && !memchr(p, '"', (size_t)n) ? '"' : '\'';
  buf_putc(b, 'b');
  buf_putc(b, q);
  for (int64_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)p[i];
    if (c == (unsigned char)q || c == '\\') buf_putc(b, '\\'), buf_putc(b, (char)c);
    else if (c == '\t') buf_puts(b, "\\t");
    else if (c == '\n') buf_puts(b, "\\n");
    else if (c == '\r') buf_puts(b, "\\r");
    else if (c < 0x20 || c >= 0x7f) buf_printf(b, "\\x%02x", c);
    else buf_putc(b, (char)c);
  }
  buf_putc(b, q);
  if (ba) buf_putc(b, ')');
}

uint64_t bytes_hash(Interp *I, Value v) {
  if (v_is(v, OBJ_BYTEARRAY)) rt_raise(I, EXC_TypeError, "unhashable type: 'bytearray'");
  Bytes *b = (Bytes *)v.as.o;
  if (!b->hash) {
    /* the hash of the str with the same characters when ASCII (so that the
     * dict's probing sees one function), FNV-1a otherwise */
    Str *s = str_new(I, b->data, (size_t)b->len);
    b->hash = str_hash(s);
    obj_decref(I, &s->h);
  }
  return b->hash;
}

static int buf_cmp(const char *a, int64_t na, const char *b, int64_t nb) {
  int c = memcmp(a, b, (size_t)(na < nb ? na : nb));
  if (c) return c < 0 ? -1 : 1;
  return na < nb ? -1 : na > nb;
}

Value bytes_compare(Interp *I, CmpOp op, Value a, Value b) {
  (void)I;
  if (!is_bytes_like(a) || !is_bytes_like(b)) return v_notimpl();
  int64_t na, nb;
  const char *pa = bytes_ptr(a, &na), *pb = bytes_ptr(b, &nb);
  int c = buf_cmp(pa, na, pb, nb);
  switch (op) {
  case CMP_EQ: return v_bool(c == 0);
  case CMP_NE: return v_bool(c != 0);
  case CMP_LT: return v_bool(c < 0);
  case CMP_LE: return v_bool(c <= 0);
  case CMP_GT: return v_bool(c > 0);
  case CMP_GE: return v_bool(c >= 0);
  default: return v_notimpl();
  }
}

/* ---- operators ------------------------------------------------------------ */

static Value repeat(Interp *I, Value self, int64_t k) {
  int64_t n;
  const char *p = bytes_ptr(self, &n);
  if (k < 0) k = 0;
  if (n && k > INT64_MAX / n) rt_raise(I, EXC_OverflowError, "repeated bytes are too long");
  str_check_size(I, (uint64_t)(n * k));
  if (v_is(self, OBJ_BYTEARRAY)) {
    Value r = bytearray_new(I, "", 0);
    for (int64_t i = 0; i < k; i++) ba_append(I, (ByteArray *)r.as.o, p, n);
    return r;
  }
  Bytes *b = (Bytes *)obj_alloc(I, OBJ_BYTES, sizeof(Bytes) + (size_t)(n * k) + 1);
  for (int64_t i = 0; i < k; i++) memcpy(b->data + i * n, p, (size_t)n);
  b->len = n * k;
  b->data[b->len] = 0;
  return v_obj(&b->h);
}

Value bytes_binop(Interp *I, BinOp op, Value a, Value b) {
  if (op == OP_ADD && is_bytes_like(a)) {
    if (!is_bytes_like(b)) {
      if (v_is(b, OBJ_INSTANCE)) return v_notimpl();
      rt_raise(I, EXC_TypeError, "can't concat %s to %s", rt_type_name(I, b), kind_of(a));
    }
    int64_t na, nb;
    const char *pa = bytes_ptr(a, &na), *pb = bytes_ptr(b, &nb);
    Value r = same_kind(I, a, pa, na);
    if (v_is(r, OBJ_BYTEARRAY)) {
      ba_append(I, (ByteArray *)r.as.o, pb, nb);
      return r;
    }
    v_decref(I, r);
    str_check_size(I, (uint64_t)(na + nb));
    Bytes *o = (Bytes *)obj_alloc(I, OBJ_BYTES, sizeof(Bytes) + (size_t)(na + nb) + 1);
    memcpy(o->data, pa, (size_t)na);
    memcpy(o->data + na, pb, (size_t)nb);
    o->len = na + nb;
    o->data[o->len] = 0;
    return v_obj(&o->h);
  }
  if (op == OP_MUL) {
    Value s = is_bytes_like(a) ? a : b, k = is_bytes_like(a) ? b : a;
    if (k.tag == V_INT || k.tag == V_BOOL) return repeat(I, s, num_i(k));
    if (!v_is(k, OBJ_INSTANCE) && !v_is(k, OBJ_TENSOR))
      rt_raise(I, EXC_TypeError, "can't multiply sequence by non-int of type '%s'", rt_type_name(I, k));
  }
  return v_notimpl();
}

/* bytearray += x, *= n: in place. */
Value bytes_inplace(Interp *I, BinOp op, Value a, Value b) {
  if (!v_is(a, OBJ_BYTEARRAY)) return v_notimpl();
  ByteArray *ba = (ByteArray *)a.as.o;
  if (op == OP_ADD) {
    if (!is_bytes_like(b)) rt_raise(I, EXC_TypeError, "can't concat %s to bytearray", rt_type_name(I, b));
    int64_t n;
    const char *p = bytes_ptr(b, &n);
    ba_append(I, ba, p, n); /* memmove: b may be a itself */
    return v_incref(a);
  }
  if (op == OP_MUL && (b.tag == V_INT || b.tag == V_BOOL)) {
    int64_t k = num_i(b), n = ba->len;
    if (k <= 0) ba->len = 0;
    for (int64_t i = 1; i < k; i++) ba_append(I, ba, ba->data, n);
    return v_incref(a);
  }
  return v_notimpl();
}

/* ---- items ------------------------------------------------------------------ */

static int byte_value(Interp *I, Value v) {
  int64_t x = val_index(I, v);
  if (x < 0 || x > 255) rt_raise(I, EXC_ValueError, "byte must be in range(0, 256)");
  return (int)x;
}

Value bytes_getitem(Interp *I, Value self, Value key) {
  int64_t n;
  const char *p = bytes_ptr(self, &n);
  if (v_is(key, OBJ_SLICE)) {
    int64_t start, stop, step;
    int64_t k = slice_indices(I, (Slice *)key.as.o, n, &start, &stop, &step);
    if (step == 1) return same_kind(I, self, p + start, k);
    Value r = bytearray_new(I, "", 0);
    ByteArray *ba = (ByteArray *)r.as.o;
    ba_reserve(ba, k + 1);
    for (int64_t i = 0, j = start; i < k; i++, j += step) ba->data[i] = p[j];
    ba->len = k;
    return acc_result(I, r, v_is(self, OBJ_BYTEARRAY));
  }
  if (key.tag == V_INT || key.tag == V_BOOL || v_is(key, OBJ_INSTANCE) || v_is(key, OBJ_TENSOR)) {
    Value fn;
    if (key.tag == V_INT || key.tag == V_BOOL || rt_find_dunder(I, key, I->s.index, &fn) ||
        tensor_is_integral(key)) {
      int64_t i = key.tag == V_INT ? key.as.i : val_index(I, key);
      if (i < 0) i += n;
      if (i < 0 || i >= n) rt_raise(I, EXC_IndexError, "%sindex out of range", v_is(self, OBJ_BYTEARRAY) ? "bytearray " : "");
      return v_int((unsigned char)p[i]);
    }
  }
  rt_raise(I, EXC_TypeError, "byte indices must be integers or slices, not %s", rt_type_name(I, key));
}

void bytearray_setitem(Interp *I, Value self, Value key, Value val) {
  ByteArray *a = (ByteArray *)self.as.o;
  if (v_is(key, OBJ_SLICE)) {
    int64_t start, stop, step;
    int64_t k = slice_indices(I, (Slice *)key.as.o, a->len, &start, &stop, &step);
    if (is_bytes_like(val) || val.tag == V_INT) {
      if (val.tag == V_INT)
        rt_raise(I, EXC_TypeError, "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
    }
    Value src = is_bytes_like(val) ? bytes_new(I, bytes_ptr(val, &(int64_t){0}), (size_t)rt_len(I, val))
                                   : bytes_ctor(I, 1, &val, NULL);
    int64_t m;
    const char *p = bytes_ptr(src, &m);
    if (step != 1) {
      if (m != k) {
        v_decref(I, src);
        rt_raise(I, EXC_ValueError, "attempt to assign bytes of size %lld to extended slice of size %lld",
                 (long long)m, (long long)k);
      }
      for (int64_t i = 0, j = start; i < k; i++, j += step) a->data[j] = p[i];
    } else {
      if (stop < start) stop = start;
      int64_t tail = a->len - stop;
      ba_reserve(a, start + m + tail + 1);
      memmove(a->data + start + m, a->data + stop, (size_t)tail);
      memcpy(a->data + start, p, (size_t)m);
      a->len = start + m + tail;
    }
    v_decref(I, src);
    return;
  }
  if (key.tag != V_INT && key.tag != V_BOOL && !v_is(key, OBJ_INSTANCE))
    rt_raise(I, EXC_TypeError, "bytearray indices must be integers or slices, not %s", rt_type_name(I, key));
  int64_t i = rt_seq_index(I, key, a->len, "bytearray");
  a->data[i] = (char)byte_value(I, val);
}

bool bytes_contains(Interp *I, Value self, Value item) {
  int64_t n;
  const char *p = bytes_ptr(self, &n);
  if (is_bytes_like(item)) {
    int64_t m;
    const char *q = bytes_ptr(item, &m);
    if (m == 0) return true;
    return m <= n && memmem(p, (size_t)n, q, (size_t)m) != NULL;
  }
  if (item.tag != V_INT && item.tag != V_BOOL && !v_is(item, OBJ_INSTANCE))
    rt_raise(I, EXC_TypeError, "a bytes-like object is required, not '%s'", rt_type_name(I, item));
  int c = byte_value(I, item);
  return n && memchr(p, c, (size_t)n) != NULL;
}

/* ---- codecs ------------------------------------------------------------------ */

enum { ENC_UTF8, ENC_ASCII, ENC_LATIN1 };
enum { ERR_STRICT, ERR_IGNORE, ERR_REPLACE, ERR_OTHER };

static int encoding_of(Interp *I, Value v) {
  if (v.tag == V_UNDEF) return ENC_UTF8;
  if (!v_is(v, OBJ_STR))
    rt_raise(I, EXC_TypeError, "argument 'encoding' must be str, not %s", rt_type_name(I, v));
  char norm[32];
  const char *s = AS_STR(v)->data;
  size_t k = 0;
  for (; *s && k + 1 < sizeof norm; s++) norm[k++] = *s == '-' || *s == ' ' ? '_' : (char)(*s | (*s >= 'A' && *s <= 'Z' ? 0x20 : 0));
  norm[k] = 0;
  if (!strcmp(norm, "utf_8") || !strcmp(norm, "utf8") || !strcmp(norm, "u8")) return ENC_UTF8;
  if (!strcmp(norm, "ascii") || !strcmp(norm, "us_ascii")) return ENC_ASCII;
  if (!strcmp(norm, "latin_1") || !strcmp(norm, "latin1") || !strcmp(norm, "iso_8859_1") ||
      !strcmp(norm, "iso8859_1") || !strcmp(norm, "l1"))
    return ENC_LATIN1;
  rt_raise(I, EXC_LookupError, "unknown encoding: %s", AS_STR(v)->data);
}

static int errors_of(Interp *I, Value v, const char **name) {
  *name = "strict";
  if (v.tag == V_UNDEF) return ERR_STRICT;
  if (!v_is(v, OBJ_STR)) rt_raise(I, EXC_TypeError, "argument 'errors' must be str, not %s", rt_type_name(I, v));
  *name = AS_STR(v)->data;
  if (!strcmp(*name, "strict")) return ERR_STRICT;
  if (!strcmp(*name, "ignore")) return ERR_IGNORE;
  if (!strcmp(*name, "replace")) return ERR_REPLACE;
  return ERR_OTHER;
}

static const char *const enc_names[] = {"utf-8", "ascii", "latin-1"};

/* Length of the invalid UTF-8 sequence at p[i] (CPython's error range) and
 * its reason; 0 when p[i..] starts a valid sequence (its length in *len). */
static int64_t utf8_bad(const unsigned char *p, int64_t n, int64_t i, int *len, const char **why) {
  unsigned c = p[i];
  if (c < 0x80) {
    *len = 1;
    return 0;
  }
  int k;
  unsigned lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) k = 2;
  else if (c >= 0xE0 && c <= 0xEF) k = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
  else if (c >= 0xF0 && c <= 0xF4) k = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
  else {
    *why = "invalid start byte";
    return 1;
  }
  for (int j = 1; j < k; j++) {
    if (i + j >= n) {
      *why = "unexpected end of data";
      return n - i;
    }
    unsigned d = p[i + j];
    unsigned l = j == 1 ? lo : 0x80, h = j == 1 ? hi : 0xBF;
    if (d < l || d > h) {
      *why = "invalid continuation byte";
      return j;
    }
  }
  *len = k;
  return 0;
}

_Noreturn static void decode_error(Interp *I, int enc, const unsigned char *p, int64_t at, int64_t len,
                                   const char *why) {
  if (len == 1)
    rt_raise(I, EXC_UnicodeDecodeError, "'%s' codec can't decode byte 0x%02x in position %lld: %s", enc_names[enc],
             p[at], (long long)at, why);
  rt_raise(I, EXC_UnicodeDecodeError, "'%s' codec can't decode bytes in position %lld-%lld: %s", enc_names[enc],
           (long long)at, (long long)(at + len - 1), why);
}

/* Decodes p[0..n) into a str. The work happens in a bytearray (owned by the
 * object graph, so that an error raised half way leaks nothing). */
Str *bytes_decode(Interp *I, const char *p0, int64_t n, int enc, int errs, const char *errname) {
  const unsigned char *p = (const unsigned char *)p0;
  Value acc = bytearray_new(I, "", 0);
  ByteArray *a = (ByteArray *)acc.as.o;
  ba_reserve(a, n + 1);
  for (int64_t i = 0; i < n;) {
    int len = 1;
    int64_t bad = 0;
    const char *why = "ordinal not in range(128)";
    if (enc == ENC_UTF8) bad = utf8_bad(p, n, i, &len, &why);
    else if (enc == ENC_ASCII) bad = p[i] >= 0x80;
    if (!bad) {
      if (enc == ENC_LATIN1 && p[i] >= 0x80) {
        char u[4];
        ba_append(I, a, u, utf8_encode(p[i], u));
      } else {
        ba_append(I, a, p + i, len);
      }
      i += len;
      continue;
    }
    if (errs == ERR_OTHER) rt_raise(I, EXC_LookupError, "unknown error handler name '%s'", errname);
    if (errs == ERR_STRICT) decode_error(I, enc, p, i, bad, why);
    if (errs == ERR_REPLACE) ba_append(I, a, "\xEF\xBF\xBD", 3);
    i += bad;
  }
  Str *s = str_new(I, a->data, (size_t)a->len);
  v_decref(I, acc);
  return s;
}

static void char_repr(Buf *b, uint32_t cp) {
  if (cp < 0x100) buf_printf(b, "'\\x%02x'", cp);
  else if (cp < 0x10000) buf_printf(b, "'\\u%04x'", cp);
  else buf_printf(b, "'\\U%08x'", cp);
}

static Value encode(Interp *I, Str *s, int enc, int errs, const char *errname) {
  if (enc == ENC_UTF8 || s->nchars == s->len) return bytes_new(I, s->data, (size_t)s->len);
  Value acc = bytearray_new(I, "", 0);
  ByteArray *a = (ByteArray *)acc.as.o;
  uint32_t lim = enc == ENC_ASCII ? 0x80 : 0x100;
  int64_t pos = 0;
  for (int64_t i = 0; i < s->len; pos++) {
    int k;
    uint32_t cp = utf8_decode(s->data + i, &k);
    if (cp < lim) {
      char c = (char)cp;
      ba_append(I, a, &c, 1);
      i += k;
      continue;
    }
    /* a run of unencodable characters is one error */
    int64_t j = i, end = pos;
    while (j < s->len) {
      int kk;
      uint32_t c2 = utf8_decode(s->data + j, &kk);
      if (c2 < lim) break;
      j += kk;
      end++;
      if (errs != ERR_STRICT && errs != ERR_OTHER) break;
    }
    if (errs == ERR_OTHER) rt_raise(I, EXC_LookupError, "unknown error handler name '%s'", errname);
    if (errs == ERR_STRICT) {
      Buf m = {0};
      if (end - pos == 1) {
        buf_printf(&m, "'%s' codec can't encode character ", enc_names[enc]);
        char_repr(&m, cp);
        buf_printf(&m, " in position %lld", (long long)pos);
      } else {
        buf_printf(&m, "'%s' codec can't encode characters in position %lld-%lld", enc_names[enc],
                   (long long)pos, (long long)(end - 1));
      }
      buf_printf(&m, ": ordinal not in range(%u)", lim);
      Str *msg = str_from_buf(I, &m);
      raise_with_value_owned(I, EXC_UnicodeEncodeError, v_obj(&msg->h));
    }
    if (errs == ERR_REPLACE) ba_append(I, a, "?", 1);
    i += k;
  }
  return acc_result(I, acc, false);
}

/* str.encode(encoding='utf-8', errors='strict') */
static Value s_encode(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"self", "encoding", "errors"};
  Value a[3];
  args_bind(I, "encode", argc, argv, kw, 1, 3, names, a);
  if (!v_is(a[0], OBJ_STR)) rt_raise(I, EXC_TypeError, "descriptor 'encode' requires a 'str' object");
  const char *en;
  int enc = encoding_of(I, a[1]), errs = errors_of(I, a[2], &en);
  return encode(I, AS_STR(a[0]), enc, errs, en);
}

/* bytes.decode(encoding='utf-8', errors='strict'), and str(b, encoding, errors). */
Value bytes_decode_args(Interp *I, Value self, Value encoding, Value errors) {
  int64_t n;
  const char *p = bytes_ptr(self, &n);
  const char *en;
  int enc = encoding_of(I, encoding), errs = errors_of(I, errors, &en);
  return v_obj(&bytes_decode(I, p, n, enc, errs, en)->h);
}

static Value b_decode(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"self", "encoding", "errors"};
  Value a[3];
  args_bind(I, "decode", argc, argv, kw, 1, 3, names, a);
  return bytes_decode_args(I, a[0], a[1], a[2]);
}

/* ---- constructors ------------------------------------------------------------- */

/* bytes(source, encoding, errors) into the bytearray acc. */
static void fill_from(Interp *I, ByteArray *acc, const char *what, Value src, Value enc, Value errs) {
  if (src.tag == V_UNDEF) {
    if (enc.tag != V_UNDEF || errs.tag != V_UNDEF)
      rt_raise(I, EXC_TypeError, enc.tag != V_UNDEF ? "encoding without a string argument"
                                                    : "errors without a string argument");
    return;
  }
  if (v_is(src, OBJ_STR)) {
    if (enc.tag == V_UNDEF) rt_raise(I, EXC_TypeError, "string argument without an encoding");
    const char *en;
    int e = encoding_of(I, enc), er = errors_of(I, errs, &en);
    Value b = encode(I, AS_STR(src), e, er, en);
    int64_t n;
    const char *p = bytes_ptr(b, &n);
    ba_append(I, acc, p, n);
    v_decref(I, b);
    return;
  }
  if (enc.tag != V_UNDEF || errs.tag != V_UNDEF)
    rt_raise(I, EXC_TypeError, enc.tag != V_UNDEF ? "encoding without a string argument"
                                                  : "errors without a string argument");
  if (is_bytes_like(src)) {
    int64_t n;
    const char *p = bytes_ptr(src, &n);
    ba_append(I, acc, p, n);
    return;
  }
  Value fn;
  if (src.tag == V_INT || src.tag == V_BOOL || (v_is(src, OBJ_INSTANCE) && rt_find_dunder(I, src, I->s.index, &fn))) {
    int64_t n = val_index(I, src);
    if (n < 0) rt_raise(I, EXC_ValueError, "negative count");
    str_check_size(I, (uint64_t)n);
    ba_reserve(acc, n + 1);
    memset(acc->data, 0, (size_t)n);
    acc->len = n;
    return;
  }
  if (src.tag != V_OBJ || v_is(src, OBJ_COMPLEX))
    rt_raise(I, EXC_TypeError, "cannot convert '%s' object to %s", rt_type_name(I, src), what);
  Value it = rt_iter(I, src), x;
  while (rt_next(I, it, &x)) {
    int64_t c;
    if (x.tag == V_INT) c = x.as.i;
    else {
      Value xo = x;
      c = val_index(I, xo);
      v_decref(I, xo);
    }
    if (c < 0 || c > 255) rt_raise(I, EXC_ValueError, "%s must be in range(0, 256)", strcmp(what, "bytes") ? "byte" : "bytes");
    char ch = (char)c;
    ba_append(I, acc, &ch, 1);
  }
  v_decref(I, it);
}

Value bytes_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"source", "encoding", "errors"};
  Value a[3];
  args_bind(I, "bytes", argc, argv, kw, 0, 3, names, a);
  if (v_is(a[0], OBJ_BYTES) && a[1].tag == V_UNDEF && a[2].tag == V_UNDEF) return v_incref(a[0]);
  Value acc = bytearray_new(I, "", 0);
  fill_from(I, (ByteArray *)acc.as.o, "bytes", a[0], a[1], a[2]);
  return acc_result(I, acc, false);
}

static Value bytearray_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"source", "encoding", "errors"};
  Value a[3];
  args_bind(I, "bytearray", argc, argv, kw, 0, 3, names, a);
  Value acc = bytearray_new(I, "", 0);
  fill_from(I, (ByteArray *)acc.as.o, "bytearray", a[0], a[1], a[2]);
  return acc;
}

/* ---- methods -------------------------------------------------------------------- */

static const char *self_buf(Interp *I, Value *argv, int64_t *n, const char *meth) {
  if (!is_bytes_like(argv[0])) rt_raise(I, EXC_TypeError, "descriptor '%s' requires a 'bytes' object", meth);
  return bytes_ptr(argv[0], n);
}

static Value b_hex(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "hex", kw);
  args_count(I, "hex", argc, 1, 1);
  int64_t n;
  const char *p = self_buf(I, argv, &n, "hex");
  Buf b = {0};
  for (int64_t i = 0; i < n; i++) buf_printf(&b, "%02x", (unsigned char)p[i]);
  return v_obj(&str_from_buf(I, &b)->h);
}

static int hexdig(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* bytes.fromhex(s) / bytearray.fromhex(s) (classmethods: argv[0] is the class). */
static Value b_fromhex(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "fromhex", kw);
  args_count(I, "fromhex", argc, 2, 2);
  if (!v_is(argv[1], OBJ_STR))
    rt_raise(I, EXC_TypeError, "fromhex() argument must be str, not %s", rt_type_name(I, argv[1]));
  Str *s = AS_STR(argv[1]);
  Value acc = bytearray_new(I, "", 0);
  ByteArray *a = (ByteArray *)acc.as.o;
  for (int64_t i = 0; i < s->len;) {
    if (strchr(BYTES_WS, s->data[i]) && s->data[i]) {
      i++;
      continue;
    }
    int hi = hexdig((unsigned char)s->data[i]), lo = i + 1 < s->len ? hexdig((unsigned char)s->data[i + 1]) : -1;
    if (hi < 0 || lo < 0) {
      int64_t at = hi < 0 ? i : i + 1;
      rt_raise(I, EXC_ValueError, "non-hexadecimal number found in fromhex() arg at position %lld", (long long)at);
    }
    char c = (char)(hi * 16 + lo);
    ba_append(I, a, &c, 1);
    i += 2;
  }
  return acc_result(I, acc, v_is(argv[0], OBJ_CLASS) && AS_CLASS(argv[0]) == I->cls[OBJ_BYTEARRAY]);
}

/* The (sub, start, end) arguments of find/count/startswith...: the window
 * [*lo, *hi) of self, clamped like a slice. */
static void window(Interp *I, int argc, Value *argv, int64_t n, int64_t *lo, int64_t *hi) {
  *lo = 0, *hi = n;
  for (int k = 2; k < argc && k < 4; k++) {
    if (argv[k].tag == V_NONE) continue;
    int64_t x = val_index(I, argv[k]);
    if (x < 0) x += n;
    if (x < 0) x = 0;
    if (x > n) x = n;
    if (k == 2) *lo = x;
    else *hi = x;
  }
}

static const char *sub_arg(Interp *I, Value v, int64_t *m, char *one) {
  if (is_bytes_like(v)) return bytes_ptr(v, m);
  if (v.tag == V_INT || v.tag == V_BOOL) {
    *one = (char)byte_value(I, v);
    *m = 1;
    return one;
  }
  rt_raise(I, EXC_TypeError, "argument should be integer or bytes-like object, not '%s'", rt_type_name(I, v));
}

static int64_t find_in(const char *p, int64_t lo, int64_t hi, const char *q, int64_t m, bool last) {
  if (hi - lo < m) return -1;
  if (last) {
    for (int64_t i = hi - m; i >= lo; i--)
      if (!memcmp(p + i, q, (size_t)m)) return i;
    return -1;
  }
  if (m == 0) return lo;
  const char *r = memmem(p + lo, (size_t)(hi - lo), q, (size_t)m);
  return r ? r - p : -1;
}

static Value find_common(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name, bool last, bool raise) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc, 2, 4);
  int64_t n, m, lo, hi;
  char one;
  const char *p = self_buf(I, argv, &n, name), *q = sub_arg(I, argv[1], &m, &one);
  window(I, argc, argv, n, &lo, &hi);
  int64_t r = find_in(p, lo, hi, q, m, last);
  if (r < 0 && raise) rt_raise(I, EXC_ValueError, "subsection not found");
  return v_int(r);
}

static Value b_find(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "find", false, false); }
static Value b_rfind(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "rfind", true, false); }
static Value b_index(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "index", false, true); }
static Value b_rindex(Interp *I, int argc, Value *argv, KwArgs *kw) { return find_common(I, argc, argv, kw, "rindex", true, true); }

static Value b_count(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "count", kw);
  args_count(I, "count", argc, 2, 4);
  int64_t n, m, lo, hi, c = 0;
  char one;
  const char *p = self_buf(I, argv, &n, "count"), *q = sub_arg(I, argv[1], &m, &one);
  window(I, argc, argv, n, &lo, &hi);
  if (m == 0) return v_int(hi >= lo ? hi - lo + 1 : 0);
  for (int64_t i = lo; (i = find_in(p, i, hi, q, m, false)) >= 0; i += m) c++;
  return v_int(c);
}

static Value fix_common(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name, bool end) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc, 2, 4);
  int64_t n, lo, hi;
  const char *p = self_buf(I, argv, &n, name);
  window(I, argc, argv, n, &lo, &hi);
  Value f = argv[1];
  int64_t k = v_is(f, OBJ_TUPLE) ? AS_TUPLE(f)->len : 1;
  for (int64_t i = 0; i < k; i++) {
    Value x = v_is(f, OBJ_TUPLE) ? AS_TUPLE(f)->items[i] : f;
    if (!is_bytes_like(x))
      rt_raise(I, EXC_TypeError, "%s first arg must be bytes or a tuple of bytes, not %s", name, rt_type_name(I, x));
    int64_t m;
    const char *q = bytes_ptr(x, &m);
    if (hi - lo >= m && !memcmp(p + (end ? hi - m : lo), q, (size_t)m)) return v_bool(true);
  }
  return v_bool(false);
}

static Value b_startswith(Interp *I, int argc, Value *argv, KwArgs *kw) { return fix_common(I, argc, argv, kw, "startswith", false); }
static Value b_endswith(Interp *I, int argc, Value *argv, KwArgs *kw) { return fix_common(I, argc, argv, kw, "endswith", true); }

static Value strip_common(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name, bool left, bool right) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc, 1, 2);
  int64_t n, m = 6;
  const char *p = self_buf(I, argv, &n, name), *set = BYTES_WS;
  if (argc == 2 && argv[1].tag != V_NONE) set = need_buf(I, argv[1], &m);
  int64_t lo = 0, hi = n;
  while (left && lo < hi && memchr(set, p[lo], (size_t)m)) lo++;
  while (right && hi > lo && memchr(set, p[hi - 1], (size_t)m)) hi--;
  return same_kind(I, argv[0], p + lo, hi - lo);
}

static Value b_strip(Interp *I, int argc, Value *argv, KwArgs *kw) { return strip_common(I, argc, argv, kw, "strip", true, true); }
static Value b_lstrip(Interp *I, int argc, Value *argv, KwArgs *kw) { return strip_common(I, argc, argv, kw, "lstrip", true, false); }
static Value b_rstrip(Interp *I, int argc, Value *argv, KwArgs *kw) { return strip_common(I, argc, argv, kw, "rstrip", false, true); }

static Value b_split(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"self", "sep", "maxsplit"};
  Value a[3];
  args_bind(I, "split", argc, argv, kw, 1, 3, names, a);
  int64_t n, m = 0, maxs = a[2].tag == V_UNDEF ? -1 : val_index(I, a[2]);
  const char *p = self_buf(I, a, &n, "split"), *sep = NULL;
  if (a[1].tag != V_UNDEF && a[1].tag != V_NONE) {
    sep = need_buf(I, a[1], &m);
    if (m == 0) rt_raise(I, EXC_ValueError, "empty separator");
  }
  List *out = list_new(I, 0);
  Value ov = v_obj(&out->h);
  int64_t i = 0;
  if (!sep) {
    while (true) {
      while (i < n && strchr(BYTES_WS, p[i]) && p[i]) i++;
      if (i >= n) break;
      int64_t j = i;
      if (maxs == 0) j = n;
      else
        while (j < n && !(strchr(BYTES_WS, p[j]) && p[j])) j++;
      if (maxs == 0) {
        int64_t e = n;
        while (e > i && strchr(BYTES_WS, p[e - 1]) && p[e - 1]) e--;
        j = e;
      }
      Value x = same_kind(I, a[0], p + i, j - i);
      list_append(I, out, x);
      v_decref(I, x);
      if (maxs > 0) maxs--;
      else if (maxs == 0) break;
      i = j;
    }
    return ov;
  }
  while (true) {
    int64_t j = maxs == 0 ? -1 : find_in(p, i, n, sep, m, false);
    int64_t e = j < 0 ? n : j;
    Value x = same_kind(I, a[0], p + i, e - i);
    list_append(I, out, x);
    v_decref(I, x);
    if (j < 0) break;
    i = j + m;
    if (maxs > 0) maxs--;
  }
  return ov;
}

static Value b_splitlines(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"self", "keepends"};
  Value a[2];
  args_bind(I, "splitlines", argc, argv, kw, 1, 2, names, a);
  bool keep = a[1].tag != V_UNDEF && rt_truthy(I, a[1]);
  int64_t n;
  const char *p = self_buf(I, a, &n, "splitlines");
  List *out = list_new(I, 0);
  for (int64_t i = 0; i < n;) {
    int64_t j = i;
    while (j < n && p[j] != '\n' && p[j] != '\r') j++;
    int64_t e = j;
    if (j < n) j += p[j] == '\r' && j + 1 < n && p[j + 1] == '\n' ? 2 : 1;
    Value x = same_kind(I, a[0], p + i, (keep ? j : e) - i);
    list_append(I, out, x);
    v_decref(I, x);
    i = j;
  }
  return v_obj(&out->h);
}

static Value b_join(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "join", kw);
  args_count(I, "join", argc, 2, 2);
  int64_t n;
  self_buf(I, argv, &n, "join");
  Value acc = bytearray_new(I, "", 0);
  ByteArray *a = (ByteArray *)acc.as.o;
  Value it = rt_iter(I, argv[1]), x;
  for (int64_t k = 0; rt_next(I, it, &x); k++) {
    if (!is_bytes_like(x)) {
      const char *tn = rt_type_name(I, x);
      rt_raise(I, EXC_TypeError, "sequence item %lld: expected a bytes-like object, %s found", (long long)k, tn);
    }
    int64_t m;
    const char *sep = bytes_ptr(argv[0], &n);
    if (k) ba_append(I, a, sep, n);
    const char *q = bytes_ptr(x, &m);
    ba_append(I, a, q, m);
    v_decref(I, x);
  }
  v_decref(I, it);
  return acc_result(I, acc, v_is(argv[0], OBJ_BYTEARRAY));
}

static Value b_replace(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "replace", kw);
  args_count(I, "replace", argc, 3, 4);
  int64_t n, mo, mn, cnt = argc == 4 ? val_index(I, argv[3]) : -1;
  const char *p = self_buf(I, argv, &n, "replace");
  const char *o = need_buf(I, argv[1], &mo), *nw = need_buf(I, argv[2], &mn);
  Value acc = bytearray_new(I, "", 0);
  ByteArray *a = (ByteArray *)acc.as.o;
  int64_t i = 0;
  if (mo == 0) {
    for (; i <= n && cnt != 0; i++, cnt--) {
      ba_append(I, a, nw, mn);
      if (i < n) ba_append(I, a, p + i, 1);
    }
    if (i < n) ba_append(I, a, p + i, n - i);
  } else {
    while (cnt != 0) {
      int64_t j = find_in(p, i, n, o, mo, false);
      if (j < 0) break;
      ba_append(I, a, p + i, j - i);
      ba_append(I, a, nw, mn);
      i = j + mo;
      cnt--;
    }
    ba_append(I, a, p + i, n - i);
  }
  return acc_result(I, acc, v_is(argv[0], OBJ_BYTEARRAY));
}

static Value case_common(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name, bool up) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc, 1, 1);
  int64_t n;
  const char *p = self_buf(I, argv, &n, name);
  Value r = same_kind(I, argv[0], p, n);
  char *d = v_is(r, OBJ_BYTES) ? ((Bytes *)r.as.o)->data : ((ByteArray *)r.as.o)->data;
  for (int64_t i = 0; i < n; i++) {
    if (up && d[i] >= 'a' && d[i] <= 'z') d[i] = (char)(d[i] - 32);
    if (!up && d[i] >= 'A' && d[i] <= 'Z') d[i] = (char)(d[i] + 32);
  }
  return r;
}

static Value b_upper(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_common(I, argc, argv, kw, "upper", true); }
static Value b_lower(Interp *I, int argc, Value *argv, KwArgs *kw) { return case_common(I, argc, argv, kw, "lower", false); }

static Value is_common(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name, const char *cls) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc, 1, 1);
  int64_t n;
  const char *p = self_buf(I, argv, &n, name);
  if (n == 0) return v_bool(false);
  for (int64_t i = 0; i < n; i++) {
    char c = p[i];
    bool d = c >= '0' && c <= '9', al = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    bool ok = cls[0] == 'd' ? d : cls[0] == 'a' ? al : cls[0] == 'n' ? (d || al) : (c && strchr(BYTES_WS, c));
    if (!ok) return v_bool(false);
  }
  return v_bool(true);
}

static Value b_isdigit(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_common(I, argc, argv, kw, "isdigit", "d"); }
static Value b_isalpha(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_common(I, argc, argv, kw, "isalpha", "a"); }
static Value b_isalnum(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_common(I, argc, argv, kw, "isalnum", "n"); }
static Value b_isspace(Interp *I, int argc, Value *argv, KwArgs *kw) { return is_common(I, argc, argv, kw, "isspace", "s"); }

static Value b_len(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__len__", kw);
  args_count(I, "__len__", argc, 1, 1);
  int64_t n;
  self_buf(I, argv, &n, "__len__");
  return v_int(n);
}

/* bytearray's own methods */
static ByteArray *ba_self(Interp *I, Value v, const char *meth) {
  if (!v_is(v, OBJ_BYTEARRAY)) rt_raise(I, EXC_TypeError, "descriptor '%s' requires a 'bytearray' object", meth);
  return (ByteArray *)v.as.o;
}

static Value ba_m_append(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "append", kw);
  args_count(I, "append", argc, 2, 2);
  ByteArray *a = ba_self(I, argv[0], "append");
  char c = (char)byte_value(I, argv[1]);
  ba_append(I, a, &c, 1);
  return v_none();
}

static Value ba_m_extend(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "extend", kw);
  args_count(I, "extend", argc, 2, 2);
  ByteArray *a = ba_self(I, argv[0], "extend");
  if (is_bytes_like(argv[1])) {
    int64_t n;
    const char *p = bytes_ptr(argv[1], &n);
    ba_append(I, a, p, n);
    return v_none();
  }
  Value it = rt_iter(I, argv[1]), x;
  while (rt_next(I, it, &x)) {
    char c = (char)byte_value(I, x);
    v_decref(I, x);
    ba_append(I, a, &c, 1);
  }
  v_decref(I, it);
  return v_none();
}

static Value ba_m_pop(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "pop", kw);
  args_count(I, "pop", argc, 1, 2);
  ByteArray *a = ba_self(I, argv[0], "pop");
  if (a->len == 0) rt_raise(I, EXC_IndexError, "pop from empty bytearray");
  int64_t i = argc == 2 ? val_index(I, argv[1]) : -1;
  if (i < 0) i += a->len;
  if (i < 0 || i >= a->len) rt_raise(I, EXC_IndexError, "pop index out of range");
  int c = (unsigned char)a->data[i];
  memmove(a->data + i, a->data + i + 1, (size_t)(a->len - i - 1));
  a->len--;
  return v_int(c);
}

static Value ba_m_clear(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "clear", kw);
  args_count(I, "clear", argc, 1, 1);
  ba_self(I, argv[0], "clear")->len = 0;
  return v_none();
}

static Value ba_m_copy(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "copy", kw);
  args_count(I, "copy", argc, 1, 1);
  ByteArray *a = ba_self(I, argv[0], "copy");
  return bytearray_new(I, a->data, (size_t)a->len);
}

/* ---- int.from_bytes / int.to_bytes ---------------------------------------------- */

static bool little_endian(Interp *I, Value v) {
  if (v.tag == V_UNDEF) return false;
  if (!v_is(v, OBJ_STR))
    rt_raise(I, EXC_TypeError, "to_bytes() argument 'byteorder' must be str, not %s", rt_type_name(I, v));
  if (!strcmp(AS_STR(v)->data, "little")) return true;
  if (!strcmp(AS_STR(v)->data, "big")) return false;
  rt_raise(I, EXC_ValueError, "byteorder must be either 'little' or 'big'");
}

static Value int_from_bytes(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"cls", "bytes", "byteorder", "*", "signed"};
  Value a[4];
  args_bind(I, "from_bytes", argc, argv, kw, 2, 5, names, a);
  bool le = little_endian(I, a[2]), sg = a[3].tag != V_UNDEF && rt_truthy(I, a[3]);
  Value src = is_bytes_like(a[1]) ? v_incref(a[1]) : bytes_ctor(I, 1, &a[1], NULL);
  int64_t n;
  const unsigned char *p = (const unsigned char *)bytes_ptr(src, &n);
  /* the bytes, most significant first */
  bool neg = sg && n && (p[le ? n - 1 : 0] & 0x80);
  uint64_t v = 0;
  for (int64_t k = 0; k < n; k++) {
    unsigned c = p[le ? n - 1 - k : k];
    unsigned ext = neg ? 0xFF : 0;
    if (k < n - 8 && c != ext) {
      v_decref(I, src);
      rt_raise(I, EXC_OverflowError, "int too large for msc's 64-bit int");
    }
    v = v << 8 | c;
  }
  v_decref(I, src);
  if (n < 8 && neg) v |= ~(uint64_t)0 << (8 * n);
  if (!neg && (n >= 8 && v > (uint64_t)INT64_MAX)) rt_raise(I, EXC_OverflowError, "int too large for msc's 64-bit int");
  if (neg && n >= 8 && !(v >> 63)) rt_raise(I, EXC_OverflowError, "int too large for msc's 64-bit int");
  return v_int((int64_t)v);
}

static Value int_to_bytes(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"self", "length", "byteorder", "*", "signed"};
  Value a[4];
  args_bind(I, "to_bytes", argc, argv, kw, 1, 5, names, a);
  int64_t x = rt_as_int(I, a[0], "to_bytes");
  int64_t len = a[1].tag == V_UNDEF ? 1 : val_index(I, a[1]);
  bool le = little_endian(I, a[2]), sg = a[3].tag != V_UNDEF && rt_truthy(I, a[3]);
  if (len < 0) rt_raise(I, EXC_ValueError, "length argument must be non-negative");
  if (x < 0 && !sg) rt_raise(I, EXC_OverflowError, "can't convert negative int to unsigned");
  bool fits = true;
  if (len == 0) fits = x == 0;
  else if (len < 8 && sg) fits = x >= -((int64_t)1 << (8 * len - 1)) && x < ((int64_t)1 << (8 * len - 1));
  else if (len < 8) fits = (uint64_t)x < ((uint64_t)1 << (8 * len));
  if (!fits) rt_raise(I, EXC_OverflowError, "int too big to convert");
  str_check_size(I, (uint64_t)len);
  Bytes *b = (Bytes *)obj_alloc(I, OBJ_BYTES, sizeof(Bytes) + (size_t)len + 1);
  b->len = len;
  uint64_t u = (uint64_t)x;
  for (int64_t k = 0; k < len; k++) {
    unsigned char c = k < 8 ? (unsigned char)(u >> (8 * k)) : (x < 0 ? 0xFF : 0);
    b->data[le ? k : len - 1 - k] = (char)c;
  }
  b->data[len] = 0;
  return v_obj(&b->h);
}

/* ---- registration ------------------------------------------------------------- */

void bytes_init(Interp *I) {
  Class *object = I->cls[CLS_OBJECT];
  Class *cb = class_new_builtin(I, "bytes", OBJ_BYTES, object, bytes_ctor);
  Class *ca = class_new_builtin(I, "bytearray", OBJ_BYTEARRAY, object, bytearray_ctor);
  I->cls[OBJ_BYTES] = cb;
  I->cls[OBJ_BYTEARRAY] = ca;
  static const struct {
    const char *name;
    NativeFn fn;
  } methods[] = {
      {"decode", b_decode},     {"hex", b_hex},         {"find", b_find},         {"rfind", b_rfind},
      {"index", b_index},       {"rindex", b_rindex},   {"count", b_count},       {"startswith", b_startswith},
      {"endswith", b_endswith}, {"strip", b_strip},     {"lstrip", b_lstrip},     {"rstrip", b_rstrip},
      {"split", b_split},       {"splitlines", b_splitlines}, {"join", b_join},   {"replace", b_replace},
      {"upper", b_upper},       {"lower", b_lower},     {"isdigit", b_isdigit},   {"isalpha", b_isalpha},
      {"isalnum", b_isalnum},   {"isspace", b_isspace}, {"__len__", b_len},
  };
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
    class_add_native(I, cb, methods[i].name, methods[i].fn);
    class_add_native(I, ca, methods[i].name, methods[i].fn);
  }
  class_add_classmethod(I, cb, "fromhex", b_fromhex);
  class_add_classmethod(I, ca, "fromhex", b_fromhex);
  class_add_native(I, ca, "append", ba_m_append);
  class_add_native(I, ca, "extend", ba_m_extend);
  class_add_native(I, ca, "pop", ba_m_pop);
  class_add_native(I, ca, "clear", ba_m_clear);
  class_add_native(I, ca, "copy", ba_m_copy);
  class_add_native(I, I->cls[OBJ_STR], "encode", s_encode);
  class_add_classmethod(I, I->cls[CLS_INT], "from_bytes", int_from_bytes);
  class_add_native(I, I->cls[CLS_INT], "to_bytes", int_to_bytes);
  Str *k = str_intern(I, "bytes");
  dict_set_str(I, I->builtins, k, v_obj(&cb->h));
  obj_decref(I, &k->h);
  k = str_intern(I, "bytearray");
  dict_set_str(I, I->builtins, k, v_obj(&ca->h));
  obj_decref(I, &k->h);
}
