/* test_codegen.c — codegen/emit.c through its API: every op of ops.def
 * has an emission rule, cg_emit on a module built with the API (its
 * CgResult: workspace size, constants passed by pointer in first-use
 * order, deterministic text), and its refusals. The C of every op is
 * compiled and run against numpy by tests/codegen/all_ops.py. */
#include <stdlib.h>

#include "../../codegen/codegen.h"
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
  ASSERT(strstr(r.c, "args[1], bs, (W + 0), os);") != NULL);
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

TEST(emit_refuses_control_flow) {
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
  ASSERT(!cg_emit(m, "msc_f", NULL, &r, err, sizeof err));
  ASSERT_STR("t.py:4:5: If: tensor control flow is not supported by C generation yet", err);
  ASSERT(r.c == NULL);
  ir_module_free(m);
}

UNIT_MAIN()
