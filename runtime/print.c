/* print.c — array printing for eager mode and generated C.
 *
 * Two output forms (SEMANTICS.md section 1):
 *   - numpy 1.24's str(ndarray) with default print options, what print(t)
 *     shows in PyNative mode (msrt_print_numpy);
 *   - MindSpore's C++ Tensor::ToStringNoLimit / ToStringRepr, what the
 *     Print primitive shows inside a compiled graph (msrt_print_graph,
 *     msrt_print_repr).
 *
 * Floats are converted to decimal by Dragon4 (Steele & White; Burger &
 * Dybvig's exponent estimate) on fixed-size big integers, with numpy's
 * knobs: "unique" digits (shortest that round-trip in the value's own
 * dtype, interval bounds included when the mantissa is even), a cutoff
 * (digits past the point or total digits), a minimum digit count, trim
 * modes and padding. The same generator in exact mode gives printf's
 * %.Ne / %g, which MindSpore's C++ printer uses — so no stdio is needed.
 *
 * The nested-array layout follows numpy's _formatArray, but iteratively:
 * an odometer over the displayed positions of each dimension, emitting
 * brackets, separators and newlines when a dimension rolls over. Output
 * goes through a small buffered writer that keeps runs of spaces pending,
 * so numpy's "line.rstrip()" at a wrap is just dropping them.
 *
 * No malloc, no recursion, no VLAs; scratch is bounded by MSRT_MAX_NDIM
 * and the big-integer size. */
#include "msrt.h"

#include <math.h>
#include <string.h>

/* The dtype table is runtime/dtype.c's (a generated library carries that
 * file, not this one, when it only needs element sizes). */
static int dtype_ok(msrt_dtype dt) { return msrt_dtype_size(dt) != 0; }

static int is_float(msrt_dtype dt) {
  return dt == MSRT_FLOAT16 || dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64;
}
static int is_complex(msrt_dtype dt) {
  return dt == MSRT_COMPLEX64 || dt == MSRT_COMPLEX128;
}
/* The dtype of a complex dtype's parts. */
static msrt_dtype part_dt(msrt_dtype dt) {
  return dt == MSRT_COMPLEX64 ? MSRT_FLOAT32 : MSRT_FLOAT64;
}

/* ===================================================================
 * output: the global hook, string buffers, the buffered writer
 * =================================================================== */

static msrt_write_fn out_hook;
static void *out_hook_ctx;

void msrt_set_output(msrt_write_fn w, void *ctx) {
  out_hook = w;
  out_hook_ctx = ctx;
}

void msrt_write(const char *s, size_t n) {
  if (out_hook) out_hook(out_hook_ctx, s, n);
}

msrt_strbuf msrt_strbuf_init(char *buf, size_t cap) {
  msrt_strbuf sb;
  sb.buf = buf;
  sb.cap = cap;
  sb.len = 0;
  if (cap > 0) buf[0] = '\0';
  return sb;
}

void msrt_strbuf_write(void *strbuf, const char *s, size_t n) {
  msrt_strbuf *sb = (msrt_strbuf *)strbuf;
  if (sb->cap > 0 && sb->len < sb->cap - 1) {
    size_t room = sb->cap - 1 - sb->len;
    memcpy(sb->buf + sb->len, s, n < room ? n : room);
  }
  sb->len += n;
  if (sb->cap > 0) sb->buf[sb->len < sb->cap ? sb->len : sb->cap - 1] = '\0';
}

/* Buffered writer. Spaces are held back in `pending` until something else
 * is written, so a line wrap can drop the trailing ones. `col` is the
 * column of the current line, pending spaces included. */
typedef struct Out {
  msrt_write_fn w;
  void *ctx;
  size_t n;
  int pending;
  int col;
  char buf[256];
} Out;

static void out_init(Out *o, msrt_write_fn w, void *ctx) {
  o->w = w ? w : out_hook;
  o->ctx = w ? ctx : out_hook_ctx;
  o->n = 0;
  o->pending = 0;
  o->col = 0;
}

static void out_flush(Out *o) {
  if (o->n && o->w) o->w(o->ctx, o->buf, o->n);
  o->n = 0;
}

static void out_raw(Out *o, char c) {
  if (o->n == sizeof o->buf) out_flush(o);
  o->buf[o->n++] = c;
}

static void out_char(Out *o, char c) {
  if (c == ' ') {
    o->pending++;
    o->col++;
    return;
  }
  for (; o->pending > 0; o->pending--) out_raw(o, ' ');
  out_raw(o, c);
  o->col = c == '\n' ? 0 : o->col + 1;
}

static void out_str(Out *o, const char *s) {
  for (; *s; s++) out_char(o, *s);
}

static void out_rep(Out *o, char c, int64_t k) {
  for (; k > 0; k--) out_char(o, c);
}

/* Drop the pending spaces: numpy's line.rstrip() before a wrap. */
static void out_drop_spaces(Out *o) {
  o->col -= o->pending;
  o->pending = 0;
}

static void out_finish(Out *o) {
  for (; o->pending > 0; o->pending--) out_raw(o, ' ');
  out_flush(o);
}

/* ===================================================================
 * big integers: fixed size, enough for binary64 (about 1130 bits)
 * =================================================================== */

#define BIG_BLOCKS 40

typedef struct Big {
  int len; /* blocks in use; no leading zero blocks; 0 means zero */
  uint32_t b[BIG_BLOCKS];
} Big;

static void big_set(Big *x, uint64_t v) {
  x->len = 0;
  while (v) {
    x->b[x->len++] = (uint32_t)v;
    v >>= 32;
  }
}

static void big_copy(Big *d, const Big *s) {
  d->len = s->len;
  memcpy(d->b, s->b, (size_t)s->len * sizeof s->b[0]);
}

static void big_shl(Big *x, int sh) {
  int words = sh / 32, bits = sh % 32, i;
  if (x->len == 0) return;
  if (x->len + words + 1 > BIG_BLOCKS) words = BIG_BLOCKS - 1 - x->len;
  x->b[x->len + words] = 0;
  if (bits == 0) {
    for (i = x->len - 1; i >= 0; i--) x->b[i + words] = x->b[i];
  } else {
    for (i = x->len - 1; i >= 0; i--) {
      x->b[i + words + 1] |= x->b[i] >> (32 - bits);
      x->b[i + words] = x->b[i] << bits;
    }
  }
  for (i = 0; i < words; i++) x->b[i] = 0;
  x->len += words + 1;
  while (x->len > 0 && x->b[x->len - 1] == 0) x->len--;
}

static void big_pow2(Big *x, int e) {
  big_set(x, 1);
  big_shl(x, e);
}

static void big_mul_small(Big *x, uint32_t m) {
  uint64_t carry = 0;
  int i;
  for (i = 0; i < x->len; i++) {
    uint64_t p = (uint64_t)x->b[i] * m + carry;
    x->b[i] = (uint32_t)p;
    carry = p >> 32;
  }
  if (carry && x->len < BIG_BLOCKS) x->b[x->len++] = (uint32_t)carry;
}

static void big_mul_pow10(Big *x, int e) {
  for (; e >= 9; e -= 9) big_mul_small(x, 1000000000u);
  {
    uint32_t m = 1;
    for (; e > 0; e--) m *= 10;
    if (m > 1) big_mul_small(x, m);
  }
}

static int big_cmp(const Big *a, const Big *b) {
  int i;
  if (a->len != b->len) return a->len < b->len ? -1 : 1;
  for (i = a->len - 1; i >= 0; i--)
    if (a->b[i] != b->b[i]) return a->b[i] < b->b[i] ? -1 : 1;
  return 0;
}

static void big_add(Big *r, const Big *a, const Big *b) {
  const Big *lo = a->len < b->len ? a : b, *hi = a->len < b->len ? b : a;
  uint64_t carry = 0;
  int i;
  for (i = 0; i < hi->len; i++) {
    uint64_t s = (uint64_t)hi->b[i] + (i < lo->len ? lo->b[i] : 0) + carry;
    r->b[i] = (uint32_t)s;
    carry = s >> 32;
  }
  r->len = hi->len;
  if (carry && r->len < BIG_BLOCKS) r->b[r->len++] = (uint32_t)carry;
}

/* a -= b, requires a >= b. */
static void big_sub(Big *a, const Big *b) {
  uint32_t borrow = 0;
  int i;
  for (i = 0; i < a->len; i++) {
    uint64_t s = (uint64_t)(i < b->len ? b->b[i] : 0) + borrow;
    borrow = (uint64_t)a->b[i] < s;
    a->b[i] = (uint32_t)((uint64_t)a->b[i] - s);
  }
  while (a->len > 0 && a->b[a->len - 1] == 0) a->len--;
}

/* q = a / b (q < 10 by construction), a = a % b. */
static int big_divmod_digit(Big *a, const Big *b) {
  int q = 0;
  while (big_cmp(a, b) >= 0) {
    big_sub(a, b);
    q++;
  }
  return q;
}

/* ===================================================================
 * Dragon4
 * =================================================================== */

/* A finite float decomposed as mant * 2^exp (mant_bit = index of its top
 * bit); `unequal` when the gap to the next lower float is half the gap to
 * the next higher one (an exact power of two, not the smallest normal). */
typedef struct FBits {
  uint64_t mant;
  int exp;
  int mant_bit;
  int unequal;
  int neg;
  int cls; /* 0 finite, 1 inf, 2 nan */
} FBits;

static int log2_u64(uint64_t v) {
  int r = 0;
  while (v >>= 1) r++;
  return r;
}

static FBits fbits_ieee(uint64_t bits, int mbits, int ebits) {
  FBits f;
  uint64_t mmask = ((uint64_t)1 << mbits) - 1;
  int emax = (1 << ebits) - 1, bias = (1 << (ebits - 1)) - 1;
  int e = (int)((bits >> mbits) & (uint64_t)emax);
  uint64_t m = bits & mmask;
  f.neg = (int)((bits >> (mbits + ebits)) & 1);
  f.cls = e == emax ? (m ? 2 : 1) : 0;
  if (e != 0) {
    f.mant = m | ((uint64_t)1 << mbits);
    f.exp = e - bias - mbits;
    f.mant_bit = mbits;
    f.unequal = e != 1 && m == 0;
  } else {
    f.mant = m;
    f.exp = 1 - bias - mbits;
    f.mant_bit = m ? log2_u64(m) : 0;
    f.unequal = 0;
  }
  return f;
}

static uint64_t load_bits(msrt_dtype dt, const void *p) {
  if (dt == MSRT_FLOAT64) {
    uint64_t u;
    memcpy(&u, p, 8);
    return u;
  }
  if (dt == MSRT_FLOAT32) {
    uint32_t u;
    memcpy(&u, p, 4);
    return u;
  }
  {
    uint16_t u;
    memcpy(&u, p, 2);
    return u;
  }
}

static FBits fbits_load(msrt_dtype dt, const void *p) {
  uint64_t b = load_bits(dt, p);
  if (dt == MSRT_FLOAT64) return fbits_ieee(b, 52, 11);
  if (dt == MSRT_FLOAT32) return fbits_ieee(b, 23, 8);
  return fbits_ieee(b, 10, 5);
}

enum { CUT_TOTAL, CUT_FRAC };

/* Generate decimal digits of |f| (finite) into dig[0..cap), return their
 * count and set *pexp to the decimal exponent of the first digit.
 *   unique  1: stop as soon as the digits identify the value among its
 *              neighbours of the same type (but not before cut_min);
 *           0: exact digits;
 *   cut_max >= 0: stop at that many digits in total (CUT_TOTAL) or past
 *              the decimal point (CUT_FRAC); the last digit is rounded
 *              (half to even).
 *   cut_min >= 0: in unique mode, produce at least that many digits. */
/* Digits any caller here needs: 17 for a unique binary64, at most 8
 * integer + 8 fraction digits in numpy's positional array mode (it switches
 * to scientific at 1e8), 9 for %.8e. Longer requests are cut off here. */
#define DIGCAP 48
/* Room for one formatted element, padding included. */
#define WORDCAP 96

static int dragon4(const FBits *f, int unique, int cut_mode, int cut_max,
                   int cut_min, char *dig, int cap, int *pexp) {
  Big val, scale, mlo, mhi, tmp;
  int k, cut_max_e, cut_min_e, n = 0, digit = 0, low = 0, high = 0;
  int is_even = (f->mant & 1) == 0, round_down, c;

  if (f->mant == 0) {
    dig[0] = '0';
    *pexp = 0;
    return 1;
  }
  /* val/scale = value, mlo/scale = half the gap to the lower neighbour
   * (mhi to the upper), all scaled by 2 (4 with unequal margins). */
  big_set(&val, f->mant);
  if (f->exp > 0) {
    big_shl(&val, f->exp + 1 + f->unequal);
    big_set(&scale, f->unequal ? 4 : 2);
    big_pow2(&mlo, f->exp);
  } else {
    big_shl(&val, 1 + f->unequal);
    big_pow2(&scale, -f->exp + 1 + f->unequal);
    big_set(&mlo, 1);
  }
  /* k: estimate of floor(log10(value)) + 1, exact or one too low. */
  k = (int)ceil((double)(f->mant_bit + f->exp) *
                    0.30102999566398119521373889472449 -
                0.69);
  if (cut_max >= 0 && cut_mode == CUT_FRAC && k <= -cut_max) k = -cut_max + 1;
  if (k > 0) {
    big_mul_pow10(&scale, k);
  } else if (k < 0) {
    big_mul_pow10(&val, -k);
    big_mul_pow10(&mlo, -k);
  }
  if (big_cmp(&val, &scale) >= 0) {
    k++;
  } else {
    big_mul_small(&val, 10);
    big_mul_small(&mlo, 10);
  }
  cut_max_e = k - cap;
  if (cut_max >= 0) {
    int d = cut_mode == CUT_TOTAL ? k - cut_max : -cut_max;
    if (d > cut_max_e) cut_max_e = d;
  }
  cut_min_e = k;
  if (cut_min >= 0) {
    int d = cut_mode == CUT_TOTAL ? k - cut_min : -cut_min;
    if (d < cut_min_e) cut_min_e = d;
  }
  *pexp = k - 1;

  for (;;) {
    k--;
    digit = big_divmod_digit(&val, &scale);
    if (unique) {
      big_copy(&mhi, &mlo);
      if (f->unequal) big_shl(&mhi, 1);
      big_add(&tmp, &val, &mhi);
      c = big_cmp(&val, &mlo);
      low = is_even ? c <= 0 : c < 0;
      c = big_cmp(&tmp, &scale);
      high = is_even ? c >= 0 : c > 0;
      if (((low || high) && k <= cut_min_e) || k == cut_max_e) break;
    } else if (val.len == 0 || k == cut_max_e) {
      break;
    }
    dig[n++] = (char)('0' + digit);
    big_mul_small(&val, 10);
    if (unique) big_mul_small(&mlo, 10);
  }

  /* Round the last digit: down when only rounding down stays inside the
   * interval, up when only rounding up does, else to nearest (ties even). */
  round_down = low;
  if (low == high) {
    big_copy(&tmp, &val);
    big_shl(&tmp, 1);
    c = big_cmp(&tmp, &scale);
    round_down = c < 0 || (c == 0 && (digit & 1) == 0);
  }
  if (round_down) {
    dig[n++] = (char)('0' + digit);
  } else if (digit < 9) {
    dig[n++] = (char)('0' + digit + 1);
  } else {
    for (;;) {
      if (n == 0) {
        dig[n++] = '1';
        (*pexp)++;
        break;
      }
      n--;
      if (dig[n] != '9') {
        dig[n]++;
        n++;
        break;
      }
    }
  }
  return n;
}

/* ===================================================================
 * float formatting with numpy's options (format_float_positional /
 * format_float_scientific) and printf's %e / %g
 * =================================================================== */

enum {
  TRIM_NONE,     /* 'k': keep trailing zeros and the point */
  TRIM_ZEROS,    /* '.': drop trailing zeros, keep the point */
  TRIM_ONE_ZERO, /* '0': drop trailing zeros but keep one after the point */
  TRIM_DPT       /* '-': drop trailing zeros and the point */
};

typedef struct FmtOpt {
  int sci;
  int unique;
  int precision;  /* -1: none */
  int min_digits; /* -1: none */
  int trim;
  int pad_left;   /* -1: none */
  int pad_right;  /* -1: none */
  int exp_digits; /* -1: at least 2 */
  int plus;       /* numpy's sign='+': a '+' before a non-negative value */
} FmtOpt;

/* Bounded string builder. */
typedef struct Sb {
  char *s;
  int n, cap;
} Sb;

static void sb_put(Sb *b, char c) {
  if (b->n < b->cap - 1) b->s[b->n] = c;
  b->n++;
}

static void sb_rep(Sb *b, char c, int k) {
  for (; k > 0; k--) sb_put(b, c);
}

static char sb_last(const Sb *b) {
  return b->n > 0 && b->n <= b->cap - 1 ? b->s[b->n - 1] : '\0';
}

static int sb_end(Sb *b) {
  if (b->cap > 0) b->s[b->n < b->cap ? b->n : b->cap - 1] = '\0';
  return b->n;
}

static void put_exponent(Sb *b, int e, int min_digits) {
  char d[8];
  int nd = 0;
  sb_put(b, 'e');
  sb_put(b, e < 0 ? '-' : '+');
  if (e < 0) e = -e;
  do {
    d[nd++] = (char)('0' + e % 10);
    e /= 10;
  } while (e && nd < 8);
  while (nd < min_digits && nd < 8) d[nd++] = '0';
  while (nd > 0) sb_put(b, d[--nd]);
}

/* Format a finite value as numpy's Dragon4 front ends do. */
static int fmt_numpy(char *out, int cap, const FBits *f, const FmtOpt *o) {
  char dig[DIGCAP];
  int pexp, nd, frac = 0, whole, i, add, sgn;
  Sb b;
  b.s = out;
  b.n = 0;
  b.cap = cap;
  add = o->unique ? o->min_digits : o->precision;
  if (add < 0) add = 0;
  sgn = f->neg || o->plus;

  if (!o->sci) {
    nd = dragon4(f, o->unique, CUT_FRAC, o->precision, o->min_digits, dig,
                 DIGCAP, &pexp);
    if (sgn) sb_put(&b, f->neg ? '-' : '+');
    if (pexp >= 0) {
      whole = pexp + 1;
      for (i = 0; i < nd && i < whole; i++) sb_put(&b, dig[i]);
      if (nd <= whole) {
        sb_rep(&b, '0', whole - nd);
      } else {
        sb_put(&b, '.');
        for (; i < nd; i++) sb_put(&b, dig[i]);
        frac = nd - whole;
      }
    } else {
      whole = 1;
      sb_put(&b, '0');
      sb_put(&b, '.');
      sb_rep(&b, '0', -(pexp + 1));
      for (i = 0; i < nd; i++) sb_put(&b, dig[i]);
      frac = -(pexp + 1) + nd;
    }
  } else {
    if (o->pad_left > 1 + sgn) sb_rep(&b, ' ', o->pad_left - 1 - sgn);
    if (sgn) sb_put(&b, f->neg ? '-' : '+');
    nd = dragon4(f, o->unique, CUT_TOTAL,
                 o->precision < 0 ? -1 : o->precision + 1,
                 o->min_digits < 0 ? -1 : o->min_digits + 1, dig, DIGCAP,
                 &pexp);
    whole = 1;
    sb_put(&b, dig[0]);
    if (nd > 1) {
      sb_put(&b, '.');
      for (i = 1; i < nd; i++) sb_put(&b, dig[i]);
      frac = nd - 1;
    }
  }

  if (o->trim != TRIM_DPT && frac == 0) sb_put(&b, '.');
  if (o->trim == TRIM_ONE_ZERO) {
    if (frac == 0) {
      sb_put(&b, '0');
      frac++;
    }
  } else if (o->trim == TRIM_NONE && add > frac) {
    sb_rep(&b, '0', add - frac);
    frac = add;
  }
  if (o->trim != TRIM_NONE && frac > 0) {
    while (sb_last(&b) == '0') {
      b.n--;
      frac--;
    }
    if (sb_last(&b) == '.') {
      if (o->trim == TRIM_ONE_ZERO) {
        sb_put(&b, '0');
        frac++;
      } else if (o->trim == TRIM_DPT && !o->sci) {
        b.n--;
      }
    }
  }

  if (o->sci) {
    put_exponent(&b, pexp, o->exp_digits < 0 ? 2 : o->exp_digits);
    return sb_end(&b);
  }
  if (o->pad_right >= frac) {
    if (o->trim == TRIM_DPT && frac == 0) sb_put(&b, ' ');
    sb_rep(&b, ' ', o->pad_right - frac);
  }
  if (o->pad_left > whole + sgn) {
    int shift = o->pad_left - whole - sgn, len = b.n;
    if (len > cap - 1 - shift) len = cap - 1 - shift;
    if (len > 0) {
      memmove(out + shift, out, (size_t)len);
      memset(out, ' ', (size_t)shift);
    }
    b.n += shift;
  }
  return sb_end(&b);
}

static int fmt_nonfinite(Sb *b, const FBits *f, int show_nan_sign) {
  const char *s = f->cls == 2 ? "nan" : "inf";
  if (f->neg && (f->cls == 1 || show_nan_sign)) sb_put(b, '-');
  while (*s) sb_put(b, *s++);
  return b->n;
}

/* printf("%*.*e", width, prec, x) for an IEEE value, glibc style
 * ("-nan" keeps the sign). */
static int fmt_printf_e(char *out, int cap, const FBits *f, int width,
                        int prec) {
  char dig[DIGCAP], body[64];
  int pexp, nd, i, len;
  Sb b;
  b.s = body;
  b.n = 0;
  b.cap = (int)sizeof body;
  if (f->cls) {
    fmt_nonfinite(&b, f, 1);
  } else {
    nd = dragon4(f, 0, CUT_TOTAL, prec + 1, -1, dig, DIGCAP, &pexp);
    if (f->neg) sb_put(&b, '-');
    sb_put(&b, dig[0]);
    if (prec > 0) sb_put(&b, '.');
    for (i = 1; i <= prec; i++) sb_put(&b, i < nd ? dig[i] : '0');
    put_exponent(&b, f->mant == 0 ? 0 : pexp, 2);
  }
  len = sb_end(&b);
  b.s = out;
  b.n = 0;
  b.cap = cap;
  sb_rep(&b, ' ', width - len);
  for (i = 0; i < len; i++) sb_put(&b, body[i]);
  return sb_end(&b);
}

/* printf("%g", x): 6 significant digits, C++ ostream's default. */
static int fmt_printf_g(char *out, int cap, const FBits *f) {
  char dig[DIGCAP];
  int pexp, nd, i;
  Sb b;
  b.s = out;
  b.n = 0;
  b.cap = cap;
  if (f->cls) {
    fmt_nonfinite(&b, f, 1);
    return sb_end(&b);
  }
  nd = dragon4(f, 0, CUT_TOTAL, 6, -1, dig, DIGCAP, &pexp);
  if (f->mant == 0) pexp = 0;
  while (nd > 1 && dig[nd - 1] == '0') nd--;
  if (f->neg) sb_put(&b, '-');
  if (pexp < -4 || pexp >= 6) {
    sb_put(&b, dig[0]);
    if (nd > 1) sb_put(&b, '.');
    for (i = 1; i < nd; i++) sb_put(&b, dig[i]);
    put_exponent(&b, pexp, 2);
  } else if (pexp >= 0) {
    for (i = 0; i <= pexp; i++) sb_put(&b, i < nd ? dig[i] : '0');
    if (nd > pexp + 1) sb_put(&b, '.');
    for (; i < nd; i++) sb_put(&b, dig[i]);
  } else {
    sb_put(&b, '0');
    sb_put(&b, '.');
    sb_rep(&b, '0', -pexp - 1);
    for (i = 0; i < nd; i++) sb_put(&b, dig[i]);
  }
  return sb_end(&b);
}

/* ===================================================================
 * element access
 * =================================================================== */

static double load_double(msrt_dtype dt, const void *p) {
  if (dt == MSRT_FLOAT64) {
    double d;
    memcpy(&d, p, 8);
    return d;
  }
  if (dt == MSRT_FLOAT32) {
    float f;
    memcpy(&f, p, 4);
    return (double)f;
  }
  return msrt_half_to_double((uint16_t)load_bits(MSRT_FLOAT16, p));
}

/* Integer (and bool) elements, widened. */
static int64_t load_i64(msrt_dtype dt, const void *p) {
  switch (dt) {
  case MSRT_BOOL: return *(const unsigned char *)p != 0;
  case MSRT_INT8: return *(const int8_t *)p;
  case MSRT_UINT8: return *(const uint8_t *)p;
  case MSRT_INT16: { int16_t v; memcpy(&v, p, 2); return v; }
  case MSRT_UINT16: { uint16_t v; memcpy(&v, p, 2); return v; }
  case MSRT_INT32: { int32_t v; memcpy(&v, p, 4); return v; }
  case MSRT_UINT32: { uint32_t v; memcpy(&v, p, 4); return v; }
  case MSRT_INT64: { int64_t v; memcpy(&v, p, 8); return v; }
  default: return 0;
  }
}

static uint64_t load_u64(const void *p) {
  uint64_t v;
  memcpy(&v, p, 8);
  return v;
}

static int fmt_u64(char *out, uint64_t v, int neg) {
  char t[24];
  int n = 0, len = 0;
  do {
    t[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  if (neg) out[len++] = '-';
  while (n > 0) out[len++] = t[--n];
  out[len] = '\0';
  return len;
}

static int fmt_i64(char *out, int64_t v) {
  return fmt_u64(out, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
}

/* Decimal text of an integer element (no padding). */
static int fmt_int_elem(char *out, msrt_dtype dt, const void *p) {
  if (dt == MSRT_UINT64) return fmt_u64(out, load_u64(p), 0);
  return fmt_i64(out, load_i64(dt, p));
}

/* ===================================================================
 * numpy scalars (str of a 0-d array)
 * =================================================================== */

/* One part of numpy's complex scalar str (its _either with trim '-'):
 * positional between 1e-4 and 1e16 (and 0), else scientific, shortest
 * digits, no trailing point ("1", "2.5", "1e-05"); plus: a '+' before a
 * non-negative value. Appends to b. */
static void cx_scalar_part(Sb *b, msrt_dtype pd, const void *p, int plus) {
  FBits f = fbits_load(pd, p);
  double a = fabs(load_double(pd, p));
  char t[WORDCAP];
  FmtOpt o;
  int i, n;
  if (f.cls) {
    if (plus && !(f.neg && f.cls == 1)) sb_put(b, '+');
    fmt_nonfinite(b, &f, 0);
    return;
  }
  o.unique = 1;
  o.precision = o.min_digits = -1;
  o.pad_left = o.pad_right = o.exp_digits = -1;
  o.plus = plus;
  o.sci = !(a == 0 || (a >= 1e-4 && a < 1e16));
  o.trim = TRIM_DPT;
  n = fmt_numpy(t, (int)sizeof t, &f, &o);
  for (i = 0; i < n; i++) sb_put(b, t[i]);
}

int msrt_format_scalar(char *buf, size_t cap, msrt_dtype dt,
                       const void *value) {
  char t[32];
  Sb b;
  int icap = cap > 4096 ? 4096 : (int)cap;
  if (!dtype_ok(dt)) return MSRT_EINVAL;
  b.s = buf;
  b.n = 0;
  b.cap = icap;
  if (is_complex(dt)) { /* numpy: "(1+2j)"; "2j" when the real part is +0 */
    msrt_dtype pd = part_dt(dt);
    const unsigned char *p = (const unsigned char *)value;
    const unsigned char *q = p + msrt_dtype_size(pd);
    FBits fr = fbits_load(pd, p);
    if (!fr.cls && !fr.neg && load_double(pd, p) == 0) {
      cx_scalar_part(&b, pd, q, 0);
      sb_put(&b, 'j');
      return sb_end(&b);
    }
    sb_put(&b, '(');
    cx_scalar_part(&b, pd, p, 0);
    cx_scalar_part(&b, pd, q, 1);
    sb_put(&b, 'j');
    sb_put(&b, ')');
    return sb_end(&b);
  }
  if (is_float(dt)) {
    FBits f = fbits_load(dt, value);
    double a = fabs(load_double(dt, value));
    FmtOpt o;
    if (f.cls) {
      fmt_nonfinite(&b, &f, 0);
      return sb_end(&b);
    }
    o.unique = 1;
    o.precision = -1;
    o.min_digits = -1;
    o.pad_left = o.pad_right = o.exp_digits = -1;
    o.plus = 0;
    o.sci = !(a == 0 || (a >= 1e-4 && a < 1e16));
    o.trim = o.sci ? TRIM_DPT : TRIM_ONE_ZERO;
    return fmt_numpy(buf, icap, &f, &o);
  }
  if (dt == MSRT_BOOL) {
    const char *s = *(const unsigned char *)value ? "True" : "False";
    while (*s) sb_put(&b, *s++);
    return sb_end(&b);
  }
  fmt_int_elem(t, dt, value);
  {
    const char *s = t;
    while (*s) sb_put(&b, *s++);
  }
  return sb_end(&b);
}

/* ===================================================================
 * array walking
 * =================================================================== */

/* An array view plus which positions of each dimension are displayed:
 * dimension k shows all its shape[k] positions, or, when summarised
 * (summ[k]), the first 3 and the last 3. */
typedef struct Arr {
  msrt_dtype dt;
  const unsigned char *data;
  size_t esz;
  int nd;
  int64_t size;
  int64_t shape[MSRT_MAX_NDIM];
  int64_t stride[MSRT_MAX_NDIM];
  int summ[MSRT_MAX_NDIM];
} Arr;

#define EDGE 3

static int arr_init(Arr *a, msrt_dtype dt, const void *data,
                    const int64_t *shape, int ndim, const int64_t *strides) {
  int k;
  int64_t st = 1;
  if (!dtype_ok(dt) || ndim < 0 || ndim > MSRT_MAX_NDIM) return MSRT_EINVAL;
  if (ndim > 0 && !shape) return MSRT_EINVAL;
  a->dt = dt;
  a->data = (const unsigned char *)data;
  a->esz = msrt_dtype_size(dt);
  a->nd = ndim;
  a->size = 1;
  for (k = ndim - 1; k >= 0; k--) {
    if (shape[k] < 0) return MSRT_EINVAL;
    a->shape[k] = shape[k];
    a->stride[k] = strides ? strides[k] : st;
    a->summ[k] = 0;
    st *= shape[k];
    a->size *= shape[k];
  }
  if (a->size > 0 && !data) return MSRT_EINVAL;
  return MSRT_OK;
}

static int64_t disp_count(const Arr *a, int k) {
  return a->summ[k] ? 2 * EDGE : a->shape[k];
}

static const void *elem_at(const Arr *a, const int64_t *pos) {
  int64_t off = 0;
  int k;
  for (k = 0; k < a->nd; k++) {
    int64_t i = pos[k];
    if (a->summ[k] && i >= EDGE) i += a->shape[k] - 2 * EDGE;
    off += i * a->stride[k];
  }
  return a->data + off * (int64_t)a->esz;
}

/* Advance the odometer; return the dimension that moved (the ones after
 * it restart at 0), or -1 when every displayed position was visited. */
static int odo_next(const Arr *a, int64_t *pos) {
  int k;
  for (k = a->nd - 1; k >= 0; k--) {
    if (++pos[k] < disp_count(a, k)) return k;
    pos[k] = 0;
  }
  return -1;
}

/* ===================================================================
 * numpy str(ndarray)
 * =================================================================== */

#define NP_LINEWIDTH 75
#define NP_THRESHOLD 1000
#define NP_PRECISION 8

/* Element formatter state: numpy's FloatingFormat / IntegerFormat /
 * BoolFormat after they have looked at the displayed data. */
typedef struct NpFmt {
  int exp_format;
  int pad_left, pad_right, precision, exp_size;
  int int_width;
  int plus; /* sign='+' (a complex's imaginary parts) */
} NpFmt;

static void np_fill_float(const Arr *a, NpFmt *F) {
  int64_t pos[MSRT_MAX_NDIM] = {0};
  double maxv = 0, minv = 0;
  int any_nz = 0, any_finite = 0, any_nonfinite = 0, neginf = 0;
  int pl = 0, pr = 0, ex = 0;

  /* Scientific notation from the non-zero finite magnitudes. */
  do {
    const void *p = elem_at(a, pos);
    double v = load_double(a->dt, p);
    if (isfinite(v) && v != 0) {
      double m = fabs(v);
      if (!any_nz || m > maxv) maxv = m;
      if (!any_nz || m < minv) minv = m;
      any_nz = 1;
    }
  } while (odo_next(a, pos) >= 0);
  F->exp_format = 0;
  if (any_nz) {
    double ratio; /* numpy divides in the array's own precision */
    if (a->dt == MSRT_FLOAT32) {
      volatile float q = (float)maxv / (float)minv;
      ratio = (double)q;
    } else if (a->dt == MSRT_FLOAT16) {
      volatile float q = (float)maxv / (float)minv;
      ratio = msrt_half_to_double(msrt_double_to_half((double)q));
    } else {
      ratio = maxv / minv;
    }
    F->exp_format = maxv >= 1e8 || minv < 0.0001 || ratio > 1000.;
  }

  /* First pass of printing to find the widths. */
  do {
    const void *p = elem_at(a, pos);
    FBits f = fbits_load(a->dt, p);
    char s[WORDCAP];
    FmtOpt o;
    int len, dot, e, i;
    if (f.cls) {
      any_nonfinite = 1;
      if (f.cls == 1 && f.neg) neginf = 1;
      continue;
    }
    any_finite = 1;
    o.sci = F->exp_format;
    o.unique = 1;
    o.precision = NP_PRECISION;
    o.min_digits = -1;
    o.trim = TRIM_ZEROS;
    o.pad_left = o.pad_right = o.exp_digits = -1;
    o.plus = F->plus;
    len = fmt_numpy(s, (int)sizeof s, &f, &o);
    for (dot = 0; dot < len && s[dot] != '.'; dot++) {}
    for (e = dot; e < len && s[e] != 'e'; e++) {}
    if (dot > pl) pl = dot;
    i = e - dot - 1; /* fraction digits */
    if (i > pr) pr = i;
    if (len - e - 2 > ex) ex = len - e - 2; /* exponent digits */
  } while (odo_next(a, pos) >= 0);

  if (!any_finite) {
    F->pad_left = F->pad_right = 0;
    F->precision = NP_PRECISION;
    F->exp_size = -1;
  } else if (F->exp_format) {
    F->exp_size = ex;
    F->precision = pr;
    F->pad_left = pl;
    F->pad_right = ex + 2 + pr;
  } else {
    F->pad_left = pl;
    F->pad_right = pr;
    F->precision = NP_PRECISION;
    F->exp_size = -1;
  }
  if (F->plus) neginf = 1;
  if (any_nonfinite) {
    int off = F->pad_right + 1;
    if (3 - off > F->pad_left) F->pad_left = 3 - off;
    if (3 + neginf - off > F->pad_left) F->pad_left = 3 + neginf - off;
  }
}

static void np_fill_int(const Arr *a, NpFmt *F) {
  int64_t pos[MSRT_MAX_NDIM] = {0};
  char s[32];
  int w = 0, len;
  do {
    len = fmt_int_elem(s, a->dt, elem_at(a, pos));
    if (len > w) w = len;
  } while (odo_next(a, pos) >= 0);
  F->int_width = w;
}

/* One element as numpy's format_function returns it. */
static int np_format_elem(const Arr *a, const NpFmt *F, const void *p,
                          char *s, int cap) {
  if (is_float(a->dt)) {
    FBits f = fbits_load(a->dt, p);
    FmtOpt o;
    if (f.cls) {
      Sb b;
      char t[8];
      int tl, i;
      b.s = t;
      b.n = 0;
      b.cap = (int)sizeof t;
      if (F->plus && !(f.neg && f.cls == 1)) sb_put(&b, '+');
      tl = fmt_nonfinite(&b, &f, 0);
      b.s = s;
      b.n = 0;
      b.cap = cap;
      sb_rep(&b, ' ', F->pad_left + F->pad_right + 1 - tl);
      for (i = 0; i < tl; i++) sb_put(&b, t[i]);
      return sb_end(&b);
    }
    o.sci = F->exp_format;
    o.unique = 1;
    o.plus = F->plus;
    o.pad_left = F->pad_left;
    if (F->exp_format) {
      o.precision = o.min_digits = F->precision;
      o.trim = TRIM_NONE;
      o.pad_right = -1;
      o.exp_digits = F->exp_size;
    } else {
      o.precision = F->precision;
      o.min_digits = 0;
      o.trim = TRIM_ZEROS;
      o.pad_right = F->pad_right;
      o.exp_digits = -1;
    }
    return fmt_numpy(s, cap, &f, &o);
  }
  if (a->dt == MSRT_BOOL) {
    const char *w = *(const unsigned char *)p ? " True" : "False";
    strcpy(s, w);
    return 5;
  }
  {
    char t[32];
    int len = fmt_int_elem(t, a->dt, p), i, n = 0;
    for (i = len; i < F->int_width && n < cap - 1; i++) s[n++] = ' ';
    for (i = 0; i < len && n < cap - 1; i++) s[n++] = t[i];
    s[n] = '\0';
    return n;
  }
}

/* A complex array's real and imaginary parts as float arrays (numpy's
 * ComplexFloatingFormat formats each with a FloatingFormat of its own,
 * the imaginary one with sign '+'). */
static void cx_views(const Arr *a, Arr *ra, Arr *ia) {
  int k;
  *ra = *a;
  ra->dt = part_dt(a->dt);
  ra->esz = a->esz / 2;
  for (k = 0; k < a->nd; k++) ra->stride[k] = 2 * a->stride[k];
  *ia = *ra;
  ia->data = a->data + ra->esz;
}

static void np_fill_complex(const Arr *a, NpFmt *F, NpFmt *Fi) {
  Arr ra, ia;
  cx_views(a, &ra, &ia);
  np_fill_float(&ra, F);
  Fi->plus = 1;
  np_fill_float(&ia, Fi);
}

/* One complex element: the real part's text, then the imaginary part's
 * with the 'j' before its trailing spaces (numpy's ComplexFloatingFormat). */
static int np_format_cx(const Arr *a, const NpFmt *F, const NpFmt *Fi, const void *p, char *s,
                        int cap) {
  Arr ra, ia;
  char t[WORDCAP];
  int n, m, sp, i;
  Sb b;
  cx_views(a, &ra, &ia);
  n = np_format_elem(&ra, F, p, s, cap);
  m = np_format_elem(&ra, Fi, (const unsigned char *)p + ra.esz, t, (int)sizeof t);
  for (sp = m; sp > 0 && t[sp - 1] == ' '; sp--) {}
  b.s = s;
  b.n = n;
  b.cap = cap;
  for (i = 0; i < sp; i++) sb_put(&b, t[i]);
  sb_put(&b, 'j');
  for (; i < m; i++) sb_put(&b, t[i]);
  return sb_end(&b);
}

/* numpy's _extendLine: wrap before `word` if the line would get too long,
 * unless the line holds nothing but its indent. */
static void np_extend_line(Out *o, const char *word, int wlen, int width,
                           int indent) {
  if (o->col + wlen > width && o->col > indent) {
    out_drop_spaces(o);
    out_char(o, '\n');
    out_rep(o, ' ', indent);
  }
  out_str(o, word);
}

/* numpy's str (repr == 0) or repr (repr == 1) of an array of ndim >= 1
 * (numpy's _formatArray). repr differs in: the "array(" prefix, whose
 * width joins every continuation indent; ", " between elements and ","
 * before row breaks; a line width one less (array2string subtracts the
 * suffix); the dtype suffix, written by the caller. */
static int np_print(Out *o, msrt_dtype dt, const void *data,
                    const int64_t *shape, int ndim, const int64_t *strides,
                    int repr) {
  Arr a;
  NpFmt F, Fi;
  int64_t pos[MSRT_MAX_NDIM] = {0};
  char s[2 * WORDCAP];
  int k, j, nd = ndim, width, ind = repr ? 6 : 0;
  int rc = arr_init(&a, dt, data, shape, ndim, strides);
  if (rc) return rc;
  if (a.size > NP_THRESHOLD)
    for (k = 0; k < nd; k++) a.summ[k] = a.shape[k] > 2 * EDGE;
  memset(&F, 0, sizeof F);
  memset(&Fi, 0, sizeof Fi);
  if (is_complex(dt))
    np_fill_complex(&a, &F, &Fi);
  else if (is_float(dt))
    np_fill_float(&a, &F);
  else if (dt != MSRT_BOOL)
    np_fill_int(&a, &F);

  /* The innermost rows: numpy's line width shrinks by one per nesting
   * level, and one more for the closing bracket; continuation lines are
   * indented by the nesting depth. */
  width = NP_LINEWIDTH - nd - repr;
  out_rep(o, '[', nd);
  for (;;) {
    int len = is_complex(dt) ? np_format_cx(&a, &F, &Fi, elem_at(&a, pos), s, (int)sizeof s)
                             : np_format_elem(&a, &F, elem_at(&a, pos), s, (int)sizeof s);
    np_extend_line(o, s, len, width, nd + ind);
    k = odo_next(&a, pos);
    if (k == nd - 1) {
      if (repr) out_char(o, ',');
      out_char(o, ' ');
      if (a.summ[k] && pos[k] == EDGE) {
        np_extend_line(o, "...", 3, width, nd + ind);
        if (repr) out_char(o, ',');
        out_char(o, ' ');
      }
      continue;
    }
    /* Close the finished dimensions k+1 .. nd-1. */
    out_rep(o, ']', nd - 1 - k);
    if (k < 0) break;
    /* Between rows of dimension k: nd-k-1 newlines, then the indent. */
    if (repr) out_char(o, ',');
    out_rep(o, '\n', nd - k - 1);
    if (a.summ[k] && pos[k] == EDGE) {
      out_rep(o, ' ', k + 1 + ind);
      out_str(o, "...");
      if (repr) out_char(o, ',');
      out_rep(o, '\n', nd - k - 1);
    }
    out_rep(o, ' ', k + 1 + ind);
    for (j = k + 1; j < nd; j++) out_char(o, '[');
  }
  return MSRT_OK;
}

int msrt_print_numpy(msrt_write_fn w, void *ctx, msrt_dtype dt,
                     const void *data, const int64_t *shape, int ndim,
                     const int64_t *strides) {
  Out o;
  char s[WORDCAP];
  int64_t size = 1;
  int k, rc;
  if (!dtype_ok(dt) || ndim < 0 || ndim > MSRT_MAX_NDIM) return MSRT_EINVAL;
  out_init(&o, w, ctx);
  for (k = 0; k < ndim; k++) size *= shape[k];
  if (ndim == 0) {
    msrt_format_scalar(s, sizeof s, dt, data);
    out_str(&o, s);
    out_finish(&o);
    return MSRT_OK;
  }
  if (size == 0) {
    out_str(&o, "[]");
    out_finish(&o);
    return MSRT_OK;
  }
  rc = np_print(&o, dt, data, shape, ndim, strides, 0);
  out_finish(&o);
  return rc;
}

/* numpy's dtype names, as repr shows them after "dtype=". */
static const char *np_dtype_name(msrt_dtype dt) {
  static const char *const names[MSRT_NUM_DTYPES] = {
      "bool", "int8", "uint8", "int16", "int32", "int64", "float16",
      "float32", "float64", "uint16", "uint32", "uint64", "complex64",
      "complex128"};
  return dtype_ok(dt) ? names[dt] : "?";
}

int msrt_print_numpy_repr(msrt_write_fn w, void *ctx, msrt_dtype dt,
                          const void *data, const int64_t *shape, int ndim,
                          const int64_t *strides) {
  Out o;
  int64_t size = 1;
  int k, rc = MSRT_OK, implied;
  if (!dtype_ok(dt) || ndim < 0 || ndim > MSRT_MAX_NDIM) return MSRT_EINVAL;
  out_init(&o, w, ctx);
  for (k = 0; k < ndim; k++) size *= shape[k];
  if (ndim == 0) { /* a 0-d array: array(3.), array(2, dtype=int32) (numpy's scalars,
                     * whose repr is their str, are printed by msc's eval/) */
    /* numpy's array2string of the one element, as in a 1-element array:
     * array(3.), array(1.e+20) */
    Arr a;
    NpFmt F, Fi;
    char s[2 * WORDCAP];
    int64_t one = 1, pos[MSRT_MAX_NDIM] = {0};
    (void)shape;
    (void)strides;
    rc = arr_init(&a, dt, data, &one, 1, NULL);
    if (rc) return rc;
    memset(&F, 0, sizeof F);
    memset(&Fi, 0, sizeof Fi);
    if (is_complex(dt))
      np_fill_complex(&a, &F, &Fi);
    else if (is_float(dt))
      np_fill_float(&a, &F);
    else if (dt != MSRT_BOOL)
      np_fill_int(&a, &F);
    if (is_complex(dt))
      np_format_cx(&a, &F, &Fi, elem_at(&a, pos), s, (int)sizeof s);
    else
      np_format_elem(&a, &F, elem_at(&a, pos), s, (int)sizeof s);
    out_str(&o, "array(");
    out_str(&o, dt == MSRT_BOOL ? (*(const unsigned char *)data ? "True" : "False") : s);
    if (!(dt == MSRT_FLOAT64 || dt == MSRT_INT64 || dt == MSRT_BOOL || dt == MSRT_COMPLEX128)) {
      out_str(&o, ", dtype=");
      out_str(&o, np_dtype_name(dt));
    }
    out_str(&o, ")");
    out_finish(&o);
    return rc;
  }
  implied = size > 0 && (dt == MSRT_FLOAT64 || dt == MSRT_INT64 || dt == MSRT_BOOL ||
                        dt == MSRT_COMPLEX128);
  out_str(&o, "array(");
  if (size > 0) {
    rc = np_print(&o, dt, data, shape, ndim, strides, 1);
  } else {
    out_str(&o, "[]");
    if (!(ndim == 1 && shape[0] == 0)) {
      out_str(&o, ", shape=(");
      for (k = 0; k < ndim; k++) {
        char nb[32];
        int n = 0;
        int64_t v = shape[k];
        char rev[32];
        if (k) out_str(&o, ", ");
        do {
          rev[n++] = (char)('0' + (int)(v % 10));
          v /= 10;
        } while (v > 0);
        {
          int i;
          for (i = 0; i < n; i++) nb[i] = rev[n - 1 - i];
          nb[n] = '\0';
        }
        out_str(&o, nb);
      }
      out_str(&o, ndim == 1 ? ",)" : ")");
    }
  }
  if (implied) {
    out_char(&o, ')');
  } else {
    const char *name = np_dtype_name(dt);
    int dlen = 7 + (int)strlen(name); /* "dtype=" NAME ")" */
    out_char(&o, ',');
    if (o.col + dlen + 1 > NP_LINEWIDTH) {
      out_char(&o, '\n');
      out_rep(&o, ' ', 6);
    } else {
      out_char(&o, ' ');
    }
    out_str(&o, "dtype=");
    out_str(&o, name);
    out_char(&o, ')');
  }
  out_finish(&o);
  return rc;
}

/* ===================================================================
 * MindSpore's C++ printer (Tensor::ToStringNoLimit / ToStringRepr)
 * =================================================================== */

#define MS_THRESHOLD 6
#define MS_THRESHOLD_1D 1000

/* MindSpore's ComplexStorage operator<<: noshowpos real, showpos imag,
 * then 'j' (%g each: "1+2j", "0.5-1e-05j"). */
static void ms_format_cx(msrt_dtype dt, const void *p, char *s, int cap) {
  msrt_dtype pd = part_dt(dt);
  FBits fr = fbits_load(pd, p), fi = fbits_load(pd, (const unsigned char *)p + msrt_dtype_size(pd));
  int n = fmt_printf_g(s, cap, &fr);
  if (!fi.neg && n < cap - 1) s[n++] = '+';
  if (n < cap - 1) n += fmt_printf_g(s + n, cap - n, &fi);
  if (n < cap - 1) s[n++] = 'j';
  s[n < cap ? n : cap - 1] = '\0';
}

static void ms_format_elem(const Arr *a, const void *p, int int_width,
                           char *s, int cap) {
  if (is_complex(a->dt)) {
    ms_format_cx(a->dt, p, s, cap);
  } else if (is_float(a->dt)) {
    FBits f = fbits_load(a->dt, p);
    if (a->dt == MSRT_FLOAT16)
      fmt_printf_e(s, cap, &f, 11, 4);
    else
      fmt_printf_e(s, cap, &f, 15, 8);
  } else if (a->dt == MSRT_BOOL) {
    strcpy(s, *(const unsigned char *)p ? " True" : "False");
  } else {
    char t[32];
    int len = fmt_int_elem(t, a->dt, p), i, n = 0;
    for (i = len; i < int_width && n < cap - 1; i++) s[n++] = ' ';
    for (i = 0; i < len && n < cap - 1; i++) s[n++] = t[i];
    s[n] = '\0';
  }
}

static void ms_data(Out *o, Arr *a, int use_comma) {
  int64_t pos[MSRT_MAX_NDIM] = {0};
  char s[64];
  int nd = a->nd, k, j, int_width = 0, feed = 0;
  int64_t idx = 0;

  if (a->size == 0) return;
  if (nd == 0) { /* a scalar: operator<< defaults */
    if (is_complex(a->dt)) {
      ms_format_cx(a->dt, a->data, s, (int)sizeof s);
    } else if (is_float(a->dt)) {
      FBits f = fbits_load(a->dt, a->data);
      fmt_printf_g(s, (int)sizeof s, &f);
    } else if (a->dt == MSRT_BOOL) {
      strcpy(s, *a->data ? "True" : "False");
    } else {
      fmt_int_elem(s, a->dt, a->data);
    }
    out_str(o, s);
    return;
  }
  for (k = 0; k < nd - 1; k++) a->summ[k] = a->shape[k] > MS_THRESHOLD;
  a->summ[nd - 1] = a->shape[nd - 1] > (nd > 1 ? MS_THRESHOLD : MS_THRESHOLD_1D);
  if (!is_float(a->dt) && !is_complex(a->dt) && a->dt != MSRT_BOOL) {
    do {
      int len = fmt_int_elem(s, a->dt, elem_at(a, pos));
      if (len > int_width) int_width = len;
    } while (odo_next(a, pos) >= 0);
  }
  /* 1-D tensors of more than 3 shown elements break the line after every
   * 12 floats or bools, or 24 ints. */
  if (nd == 1 && !a->summ[0] && a->shape[0] > 3)
    feed = is_float(a->dt) || a->dt == MSRT_BOOL ? 2 * MS_THRESHOLD
                                                 : 4 * MS_THRESHOLD;

  out_rep(o, '[', nd);
  for (;;) {
    ms_format_elem(a, elem_at(a, pos), int_width, s, (int)sizeof s);
    out_str(o, s);
    k = odo_next(a, pos);
    if (k == nd - 1) {
      if (a->summ[k] && pos[k] == EDGE) {
        out_str(o, " ... ");
      } else {
        if (use_comma) out_char(o, ',');
        out_char(o, ' ');
      }
    }
    idx++;
    if (feed && idx % feed == 0) out_str(o, "\n ");
    if (k == nd - 1) continue;
    out_rep(o, ']', nd - 1 - k);
    if (k < 0) break;
    if (use_comma) out_char(o, ',');
    out_char(o, '\n');
    out_rep(o, ' ', k + 1);
    if (a->summ[k] && pos[k] == EDGE) {
      out_str(o, "...\n");
      out_rep(o, ' ', k + 1);
    }
    for (j = k + 1; j < nd; j++) out_char(o, '[');
  }
}

static void ms_header(Out *o, const Arr *a) {
  char t[32];
  int k;
  out_str(o, "Tensor(shape=[");
  for (k = 0; k < a->nd; k++) {
    if (k) out_str(o, ", ");
    fmt_i64(t, a->shape[k]);
    out_str(o, t);
  }
  out_str(o, "], dtype=");
  out_str(o, msrt_dtype_name(a->dt));
  out_str(o, ", value=");
}

int msrt_print_graph_data(msrt_write_fn w, void *ctx, msrt_dtype dt,
                          const void *data, const int64_t *shape, int ndim,
                          const int64_t *strides, int use_comma) {
  Arr a;
  Out o;
  int rc = arr_init(&a, dt, data, shape, ndim, strides);
  if (rc) return rc;
  out_init(&o, w, ctx);
  ms_data(&o, &a, use_comma);
  out_finish(&o);
  return MSRT_OK;
}

int msrt_print_graph(msrt_write_fn w, void *ctx, msrt_dtype dt,
                     const void *data, const int64_t *shape, int ndim,
                     const int64_t *strides, const char *param_name) {
  Arr a;
  Out o;
  int rc = arr_init(&a, dt, data, shape, ndim, strides);
  if (rc) return rc;
  out_init(&o, w, ctx);
  ms_header(&o, &a);
  if (ndim > 1) out_char(&o, '\n');
  ms_data(&o, &a, 0);
  if (param_name) {
    out_str(&o, ", name=");
    out_str(&o, param_name);
  }
  out_char(&o, ')');
  out_finish(&o);
  return MSRT_OK;
}

int msrt_print_repr(msrt_write_fn w, void *ctx, msrt_dtype dt,
                    const void *data, const int64_t *shape, int ndim,
                    const int64_t *strides) {
  Arr a;
  Out o;
  int rc = arr_init(&a, dt, data, shape, ndim, strides);
  if (rc) return rc;
  out_init(&o, w, ctx);
  ms_header(&o, &a);
  out_char(&o, ndim > 1 ? '\n' : ' ');
  ms_data(&o, &a, 1);
  out_char(&o, ')');
  out_finish(&o);
  return MSRT_OK;
}
