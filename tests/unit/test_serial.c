/* test_serial.c — serial/: checkpoint and MindIR bytes, round trips and
 * hostile input. The readers must reject every malformed image with an
 * error and never crash, leak or read out of bounds (this binary runs
 * under ASan+UBSan in `make test`): every truncation of valid files and a
 * fixed stream of byte mutations, the same inputs fuzz/ feeds libFuzzer. */
#include <stdlib.h>
#include <string.h>

#include "../../ir/exec.h"
#include "../../serial/serial.h"
#include "unit.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}

static const char mir_text[] =
    "# IR entry: @Net_construct\n"
    "# Total subgraphs: 1\n"
    "# Total params: 9\n"
    "# Params:\n"
    "%para1_x: <Tensor[Float32], (1, 1, 4, 4)>\n"
    "%para2_y: <Tensor[Float32], (2, 3)>\n"
    "%para3_conv.weight: <Ref[Tensor[Float32]], (2, 1, 3, 3)>\n"
    "%para4_bn.gamma: <Ref[Tensor[Float32]], (2)>\n"
    "%para5_bn.beta: <Ref[Tensor[Float32]], (2)>\n"
    "%para6_bn.moving_mean: <Ref[Tensor[Float32]], (2)>\n"
    "%para7_bn.moving_variance: <Ref[Tensor[Float32]], (2)>\n"
    "%para8_fc.weight: <Ref[Tensor[Float32]], (3, 4)>\n"
    "%para9_fc.bias: <Ref[Tensor[Float32]], (3)>\n"
    "\n"
    "subgraph @Net_construct() {\n"
    "  %0(CNode_0) = Load(%para3_conv.weight)\n"
    "      : (<Ref[Tensor[Float32]], (2, 1, 3, 3)>) -> (<Tensor[Float32], (2, 1, 3, 3)>)\n"
    "  %1(CNode_1) = PrimFunc_Conv2D(%para1_x, %0) {stride: (1, 1), pad: (1, 1, 1, 1), dilation: (1, 1), group: I64(1)}\n"
    "      : (<Tensor[Float32], (1, 1, 4, 4)>, <Tensor[Float32], (2, 1, 3, 3)>) -> (<Tensor[Float32], (1, 2, 4, 4)>)\n"
    "  %2(CNode_2) = Load(%para4_bn.gamma)\n"
    "      : (<Ref[Tensor[Float32]], (2)>) -> (<Tensor[Float32], (2)>)\n"
    "  %3(CNode_3) = Load(%para5_bn.beta)\n"
    "      : (<Ref[Tensor[Float32]], (2)>) -> (<Tensor[Float32], (2)>)\n"
    "  %4(CNode_4) = Load(%para6_bn.moving_mean)\n"
    "      : (<Ref[Tensor[Float32]], (2)>) -> (<Tensor[Float32], (2)>)\n"
    "  %5(CNode_5) = Load(%para7_bn.moving_variance)\n"
    "      : (<Ref[Tensor[Float32]], (2)>) -> (<Tensor[Float32], (2)>)\n"
    "  %6(CNode_6) = PrimFunc_BatchNorm(%1, %2, %3, %4, %5) {epsilon: F64(1e-05)}\n"
    "      : (<Tensor[Float32], (1, 2, 4, 4)>, <Tensor[Float32], (2)>, <Tensor[Float32], (2)>, <Tensor[Float32], (2)>, <Tensor[Float32], (2)>) -> (<Tensor[Float32], (1, 2, 4, 4)>)\n"
    "  %7(CNode_7$a) = PrimFunc_AvgPool(%6) {kernel_size: (2, 2), stride: (2, 2), pad: (0, 0, 0, 0)}\n"
    "      : (<Tensor[Float32], (1, 2, 4, 4)>) -> (<Tensor[Float32], (1, 2, 2, 2)>)\n"
    "  %8(CNode_8) = PrimFunc_Reshape(%7) {shape: (2, 4)}\n"
    "      : (<Tensor[Float32], (1, 2, 2, 2)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %9(CNode_9) = Load(%para8_fc.weight)\n"
    "      : (<Ref[Tensor[Float32]], (3, 4)>) -> (<Tensor[Float32], (3, 4)>)\n"
    "  %10(CNode_10) = PrimFunc_MatMul(%8, %9) {transpose_b: Bool(1)}\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], (3, 4)>) -> (<Tensor[Float32], (2, 3)>)\n"
    "  %11(CNode_11) = Load(%para9_fc.bias)\n"
    "      : (<Ref[Tensor[Float32]], (3)>) -> (<Tensor[Float32], (3)>)\n"
    "  %12(CNode_12) = PrimFunc_BiasAdd(%10, %11)\n"
    "      : (<Tensor[Float32], (2, 3)>, <Tensor[Float32], (3)>) -> (<Tensor[Float32], (2, 3)>)\n"
    "  %13(CNode_13) = PrimFunc_Add(%12, %para2_y)\n"
    "      : (<Tensor[Float32], (2, 3)>, <Tensor[Float32], (2, 3)>) -> (<Tensor[Float32], (2, 3)>)\n"
    "  %14(CNode_14) = PrimFunc_Softmax(%13) {axis: I64(-1)}\n"
    "      : (<Tensor[Float32], (2, 3)>) -> (<Tensor[Float32], (2, 3)>)\n"
    "  %15(CNode_15) = PrimFunc_ReduceSum(%7) {axis: (1, 2)}\n"
    "      : (<Tensor[Float32], (1, 2, 2, 2)>) -> (<Tensor[Float32], (1, 2)>)\n"
    "  %16(CNode_16) = MakeTuple(%14, %15)\n"
    "      : (<Tensor[Float32], (2, 3)>, <Tensor[Float32], (1, 2)>) -> (<Tuple[<Tensor[Float32], (2, 3)>, <Tensor[Float32], (1, 2)>]>)\n"
    "  Return(%16)\n"
    "      : (<Tuple[<Tensor[Float32], (2, 3)>, <Tensor[Float32], (1, 2)>]>)\n"
    "}\n";

static IrModule *parse_mir(SrcFile **src) {
  size_t n = strlen(mir_text);
  char *t = malloc(n + 1);
  memcpy(t, mir_text, n + 1);
  *src = src_new("net.mir", t, n);
  return ir_parse(*src);
}

/* ---- checkpoints ---- */

static CkptEntry entry(const char *name, msrt_dtype dt, int ndim, const int64_t *shape, const void *data) {
  CkptEntry e = {0};
  e.name = (char *)name;
  e.dt = dt;
  e.ndim = ndim;
  if (ndim) memcpy(e.shape, shape, sizeof(int64_t) * (size_t)ndim);
  e.nbytes = msrt_dtype_size(dt);
  for (int d = 0; d < ndim; d++) e.nbytes *= (size_t)shape[d];
  e.data = (uint8_t *)data;
  return e;
}

static void sample_ckpt(bool crc, size_t chunk, uint8_t **out, size_t *n) {
  static float w[24];
  static int64_t step = 7;
  for (int i = 0; i < 24; i++) w[i] = (float)i * 0.5f - 3;
  int64_t s1[3] = {2, 3, 4};
  CkptEntry v[3] = {entry("w", MSRT_FLOAT32, 3, s1, w), entry("step", MSRT_INT64, 0, NULL, &step), {0}};
  v[2].name = "note";
  v[2].is_str = true;
  v[2].text = "h\xc3\xa9llo";
  char err[256];
  ASSERT(ckpt_encode(v, 3, crc, chunk, out, n, err, sizeof err));
}

TEST(ckpt_round_trip_chunks) {
  for (size_t chunk = 1; chunk <= 200; chunk += chunk < 8 ? 1 : 37) {
    uint8_t *b;
    size_t n;
    sample_ckpt(chunk & 1, chunk, &b, &n);
    CkptFile f;
    char err[256];
    ASSERT(ckpt_decode(b, n, true, &f, err, sizeof err));
    ASSERT_INT(3, f.n);
    if (f.n == 3) {
      ASSERT_STR("w", f.v[0].name);
      ASSERT_INT(96, f.v[0].nbytes);
      ASSERT_INT(3, f.v[0].ndim);
      ASSERT(((float *)f.v[0].data)[23] == 8.5f);
      ASSERT_INT(0, f.v[1].ndim);
      ASSERT_INT(7, *(int64_t *)f.v[1].data);
      ASSERT_STR("h\xc3\xa9llo", f.v[2].text);
      ASSERT_INT(chunk & 1, f.has_crc);
    }
    ckpt_file_free(&f);
    free(b);
  }
}

static int decode_ckpt(const uint8_t *b, size_t n) {
  CkptFile f;
  char err[512];
  bool ok = ckpt_decode(b, n, true, &f, err, sizeof err);
  if (ok) ckpt_file_free(&f);
  else ASSERT(err[0] != 0);
  return ok;
}

TEST(ckpt_hostile) {
  uint8_t *b;
  size_t n;
  sample_ckpt(true, 10, &b, &n);
  int ok = 0;
  for (size_t k = 0; k < n; k++) ok += decode_ckpt(b, k); /* every truncation */
  /* the format has no length: a prefix of whole parameters is a smaller
   * checkpoint (after w, after step, and all three without the trailer) */
  ASSERT_INT(3, ok);
  uint8_t *m = malloc(n);
  for (int r = 0; r < 3000; r++) {
    memcpy(m, b, n);
    int flips = 1 + (int)(rnd() % 4);
    for (int i = 0; i < flips; i++) m[rnd() % n] = (uint8_t)rnd();
    decode_ckpt(m, n);
  }
  free(m);
  free(b);
}

/* ---- MindIR ---- */

static bool export_sample(uint8_t **out, size_t *n, IrModule **keep, SrcFile **src) {
  IrModule *m = parse_mir(src);
  ASSERT(m != NULL);
  if (!m) return false;
  IrGraph *g = ir_module_entry(m);
  static float w[64];
  for (int i = 0; i < 64; i++) w[i] = (float)((i * 37) % 11) * 0.125f - 0.5f;
  const void *data[8];
  int nw = 0;
  for (int i = 0; i < g->nparam; i++)
    if (g->params[i]->is_parameter) data[nw++] = w;
  MindirWeights mw = {nw, data};
  char err[256];
  bool ok = mindir_encode(m, "Net_construct", &mw, out, n, err, sizeof err);
  ASSERT(ok);
  *keep = m;
  return ok;
}

static void run_module(IrModule *m, const void *const *weights, OpTensor *outs, int *nout) {
  IrGraph *g = ir_module_entry(m);
  OpTensor p[16];
  int wi = 0;
  static float xin[64];
  for (int i = 0; i < 64; i++) xin[i] = (float)(i % 7) - 3;
  for (int i = 0; i < g->nparam; i++) {
    const IrType *t = ir_type_deref(m, g->params[i]->type);
    p[i].dtype = t->dt;
    p[i].ndim = t->ndim;
    p[i].size = 1;
    for (int d = 0; d < t->ndim; d++) p[i].size *= (p[i].shape[d] = t->shape[d]);
    p[i].data = g->params[i]->is_parameter ? (void *)weights[wi++] : xin;
  }
  IrNode **on;
  *nout = ir_outputs(g, &on);
  memset(outs, 0, sizeof(OpTensor) * (size_t)*nout);
  IrExecError e;
  ASSERT(ir_exec(m, p, outs, NULL, &e));
}

TEST(mindir_round_trip) {
  uint8_t *b;
  size_t n;
  IrModule *m;
  SrcFile *src;
  if (!export_sample(&b, &n, &m, &src)) return;
  MindirModel mm;
  char *err = NULL;
  ASSERT(mindir_decode(b, n, NULL, 0, &mm, &err));
  if (err) fprintf(stderr, "%s\n", err);
  free(err);
  if (mm.m) {
    ASSERT_INT(7, mm.nweight);
    ASSERT_INT(2, mm.ninput);
    ASSERT_STR("fc.bias", mm.weight_names[6]);
    /* both modules compute the same bits */
    static float w[64];
    for (int i = 0; i < 64; i++) w[i] = (float)((i * 37) % 11) * 0.125f - 0.5f;
    const void *ws[8] = {w, w, w, w, w, w, w};
    OpTensor a[4], c[4];
    int na, nc;
    run_module(m, ws, a, &na);
    run_module(mm.m, (const void *const *)mm.weights, c, &nc);
    ASSERT_INT(na, nc);
    for (int i = 0; i < na && i < nc; i++) {
      ASSERT_INT(a[i].size, c[i].size);
      ASSERT(memcmp(a[i].data, c[i].data, (size_t)a[i].size * 4) == 0);
      free(a[i].data);
      free(c[i].data);
    }
    mindir_model_free(&mm);
  }
  /* the same graph exports to the same bytes */
  uint8_t *b2;
  size_t n2;
  IrModule *m2;
  SrcFile *src2;
  if (export_sample(&b2, &n2, &m2, &src2)) {
    ASSERT(n == n2 && memcmp(b, b2, n) == 0);
    free(b2);
    ir_module_free(m2);
    src_free(src2);
  }
  free(b);
  ir_module_free(m);
  src_free(src);
}

static void decode_mindir(const uint8_t *b, size_t n) {
  MindirModel mm;
  char *err = NULL;
  if (mindir_decode(b, n, NULL, 0, &mm, &err)) mindir_model_free(&mm);
  else ASSERT(err && err[0]);
  free(err);
}

TEST(mindir_hostile) {
  uint8_t *b;
  size_t n;
  IrModule *m;
  SrcFile *src;
  if (!export_sample(&b, &n, &m, &src)) return;
  for (size_t k = 0; k < n; k += 1 + k / 64) decode_mindir(b, k);
  uint8_t *mu = malloc(n);
  for (int r = 0; r < 1500; r++) {
    memcpy(mu, b, n);
    int flips = 1 + (int)(rnd() % 3);
    for (int i = 0; i < flips; i++) mu[rnd() % n] = (uint8_t)rnd();
    decode_mindir(mu, n);
  }
  free(mu);
  free(b);
  ir_module_free(m);
  src_free(src);
}

UNIT_MAIN()
