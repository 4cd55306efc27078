/* ops.h — primitive op ids, their static facts (ir/ops.def, ir/optab.c),
 * and the rules every stage shares (ir/rules.c): shape/dtype inference
 * (op_infer: types in, a type out, never data; it also says to which dtype
 * each input is converted before the kernel — implicit type promotion — so
 * graph capture can insert the same Casts) and the eager kernel (op_kernel:
 * runs the op on buffers through the runtime's msrt_* kernels). Both are
 * interpreter-free and return errors as values (OpErr); the interpreter
 * (eval/prim.c) turns an OpErr into the exception it names.
 */
#ifndef MSC_OPS_H
#define MSC_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "../runtime/msrt.h"

typedef enum OpId {
#define OP(name, nin, group, code, props, grad, attrs) OP_##name,
#include "ops.def"
#undef OP
  OP_COUNT
} OpId;

typedef enum OpGroup {
  OPG_BINARY,   /* elementwise, promoted dtype in and out */
  OPG_DIV,      /* elementwise, float out (ints are converted) */
  OPG_BITWISE,  /* elementwise, bool/int only */
  OPG_COMPARE,  /* elementwise, promoted in, bool out */
  OPG_UNARY,    /* elementwise, dtype kept */
  OPG_UNARY_F,  /* elementwise, float out */
  OPG_UNARY_B,  /* elementwise, bool out */
  OPG_REDUCE,   /* reductions over axes */
  OPG_OWN,      /* op-specific rules */
} OpGroup;

/* The props column of ops.def (OPP_EFFECT and OPP_CALL: structural ops). */
enum {
  OPP_EW = 1u << 0,     /* elementwise (broadcasting) */
  OPP_FUSE = 1u << 1,   /* fusable into one loop: a float formula */
  OPP_ACT = 1u << 2,    /* a MatMul/Conv2D epilogue activation */
  OPP_VIEW = 1u << 3,   /* the operand's elements in order (a reshape) */
  OPP_INPL = 1u << 4,   /* may compute in place over a same-shape operand */
  OPP_EFFECT = 1u << 5, /* structural: a side effect, kept in order */
  OPP_CALL = 1u << 6,   /* structural: calls its subgraphs */
};

/* The grad column of ops.def (passes/grad.h has the rules themselves). */
typedef enum OpGradKind { OPGRAD_RULE = 1, OPGRAD_ZERO, OPGRAD_NONE } OpGradKind;

typedef struct OpInfo {
  const char *name; /* MindSpore's name */
  int nin;          /* tensor inputs, -1 variadic */
  OpGroup group;
  int code;         /* msrt op code for table-driven groups */
  unsigned props;   /* OPP_* */
  OpGradKind grad;
  const char *grad_why; /* OPGRAD_NONE: why */
  const char *attrs;/* accepted attribute names, comma-separated */
} OpInfo;

extern const OpInfo op_info[OP_COUNT];
/* OpId of a MindSpore op name, or -1. */
int op_lookup(const char *name);
/* op_info[op].props & p, for any op id (false for structural ops' primitive
 * props and for ids out of range); structural ops answer OPP_EFFECT and
 * OPP_CALL from ops.def's SOP list (ir/optab.c). */
bool op_has(int op, unsigned p);
/* Is op one of the table-driven elementwise families (BINARY, DIV,
 * BITWISE, COMPARE, UNARY, UNARY_F, UNARY_B)? */
bool op_group_elementwise(OpGroup g);

/* The abstract type of an operand: what infer sees. `weak` marks a Python
 * scalar operand (it takes part in promotion by kind only, MindSpore's and
 * numpy's rules for scalars); `valued` marks an operand whose value numpy's
 * value-based casting looks at (a Python scalar, or a 0-d ndarray), and
 * `val` holds it. */
typedef struct TType {
  msrt_dtype dt;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  bool weak, valued;
  double val;
  int64_t ival;     /* the value when integral */
} TType;

/* Decoded attributes (non-tensor arguments) of one op call. Which fields
 * are meaningful depends on the op (ops.def's attrs column); has_* say
 * whether the caller gave them. */
typedef struct Attrs {
  bool np;                  /* numpy semantics (every tensor input is an ndarray) */
  bool has_axis;            /* axis / perm given and not None */
  int naxis;
  int64_t axis[MSRT_MAX_NDIM]; /* axis (tuple), perm */
  bool axis_tuple;          /* axis was a tuple/list (not a bare int) */
  bool keep_dims, transpose_a, transpose_b;
  bool has_shape;
  int nshape;
  int64_t shape[MSRT_MAX_NDIM];
  int dtype;                /* msrt_dtype, or -1 when not given */
  /* Fill value; Range start/limit/delta; LinSpace start/stop */
  double value, start, limit, delta;
  bool value_is_int;        /* all of value/start/limit/delta integral */
  int64_t ivalue, istart, ilimit, idelta, num;
  /* StridedSlice, one entry per input dim */
  int64_t begin[MSRT_MAX_NDIM], end[MSRT_MAX_NDIM], strides[MSRT_MAX_NDIM];
  uint32_t shrink_mask;
  int nnew;
  int64_t new_axis[MSRT_MAX_NDIM]; /* result positions of new dims */
  bool has_slice;
  int nslice;               /* entries given in begin/end/strides */
  bool slice_normalised;    /* begin/end/strides already as slice.indices
                               gives them (indexing); else Python's slice
                               semantics are applied by prim_call */
  /* issue 5 ops (ops.def's attrs column names in quotes) */
  int nmultiples;           /* "multiples" (Tile) */
  int64_t multiples[MSRT_MAX_NDIM];
  int64_t depth;            /* "depth" (OneHot) */
  double on_value, off_value; /* "on_value"/"off_value"; defaults 1, 0 */
  bool exclusive, reverse;  /* CumSum/CumProd */
  bool descending;          /* ArgSort */
  int64_t select;           /* "select" (ArgSort): k > 0: the order std::nth_element(k) leaves
                               (msrt_argselect: TopK(sorted=False)); 0: the stable sort */
  int64_t ksize[2];         /* "kernel_size" (h, w): pools */
  int64_t stride[2];        /* "stride" (h, w); default 1, 1 (pools: = ksize) */
  int64_t pad[4];           /* "pad" (top, bottom, left, right); default 0 */
  int64_t dilation[2];      /* "dilation" (h, w); default 1, 1 */
  int64_t group;            /* "group"; default 1 */
  bool has_stride;          /* stride given (pools default it to kernel_size) */
  bool ceil_mode, count_include_pad;
  double epsilon;           /* "epsilon"; default 1e-5 (BatchNorm), 1e-7 (LayerNorm) */
  bool has_epsilon;
  int64_t begin_norm_axis, begin_params_axis; /* default -1, -1 */
  /* "input_shape" (Conv2DBackpropInput, AvgPoolGrad), "filter_shape"
   * (Conv2DBackpropFilter): the forward operand's shape, 4 ints; n* = the
   * count given (0: missing; infer requires 4) */
  int ninput_shape, nfilter_shape;
  int64_t input_shape[MSRT_MAX_NDIM], filter_shape[MSRT_MAX_NDIM];
  /* int8 quantization (QuantizeInt8, DequantizeInt8, QuantDense): "scale"
   * (default 1), "zero_point", "x_zero_point", "out_zero_point", "act_min"
   * (default -128), "act_max" (default 127) */
  double qscale;
  int64_t zero_point, x_zero_point, out_zero_point, act_min, act_max;
} Attrs;

void attrs_init(Attrs *a);

/* ---- the rules (ir/rules.c) ------------------------------------------------
 * Errors are values: the kind of exception the interpreter raises for them
 * (Python's names) and the message ("Op: ..." as MindSpore and numpy word
 * it). */
typedef enum OpErrKind {
  OPE_None = 0,
  OPE_TypeError,
  OPE_ValueError,
  OPE_IndexError,
  OPE_ZeroDivisionError,
  OPE_MemoryError,
  OPE_NotImplementedError,
  OPE_RuntimeError,
} OpErrKind;

typedef struct OpErr {
  OpErrKind kind;
  char msg[512];
} OpErr;

/* A tensor as the kernels see it: a contiguous row-major buffer. */
typedef struct OpTensor {
  msrt_dtype dtype;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  int64_t size;     /* product of shape */
  void *data;
} OpTensor;

/* A caller-owned workspace the kernels may grow and reuse between calls
 * (GEMM panels, im2col columns); {NULL, 0} to start; free(p) at the end. */
typedef struct OpWorkspace {
  void *p;
  size_t cap;
} OpWorkspace;

/* Does op have its infer and kernel rules? (tests/unit/test_ops.c: all do) */
bool op_has_rules(OpId op);
/* Inference: fills *out and cast[0..nin) (the dtype each input is converted
 * to; the caller initialises cast[i] to in[i].dt). false with *err on a
 * shape, dtype or attribute error. */
bool op_infer(OpId op, int nin, const TType *in, const Attrs *a, TType *out, msrt_dtype *cast, OpErr *err);
/* The kernel: computes out (allocated by the caller with the inferred
 * type) from inputs already converted to the dtypes infer gave. ws may be
 * NULL. false with *err (e.g. an index out of range). */
bool op_kernel(OpId op, int nin, OpTensor *const *in, const Attrs *a, OpTensor *out, OpWorkspace *ws, OpErr *err);
/* Both, as the reference executor and constant folding run a node: infer,
 * the inputs converted (temporaries), the kernel. out->data NULL: out gets
 * the inferred type and a new buffer (op_alloc_data; the caller frees it);
 * else out must already have the inferred dtype and shape. */
bool op_run(OpId op, int nin, OpTensor *const *in, const Attrs *a, OpTensor *out, OpWorkspace *ws, OpErr *err);

/* 64-byte aligned storage for size elements of dt (at least one); free(). */
void *op_alloc_data(msrt_dtype dt, int64_t size);
/* t described by type ty over data. */
void opt_of_type(OpTensor *t, const TType *ty, void *data);
/* Element i of t as a double / an int64 (floats truncated; NaN and out of
 * range give INT64_MIN), and stores converting from int64 / double with
 * the runtime's casts. */
double opt_get_f64(const OpTensor *t, int64_t i);
int64_t opt_get_i64(const OpTensor *t, int64_t i);
void opt_set_i64(OpTensor *t, int64_t i, int64_t v);
void opt_set_f64(OpTensor *t, int64_t i, double v);

/* Broadcast two shapes (numpy rules); false if incompatible. */
bool shape_broadcast(int na, const int64_t *a, int nb, const int64_t *b, int *nout, int64_t *out);
/* numpy's promote_types(a, b) (int64 + uint64 -> float64, ...). */
msrt_dtype op_promote_np(msrt_dtype a, msrt_dtype b);
/* Writes "(2, 3)" / "(3,)" / "()" into buf. */
const char *shape_str(char *buf, size_t cap, int ndim, const int64_t *shape);

#endif
