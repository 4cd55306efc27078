/* test_codegen.c — codegen/emit.c through its API: every op of ops.def
 * has an emission rule, cg_emit on a module built with the API (its
 * CgResult: workspace size, constants passed by pointer in first-use
 * order, deterministic text), and its refusals; the memory plan it reads
 * (passes/memplan.h: memplan_compute, op_scratch). The C of every op is
 * compiled and run against numpy by tests/codegen/all_ops.py. */
#include <string.h>
#include <stdlib.h>

#include "../../codegen/codegen.h"
#include "../../passes/memplan.h"
#include "unit.h"

TEST(every_op_has_an_emit_rule) {
  for (int op = 0; op < OP_COUNT; op++)
    if (!cg_emit_rule_exists(op)) UNIT_FAIL("%s: no C emission rule (codegen/emit.c emit_rules)", op_info[op].name);
  ASSERT(!cg_emit_rule_exists(-1));
  ASSERT(!cg_emit_rule_exists(OP_COUNT));
}

/* y = (x * big) + small, returned with x: big (20 elements) is passed by
 * pointer, small (2) is inlined. */
static IrModule *build(void) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "g", ir_loc_at(m, "t.py", 1, 1));
  int64_t s[2] = {10, 2}, s2[1] = {2};
  IrType *t = ir_type_tensor(m, MSRT_FLOAT32, 2, s);
  IrNode *x = ir_param(g, "x", t);
  float big[20], small[2] = {0.5f, -1.0f};
  for (int i = 0; i < 20; i++) big[i] = (float)i;
  IrNode *cb = ir_const_tensor(m, MSRT_FLOAT32, 2, s, big);
  IrNode *cs = ir_const_tensor(m, MSRT_FLOAT32, 1, s2, small);
  IrNode *a = ir_node2(g, OP_Mul, x, cb, t, ir_loc_at(m, "t.py", 2, 5));
  IrNode *y = ir_node2(g, OP_Add, a, cs, t, ir_loc_at(m, "t.py", 3, 5));
  IrNode *outs[2] = {y, x};
  ir_return(g, ir_make_tuple(g, 2, outs, ir_noloc), ir_noloc);
  return m;
}

TEST(emit_api) {
  IrModule *m = build();
  CgResult r, r2;
  char err[256];
  ASSERT(cg_emit(m, "msc_g", NULL, &r, err, sizeof err));
  ASSERT(r.c != NULL);
  ASSERT_INT(1, r.nconst);
  ASSERT(r.consts && r.consts[0]->cst.nbytes == 80);
  ASSERT(r.ws_size > 0 && r.ws_size % 64 == 0);
  ASSERT(strstr(r.c, "int msc_g(void *const *args, void *ws) {") != NULL);
  ASSERT(strstr(r.c, "/* %0 = Mul  t.py:2:5 */") != NULL);
  ASSERT(strstr(r.c, "static const float msc_g_c0[2] = {0x1p-1f, -0x1p+0f};") != NULL);
  /* args: x, the big constant, then the outputs */
  ASSERT(strstr(r.c, "msc_g_f0((float *)(void *)(W + 0), (const float *)(const void *)args[0], "
                     "(const float *)(const void *)args[1]);") != NULL);
  ASSERT(strstr(r.c, "o[i0] = msrt_mul_f32(a0, a1);") != NULL);
  ASSERT(strstr(r.c, "msrt_binary") == NULL);
  ASSERT(strstr(r.c, "memcpy(args[3], args[0], 80);") != NULL);
  ASSERT(cg_emit(m, "msc_g", NULL, &r2, err, sizeof err));
  ASSERT_STR(r.c, r2.c);
  cg_result_free(&r2);
  /* everything inlined when allowed */
  CgOptions o = {.inline_max_elems = 20};
  ASSERT(cg_emit(m, "msc_g", &o, &r2, err, sizeof err));
  ASSERT_INT(0, r2.nconst);
  ASSERT(strstr(r2.c, "static const float msc_g_c0[20] = {") != NULL);
  cg_result_free(&r2);
  cg_result_free(&r);
  ASSERT(r.c == NULL);
  ir_module_free(m);
}

/* build()'s plan: Mul's result in the arena (80 bytes, a 128-byte
 * block), Add's computed into output 0, the big constant passed by
 * pointer (args[1]), the small one inline; cg_emit with the plan given
 * writes the same C as cg_emit planning itself. */
TEST(plan_api) {
  IrModule *m = build();
  MemPlan p;
  char err[256];
  ASSERT(memplan_compute(m, NULL, &p, err, sizeof err));
  ASSERT_INT(3, p.nnode); /* Mul, Add, MakeTuple */
  ASSERT_INT(ML_ARENA, p.val[0].loc);
  ASSERT_INT(0, p.val[0].off);
  ASSERT_INT(80, p.val[0].size);
  ASSERT_INT(1, p.val[0].last);
  ASSERT_INT(ML_OUTPUT, p.val[1].loc);
  ASSERT_INT(0, p.val[1].idx);
  ASSERT_INT(128, p.arena);
  ASSERT_INT(128, p.lower_bound);
  ASSERT_INT(2, p.nconst);
  ASSERT(p.consts[0].by_ptr && p.consts[0].idx == 0 && p.consts[0].node->cst.nbytes == 80);
  ASSERT(!p.consts[1].by_ptr && p.consts[1].idx == 0);
  ASSERT_INT(2, p.out_base); /* x, the big constant */
  ASSERT_INT(2, p.nout);
  CgResult r, r2;
  CgOptions o = {.plan = &p};
  ASSERT(cg_emit(m, "msc_g", NULL, &r, err, sizeof err));
  ASSERT(cg_emit(m, "msc_g", &o, &r2, err, sizeof err));
  ASSERT_STR(r.c, r2.c);
  ASSERT_INT(r.ws_size, r2.ws_size);
  cg_result_free(&r);
  cg_result_free(&r2);
  memplan_free(&p);
  ir_module_free(m);
}

/* op_scratch: a MatMul's slot is the gemm workspace msrt sizes; an
 * elementwise op has none; a reduction over adjacent axes has none, over
 * non-adjacent ones the operand's bytes. */
TEST(scratch_query) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "s", ir_noloc);
  int64_t sx[2] = {64, 256}, sw[2] = {256, 256}, sz[3] = {4, 5, 6}, s5[1] = {5};
  IrNode *x = ir_param(g, "x", ir_type_tensor(m, MSRT_FLOAT32, 2, sx));
  IrNode *w = ir_param(g, "w", ir_type_tensor(m, MSRT_FLOAT32, 2, sw));
  IrNode *z = ir_param(g, "z", ir_type_tensor(m, MSRT_FLOAT32, 3, sz));
  IrNode *mm = ir_node2(g, OP_MatMul, x, w, ir_type_tensor(m, MSRT_FLOAT32, 2, sx), ir_noloc);
  IrNode *ng = ir_node1(g, OP_Neg, mm, mm->type, ir_noloc);
  IrNode *rs = ir_node1(g, OP_ReduceSum, z, ir_type_tensor(m, MSRT_FLOAT32, 1, s5), ir_noloc);
  int64_t ax[2] = {0, 2};
  ir_attr_ints(rs, "axis", 2, ax);
  MemTarget t = {MEM_ISA_PORTABLE, false};
  MemScratch s;
  op_scratch(mm, &t, &s);
  ASSERT_INT(1, s.n);
  ASSERT_INT((long long)msrt_gemm_ws_size(64, 256, 256), s.bytes[0]);
  op_scratch(ng, &t, &s);
  ASSERT_INT(0, s.n);
  op_scratch(rs, &t, &s);
  ASSERT_INT(1, s.n);
  ASSERT_INT(4 * 5 * 6 * 4, s.bytes[0]);
  IrNode *outs[2] = {ng, rs};
  ir_return(g, ir_make_tuple(g, 2, outs, ir_noloc), ir_noloc);
  ir_module_free(m);
}

TEST(emit_control_flow) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "f", ir_noloc);
  IrGraph *t = ir_graph_new(m, "t", ir_noloc), *e = ir_graph_new(m, "e", ir_noloc);
  IrType *b = ir_type_tensor(m, MSRT_BOOL, 0, NULL);
  IrNode *c = ir_param(g, "c", b);
  ir_return(t, ir_param(t, "a", b), ir_noloc);
  ir_return(e, ir_param(e, "a", b), ir_noloc);
  IrNode *arg[1] = {c};
  IrNode *n = ir_if(g, c, t, e, 1, arg, b, ir_loc_at(m, "t.py", 4, 5));
  ir_return(g, n, ir_noloc);
  CgResult r;
  char err[256];
  ASSERT(cg_emit(m, "msc_f", NULL, &r, err, sizeof err));
  ASSERT(r.c && strstr(r.c, "if (*(const uint8_t *)args[0]) {") && strstr(r.c, "} else {"));
  cg_result_free(&r);
  ir_module_free(m);
}

UNIT_MAIN()
