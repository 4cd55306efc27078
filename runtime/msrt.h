/* msrt.h — the msc runtime: the one header that eager mode, the reference
 * executor and generated C include.
 *
 * Rules for everything declared here (DESIGN.md "Generated C"):
 *   - C99, clean under -std=c99 -Wall -Wextra -Wpedantic -Wconversion
 *     -Werror with gcc, clang and arm-none-eabi-gcc;
 *   - no malloc, no VLAs, no recursion, no global constructors, libm only,
 *     no stdio: output goes through an msrt_write_fn;
 *   - every exported symbol carries the msrt_ prefix; buffers are the
 *     caller's; scratch is on the stack with fixed bounds (MSRT_MAX_NDIM).
 *
 * Sections:
 *   1. dtypes
 *   2. output hook
 *   3. printing (numpy str, MindSpore graph Print / repr)
 *   (kernels are added below as further sections)
 */
#ifndef MSRT_H
#define MSRT_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Most dimensions any runtime entry point accepts. */
#define MSRT_MAX_NDIM 8

/* Error codes (returned negated by functions that return int). */
#define MSRT_OK 0
#define MSRT_EINVAL (-1) /* bad dtype, ndim > MSRT_MAX_NDIM, negative dim */
#define MSRT_ELOOP (-2)  /* generated code: a while loop ran more than its
                            bound of iterations (max_iterations) */

/* ===================================================================
 * 1. dtypes
 * ===================================================================
 * The order is part of the ABI of generated code: append, never reorder.
 * FLOAT16 data is IEEE binary16 bits stored in a uint16_t. BOOL is one
 * byte, 0 = False, anything else = True. COMPLEX64/COMPLEX128 elements are
 * the structs below: the real part, then the imaginary part (numpy's and
 * MindSpore's layout). A struct rather than C99 _Complex: C99 lets a
 * freestanding implementation leave out complex types (C11 makes them
 * optional everywhere), and the runtime spells out each formula (numpy's),
 * so every C99 target msc supports runs complex kernels, bit for bit the
 * same as the host. */
typedef struct msrt_complex64 {
  float re, im;
} msrt_complex64;
typedef struct msrt_complex128 {
  double re, im;
} msrt_complex128;
#define MSRT_DTYPES(X)                                                        \
  X(BOOL, uint8_t) X(INT8, int8_t) X(UINT8, uint8_t) X(INT16, int16_t)        \
  X(INT32, int32_t) X(INT64, int64_t) X(FLOAT16, uint16_t) X(FLOAT32, float)  \
  X(FLOAT64, double) X(UINT16, uint16_t) X(UINT32, uint32_t)                  \
  X(UINT64, uint64_t) X(COMPLEX64, msrt_complex64)                            \
  X(COMPLEX128, msrt_complex128)
/* X(ENUM, C type of one element) */
#define MSRT_X_DTYPE_(E, ctype) MSRT_##E,
typedef enum msrt_dtype { MSRT_DTYPES(MSRT_X_DTYPE_) MSRT_NUM_DTYPES } msrt_dtype;
#undef MSRT_X_DTYPE_

/* MindSpore's name of a dtype as `print(t.dtype)` shows it: "Float32",
 * "Int64", "Bool", "UInt8"...; "?" for an unknown value. */
const char *msrt_dtype_name(msrt_dtype dt);
/* Size of one element in bytes; 0 for an unknown dtype. */
size_t msrt_dtype_size(msrt_dtype dt);

/* ===================================================================
 * 2. output hook
 * ===================================================================
 * All printing goes through a writer: write(ctx, s, n) receives n bytes
 * (not NUL-terminated). Firmware routes it to a UART; the host routes it
 * to a FILE* or a string. Every printer takes (w, ctx); w == NULL means
 * "the global hook" set by msrt_set_output (which defaults to discarding
 * output, so generated code never needs stdio). */
typedef void (*msrt_write_fn)(void *ctx, const char *s, size_t n);

void msrt_set_output(msrt_write_fn w, void *ctx);
/* Write n bytes through the global hook. */
void msrt_write(const char *s, size_t n);

/* A writer into a caller-provided buffer: always NUL-terminates when
 * cap > 0, truncates silently, and counts in `len` the bytes that would
 * have been written (so len >= cap means truncated).
 *   char b[256]; msrt_strbuf sb = msrt_strbuf_init(b, sizeof b);
 *   msrt_print_numpy(msrt_strbuf_write, &sb, ...); */
typedef struct msrt_strbuf {
  char *buf;
  size_t cap;
  size_t len;
} msrt_strbuf;

msrt_strbuf msrt_strbuf_init(char *buf, size_t cap);
void msrt_strbuf_write(void *strbuf, const char *s, size_t n);

/* ===================================================================
 * 3. printing
 * ===================================================================
 * Arrays are given as data + shape[ndim] (+ optional element strides,
 * NULL = contiguous row-major). ndim 0 is a scalar (one element). None of
 * these functions writes a trailing newline. They return MSRT_OK or
 * MSRT_EINVAL.
 *
 * msrt_print_numpy: numpy 1.24's str(ndarray) with default print options
 *   (precision 8, threshold 1000, edgeitems 3, linewidth 75, floatmode
 *   'maxprec', suppress False) — what print(t) shows for a Tensor in
 *   PyNative mode (SEMANTICS.md 1.1). Bit-exact: floats use numpy's
 *   Dragon4 (shortest round-trip digits for the element's own dtype),
 *   its scientific switch, padding, 75-column wrapping and summarisation.
 *   0-d arrays print as the numpy scalar's str ("3.25", "4.0", "1e-05").
 *
 * msrt_print_graph: MindSpore's Tensor::ToStringNoLimit, what the Print
 *   primitive shows inside a compiled graph (SEMANTICS.md 1.2):
 *   "Tensor(shape=[2, 3], dtype=Float32, value=\n[[ 1.00000000e+00 ...]])".
 *   param_name != NULL appends ", name=NAME" as for Parameters.
 *
 * msrt_print_repr: MindSpore's Tensor::ToStringRepr (repr(t), used when a
 *   tuple or list of tensors is printed): commas between elements and a
 *   space (ndim <= 1) or newline (ndim > 1) after "value=".
 *
 * msrt_print_graph_data: only the data part of the two forms above
 *   (use_comma 0 = Print, 1 = repr); "" for an empty tensor. */
int msrt_print_numpy(msrt_write_fn w, void *ctx, msrt_dtype dt,
                     const void *data, const int64_t *shape, int ndim,
                     const int64_t *strides);
int msrt_print_graph(msrt_write_fn w, void *ctx, msrt_dtype dt,
                     const void *data, const int64_t *shape, int ndim,
                     const int64_t *strides, const char *param_name);
int msrt_print_repr(msrt_write_fn w, void *ctx, msrt_dtype dt,
                    const void *data, const int64_t *shape, int ndim,
                    const int64_t *strides);
int msrt_print_graph_data(msrt_write_fn w, void *ctx, msrt_dtype dt,
                          const void *data, const int64_t *shape, int ndim,
                          const int64_t *strides, int use_comma);

/* msrt_print_numpy_repr: numpy 1.24's repr(ndarray): "array([1., 2.],
 *   dtype=float32)" (float64, int64 and bool omit the dtype; empty arrays
 *   always show it, with ", shape=(0, 3)" unless the shape is (0,)); 0-d
 *   arrays too: "array(3.)", "array(2, dtype=int32)" (a numpy scalar's
 *   repr is its str, msrt_format_scalar). */
int msrt_print_numpy_repr(msrt_write_fn w, void *ctx, msrt_dtype dt,
                          const void *data, const int64_t *shape, int ndim,
                          const int64_t *strides);

/* str() of one numpy scalar of dtype dt at *value ("0.1", "1e-05", "-0.0",
 * "nan", "7", "True"); for MSRT_FLOAT64 this is also Python's repr(float).
 * Writes at most cap bytes including the NUL; returns the length it needs
 * (excluding the NUL), or MSRT_EINVAL. 64 bytes always suffice. */
int msrt_format_scalar(char *buf, size_t cap, msrt_dtype dt,
                       const void *value);

/* Conversions for binary16 (round to nearest even). */
double msrt_half_to_double(uint16_t h);
uint16_t msrt_double_to_half(double x);


/* ===================================================================
 * 4. Kernels (runtime/kernels.c, runtime/gemm.c)
 *
 * Plain pointers, shapes and strides; nothing allocates. Strides are in
 * ELEMENTS (not bytes); a stride of 0 broadcasts. Every function returns
 * MSRT_OK or MSRT_EINVAL (unsupported dtype/op combination, ndim too big).
 * Integer division/modulo by zero yields 0 (callers that must raise check
 * first); float ops follow IEEE (inf/nan), numpy's semantics elsewhere:
 * floor division and modulo take the sign of the divisor, integer pow with
 * a negative exponent is the caller's error to report.
 * =================================================================== */

/* ---- the elementwise ops: one list each, one formula each ---------------
 * MSRT_BINOPS(X) and MSRT_UNOPS(X) are the runtime's elementwise ops as
 * X-macro lists: X(ENUM, fn, KIND). The enums below, the kernels'
 * dispatch (runtime/kernels.c), the epilogue activations (gemm.c, nn.c)
 * and the names msc's code generator writes (codegen/) are all expanded
 * from them, so an op is added by one line here (and its formula below).
 * KIND says which dtypes have a formula here:
 *   A  (binary) arithmetic: T msrt_<fn>_<S>(T x, T y) for S = f32, f64;
 *   C  (binary) comparison/logic: int msrt_<fn>_<S>(T x, T y), bool out;
 *   B  (binary) bitwise: integer and bool dtypes only (no float formula);
 *   F  (unary) T msrt_<fn>_<S>(T x) for S = f32, f64;
 *   P  (unary) predicate: int msrt_<fn>_<S>(T x), bool out;
 *   I  (unary) integer and bool dtypes only (no float formula);
 *   Z  complex parts and construction (no float formula): COMPLEX takes
 *      the float32/float64 real and imaginary parts (dt is theirs) and
 *      writes complex64/complex128; REAL and IMAG of a complex dtype write
 *      its float dtype, CONJ keeps it; of a real dtype, REAL and CONJ
 *      copy and IMAG writes zeros (MindSpore's Real/Imag/Conj).
 * Integer and bool loops (wrapping arithmetic, numpy's rules) live in
 * kernels.c. Complex dtypes (kernels.c, numpy's formulas: products as
 * (ac - bd, ad + bc), Smith's division as npymath's, abs = hypot) have
 * ADD SUB MUL DIV EQ NE and NEG SQUARE ABS (a float result) REAL IMAG
 * CONJ. float16 is computed through the f32 formula and rounded back
 * after every op. */
#define MSRT_BINOPS(X)                                                        \
  X(ADD, add, A) X(SUB, sub, A) X(MUL, mul, A)                                \
  X(DIV, div, A) /* true division: float in, float out */                    \
  X(FLOORDIV, floordiv, A) X(MOD, mod, A) X(POW, pow, A)                      \
  X(MAXIMUM, maximum, A) X(MINIMUM, minimum, A) X(ATAN2, atan2, A)            \
  X(BITAND, bitand, B) X(BITOR, bitor, B) X(BITXOR, bitxor, B)                \
  X(LOGICAL_AND, logical_and, C) X(LOGICAL_OR, logical_or, C)                 \
  X(EQ, eq, C) X(NE, ne, C) X(LT, lt, C) X(LE, le, C) X(GT, gt, C)            \
  X(GE, ge, C)                                                                \
  X(COMPLEX, complex, Z) /* float32/float64 real, imag -> complex64/128 */

#define MSRT_UNOPS(X)                                                         \
  X(NEG, neg, F) X(ABS, abs, F) X(SIGN, sign, F) X(SQUARE, square, F)         \
  X(SQRT, sqrt, F) X(RSQRT, rsqrt, F) X(RECIPROCAL, reciprocal, F)            \
  X(EXP, exp, F) X(EXPM1, expm1, F) X(LOG, log, F) X(LOG1P, log1p, F)         \
  X(LOG2, log2, F) X(LOG10, log10, F) X(SIN, sin, F) X(COS, cos, F)           \
  X(TAN, tan, F) X(ASIN, asin, F) X(ACOS, acos, F) X(ATAN, atan, F)           \
  X(SINH, sinh, F) X(COSH, cosh, F) X(TANH, tanh, F)                          \
  X(SIGMOID, sigmoid, F) X(RELU, relu, F) X(RELU6, relu6, F)                  \
  X(SOFTPLUS, softplus, F) X(ERF, erf, F) X(ERFC, erfc, F)                    \
  X(GELU, gelu, F) /* erf form */ X(SILU, silu, F) X(FLOOR, floor, F)         \
  X(CEIL, ceil, F) X(ROUND, round, F) /* half to even */ X(TRUNC, trunc, F)   \
  X(LOGICAL_NOT, logical_not, P) X(BITNOT, bitnot, I) X(ISNAN, isnan, P)      \
  X(ISINF, isinf, P) X(ISFINITE, isfinite, P)                              \
  X(LOGSIGMOID, logsigmoid, F)                              \
  X(MISH, mish, F)                              \
  X(SELU, selu, F)                              \
  X(SOFTSIGN, softsign, F)                              \
  X(HSIGMOID, hsigmoid, F)                              \
  X(HSWISH, hswish, F)                                                        \
  X(REAL, real, Z) X(IMAG, imag, Z) X(CONJ, conj, Z)

#define MSRT_X_ENUM_(E, fn, K) MSRT_##E,
typedef enum msrt_binop { MSRT_BINOPS(MSRT_X_ENUM_) MSRT_NUM_BINOPS } msrt_binop;
typedef enum msrt_unop { MSRT_UNOPS(MSRT_X_ENUM_) MSRT_NUM_UNOPS } msrt_unop;
#undef MSRT_X_ENUM_

/* The scalar formulas: the one text of each op's float arithmetic. The
 * kernels' loops (kernels.c), the fused MatMul/Conv2D epilogues (gemm.c,
 * nn.c) and the fused elementwise loops msc generates all call these, so a
 * fused loop is bit-identical to the kernels by construction (with FP
 * contraction off, as -std=c99 gives). MSRT_FORMULA_FLOAT(S, T, F) defines
 * them for one float type (S: f32/f64, T: its C type, F: the libm
 * suffix); numpy's semantics: maximum/minimum propagate the first NaN,
 * floordiv/mod are npy_divmod, sign(nan) = nan, sigmoid is the two-sided
 * form, softplus is x above 20, gelu is 0.5 x erfc(-x/sqrt 2) (float32
 * evaluates it in double: its condition number is ~x^2 there). A formula
 * that uses x twice returns a NaN x itself, so the sign of a NaN result
 * does not depend on how a compiler orders the operands of * or + (the
 * kernels, the epilogues and fused loops then agree on every bit). */
#if defined(__GNUC__) || defined(__clang__)
#define MSRT_FORMULA static inline __attribute__((unused))
#else
#define MSRT_FORMULA static inline
#endif
/* Generated code's test of a kernel's return code: an error is the
 * unlikely branch. Without the hint GCC halves its estimate of how often
 * the code after each test runs, finds the second half of a long graph
 * function "never executed" and optimizes it for size, which leaves its
 * loops unvectorized. */
#if defined(__GNUC__)
#define MSRT_FAILED(rc) __builtin_expect((rc) != 0, 0)
#else
#define MSRT_FAILED(rc) ((rc) != 0)
#endif
#define MSRT_SQRT1_2 0.70710678118654752440
/* sqrt without the errno path, under the plain `cc -std=c99 -O2` too: C99
 * lets sqrt(-1) set errno (math_errhandling), so gcc and clang compile
 * sqrtf as sqrtss plus a libm call on a negative operand, and a loop with
 * that call does not vectorize (Adam's update: one call per element). The
 * result itself is IEEE sqrt, correctly rounded, wherever it comes from;
 * only the errno write differs. Redeclaring the libm functions `const`
 * (no side effects: errno is never written) is what -fno-math-errno does
 * for them: gcc and clang then emit sqrtss/sqrtps (vsqrt.f32 on a Cortex-M
 * FPU) and no call. So a translation unit that includes msrt.h must not
 * read errno after sqrt. Other compilers (and C++) keep the plain libm
 * declaration. tests/unit/test_sqrt.c checks msrt_sqrt_f32 against libm's
 * sqrtf, bit for bit, on every float (`test_sqrt all`) or a dense sample. */
#if defined(__GNUC__) && !defined(__cplusplus)
float(sqrtf)(float) __attribute__((__const__));
double(sqrt)(double) __attribute__((__const__));
#endif

#define MSRT_FORMULA_FLOAT(S, T, F)                                           \
  MSRT_FORMULA T msrt_add_##S(T x, T y) { return x + y; }                     \
  MSRT_FORMULA T msrt_sub_##S(T x, T y) { return x - y; }                     \
  MSRT_FORMULA T msrt_mul_##S(T x, T y) { return x * y; }                     \
  MSRT_FORMULA T msrt_div_##S(T x, T y) { return x / y; }                     \
  MSRT_FORMULA T msrt_floordiv_##S(T a, T b) {                                \
    T mod, div, fd;                                                           \
    if (b == 0) return a / b;                                                 \
    mod = fmod##F(a, b);                                                      \
    div = (a - mod) / b;                                                      \
    if (mod != 0) {                                                           \
      if ((b < 0) != (mod < 0)) div -= (T)1;                                  \
    }                                                                         \
    if (div != 0) {                                                           \
      fd = floor##F(div);                                                     \
      if (div - fd > (T)0.5) fd += (T)1;                                      \
    } else {                                                                  \
      fd = copysign##F((T)0, a / b);                                          \
    }                                                                         \
    return fd;                                                                \
  }                                                                           \
  MSRT_FORMULA T msrt_mod_##S(T a, T b) {                                     \
    T mod = fmod##F(a, b);                                                    \
    if (b == 0) return mod;                                                   \
    if (mod != 0) {                                                           \
      if ((b < 0) != (mod < 0)) mod += b;                                     \
    } else {                                                                  \
      mod = copysign##F((T)0, b);                                             \
    }                                                                         \
    return mod;                                                               \
  }                                                                           \
  MSRT_FORMULA T msrt_pow_##S(T x, T y) { return pow##F(x, y); }              \
  MSRT_FORMULA T msrt_maximum_##S(T x, T y) { return (x >= y || x != x) ? x : y; } \
  MSRT_FORMULA T msrt_minimum_##S(T x, T y) { return (x <= y || x != x) ? x : y; } \
  MSRT_FORMULA T msrt_atan2_##S(T x, T y) { return atan2##F(x, y); }          \
  MSRT_FORMULA int msrt_logical_and_##S(T x, T y) { return x != 0 && y != 0; } \
  MSRT_FORMULA int msrt_logical_or_##S(T x, T y) { return x != 0 || y != 0; } \
  MSRT_FORMULA int msrt_eq_##S(T x, T y) { return x == y; }                   \
  MSRT_FORMULA int msrt_ne_##S(T x, T y) { return x != y; }                   \
  MSRT_FORMULA int msrt_lt_##S(T x, T y) { return x < y; }                    \
  MSRT_FORMULA int msrt_le_##S(T x, T y) { return x <= y; }                   \
  MSRT_FORMULA int msrt_gt_##S(T x, T y) { return x > y; }                    \
  MSRT_FORMULA int msrt_ge_##S(T x, T y) { return x >= y; }                   \
  MSRT_FORMULA T msrt_neg_##S(T x) { return -x; }                             \
  MSRT_FORMULA T msrt_abs_##S(T x) { return fabs##F(x); }                     \
  MSRT_FORMULA T msrt_sign_##S(T x) { /* selects: loops of it vectorize */    \
    T r = x > 0 ? (T)1 : x < 0 ? (T)-1 : (T)0;                                \
    return x != x ? x : r;                                                    \
  }                                                                           \
  MSRT_FORMULA T msrt_square_##S(T x) { return x * x; }                       \
  MSRT_FORMULA T msrt_sqrt_##S(T x) { return sqrt##F(x); }                    \
  MSRT_FORMULA T msrt_rsqrt_##S(T x) { return (T)1 / sqrt##F(x); }            \
  MSRT_FORMULA T msrt_reciprocal_##S(T x) { return (T)1 / x; }                \
  MSRT_FORMULA T msrt_exp_##S(T x) { return exp##F(x); }                      \
  MSRT_FORMULA T msrt_expm1_##S(T x) { return expm1##F(x); }                  \
  MSRT_FORMULA T msrt_log_##S(T x) { return log##F(x); }                      \
  MSRT_FORMULA T msrt_log1p_##S(T x) { return log1p##F(x); }                  \
  MSRT_FORMULA T msrt_log2_##S(T x) { return log2##F(x); }                    \
  MSRT_FORMULA T msrt_log10_##S(T x) { return log10##F(x); }                  \
  MSRT_FORMULA T msrt_sin_##S(T x) { return sin##F(x); }                      \
  MSRT_FORMULA T msrt_cos_##S(T x) { return cos##F(x); }                      \
  MSRT_FORMULA T msrt_tan_##S(T x) { return tan##F(x); }                      \
  MSRT_FORMULA T msrt_asin_##S(T x) { return asin##F(x); }                    \
  MSRT_FORMULA T msrt_acos_##S(T x) { return acos##F(x); }                    \
  MSRT_FORMULA T msrt_atan_##S(T x) { return atan##F(x); }                    \
  MSRT_FORMULA T msrt_sinh_##S(T x) { return sinh##F(x); }                    \
  MSRT_FORMULA T msrt_cosh_##S(T x) { return cosh##F(x); }                    \
  MSRT_FORMULA T msrt_sigmoid_##S(T x) {                                      \
    T e = exp##F(-fabs##F(x)), r = (T)1 / ((T)1 + e);                         \
    return x >= 0 ? r : e * r;                                                \
  }                                                                           \
  MSRT_FORMULA T msrt_relu_##S(T x) { return x < 0 ? (T)0 : x; }              \
  MSRT_FORMULA T msrt_relu6_##S(T x) { return x < 0 ? (T)0 : x > (T)6 ? (T)6 : x; } \
  MSRT_FORMULA T msrt_softplus_##S(T x) {                                     \
    return x > (T)20 ? x : log1p##F(exp##F(x));                               \
  }                                                                           \
  MSRT_FORMULA T msrt_erf_##S(T x) { return erf##F(x); }                      \
  MSRT_FORMULA T msrt_erfc_##S(T x) { return erfc##F(x); }                    \
  MSRT_FORMULA T msrt_silu_##S(T x) { return x != x ? x : x * msrt_sigmoid_##S(x); } \
  MSRT_FORMULA T msrt_floor_##S(T x) { return floor##F(x); }                  \
  MSRT_FORMULA T msrt_ceil_##S(T x) { return ceil##F(x); }                    \
  MSRT_FORMULA T msrt_round_##S(T x) { return nearbyint##F(x); }             \
  MSRT_FORMULA T msrt_trunc_##S(T x) { return trunc##F(x); }                  \
  MSRT_FORMULA int msrt_logical_not_##S(T x) { return x == 0; }               \
  MSRT_FORMULA int msrt_isnan_##S(T x) { return x != x; }                     \
  MSRT_FORMULA int msrt_isinf_##S(T x) { return isinf(x) != 0; }              \
  MSRT_FORMULA int msrt_isfinite_##S(T x) { return isfinite(x) != 0; }       \
  MSRT_FORMULA T msrt_logsigmoid_##S(T x) {                                  \
    return x != x ? x : (x < 0 ? x : (T)0) - log1p##F(exp##F(-fabs##F(x)));     \
  }       \
  MSRT_FORMULA T msrt_mish_##S(T x) { return x != x ? x : x * tanh##F(msrt_softplus_##S(x)); }       \
  MSRT_FORMULA T msrt_selu_##S(T x) {                                        \
    return x > 0 ? (T)1.0507009873554804934 * x : (T)1.7580993408473768599 * expm1##F(x); \
  }       \
  MSRT_FORMULA T msrt_softsign_##S(T x) { return x / ((T)1 + fabs##F(x)); }       \
  MSRT_FORMULA T msrt_hsigmoid_##S(T x) {                                    \
    return x + (T)3 <= 0 ? (T)0 : x >= (T)3 ? (T)1 : (x + (T)3) / (T)6;        \
  }       \
  MSRT_FORMULA T msrt_hswish_##S(T x) {                                      \
    return x != x ? x : x + (T)3 <= 0 ? (T)0 : x >= (T)3 ? x : x * (x + (T)3) / (T)6; \
  }

/* gelu differs by type (float32 computes in double) */
MSRT_FORMULA float msrt_gelu_f32(float x) {
  return x != x ? x : (float)(0.5 * (double)x * erfc(-(double)x * MSRT_SQRT1_2));
}
MSRT_FORMULA double msrt_gelu_f64(double x) { return x != x ? x : 0.5 * x * erfc(-x * MSRT_SQRT1_2); }
/* tanh differs by type. float32: in double, tanh(a) = -m / (2 + m) with
 * m = expm1(-2a) (2^k (expm1(r) + 1) - 1, r = -2a - k ln2, |r| <= ln2/2,
 * a degree-12 Taylor polynomial; for k = 0, the small |a|, m is the
 * polynomial itself, so no cancellation), rounded once to float: the
 * correctly rounded tanh on every float tested (tests/unit/test_kernels.c;
 * glibc's tanhf is off by up to 2 ulp on ~3% of them), and written without
 * branches or float compares, so GCC and clang vectorize the loops that
 * call it (glibc's tanhf was half the time of the RNN bench). |x| >= 16
 * maps to [16, 32), where tanh rounds to +-1; NaN propagates; the sign is
 * x's (tanh(-0) = -0). 32-bit ARM without a double-precision FPU (the
 * Cortex-M targets) keeps tanhf: double arithmetic is emulated there. */
#if defined(__arm__) && !(defined(__ARM_FP) && (__ARM_FP & 8))
MSRT_FORMULA float msrt_tanh_f32(float x) { return tanhf(x); }
#else
MSRT_FORMULA float msrt_tanh_f32(float x) {
  union {
    float f;
    uint32_t u;
  } c, s;
  union {
    double d;
    uint64_t u;
  } kb;
  double y, k, r, p, m;
  s.f = x;
  c.u = s.u & 0x7fffffffu;
  c.u = c.u - 0x41800000u <= 0x3e000000u ? (c.u & 0x007fffffu) | 0x41800000u : c.u;
  y = -2.0 * (double)c.f;
  kb.d = y * 1.4426950408889634 + 6755399441055744.0; /* + 0x1.8p52: k in the low bits */
  k = kb.d - 6755399441055744.0;
  r = (y - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
  p = 1.0 / 479001600.0;
  p = p * r + 1.0 / 39916800.0;
  p = p * r + 1.0 / 3628800.0;
  p = p * r + 1.0 / 362880.0;
  p = p * r + 1.0 / 40320.0;
  p = p * r + 1.0 / 5040.0;
  p = p * r + 1.0 / 720.0;
  p = p * r + 1.0 / 120.0;
  p = p * r + 1.0 / 24.0;
  p = p * r + 1.0 / 6.0;
  p = p * r + 0.5;
  p = p * r * r + r;            /* expm1(r) */
  kb.u = (kb.u + 1023u) << 52;  /* 2^k */
  m = kb.d * p + (kb.d - 1.0);  /* expm1(-2a) */
  c.f = (float)(-m / (2.0 + m));
  c.u = (c.u & 0x7fffffffu) | (s.u & 0x80000000u);
  return c.f;
}
#endif
MSRT_FORMULA double msrt_tanh_f64(double x) { return tanh(x); }
MSRT_FORMULA_FLOAT(f32, float, f)
MSRT_FORMULA_FLOAT(f64, double, )

/* out[i] = a[ia] op b[ib] over an ndim-dimensional index space `shape`
 * (already broadcast); a, b and out use the given element strides (out is
 * normally contiguous). dt is the dtype of a and b (both the same: the
 * caller casts first); out has dtype dt, or MSRT_BOOL for comparisons and
 * logical ops. */
int msrt_binary(msrt_binop op, msrt_dtype dt, int ndim, const int64_t *shape,
                const void *a, const int64_t *astrides,
                const void *b, const int64_t *bstrides,
                void *out, const int64_t *ostrides);

/* out[i] = op(x[i]) for n contiguous elements (in place allowed). */
int msrt_unary(msrt_unop op, msrt_dtype dt, int64_t n, const void *x, void *out);

/* Elementwise conversion with numpy 1.24's astype semantics (x86-64):
 * float->int truncates toward zero, 8/16-bit targets wrap (200.0 -> int8
 * -56), nan/inf/out-of-range as documented in kernels.c (never undefined
 * behaviour); !=0 for ->bool; round-to-nearest-even for ->float16. */
int msrt_cast(msrt_dtype from, msrt_dtype to, int64_t n, const void *x, void *out);

/* Copies an ndim-dimensional strided view of x into contiguous out
 * (transpose, slicing with steps, broadcast_to, concat pieces). */
int msrt_copy_strided(msrt_dtype dt, int ndim, const int64_t *shape,
                      const void *x, const int64_t *xstrides, void *out);

/* C[M,N] = alpha * op(A)[M,K] @ op(B)[K,N] + beta * C, row-major, with
 * leading dimensions in elements; op(X) = X or X^T. Every output is the
 * sequential fused chain c = fma(A(i,p), B(p,j), c) over p = 0..K-1 from
 * c = 0 (beta 0) or C (beta 1), alpha 1 (other alpha, beta: alpha * chain
 * + beta * C), whichever kernel set runs (gemm.c): results do not depend
 * on the CPU, the blocking or the threads. ws must hold
 * msrt_gemm_ws_size(M, N, K) bytes (16-byte aligned) or be NULL (a slow
 * loop with the same results). The size is the same for every dtype and
 * target: 0 when M <= 1 (no workspace is used), else one panel of
 * min(K, 256) rows of 128 bytes plus 64 (at most 32832 bytes). */
size_t msrt_gemm_ws_size(int64_t M, int64_t N, int64_t K);
void msrt_gemm_f32(int transa, int transb, int64_t M, int64_t N, int64_t K,
                   float alpha, const float *A, int64_t lda, const float *B,
                   int64_t ldb, float beta, float *C, int64_t ldc, void *ws);
void msrt_gemm_f64(int transa, int transb, int64_t M, int64_t N, int64_t K,
                   double alpha, const double *A, int64_t lda, const double *B,
                   int64_t ldb, double beta, double *C, int64_t ldc, void *ws);

/* Kernel sets (gemm.c): the CPU's best unless the environment's
 * MSRT_ISA=portable|avx2|avx512 or msrt_isa_set asks for a lower one.
 * Every set computes the same bits. msrt_isa_set(-1) returns to the
 * default; it returns the set now in use, or -1 (unchanged) when the CPU
 * lacks the one asked for. Non-x86 targets have the portable set only. */
#define MSRT_ISA_PORTABLE 0
#define MSRT_ISA_AVX2 1
#define MSRT_ISA_AVX512 2
int msrt_isa(void);
int msrt_isa_best(void);
int msrt_isa_set(int isa);
const char *msrt_isa_name(int isa);

/* B packed ahead of time (a constant weight: `msc compile` packs it at
 * compile time, codegen/emit_fuse.c.inc): op(B) [K, N] as panels of
 * MSRT_GEMM_PANEL_F32 (F64) columns, panel j0 (a multiple of the width)
 * at Bp + j0 * K holding op(B)(p, j0 + j) at [p * w + j], w = min(width,
 * N - j0): exactly K * N elements, no padding. msrt_gemm_pack_b_* writes
 * it from B (ldb its leading dimension); msrt_gemm_packed_ep_* computes
 * C = op(A) op(B) (accumulate != 0: C + op(A) op(B)) with no workspace,
 * the same bits as msrt_gemm_ep_*. msrt_gemm_pack_b and
 * msrt_matmul_packed_ep are the dtype-generic forms (contiguous operands,
 * float32/float64). */
#define MSRT_GEMM_PANEL_F32 32
#define MSRT_GEMM_PANEL_F64 16
void msrt_gemm_pack_b_f32(int transb, int64_t K, int64_t N, const float *B, int64_t ldb,
                          float *Bp);
void msrt_gemm_pack_b_f64(int transb, int64_t K, int64_t N, const double *B, int64_t ldb,
                          double *Bp);
int msrt_gemm_pack_b(msrt_dtype dt, int transb, int64_t K, int64_t N, const void *B, void *Bp);

/* Threads (host only; generated libraries never install one): fn(ctx, n,
 * task, arg) runs task(arg, i, scratch) for i = 0..n-1, on several
 * threads, each with its own scratch of MSRT_PAR_SCRATCH bytes (64-byte
 * aligned), and returns 0 once all are done (non-zero: it ran none, the
 * caller does the work itself); fn(ctx, 0, NULL, NULL) returns the number
 * of threads; a call from inside a task must return non-zero (no nesting).
 * gemm splits its columns over the tasks, conv its images (the filter
 * gradient its output channels), results unchanged. NULL (the default)
 * runs everything in the caller. The scratch holds a convolution's
 * workspace (an im2col block of up to 256 KB and a GEMM's) as well as
 * gemm's pack buffer. */
#define MSRT_PAR_SCRATCH ((int64_t)1 << 20)
typedef void (*msrt_task_fn)(void *arg, int i, void *scratch);
typedef int (*msrt_parallel_fn)(void *ctx, int n, msrt_task_fn task, void *arg);
void msrt_set_parallel(msrt_parallel_fn fn, void *ctx);
int msrt_parallel_width(void);
/* task(arg, i, scratch) for i < n on the callback's threads: 0 when they
 * ran, non-zero when there is no callback or it refused (run them here) */
int msrt_parallel_run(int n, msrt_task_fn task, void *arg);

/* c[j] = sum over p of a[p] * B[p * ldb + j] for j < N (1 x K times
 * K x N, c contiguous): msrt_gemm_f32's bits (the sequential fused chain
 * over p from 0), by 16-float AVX-512 vectors when msrt_isa() is
 * MSRT_ISA_AVX512 (runtime/gemv.c). Graphs call it for their one-row
 * float32 products. MSRT_EINVAL for a negative size or ldb < N. */
int msrt_gemv_f32(int64_t N, int64_t K, const float *a, const float *B, int64_t ldb, float *c);

/* Batched matmul of contiguous operands for any numeric dtype:
 * C[b] = op(A[b]) @ op(B[b]); a_bstride/b_bstride are the element strides
 * between batches (0 broadcasts one matrix over the batch). */
int msrt_matmul(msrt_dtype dt, int transa, int transb, int64_t batch,
                int64_t M, int64_t N, int64_t K, const void *A, int64_t a_bstride,
                const void *B, int64_t b_bstride, void *C, void *ws);

/* Epilogue of a fused MatMul or Conv2D (passes/fuse_epilogue.c): each
 * result element r, rounded to the dtype exactly as the unfused kernel
 * rounds it, becomes act(r + bias[j]) with j the output column (MatMul:
 * the last axis) or the output channel (Conv2D: axis 1); the sum is
 * rounded to the dtype, then act is applied exactly as msrt_unary(act)
 * does. So a fused node gives bit-identical results to MatMul/Conv2D,
 * BiasAdd, then the activation. bias may be NULL (no bias); act is
 * MSRT_ACT_NONE or one of MSRT_ACTIVATIONS (msrt_act_ok). float32/float64
 * only. The list is short on purpose: every activation in it is code in
 * every library that fuses an epilogue (ops.def's ACT column must name
 * only these; tests/unit/test_ops.c checks). */
#define MSRT_ACT_NONE (-1)
#define MSRT_ACTIVATIONS(X)                                                   \
  X(RELU, relu) X(RELU6, relu6) X(SIGMOID, sigmoid) X(TANH, tanh)             \
  X(GELU, gelu) X(SILU, silu) X(HSWISH, hswish) X(HSIGMOID, hsigmoid)
#define MSRT_ACT_OK_(E, fn) case MSRT_##E:
MSRT_FORMULA int msrt_act_ok(int act) {
  switch (act) {
  case MSRT_ACT_NONE:
  MSRT_ACTIVATIONS(MSRT_ACT_OK_)
    return 1;
  default:
    return 0;
  }
}
typedef struct msrt_epilogue {
  const void *bias;
  int act;
} msrt_epilogue;
/* msrt_matmul with batch 1, then the epilogue ep (NULL: none). */
int msrt_matmul_ep(msrt_dtype dt, int transa, int transb, int64_t M, int64_t N, int64_t K,
                   const void *A, const void *B, void *C, void *ws, const msrt_epilogue *ep);
/* msrt_gemm_f32/f64, then the epilogue ep (NULL: none), applied to each
 * block of C as its last depth block is stored. The bias is indexed by the
 * column of C, or by its row when bias_per_row != 0 (Conv2D: rows are
 * output channels). ep->act must be one of those listed above (the
 * caller checks; msrt_matmul_ep does). The epilogue follows alpha and
 * beta: C = act(alpha * op(A) op(B) + beta * C + bias). */
void msrt_gemm_ep_f32(int transa, int transb, int64_t M, int64_t N, int64_t K,
                      float alpha, const float *A, int64_t lda, const float *B,
                      int64_t ldb, float beta, float *C, int64_t ldc, void *ws,
                      const msrt_epilogue *ep, int bias_per_row);
void msrt_gemm_ep_f64(int transa, int transb, int64_t M, int64_t N, int64_t K,
                      double alpha, const double *A, int64_t lda, const double *B,
                      int64_t ldb, double beta, double *C, int64_t ldc, void *ws,
                      const msrt_epilogue *ep, int bias_per_row);
void msrt_gemm_packed_ep_f32(int transa, int64_t M, int64_t N, int64_t K, const float *A,
                             int64_t lda, const float *Bp, int accumulate, float *C,
                             int64_t ldc, const msrt_epilogue *ep, int bias_per_row);
void msrt_gemm_packed_ep_f64(int transa, int64_t M, int64_t N, int64_t K, const double *A,
                             int64_t lda, const double *Bp, int accumulate, double *C,
                             int64_t ldc, const msrt_epilogue *ep, int bias_per_row);
/* msrt_matmul_ep with B packed (msrt_gemm_pack_b): C [M, N] = op(A) B,
 * then ep; float32/float64. */
int msrt_matmul_packed_ep(msrt_dtype dt, int transa, int64_t M, int64_t N, int64_t K,
                          const void *A, const void *Bp, void *C, const msrt_epilogue *ep);

#define MSRT_REDUCE_OPS(X)                                                    \
  X(RSUM) X(RMEAN) X(RPROD) X(RMAX) X(RMIN)                                   \
  X(RARGMAX) X(RARGMIN) /* out dtype given by out_dt (int32/int64) */        \
  X(RANY) X(RALL)       /* out MSRT_BOOL */
#define MSRT_X_REDUCE_(E) MSRT_##E,
typedef enum msrt_reduce_op { MSRT_REDUCE_OPS(MSRT_X_REDUCE_) MSRT_NUM_REDUCE_OPS } msrt_reduce_op;
#undef MSRT_X_REDUCE_
/* Reduces the middle axis of x viewed as contiguous [outer, r, inner] into
 * out [outer, inner]. Float sums use pairwise summation as numpy does (so
 * results match numpy closely); bool/int sums accumulate in the out dtype.
 * Max/min propagate nan as numpy. r == 0: sum 0, prod 1, others EINVAL. */
int msrt_reduce(msrt_reduce_op op, msrt_dtype dt, msrt_dtype out_dt,
                int64_t outer, int64_t r, int64_t inner, const void *x, void *out);

/* Softmax / log-softmax over the middle axis of [outer, n, inner]
 * (max-subtracted, float dtypes only). */
int msrt_softmax(msrt_dtype dt, int log, int64_t outer, int64_t n, int64_t inner,
                 const void *x, void *out);

/* numpy's arange and linspace values in float64 (its exact formulas:
 * arange from start and (start + delta) - start; linspace by i * step, or
 * i / div * delta when step underflows, with the last value = stop).
 * out holds n values. */
void msrt_arange_f64(double start, double delta, int64_t n, double *out);
void msrt_linspace_f64(double start, double stop, int64_t n, double *out);

/* ===================================================================
 * 5. Indexing, selection, scan and sort kernels (runtime/index.c) and
 *    NCHW neural-network kernels (runtime/nn.c)
 *
 * Same rules as section 4. Shapes are given as arrays; "dt" is the data
 * dtype (any of section 1 unless a function says otherwise); index
 * arrays are int32 or int64 (idt). Functions that can meet a bad index
 * clamp it into range (callers that must raise check first) so generated
 * code never reads out of bounds.
 * =================================================================== */

/* out = tile of x: x viewed as ndim dims (leading 1s already added by
 * the caller), out.shape[i] = xshape[i] * reps[i]. */
int msrt_tile(msrt_dtype dt, int ndim, const int64_t *xshape, const int64_t *reps,
              const void *x, void *out);

/* out[i] = cond[i] ? x[i] : y[i] over the broadcast index space `shape`,
 * with element strides for each operand (0 broadcasts); cond is MSRT_BOOL,
 * x, y and out have dtype dt; out contiguous. */
int msrt_select(msrt_dtype dt, int ndim, const int64_t *shape,
                const void *cond, const int64_t *cstrides,
                const void *x, const int64_t *xstrides,
                const void *y, const int64_t *ystrides, void *out);

/* One-hot: indices (idt, n = outer*inner elements viewed [outer, inner])
 * -> out [outer, depth, inner] of dtype dt: on where index == d (a
 * negative or >= depth index matches nothing), else off. */
int msrt_one_hot(msrt_dtype idt, msrt_dtype dt, int64_t outer, int64_t inner, int64_t depth,
                 double on, double off, const void *indices, void *out);

/* Gather (numpy take): x viewed [outer, n, inner], nidx indices (negative
 * counts from the end; clamped) -> out [outer, nidx, inner]. */
int msrt_gather(msrt_dtype dt, msrt_dtype idt, int64_t outer, int64_t n, int64_t inner,
                const void *x, int64_t nidx, const void *idx, void *out);

/* GatherD (take_along_axis): x viewed [outer, n, inner], index viewed
 * [outer, m, inner] (the caller has checked that the other dims agree)
 * -> out [outer, m, inner]; out[o][j][i] = x[o][index[o][j][i]][i]. */
int msrt_gather_d(msrt_dtype dt, msrt_dtype idt, int64_t outer, int64_t n, int64_t m,
                  int64_t inner, const void *x, const void *index, void *out);

/* GatherNd: x with shape xshape[xndim]; nidx index tuples of k entries
 * (indices [nidx, k]); slice = prod(xshape[k:]) elements each;
 * out [nidx, slice]. */
int msrt_gather_nd(msrt_dtype dt, msrt_dtype idt, int xndim, const int64_t *xshape,
                   int64_t nidx, int k, const void *indices, const void *x, void *out);

/* Scatter into out (which the caller has filled with a copy of x):
 * for each of the nidx index tuples, out[tuple] = (or +=, add != 0)
 * updates[i] (slice elements each, as msrt_gather_nd). In order: the
 * last duplicate wins for update. */
int msrt_scatter_nd(msrt_dtype dt, msrt_dtype idt, int add, int xndim, const int64_t *xshape,
                    int64_t nidx, int k, const void *indices, const void *updates, void *out);

/* Cumulative sum (prod != 0: product) along the middle axis of
 * [outer, n, inner]; exclusive, reverse as ops.def's CumSum. Numeric
 * dtypes; bool is not accepted (the caller casts). */
int msrt_cumulative(msrt_dtype dt, int prod, int exclusive, int reverse,
                    int64_t outer, int64_t n, int64_t inner, const void *x, void *out);

/* Stable argsort along the middle axis of [outer, n, inner] into out
 * (idt int32/int64, same layout); nan last ascending, first descending
 * (numpy's order reversed stably: equal keys keep ascending index order
 * in both directions). In-place heap sort of the index row keyed by
 * (value, index): no scratch. */
int msrt_argsort(msrt_dtype dt, msrt_dtype idt, int descending, int64_t outer, int64_t n,
                 int64_t inner, const void *x, void *out);

/* The index rows MindSpore's CPU TopK(sorted=False) leaves: each row of
 * indices 0..n-1 permuted by C++'s std::nth_element(first, first + k, last)
 * with the comparator x[a] > x[b] (descending; else <), as libstdc++'s
 * introselect does it (median-of-three partitions, an insertion sort of
 * the last <= 3 elements, a heap select past 2 log2(n) rounds), so the
 * first k are the k largest (smallest) in the kernel's order; k == n
 * leaves the input order. Compares with the plain C operators (a NaN is
 * neither greater nor less), with bounds checks where libstdc++ relies on
 * a strict weak order. Same layout and dtypes as msrt_argsort; k in
 * [0, n]. No scratch, no recursion. */
int msrt_argselect(msrt_dtype dt, msrt_dtype idt, int descending, int64_t k, int64_t outer,
                   int64_t n, int64_t inner, const void *x, void *out);

/* 2-D convolution, NCHW, float32/float64. xs = {N, Cin, H, W}, wsh =
 * {Cout, Cin/group, KH, KW}, os = {N, Cout, OH, OW}; pad = {top, bottom,
 * left, right}; stride, dilation = {h, w}. ws holds
 * msrt_conv2d_ws_size(...) bytes (16-byte aligned; im2col and packing
 * for msrt_gemm) or is NULL when that size is 0. */
size_t msrt_conv2d_ws_size(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                           const int64_t *os, int64_t group);
int msrt_conv2d(msrt_dtype dt, const int64_t *xs, const int64_t *wsh, const int64_t *os,
                const int64_t *stride, const int64_t *pad, const int64_t *dilation,
                int64_t group, const void *x, const void *w, void *out, void *ws);
/* msrt_conv2d, then the epilogue ep (NULL: none; bias per channel). */
int msrt_conv2d_ep(msrt_dtype dt, const int64_t *xs, const int64_t *wsh, const int64_t *os,
                   const int64_t *stride, const int64_t *pad, const int64_t *dilation,
                   int64_t group, const void *x, const void *w, void *out, void *ws,
                   const msrt_epilogue *ep);

/* Pooling, NCHW, float32/float64 (max also ints): xs = {N, C, H, W},
 * out [N, C, OH, OW] (oh, ow given); ksize, stride = {h, w}; pad = {top,
 * bottom, left, right}. avg: count_include_pad as ops.def's AvgPool. */
int msrt_maxpool2d(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                   const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                   const void *x, void *out);
int msrt_avgpool2d(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                   const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                   int count_include_pad, const void *x, void *out);

/* Backward of msrt_conv2d (autodiff), float32/float64, the shapes and
 * attributes of the forward call: xs = x's shape, wsh = w's, os = dy's
 * (the forward output's). backprop_input writes dx [xs] from dy and w;
 * backprop_filter writes dw [wsh] from dy and x. ws holds
 * msrt_conv2d_bp_ws_size(..., filter) bytes (filter: 0 for the input
 * gradient, 1 for the filter's; 16-byte aligned) or is NULL when that size
 * is 0. im2col/col2im over blocks of output positions + msrt_gemm. */
size_t msrt_conv2d_bp_ws_size(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                              const int64_t *os, int64_t group, int filter);
int msrt_conv2d_backprop_input(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                               const int64_t *os, const int64_t *stride, const int64_t *pad,
                               const int64_t *dilation, int64_t group, const void *dy,
                               const void *w, void *dx, void *ws);
int msrt_conv2d_backprop_filter(msrt_dtype dt, const int64_t *xs, const int64_t *wsh,
                                const int64_t *os, const int64_t *stride, const int64_t *pad,
                                const int64_t *dilation, int64_t group, const void *dy,
                                const void *x, void *dw, void *ws);
/* Backward of the pools (autodiff), float32/float64: dx [xs] from dy
 * [N, C, oh, ow] (and x for max), the forward's attributes. Max: each
 * window's dy is added at the element msrt_maxpool2d picked (the first
 * maximum in row-major window order; the last nan); avg: dy / the
 * forward's divisor is added to each in-bounds element of the window. */
int msrt_maxpool2d_grad(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                        const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                        const void *x, const void *dy, void *dx);
int msrt_avgpool2d_grad(msrt_dtype dt, const int64_t *xs, int64_t oh, int64_t ow,
                        const int64_t *ksize, const int64_t *stride, const int64_t *pad,
                        int count_include_pad, const void *dy, void *dx);

/* Kernels for 32-bit microcontrollers (mcu.c; `msc compile
 * --target=cortex-m4|cortex-m7|cortex-m0plus`), float32, int32_t sizes,
 * no workspace; the same bits as the host kernels (mcu.c says where not).
 * msrt_mcu_pack_dense_f32 lays out op(B) [K, N] (B as stored: [N, K] when
 * transb) for msrt_mcu_dense_f32: C [M, N] = A [M, K] op(B), then ep
 * (bias per column; NULL: none). msrt_mcu_conv2d_f32: direct NCHW
 * convolution, group 1, geo = {N, Cin, H, W, Cout, KH, KW, OH, OW, stride
 * h, w, pad top, left, dilation h, w}, w [Cout, Cin, KH, KW], then ep
 * (bias per channel). msrt_mcu_conv3_f32: the same, faster for KW = 3
 * with stride and dilation 1 along W (other geometries: it calls
 * msrt_mcu_conv2d_f32); a library calls it only for those, so the other
 * convolutions do not link its code. msrt_mcu_maxpool_f32: geo = {N * C,
 * H, W, OH, OW, KH, KW, stride h, w, pad top, left}; msrt_mcu_maxpool_i8
 * the same on int8 (quantized activations). */
void msrt_mcu_pack_dense_f32(int transb, int32_t K, int32_t N, const float *B, float *Wp);
int msrt_mcu_dense_f32(int32_t M, int32_t N, int32_t K, const float *A, const float *Wp, float *C,
                       const msrt_epilogue *ep);
int msrt_mcu_conv2d_f32(const int32_t *geo, const float *x, const float *w, float *out,
                        const msrt_epilogue *ep);
int msrt_mcu_conv3_f32(const int32_t *geo, const float *x, const float *w, float *out, const msrt_epilogue *ep);
int msrt_mcu_maxpool_f32(const int32_t *geo, const float *x, float *out);
int msrt_mcu_maxpool_i8(const int32_t *geo, const int8_t *x, int8_t *out);
/* msrt_mcu_maxpool_i8 for 2x2 windows of stride 2 without padding (else
 * MSRT_EINVAL): on Armv7E-M a library that calls only it carries only
 * the SIMD loop. */
int msrt_mcu_maxpool2_i8(const int32_t *geo, const int8_t *x, int8_t *out);

/* Inference batch norm, float32/float64: x viewed [n, c, inner];
 * y = (x - mean[c]) / sqrt(var[c] + eps) * scale[c] + bias[c]. */
int msrt_batchnorm(msrt_dtype dt, int64_t n, int64_t c, int64_t inner, double eps,
                   const void *x, const void *scale, const void *bias,
                   const void *mean, const void *var, void *out);

/* Layer norm, float32/float64: x viewed [outer, m] (m = the product of
 * the normalised dims); gamma and beta have pn elements covering the
 * trailing dims of x: the element at flat index f of x uses gamma[f % pn]
 * (pn may be smaller or larger than m). Mean and biased variance are
 * accumulated in double. */
int msrt_layernorm(msrt_dtype dt, int64_t outer, int64_t m, int64_t pn, double eps,
                   const void *x, const void *gamma, const void *beta, void *out);

/* int8 post-training quantization (quant.c; TFLite int8 reference
 * semantics). msrt_q_srdhm: SaturatingRoundingDoublingHighMul;
 * msrt_q_rdpot: RoundingDivideByPOT (exponent 0..31); msrt_q_mul:
 * MultiplyByQuantizedMultiplier (shift > 0: left); msrt_q_quantize_multiplier:
 * a real multiplier as a Q31 multiplier and a shift. msrt_q8_dense:
 * y [M, N] = clamp(out_zp + requant_j(bias[j] + sum_p (x[i,p] - x_zp) w[j,p]),
 * act_min, act_max), w [N, K] per-output-channel symmetric; MSRT_OK or
 * MSRT_EINVAL. */
int32_t msrt_q_srdhm(int32_t a, int32_t b);
int32_t msrt_q_rdpot(int32_t x, int32_t exponent);
int32_t msrt_q_mul(int32_t x, int32_t mult, int32_t shift);
void msrt_q_quantize_multiplier(double m, int32_t *qmult, int32_t *shift);
int msrt_q8_dense(int32_t M, int32_t N, int32_t K, const int8_t *x, int32_t x_zp, const int8_t *w,
                  const int32_t *bias, const int32_t *mult, const int32_t *shift, int32_t out_zp,
                  int32_t act_min, int32_t act_max, int8_t *y);
/* msrt_q8_pack_dense: constant weights w [N, K], bias (or NULL), mult
 * (each in [2^30, 2^31), msrt_q_quantize_multiplier's range for a nonzero
 * scale, else MSRT_EINVAL) and shift of msrt_q8_dense, and the input
 * zero point (and the output's: q8_gemv_asm folds it in), laid out in blob (msrt_q8_packed_words(N, K) int32 words;
 * quant.c describes the layout) for msrt_q8_dense_packed, which computes
 * msrt_q8_dense's bits with that blob; scratch:
 * msrt_q8_dense_scratch_words(K) int32 (one input row as int16 pairs and
 * the sums of a few channel groups). */
int64_t msrt_q8_packed_words(int32_t N, int32_t K);
int64_t msrt_q8_dense_scratch_words(int32_t K);
int msrt_q8_pack_dense(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                       const int32_t *shift, int32_t x_zp, int32_t out_zp, int32_t *blob);
int msrt_q8_dense_packed(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int32_t out_zp,
                         int32_t act_min, int32_t act_max, int8_t *y, int32_t *scratch);
/* msrt_q8_dense_packed(M, N, K, x, blob, the blob's output zero point,
 * -128, 127, y, scratch) for a blob msrt_q8_pack_dense flagged for the
 * Armv7E-M requantization (word 0's bit 0) and N % 4 != 3 (else
 * MSRT_EINVAL): the code generator calls it when it knows both, so the
 * library carries only the kernels it runs. */
int msrt_q8_dense_packed_fast(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int8_t *y,
                              int32_t *scratch);
/* msrt_q8_dense_packed_fast through the convolutions' kernel (the same
 * bits; for a library whose convolutions call
 * msrt_q8_conv2d_packed_fast: one kernel in flash for both). */
int msrt_q8_dense_packed_fast_s(int32_t M, int32_t N, int32_t K, const int8_t *x, const int32_t *blob, int8_t *y,
                                int32_t *scratch);
/* x16 rows (quant.c): an int8 tensor [M, K] kept between the layers of a
 * chain QuantizeInt8 -> QuantDense ... -> DequantizeInt8 as M rows of
 * msrt_q8_x16_words(K) int32 words (the values as int16, in order, then
 * padding and a sentinel), so that no layer expands its input.
 * msrt_q8_quantize_x16 and msrt_q8_dequantize_x16: msrt_q8_quantize and
 * msrt_q8_dequantize of the rows; msrt_q8_pack_dense_x16: the blob of
 * msrt_q8_pack_dense (msrt_q8_packed_words(N, K) words) with each pair's
 * weights as int16 halfwords, or MSRT_EINVAL when the blob cannot have
 * them (a weight -128, a second channel of a pair whose sum can reach
 * 2^23, no Armv7E-M requantization); msrt_q8_dense_x16: msrt_q8_dense
 * with that blob's operands, its output zero point and no clamp, from
 * the rows xs into the rows ys (MSRT_EINVAL for another blob or N % 4 ==
 * 3). Bit-identical to msrt_q8_quantize, msrt_q8_dense, msrt_q8_dequantize. */
int64_t msrt_q8_x16_words(int32_t K);
void msrt_q8_quantize_x16(int32_t M, int32_t K, const float *x, float scale, int32_t zp, int32_t *xs);
void msrt_q8_dequantize_x16(int32_t M, int32_t N, const int32_t *xs, float scale, int32_t zp, float *y);
int msrt_q8_pack_dense_x16(int32_t N, int32_t K, const int8_t *w, const int32_t *bias, const int32_t *mult,
                           const int32_t *shift, int32_t x_zp, int32_t out_zp, int32_t *blob);
int msrt_q8_dense_x16(int32_t M, int32_t N, int32_t K, const int32_t *xs, const int32_t *blob, int32_t *ys);
/* msrt_q8_conv2d_packed: msrt_q8_conv2d (group 1) with the weights w of
 * shape wsh [Co, C, kh, kw] packed by msrt_q8_pack_conv (the layout of
 * msrt_q8_pack_dense, its inputs padded to a multiple of 8 (16 when Co % 4
 * is 1 or 2): msrt_q8_packed_conv_words(wsh)
 * words, the taps in the kernel's order: column, channel, row) with the bias, mult,
 * shift and x_zp; scratch: msrt_q8_conv_scratch_words(xs, wsh, os, stride,
 * dil) int32 (a window as int16, the sums of a few channel groups, the
 * windows of an output row). */
int64_t msrt_q8_packed_conv_words(const int64_t *wsh);
int msrt_q8_pack_conv(const int64_t *wsh, const int8_t *w, const int32_t *bias, const int32_t *mult,
                      const int32_t *shift, int32_t x_zp, int32_t out_zp, int32_t *blob);
int64_t msrt_q8_conv_scratch_words(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                                   const int64_t *dil);
int msrt_q8_conv2d_packed(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                          const int64_t *pad, const int64_t *dil, const int8_t *x, int32_t x_zp, const int32_t *blob,
                          int32_t out_zp, int32_t act_min, int32_t act_max, int8_t *y, int32_t *scratch);
/* msrt_q8_conv_geo: the geometry of msrt_q8_conv2d_packed's arguments as
 * MSRT_Q8_CONV_GEO int32_t (quant.c's QG_*: the shapes, strides,
 * dilations, top and left padding, then the sizes and scratch offsets
 * that follow from them), or MSRT_EINVAL as msrt_q8_conv2d_packed.
 * msrt_q8_conv2d_packed_fast: msrt_q8_conv2d_packed(xs, wsh, os, stride,
 * pad, dil, x, x_zp, blob, the blob's output zero point, -128, 127, y,
 * scratch) with that geo as int16_t (each value below 2^15; written at
 * compile time, not checked again),
 * for a blob flagged for the Armv7E-M requantization, Co % 4 == 0 and
 * windows that fit the column buffer (else MSRT_EINVAL): the code
 * generator calls it when it knows all three, so the library carries
 * only the column-buffer path and its kernel. */
#define MSRT_Q8_CONV_GEO 24
#define MSRT_Q8_CONV_GEO_NCB 18 /* geo[MSRT_Q8_CONV_GEO_NCB] > 0: windows in the column buffer */
int msrt_q8_conv_geo(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                     const int64_t *pad, const int64_t *dil, int32_t *geo);
int msrt_q8_conv2d_packed_fast(const int16_t *geo, const int8_t *x, int32_t x_zp, const int32_t *blob, int8_t *y,
                               int32_t *scratch);
/* msrt_q8_quantize: q = clamp(round_half_away(x / scale) + zp, -128, 127)
 * (float32 division; nan -> zp); msrt_q8_dequantize: x = scale * (q - zp). */
void msrt_q8_quantize(int64_t n, const float *x, float scale, int32_t zp, int8_t *q);
void msrt_q8_dequantize(int64_t n, const int8_t *q, float scale, int32_t zp, float *x);
/* msrt_q8_avgpool2d: AvgPool (msrt_avgpool2d's shapes, attributes and
 * divisor) on int8 of one scale and zero point zp, TFLite's int8
 * AveragePool: the window's int32 sum (plus zp per padded element the
 * divisor counts) divided by the divisor, rounded half away from zero; zp
 * for an empty window. */
int msrt_q8_avgpool2d(const int64_t *xs, int64_t oh, int64_t ow, const int64_t *ksize, const int64_t *stride,
                      const int64_t *pad, int count_include_pad, int32_t zp, const int8_t *x, int8_t *out);
/* msrt_q8_conv2d: NCHW int8 convolution, weights [Co, C/group, kh, kw] per
 * output channel symmetric, as msrt_conv2d's shapes and attributes (xs, wsh,
 * os = {N, Co, OH, OW}, stride, pad {top, bottom, left, right}, dilation,
 * group); padding holds the input zero point (TFLite's int8 Conv2D); each
 * output is requantized as msrt_q8_dense's. */
int msrt_q8_conv2d(const int64_t *xs, const int64_t *wsh, const int64_t *os, const int64_t *stride,
                   const int64_t *pad, const int64_t *dil, int64_t group, const int8_t *x, int32_t x_zp,
                   const int8_t *w, const int32_t *bias, const int32_t *mult, const int32_t *shift, int32_t out_zp,
                   int32_t act_min, int32_t act_max, int8_t *y);

#ifdef __cplusplus
}
#endif
#endif /* MSRT_H */
