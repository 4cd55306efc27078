/* kernels.c — elementwise, cast, strided copy, reduction and softmax
 * kernels for eager mode, the reference executor and generated C.
 *
 * Semantics are numpy 1.24's (msrt.h section 4), in detail:
 *   - integer add/sub/mul/neg/square/pow wrap modulo 2^bits (computed in
 *     unsigned arithmetic, so never undefined behaviour); integer floor
 *     division and modulo by zero give 0, MIN // -1 gives MIN, and the
 *     results follow the sign of the divisor; integer pow with a negative
 *     exponent gives 0 (the caller reports the error first);
 *   - float floor_divide and remainder are numpy's npy_divmod (fmod, then
 *     adjusted to the divisor's sign, the quotient snapped to an integer);
 *   - maximum/minimum propagate NaN (the first NaN operand); comparisons
 *     with NaN are false except !=;
 *   - bool: add = or, mul = and, maximum = or, minimum = and; sub, floor
 *     division, mod, pow, div and atan2 are EINVAL (numpy raises or
 *     promotes to another dtype: the caller casts first);
 *   - float16 is computed in float and rounded back (to nearest even) after
 *     every operation, as numpy's half loops do;
 *   - float -> integer casts truncate toward zero and give what numpy
 *     gives on x86-64 elsewhere (8/16-bit targets wrap, 200.0 -> int8 is
 *     -56; NaN/inf/out-of-range values: see "casts" below), never UB;
 *   - sums of float32/float64/float16 reproduce numpy's summation order
 *     exactly: with a contiguous reduced axis (inner == 1) numpy adds the
 *     pairwise sums (8 accumulators, 128-element leaves) of consecutive
 *     8192-element blocks (its buffer size) to the identity 0; otherwise
 *     it adds rows in order. float16 sums accumulate in float within a
 *     block (inner == 1) and are rounded to half between blocks or rows,
 *     like numpy. Products are sequential.
 *
 * Every kernel is a loop over the innermost dimension (with fast paths for
 * contiguous operands and scalar broadcasts) driven by an odometer over the
 * outer dimensions, after size-1 dimensions are dropped and dimensions that
 * are contiguous in every operand are merged.
 *
 * No malloc, no VLAs, no recursion (the pairwise summation keeps its own
 * bounded stack); scratch buffers are small fixed-size stack arrays. */
#include "msrt.h"

#include <math.h>
#include <string.h>

#define CHUNK 256 /* elements per stack scratch buffer */
#define NP_BUFSIZE 8192 /* numpy's ufunc buffer: the summation block */

/* ===================================================================
 * dtype classes and binary16 conversions
 * =================================================================== */

static int is_floatdt(msrt_dtype dt) {
  return dt == MSRT_FLOAT16 || dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64;
}
static int is_intdt(msrt_dtype dt) {
  return dt == MSRT_INT8 || dt == MSRT_UINT8 || dt == MSRT_INT16 ||
         dt == MSRT_INT32 || dt == MSRT_INT64 || dt == MSRT_UINT16 ||
         dt == MSRT_UINT32 || dt == MSRT_UINT64;
}
static int is_unsigneddt(msrt_dtype dt) {
  return dt == MSRT_UINT8 || dt == MSRT_UINT16 || dt == MSRT_UINT32 ||
         dt == MSRT_UINT64;
}
static int dtype_valid(msrt_dtype dt) {
  return (unsigned)dt < (unsigned)MSRT_NUM_DTYPES; /* also rejects negatives */
}

static float h2f(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu,
           m = h & 0x3ffu, bits;
  float f;
  if (e == 0x1f) {
    bits = sign | 0x7f800000u | (m << 13);
  } else if (e == 0) {
    f = (float)m * 5.9604644775390625e-8f; /* m * 2^-24, exact */
    return sign ? -f : f;
  } else {
    bits = sign | ((e + 112u) << 23) | (m << 13);
  }
  memcpy(&f, &bits, 4);
  return f;
}

/* Round-to-nearest-even binary32 -> binary16. */
static uint16_t f2h(float f) {
  uint32_t x, ax, sign, h;
  memcpy(&x, &f, 4);
  sign = (x >> 16) & 0x8000u;
  ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u) /* inf, nan (kept quiet, payload top bits) */
    return (uint16_t)(sign | (ax > 0x7f800000u ? 0x7e00u | ((ax >> 13) & 0x3ffu)
                                               : 0x7c00u));
  if (ax >= 0x477ff000u) return (uint16_t)(sign | 0x7c00u); /* >= 65520 */
  if (ax < 0x38800000u) { /* below 2^-14: subnormal half or zero */
    uint32_t e = ax >> 23, m, shift, rem, half, q;
    if (ax < 0x33000000u) return (uint16_t)sign; /* < 2^-25 */
    m = (ax & 0x7fffffu) | 0x800000u;
    shift = 126u - e; /* 14..24 */
    q = m >> shift;
    rem = m & ((1u << shift) - 1u);
    half = 1u << (shift - 1u);
    if (rem > half || (rem == half && (q & 1u))) q++;
    return (uint16_t)(sign | q);
  }
  h = (ax >> 13) - (112u << 10);
  {
    uint32_t rem = ax & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) h++;
  }
  return (uint16_t)(sign | h);
}

/* Round-to-nearest-even binary64 -> binary16 (single rounding). */
static uint16_t d2h(double d) {
  uint64_t x, ax;
  uint32_t sign;
  memcpy(&x, &d, 8);
  sign = (uint32_t)(x >> 48) & 0x8000u;
  ax = x & 0x7fffffffffffffffull;
  if (ax >= 0x7ff0000000000000ull)
    return (uint16_t)(sign | (ax > 0x7ff0000000000000ull
                                  ? 0x7e00u | (uint32_t)((ax >> 42) & 0x3ffu)
                                  : 0x7c00u));
  if (ax >= 0x40effe0000000000ull) return (uint16_t)(sign | 0x7c00u);
  if (ax < 0x3f10000000000000ull) { /* below 2^-14 */
    uint64_t e = ax >> 52, m, rem, half, q;
    unsigned shift;
    if (ax < 0x3e60000000000000ull) return (uint16_t)sign; /* < 2^-25 */
    m = (ax & 0xfffffffffffffull) | 0x10000000000000ull;
    shift = (unsigned)(1051u - e); /* 43..53 */
    q = m >> shift;
    rem = m & ((1ull << shift) - 1u);
    half = 1ull << (shift - 1u);
    if (rem > half || (rem == half && (q & 1u))) q++;
    return (uint16_t)(sign | (uint32_t)q);
  } else {
    uint64_t h = (ax >> 42) - (1008ull << 10), rem = ax & 0x3ffffffffffull;
    if (rem > 0x20000000000ull || (rem == 0x20000000000ull && (h & 1u))) h++;
    return (uint16_t)(sign | (uint32_t)h);
  }
}

/* float rounded to binary16 and back */
static float round_half(float f) { return h2f(f2h(f)); }

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* ===================================================================
 * n-d iteration: collapse dimensions, then an odometer over the outer ones
 * =================================================================== */

typedef struct {
  int nd;                         /* >= 1 */
  int64_t shape[MSRT_MAX_NDIM];
  int64_t st[3][MSRT_MAX_NDIM];   /* element strides per operand */
} Nd;

/* Fills it from shape and nops stride arrays (NULL = contiguous). Returns
 * the element count, or -1 for a bad ndim or a negative dim. */
static int64_t nd_setup(Nd *it, int ndim, const int64_t *shape, int nops,
                        const int64_t *const *strides) {
  int64_t cst[MSRT_MAX_NDIM], total = 1, run = 1;
  int d, k, nd = 0;
  if (ndim < 0 || ndim > MSRT_MAX_NDIM || (ndim > 0 && !shape)) return -1;
  for (d = ndim - 1; d >= 0; d--) {
    if (shape[d] < 0) return -1;
    cst[d] = run;
    run *= shape[d] > 0 ? shape[d] : 1;
    total *= shape[d];
  }
  for (d = 0; d < ndim; d++) {
    if (shape[d] == 1) continue;
    if (nd > 0) {
      int merge = 1;
      for (k = 0; k < nops; k++) {
        int64_t s = strides[k] ? strides[k][d] : cst[d];
        if (it->st[k][nd - 1] != s * shape[d]) merge = 0;
      }
      if (merge) {
        it->shape[nd - 1] *= shape[d];
        for (k = 0; k < nops; k++)
          it->st[k][nd - 1] = strides[k] ? strides[k][d] : cst[d];
        continue;
      }
    }
    it->shape[nd] = shape[d];
    for (k = 0; k < nops; k++)
      it->st[k][nd] = strides[k] ? strides[k][d] : cst[d];
    nd++;
  }
  if (nd == 0) {
    it->shape[0] = 1;
    for (k = 0; k < 3; k++) it->st[k][0] = 0;
    nd = 1;
  }
  it->nd = nd;
  return total;
}

/* Advances the odometer over dimensions 0..nd-2 and the byte offsets of
 * nops operands; returns 0 when done. */
static int nd_next(const Nd *it, int64_t *idx, int nops, int64_t *off,
                   const size_t *esz) {
  int d, k;
  for (d = it->nd - 2; d >= 0; d--) {
    idx[d]++;
    for (k = 0; k < nops; k++) off[k] += it->st[k][d] * (int64_t)esz[k];
    if (idx[d] < it->shape[d]) return 1;
    for (k = 0; k < nops; k++)
      off[k] -= it->st[k][d] * it->shape[d] * (int64_t)esz[k];
    idx[d] = 0;
  }
  return 0;
}

/* ===================================================================
 * binary operations
 * =================================================================== */

typedef void (*bin_fn)(int64_t n, const void *a, int64_t sa, const void *b,
                       int64_t sb, void *o, int64_t so);

#define BIN_LOOP(NAME, TI, TO, EXPR)                                           \
  static void NAME(int64_t n, const void *va, int64_t sa, const void *vb,      \
                   int64_t sb, void *vo, int64_t so) {                         \
    const TI *a = (const TI *)va, *b = (const TI *)vb;                         \
    TO *o = (TO *)vo;                                                          \
    int64_t i;                                                                 \
    if (sa == 1 && sb == 1 && so == 1) {                                       \
      for (i = 0; i < n; i++) {                                                \
        TI x = a[i], y = b[i];                                                 \
        o[i] = (TO)(EXPR);                                                     \
      }                                                                        \
    } else if (sa == 0 && sb == 1 && so == 1) {                                \
      TI x = a[0];                                                             \
      for (i = 0; i < n; i++) {                                                \
        TI y = b[i];                                                           \
        o[i] = (TO)(EXPR);                                                     \
      }                                                                        \
    } else if (sa == 1 && sb == 0 && so == 1) {                                \
      TI y = b[0];                                                             \
      for (i = 0; i < n; i++) {                                                \
        TI x = a[i];                                                           \
        o[i] = (TO)(EXPR);                                                     \
      }                                                                        \
    } else {                                                                   \
      for (i = 0; i < n; i++) {                                                \
        TI x = a[i * sa], y = b[i * sb];                                       \
        o[i * so] = (TO)(EXPR);                                                \
      }                                                                        \
    }                                                                          \
  }

typedef unsigned char u8;

/* ---- integer helpers (WU: the unsigned type the arithmetic wraps in) */
#define INT_COMMON(S, T, WU)                                                   \
  static T add_##S(T x, T y) { return (T)((WU)x + (WU)y); }                   \
  static T sub_##S(T x, T y) { return (T)((WU)x - (WU)y); }                   \
  static T mul_##S(T x, T y) { return (T)((WU)x * (WU)y); }                   \
  static T ipow_##S(T x, T y) {                                                \
    WU r = 1, base = (WU)x;                                                    \
    uint64_t e;                                                                \
    if (y <= 0) return (T)(y == 0 ? 1 : 0);                                    \
    e = (uint64_t)y;                                                           \
    while (e) {                                                                \
      if (e & 1u) r = (WU)(r * base);                                          \
      base = (WU)(base * base);                                                \
      e >>= 1;                                                                 \
    }                                                                          \
    return (T)r;                                                               \
  }

#define INT_SIGNED(S, T, WU)                                                   \
  INT_COMMON(S, T, WU)                                                         \
  static T fdiv_##S(T x, T y) {                                                \
    T q, r;                                                                    \
    if (y == 0) return 0;                                                      \
    if (y == -1) return (T)((WU)0 - (WU)x);                                    \
    q = (T)(x / y);                                                            \
    r = (T)(x % y);                                                            \
    if (r != 0 && ((r < 0) != (y < 0))) q = (T)(q - 1);                       \
    return q;                                                                  \
  }                                                                            \
  static T mod_##S(T x, T y) {                                                 \
    T r;                                                                       \
    if (y == 0 || y == -1) return 0;                                           \
    r = (T)(x % y);                                                            \
    if (r != 0 && ((r < 0) != (y < 0))) r = (T)(r + y);                       \
    return r;                                                                  \
  }

#define INT_UNSIGNED(S, T, WU)                                                 \
  INT_COMMON(S, T, WU)                                                         \
  static T fdiv_##S(T x, T y) {                                                \
    WU q;                                                                      \
    if (y == 0) return 0;                                                      \
    q = (WU)x / (WU)y;                                                         \
    return (T)q;                                                               \
  }                                                                            \
  static T mod_##S(T x, T y) {                                                 \
    WU m;                                                                      \
    if (y == 0) return 0;                                                      \
    m = (WU)x % (WU)y;                                                         \
    return (T)m;                                                               \
  }

INT_SIGNED(i8, int8_t, uint32_t)
INT_SIGNED(i16, int16_t, uint32_t)
INT_SIGNED(i32, int32_t, uint32_t)
INT_SIGNED(i64, int64_t, uint64_t)
INT_UNSIGNED(u8, uint8_t, uint32_t)
INT_UNSIGNED(u16, uint16_t, uint32_t)
INT_UNSIGNED(u32, uint32_t, uint32_t)
INT_UNSIGNED(u64, uint64_t, uint64_t)

/* ---- the loops, one set per dtype */
#define BIN_CMP_LOGIC(S, T, TRUTH)                                             \
  BIN_LOOP(eq_##S, T, u8, x == y)                                              \
  BIN_LOOP(ne_##S, T, u8, x != y)                                              \
  BIN_LOOP(lt_##S, T, u8, x < y)                                               \
  BIN_LOOP(le_##S, T, u8, x <= y)                                              \
  BIN_LOOP(gt_##S, T, u8, x > y)                                               \
  BIN_LOOP(ge_##S, T, u8, x >= y)                                              \
  BIN_LOOP(land_##S, T, u8, TRUTH(x) && TRUTH(y))                              \
  BIN_LOOP(lor_##S, T, u8, TRUTH(x) || TRUTH(y))

#define TRUTH_NZ(v) ((v) != 0)

#define BIN_INT(S, T)                                                          \
  BIN_LOOP(add_l_##S, T, T, add_##S(x, y))                                     \
  BIN_LOOP(sub_l_##S, T, T, sub_##S(x, y))                                     \
  BIN_LOOP(mul_l_##S, T, T, mul_##S(x, y))                                     \
  BIN_LOOP(fdiv_l_##S, T, T, fdiv_##S(x, y))                                   \
  BIN_LOOP(mod_l_##S, T, T, mod_##S(x, y))                                     \
  BIN_LOOP(pow_l_##S, T, T, ipow_##S(x, y))                                    \
  BIN_LOOP(max_l_##S, T, T, x >= y ? x : y)                                    \
  BIN_LOOP(min_l_##S, T, T, x <= y ? x : y)                                    \
  BIN_LOOP(and_l_##S, T, T, x & y)                                             \
  BIN_LOOP(or_l_##S, T, T, x | y)                                              \
  BIN_LOOP(xor_l_##S, T, T, x ^ y)                                             \
  BIN_CMP_LOGIC(S, T, TRUTH_NZ)                                                \
  static bin_fn bin_pick_##S(msrt_binop op) {                                  \
    switch (op) {                                                              \
    case MSRT_ADD: return add_l_##S;                                           \
    case MSRT_SUB: return sub_l_##S;                                           \
    case MSRT_MUL: return mul_l_##S;                                           \
    case MSRT_FLOORDIV: return fdiv_l_##S;                                     \
    case MSRT_MOD: return mod_l_##S;                                           \
    case MSRT_POW: return pow_l_##S;                                           \
    case MSRT_MAXIMUM: return max_l_##S;                                       \
    case MSRT_MINIMUM: return min_l_##S;                                       \
    case MSRT_BITAND: return and_l_##S;                                        \
    case MSRT_BITOR: return or_l_##S;                                          \
    case MSRT_BITXOR: return xor_l_##S;                                        \
    case MSRT_LOGICAL_AND: return land_##S;                                    \
    case MSRT_LOGICAL_OR: return lor_##S;                                      \
    case MSRT_EQ: return eq_##S;                                               \
    case MSRT_NE: return ne_##S;                                               \
    case MSRT_LT: return lt_##S;                                               \
    case MSRT_LE: return le_##S;                                               \
    case MSRT_GT: return gt_##S;                                               \
    case MSRT_GE: return ge_##S;                                               \
    default: return NULL;                                                      \
    }                                                                          \
  }

BIN_INT(i8, int8_t)
BIN_INT(u8, uint8_t)
BIN_INT(i16, int16_t)
BIN_INT(u16, uint16_t)
BIN_INT(i32, int32_t)
BIN_INT(u32, uint32_t)
BIN_INT(i64, int64_t)
BIN_INT(u64, uint64_t)

/* float loops: one per op of MSRT_BINOPS with a float formula (msrt.h) */
#define BINF_A(E, fn, S, T) BIN_LOOP(fn##_l_##S, T, T, msrt_##fn##_##S(x, y))
#define BINF_C(E, fn, S, T) BIN_LOOP(fn##_l_##S, T, u8, msrt_##fn##_##S(x, y))
#define BINF_B(E, fn, S, T)
#define BINF_Z(E, fn, S, T)
#define BINF_f32(E, fn, K) BINF_##K(E, fn, f32, float)
#define BINF_f64(E, fn, K) BINF_##K(E, fn, f64, double)
MSRT_BINOPS(BINF_f32)
MSRT_BINOPS(BINF_f64)
#define BINP_A(E, fn, S) case MSRT_##E: return fn##_l_##S;
#define BINP_C(E, fn, S) case MSRT_##E: return fn##_l_##S;
#define BINP_B(E, fn, S)
#define BINP_Z(E, fn, S)
#define BINP_f32(E, fn, K) BINP_##K(E, fn, f32)
#define BINP_f64(E, fn, K) BINP_##K(E, fn, f64)
static bin_fn bin_pick_f32(msrt_binop op) {
  switch (op) {
  MSRT_BINOPS(BINP_f32)
  default: return NULL;
  }
}
static bin_fn bin_pick_f64(msrt_binop op) {
  switch (op) {
  MSRT_BINOPS(BINP_f64)
  default: return NULL;
  }
}

/* bool: operands are normalised (any non-zero byte is True) */
#define B(v) ((v) != 0)
BIN_LOOP(or_l_b, u8, u8, B(x) | B(y))
BIN_LOOP(and_l_b, u8, u8, B(x) & B(y))
BIN_LOOP(xor_l_b, u8, u8, B(x) ^ B(y))
BIN_LOOP(eq_b, u8, u8, B(x) == B(y))
BIN_LOOP(ne_b, u8, u8, B(x) != B(y))
BIN_LOOP(lt_b, u8, u8, B(x) < B(y))
BIN_LOOP(le_b, u8, u8, B(x) <= B(y))
BIN_LOOP(gt_b, u8, u8, B(x) > B(y))
BIN_LOOP(ge_b, u8, u8, B(x) >= B(y))
#undef B

static bin_fn bin_pick_b(msrt_binop op) {
  switch (op) {
  case MSRT_ADD: case MSRT_MAXIMUM: case MSRT_BITOR: case MSRT_LOGICAL_OR:
    return or_l_b;
  case MSRT_MUL: case MSRT_MINIMUM: case MSRT_BITAND: case MSRT_LOGICAL_AND:
    return and_l_b;
  case MSRT_BITXOR: return xor_l_b;
  case MSRT_EQ: return eq_b;
  case MSRT_NE: return ne_b;
  case MSRT_LT: return lt_b;
  case MSRT_LE: return le_b;
  case MSRT_GT: return gt_b;
  case MSRT_GE: return ge_b;
  default: return NULL;
  }
}

static int binop_bool_out(msrt_binop op) {
  return op == MSRT_LOGICAL_AND || op == MSRT_LOGICAL_OR || op == MSRT_EQ ||
         op == MSRT_NE || op == MSRT_LT || op == MSRT_LE || op == MSRT_GT ||
         op == MSRT_GE;
}

static bin_fn bin_pick(msrt_binop op, msrt_dtype dt) {
  switch (dt) {
  case MSRT_BOOL: return bin_pick_b(op);
  case MSRT_INT8: return bin_pick_i8(op);
  case MSRT_UINT8: return bin_pick_u8(op);
  case MSRT_INT16: return bin_pick_i16(op);
  case MSRT_UINT16: return bin_pick_u16(op);
  case MSRT_INT32: return bin_pick_i32(op);
  case MSRT_UINT32: return bin_pick_u32(op);
  case MSRT_INT64: return bin_pick_i64(op);
  case MSRT_UINT64: return bin_pick_u64(op);
  case MSRT_FLOAT16: return bin_pick_f32(op); /* through float */
  case MSRT_FLOAT32: return bin_pick_f32(op);
  case MSRT_FLOAT64: return bin_pick_f64(op);
  default: return NULL;
  }
}

/* float16: widen a chunk of each operand to float, run the float loop,
 * round the result back (or write the bool result directly). */
static void bin_half(bin_fn fn, int bool_out, int64_t n, const uint16_t *a,
                     int64_t sa, const uint16_t *b, int64_t sb, void *o,
                     int64_t so) {
  float fa[CHUNK], fb[CHUNK], fo[CHUNK];
  int64_t i0;
  int i, m;
  for (i0 = 0; i0 < n; i0 += CHUNK) {
    m = (int)min64(CHUNK, n - i0);
    if (sa == 0) fa[0] = h2f(a[0]);
    else for (i = 0; i < m; i++) fa[i] = h2f(a[(i0 + i) * sa]);
    if (sb == 0) fb[0] = h2f(b[0]);
    else for (i = 0; i < m; i++) fb[i] = h2f(b[(i0 + i) * sb]);
    if (bool_out) {
      fn(m, fa, sa ? 1 : 0, fb, sb ? 1 : 0, (u8 *)o + i0 * so, so);
    } else {
      uint16_t *oh = (uint16_t *)o + i0 * so;
      fn(m, fa, sa ? 1 : 0, fb, sb ? 1 : 0, fo, 1);
      for (i = 0; i < m; i++) oh[i * so] = f2h(fo[i]);
    }
  }
}


/* ===================================================================
 * complex64 / complex128 (msrt.h: a struct of the real and imaginary
 * parts). numpy 1.24's formulas: (a+bi)(c+di) = (ac - bd) + (ad + bc)i,
 * square likewise, division by Smith's method as numpy's loops write it
 * (a zero divisor gives inf/nan parts), abs = hypot. Strided, like the
 * real loops; the op is chosen per element row (complex is rare).
 * =================================================================== */

#define CX_DEFINE(S, C, T)                                                     \
  static C cx_div_##S(C x, C y) {                                              \
    C r;                                                                       \
    T ar = CX_FABS_##S(y.re), ai = CX_FABS_##S(y.im), rat, scl;                \
    if (ar >= ai) {                                                            \
      if (ar == 0 && ai == 0) {                                                \
        r.re = x.re / ar;                                                      \
        r.im = x.im / ar;                                                      \
        return r;                                                              \
      }                                                                        \
      rat = y.im / y.re;                                                       \
      scl = (T)1 / (y.re + y.im * rat);                                        \
      r.re = (x.re + x.im * rat) * scl;                                        \
      r.im = (x.im - x.re * rat) * scl;                                        \
    } else {                                                                   \
      rat = y.re / y.im;                                                       \
      scl = (T)1 / (y.im + y.re * rat);                                        \
      r.re = (x.re * rat + x.im) * scl;                                        \
      r.im = (x.im * rat - x.re) * scl;                                        \
    }                                                                          \
    return r;                                                                  \
  }                                                                            \
  static int cx_binary_##S(msrt_binop op, int64_t n, const C *a, int64_t sa,   \
                           const C *b, int64_t sb, void *vo, int64_t so) {     \
    C *o = (C *)vo;                                                            \
    u8 *ob = (u8 *)vo;                                                         \
    int64_t i;                                                                 \
    for (i = 0; i < n; i++) {                                                  \
      C x = a[i * sa], y = b[i * sb], r;                                       \
      switch (op) {                                                            \
      case MSRT_ADD: r.re = x.re + y.re; r.im = x.im + y.im; break;            \
      case MSRT_SUB: r.re = x.re - y.re; r.im = x.im - y.im; break;            \
      case MSRT_MUL:                                                           \
        r.re = x.re * y.re - x.im * y.im;                                      \
        r.im = x.re * y.im + x.im * y.re;                                      \
        break;                                                                 \
      case MSRT_DIV: r = cx_div_##S(x, y); break;                              \
      case MSRT_EQ: ob[i * so] = x.re == y.re && x.im == y.im; continue;       \
      case MSRT_NE: ob[i * so] = x.re != y.re || x.im != y.im; continue;       \
      default: return MSRT_EINVAL;                                             \
      }                                                                        \
      o[i * so] = r;                                                           \
    }                                                                          \
    return MSRT_OK;                                                            \
  }                                                                            \
  /* the real parts at a (float), the imaginary parts at b -> complex */       \
  static void cx_make_##S(int64_t n, const T *a, int64_t sa, const T *b,       \
                          int64_t sb, C *o, int64_t so) {                      \
    int64_t i;                                                                 \
    for (i = 0; i < n; i++) {                                                  \
      o[i * so].re = a[i * sa];                                                \
      o[i * so].im = b[i * sb];                                                \
    }                                                                          \
  }                                                                            \
  static int cx_unary_##S(msrt_unop op, int64_t n, const C *x, void *vo) {     \
    C *o = (C *)vo;                                                            \
    T *of = (T *)vo;                                                           \
    int64_t i;                                                                 \
    for (i = 0; i < n; i++) {                                                  \
      C v = x[i], r;                                                           \
      switch (op) {                                                            \
      case MSRT_NEG: r.re = -v.re; r.im = -v.im; break;                        \
      case MSRT_SQUARE:                                                        \
        r.re = v.re * v.re - v.im * v.im;                                      \
        r.im = v.re * v.im + v.im * v.re;                                      \
        break;                                                                 \
      case MSRT_CONJ: r.re = v.re; r.im = -v.im; break;                        \
      case MSRT_ABS: of[i] = CX_HYPOT_##S(v.re, v.im); continue;               \
      case MSRT_REAL: of[i] = v.re; continue;                                  \
      case MSRT_IMAG: of[i] = v.im; continue;                                  \
      default: return MSRT_EINVAL;                                             \
      }                                                                        \
      o[i] = r;                                                                \
    }                                                                          \
    return MSRT_OK;                                                            \
  }

#define CX_HYPOT_c64 hypotf
#define CX_HYPOT_c128 hypot
#define CX_FABS_c64 fabsf
#define CX_FABS_c128 fabs
CX_DEFINE(c64, msrt_complex64, float)
CX_DEFINE(c128, msrt_complex128, double)

static int is_complexdt(msrt_dtype dt) {
  return dt == MSRT_COMPLEX64 || dt == MSRT_COMPLEX128;
}

/* Can msrt_binary run op on dt as a complex op (COMPLEX: float parts in)? */
static int cx_binop_ok(msrt_binop op, msrt_dtype dt) {
  if (op == MSRT_COMPLEX) return dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64;
  return op == MSRT_ADD || op == MSRT_SUB || op == MSRT_MUL || op == MSRT_DIV || op == MSRT_EQ ||
         op == MSRT_NE;
}

/* One row of msrt_binary's complex ops. */
static int cx_binary_row(msrt_binop op, msrt_dtype dt, int64_t n, const char *pa, int64_t sa,
                         const char *pb, int64_t sb, char *po, int64_t so) {
  if (op == MSRT_COMPLEX && dt == MSRT_FLOAT32)
    cx_make_c64(n, (const float *)(const void *)pa, sa, (const float *)(const void *)pb, sb,
                (msrt_complex64 *)(void *)po, so);
  else if (op == MSRT_COMPLEX)
    cx_make_c128(n, (const double *)(const void *)pa, sa, (const double *)(const void *)pb, sb,
                 (msrt_complex128 *)(void *)po, so);
  else if (dt == MSRT_COMPLEX64)
    return cx_binary_c64(op, n, (const msrt_complex64 *)(const void *)pa, sa,
                         (const msrt_complex64 *)(const void *)pb, sb, po, so);
  else
    return cx_binary_c128(op, n, (const msrt_complex128 *)(const void *)pa, sa,
                          (const msrt_complex128 *)(const void *)pb, sb, po, so);
  return MSRT_OK;
}

int msrt_binary(msrt_binop op, msrt_dtype dt, int ndim, const int64_t *shape,
                const void *a, const int64_t *astrides,
                const void *b, const int64_t *bstrides,
                void *out, const int64_t *ostrides) {
  const int64_t *st[3];
  int64_t idx[MSRT_MAX_NDIM], off[3] = {0, 0, 0}, total, n, sa, sb, so;
  size_t esz[3];
  bin_fn fn = NULL;
  int bool_out, d, rc = MSRT_OK;
  int cx = op == MSRT_COMPLEX || is_complexdt(dt); /* complex64/128 (above) */
  Nd it;
  if (!dtype_valid(dt) || (unsigned)op >= (unsigned)MSRT_NUM_BINOPS)
    return MSRT_EINVAL;
  if (cx ? !cx_binop_ok(op, dt) : !(fn = bin_pick(op, dt))) return MSRT_EINVAL;
  bool_out = binop_bool_out(op);
  st[0] = astrides;
  st[1] = bstrides;
  st[2] = ostrides;
  total = nd_setup(&it, ndim, shape, 3, st);
  if (total < 0) return MSRT_EINVAL;
  if (total == 0) return MSRT_OK;
  esz[0] = esz[1] = msrt_dtype_size(dt);
  esz[2] = bool_out ? 1 : op == MSRT_COMPLEX ? 2 * esz[0] : esz[0];
  for (d = 0; d < it.nd; d++) idx[d] = 0;
  n = it.shape[it.nd - 1];
  sa = it.st[0][it.nd - 1];
  sb = it.st[1][it.nd - 1];
  so = it.st[2][it.nd - 1];
  do {
    const char *pa = (const char *)a + off[0], *pb = (const char *)b + off[1];
    char *po = (char *)out + off[2];
    if (cx)
      rc = cx_binary_row(op, dt, n, pa, sa, pb, sb, po, so);
    else if (dt == MSRT_FLOAT16)
      bin_half(fn, bool_out, n, (const uint16_t *)(const void *)pa, sa,
               (const uint16_t *)(const void *)pb, sb, po, so);
    else
      fn(n, pa, sa, pb, sb, po, so);
  } while (rc == MSRT_OK && nd_next(&it, idx, 3, off, esz));
  return rc;
}

/* ===================================================================
 * unary operations (contiguous)
 * =================================================================== */

typedef void (*un_fn)(int64_t n, const void *x, void *o);

#define UN_LOOP(NAME, TI, TO, EXPR)                                            \
  static void NAME(int64_t n, const void *vx, void *vo) {                      \
    const TI *px = (const TI *)vx;                                             \
    TO *o = (TO *)vo;                                                          \
    int64_t i;                                                                 \
    for (i = 0; i < n; i++) {                                                  \
      TI x = px[i];                                                            \
      o[i] = (TO)(EXPR);                                                       \
    }                                                                          \
  }

/* float loops: one per op of MSRT_UNOPS with a float formula (msrt.h) */
#define UNF_F(E, fn, S, T) UN_LOOP(fn##_u_##S, T, T, msrt_##fn##_##S(x))
#define UNF_P(E, fn, S, T) UN_LOOP(fn##_u_##S, T, u8, msrt_##fn##_##S(x))
#define UNF_I(E, fn, S, T)
#define UNF_Z(E, fn, S, T)
#define UNF_f32(E, fn, K) UNF_##K(E, fn, f32, float)
#define UNF_f64(E, fn, K) UNF_##K(E, fn, f64, double)
MSRT_UNOPS(UNF_f32)
MSRT_UNOPS(UNF_f64)
#define UNP_F(E, fn, S) case MSRT_##E: return fn##_u_##S;
#define UNP_P(E, fn, S) case MSRT_##E: return fn##_u_##S;
#define UNP_I(E, fn, S)
#define UNP_Z(E, fn, S)
#define UNP_f32(E, fn, K) UNP_##K(E, fn, f32)
#define UNP_f64(E, fn, K) UNP_##K(E, fn, f64)
static un_fn un_pick_f32(msrt_unop op) {
  switch (op) {
  MSRT_UNOPS(UNP_f32)
  default: return NULL;
  }
}
static un_fn un_pick_f64(msrt_unop op) {
  switch (op) {
  MSRT_UNOPS(UNP_f64)
  default: return NULL;
  }
}

/* Integers: NEG/SQUARE wrap, ABS(MIN) == MIN (as numpy), RELU/RELU6 clamp.
 * ISNEG(x) is x < 0 for signed types and 0 for unsigned ones. */
#define ISNEG_S(v) ((v) < 0)
#define ISNEG_U(v) 0
#define UN_INT(S, T, WU, ISNEG)                                                \
  UN_LOOP(neg_u_##S, T, T, (WU)0 - (WU)x)                                      \
  UN_LOOP(abs_u_##S, T, T, ISNEG(x) ? (WU)0 - (WU)x : (WU)x)                   \
  UN_LOOP(sign_u_##S, T, T, (x > 0) - ISNEG(x))                                \
  UN_LOOP(square_u_##S, T, T, (WU)x * (WU)x)                                   \
  UN_LOOP(relu_u_##S, T, T, ISNEG(x) ? 0 : x)                                  \
  UN_LOOP(relu6_u_##S, T, T, ISNEG(x) ? 0 : x > 6 ? 6 : x)                     \
  UN_LOOP(bitnot_u_##S, T, T, ~(WU)x)                                          \
  UN_LOOP(lnot_u_##S, T, u8, x == 0)                                           \
  UN_LOOP(false_u_##S, T, u8, 0 * x)                                           \
  UN_LOOP(true_u_##S, T, u8, 1 + 0 * x)                                        \
  static un_fn un_pick_##S(msrt_unop op) {                                     \
    switch (op) {                                                              \
    case MSRT_NEG: return neg_u_##S;                                           \
    case MSRT_ABS: return abs_u_##S;                                           \
    case MSRT_SIGN: return sign_u_##S;                                         \
    case MSRT_SQUARE: return square_u_##S;                                     \
    case MSRT_RELU: return relu_u_##S;                                         \
    case MSRT_RELU6: return relu6_u_##S;                                       \
    case MSRT_BITNOT: return bitnot_u_##S;                                     \
    case MSRT_LOGICAL_NOT: return lnot_u_##S;                                  \
    case MSRT_ISNAN: case MSRT_ISINF: return false_u_##S;                      \
    case MSRT_ISFINITE: return true_u_##S;                                     \
    default: return NULL;                                                      \
    }                                                                          \
  }

UN_INT(i8, int8_t, uint32_t, ISNEG_S)
UN_INT(u8, uint8_t, uint32_t, ISNEG_U)
UN_INT(i16, int16_t, uint32_t, ISNEG_S)
UN_INT(u16, uint16_t, uint32_t, ISNEG_U)
UN_INT(i32, int32_t, uint32_t, ISNEG_S)
UN_INT(u32, uint32_t, uint32_t, ISNEG_U)
UN_INT(i64, int64_t, uint64_t, ISNEG_S)
UN_INT(u64, uint64_t, uint64_t, ISNEG_U)

UN_LOOP(lnot_u_b, u8, u8, x == 0)
UN_LOOP(abs_u_b, u8, u8, x != 0)
UN_LOOP(false_u_b, u8, u8, 0 * x)
UN_LOOP(true_u_b, u8, u8, 1 + 0 * x)

static un_fn un_pick_b(msrt_unop op) {
  switch (op) {
  case MSRT_LOGICAL_NOT: case MSRT_BITNOT: return lnot_u_b;
  case MSRT_ABS: return abs_u_b;
  case MSRT_ISNAN: case MSRT_ISINF: return false_u_b;
  case MSRT_ISFINITE: return true_u_b;
  default: return NULL;
  }
}

static int unop_bool_out(msrt_unop op) {
  return op == MSRT_LOGICAL_NOT || op == MSRT_ISNAN || op == MSRT_ISINF ||
         op == MSRT_ISFINITE;
}

static un_fn un_pick(msrt_unop op, msrt_dtype dt) {
  switch (dt) {
  case MSRT_BOOL: return un_pick_b(op);
  case MSRT_INT8: return un_pick_i8(op);
  case MSRT_UINT8: return un_pick_u8(op);
  case MSRT_INT16: return un_pick_i16(op);
  case MSRT_UINT16: return un_pick_u16(op);
  case MSRT_INT32: return un_pick_i32(op);
  case MSRT_UINT32: return un_pick_u32(op);
  case MSRT_INT64: return un_pick_i64(op);
  case MSRT_UINT64: return un_pick_u64(op);
  case MSRT_FLOAT16: return op == MSRT_BITNOT ? NULL : un_pick_f32(op);
  case MSRT_FLOAT32: return un_pick_f32(op);
  case MSRT_FLOAT64: return un_pick_f64(op);
  default: return NULL;
  }
}

int msrt_unary(msrt_unop op, msrt_dtype dt, int64_t n, const void *x, void *out) {
  un_fn fn;
  if (!dtype_valid(dt) || (unsigned)op >= (unsigned)MSRT_NUM_UNOPS || n < 0)
    return MSRT_EINVAL;
  if (dt == MSRT_COMPLEX64)
    return cx_unary_c64(op, n, (const msrt_complex64 *)x, out);
  if (dt == MSRT_COMPLEX128)
    return cx_unary_c128(op, n, (const msrt_complex128 *)x, out);
  if (op == MSRT_REAL || op == MSRT_CONJ || op == MSRT_IMAG) { /* a real dtype */
    size_t bytes = (size_t)n * msrt_dtype_size(dt);
    if (op == MSRT_IMAG) memset(out, 0, bytes);
    else if (bytes && x != out) memmove(out, x, bytes);
    return MSRT_OK;
  }
  fn = un_pick(op, dt);
  if (!fn) return MSRT_EINVAL;
  if (dt == MSRT_FLOAT16) {
    const uint16_t *hx = (const uint16_t *)x;
    float fx[CHUNK], fo[CHUNK];
    int64_t i0;
    int i, m, bo = unop_bool_out(op);
    for (i0 = 0; i0 < n; i0 += CHUNK) {
      m = (int)min64(CHUNK, n - i0);
      for (i = 0; i < m; i++) fx[i] = h2f(hx[i0 + i]);
      if (bo) {
        fn(m, fx, (u8 *)out + i0);
      } else {
        fn(m, fx, fo);
        for (i = 0; i < m; i++) ((uint16_t *)out)[i0 + i] = f2h(fo[i]);
      }
    }
    return MSRT_OK;
  }
  fn(n, x, out);
  return MSRT_OK;
}

/* ===================================================================
 * casts
 * =================================================================== */

/* float -> integer: numpy 1.24's astype on x86-64, defined for every
 * input (never C's undefined behaviour). numpy converts with the C cast,
 * which x86-64 compiles to cvttsd2si (32-bit for 8/16/32-bit targets,
 * 64-bit for 64-bit ones): truncation toward zero, and the "integer
 * indefinite" MIN for NaN, +-inf and values outside the instruction's
 * range; narrower targets keep the low bits. So:
 *   int8/uint8/int16/uint16: trunc(x) within int32 wraps modulo 2^bits
 *     (200.0 -> int8 -56, -1.0 -> uint8 255), anything else gives 0;
 *   int32 / int64: trunc(x) when it fits, else MIN;
 *   uint32 / uint64: trunc(x) when it fits in (-2^(bits-1), 2^bits)
 *     (negative values wrap: -1.0 -> 4294967295); values >= 2^bits and
 *     +inf give 0; smaller values, -inf and NaN give 2^(bits-1);
 *   float16 sources convert like float32, except to uint32, which numpy
 *     does through int64 (-inf and NaN give 0 there). */
static int32_t cvt32(double x) {
  if (x > -2147483649.0 && x < 2147483648.0) return (int32_t)x;
  return INT32_MIN;
}
static int64_t cvt64(double x) {
  if (x >= -9223372036854775808.0 && x < 9223372036854775808.0) return (int64_t)x;
  return INT64_MIN;
}
/* the low bits of v as a two's complement integer, portably */
static int8_t wrap_i8(uint32_t v) {
  uint32_t u = v & 0xffu;
  return (int8_t)(u >= 0x80u ? (int32_t)u - 0x100 : (int32_t)u);
}
static int16_t wrap_i16(uint32_t v) {
  uint32_t u = v & 0xffffu;
  return (int16_t)(u >= 0x8000u ? (int32_t)u - 0x10000 : (int32_t)u);
}
static uint32_t low32(int32_t v) { return (uint32_t)v; }
static int8_t d_to_i8(double x) { return wrap_i8(low32(cvt32(x))); }
static uint8_t d_to_u8(double x) { return (uint8_t)(low32(cvt32(x)) & 0xffu); }
static int16_t d_to_i16(double x) { return wrap_i16(low32(cvt32(x))); }
static uint16_t d_to_u16(double x) { return (uint16_t)(low32(cvt32(x)) & 0xffffu); }
static int32_t d_to_i32(double x) { return cvt32(x); }
static int64_t d_to_i64(double x) { return cvt64(x); }
static uint32_t d_to_u32(double x) {
  if (x >= 2147483648.0) return low32(cvt32(x - 2147483648.0)) ^ 0x80000000u;
  return low32(cvt32(x));
}
static uint64_t d_to_u64(double x) {
  if (x >= 9223372036854775808.0)
    return (uint64_t)cvt64(x - 9223372036854775808.0) ^ 0x8000000000000000ull;
  return (uint64_t)cvt64(x);
}
static uint32_t h_to_u32(float x) { return (uint32_t)((uint64_t)cvt64((double)x) & 0xffffffffu); }
/* float sources: every float is exactly a double */
#define F2I_BOTH(S, T)                                                         \
  static T f32_to_##S(float x) { return d_to_##S((double)x); }                \
  static T f64_to_##S(double x) { return d_to_##S(x); }

F2I_BOTH(i8, int8_t)
F2I_BOTH(u8, uint8_t)
F2I_BOTH(i16, int16_t)
F2I_BOTH(u16, uint16_t)
F2I_BOTH(i32, int32_t)
F2I_BOTH(u32, uint32_t)
F2I_BOTH(i64, int64_t)
F2I_BOTH(u64, uint64_t)

typedef void (*cast_fn)(int64_t n, const void *x, void *o);

/* cast_from_S(to): the loop converting from source type S to dtype to. */
#define CAST_DISPATCH(S)                                                       \
  static cast_fn cast_from_##S(msrt_dtype to) {                                \
    switch (to) {                                                              \
    case MSRT_BOOL: return c_##S##_b;                                          \
    case MSRT_INT8: return c_##S##_i8;                                         \
    case MSRT_UINT8: return c_##S##_u8;                                        \
    case MSRT_INT16: return c_##S##_i16;                                       \
    case MSRT_UINT16: return c_##S##_u16;                                      \
    case MSRT_INT32: return c_##S##_i32;                                       \
    case MSRT_UINT32: return c_##S##_u32;                                      \
    case MSRT_INT64: return c_##S##_i64;                                       \
    case MSRT_UINT64: return c_##S##_u64;                                      \
    case MSRT_FLOAT16: return c_##S##_f16;                                     \
    case MSRT_FLOAT32: return c_##S##_f32;                                     \
    case MSRT_FLOAT64: return c_##S##_f64;                                     \
    default: return NULL;                                                      \
    }                                                                          \
  }

/* One source type to every destination type: integer sources convert
 * with C's conversions (modulo 2^bits to narrower integers); float sources
 * (CAST_FLOAT_SRC) use the numpy-on-x86-64 helpers above. */
#define CAST_INT_SRC(S, TS)                                                    \
  UN_LOOP(c_##S##_b, TS, u8, x != 0)                                           \
  UN_LOOP(c_##S##_i8, TS, int8_t, x)                                           \
  UN_LOOP(c_##S##_u8, TS, uint8_t, x)                                          \
  UN_LOOP(c_##S##_i16, TS, int16_t, x)                                         \
  UN_LOOP(c_##S##_u16, TS, uint16_t, x)                                        \
  UN_LOOP(c_##S##_i32, TS, int32_t, x)                                         \
  UN_LOOP(c_##S##_u32, TS, uint32_t, x)                                        \
  UN_LOOP(c_##S##_i64, TS, int64_t, x)                                         \
  UN_LOOP(c_##S##_u64, TS, uint64_t, x)                                        \
  UN_LOOP(c_##S##_f32, TS, float, x)                                           \
  UN_LOOP(c_##S##_f64, TS, double, x)                                          \
  UN_LOOP(c_##S##_f16, TS, uint16_t, f2h((float)x))                            \
  CAST_DISPATCH(S)

CAST_INT_SRC(i8, int8_t)
CAST_INT_SRC(u8, uint8_t)
CAST_INT_SRC(i16, int16_t)
CAST_INT_SRC(u16, uint16_t)
CAST_INT_SRC(i32, int32_t)
CAST_INT_SRC(u32, uint32_t)
CAST_INT_SRC(i64, int64_t)
CAST_INT_SRC(u64, uint64_t)

/* bool: normalise to 0/1 first */
#define CAST_BOOL_TO(S, T, EXPR) UN_LOOP(c_b_##S, u8, T, EXPR)
CAST_BOOL_TO(b, u8, x != 0)
CAST_BOOL_TO(i8, int8_t, x != 0)
CAST_BOOL_TO(u8, uint8_t, x != 0)
CAST_BOOL_TO(i16, int16_t, x != 0)
CAST_BOOL_TO(u16, uint16_t, x != 0)
CAST_BOOL_TO(i32, int32_t, x != 0)
CAST_BOOL_TO(u32, uint32_t, x != 0)
CAST_BOOL_TO(i64, int64_t, x != 0)
CAST_BOOL_TO(u64, uint64_t, x != 0)
CAST_BOOL_TO(f32, float, x != 0)
CAST_BOOL_TO(f64, double, x != 0)
CAST_BOOL_TO(f16, uint16_t, x != 0 ? 0x3c00 : 0)

static cast_fn cast_from_b(msrt_dtype to) {
  switch (to) {
  case MSRT_BOOL: return c_b_b;
  case MSRT_INT8: return c_b_i8;
  case MSRT_UINT8: return c_b_u8;
  case MSRT_INT16: return c_b_i16;
  case MSRT_UINT16: return c_b_u16;
  case MSRT_INT32: return c_b_i32;
  case MSRT_UINT32: return c_b_u32;
  case MSRT_INT64: return c_b_i64;
  case MSRT_UINT64: return c_b_u64;
  case MSRT_FLOAT16: return c_b_f16;
  case MSRT_FLOAT32: return c_b_f32;
  case MSRT_FLOAT64: return c_b_f64;
  default: return NULL;
  }
}

#define CAST_FLOAT_SRC(S, TS, TOHALF)                                          \
  UN_LOOP(c_##S##_b, TS, u8, x != 0)                                           \
  UN_LOOP(c_##S##_i8, TS, int8_t, S##_to_i8(x))                                \
  UN_LOOP(c_##S##_u8, TS, uint8_t, S##_to_u8(x))                               \
  UN_LOOP(c_##S##_i16, TS, int16_t, S##_to_i16(x))                             \
  UN_LOOP(c_##S##_u16, TS, uint16_t, S##_to_u16(x))                            \
  UN_LOOP(c_##S##_i32, TS, int32_t, S##_to_i32(x))                             \
  UN_LOOP(c_##S##_u32, TS, uint32_t, S##_to_u32(x))                            \
  UN_LOOP(c_##S##_i64, TS, int64_t, S##_to_i64(x))                             \
  UN_LOOP(c_##S##_u64, TS, uint64_t, S##_to_u64(x))                            \
  UN_LOOP(c_##S##_f32, TS, float, x)                                           \
  UN_LOOP(c_##S##_f64, TS, double, x)                                          \
  UN_LOOP(c_##S##_f16, TS, uint16_t, TOHALF(x))                                \
  CAST_DISPATCH(S)

CAST_FLOAT_SRC(f32, float, f2h)
CAST_FLOAT_SRC(f64, double, d2h)
UN_LOOP(c_h_u32, float, uint32_t, h_to_u32(x)) /* float16 (widened) -> uint32 */

static cast_fn cast_pick(msrt_dtype from, msrt_dtype to) {
  switch (from) {
  case MSRT_BOOL: return cast_from_b(to);
  case MSRT_INT8: return cast_from_i8(to);
  case MSRT_UINT8: return cast_from_u8(to);
  case MSRT_INT16: return cast_from_i16(to);
  case MSRT_UINT16: return cast_from_u16(to);
  case MSRT_INT32: return cast_from_i32(to);
  case MSRT_UINT32: return cast_from_u32(to);
  case MSRT_INT64: return cast_from_i64(to);
  case MSRT_UINT64: return cast_from_u64(to);
  case MSRT_FLOAT16: /* after widening */
    return to == MSRT_UINT32 ? c_h_u32 : cast_from_f32(to);
  case MSRT_FLOAT32: return cast_from_f32(to);
  case MSRT_FLOAT64: return cast_from_f64(to);
  default: return NULL;
  }
}


/* Casts to and from complex dtypes, as numpy's astype: a real value
 * becomes (x, 0) converted to the part's type (float32 for complex64);
 * a complex value becomes its real part converted from the part's type
 * (numpy's ComplexWarning case; MindSpore's Cast keeps the real part
 * too), except to bool: true when either part is non-zero. Chunks
 * through a stack buffer of parts. */
static int cx_cast(msrt_dtype from, msrt_dtype to, int64_t n, const void *x, void *out) {
  double buf[CHUNK];
  float hb[CHUNK];
  int64_t i0;
  int i, m;
  size_t isz = msrt_dtype_size(from), osz = msrt_dtype_size(to);
  if (is_complexdt(from) && is_complexdt(to)) {
    for (i0 = 0; i0 < n; i0++) {
      if (from == MSRT_COMPLEX64) {
        const msrt_complex64 *p = (const msrt_complex64 *)x + i0;
        msrt_complex128 *q = (msrt_complex128 *)out + i0;
        q->re = (double)p->re;
        q->im = (double)p->im;
      } else {
        const msrt_complex128 *p = (const msrt_complex128 *)x + i0;
        msrt_complex64 *q = (msrt_complex64 *)out + i0;
        q->re = (float)p->re;
        q->im = (float)p->im;
      }
    }
    return MSRT_OK;
  }
  if (is_complexdt(from)) { /* -> a real dtype */
    msrt_dtype part = from == MSRT_COMPLEX64 ? MSRT_FLOAT32 : MSRT_FLOAT64;
    cast_fn fn = to == part ? NULL : cast_pick(part, to);
    if (to != part && to != MSRT_BOOL && !fn) return MSRT_EINVAL;
    for (i0 = 0; i0 < n; i0 += CHUNK) {
      m = (int)min64(CHUNK, n - i0);
      if (to == MSRT_BOOL) {
        for (i = 0; i < m; i++) {
          int nz = from == MSRT_COMPLEX64
                       ? ((const msrt_complex64 *)x)[i0 + i].re != 0 || ((const msrt_complex64 *)x)[i0 + i].im != 0
                       : ((const msrt_complex128 *)x)[i0 + i].re != 0 || ((const msrt_complex128 *)x)[i0 + i].im != 0;
          ((u8 *)out)[i0 + i] = (u8)nz;
        }
        continue;
      }
      if (from == MSRT_COMPLEX64)
        for (i = 0; i < m; i++) hb[i] = ((const msrt_complex64 *)x)[i0 + i].re;
      else
        for (i = 0; i < m; i++) buf[i] = ((const msrt_complex128 *)x)[i0 + i].re;
      if (fn)
        fn(m, from == MSRT_COMPLEX64 ? (const void *)hb : (const void *)buf, (char *)out + (size_t)i0 * osz);
      else
        memcpy((char *)out + (size_t)i0 * osz, from == MSRT_COMPLEX64 ? (const void *)hb : (const void *)buf,
               (size_t)m * osz);
    }
    return MSRT_OK;
  }
  { /* a real dtype -> complex */
    msrt_dtype part = to == MSRT_COMPLEX64 ? MSRT_FLOAT32 : MSRT_FLOAT64;
    msrt_dtype src = from == MSRT_FLOAT16 ? MSRT_FLOAT32 : from;
    cast_fn fn = src == part ? NULL : cast_pick(from, part);
    if (src != part && !fn) return MSRT_EINVAL;
    for (i0 = 0; i0 < n; i0 += CHUNK) {
      const char *px = (const char *)x + (size_t)i0 * isz;
      m = (int)min64(CHUNK, n - i0);
      if (from == MSRT_FLOAT16) {
        for (i = 0; i < m; i++) hb[i] = h2f(((const uint16_t *)(const void *)px)[i]);
        px = (const char *)hb;
      }
      if (!fn) memcpy(buf, px, (size_t)m * msrt_dtype_size(part));
      else fn(m, px, buf);
      if (to == MSRT_COMPLEX64)
        for (i = 0; i < m; i++) {
          ((msrt_complex64 *)out)[i0 + i].re = ((const float *)(const void *)buf)[i];
          ((msrt_complex64 *)out)[i0 + i].im = 0;
        }
      else
        for (i = 0; i < m; i++) {
          ((msrt_complex128 *)out)[i0 + i].re = buf[i];
          ((msrt_complex128 *)out)[i0 + i].im = 0;
        }
    }
    return MSRT_OK;
  }
}

int msrt_cast(msrt_dtype from, msrt_dtype to, int64_t n, const void *x, void *out) {
  cast_fn fn;
  if (!dtype_valid(from) || !dtype_valid(to) || n < 0) return MSRT_EINVAL;
  if (from == to && from != MSRT_BOOL) {
    if (n > 0 && x != out) memmove(out, x, (size_t)n * msrt_dtype_size(from));
    return MSRT_OK;
  }
  if (is_complexdt(from) || is_complexdt(to)) return cx_cast(from, to, n, x, out);
  fn = cast_pick(from, to);
  if (!fn) return MSRT_EINVAL;
  if (from == MSRT_FLOAT16) {
    const uint16_t *hx = (const uint16_t *)x;
    size_t osz = msrt_dtype_size(to);
    float fx[CHUNK];
    int64_t i0;
    int i, m;
    for (i0 = 0; i0 < n; i0 += CHUNK) {
      m = (int)min64(CHUNK, n - i0);
      for (i = 0; i < m; i++) fx[i] = h2f(hx[i0 + i]);
      fn(m, fx, (char *)out + (size_t)i0 * osz);
    }
    return MSRT_OK;
  }
  fn(n, x, out);
  return MSRT_OK;
}

/* ===================================================================
 * strided copy
 * =================================================================== */

#define COPY_LOOP(NAME, T)                                                     \
  static void NAME(int64_t n, const void *vx, int64_t sx, void *vo) {          \
    const T *x = (const T *)vx;                                                \
    T *o = (T *)vo;                                                            \
    int64_t i;                                                                 \
    if (sx == 1)                                                               \
      for (i = 0; i < n; i++) o[i] = x[i];                                     \
    else if (sx == 0)                                                          \
      for (i = 0; i < n; i++) o[i] = x[0];                                     \
    else if (sx == -1)                                                         \
      for (i = 0; i < n; i++) o[i] = x[-i];                                    \
    else                                                                       \
      for (i = 0; i < n; i++) o[i] = x[i * sx];                                \
  }
COPY_LOOP(copy1, uint8_t)
COPY_LOOP(copy2, uint16_t)
COPY_LOOP(copy4, uint32_t)
COPY_LOOP(copy8, uint64_t)
COPY_LOOP(copy16, msrt_complex128)

int msrt_copy_strided(msrt_dtype dt, int ndim, const int64_t *shape,
                      const void *x, const int64_t *xstrides, void *out) {
  const int64_t *st[2];
  int64_t idx[MSRT_MAX_NDIM], off[2] = {0, 0}, total, n, sx;
  size_t esz[2], es;
  void (*fn)(int64_t, const void *, int64_t, void *);
  int d;
  Nd it;
  if (!dtype_valid(dt)) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  st[0] = xstrides;
  st[1] = NULL;
  total = nd_setup(&it, ndim, shape, 2, st);
  if (total < 0) return MSRT_EINVAL;
  if (total == 0) return MSRT_OK;
  n = it.shape[it.nd - 1];
  sx = it.st[0][it.nd - 1];
  if (sx == 1 && it.nd == 1) {
    memcpy(out, x, (size_t)n * es);
    return MSRT_OK;
  }
  fn = es == 1 ? copy1 : es == 2 ? copy2 : es == 4 ? copy4 : es == 8 ? copy8 : copy16;
  esz[0] = esz[1] = es;
  for (d = 0; d < it.nd; d++) idx[d] = 0;
  do {
    fn(n, (const char *)x + off[0], sx, (char *)out + off[1]);
  } while (nd_next(&it, idx, 2, off, esz));
  return MSRT_OK;
}

/* ===================================================================
 * reductions
 * =================================================================== */

/* numpy's pairwise summation leaf (n <= 128): 8 accumulators. */
#define PW_LEAF(S, T)                                                          \
  static T pw_leaf_##S(const T *a, int64_t n) {                                \
    T r[8], res;                                                               \
    int64_t i;                                                                 \
    int j;                                                                     \
    if (n < 8) {                                                               \
      res = 0;                                                                 \
      for (i = 0; i < n; i++) res += a[i];                                     \
      return res;                                                              \
    }                                                                          \
    for (j = 0; j < 8; j++) r[j] = a[j];                                       \
    for (i = 8; i < n - (n % 8); i += 8)                                       \
      for (j = 0; j < 8; j++) r[j] += a[i + j];                                \
    res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));   \
    for (; i < n; i++) res += a[i];                                            \
    return res;                                                                \
  }
PW_LEAF(f32, float)
PW_LEAF(f64, double)

/* The source of a summation: n elements of dtype dt at p, read as the
 * accumulator type (float when acc_f32, else double). */
typedef struct {
  msrt_dtype dt;
  const char *p;
  int acc_f32;
} SumSrc;

static double leaf_sum(const SumSrc *s, int64_t off, int64_t n) {
  size_t es = msrt_dtype_size(s->dt);
  const void *p = s->p + (size_t)off * es;
  if (s->acc_f32) {
    float buf[128];
    if (s->dt == MSRT_FLOAT32) return (double)pw_leaf_f32((const float *)p, n);
    msrt_cast(s->dt, MSRT_FLOAT32, n, p, buf);
    return (double)pw_leaf_f32(buf, n);
  } else {
    double buf[128];
    if (s->dt == MSRT_FLOAT64) return pw_leaf_f64((const double *)p, n);
    msrt_cast(s->dt, MSRT_FLOAT64, n, p, buf);
    return pw_leaf_f64(buf, n);
  }
}

/* numpy's pairwise_sum, with the recursion unrolled onto a fixed stack:
 * n <= 128 is a leaf, else n2 = n/2 rounded down to a multiple of 8 and
 * the result is sum(first n2) + sum(rest). Float results are rounded to
 * float at each addition (exactly float arithmetic). */
static double pairwise(const SumSrc *s, int64_t n) {
  struct {
    int64_t off, n;
    double left;
    int stage;
  } st[64];
  int sp = 0;
  double ret = 0;
  st[0].off = 0;
  st[0].n = n;
  st[0].stage = 0;
  for (;;) {
    int64_t fn = st[sp].n, n2 = fn / 2;
    n2 -= n2 % 8;
    if (fn <= 128) {
      ret = leaf_sum(s, st[sp].off, fn);
    } else if (st[sp].stage == 0) {
      st[sp].stage = 1;
      st[sp + 1].off = st[sp].off;
      st[sp + 1].n = n2;
      st[sp + 1].stage = 0;
      sp++;
      continue;
    } else if (st[sp].stage == 1) {
      st[sp].left = ret;
      st[sp].stage = 2;
      st[sp + 1].off = st[sp].off + n2;
      st[sp + 1].n = fn - n2;
      st[sp + 1].stage = 0;
      sp++;
      continue;
    } else {
      ret = st[sp].left + ret;
      if (s->acc_f32) ret = (double)(float)ret;
    }
    if (sp == 0) return ret;
    sp--;
  }
}

/* Rounds an accumulator to the output precision. */
static double round_out(double v, msrt_dtype out_dt) {
  if (out_dt == MSRT_FLOAT32) return (double)(float)v;
  if (out_dt == MSRT_FLOAT16) return (double)h2f(d2h(v));
  return v;
}

static void store_float(msrt_dtype dt, void *out, int64_t i, double v) {
  if (dt == MSRT_FLOAT64) ((double *)out)[i] = v;
  else if (dt == MSRT_FLOAT32) ((float *)out)[i] = (float)v;
  else ((uint16_t *)out)[i] = d2h(v);
}

/* Float sum / mean / prod. acc_dt is the precision the loop runs in:
 * out_dt, except float for a float16 output. half_steps: the accumulator
 * is rounded to half between steps (float16 output held in the output
 * array between numpy's inner loops). */
static int reduce_float(msrt_reduce_op op, msrt_dtype dt, msrt_dtype out_dt,
                        msrt_dtype acc_dt, int half_steps, int64_t outer,
                        int64_t r, int64_t inner, const void *x, void *out) {
  size_t es = msrt_dtype_size(dt);
  int prod = op == MSRT_RPROD;
  int acc_f32 = acc_dt == MSRT_FLOAT32;
  double ident = prod ? 1.0 : 0.0;
  int64_t o, j0, k;
  if (inner == 1) {
    for (o = 0; o < outer; o++) {
      const char *row = (const char *)x + (size_t)(o * r) * es;
      double tot = ident;
      int64_t b0;
      for (b0 = 0; b0 < r; b0 += NP_BUFSIZE) {
        int64_t bn = min64(NP_BUFSIZE, r - b0);
        if (!prod) {
          SumSrc s;
          s.dt = dt;
          s.p = row + (size_t)b0 * es;
          s.acc_f32 = acc_f32;
          tot = tot + pairwise(&s, bn);
          if (acc_f32) tot = (double)(float)tot;
        } else {
          int64_t i0;
          for (i0 = 0; i0 < bn; i0 += CHUNK) {
            int m = (int)min64(CHUNK, bn - i0), i;
            const void *src = row + (size_t)(b0 + i0) * es;
            if (acc_f32) {
              float buf[CHUNK], t = (float)tot;
              msrt_cast(dt, MSRT_FLOAT32, m, src, buf);
              for (i = 0; i < m; i++) t *= buf[i];
              tot = t;
            } else {
              double buf[CHUNK];
              msrt_cast(dt, MSRT_FLOAT64, m, src, buf);
              for (i = 0; i < m; i++) tot *= buf[i];
            }
          }
        }
        if (half_steps) tot = round_out(tot, MSRT_FLOAT16);
      }
      if (op == MSRT_RMEAN) {
        tot = tot / (double)r;
        if (acc_f32) tot = (double)(float)tot;
      }
      store_float(out_dt, out, o, tot);
    }
    return MSRT_OK;
  }
  /* inner > 1: rows added (multiplied) in order, CHUNK columns at a time */
  for (o = 0; o < outer; o++) {
    for (j0 = 0; j0 < inner; j0 += CHUNK) {
      int m = (int)min64(CHUNK, inner - j0), j;
      if (acc_f32) {
        float acc[CHUNK], buf[CHUNK];
        for (j = 0; j < m; j++) acc[j] = (float)ident;
        for (k = 0; k < r; k++) {
          const char *src = (const char *)x + (size_t)((o * r + k) * inner + j0) * es;
          const float *v = (const float *)(const void *)src;
          if (dt != MSRT_FLOAT32) {
            msrt_cast(dt, MSRT_FLOAT32, m, src, buf);
            v = buf;
          }
          if (prod) for (j = 0; j < m; j++) acc[j] *= v[j];
          else for (j = 0; j < m; j++) acc[j] += v[j];
          if (half_steps) for (j = 0; j < m; j++) acc[j] = round_half(acc[j]);
        }
        for (j = 0; j < m; j++) {
          float v = acc[j];
          if (op == MSRT_RMEAN) v = v / (float)r;
          store_float(out_dt, out, o * inner + j0 + j, (double)v);
        }
      } else {
        double acc[CHUNK], buf[CHUNK];
        for (j = 0; j < m; j++) acc[j] = ident;
        for (k = 0; k < r; k++) {
          const char *src = (const char *)x + (size_t)((o * r + k) * inner + j0) * es;
          const double *v = (const double *)(const void *)src;
          if (dt != MSRT_FLOAT64) {
            msrt_cast(dt, MSRT_FLOAT64, m, src, buf);
            v = buf;
          }
          if (prod) for (j = 0; j < m; j++) acc[j] *= v[j];
          else for (j = 0; j < m; j++) acc[j] += v[j];
        }
        for (j = 0; j < m; j++) {
          double v = acc[j];
          if (op == MSRT_RMEAN) v = v / (double)r;
          store_float(out_dt, out, o * inner + j0 + j, v);
        }
      }
    }
  }
  return MSRT_OK;
}

/* Integer (and bool-counting) sum / prod: converted to 64 bits, wrapped
 * modulo 2^64, truncated to out_dt (the same as wrapping in out_dt). */
static int reduce_int(msrt_reduce_op op, msrt_dtype dt, msrt_dtype out_dt,
                      int64_t outer, int64_t r, int64_t inner, const void *x,
                      void *out) {
  size_t es = msrt_dtype_size(dt), os = msrt_dtype_size(out_dt);
  msrt_dtype wide = is_unsigneddt(out_dt) ? MSRT_UINT64 : MSRT_INT64;
  int prod = op == MSRT_RPROD;
  int64_t o, j0, k;
  for (o = 0; o < outer; o++) {
    for (j0 = 0; j0 < inner; j0 += CHUNK) {
      int m = (int)min64(CHUNK, inner - j0), j;
      uint64_t acc[CHUNK], buf[CHUNK];
      for (j = 0; j < m; j++) acc[j] = prod ? 1u : 0u;
      for (k = 0; k < r; k++) {
        const char *src = (const char *)x + (size_t)((o * r + k) * inner + j0) * es;
        msrt_cast(dt, wide, m, src, buf);
        if (prod) for (j = 0; j < m; j++) acc[j] *= buf[j];
        else for (j = 0; j < m; j++) acc[j] += buf[j];
      }
      msrt_cast(MSRT_UINT64, out_dt, m, acc,
                (char *)out + (size_t)(o * inner + j0) * os);
    }
  }
  return MSRT_OK;
}

/* any / all: bool out. */
static int reduce_bool(int all, msrt_dtype dt, int64_t outer, int64_t r,
                       int64_t inner, const void *x, u8 *out) {
  size_t es = msrt_dtype_size(dt);
  int64_t o, j0, k;
  for (o = 0; o < outer; o++) {
    for (j0 = 0; j0 < inner; j0 += CHUNK) {
      int m = (int)min64(CHUNK, inner - j0), j;
      u8 acc[CHUNK], buf[CHUNK];
      for (j = 0; j < m; j++) acc[j] = (u8)all;
      for (k = 0; k < r; k++) {
        const char *src = (const char *)x + (size_t)((o * r + k) * inner + j0) * es;
        msrt_cast(dt, MSRT_BOOL, m, src, buf);
        if (all) for (j = 0; j < m; j++) acc[j] &= buf[j];
        else for (j = 0; j < m; j++) acc[j] |= buf[j];
      }
      memcpy(out + o * inner + j0, acc, (size_t)m);
    }
  }
  return MSRT_OK;
}

/* max / min (NaN propagates) and argmax / argmin (first occurrence; the
 * first NaN wins), per dtype. LOAD widens an element to the comparison
 * type CT (float for float16). For each output element the state is the
 * best value and its index. */
#define MM_GT(v, m) (!((v) <= (m))) /* v beats m: greater, or v is NaN */
#define MM_LT(v, m) (!((v) >= (m)))
#define MM_IGT(v, m) ((v) > (m))
#define MM_ILT(v, m) ((v) < (m))
#define MM_ISNAN_F(v) ((v) != (v))
#define MM_ISNAN_I(v) 0

#define REDUCE_MINMAX(S, T, CT, LOAD, STORE, GT, LT, ISNAN)                    \
  static void minmax_##S(int is_max, int arg, msrt_dtype out_dt,              \
                         int64_t outer, int64_t r, int64_t inner,              \
                         const T *x, void *out) {                              \
    int64_t o, j0, k;                                                          \
    for (o = 0; o < outer; o++) {                                              \
      for (j0 = 0; j0 < inner; j0 += CHUNK) {                                  \
        int m = (int)min64(CHUNK, inner - j0), j;                              \
        CT best[CHUNK];                                                        \
        int64_t bi[CHUNK];                                                     \
        u8 done[CHUNK];                                                        \
        const T *row = x + (o * r) * inner + j0;                               \
        for (j = 0; j < m; j++) {                                              \
          best[j] = LOAD(row[j]);                                              \
          bi[j] = 0;                                                           \
          done[j] = (u8)(ISNAN(best[j]));                                      \
        }                                                                      \
        for (k = 1; k < r; k++) {                                              \
          row += inner;                                                        \
          for (j = 0; j < m; j++) {                                            \
            CT v = LOAD(row[j]);                                               \
            if (done[j]) continue;                                             \
            if (is_max ? GT(v, best[j]) : LT(v, best[j])) {                    \
              best[j] = v;                                                     \
              bi[j] = k;                                                       \
              done[j] = (u8)(ISNAN(v));                                        \
            }                                                                  \
          }                                                                    \
        }                                                                      \
        for (j = 0; j < m; j++) {                                              \
          int64_t oi = o * inner + j0 + j;                                     \
          if (!arg) ((T *)out)[oi] = STORE(best[j]);                           \
          else if (out_dt == MSRT_INT32) ((int32_t *)out)[oi] = (int32_t)bi[j]; \
          else ((int64_t *)out)[oi] = bi[j];                                   \
        }                                                                      \
      }                                                                        \
    }                                                                          \
  }

#define ID(v) (v)
#define BOOLV(v) ((u8)((v) != 0))
REDUCE_MINMAX(b, u8, u8, BOOLV, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(i8, int8_t, int8_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(u8, uint8_t, uint8_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(i16, int16_t, int16_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(u16, uint16_t, uint16_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(i32, int32_t, int32_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(u32, uint32_t, uint32_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(i64, int64_t, int64_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(u64, uint64_t, uint64_t, ID, ID, MM_IGT, MM_ILT, MM_ISNAN_I)
REDUCE_MINMAX(f16, uint16_t, float, h2f, f2h, MM_GT, MM_LT, MM_ISNAN_F)
REDUCE_MINMAX(f32, float, float, ID, ID, MM_GT, MM_LT, MM_ISNAN_F)
REDUCE_MINMAX(f64, double, double, ID, ID, MM_GT, MM_LT, MM_ISNAN_F)

/* Contiguous max/min of float rows (inner == 1): the hot case, kept
 * branch-light so it vectorises; NaN is detected separately. */
#define ROW_MAXMIN(S, T)                                                       \
  static T rowmax_##S(const T *x, int64_t r, int is_max) {                     \
    T m = x[0];                                                                \
    int nan = 0;                                                               \
    int64_t i;                                                                 \
    if (is_max)                                                                \
      for (i = 0; i < r; i++) {                                                \
        T v = x[i];                                                            \
        nan |= v != v;                                                         \
        m = v > m ? v : m;                                                     \
      }                                                                        \
    else                                                                       \
      for (i = 0; i < r; i++) {                                                \
        T v = x[i];                                                            \
        nan |= v != v;                                                         \
        m = v < m ? v : m;                                                     \
      }                                                                        \
    if (nan)                                                                   \
      for (i = 0; i < r; i++)                                                  \
        if (x[i] != x[i]) return x[i];                                         \
    return m;                                                                  \
  }
ROW_MAXMIN(f32, float)
ROW_MAXMIN(f64, double)

static int reduce_minmax(msrt_reduce_op op, msrt_dtype dt, msrt_dtype out_dt,
                         int64_t outer, int64_t r, int64_t inner,
                         const void *x, void *out) {
  int is_max = op == MSRT_RMAX || op == MSRT_RARGMAX;
  int arg = op == MSRT_RARGMAX || op == MSRT_RARGMIN;
  if (arg ? (out_dt != MSRT_INT32 && out_dt != MSRT_INT64) : out_dt != dt)
    return MSRT_EINVAL;
  if (!arg && inner == 1 && (dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64)) {
    int64_t o;
    for (o = 0; o < outer; o++) {
      if (dt == MSRT_FLOAT32)
        ((float *)out)[o] = rowmax_f32((const float *)x + o * r, r, is_max);
      else
        ((double *)out)[o] = rowmax_f64((const double *)x + o * r, r, is_max);
    }
    return MSRT_OK;
  }
  switch (dt) {
#define MM_CASE(DT, S, T)                                                      \
  case DT:                                                                     \
    minmax_##S(is_max, arg, out_dt, outer, r, inner, (const T *)x, out);       \
    break;
    MM_CASE(MSRT_BOOL, b, u8)
    MM_CASE(MSRT_INT8, i8, int8_t)
    MM_CASE(MSRT_UINT8, u8, uint8_t)
    MM_CASE(MSRT_INT16, i16, int16_t)
    MM_CASE(MSRT_UINT16, u16, uint16_t)
    MM_CASE(MSRT_INT32, i32, int32_t)
    MM_CASE(MSRT_UINT32, u32, uint32_t)
    MM_CASE(MSRT_INT64, i64, int64_t)
    MM_CASE(MSRT_UINT64, u64, uint64_t)
    MM_CASE(MSRT_FLOAT16, f16, uint16_t)
    MM_CASE(MSRT_FLOAT32, f32, float)
    MM_CASE(MSRT_FLOAT64, f64, double)
#undef MM_CASE
  default: return MSRT_EINVAL;
  }
  return MSRT_OK;
}

int msrt_reduce(msrt_reduce_op op, msrt_dtype dt, msrt_dtype out_dt,
                int64_t outer, int64_t r, int64_t inner, const void *x, void *out) {
  if (!dtype_valid(dt) || !dtype_valid(out_dt) || 
      (unsigned)op >= (unsigned)MSRT_NUM_REDUCE_OPS || outer < 0 || r < 0 || inner < 0)
    return MSRT_EINVAL;
  switch (op) {
  case MSRT_RANY:
  case MSRT_RALL:
    if (out_dt != MSRT_BOOL) return MSRT_EINVAL;
    return reduce_bool(op == MSRT_RALL, dt, outer, r, inner, x, (u8 *)out);
  case MSRT_RMAX:
  case MSRT_RMIN:
  case MSRT_RARGMAX:
  case MSRT_RARGMIN:
    if (r == 0) return outer * inner == 0 ? MSRT_OK : MSRT_EINVAL;
    return reduce_minmax(op, dt, out_dt, outer, r, inner, x, out);
  case MSRT_RMEAN:
    if (!is_floatdt(out_dt)) return MSRT_EINVAL;
    /* float16 means accumulate in float32 (numpy's dtype='f4') */
    return reduce_float(op, dt, out_dt,
                        out_dt == MSRT_FLOAT64 ? MSRT_FLOAT64 : MSRT_FLOAT32, 0,
                        outer, r, inner, x, out);
  case MSRT_RSUM:
  case MSRT_RPROD:
    if (out_dt == MSRT_BOOL)
      return reduce_bool(op == MSRT_RPROD, dt, outer, r, inner, x, (u8 *)out);
    if (is_floatdt(out_dt))
      return reduce_float(op, dt, out_dt,
                          out_dt == MSRT_FLOAT64 ? MSRT_FLOAT64 : MSRT_FLOAT32,
                          out_dt == MSRT_FLOAT16, outer, r, inner, x, out);
    if (is_intdt(out_dt)) return reduce_int(op, dt, out_dt, outer, r, inner, x, out);
    return MSRT_EINVAL;
  default:
    return MSRT_EINVAL;
  }
}

/* ===================================================================
 * softmax / log-softmax
 * ===================================================================
 * y = exp(x - max) / sum(exp(x - max)), log: (x - max) - log(sum(...)),
 * over the middle axis of [outer, n, inner]; CHUNK columns at a time when
 * inner > 1 so every pass is unit-stride. float16 runs in float. */
#define SOFTMAX_DEFINE(S, T, F)                                                \
  static void softmax_cols_##S(int lg, int64_t n, int64_t inner, int m,        \
                               const T *x, T *o) {                             \
    T mx[CHUNK], sum[CHUNK];                                                   \
    int64_t k;                                                                 \
    int j;                                                                     \
    for (j = 0; j < m; j++) {                                                  \
      mx[j] = x[j];                                                            \
      sum[j] = 0;                                                              \
    }                                                                          \
    for (k = 1; k < n; k++)                                                    \
      for (j = 0; j < m; j++) {                                                \
        T v = x[k * inner + j];                                                \
        mx[j] = v > mx[j] ? v : mx[j];                                         \
      }                                                                        \
    for (k = 0; k < n; k++)                                                    \
      for (j = 0; j < m; j++) {                                                \
        T e = exp##F(x[k * inner + j] - mx[j]);                                \
        if (!lg) o[k * inner + j] = e;                                         \
        sum[j] += e;                                                           \
      }                                                                        \
    for (k = 0; k < n; k++)                                                    \
      for (j = 0; j < m; j++) {                                                \
        if (lg)                                                                \
          o[k * inner + j] = (x[k * inner + j] - mx[j]) - log##F(sum[j]);      \
        else                                                                   \
          o[k * inner + j] = o[k * inner + j] / sum[j];                        \
      }                                                                        \
  }                                                                            \
  static void softmax_row_##S(int lg, int64_t n, const T *x, T *o) {           \
    T mx = x[0], sum = 0, ls;                                                  \
    int64_t k;                                                                 \
    for (k = 1; k < n; k++) mx = x[k] > mx ? x[k] : mx;                        \
    if (lg) {                                                                  \
      for (k = 0; k < n; k++) sum += exp##F(x[k] - mx);                        \
      ls = log##F(sum);                                                        \
      for (k = 0; k < n; k++) o[k] = (x[k] - mx) - ls;                         \
    } else {                                                                   \
      for (k = 0; k < n; k++) {                                                \
        T e = exp##F(x[k] - mx);                                               \
        o[k] = e;                                                              \
        sum += e;                                                              \
      }                                                                        \
      for (k = 0; k < n; k++) o[k] = o[k] / sum;                               \
    }                                                                          \
  }
SOFTMAX_DEFINE(f32, float, f)
SOFTMAX_DEFINE(f64, double, )

int msrt_softmax(msrt_dtype dt, int log, int64_t outer, int64_t n, int64_t inner,
                 const void *x, void *out) {
  int64_t o, j0;
  if (!is_floatdt(dt) || outer < 0 || n < 0 || inner < 0) return MSRT_EINVAL;
  if (n == 0 || outer == 0 || inner == 0) return MSRT_OK;
  for (o = 0; o < outer; o++) {
    int64_t base = o * n * inner;
    if (dt == MSRT_FLOAT16) {
      /* one column (or one CHUNK of a row) at a time through float */
      const uint16_t *hx = (const uint16_t *)x + base;
      uint16_t *ho = (uint16_t *)out + base;
      for (j0 = 0; j0 < inner; j0++) {
        float fx[CHUNK], mx = -INFINITY, sum = 0, ls;
        int64_t k0, k;
        int i, m;
        for (k = 0; k < n; k++) {
          float v = h2f(hx[k * inner + j0]);
          mx = v > mx ? v : mx;
          if (k == 0) mx = v;
        }
        for (k0 = 0; k0 < n; k0 += CHUNK) {
          m = (int)min64(CHUNK, n - k0);
          for (i = 0; i < m; i++) fx[i] = h2f(hx[(k0 + i) * inner + j0]);
          for (i = 0; i < m; i++) sum += expf(fx[i] - mx);
        }
        ls = logf(sum);
        for (k = 0; k < n; k++) {
          float v = h2f(hx[k * inner + j0]) - mx;
          ho[k * inner + j0] = f2h(log ? v - ls : expf(v) / sum);
        }
      }
    } else if (inner == 1) {
      if (dt == MSRT_FLOAT32)
        softmax_row_f32(log, n, (const float *)x + base, (float *)out + base);
      else
        softmax_row_f64(log, n, (const double *)x + base, (double *)out + base);
    } else {
      for (j0 = 0; j0 < inner; j0 += CHUNK) {
        int m = (int)min64(CHUNK, inner - j0);
        if (dt == MSRT_FLOAT32)
          softmax_cols_f32(log, n, inner, m, (const float *)x + base + j0,
                           (float *)out + base + j0);
        else
          softmax_cols_f64(log, n, inner, m, (const double *)x + base + j0,
                           (double *)out + base + j0);
      }
    }
  }
  return MSRT_OK;
}

/* ---- arange / linspace ------------------------------------------------ */

void msrt_arange_f64(double start, double delta, int64_t n, double *out) {
  double d = (start + delta) - start; /* numpy: the first two values in float64 */
  for (int64_t i = 0; i < n; i++) out[i] = start + (double)i * d;
  if (n > 0) out[0] = start;
}

void msrt_linspace_f64(double start, double stop, int64_t n, double *out) {
  /* numpy: y = i * step (i / div * delta when step underflows to 0; i *
   * delta when div <= 0), + start, last = stop */
  double div = (double)(n - 1), delta = stop - start, step = div > 0 ? delta / div : 0.0;
  for (int64_t i = 0; i < n; i++)
    out[i] = div <= 0 ? (double)i * delta : step == 0 ? (double)i / div * delta : (double)i * step;
  for (int64_t i = 0; i < n; i++) out[i] += start;
  if (n > 1) out[n - 1] = stop;
}
