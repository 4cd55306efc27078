/* test_ir.c — the graph IR (ir/): construction, the exact printed form of
 * seed 004's foo, print → parse → print round trips (constants,
 * attributes, tuples, If/While subgraphs, Parameters, locations), verifier
 * rejections, parser diagnostics at line:col, every truncation of a printed
 * module, and `msc opt` (cg_opt_main). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "ir/ir.h"
#include "codegen/codegen.h"
#include "tests/unit/unit.h"

static char *diag_buf;
static size_t diag_len;
static FILE *diag_out;

static void diag_begin(void) {
  free(diag_buf);
  diag_buf = NULL;
  diag_out = open_memstream(&diag_buf, &diag_len);
  diag_set_stream(diag_out);
}

static const char *diag_end(void) {
  fclose(diag_out);
  diag_set_stream(NULL);
  return diag_buf;
}

static SrcFile *mir(const char *text) {
  size_t n = strlen(text);
  return src_new("m.mir", xstrndup(text, n), n);
}

static IrType *i64s(IrModule *m) { return ir_type_tensor(m, MSRT_INT64, 0, NULL); }

static IrType *f32(IrModule *m, int nd, int64_t d0, int64_t d1) {
  int64_t s[2] = {d0, d1};
  return ir_type_tensor(m, MSRT_FLOAT32, nd, s);
}

/* Seed 004: foo(x, y) = x + y on two Int64 scalars. */
static IrModule *build_foo(void) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "foo", ir_loc_at(m, "s004_foo_ir.py", 7, 1));
  IrNode *x = ir_param(g, "x", i64s(m)), *y = ir_param(g, "y", i64s(m));
  IrNode *z = ir_node2(g, OP_Add, x, y, i64s(m), ir_loc_at(m, "s004_foo_ir.py", 8, 9));
  ir_node_set_name(z, "z");
  ir_return(g, z, ir_loc_at(m, "s004_foo_ir.py", 9, 5));
  return m;
}

static const char foo_text[] =
    "# IR entry: @foo\n"
    "# Total subgraphs: 1\n"
    "# Total params: 2\n"
    "# Params:\n"
    "%para1_x: <Tensor[Int64], ()>\n"
    "%para2_y: <Tensor[Int64], ()>\n"
    "\n"
    "# In file s004_foo_ir.py:7:1\n"
    "subgraph @foo() {\n"
    "  %0(CNode_0$z) = PrimFunc_Add(%para1_x, %para2_y)\n"
    "      : (<Tensor[Int64], ()>, <Tensor[Int64], ()>) -> (<Tensor[Int64], ()>)\n"
    "      # In file s004_foo_ir.py:8:9\n"
    "  Return(%0)\n"
    "      : (<Tensor[Int64], ()>)\n"
    "      # In file s004_foo_ir.py:9:5\n"
    "}\n";

/* Parses text; on failure returns NULL (diagnostics to the memstream). */
static IrModule *parse_quiet(const char *text, SrcFile **pf, const char **diag) {
  *pf = mir(text);
  diag_begin();
  IrModule *m = ir_parse(*pf);
  const char *d = diag_end();
  if (diag) *diag = d;
  return m;
}

/* print → parse → print is byte-identical, and both verify. */
static void round_trip(IrModule *m) {
  diag_begin();
  bool ok = ir_verify(m);
  const char *d = diag_end();
  if (!ok) UNIT_FAIL("verify failed: %s", d);
  char *a = ir_print_str(m);
  SrcFile *f;
  IrModule *m2 = parse_quiet(a, &f, &d);
  if (!m2) {
    UNIT_FAIL("parse failed: %s\n%s", d, a);
  } else {
    diag_begin();
    ok = ir_verify(m2);
    d = diag_end();
    if (!ok) UNIT_FAIL("verify after parse failed: %s", d);
    char *b = ir_print_str(m2);
    ASSERT_STR(a, b);
    free(b);
    ir_module_free(m2);
  }
  src_free(f);
  free(a);
}

TEST(foo_prints_as_seed_004) {
  IrModule *m = build_foo();
  char *s = ir_print_str(m);
  ASSERT_STR(foo_text, s);
  /* FileCheck against the seed's .ircheck when the tools are there */
  const char *fc = "/usr/lib/llvm-14/bin/FileCheck";
  const char *shared = getenv("MSC_SHARED") ? getenv("MSC_SHARED") : "../shared";
  char chk[512];
  snprintf(chk, sizeof chk, "%s/seed-examples/s004_foo_ir.ircheck", shared);
  if (access(fc, X_OK) == 0 && access(chk, R_OK) == 0) {
    char path[] = "/tmp/test_ir_XXXXXX";
    int fd = mkstemp(path);
    ASSERT(fd >= 0);
    FILE *o = fdopen(fd, "w");
    fputs(s, o);
    fclose(o);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "%s %s --input-file %s", fc, chk, path);
    ASSERT_INT(0, system(cmd));
    unlink(path);
  }
  free(s);
  round_trip(m);
  ir_module_free(m);
}

TEST(bare_op_names_parse) {
  SrcFile *f;
  const char *d;
  IrModule *m = parse_quiet("%para1_x: <Tensor[Float32], (3)>\n"
                            "subgraph @g() {\n"
                            "  %0(a) = Neg(%para1_x) : (<Tensor[Float32], (3)>) -> (<Tensor[Float32], (3)>)\n"
                            "  Return(%0) : (<Tensor[Float32], (3)>)\n"
                            "}\n",
                            &f, &d);
  ASSERT(m != NULL);
  if (m) {
    ASSERT_INT(OP_Neg, m->graphs[0]->nodes[0]->op);
    ASSERT(ir_verify(m));
    ir_module_free(m);
  }
  src_free(f);
}

static IrModule *build_consts(void) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "consts", ir_noloc);
  IrNode *x = ir_param(g, "x", f32(m, 2, 2, 3));
  float fv[6] = {0.1f, -0.0f, 1e30f, 1.0f / 3, 0, 2.5f};
  int64_t s23[2] = {2, 3};
  IrNode *c = ir_const_tensor(m, MSRT_FLOAT32, 2, s23, fv);
  IrNode *a = ir_node2(g, OP_Add, x, c, f32(m, 2, 2, 3), ir_noloc);
  float one = 1;
  IrNode *b = ir_node2(g, OP_Sub, a, ir_const_tensor(m, MSRT_FLOAT32, 0, NULL, &one), f32(m, 2, 2, 3),
                       ir_noloc);
  IrNode *mul = ir_node2(g, OP_Mul, b, ir_const_float(m, MSRT_FLOAT32, 0.5), f32(m, 2, 2, 3), ir_noloc);
  double dv[4] = {1.0 / 3, 1e-300, -1.0 / 0.0, 0.0 / 0.0};
  int64_t s4 = 4;
  IrNode *d = ir_const_tensor(m, MSRT_FLOAT64, 1, &s4, dv);
  uint16_t hv[3] = {0x3c00, 0x0001, 0x7bff}; /* 1, the least subnormal, 65504 */
  int64_t s3 = 3;
  IrNode *h = ir_const_tensor(m, MSRT_FLOAT16, 1, &s3, hv);
  uint8_t bv[2] = {1, 0};
  int64_t s2 = 2;
  IrNode *bo = ir_const_tensor(m, MSRT_BOOL, 1, &s2, bv);
  int8_t i8[2] = {-128, 127};
  IrNode *c8 = ir_const_tensor(m, MSRT_INT8, 1, &s2, i8);
  uint64_t u64[2] = {UINT64_MAX, 0};
  IrNode *cu = ir_const_tensor(m, MSRT_UINT64, 1, &s2, u64);
  int64_t s0 = 0;
  IrNode *empty = ir_const_tensor(m, MSRT_INT32, 1, &s0, NULL);
  IrNode *el[] = {mul, d, h, bo, c8, cu, empty, ir_const_int(m, MSRT_INT64, 30),
                  ir_const_bool(m, true), ir_const_str(m, "a \"q\"\n\\"), ir_const_none(m),
                  ir_const_float(m, MSRT_FLOAT64, 1e100), ir_const_int(m, MSRT_INT64, INT64_MIN)};
  IrNode *t = ir_make_tuple(g, (int)(sizeof el / sizeof *el), el, ir_noloc);
  ir_return(g, t, ir_noloc);
  return m;
}

TEST(round_trip_constants) {
  IrModule *m = build_consts();
  char *s = ir_print_str(m);
  ASSERT(strstr(s, "Tensor(shape=[2, 3], dtype=Float32, value=[[0.1, -0, 1e+30], [0.33333334, 0, 2.5]])"));
  ASSERT(strstr(s, "Tensor(shape=[], dtype=Float32, value=1)"));
  ASSERT(strstr(s, "F32(0.5)"));
  ASSERT(strstr(s, "I64(30)"));
  ASSERT(strstr(s, "Bool(1)"));
  ASSERT(strstr(s, "value=[1, 6e-08, 6.55e+04]"));
  ASSERT(strstr(s, "value=[True, False]"));
  ASSERT(strstr(s, "value=[18446744073709551615, 0]"));
  ASSERT(strstr(s, "value=[0.3333333333333333, 1e-300, -inf, nan]"));
  ASSERT(strstr(s, "\"a \\\"q\\\"\\n\\\\\""));
  free(s);
  round_trip(m);
  ir_module_free(m);
}

TEST(round_trip_attributes) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "attrs", ir_noloc);
  IrNode *x = ir_param(g, "x", f32(m, 2, 2, 3));
  IrNode *r = ir_node1(g, OP_ReduceSum, x, f32(m, 1, 2, 0), ir_loc_at(m, "a b.py", 3, 4));
  int64_t ax[1] = {1};
  ir_attr_ints(r, "axis", 1, ax);
  ir_attr_bool(r, "keep_dims", false);
  IrNode *c = ir_node1(g, OP_Cast, r, ir_type_tensor(m, MSRT_FLOAT16, 1, (int64_t[]){2}), ir_noloc);
  ir_attr_dtype(c, "dtype", MSRT_FLOAT16);
  IrNode *fl = ir_node(g, OP_Fill, 0, NULL, f32(m, 2, 2, 2), ir_noloc);
  ir_attr_ints(fl, "shape", 2, (int64_t[]){2, 2});
  ir_attr_float(fl, "value", 0.1);
  IrNode *am = ir_node1(g, OP_Argmax, x, ir_type_tensor(m, MSRT_INT32, 1, (int64_t[]){2}), ir_noloc);
  ir_attr_int(am, "axis", -1);
  ir_attr_int(am, "output_type", MSRT_INT32);
  IrNode *sq = ir_node1(g, OP_Squeeze, x, f32(m, 2, 2, 3), ir_noloc);
  ir_attr_ints(sq, "axis", 0, NULL);
  IrNode *el[] = {c, fl, am, sq};
  ir_return(g, ir_make_tuple(g, 4, el, ir_noloc), ir_noloc);
  char *s = ir_print_str(m);
  ASSERT(strstr(s, "PrimFunc_ReduceSum(%para1_x) {axis: (1), keep_dims: Bool(0)}\n"));
  ASSERT(strstr(s, "{dtype: Float16}"));
  ASSERT(strstr(s, "{shape: (2, 2), value: F64(0.1)}"));
  ASSERT(strstr(s, "{axis: ()}"));
  ASSERT(strstr(s, "      # In file a b.py:3:4\n"));
  free(s);
  round_trip(m);
  ir_module_free(m);
}

TEST(round_trip_tuples) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "tup", ir_noloc);
  IrNode *x = ir_param(g, "x", f32(m, 1, 4, 0));
  IrNode *t = ir_make_tuple(g, 2, (IrNode *[]){x, ir_const_int(m, MSRT_INT64, 7)}, ir_noloc);
  IrNode *tt = ir_make_tuple(g, 2, (IrNode *[]){t, x}, ir_noloc);
  IrNode *e = ir_tuple_get(g, tt, 0, ir_noloc);
  IrNode *e2 = ir_tuple_get(g, e, 0, ir_noloc);
  IrNode *empty = ir_make_tuple(g, 0, NULL, ir_noloc);
  ir_return(g, ir_make_tuple(g, 2, (IrNode *[]){e2, empty}, ir_noloc), ir_noloc);
  char *s = ir_print_str(m);
  ASSERT(strstr(s, "-> (<Tuple[<Tuple[<Tensor[Float32], (4)>, <Int64, NoShape>]>, <Tensor[Float32], (4)>]>)"));
  ASSERT(strstr(s, "TupleGetItem(%1, I64(0))"));
  ASSERT(strstr(s, "<Tuple[]>"));
  free(s);
  round_trip(m);
  ir_module_free(m);
}

/* if c: y = x * w else: y = x - w; w = y; while i < 10: i = i + 1 */
static IrModule *build_control(void) {
  IrModule *m = ir_module_new();
  IrGraph *g = ir_graph_new(m, "ctl", ir_loc_at(m, "t.py", 1, 1));
  IrNode *x = ir_param(g, "x", f32(m, 1, 2, 0));
  IrNode *c = ir_param(g, "c", ir_type_tensor(m, MSRT_BOOL, 0, NULL));
  IrNode *i = ir_param(g, "i", i64s(m));
  IrNode *w = ir_parameter(g, "fc.weight", f32(m, 1, 2, 0));
  IrGraph *th = ir_graph_new(m, "ctl_true", ir_loc_at(m, "t.py", 3, 5));
  IrGraph *el = ir_graph_new(m, "ctl_false", ir_noloc);
  IrNode *ta = ir_param(th, "a", f32(m, 1, 2, 0));
  IrNode *twl = ir_load(th, w, ir_noloc); /* a Parameter used from a subgraph */
  ir_return(th, ir_node2(th, OP_Mul, ta, twl, f32(m, 1, 2, 0), ir_loc_at(m, "t.py", 4, 13)), ir_noloc);
  IrNode *ea = ir_param(el, "a", f32(m, 1, 2, 0));
  IrNode *ew = ir_param(el, "w", ir_type_ref(m, MSRT_FLOAT32, 1, (int64_t[]){2}));
  ir_return(el, ir_node2(el, OP_Sub, ea, ir_load(el, ew, ir_noloc), f32(m, 1, 2, 0), ir_noloc), ir_noloc);
  /* then takes (a, w) too: both branches share one signature */
  IrNode *tw = ir_param(th, "w", ir_type_ref(m, MSRT_FLOAT32, 1, (int64_t[]){2}));
  (void)tw;
  IrNode *y = ir_if(g, c, th, el, 2, (IrNode *[]){x, w}, NULL, ir_loc_at(m, "t.py", 2, 5));
  ir_node_set_name(y, "y");
  ir_assign(g, w, y, ir_noloc);
  IrGraph *cg = ir_graph_new(m, "ctl_cond", ir_noloc);
  IrNode *ci = ir_param(cg, "i", i64s(m));
  int64_t ten = 10;
  IrNode *lt = ir_node2(cg, OP_Less, ci, ir_const_tensor(m, MSRT_INT64, 0, NULL, &ten),
                        ir_type_tensor(m, MSRT_BOOL, 0, NULL), ir_noloc);
  ir_return(cg, lt, ir_noloc);
  IrGraph *bg = ir_graph_new(m, "ctl_body", ir_noloc);
  IrNode *bi = ir_param(bg, "i", i64s(m));
  ir_return(bg, ir_node2(bg, OP_Add, bi, ir_const_int(m, MSRT_INT64, 1), i64s(m), ir_noloc), ir_noloc);
  IrNode *loop = ir_while(g, cg, bg, 1, &i, NULL, ir_noloc);
  ir_return(g, ir_make_tuple(g, 2, (IrNode *[]){y, loop}, ir_noloc), ir_loc_at(m, "t.py", 9, 5));
  return m;
}

TEST(round_trip_control_flow_and_parameters) {
  IrModule *m = build_control();
  char *s = ir_print_str(m);
  ASSERT(strstr(s, "# Total subgraphs: 5\n# Total params: 4\n"));
  ASSERT(strstr(s, "%para4_fc.weight: <Ref[Tensor[Float32]], (2)>\n"));
  ASSERT(strstr(s, "= If(%para2_c, @ctl_true, @ctl_false, %para1_x, %para4_fc.weight)\n"));
  ASSERT(strstr(s, "= While(@ctl_cond, @ctl_body, %para3_i)\n"));
  ASSERT(strstr(s, "= Assign(%para4_fc.weight, %0)\n"));
  ASSERT(strstr(s, "subgraph @ctl_true(%para5_a: <Tensor[Float32], (2)>, %para6_w: <Ref[Tensor[Float32]], (2)>) {\n"));
  ASSERT(strstr(s, "Load(%para4_fc.weight)"));
  free(s);
  round_trip(m);
  ir_module_free(m);
}

/* Verifier: one failing module, its message. */
static void expect_verify_error(IrModule *m, const char *want) {
  diag_begin();
  bool ok = ir_verify(m);
  const char *d = diag_end();
  ASSERT(!ok);
  if (!strstr(d, want)) UNIT_FAIL("expected '%s' in: %s", want, d);
}

TEST(verify_rejects_use_before_def) {
  IrModule *m = build_foo();
  IrGraph *g = m->graphs[0];
  IrNode *z = g->nodes[0];
  IrNode *n = ir_node2(g, OP_Mul, z, z, i64s(m), ir_noloc);
  g->nodes[0] = n, g->nodes[1] = z; /* swap: %0 uses %1 */
  ir_return(g, n, ir_noloc);
  expect_verify_error(m, "in @foo, %0 (PrimFunc_Mul): operand 1 (%1) is used before its definition");
  ir_module_free(m);
}

TEST(verify_rejects_wrong_operand_count) {
  IrModule *m = build_foo();
  IrGraph *g = m->graphs[0];
  IrNode *bad = ir_node(g, OP_Add, 3, (IrNode *[]){g->params[0], g->params[1], g->params[0]}, i64s(m),
                        ir_loc_at(m, "t.py", 5, 3));
  ir_return(g, bad, ir_noloc);
  expect_verify_error(m, "in @foo, %1 (PrimFunc_Add): expected 2 operands, got 3 (from t.py:5:3)");
  ir_module_free(m);
}

TEST(verify_rejects_bad_types_and_structure) {
  IrModule *m = build_foo();
  IrGraph *g = m->graphs[0];
  g->nodes[0]->type = f32(m, 1, 3, 0);
  expect_verify_error(m, "result type <Tensor[Float32], (3)>, the operands give <Tensor[Int64], ()>");
  g->nodes[0]->type = ir_type_tensor(m, MSRT_INT32, 0, NULL);
  expect_verify_error(m, "result type <Tensor[Int32], ()>, the operands give <Tensor[Int64], ()>");
  g->nodes[0]->type = i64s(m);
  ir_attr_int(g->nodes[0], "axis", 1);
  expect_verify_error(m, "unknown attribute 'axis'");
  ir_module_free(m);

  m = build_control();
  g = m->graphs[0];
  IrNode *w = g->params[3];
  ir_node2(g, OP_Add, w, w, f32(m, 1, 2, 0), ir_noloc);
  expect_verify_error(m, "operand 1 is a Parameter: read it with Load");
  ir_module_free(m);

  m = build_control();
  m->graphs[2]->ret = m->graphs[2]->params[0]; /* else branch returns its Ref... */
  m->graphs[2]->ret = ir_const_int(m, MSRT_INT64, 0);
  expect_verify_error(m, "else subgraph @ctl_false returns <Int64, NoShape>, expected <Tensor[Float32], (2)>");
  ir_module_free(m);

  m = build_control();
  IrNode *y = m->graphs[0]->nodes[0];
  y->in[0] = m->graphs[0]->params[0]; /* condition is a Float32 tensor */
  expect_verify_error(m, "condition has type <Tensor[Float32], (2)>, not a Bool scalar");
  ir_module_free(m);

  m = build_control();
  IrGraph *body = m->graphs[4];
  body->ret = ir_node2(body, OP_Add, body->params[0], m->graphs[0]->params[2], i64s(m), ir_noloc);
  expect_verify_error(m, "operand 2 (%para3_i) is a parameter of @ctl");
  ir_module_free(m);
}

TEST(verify_reports_at_mir_location) {
  SrcFile *f;
  const char *d;
  IrModule *m = parse_quiet("%para1_x: <Tensor[Float32], (3)>\n"
                            "subgraph @g() {\n"
                            "  %0(a) = Neg(%para1_x, %para1_x)\n"
                            "      : (<Tensor[Float32], (3)>, <Tensor[Float32], (3)>) -> (<Tensor[Float32], (3)>)\n"
                            "  Return(%0) : (<Tensor[Float32], (3)>)\n"
                            "}\n",
                            &f, &d);
  ASSERT(m != NULL);
  expect_verify_error(m, "m.mir:3:3: error: in @g, %0 (PrimFunc_Neg): expected 1 operand, got 2\n");
  ir_module_free(m);
  src_free(f);
}

/* The first error of text, which must be at the given "line:col: error: msg". */
static void expect_parse_error(const char *text, const char *want) {
  SrcFile *f;
  const char *d;
  IrModule *m = parse_quiet(text, &f, &d);
  ASSERT(m == NULL);
  ir_module_free(m);
  char full[512];
  snprintf(full, sizeof full, "m.mir:%s", want);
  if (strncmp(d, full, strlen(full)) != 0) UNIT_FAIL("expected '%s', got: %s", full, d);
  src_free(f);
}

TEST(parse_errors_at_line_col) {
  const char *head = "%para1_x: <Tensor[Int64], ()>\nsubgraph @f() {\n";
  char buf[1024];
#define CASE(body, want)                                   \
  snprintf(buf, sizeof buf, "%s%s", head, body);           \
  expect_parse_error(buf, want)
  CASE("  %0(a) = PrimFunc_Addd(%para1_x, %para1_x)\n", "3:11: error: unknown op 'PrimFunc_Addd'");
  CASE("  %0(a) = Add(%para1_x, %1)\n", "3:25: error: use of undefined value '%1'");
  CASE("  %0(a) = Add(%para1_x, %para1_x)\n      : (<Tensor[Int64], ()>) -> (<Tensor[Int64], ()>)\n",
       "4:29: error: type line lists 1 type for 2 operands");
  CASE("  %0(a) = Neg(%para1_x)\n      : (<Tensor[Int32], ()>) -> (<Tensor[Int64], ()>)\n",
       "4:10: error: operand 1 has type <Tensor[Int64], ()>, the type line says <Tensor[Int32], ()>");
  CASE("  %0(a) = Neg(%para1_x) : (<Tensor[Int64], ()>) -> (<Tensor[Int64], ()>)\n"
       "  %0(b) = Neg(%0) : (<Tensor[Int64], ()>) -> (<Tensor[Int64], ()>)\n",
       "4:3: error: redefinition of '%0'");
  CASE("  Return(%para1_x) : (<Tensor[Int64], ()>)\n", "4:1: error: expected '}' after Return, got end of file");
  CASE("  Return(%para1_x) : (<Tensor[Int64], (1, 2, 3, 4, 5, 6, 7, 8, 9)>)\n}\n",
       "3:64: error: more than 8 dimensions");
  CASE("  Return(Tensor(shape=[2], dtype=Int8, value=[1, 300])) : (<Tensor[Int8], (2)>)\n}\n",
       "3:50: error: integer 300 out of range");
  CASE("  Return(Tensor(shape=[3], dtype=Int8, value=[1, 2])) : (<Tensor[Int8], (3)>)\n}\n",
       "3:46: error: tensor constant has 2 values, its shape holds 3");
  CASE("  %0(a) = If(%para1_x, %para1_x) : () -> (<None, NoShape>)\n",
       "3:24: error: expected a subgraph reference (If's then branch)");
  CASE("  %0(a) = If(%para1_x, @t, @e) : (<Tensor[Int64], ()>) -> (<None, NoShape>)\n"
       "  Return(%0) : (<None, NoShape>)\n}\n",
       "3:24: error: undefined subgraph '@t'");
  CASE("  Return(\"abc) : ()\n", "3:10: error: unterminated string");
  CASE("  Return(%para1_x) : (<Tensor[Int64], ()>)\n}\n# In file t.py:x\n",
       "5:1: error: malformed location comment");
  CASE("  Return(%para1_x) : (<Tensor[Int64], ()>)\n} ~\n", "4:3: error: unexpected character '~'");
#undef CASE
  expect_parse_error("# IR entry: @main\n%para1_x: <Tensor[Int64], ()>\nsubgraph @f() {\n"
                     "  Return(%para1_x) : (<Tensor[Int64], ()>)\n}\n",
                     "1:1: error: entry graph '@main' is not defined");
  expect_parse_error("", "1:1: error: expected 'subgraph', got end of file");
  expect_parse_error("subgraph @f(%para1_x: <Tensor[Int64], ()>) {\n",
                     "1:13: error: the entry graph '@f' takes its parameters from the '# Params:' header");
}

/* Every prefix of a printed module either parses or fails with a
 * diagnostic; a prefix never crashes the parser (run under ASan/UBSan). */
TEST(truncation_never_crashes) {
  IrModule *mods[] = {build_foo(), build_consts(), build_control()};
  for (size_t k = 0; k < sizeof mods / sizeof *mods; k++) {
    char *s = ir_print_str(mods[k]);
    size_t n = strlen(s);
    int parsed = 0;
    for (size_t cut = 0; cut <= n; cut++) {
      SrcFile *f = src_new("cut.mir", xstrndup(s, cut), cut);
      diag_begin();
      IrModule *m = ir_parse(f);
      const char *d = diag_end();
      if (m) {
        parsed++;
        diag_begin();
        ir_verify(m);
        diag_end();
      } else if (!strstr(d, "error: ")) {
        UNIT_FAIL("cut at %zu: no diagnostic", cut);
      }
      ir_module_free(m);
      src_free(f);
    }
    ASSERT(parsed >= 1); /* the whole text, and cuts inside the last comment */
    /* one-byte mutations: never a crash */
    const char subst[] = "%@()[]<>{},:=$#\"-9xZ \n";
    for (size_t i = 0; i < n; i += 3) {
      char *t = xstrdup(s);
      t[i] = subst[i % (sizeof subst - 1)];
      SrcFile *f = src_new("mut.mir", t, n);
      diag_begin();
      IrModule *m = ir_parse(f);
      diag_end();
      if (m) {
        diag_begin();
        ir_verify(m);
        diag_end();
        char *p = ir_print_str(m);
        free(p);
      }
      ir_module_free(m);
      src_free(f);
    }
    free(s);
    ir_module_free(mods[k]);
  }
}

static int run_opt(const char *text, const char *arg, char **out) {
  char path[] = "/tmp/test_ir_opt_XXXXXX";
  int fd = mkstemp(path);
  FILE *o = fdopen(fd, "w");
  fputs(text, o);
  fclose(o);
  char opath[] = "/tmp/test_ir_out_XXXXXX";
  int ofd = mkstemp(opath);
  fflush(stdout);
  int saved = dup(1);
  dup2(ofd, 1);
  char *argv[] = {"opt", (char *)arg, path, NULL};
  int argc = arg ? 3 : 2;
  if (!arg) argv[1] = path, argv[2] = NULL;
  diag_begin();
  int rc = cg_opt_main(argc, argv);
  diag_end();
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  close(ofd);
  size_t len;
  *out = read_file(opath, &len);
  unlink(path);
  unlink(opath);
  return rc;
}

TEST(opt_main) {
  char *out;
  ASSERT_INT(0, run_opt(foo_text, NULL, &out));
  ASSERT_STR(foo_text, out);
  free(out);
  ASSERT_INT(0, run_opt(foo_text, "--verify-each", &out));
  ASSERT_STR(foo_text, out);
  free(out);
  ASSERT_INT(2, run_opt(foo_text, "--passes=nosuch", &out));
  ASSERT(strstr(diag_buf, "error: --passes: no such pass 'nosuch'"));
  ASSERT_STR("", out);
  free(out);
  ASSERT_INT(0, run_opt(foo_text, "--passes=", &out));
  free(out);
  ASSERT_INT(1, run_opt("subgraph", NULL, &out));
  ASSERT(strstr(diag_buf, ":1:9: error: expected a subgraph name (@name), got end of file"));
  free(out);
}

/* A float constant's integer view (ir_elem_int, read by MindIR import for a
 * weak scalar and by the printer) is numpy's astype(np.int64) on x86-64,
 * never C's undefined cast: NaN, +-inf and 1e30 give INT64_MIN (numpy
 * 1.24 prints -9223372036854775808 for each), others truncate. A NaN
 * scalar in a fuzzed .mindir was UBSan's "-nan is outside the range of
 * representable values of type 'long'" (fuzz/mindir). */
TEST(float_constant_integer_view_is_numpys) {
  const double d[] = {NAN, INFINITY, -INFINITY, 1e30, -2.9, 2.9e18};
  const int64_t want_d[] = {INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN, -2, INT64_C(2900000000000000000)};
  for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) ASSERT_INT(want_d[i], ir_elem_int(MSRT_FLOAT64, d, i));
  const float f[] = {NAN, 1e30f, -7.5f};
  const int64_t want_f[] = {INT64_MIN, INT64_MIN, -7};
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) ASSERT_INT(want_f[i], ir_elem_int(MSRT_FLOAT32, f, i));
}

UNIT_MAIN()
