/* test_fusion_exec.c — the reference executor runs Fusion nodes (ir/exec.c
 * run_fusion): a graph and its fused form (fuse-epilogue +
 * fuse-elementwise) give byte-identical outputs; constants shared between
 * the entry graph and a fused subgraph keep their values; no leaks. */
#include <math.h>
#include <stdlib.h>

#include "../../eval/tensor.h"
#include "../../eval/graph.h"
#include "../../ir/exec.h"
#include "../../passes/passes.h"
#include "unit.h"

static Interp *I;

static SrcFile *mir(const char *text) {
  size_t n = strlen(text);
  return src_new("e.mir", xstrndup(text, n), n);
}

static const char net_mir[] =
    "%para1_x: <Tensor[Float32], (2, 3)>\n"
    "%para2_w: <Ref[Tensor[Float32]], (4, 3)>\n"
    "%para3_b: <Ref[Tensor[Float32]], (4)>\n"
    "subgraph @net() {\n"
    "  %0(CNode_0) = Load(%para2_w)\n"
    "      : (<Ref[Tensor[Float32]], (4, 3)>) -> (<Tensor[Float32], (4, 3)>)\n"
    "  %1(CNode_1) = Load(%para3_b)\n"
    "      : (<Ref[Tensor[Float32]], (4)>) -> (<Tensor[Float32], (4)>)\n"
    "  %2(CNode_2) = MatMul(%para1_x, %0) {transpose_b: Bool(1)}\n"
    "      : (<Tensor[Float32], (2, 3)>, <Tensor[Float32], (4, 3)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %3(CNode_3) = BiasAdd(%2, %1)\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], (4)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %4(CNode_4) = Sigmoid(%3)\n"
    "      : (<Tensor[Float32], (2, 4)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %5(CNode_5) = Mul(%4, Tensor(shape=[], dtype=Float32, value=3))\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], ()>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %6(CNode_6) = Maximum(%5, %1)\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], (4)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %7(CNode_7) = Add(%6, Tensor(shape=[], dtype=Float32, value=3))\n"
    "      : (<Tensor[Float32], (2, 4)>, <Tensor[Float32], ()>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  %8(CNode_8) = Exp(%7)\n"
    "      : (<Tensor[Float32], (2, 4)>) -> (<Tensor[Float32], (2, 4)>)\n"
    "  Return(%8)\n"
    "      : (<Tensor[Float32], (2, 4)>)\n"
    "}\n";

static Tensor *run(bool fuse, Tensor *const *params) {
  SrcFile *f = mir(net_mir);
  IrModule *m = ir_parse(f);
  ASSERT(m != NULL);
  ASSERT(ir_verify(m));
  if (fuse) {
    PassCtx ctx;
    memset(&ctx, 0, sizeof ctx);
    ASSERT(pass_fuse_epilogue(m, &ctx));
    ASSERT(pass_fuse_elementwise(m, &ctx));
    ASSERT(ir_verify(m));
    ASSERT(m->ngraph == 3);
    ASSERT(ir_module_entry(m)->nnode == 4); /* Load, Load, Fusion, Fusion */
  }
  Tensor *out = NULL;
  graph_exec(I, m, params, &out);
  ir_module_free(m);
  src_free(f);
  return out;
}

TEST(fused_equals_unfused) {
  I = interp_new(0, NULL);
  tensor_init(I);
  int64_t base = gc_leak_count(I, false);
  int64_t sx[] = {2, 3}, sw[] = {4, 3}, sb[] = {4};
  Tensor *x = tensor_new(I, MSRT_FLOAT32, 2, sx, TF_MS), *w = tensor_new(I, MSRT_FLOAT32, 2, sw, TF_MS),
         *b = tensor_new(I, MSRT_FLOAT32, 1, sb, TF_MS);
  float xv[] = {1, -2, 0.5f, NAN, 3, -0.0f};
  for (int i = 0; i < 6; i++) ((float *)x->data)[i] = xv[i];
  for (int i = 0; i < 12; i++) ((float *)w->data)[i] = (float)(i % 5) * 0.25f - 0.5f;
  float bv[] = {0.5f, NAN, -1, 2};
  for (int i = 0; i < 4; i++) ((float *)b->data)[i] = bv[i];
  Tensor *p[] = {x, w, b};
  Tensor *a = run(false, p), *c = run(true, p);
  ASSERT(a && c && a->size == 8 && c->size == 8);
  ASSERT(memcmp(a->data, c->data, 8 * sizeof(float)) == 0);
  ASSERT(!isnan(((float *)a->data)[0]));
  obj_decref(I, &a->h);
  obj_decref(I, &c->h);
  obj_decref(I, &x->h);
  obj_decref(I, &w->h);
  obj_decref(I, &b->h);
  ASSERT(gc_leak_count(I, false) == base);
}

UNIT_MAIN()
