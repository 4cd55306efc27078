/* tensor.h — the tensor world of the interpreter: Tensor objects
 * (mindspore.Tensor, mindspore.Parameter and numpy.ndarray share one
 * representation), dtype objects, and prim_call, the single dispatch point
 * of every tensor operation (eval/prim.c). It declares what ir/exec.c and
 * tests/unit/ use; conversions between Python values and tensors, the
 * classes and the protocol hooks eval/'s files call are in valpriv.h.
 *
 * Representation. A Tensor owns a contiguous row-major buffer (64-byte
 * aligned, malloc'd) of `size` elements of `dtype`, shape[ndim] (ndim <=
 * MSRT_MAX_NDIM). There are no views: slicing copies (DIFFERENCE from
 * numpy: writes into a slice do not reach the array it came from; item and
 * slice assignment on the array itself, `a[0] = 1`, `a[1:3] = x`, work).
 * The flavour says which library's semantics and printing apply.
 */
#ifndef MSC_TENSOR_H
#define MSC_TENSOR_H

#include "../ir/ops.h"
#include "value.h"

typedef enum TFlavour {
  TF_MS,    /* mindspore.Tensor */
  TF_PARAM, /* mindspore.Parameter (a Tensor subclass) */
  TF_NP,    /* numpy.ndarray, and numpy's scalars (npscalar) */
} TFlavour;

struct Tensor {
  Obj h;
  msrt_dtype dtype;
  uint8_t flavour;       /* TFlavour */
  bool requires_grad;    /* Parameter */
  bool npscalar;         /* TF_NP, 0-d: a numpy scalar (np.float32(1), a[0], a.sum()):
                          * immutable, of class np.float32, ...; else a 0-d ndarray */
  bool pynum;            /* symbolic, 0-d: stands for a Python bool/int/float
                          * (a JIT Fallback result, eval/graph.c): a weak operand */
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
  int64_t size;          /* product of shape */
  void *data;            /* owned; NULL only for a symbolic tensor */
  uint64_t version;      /* bumped before every write into an existing
                          * tensor (graph_will_write): the JIT's packed
                          * copies of Parameters (eval/graph.c) */
  Str *name;             /* Parameter name, or NULL */
  Dict *attrs;           /* other attributes set by scripts/lib, or NULL */
  /* Graph capture (eval/graph.c). A symbolic tensor (ast capture) has
   * data == NULL and stands for the IR value sym; during trace capture a
   * concrete tensor may carry the node that computed it. sym is valid
   * only while sym_gen equals the running capture's generation; any use
   * of a symbolic tensor's data goes through tensor_need_data(). */
  struct IrNode *sym;
  uint32_t sym_gen;
};

/* A dtype object: one per (msrt_dtype, flavour); ms ones print "Float32",
 * numpy ones "float32" (repr "dtype('float32')"). */
typedef struct DType {
  Obj h;
  msrt_dtype dt;
  bool np;
} DType;

#define AS_TENSOR(v) ((Tensor *)(v).as.o)
#define AS_DTYPE(v) ((DType *)(v).as.o)

/* ---- tensor.c ------------------------------------------------------- */

/* Creates the Tensor/Parameter/ndarray and dtype classes (idempotent). */
void tensor_init(Interp *I);

/* A new tensor with uninitialised data. */
Tensor *tensor_new(Interp *I, msrt_dtype dt, int ndim, const int64_t *shape, TFlavour fl);
Tensor *tensor_copy(Interp *I, Tensor *t, TFlavour fl);

/* The dtype object of dt for a flavour (borrowed). */
Value dtype_value(Interp *I, msrt_dtype dt, bool np);

/* Casts t to dt (a new tensor of flavour fl, or a new reference to t when
 * dt and flavour already match). */
Tensor *tensor_cast(Interp *I, Tensor *t, msrt_dtype dt, TFlavour fl);

/* ---- prim.c --------------------------------------------------------- */

/* THE dispatch point: runs op on inputs (tensors, Python numbers, nested
 * lists; converted by the promotion rules), inferring the result type,
 * converting inputs, allocating the output and running the kernel.
 * attrs->np is set by prim_call itself from the inputs' flavours (every
 * tensor input an ndarray -> numpy semantics and an ndarray result; no
 * tensor input -> the caller's attrs->np). Returns a new tensor. */
Value prim_call(Interp *I, OpId op, int nin, Value *in, const Attrs *attrs);
/* Raises the exception an op rule's error names (ir/ops.h OpErr). */
_Noreturn void prim_raise(Interp *I, const OpErr *err);
/* Decodes keyword/positional attribute values of op into a. */
void attrs_set(Interp *I, OpId op, Attrs *a, const char *name, Value v);

#endif
