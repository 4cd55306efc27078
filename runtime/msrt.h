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

/* ===================================================================
 * 1. dtypes
 * ===================================================================
 * The order is part of the ABI of generated code: append, never reorder.
 * FLOAT16 data is IEEE binary16 bits stored in a uint16_t. BOOL is one
 * byte, 0 = False, anything else = True. */
typedef enum msrt_dtype {
  MSRT_BOOL = 0,
  MSRT_INT8,
  MSRT_UINT8,
  MSRT_INT16,
  MSRT_INT32,
  MSRT_INT64,
  MSRT_FLOAT16,
  MSRT_FLOAT32,
  MSRT_FLOAT64,
  MSRT_UINT16,
  MSRT_UINT32,
  MSRT_UINT64,
  MSRT_NUM_DTYPES
} msrt_dtype;

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

/* str() of one numpy scalar of dtype dt at *value ("0.1", "1e-05", "-0.0",
 * "nan", "7", "True"); for MSRT_FLOAT64 this is also Python's repr(float).
 * Writes at most cap bytes including the NUL; returns the length it needs
 * (excluding the NUL), or MSRT_EINVAL. 64 bytes always suffice. */
int msrt_format_scalar(char *buf, size_t cap, msrt_dtype dt,
                       const void *value);

/* Conversions for binary16 (round to nearest even). */
double msrt_half_to_double(uint16_t h);
uint16_t msrt_double_to_half(double x);

#ifdef __cplusplus
}
#endif
#endif /* MSRT_H */
