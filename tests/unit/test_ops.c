/* test_ops.c — walks ir/ops.def: every primitive must have a shape/dtype
 * inference rule and an eager kernel rule (eval/prim.c), a unique
 * MindSpore name that op_lookup finds, and attributes that attrs_set
 * accepts; then checks inference on its own (no data, no kernel):
 * broadcasting, promotion, reductions, MatMul's error text; and a few
 * end-to-end prim_calls with refcount leak checks.
 */
#include <math.h>
#include <stdlib.h>

#include "../../eval/tensor.h"
#include "../../ir/ir.h"
#include "unit.h"

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wclobbered"
#endif

static Interp *I;
static int64_t base_leaks;

static void setup(void) {
  if (!I) {
    I = interp_new(0, NULL);
    tensor_init(I);
    base_leaks = gc_leak_count(I, false);
  }
}

static char errbuf[512];

/* Runs infer for op on the given types; returns the error message ("" if
 * none) and the result in *out. */
static const char *infer(OpId op, int nin, const TType *in, const Attrs *a, TType *out) {
  msrt_dtype cast[8];
  for (int i = 0; i < nin && i < 8; i++) cast[i] = in[i].dt;
  OpErr err;
  errbuf[0] = 0;
  if (!op_infer(op, nin, in, a, out, cast, &err)) snprintf(errbuf, sizeof errbuf, "%s", err.msg);
  return errbuf;
}

static TType ty(msrt_dtype dt, int ndim, ...) {
  TType t;
  memset(&t, 0, sizeof t);
  t.dt = dt;
  t.ndim = ndim;
  va_list ap;
  va_start(ap, ndim);
  for (int i = 0; i < ndim; i++) t.shape[i] = va_arg(ap, int);
  va_end(ap);
  return t;
}

static const char *shp(const TType *t) {
  static char buf[8][128];
  static int k;
  k = (k + 1) % 8;
  return shape_str(buf[k], sizeof buf[k], t->ndim, t->shape);
}

TEST(every_op_has_every_rule) {
  for (int op = 0; op < OP_COUNT; op++) {
    if (!op_has_rules((OpId)op)) UNIT_FAIL("%s: no infer or kernel rule (ir/rules.c)", op_info[op].name);
  }
}

/* The runtime's kind letter of an op code: A/C/B (binary), F/P/I (unary). */
static char binop_kind(int code) {
  static const char k[] = {
#define X(E, fn, K) #K[0],
      MSRT_BINOPS(X)
#undef X
  };
  return code >= 0 && code < MSRT_NUM_BINOPS ? k[code] : '?';
}
static char unop_kind(int code) {
  static const char k[] = {
#define X(E, fn, K) #K[0],
      MSRT_UNOPS(X)
#undef X
  };
  return code >= 0 && code < MSRT_NUM_UNOPS ? k[code] : '?';
}

/* ops.def's props agree with the families and with the runtime's formula
 * table: FUSE needs a float formula (kind A or F), ACT an activation the
 * epilogue accepts, VIEW a one-input OWN op, EW/INPL elementwise ops. */
TEST(props_agree_with_families_and_runtime) {
  for (int op = 0; op < OP_COUNT; op++) {
    const OpInfo *o = &op_info[op];
    bool ew_group = op_group_elementwise(o->group);
    if (ew_group && !op_has(op, OPP_EW)) UNIT_FAIL("%s: an elementwise family without EW", o->name);
    if (op_has(op, OPP_FUSE)) {
      char k = o->nin == 2 ? binop_kind(o->code) : unop_kind(o->code);
      if (!ew_group || (k != 'A' && k != 'F'))
        UNIT_FAIL("%s: FUSE without a float formula in msrt.h (kind %c)", o->name, k);
    }
    if (op_has(op, OPP_ACT) && (o->nin != 1 || !ew_group || !msrt_act_ok(o->code)))
      UNIT_FAIL("%s: ACT but the epilogue does not take code %d", o->name, o->code);
    if (op_has(op, OPP_VIEW) && (o->nin != 1 || o->group != OPG_OWN)) UNIT_FAIL("%s: VIEW of a non-reshape", o->name);
    if (op_has(op, OPP_INPL) && !op_has(op, OPP_EW) && op != OP_BiasAdd)
      UNIT_FAIL("%s: INPL without EW", o->name);
    if (op_has(op, OPP_EFFECT | OPP_CALL)) UNIT_FAIL("%s: a primitive with a structural prop", o->name);
    if (o->grad < OPGRAD_RULE || o->grad > OPGRAD_NONE) UNIT_FAIL("%s: no grad kind", o->name);
  }
  ASSERT(op_has(IR_LOAD, OPP_EFFECT) && op_has(IR_ASSIGN, OPP_EFFECT) && op_has(IR_PRINT, OPP_EFFECT));
  ASSERT(op_has(IR_IF, OPP_CALL) && op_has(IR_WHILE, OPP_CALL) && op_has(IR_FUSION, OPP_CALL));
  ASSERT(!op_has(IR_MAKE_TUPLE, OPP_EFFECT | OPP_CALL) && !op_has(-1, OPP_EW) && !op_has(IR_NUM_OPS, OPP_EW));
}

TEST(names_unique_and_found) {
  for (int op = 0; op < OP_COUNT; op++) {
    ASSERT_INT(op, op_lookup(op_info[op].name));
    for (int j = 0; j < op; j++)
      if (strcmp(op_info[op].name, op_info[j].name) == 0) UNIT_FAIL("duplicate op name %s", op_info[op].name);
  }
  ASSERT_INT(-1, op_lookup("NoSuchOp"));
}

/* Every attribute listed in ops.def is one attrs_set understands. */
TEST(attrs_are_known) {
  setup();
  for (int op = 0; op < OP_COUNT; op++) {
    const char *s = op_info[op].attrs;
    while (*s) {
      const char *e = strchr(s, ',');
      size_t n = e ? (size_t)(e - s) : strlen(s);
      char name[32];
      snprintf(name, sizeof name, "%.*s", (int)n, s);
      Attrs a;
      attrs_init(&a);
      Value v = strcmp(name, "dtype") == 0 || strcmp(name, "output_type") == 0 ? dtype_value(I, MSRT_INT64, false)
                : strcmp(name, "shape") == 0 || strcmp(name, "begin") == 0 ? tuple_pack(I, 1, v_int(1))
                                                                           : v_int(1);
      Catch c;
      if (RT_TRY(I, &c)) {
        attrs_set(I, (OpId)op, &a, name, v);
        rt_catch_pop(I, &c);
      } else {
        Value ex = CUR_EXC(I);
        CUR_EXC(I) = v_undef();
        Str *m = rt_str(I, ex);
        UNIT_FAIL("%s: attribute '%s' rejected: %s", op_info[op].name, name, m->data);
        obj_decref(I, &m->h);
        v_decref(I, ex);
      }
      if (v_is(v, OBJ_TUPLE)) v_decref(I, v);
      if (!e) break;
      s = e + 1;
    }
  }
}

TEST(broadcast_shapes) {
  setup();
  Attrs a;
  attrs_init(&a);
  TType in[2] = {ty(MSRT_FLOAT32, 2, 3, 1), ty(MSRT_FLOAT32, 3, 2, 1, 4)}, out;
  ASSERT_STR("", infer(OP_Add, 2, in, &a, &out));
  ASSERT_STR("(2, 3, 4)", shp(&out));
  in[0] = ty(MSRT_FLOAT32, 2, 2, 3);
  in[1] = ty(MSRT_FLOAT32, 1, 4);
  ASSERT_STR("Add: operands could not be broadcast together with shapes (2, 3) (4,)", infer(OP_Add, 2, in, &a, &out));
  in[0] = ty(MSRT_FLOAT32, 0);
  in[1] = ty(MSRT_FLOAT32, 2, 0, 5);
  ASSERT_STR("", infer(OP_Mul, 2, in, &a, &out));
  ASSERT_STR("(0, 5)", shp(&out));
  ASSERT_STR("", infer(OP_Less, 2, in, &a, &out));
  ASSERT_INT(MSRT_BOOL, out.dt);
}

TEST(promotion) {
  setup();
  Attrs a;
  attrs_init(&a);
  TType in[2] = {ty(MSRT_INT32, 1, 3), ty(MSRT_FLOAT32, 0)}, out;
  /* MindSpore: int tensor (+) float scalar -> float32; int64 (+) float32 tensors -> float32 */
  in[1].weak = in[1].valued = true;
  in[1].val = 1.5;
  infer(OP_Add, 2, in, &a, &out);
  ASSERT_INT(MSRT_FLOAT32, out.dt);
  in[0] = ty(MSRT_BOOL, 1, 3);
  in[1] = ty(MSRT_INT64, 0);
  in[1].weak = in[1].valued = true;
  infer(OP_Add, 2, in, &a, &out);
  ASSERT_INT(MSRT_INT32, out.dt);
  in[0] = ty(MSRT_INT64, 1, 3);
  in[1] = ty(MSRT_FLOAT32, 1, 3);
  infer(OP_Add, 2, in, &a, &out);
  ASSERT_INT(MSRT_FLOAT32, out.dt);
  /* numpy: int64 (+) float32 arrays -> float64; float32 array * 2.0 -> float32; + 100000 -> float64 */
  a.np = true;
  infer(OP_Add, 2, in, &a, &out);
  ASSERT_INT(MSRT_FLOAT64, out.dt);
  in[0] = ty(MSRT_FLOAT32, 1, 3);
  in[1] = ty(MSRT_FLOAT64, 0);
  in[1].weak = in[1].valued = true;
  in[1].val = 2.0;
  infer(OP_Mul, 2, in, &a, &out);
  ASSERT_INT(MSRT_FLOAT32, out.dt);
  in[1] = ty(MSRT_INT64, 0);
  in[1].weak = in[1].valued = true;
  in[1].val = 100000;
  in[1].ival = 100000;
  infer(OP_Add, 2, in, &a, &out);
  ASSERT_INT(MSRT_FLOAT64, out.dt);
  /* true division of ints */
  in[0] = ty(MSRT_INT32, 1, 3);
  in[1] = ty(MSRT_INT32, 1, 3);
  infer(OP_RealDiv, 2, in, &a, &out);
  ASSERT_INT(MSRT_FLOAT64, out.dt);
  a.np = false;
  infer(OP_RealDiv, 2, in, &a, &out);
  ASSERT_INT(MSRT_FLOAT32, out.dt);
}

TEST(matmul_infer) {
  setup();
  Attrs a;
  attrs_init(&a);
  TType in[2] = {ty(MSRT_FLOAT32, 2, 2, 3), ty(MSRT_FLOAT32, 2, 4, 5)}, out;
  ASSERT_STR("MatMul: cannot multiply (2, 3) by (4, 5): 3 != 4", infer(OP_MatMul, 2, in, &a, &out));
  ASSERT_STR("MatMul: cannot multiply (2, 3) by (4, 5): 3 != 4", infer(OP_MatMulExt, 2, in, &a, &out));
  in[1] = ty(MSRT_FLOAT32, 2, 5, 3);
  a.transpose_b = true;
  ASSERT_STR("", infer(OP_MatMul, 2, in, &a, &out));
  ASSERT_STR("(2, 5)", shp(&out));
  attrs_init(&a);
  in[0] = ty(MSRT_FLOAT32, 1, 5);
  in[1] = ty(MSRT_FLOAT32, 2, 5, 3);
  ASSERT_STR("", infer(OP_MatMulExt, 2, in, &a, &out));
  ASSERT_STR("(3,)", shp(&out));
  in[0] = ty(MSRT_FLOAT32, 4, 7, 1, 2, 3);
  in[1] = ty(MSRT_FLOAT32, 3, 4, 3, 5);
  ASSERT_STR("", infer(OP_BatchMatMul, 2, in, &a, &out));
  ASSERT_STR("(7, 4, 2, 5)", shp(&out));
}

TEST(reduce_infer) {
  setup();
  Attrs a;
  attrs_init(&a);
  TType in[1] = {ty(MSRT_INT32, 3, 2, 3, 4)}, out;
  a.has_axis = true;
  a.naxis = 2;
  a.axis[0] = 0;
  a.axis[1] = -1;
  ASSERT_STR("", infer(OP_ReduceSum, 1, in, &a, &out));
  ASSERT_STR("(3,)", shp(&out));
  ASSERT_INT(MSRT_INT32, out.dt); /* MindSpore keeps the dtype */
  a.np = true;
  a.keep_dims = true;
  ASSERT_STR("", infer(OP_ReduceSum, 1, in, &a, &out));
  ASSERT_STR("(1, 3, 1)", shp(&out));
  ASSERT_INT(MSRT_INT64, out.dt); /* numpy accumulates ints in int64 */
  a.axis[1] = 3;
  ASSERT_STR("ReduceSum: axis 3 is out of bounds for array of dimension 3", infer(OP_ReduceSum, 1, in, &a, &out));
  a.naxis = 1;
  a.axis[0] = 1;
  ASSERT_STR("", infer(OP_Argmax, 1, in, &a, &out));
  ASSERT_INT(MSRT_INT64, out.dt);
  a.np = false;
  ASSERT_STR("", infer(OP_Argmax, 1, in, &a, &out));
  ASSERT_INT(MSRT_INT32, out.dt);
  in[0] = ty(MSRT_FLOAT32, 2, 0, 3);
  a.axis[0] = 0;
  ASSERT_STR("ReduceMax: zero-size array to reduction operation maximum which has no identity",
             infer(OP_ReduceMax, 1, in, &a, &out));
}

TEST(shape_ops_infer) {
  setup();
  Attrs a;
  attrs_init(&a);
  TType in[1] = {ty(MSRT_FLOAT32, 2, 2, 3)}, out;
  a.has_shape = true;
  a.nshape = 2;
  a.shape[0] = 4;
  a.shape[1] = -1;
  ASSERT_STR("Reshape: cannot reshape array of size 6 into shape (4, -1)", infer(OP_Reshape, 1, in, &a, &out));
  a.shape[0] = 3;
  ASSERT_STR("", infer(OP_Reshape, 1, in, &a, &out));
  ASSERT_STR("(3, 2)", shp(&out));
  attrs_init(&a);
  ASSERT_STR("", infer(OP_Transpose, 1, in, &a, &out));
  ASSERT_STR("(3, 2)", shp(&out));
  a.has_axis = true;
  a.naxis = 1;
  a.axis[0] = 0;
  ASSERT_STR("Squeeze: cannot select an axis to squeeze out which has size not equal to one (axis 0 of (2, 3))",
             infer(OP_Squeeze, 1, in, &a, &out));
  a.axis[0] = -3;
  ASSERT_STR("", infer(OP_ExpandDims, 1, in, &a, &out));
  ASSERT_STR("(1, 2, 3)", shp(&out));
}

/* prim_call end to end, and no leak after an error inside a rule. */
TEST(prim_call_roundtrip) {
  setup();
  Attrs a;
  attrs_init(&a);
  int64_t shape[2] = {2, 3};
  Tensor *x = tensor_new(I, MSRT_FLOAT32, 2, shape, TF_MS);
  for (int i = 0; i < 6; i++) ((float *)x->data)[i] = (float)i;
  Value in[2] = {v_obj(&x->h), v_float(0.5)};
  Value r = prim_call(I, OP_Mul, 2, in, &a);
  ASSERT_INT(MSRT_FLOAT32, AS_TENSOR(r)->dtype);
  ASSERT(fabs(((float *)AS_TENSOR(r)->data)[5] - 2.5f) < 1e-6);
  v_decref(I, r);
  Tensor *y = tensor_new(I, MSRT_FLOAT32, 2, shape, TF_MS);
  in[1] = v_obj(&y->h);
  Catch c;
  if (RT_TRY(I, &c)) {
    prim_call(I, OP_MatMul, 2, in, &a);
    rt_catch_pop(I, &c);
    UNIT_FAIL("MatMul of (2, 3) by (2, 3) did not raise");
  } else {
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    v_decref(I, e);
  }
  obj_decref(I, &x->h);
  obj_decref(I, &y->h);
  int64_t n = gc_leak_count(I, false);
  if (n != base_leaks) {
    gc_leak_count(I, true);
    UNIT_FAIL("refcount leak: %lld objects (baseline %lld)", (long long)n, (long long)base_leaks);
  }
}

UNIT_MAIN()
