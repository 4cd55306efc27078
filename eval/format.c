/* format.c — the format-spec mini-language (format(), str.format, f-string
 * specs): [[fill]align][sign][z][#][0][width][grouping][.precision][type]
 * for int, bool, float and str, with CPython 3.11's error messages; user
 * classes go through __format__.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tensor.h" /* __format__ of tensors */
#include "valpriv.h"

typedef struct Spec {
  char fill[5]; /* UTF-8 of the fill code point */
  int fill_len;
  char align;   /* 0, '<', '>', '^', '=' */
  char sign;    /* 0, '+', '-', ' ' */
  bool z, alt, zero;
  int64_t width;   /* -1 if none */
  char grouping;   /* 0, ',', '_' */
  int64_t prec;    /* -1 if none */
  char type;       /* 0 if none */
} Spec;

static bool is_align(char c) { return c == '<' || c == '>' || c == '^' || c == '='; }

static void parse_spec(Interp *I, Str *spec_s, Spec *sp, const char *tname) {
  const char *p = spec_s->data, *end = p + spec_s->len;
  memset(sp, 0, sizeof *sp);
  sp->width = sp->prec = -1;
  sp->fill[0] = ' ';
  sp->fill_len = 1;
  bool fill_given = false;
  if (p < end) {
    int n = utf8_len1((unsigned char)*p);
    if (p + n < end && is_align(p[n])) {
      memcpy(sp->fill, p, (size_t)n);
      sp->fill_len = n;
      sp->align = p[n];
      fill_given = true;
      p += n + 1;
    } else if (is_align(*p)) {
      sp->align = *p++;
    }
  }
  if (p < end && (*p == '+' || *p == '-' || *p == ' ')) sp->sign = *p++;
  if (p < end && *p == 'z') { sp->z = true; p++; }
  if (p < end && *p == '#') { sp->alt = true; p++; }
  if (p < end && *p == '0') {
    sp->zero = true;
    if (!fill_given) { sp->fill[0] = '0'; sp->fill_len = 1; }
    p++;
  }
  if (p < end && isdigit((unsigned char)*p)) {
    sp->width = 0;
    while (p < end && isdigit((unsigned char)*p)) {
      if (sp->width > 100000000) rt_raise(I, EXC_ValueError, "Too many decimal digits in format string");
      sp->width = sp->width * 10 + (*p++ - '0');
    }
  }
  if (p < end && (*p == ',' || *p == '_')) {
    sp->grouping = *p++;
    if (p < end && (*p == ',' || *p == '_')) {
      if (*p == sp->grouping) rt_raise(I, EXC_ValueError, "Cannot specify '%c' with '%c'.", *p, *p);
      rt_raise(I, EXC_ValueError, "Cannot specify both ',' and '_'.");
    }
  }
  if (p < end && *p == '.') {
    p++;
    if (p >= end || !isdigit((unsigned char)*p)) rt_raise(I, EXC_ValueError, "Format specifier missing precision");
    sp->prec = 0;
    while (p < end && isdigit((unsigned char)*p)) {
      if (sp->prec > 100000000) rt_raise(I, EXC_ValueError, "Too many decimal digits in format string");
      sp->prec = sp->prec * 10 + (*p++ - '0');
    }
  }
  if (end - p > 1 || (p < end && (unsigned char)*p >= 0x80)) {
    rt_raise(I, EXC_ValueError, "Invalid format specifier '%s' for object of type '%s'", spec_s->data, tname);
  }
  if (p < end) sp->type = *p;
  if (sp->zero && !sp->align) sp->align = '=';
}

/* Writes fill, sign/prefix and body aligned to the width. lead is the
 * sign and prefix ("-0x"), body the rest; nchars counts code points. */
static void emit_padded(Buf *out, const Spec *sp, char defalign, const char *lead, size_t nlead, const char *body,
                        size_t nbody, int64_t body_chars) {
  int64_t total = (int64_t)nlead + body_chars;
  int64_t pad = sp->width > total ? sp->width - total : 0;
  char align = sp->align ? sp->align : defalign;
  int64_t left = 0, right = 0;
  if (align == '<') right = pad;
  else if (align == '^') { left = pad / 2; right = pad - left; }
  else if (align == '>') left = pad;
  for (int64_t i = 0; i < left; i++) buf_append(out, sp->fill, (size_t)sp->fill_len);
  buf_append(out, lead, nlead);
  if (align == '=')
    for (int64_t i = 0; i < pad; i++) buf_append(out, sp->fill, (size_t)sp->fill_len);
  buf_append(out, body, nbody);
  for (int64_t i = 0; i < right; i++) buf_append(out, sp->fill, (size_t)sp->fill_len);
}

/* Inserts sep every `every` digits into the n digits at d (from the
 * right); with min_width > 0 pads with zeros (and separators) to at least
 * that many characters. */
static void group_digits(Buf *out, const char *d, size_t n, char sep, int every, int64_t min_width) {
  size_t ngroups_len = n + (n > 0 ? (n - 1) / (size_t)every : 0);
  int64_t zeros = 0; /* extra leading zero digits */
  if (min_width > (int64_t)ngroups_len) {
    size_t m = n;
    for (;;) {
      size_t len = m + (m - 1) / (size_t)every;
      if ((int64_t)len >= min_width) break;
      m++;
    }
    zeros = (int64_t)(m - n);
  }
  size_t total = n + (size_t)zeros;
  for (size_t i = 0; i < total; i++) {
    size_t from_right = total - i;
    buf_putc(out, i < (size_t)zeros ? '0' : d[i - (size_t)zeros]);
    if (from_right > 1 && (from_right - 1) % (size_t)every == 0) buf_putc(out, sep);
  }
}

/* ---- int ------------------------------------------------------------------- */

static Str *format_float_spec(Interp *I, double d, Spec *sp, const char *tname);

static Str *format_int_spec(Interp *I, int64_t v, Spec *sp, const char *tname) {
  char t = sp->type ? sp->type : 'd';
  switch (t) {
  case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%':
    return format_float_spec(I, (double)v, sp, tname);
  case 'd': case 'n': case 'b': case 'o': case 'x': case 'X': case 'c': break;
  default: rt_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type '%s'", t, tname);
  }
  if (sp->prec >= 0) rt_raise(I, EXC_ValueError, "Precision not allowed in integer format specifier");
  if (sp->z) rt_raise(I, EXC_ValueError, "Negative zero coercion (z) not allowed in integer format specifier");
  if (sp->grouping == ',' && t != 'd') rt_raise(I, EXC_ValueError, "Cannot specify ',' with '%c'.", t);
  if (sp->grouping == '_' && t == 'n') rt_raise(I, EXC_ValueError, "Cannot specify '_' with 'n'.");
  if (sp->grouping && t == 'c') rt_raise(I, EXC_ValueError, "Cannot specify '%c' with 'c'.", sp->grouping);
  Buf out = {0};
  if (t == 'c') {
    if (sp->sign) rt_raise(I, EXC_ValueError, "Sign not allowed with integer format specifier 'c'");
    if (sp->alt) rt_raise(I, EXC_ValueError, "Alternate form (#) not allowed with integer format specifier 'c'");
    if (v < 0 || v > 0x10ffff) rt_raise(I, EXC_OverflowError, "%%c arg not in range(0x110000)");
    char enc[4];
    int n = utf8_encode((uint32_t)v, enc);
    emit_padded(&out, sp, '>', "", 0, enc, (size_t)n, 1);
    return str_from_buf(I, &out);
  }
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  char digits[80];
  int nd = 0;
  int radix = t == 'b' ? 2 : t == 'o' ? 8 : (t == 'x' || t == 'X') ? 16 : 10;
  const char *dig = t == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
  char rev[80];
  do { rev[nd++] = dig[u % (uint64_t)radix]; u /= (uint64_t)radix; } while (u);
  for (int i = 0; i < nd; i++) digits[i] = rev[nd - 1 - i];
  char lead[8];
  int nl = 0;
  if (v < 0) lead[nl++] = '-';
  else if (sp->sign == '+') lead[nl++] = '+';
  else if (sp->sign == ' ') lead[nl++] = ' ';
  if (sp->alt && radix != 10) {
    lead[nl++] = '0';
    lead[nl++] = t == 'b' ? 'b' : t == 'o' ? 'o' : t;
  }
  Buf body = {0};
  char align = sp->align ? sp->align : '>';
  if (sp->grouping) {
    int64_t minw = 0;
    if (align == '=' && sp->fill_len == 1 && sp->fill[0] == '0' && sp->width > nl) minw = sp->width - nl;
    group_digits(&body, digits, (size_t)nd, sp->grouping, radix == 10 ? 3 : 4, minw);
  } else {
    buf_append(&body, digits, (size_t)nd);
  }
  emit_padded(&out, sp, '>', lead, (size_t)nl, body.data, body.len, (int64_t)body.len);
  buf_free(&body);
  return str_from_buf(I, &out);
}

/* ---- float ----------------------------------------------------------------- */

static Str *format_float_spec(Interp *I, double d, Spec *sp, const char *tname) {
  char t = sp->type;
  switch (t) {
  case 0: case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case '%': case 'n': break;
  default: rt_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type '%s'", t, tname);
  }
  if (sp->grouping == ',' && t == 'n') rt_raise(I, EXC_ValueError, "Cannot specify ',' with 'n'.");
  if (sp->grouping == '_' && t == 'n') rt_raise(I, EXC_ValueError, "Cannot specify '_' with 'n'.");
  bool neg = signbit(d) && !isnan(d);
  double a = fabs(d);
  if (t == '%') a *= 100.0;
  Buf body = {0};
  int64_t prec = sp->prec;
  if (t == 0 && prec < 0) {
    float_repr(&body, a);
  } else {
    char ct = t == 0 || t == 'n' ? 'g' : t == '%' ? 'f' : t;
    if (prec < 0) prec = 6;
    if (t == 0 && prec == 0) prec = 1;
    char f[16];
    snprintf(f, sizeof f, "%%%s.*%c", sp->alt ? "#" : "", ct);
    int n = snprintf(NULL, 0, f, (int)prec, a);
    buf_reserve(&body, (size_t)n);
    snprintf(body.data, (size_t)n + 1, f, (int)prec, a);
    body.len = (size_t)n;
    if (t == 0 && isfinite(a) && !memchr(body.data, '.', body.len) && !memchr(body.data, 'e', body.len))
      buf_puts(&body, ".0");
  }
  if (!isfinite(a)) {
    buf_free(&body);
    buf_puts(&body, isnan(a) ? "nan" : "inf");
    if (t == 'F' || t == 'E' || t == 'G') {
      for (size_t i = 0; i < body.len; i++) body.data[i] = (char)toupper((unsigned char)body.data[i]);
    }
  }
  if (t == '%') buf_putc(&body, '%');
  if (neg && sp->z) {
    bool nonzero = false;
    for (size_t i = 0; i < body.len && body.data[i] != 'e' && body.data[i] != 'E'; i++)
      if (body.data[i] >= '1' && body.data[i] <= '9') nonzero = true;
    if (!nonzero) neg = false;
  }
  char lead[2];
  int nl = 0;
  if (neg) lead[nl++] = '-';
  else if (sp->sign == '+') lead[nl++] = '+';
  else if (sp->sign == ' ') lead[nl++] = ' ';
  Buf out = {0};
  if (sp->grouping && isfinite(a)) {
    size_t ni = 0;
    while (ni < body.len && isdigit((unsigned char)body.data[ni])) ni++;
    Buf g = {0};
    char align = sp->align ? sp->align : '>';
    int64_t minw = 0;
    if (align == '=' && sp->fill_len == 1 && sp->fill[0] == '0' && sp->width > 0)
      minw = sp->width - nl - (int64_t)(body.len - ni);
    group_digits(&g, body.data, ni, sp->grouping, 3, minw);
    buf_append(&g, body.data + ni, body.len - ni);
    buf_free(&body);
    body = g;
  }
  emit_padded(&out, sp, '>', lead, (size_t)nl, body.data, body.len, (int64_t)body.len);
  buf_free(&body);
  return str_from_buf(I, &out);
}

/* ---- str ------------------------------------------------------------------- */

static Str *format_str_spec(Interp *I, Str *s, Spec *sp) {
  if (sp->type && sp->type != 's')
    rt_raise(I, EXC_ValueError, "Unknown format code '%c' for object of type 'str'", sp->type);
  if (sp->sign) rt_raise(I, EXC_ValueError, "Sign not allowed in string format specifier");
  if (sp->alt) rt_raise(I, EXC_ValueError, "Alternate form (#) not allowed in string format specifier");
  if (sp->z) rt_raise(I, EXC_ValueError, "Negative zero coercion (z) not allowed in format specifier");
  if (sp->grouping) rt_raise(I, EXC_ValueError, "Cannot specify '%c' with 's'.", sp->grouping);
  if (sp->align == '=') {
    if (sp->zero && sp->fill[0] == '0') sp->align = '<';
    else rt_raise(I, EXC_ValueError, "'=' alignment not allowed in string format specifier");
  }
  int64_t nchars = s->nchars;
  size_t nbytes = (size_t)s->len;
  if (sp->prec >= 0 && sp->prec < nchars) {
    nchars = sp->prec;
    nbytes = (size_t)str_cp_offset(s, sp->prec);
  }
  if (sp->width <= nchars && nbytes == (size_t)s->len) {
    obj_incref(&s->h);
    return s;
  }
  Buf out = {0};
  emit_padded(&out, sp, '<', "", 0, s->data, nbytes, nchars);
  return str_from_buf(I, &out);
}

/* ---- Entry point ------------------------------------------------------------- */

Str *rt_format(Interp *I, Value v, Str *spec) {
  Spec sp;
  switch (v.tag) {
  case V_INT:
    if (spec->len == 0) return str_printf(I, "%lld", (long long)v.as.i);
    parse_spec(I, spec, &sp, "int");
    return format_int_spec(I, v.as.i, &sp, "int");
  case V_BOOL:
    if (spec->len == 0) return str_from_c(I, v.as.b ? "True" : "False");
    parse_spec(I, spec, &sp, "bool");
    return format_int_spec(I, v.as.b, &sp, "bool");
  case V_FLOAT:
    if (spec->len == 0) return rt_str(I, v);
    parse_spec(I, spec, &sp, "float");
    return format_float_spec(I, v.as.f, &sp, "float");
  default:
    break;
  }
  if (v_is(v, OBJ_STR)) {
    if (spec->len == 0) {
      obj_incref(v.as.o);
      return AS_STR(v);
    }
    parse_spec(I, spec, &sp, "str");
    return format_str_spec(I, AS_STR(v), &sp);
  }
  if (v_is(v, OBJ_TENSOR)) return tensor_format(I, v, spec); /* size-1: the scalar's format (tensor.c) */
  Value fn;
  if (user_dunder(I, v, I->s.format, &fn)) {
    Value r = rt_call2(I, fn, v, v_obj(&spec->h));
    if (!v_is(r, OBJ_STR)) {
      const char *tn = rt_type_name(I, r);
      v_decref(I, r);
      rt_raise(I, EXC_TypeError, "__format__ must return a str, not %s", tn);
    }
    return AS_STR(r);
  }
  if (spec->len == 0) return rt_str(I, v);
  rt_raise(I, EXC_TypeError, "unsupported format string passed to %s.__format__", rt_type_name(I, v));
}
