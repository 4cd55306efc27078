/* quantize.h — int8 post-training quantization of an inference graph
 * (passes/quantize.c; msc compile --quantize=int8, issue 22).
 *
 * Not a pass of the registry: it needs calibration samples. aot.c calls
 * quant_apply on an entry whose Parameters are already constants (baked),
 * before the entry's pass pipeline; the pipeline and C emission then see
 * the int8 primitives of ops.def (QuantizeInt8, DequantizeInt8,
 * QuantDense) like any other op.
 */
#ifndef MSC_QUANTIZE_H
#define MSC_QUANTIZE_H

#include <stdbool.h>
#include <stddef.h>

#include "../ir/ir.h"

typedef enum QuantMethod { QM_MINMAX, QM_PERCENTILE, QM_KL } QuantMethod;

typedef struct QuantOptions {
  QuantMethod method;
  double percentile;   /* QM_PERCENTILE: P in (50, 100] */
  bool io_int8;        /* --io=int8: int8 inputs and outputs */
} QuantOptions;

/* One quantized layer (a Dense or Conv2D [+ bias] [+ ReLU]). */
typedef struct QuantLayer {
  IrLoc loc;                 /* the MatMul's or Conv2D's */
  bool conv;                 /* a Conv2D (n_in: C/group * kh * kw) */
  float in_scale, out_scale;
  int in_zp, out_zp;
  bool relu;
  int64_t n_in, n_out;
  int64_t float_bytes, int8_bytes; /* its weights and bias, before and after */
} QuantLayer;

/* An entry input or output at the int8 edge (--io=int8). */
typedef struct QuantIo {
  float scale;
  int zp;
} QuantIo;

typedef struct QuantReport {
  int nlayer;
  QuantLayer *layers;        /* malloc'd */
  int nfloat;                /* compute ops left in float32 */
  IrNode **floats;           /* malloc'd; their op and location */
  QuantIo *in, *out;         /* --io=int8: per entry param / output (malloc'd), else NULL */
  int nin, nout;
  int nsample;               /* calibration samples used */
} QuantReport;

/* Quantizes m's entry graph: runs the passes inline, constfold, simplify,
 * cse, dce, then the float graph on each of the nsample samples
 * (samples[s][k]: entry param k, float32, the param's shape) to collect
 * the range of every tensor a Dense reads or writes (o->method), then
 * replaces each Dense of constant float32 weights by QuantizeInt8 ->
 * QuantDense -> DequantizeInt8 (per-output-channel symmetric weights,
 * per-tensor asymmetric activations) and removes the DequantizeInt8 ->
 * QuantizeInt8 pairs between layers. With o->io_int8 the entry's inputs
 * and outputs become int8. False with a one-line message in err (no
 * quantizable op, an op the graph cannot run, --io=int8 on a float edge). */
bool quant_apply(IrModule *m, const QuantOptions *o, int nsample, OpTensor *const *samples, QuantReport *rep,
                 char *err, size_t errcap);
void quant_report_free(QuantReport *r);
/* "minmax", "percentile:P" or "kl" into *o; false when s is none of them. */
bool quant_parse_method(const char *s, QuantOptions *o);

#endif
