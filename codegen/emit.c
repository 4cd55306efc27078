/* emit.c — C generation from the graph IR: the entry graph of a module
 * becomes one C99 function `int NAME(void *const *args, void *ws)` that
 * calls the runtime's msrt_* kernels (codegen.h, DESIGN.md "Generated C").
 *
 * Every primitive computes exactly what its eager kernel rule (eval/prim.c
 * kernel_rules[]) computes: the node's IR attributes are decoded into the
 * Attrs the kernel would see (ir_attrs_decode), and shapes, strides,
 * offsets and loop bounds are computed here, at code generation time, and
 * emitted as constants. The special cases of the kernels are reproduced
 * (Round of ints is a copy, reductions over nothing give identities,
 * non-contiguous reduced axes go through a permuted copy, k == 0 matmuls
 * are zero fills, broadcasting batch matmuls run one product per batch
 * index from a constant offset table, Range/LinSpace values are computed
 * here in float64 as kern_range does and emitted as a constant array).
 * What the eager kernels raise at run time is not checked by the
 * generated code: an integer Pow with a negative exponent gives whatever
 * msrt_binary gives.
 *
 * Memory: params, Parameters and the outputs are the caller's (args);
 * each other value lives in the workspace (the arena) at an offset fixed
 * here, 64-byte aligned, planned by passes/memplan.c from liveness.
 * Emission runs twice: the first pass records every buffer request in
 * order (each value's buffer with its lifetime [def, last use], each
 * kernel's scratch via ws_temp for its node only), memplan_compute places
 * them, and the second pass emits again with the planned offsets; the
 * k-th request of pass 2 is the k-th of pass 1 (checked). A primitive
 * node returned exactly once computes straight into its output buffer;
 * other outputs are copied at the end.
 *   Views: Reshape, ExpandDims, Squeeze, Flatten and Identity of a value
 * with the same element count and dtype copy nothing: the node's value is
 * its operand's data (a param, a constant, a Parameter's data or a
 * workspace buffer whose lifetime is extended to the view's last use).
 * A view returned as an output is still copied into the output.
 *   In place: an elementwise node (unary, binary, BiasAdd, same-size Cast,
 * and elementwise Fusion when emit_fuse.c.inc defines EMIT_FUSE_INPLACE)
 * whose operand of the output's exact shape and dtype is a workspace
 * buffer that dies at this node may write into that buffer (memplan's
 * inplace_of): these kernels read element i before writing element i.
 *
 * Structural ops: Load is the Parameter's data pointer itself (a copy is
 * taken instead when the graph also Assigns that Parameter, so a read
 * keeps its place in the node order); Assign copies the value into the
 * Parameter; MakeTuple/TupleGetItem are resolved here; Print writes
 * through the runtime's output hook; If/While are refused.
 *
 * The text depends only on the IR: no pointers, no hash orders, no clocks.
 */
#include <math.h>
#include <stdarg.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"
#include "../passes/memplan.h"

/* ---- names the generated C uses ------------------------------------------ */

/* C names of the runtime's enums and types, expanded from its lists
 * (msrt.h), never retyped here. */
static const char *const dt_enum[MSRT_NUM_DTYPES] = {
#define X(E, ctype) "MSRT_" #E,
    MSRT_DTYPES(X)
#undef X
};
static const char *const dt_ctype[MSRT_NUM_DTYPES] = {
#define X(E, ctype) #ctype,
    MSRT_DTYPES(X)
#undef X
};
static const char *const binop_enum[MSRT_NUM_BINOPS] = {
#define X(E, fn, K) "MSRT_" #E,
    MSRT_BINOPS(X)
#undef X
};
static const char *const unop_enum[MSRT_NUM_UNOPS] = {
#define X(E, fn, K) "MSRT_" #E,
    MSRT_UNOPS(X)
#undef X
};
/* the scalar formula of each op, msrt_<fn>_<f32|f64> (msrt.h) */
static const char *const binop_fn[MSRT_NUM_BINOPS] = {
#define X(E, fn, K) #fn,
    MSRT_BINOPS(X)
#undef X
};
static const char *const unop_fn[MSRT_NUM_UNOPS] = {
#define X(E, fn, K) #fn,
    MSRT_UNOPS(X)
#undef X
};
static const char *const reduce_enum[MSRT_NUM_REDUCE_OPS] = {
#define X(E) "MSRT_" #E,
    MSRT_REDUCE_OPS(X)
#undef X
};

#define WS_ALIGN 64

/* ---- the generator's state ----------------------------------------------- */

/* Where a value's data is. */
typedef enum VKind {
  VK_EMPTY, /* no elements: never dereferenced */
  VK_ARG,   /* args[idx] */
  VK_WS,    /* W + off */
  VK_CONST, /* the static const array FNAME_c<idx> */
} VKind;

typedef struct Val {
  VKind kind;
  int idx;
  int64_t off;
} Val;

typedef struct Cg {
  IrModule *m;
  IrGraph *g;
  const char *fname;
  int64_t inline_max;
  Buf body;   /* the function's statements */
  Buf consts; /* file-scope static const arrays */
  char *err;
  size_t errcap;
  bool failed;
  /* per node (index = id) */
  Val *nv;
  int *last;     /* last use; -1 unused */
  int *outslot;  /* output index when computed into an output, else -1 */
  bool *snap;    /* Load that takes a copy */
  int *paramout; /* >= 0: computed straight into this Parameter (param index;
                    the Assign that stores it then copies nothing), else -1 */
  bool *assigned;/* per entry param: some Assign writes it */
  /* constants */
  int ncst, capcst;
  IrNode **cst;
  Val *cstv;
  int ninline;
  int nptr;
  IrNode **ptr;
  /* outputs */
  int nout;
  IrNode **outs;
  int out_base; /* args index of output 0 */
  /* workspace plan (passes/memplan.h) */
  MemPlan plan;
  int pass;          /* 1: recording the requests; 2: emitting with the plan */
  int nreq;          /* requests made so far in this pass */
  int *bufidx;       /* per node: its plan entry (value or view), or -1 */
  IrNode **viewbase; /* per node: the value a view node aliases, or NULL */
  int cur;           /* node index being emitted */
  bool use_rc, use_w, use_args, use_math, use_string;
} Cg;

static MSC_PRINTF(3, 4) bool cg_fail(Cg *c, const IrNode *n, const char *fmt, ...) {
  if (c->failed) return false;
  c->failed = true;
  Buf b = {0};
  if (n && n->loc.file) buf_printf(&b, "%s:%d:%d: ", n->loc.file, n->loc.line, n->loc.col);
  if (n && n->kind == IR_NK_NODE)
    buf_printf(&b, "%s: ", n->op < OP_COUNT ? op_info[n->op].name : ir_op_name(n->op));
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  if (c->err && c->errcap) snprintf(c->err, c->errcap, "%s", b.data ? b.data : "");
  buf_free(&b);
  return false;
}

#define OUT(...) buf_printf(&c->body, __VA_ARGS__)

/* ---- shapes --------------------------------------------------------------- */

typedef struct Shp {
  msrt_dtype dt;
  int ndim;
  int64_t shape[MSRT_MAX_NDIM];
} Shp;

/* A value's type as a tensor (scalars are 0-d). */
static bool shp_of(const IrNode *x, Shp *s) {
  const IrType *t = x->type;
  memset(s, 0, sizeof *s);
  if (!t) return false;
  if (t->kind == IR_T_TENSOR || t->kind == IR_T_REF) {
    s->dt = t->dt;
    s->ndim = t->ndim;
    memcpy(s->shape, t->shape, sizeof(int64_t) * (size_t)t->ndim);
    return t->dt < MSRT_NUM_DTYPES && t->ndim <= MSRT_MAX_NDIM;
  }
  if (t->kind == IR_T_SCALAR) {
    s->dt = t->dt;
    return t->dt < MSRT_NUM_DTYPES;
  }
  return false;
}

static int64_t size_of(int ndim, const int64_t *shape) {
  int64_t s = 1;
  for (int i = 0; i < ndim; i++) s *= shape[i];
  return s;
}
static int64_t nelem(const Shp *s) { return size_of(s->ndim, s->shape); }
static size_t esize(msrt_dtype dt) { return msrt_dtype_size(dt); }
static int64_t nbytes(const Shp *s) { return nelem(s) * (int64_t)esize(s->dt); }

static void contig_strides(int ndim, const int64_t *shape, int64_t *st) {
  int64_t s = 1;
  for (int i = ndim - 1; i >= 0; i--) {
    st[i] = s;
    s *= shape[i];
  }
}

/* Strides of x (ndim xn, shape xs) viewed with the broadcast shape. */
static void bcast_strides(int xn, const int64_t *xs, int ndim, const int64_t *shape, int64_t *st) {
  int64_t cs[MSRT_MAX_NDIM];
  contig_strides(xn, xs, cs);
  int off = ndim - xn;
  for (int i = 0; i < ndim; i++) {
    if (i < off) st[i] = 0;
    else st[i] = xs[i - off] == 1 && shape[i] != 1 ? 0 : cs[i - off];
  }
}

/* ---- literals ------------------------------------------------------------- */

static void put_i64(Buf *b, int64_t v) {
  if (v >= -2147483647 && v <= 2147483647) buf_printf(b, "%lld", (long long)v);
  else if (v == INT64_MIN) buf_puts(b, "(-INT64_C(9223372036854775807) - 1)");
  else buf_printf(b, "INT64_C(%lld)", (long long)v);
}

static void put_size(Buf *b, int64_t v) {
  if (v >= 0 && v <= 2147483647) buf_printf(b, "%lld", (long long)v);
  else buf_printf(b, "(size_t)INT64_C(%lld)", (long long)v);
}

static void put_float(Cg *c, Buf *b, double v, bool f32) {
  if (isnan(v)) {
    c->use_math = true;
    buf_puts(b, signbit(v) ? "-NAN" : "NAN");
  } else if (isinf(v)) {
    c->use_math = true;
    buf_puts(b, v < 0 ? "-INFINITY" : "INFINITY");
  } else {
    buf_printf(b, "%a%s", v, f32 ? "f" : "");
  }
}

/* One element of dtype dt at p as a C literal of dt's C type. */
static void put_elem(Cg *c, Buf *b, msrt_dtype dt, const void *p) {
  switch (dt) {
  case MSRT_BOOL:
  case MSRT_UINT8: buf_printf(b, "%u", (unsigned)*(const uint8_t *)p); break;
  case MSRT_INT8: buf_printf(b, "%d", (int)*(const int8_t *)p); break;
  case MSRT_INT16: buf_printf(b, "%d", (int)*(const int16_t *)p); break;
  case MSRT_UINT16: buf_printf(b, "%u", (unsigned)*(const uint16_t *)p); break;
  case MSRT_FLOAT16: buf_printf(b, "0x%04x", (unsigned)*(const uint16_t *)p); break;
  case MSRT_INT32: {
    int32_t v;
    memcpy(&v, p, 4);
    put_i64(b, v);
    break;
  }
  case MSRT_UINT32: {
    uint32_t v;
    memcpy(&v, p, 4);
    buf_printf(b, "%luu", (unsigned long)v);
    break;
  }
  case MSRT_INT64: {
    int64_t v;
    memcpy(&v, p, 8);
    put_i64(b, v);
    break;
  }
  case MSRT_UINT64: {
    uint64_t v;
    memcpy(&v, p, 8);
    buf_printf(b, "UINT64_C(%llu)", (unsigned long long)v);
    break;
  }
  case MSRT_FLOAT32: {
    float v;
    memcpy(&v, p, 4);
    put_float(c, b, (double)v, true);
    break;
  }
  case MSRT_FLOAT64: {
    double v;
    memcpy(&v, p, 8);
    put_float(c, b, v, false);
    break;
  }
  default: buf_puts(b, "0"); break;
  }
}

/* "static const T name[n] = {...};" with the n elements at data (n >= 1;
 * n == 0 gives a one-element dummy). */
static void put_array(Cg *c, Buf *b, const char *indent, const char *name, msrt_dtype dt,
                      const void *data, int64_t n) {
  buf_printf(b, "%sstatic const %s %s[%lld] = {", indent, dt_ctype[dt], name,
             (long long)(n ? n : 1));
  if (n == 0) buf_puts(b, "0");
  size_t es = esize(dt);
  for (int64_t i = 0; i < n; i++) {
    if (i) buf_puts(b, ",");
    if (n > 8 && i % 8 == 0) buf_printf(b, "\n%s    ", indent);
    else if (i) buf_puts(b, " ");
    put_elem(c, b, dt, (const char *)data + (size_t)i * es);
  }
  buf_puts(b, "};\n");
}

static void put_i64_array(Buf *b, const char *indent, const char *name, int n, const int64_t *v) {
  buf_printf(b, "%sstatic const int64_t %s[%d] = {", indent, name, n);
  for (int i = 0; i < n; i++) {
    if (i) buf_puts(b, ", ");
    put_i64(b, v[i]);
  }
  buf_puts(b, "};\n");
}

/* A C string literal of s[0..n) (octal escapes; '?' escaped: trigraphs). */
static void put_cstr(Buf *b, const char *s, size_t n) {
  buf_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\' || ch == '?') buf_printf(b, "\\%c", ch);
    else if (ch == '\n') buf_puts(b, "\\n");
    else if (ch == '\t') buf_puts(b, "\\t");
    else if (ch < 0x20 || ch >= 0x7f) buf_printf(b, "\\%03o", ch);
    else buf_putc(b, (char)ch);
  }
  buf_putc(b, '"');
}

/* Text safe inside a C comment. */
static void put_comment_text(Buf *b, const char *s) {
  for (; s && *s; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '*' || ch == '\\' || ch == '?' || ch < 0x20 || ch >= 0x7f) buf_putc(b, '_');
    else buf_putc(b, (char)ch);
  }
}

/* ---- values --------------------------------------------------------------- */

/* The value x stands for: TupleGetItem of a MakeTuple is the element, a
 * Load (without a copy) is the Parameter, an Assign is its value. */
static IrNode *resolve(Cg *c, IrNode *x) {
  for (int guard = 0; guard < 1000000 && x; guard++) {
    if (x->kind != IR_NK_NODE) return x;
    if (x->op == IR_TUPLE_GET && x->in[0]->kind == IR_NK_NODE && x->in[0]->op == IR_MAKE_TUPLE &&
        x->in[1]->kind == IR_NK_CONST && x->in[1]->cst.i >= 0 && x->in[1]->cst.i < x->in[0]->nin) {
      x = x->in[0]->in[x->in[1]->cst.i];
    } else if (x->op == IR_LOAD && !c->snap[x->id]) {
      x = x->in[0];
    } else if (x->op == IR_ASSIGN) {
      x = x->in[1];
    } else {
      return x;
    }
  }
  return x;
}

static int const_index(Cg *c, const IrNode *x) {
  for (int i = 0; i < c->ncst; i++)
    if (c->cst[i] == x) return i;
  return -1;
}

/* Registers a data constant on its first use. */
static void const_use(Cg *c, IrNode *x) {
  if (x->kind != IR_NK_CONST || const_index(c, x) >= 0) return;
  if (x->cst.kind != IR_C_TENSOR && x->cst.kind != IR_C_SCALAR) return;
  if (c->ncst == c->capcst) {
    c->capcst = c->capcst ? 2 * c->capcst : 16;
    c->cst = xrealloc(c->cst, sizeof(IrNode *) * (size_t)c->capcst);
    c->cstv = xrealloc(c->cstv, sizeof(Val) * (size_t)c->capcst);
  }
  Val v = {VK_CONST, 0, 0};
  Shp s;
  if (!shp_of(x, &s)) return;
  /* the text form repeats a constant at each use: equal ones share */
  for (int i = 0; i < c->ncst; i++) {
    const IrNode *y = c->cst[i];
    if (y->cst.kind != x->cst.kind || !ir_type_eq(y->type, x->type)) continue;
    bool same = x->cst.kind == IR_C_TENSOR
                    ? y->cst.nbytes == x->cst.nbytes &&
                          (x->cst.nbytes == 0 || memcmp(y->cst.data, x->cst.data, x->cst.nbytes) == 0)
                    : y->cst.i == x->cst.i && memcmp(&y->cst.f, &x->cst.f, sizeof(double)) == 0;
    if (same) {
      c->cst[c->ncst] = x;
      c->cstv[c->ncst++] = c->cstv[i];
      return;
    }
  }
  if (x->cst.kind == IR_C_TENSOR && nelem(&s) > c->inline_max) {
    v.kind = VK_ARG;
    v.idx = c->nptr;
    c->ptr = xrealloc(c->ptr, sizeof(IrNode *) * (size_t)(c->nptr + 1));
    c->ptr[c->nptr++] = x;
  } else {
    v.idx = c->ninline++;
    char name[160];
    snprintf(name, sizeof name, "%s_c%d", c->fname, v.idx);
    if (x->cst.kind == IR_C_TENSOR) {
      put_array(c, &c->consts, "", name, s.dt, x->cst.data, nelem(&s));
    } else { /* a scalar: one element of its dtype */
      uint64_t bits = 0;
      if (ir_dtype_is_float(s.dt)) msrt_cast(MSRT_FLOAT64, s.dt, 1, &x->cst.f, &bits);
      else msrt_cast(MSRT_INT64, s.dt, 1, &x->cst.i, &bits);
      put_array(c, &c->consts, "", name, s.dt, &bits, 1);
    }
  }
  c->cst[c->ncst] = x;
  c->cstv[c->ncst++] = v;
}

static Val val_of(Cg *c, IrNode *x) {
  Val v = {VK_EMPTY, 0, 0};
  Shp s;
  if (shp_of(x, &s) && nelem(&s) == 0) return v;
  if (x->kind == IR_NK_PARAM) {
    v.kind = VK_ARG;
    v.idx = x->id;
  } else if (x->kind == IR_NK_CONST) {
    int i = const_index(c, x);
    if (i >= 0) {
      v = c->cstv[i];
      if (v.kind == VK_ARG) v.idx += c->g->nparam;
    }
  } else {
    v = c->nv[x->id];
  }
  return v;
}

/* The C expression of a value's data plus off bytes. */
static const char *vexpr_off(Cg *c, Val v, int64_t off, bool writable) {
  static char bufs[8][192];
  static int k;
  char *r = bufs[k++ & 7];
  const char *cq = writable ? "" : "const ";
  switch (v.kind) {
  case VK_EMPTY: snprintf(r, 192, "(%svoid *)0", cq); break;
  case VK_WS:
    c->use_w = true;
    snprintf(r, 192, "(W + %lld)", (long long)(v.off + off));
    break;
  case VK_ARG:
    c->use_args = true;
    if (off) snprintf(r, 192, "((%sunsigned char *)args[%d] + %lld)", cq, v.idx, (long long)off);
    else snprintf(r, 192, "args[%d]", v.idx);
    break;
  case VK_CONST:
    if (off) snprintf(r, 192, "((const unsigned char *)%s_c%d + %lld)", c->fname, v.idx, (long long)off);
    else snprintf(r, 192, "%s_c%d", c->fname, v.idx);
    break;
  }
  return r;
}
static const char *vexpr(Cg *c, Val v) { return vexpr_off(c, v, 0, false); }
static const char *wexpr(Cg *c, Val v) { return vexpr_off(c, v, 0, true); }

/* ---- workspace plan ------------------------------------------------------- */

/* A buffer request (memplan.h): pass 1 records it (its offset is not
 * known yet: 0), pass 2 returns the planned offset of the same request.
 * Returns the request's index in *idx when idx is not NULL. */
static int64_t ws_request(Cg *c, MemBufKind kind, const IrNode *n, int64_t size, int def, int last,
                          int inplace_of, int *idx) {
  int k = c->nreq++;
  if (idx) *idx = k;
  if (c->pass == 1) {
    memplan_add(&c->plan, kind, n, size, def, last, inplace_of);
    return 0;
  }
  if (k >= c->plan.n || c->plan.bufs[k].kind != kind || c->plan.bufs[k].node != n ||
      c->plan.bufs[k].size != (kind == MB_VIEW ? 0 : size)) {
    cg_fail(c, n, "internal error: buffer request %d differs between the two emission passes", k);
    return 0;
  }
  return c->plan.bufs[k].offset;
}

/* Scratch for the current node only. */
static Val ws_temp(Cg *c, int64_t size) {
  Val v = {VK_WS, 0, 0};
  if (size <= 0) {
    v.kind = VK_EMPTY;
    return v;
  }
  v.off = ws_request(c, MB_SCRATCH, c->g->nodes[c->cur], size, c->cur, c->cur, -1, NULL);
  return v;
}

/* ---- emission helpers ----------------------------------------------------- */

static void rc_check(Cg *c, const char *ind) {
  c->use_rc = true;
  OUT("%sif (rc) return rc;\n", ind);
}

static void emit_memcpy(Cg *c, const char *ind, Val dst, int64_t doff, Val src, int64_t soff, int64_t n) {
  if (n <= 0) return;
  c->use_string = true;
  buf_printf(&c->body, "%smemcpy(%s, %s, ", ind, vexpr_off(c, dst, doff, true),
             vexpr_off(c, src, soff, false));
  put_size(&c->body, n);
  OUT(");\n");
}

/* Fills n elements of dtype dt at dst with the element at bits. */
static void emit_fill(Cg *c, const char *ind, Val dst, msrt_dtype dt, int64_t n, const void *bits) {
  if (n <= 0) return;
  size_t es = esize(dt);
  bool zero = true;
  for (size_t i = 0; i < es; i++) zero = zero && ((const unsigned char *)bits)[i] == 0;
  if (zero) {
    c->use_string = true;
    OUT("%smemset(%s, 0, ", ind, wexpr(c, dst));
    put_size(&c->body, n * (int64_t)es);
    OUT(");\n");
    return;
  }
  const char *t = dt_ctype[dt];
  OUT("%s{\n%s  static const %s v = ", ind, ind, t);
  put_elem(c, &c->body, dt, bits);
  OUT(";\n%s  %s *o = (%s *)(void *)%s;\n", ind, t, t, wexpr(c, dst));
  if (n == 1) {
    OUT("%s  o[0] = v;\n", ind);
  } else {
    OUT("%s  int64_t i;\n%s  for (i = 0; i < ", ind, ind);
    put_i64(&c->body, n);
    OUT("; i++) o[i] = v;\n");
  }
  OUT("%s}\n", ind);
}

/* The bytes of value (int or float) converted to dt as the eager store
 * does (msrt_cast from int64 or float64). */
static bool value_bits(Cg *c, const IrNode *n, msrt_dtype dt, bool isint, int64_t i, double f,
                       void *bits) {
  memset(bits, 0, 8);
  if (isint) {
    msrt_cast(MSRT_INT64, dt, 1, &i, bits);
    return true;
  }
  if (!ir_dtype_is_float(dt) && dt != MSRT_BOOL && !isfinite(f))
    return cg_fail(c, n, "cannot convert float %s to integer", isnan(f) ? "NaN" : "infinity");
  msrt_cast(MSRT_FLOAT64, dt, 1, &f, bits);
  return true;
}

/* ---- emission rules --------------------------------------------------------
 * Each rule gets the node, its operands resolved (a tuple operand of a
 * variadic op expanded), their types, the decoded attributes and the
 * output's location, and appends statements at indent "  ". */

typedef struct Args {
  IrNode *n;
  int nin;
  IrNode **in;
  Shp *it;   /* operand types */
  Val *iv;   /* operand data */
  Shp ot;
  Val ov;
  Attrs a;
} Args;

typedef bool (*EmitFn)(Cg *c, Args *x);

#define I1 "  "
#define I2 "    "

static bool need(Cg *c, const IrNode *n, bool ok, const char *what) {
  return ok || cg_fail(c, n, "%s", what);
}

static bool emit_binary(Cg *c, Args *x) {
  int op = x->n->op;
  int nd = x->ot.ndim;
  int64_t shp[MSRT_MAX_NDIM], as[MSRT_MAX_NDIM], bs[MSRT_MAX_NDIM], os[MSRT_MAX_NDIM];
  if (nelem(&x->ot) == 0) return true;
  msrt_dtype dt = x->it[0].dt;
  if (!need(c, x->n, x->it[1].dt == dt, "operands of different dtypes (capture casts them first)"))
    return false;
  if (nd == 0) {
    nd = 1;
    shp[0] = 1;
    as[0] = bs[0] = 0;
    os[0] = 1;
  } else {
    memcpy(shp, x->ot.shape, sizeof(int64_t) * (size_t)nd);
    bcast_strides(x->it[0].ndim, x->it[0].shape, nd, shp, as);
    bcast_strides(x->it[1].ndim, x->it[1].shape, nd, shp, bs);
    contig_strides(nd, shp, os);
  }
  OUT(I1 "{\n");
  put_i64_array(&c->body, I2, "shape", nd, shp);
  put_i64_array(&c->body, I2, "as", nd, as);
  put_i64_array(&c->body, I2, "bs", nd, bs);
  put_i64_array(&c->body, I2, "os", nd, os);
  c->use_rc = true;
  OUT(I2 "rc = msrt_binary(%s, %s, %d, shape, %s, as, %s, bs, %s, os);\n",
      binop_enum[op_info[op].code], dt_enum[dt], nd, vexpr(c, x->iv[0]), vexpr(c, x->iv[1]),
      wexpr(c, x->ov));
  rc_check(c, I2);
  OUT(I1 "}\n");
  return true;
}

static bool emit_unary(Cg *c, Args *x) {
  int op = x->n->op;
  int64_t n = nelem(&x->ot);
  if (n == 0) return true;
  msrt_dtype dt = x->it[0].dt;
  if (op == OP_Round && !ir_dtype_is_float(dt)) {
    emit_memcpy(c, I1, x->ov, 0, x->iv[0], 0, nbytes(&x->ot));
    return true;
  }
  c->use_rc = true;
  OUT(I1 "rc = msrt_unary(%s, %s, ", unop_enum[op_info[op].code], dt_enum[dt]);
  put_i64(&c->body, n);
  OUT(", %s, %s);\n", vexpr(c, x->iv[0]), wexpr(c, x->ov));
  rc_check(c, I1);
  return true;
}

/* Copies x (ndim, shape) with its axes permuted into dst. */
static void emit_permute(Cg *c, const char *ind, msrt_dtype dt, int ndim, const int64_t *shape,
                         const int64_t *perm, Val src, Val dst) {
  int64_t cs[MSRT_MAX_NDIM], st[MSRT_MAX_NDIM], shp[MSRT_MAX_NDIM];
  contig_strides(ndim, shape, cs);
  for (int i = 0; i < ndim; i++) {
    shp[i] = shape[perm[i]];
    st[i] = cs[perm[i]];
  }
  OUT("%s{\n", ind);
  char ind2[32];
  snprintf(ind2, sizeof ind2, "%s  ", ind);
  put_i64_array(&c->body, ind2, "shape", ndim, shp);
  put_i64_array(&c->body, ind2, "st", ndim, st);
  c->use_rc = true;
  OUT("%src = msrt_copy_strided(%s, %d, shape, %s, st, %s);\n", ind2, dt_enum[dt], ndim,
      vexpr(c, src), wexpr(c, dst));
  rc_check(c, ind2);
  OUT("%s}\n", ind);
}

static bool emit_reduce(Cg *c, Args *x) {
  const IrNode *n = x->n;
  const Shp *xt = &x->it[0];
  int code = op_info[n->op].code;
  uint32_t m = 0;
  if (!x->a.has_axis) {
    m = xt->ndim ? (1u << xt->ndim) - 1 : 0;
  } else {
    for (int i = 0; i < x->a.naxis; i++) {
      int64_t ax = x->a.axis[i];
      if (xt->ndim == 0 && (ax == 0 || ax == -1)) continue;
      if (ax < -xt->ndim || ax >= xt->ndim) return cg_fail(c, n, "axis %lld is out of bounds", (long long)ax);
      if (ax < 0) ax += xt->ndim;
      m |= 1u << ax;
    }
  }
  int first = -1, last = -1;
  for (int i = 0; i < xt->ndim; i++)
    if (m & (1u << i)) {
      if (first < 0) first = i;
      last = i;
    }
  int64_t outer = 1, r = 1, inner = 1;
  bool block = true;
  int64_t perm[MSRT_MAX_NDIM];
  if (first < 0) {
    outer = nelem(xt);
  } else {
    for (int i = first; i <= last; i++)
      if (!(m & (1u << i))) block = false;
    if (block) {
      for (int i = 0; i < first; i++) outer *= xt->shape[i];
      for (int i = first; i <= last; i++) r *= xt->shape[i];
      for (int i = last + 1; i < xt->ndim; i++) inner *= xt->shape[i];
    } else {
      int k = 0;
      for (int i = 0; i < xt->ndim; i++)
        if (!(m & (1u << i))) {
          perm[k++] = i;
          outer *= xt->shape[i];
        }
      for (int i = 0; i < xt->ndim; i++)
        if (m & (1u << i)) {
          perm[k++] = i;
          r *= xt->shape[i];
        }
    }
  }
  int64_t on = nelem(&x->ot);
  if (!need(c, n, outer * inner == on, "the result type does not match the reduction")) return false;
  if (on == 0) return true;
  msrt_dtype odt = x->ot.dt;
  if (r == 0 && (code == MSRT_RSUM || code == MSRT_RPROD || code == MSRT_RMEAN || code == MSRT_RANY ||
                 code == MSRT_RALL)) {
    /* reduction over nothing: the identity (mean of nothing is nan) */
    unsigned char bits[8];
    bool ok = code == MSRT_RMEAN ? value_bits(c, n, odt, false, 0, NAN, bits)
                                 : value_bits(c, n, odt, true, code == MSRT_RPROD || code == MSRT_RALL ? 1 : 0,
                                              0, bits);
    if (!ok) return false;
    OUT(I1 "/* reduction over an empty axis: the identity */\n");
    emit_fill(c, I1, x->ov, odt, on, bits);
    return true;
  }
  Val src = x->iv[0];
  if (!block) {
    OUT(I1 "/* the reduced axes are not contiguous: move them last */\n");
    Val tmp = ws_temp(c, nbytes(xt));
    emit_permute(c, I1, xt->dt, xt->ndim, xt->shape, perm, src, tmp);
    src = tmp;
  }
  c->use_rc = true;
  OUT(I1 "rc = msrt_reduce(%s, %s, %s, ", reduce_enum[code], dt_enum[xt->dt], dt_enum[odt]);
  put_i64(&c->body, outer);
  OUT(", ");
  put_i64(&c->body, r);
  OUT(", ");
  put_i64(&c->body, inner);
  OUT(", %s, %s);\n", vexpr(c, src), wexpr(c, x->ov));
  rc_check(c, I1);
  return true;
}

static bool emit_softmax(Cg *c, Args *x) {
  const Shp *xt = &x->it[0];
  if (!need(c, x->n, xt->ndim > 0, "input must have at least 1 dimension")) return false;
  int64_t ax = x->a.has_axis ? x->a.axis[0] : -1;
  if (ax < -xt->ndim || ax >= xt->ndim) return cg_fail(c, x->n, "axis %lld is out of bounds", (long long)ax);
  if (ax < 0) ax += xt->ndim;
  int64_t outer = 1, n = xt->shape[ax], inner = 1;
  for (int i = 0; i < ax; i++) outer *= xt->shape[i];
  for (int i = (int)ax + 1; i < xt->ndim; i++) inner *= xt->shape[i];
  if (nelem(&x->ot) == 0) return true;
  c->use_rc = true;
  OUT(I1 "rc = msrt_softmax(%s, %d, ", dt_enum[xt->dt], x->n->op == OP_LogSoftmax);
  put_i64(&c->body, outer);
  OUT(", ");
  put_i64(&c->body, n);
  OUT(", ");
  put_i64(&c->body, inner);
  OUT(", %s, %s);\n", vexpr(c, x->iv[0]), wexpr(c, x->ov));
  rc_check(c, I1);
  return true;
}

static bool emit_matmul(Cg *c, Args *x) {
  const IrNode *nd = x->n;
  const Shp *xs = &x->it[0], *ys = &x->it[1];
  bool ta = x->a.transpose_a, tb = x->a.transpose_b;
  int64_t m, k, n;
  if (!need(c, nd, xs->ndim >= 1 && ys->ndim >= 1, "scalar operands")) return false;
  if (nd->op == OP_MatMul || (xs->ndim == 2 && ys->ndim == 2)) {
    if (!need(c, nd, xs->ndim == 2 && ys->ndim == 2, "inputs must be 2-D")) return false;
    m = ta ? xs->shape[1] : xs->shape[0];
    k = ta ? xs->shape[0] : xs->shape[1];
    n = tb ? ys->shape[0] : ys->shape[1];
  } else {
    m = xs->ndim == 1 ? 1 : ta ? xs->shape[xs->ndim - 1] : xs->shape[xs->ndim - 2];
    k = xs->ndim == 1 ? xs->shape[0] : ta ? xs->shape[xs->ndim - 2] : xs->shape[xs->ndim - 1];
    n = ys->ndim == 1 ? 1 : tb ? ys->shape[ys->ndim - 2] : ys->shape[ys->ndim - 1];
  }
  int nbx = xs->ndim > 2 ? xs->ndim - 2 : 0, nby = ys->ndim > 2 ? ys->ndim - 2 : 0;
  int nb = x->ot.ndim - (xs->ndim != 1) - (ys->ndim != 1);
  if (!need(c, nd, nb >= 0 && nb >= nbx && nb >= nby, "the result type does not match the operands"))
    return false;
  int64_t batch = size_of(nb, x->ot.shape);
  if (!need(c, nd, batch * m * n == nelem(&x->ot), "the result type does not match the operands"))
    return false;
  if (nelem(&x->ot) == 0) return true;
  msrt_dtype dt = x->ot.dt;
  int64_t es = (int64_t)esize(dt);
  if (!need(c, nd, xs->dt == dt && ys->dt == dt, "operands of different dtypes")) return false;
  if (k == 0) {
    unsigned char zero[8] = {0};
    OUT(I1 "/* k == 0: a zero fill */\n");
    emit_fill(c, I1, x->ov, dt, nelem(&x->ot), zero);
    return true;
  }
  Val ws = ws_temp(c, (int64_t)msrt_gemm_ws_size(m, n, k));
  int64_t xsz = m * k, ysz = k * n;
  int64_t bx = size_of(nbx, xs->shape), by = size_of(nby, ys->shape);
  bool xfull = bx == batch, yfull = by == batch, xone = bx == 1, yone = by == 1;
  bool same = nbx == nby || xone || yone;
  c->use_rc = true;
  if (same && (xfull || xone) && (yfull || yone)) {
    OUT(I1 "rc = msrt_matmul(%s, %d, %d, ", dt_enum[dt], ta, tb);
    put_i64(&c->body, batch);
    OUT(", ");
    put_i64(&c->body, m);
    OUT(", ");
    put_i64(&c->body, n);
    OUT(", ");
    put_i64(&c->body, k);
    OUT(", %s, ", vexpr(c, x->iv[0]));
    put_i64(&c->body, xone ? 0 : xsz);
    OUT(", %s, ", vexpr(c, x->iv[1]));
    put_i64(&c->body, yone ? 0 : ysz);
    OUT(", %s, %s);\n", wexpr(c, x->ov), wexpr(c, ws));
    rc_check(c, I1);
    return true;
  }
  /* general broadcasting: one product per batch index, offsets (bytes)
   * from a table */
  int64_t xst[MSRT_MAX_NDIM], yst[MSRT_MAX_NDIM], idx[MSRT_MAX_NDIM] = {0};
  bcast_strides(nbx, xs->shape, nb, x->ot.shape, xst);
  bcast_strides(nby, ys->shape, nb, x->ot.shape, yst);
  int64_t *xo = xmalloc(sizeof(int64_t) * (size_t)batch), *yo = xmalloc(sizeof(int64_t) * (size_t)batch);
  for (int64_t bi = 0; bi < batch; bi++) {
    int64_t a = 0, b = 0;
    for (int d = 0; d < nb; d++) {
      a += idx[d] * xst[d];
      b += idx[d] * yst[d];
    }
    xo[bi] = a * xsz * es;
    yo[bi] = b * ysz * es;
    for (int d = nb - 1; d >= 0; d--) {
      if (++idx[d] < x->ot.shape[d]) break;
      idx[d] = 0;
    }
  }
  OUT(I1 "{\n");
  OUT(I2 "/* broadcast batch dims: byte offsets of each batch's operands */\n");
  buf_printf(&c->body, I2 "static const int64_t xo[%lld] = {", (long long)batch);
  for (int64_t i = 0; i < batch; i++) {
    buf_puts(&c->body, i ? ", " : "");
    put_i64(&c->body, xo[i]);
  }
  OUT("};\n");
  buf_printf(&c->body, I2 "static const int64_t yo[%lld] = {", (long long)batch);
  for (int64_t i = 0; i < batch; i++) {
    buf_puts(&c->body, i ? ", " : "");
    put_i64(&c->body, yo[i]);
  }
  OUT("};\n");
  free(xo);
  free(yo);
  OUT(I2 "int64_t b;\n");
  OUT(I2 "for (b = 0; b < ");
  put_i64(&c->body, batch);
  OUT("; b++) {\n");
  OUT(I2 "  rc = msrt_matmul(%s, %d, %d, 1, ", dt_enum[dt], ta, tb);
  put_i64(&c->body, m);
  OUT(", ");
  put_i64(&c->body, n);
  OUT(", ");
  put_i64(&c->body, k);
  OUT(",\n" I2 "                   (const unsigned char *)%s + (size_t)xo[b], 0,\n", vexpr(c, x->iv[0]));
  OUT(I2 "                   (const unsigned char *)%s + (size_t)yo[b], 0,\n", vexpr(c, x->iv[1]));
  OUT(I2 "                   (unsigned char *)%s + (size_t)(b * ", wexpr(c, x->ov));
  put_i64(&c->body, m * n * es);
  OUT("), %s);\n", wexpr(c, ws));
  rc_check(c, I2 "  ");
  OUT(I2 "}\n");
  OUT(I1 "}\n");
  return true;
}

static bool emit_biasadd(Cg *c, Args *x) {
  const Shp *xs = &x->it[0];
  if (!need(c, x->n, xs->ndim >= 2 && x->it[1].ndim == 1 && x->it[1].shape[0] == xs->shape[1],
            "bias shape does not match the channel dimension"))
    return false;
  if (nelem(&x->ot) == 0) return true;
  int64_t st[MSRT_MAX_NDIM], bs[MSRT_MAX_NDIM] = {0};
  contig_strides(xs->ndim, xs->shape, st);
  bs[1] = 1;
  OUT(I1 "{\n");
  put_i64_array(&c->body, I2, "shape", xs->ndim, xs->shape);
  put_i64_array(&c->body, I2, "xs", xs->ndim, st);
  put_i64_array(&c->body, I2, "bs", xs->ndim, bs);
  c->use_rc = true;
  OUT(I2 "rc = msrt_binary(MSRT_ADD, %s, %d, shape, %s, xs, %s, bs, %s, xs);\n", dt_enum[xs->dt], xs->ndim,
      vexpr(c, x->iv[0]), vexpr(c, x->iv[1]), wexpr(c, x->ov));
  rc_check(c, I2);
  OUT(I1 "}\n");
  return true;
}

/* Reshape, ExpandDims, Squeeze, Flatten, Identity: a contiguous copy. */
static bool emit_copy(Cg *c, Args *x) {
  if (!need(c, x->n, nelem(&x->it[0]) == nelem(&x->ot) && x->it[0].dt == x->ot.dt,
            "the result type does not match the operand's size and dtype"))
    return false;
  emit_memcpy(c, I1, x->ov, 0, x->iv[0], 0, nbytes(&x->ot));
  return true;
}

static bool emit_transpose(Cg *c, Args *x) {
  const Shp *xs = &x->it[0];
  int64_t perm[MSRT_MAX_NDIM];
  if (!x->a.has_axis) {
    for (int i = 0; i < xs->ndim; i++) perm[i] = xs->ndim - 1 - i;
  } else {
    if (!need(c, x->n, x->a.naxis == xs->ndim, "perm does not match the input's axes")) return false;
    uint32_t seen = 0;
    for (int i = 0; i < xs->ndim; i++) {
      int64_t p = x->a.axis[i];
      if (p < -xs->ndim || p >= xs->ndim || (seen & (1u << (p < 0 ? p + xs->ndim : p))))
        return cg_fail(c, x->n, "perm is not a permutation");
      perm[i] = p < 0 ? p + xs->ndim : p;
      seen |= 1u << perm[i];
    }
  }
  bool ok = x->ot.ndim == xs->ndim;
  for (int i = 0; ok && i < xs->ndim; i++) ok = x->ot.shape[i] == xs->shape[perm[i]];
  if (!need(c, x->n, ok, "the result type does not match the permutation")) return false;
  if (nelem(&x->ot) == 0) return true;
  if (xs->ndim == 0) {
    emit_memcpy(c, I1, x->ov, 0, x->iv[0], 0, (int64_t)esize(xs->dt));
    return true;
  }
  emit_permute(c, I1, xs->dt, xs->ndim, xs->shape, perm, x->iv[0], x->ov);
  return true;
}

static bool emit_broadcast_to(Cg *c, Args *x) {
  const Shp *o = &x->ot, *xs = &x->it[0];
  bool ok = o->ndim >= xs->ndim;
  for (int i = 0; ok && i < xs->ndim; i++) {
    int64_t d = xs->shape[i], od = o->shape[o->ndim - xs->ndim + i];
    ok = d == od || d == 1;
  }
  if (!need(c, x->n, ok, "the result type is not a broadcast of the operand")) return false;
  if (nelem(o) == 0) return true;
  if (o->ndim == 0) {
    emit_memcpy(c, I1, x->ov, 0, x->iv[0], 0, (int64_t)esize(o->dt));
    return true;
  }
  int64_t st[MSRT_MAX_NDIM];
  bcast_strides(xs->ndim, xs->shape, o->ndim, o->shape, st);
  OUT(I1 "{\n");
  put_i64_array(&c->body, I2, "shape", o->ndim, o->shape);
  put_i64_array(&c->body, I2, "st", o->ndim, st);
  c->use_rc = true;
  OUT(I2 "rc = msrt_copy_strided(%s, %d, shape, %s, st, %s);\n", dt_enum[o->dt], o->ndim,
      vexpr(c, x->iv[0]), wexpr(c, x->ov));
  rc_check(c, I2);
  OUT(I1 "}\n");
  return true;
}

/* Concat and Stack: per row (the dims before the axis), each input's
 * chunk in turn. */
static bool emit_concat(Cg *c, Args *x) {
  const Shp *o = &x->ot;
  int64_t ax = x->a.has_axis ? x->a.axis[0] : 0;
  if (ax < 0) ax += o->ndim;
  if (!need(c, x->n, ax >= 0 && ax < o->ndim, "axis out of bounds")) return false;
  int64_t es = (int64_t)esize(o->dt), total = 0;
  for (int j = 0; j < x->nin; j++) {
    total += nelem(&x->it[j]);
    if (!need(c, x->n, x->it[j].dt == o->dt, "operands of different dtypes")) return false;
  }
  if (!need(c, x->n, total == nelem(o), "the result type does not match the operands")) return false;
  int64_t rows = 1;
  for (int i = 0; i < ax; i++) rows *= o->shape[i];
  int64_t orow = nelem(o) / (rows ? rows : 1);
  if (nelem(o) == 0) return true;
  int64_t off = 0;
  for (int j = 0; j < x->nin; j++) {
    int64_t chunk = rows ? nelem(&x->it[j]) / rows : 0;
    if (chunk == 0) continue;
    if (rows == 1) {
      emit_memcpy(c, I1, x->ov, off * es, x->iv[j], 0, chunk * es);
    } else {
      c->use_string = true;
      OUT(I1 "{\n" I2 "int64_t r;\n" I2 "for (r = 0; r < ");
      put_i64(&c->body, rows);
      OUT("; r++)\n" I2 "  memcpy((unsigned char *)%s + (size_t)(r * ", wexpr(c, x->ov));
      put_i64(&c->body, orow * es);
      OUT(" + ");
      put_i64(&c->body, off * es);
      OUT("),\n" I2 "         (const unsigned char *)%s + (size_t)(r * ", vexpr(c, x->iv[j]));
      put_i64(&c->body, chunk * es);
      OUT("), ");
      put_size(&c->body, chunk * es);
      OUT(");\n" I1 "}\n");
    }
    off += chunk;
  }
  return true;
}

static bool emit_cast(Cg *c, Args *x) {
  int64_t n = nelem(&x->ot);
  if (!need(c, x->n, n == nelem(&x->it[0]), "the result type does not match the operand")) return false;
  if (n == 0) return true;
  c->use_rc = true;
  OUT(I1 "rc = msrt_cast(%s, %s, ", dt_enum[x->it[0].dt], dt_enum[x->ot.dt]);
  put_i64(&c->body, n);
  OUT(", %s, %s);\n", vexpr(c, x->iv[0]), wexpr(c, x->ov));
  rc_check(c, I1);
  return true;
}

static int64_t slice_count(int64_t start, int64_t stop, int64_t step) {
  if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
  return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

static bool emit_strided_slice(Cg *c, Args *x) {
  const Shp *xs = &x->it[0];
  const Attrs *a = &x->a;
  if (!need(c, x->n, a->has_slice && a->nslice == xs->ndim, "begin/end/strides need one entry per input dim"))
    return false;
  int64_t cs[MSRT_MAX_NDIM], shp[MSRT_MAX_NDIM], st[MSRT_MAX_NDIM], off = 0;
  contig_strides(xs->ndim, xs->shape, cs);
  int nd = 0;
  for (int d = 0; d < xs->ndim; d++) {
    if (!need(c, x->n, a->strides[d] != 0, "a zero stride")) return false;
    off += a->begin[d] * cs[d];
    if (a->shrink_mask & (1u << d)) continue;
    shp[nd] = slice_count(a->begin[d], a->end[d], a->strides[d]);
    st[nd++] = a->strides[d] * cs[d];
  }
  int64_t cnt = size_of(nd, shp);
  if (!need(c, x->n, cnt == nelem(&x->ot), "the result type does not match the slice")) return false;
  if (cnt == 0) return true;
  for (int d = 0; d < xs->ndim; d++) /* every element read is inside x */
    if (!need(c, x->n, a->begin[d] >= 0 && a->begin[d] < xs->shape[d], "begin out of bounds")) return false;
  int64_t es = (int64_t)esize(xs->dt);
  if (nd == 0) {
    emit_memcpy(c, I1, x->ov, 0, x->iv[0], off * es, es);
    return true;
  }
  OUT(I1 "{\n");
  put_i64_array(&c->body, I2, "shape", nd, shp);
  put_i64_array(&c->body, I2, "st", nd, st);
  c->use_rc = true;
  OUT(I2 "rc = msrt_copy_strided(%s, %d, shape, %s, st, %s);\n", dt_enum[xs->dt], nd,
      vexpr_off(c, x->iv[0], off * es, false), wexpr(c, x->ov));
  rc_check(c, I2);
  OUT(I1 "}\n");
  return true;
}

static bool emit_fill_op(Cg *c, Args *x) {
  int op = x->n->op;
  int64_t n = nelem(&x->ot);
  if (op == OP_OnesLike || op == OP_ZerosLike)
    if (!need(c, x->n, nelem(&x->it[0]) == n, "the result type does not match the operand")) return false;
  if (n == 0) return true;
  unsigned char bits[8];
  bool ok;
  if (op == OP_Ones || op == OP_OnesLike) ok = value_bits(c, x->n, x->ot.dt, true, 1, 0, bits);
  else if (op == OP_Zeros || op == OP_ZerosLike) ok = value_bits(c, x->n, x->ot.dt, true, 0, 0, bits);
  else ok = value_bits(c, x->n, x->ot.dt, x->a.value_is_int, x->a.ivalue, x->a.value, bits);
  if (!ok) return false;
  emit_fill(c, I1, x->ov, x->ot.dt, n, bits);
  return true;
}

/* Range, LinSpace: the values as kern_range computes them, as a constant. */
static bool emit_range(Cg *c, Args *x) {
  const Attrs *a = &x->a;
  int64_t n = nelem(&x->ot);
  if (!need(c, x->n, x->ot.ndim == 1, "the result must be 1-D")) return false;
  if (x->n->op == OP_LinSpace && !need(c, x->n, a->num == n, "the result length is not num")) return false;
  if (n == 0) return true;
  msrt_dtype dt = x->ot.dt;
  void *vals = xmalloc((size_t)n * esize(dt));
  if (x->n->op == OP_Range && a->value_is_int && !ir_dtype_is_float(dt)) {
    int64_t *iv = xmalloc(sizeof(int64_t) * (size_t)n);
    for (int64_t i = 0; i < n; i++) /* wraps as the int64 arithmetic of the kernel */
      iv[i] = (int64_t)((uint64_t)a->istart + (uint64_t)i * (uint64_t)a->idelta);
    msrt_cast(MSRT_INT64, dt, n, iv, vals);
    free(iv);
  } else {
    double *tmp = xmalloc(sizeof(double) * (size_t)n);
    if (x->n->op == OP_Range) msrt_arange_f64(a->start, a->delta, n, tmp);
    else msrt_linspace_f64(a->start, a->limit, n, tmp);
    bool bad = false;
    for (int64_t i = 0; i < n; i++) bad = bad || !isfinite(tmp[i]);
    if (bad && !ir_dtype_is_float(dt) && dt != MSRT_BOOL) {
      free(tmp);
      free(vals);
      return cg_fail(c, x->n, "a non-finite value cannot be converted to %s", msrt_dtype_name(dt));
    }
    msrt_cast(MSRT_FLOAT64, dt, n, tmp, vals);
    free(tmp);
  }
  OUT(I1 "{\n");
  put_array(c, &c->body, I2, "v", dt, vals, n);
  free(vals);
  c->use_string = true;
  OUT(I2 "memcpy(%s, v, sizeof v);\n", wexpr(c, x->ov));
  OUT(I1 "}\n");
  return true;
}

/* The emission rules of the issue-5 op families, part of this file
 * (textually included, to share its static helpers). */
#include "emit_index.c.inc"
#include "emit_nn.c.inc"
#include "emit_fuse.c.inc"

/* The table-driven families share one rule (ops.def's group column); the
 * OWN ops have their own. */
static const EmitFn family_emit[] = {
    [OPG_BINARY] = emit_binary, [OPG_DIV] = emit_binary, [OPG_BITWISE] = emit_binary,
    [OPG_COMPARE] = emit_binary, [OPG_UNARY] = emit_unary, [OPG_UNARY_F] = emit_unary,
    [OPG_UNARY_B] = emit_unary, [OPG_REDUCE] = emit_reduce,
};

static const EmitFn own_emit[OP_COUNT] = {
    [OP_MatMul] = emit_matmul, [OP_BatchMatMul] = emit_matmul, [OP_MatMulExt] = emit_matmul,
    [OP_BiasAdd] = emit_biasadd, [OP_Softmax] = emit_softmax, [OP_LogSoftmax] = emit_softmax,
    [OP_Reshape] = emit_copy, [OP_Transpose] = emit_transpose, [OP_ExpandDims] = emit_copy,
    [OP_Squeeze] = emit_copy, [OP_Flatten] = emit_copy, [OP_BroadcastTo] = emit_broadcast_to,
    [OP_Concat] = emit_concat, [OP_Stack] = emit_concat, [OP_Cast] = emit_cast, [OP_Identity] = emit_copy,
    [OP_StridedSlice] = emit_strided_slice, [OP_Fill] = emit_fill_op, [OP_Ones] = emit_fill_op,
    [OP_Zeros] = emit_fill_op, [OP_OnesLike] = emit_fill_op, [OP_ZerosLike] = emit_fill_op,
    [OP_Range] = emit_range, [OP_LinSpace] = emit_range, [OP_Tile] = emit_tile, [OP_Select] = emit_select,
    [OP_OneHot] = emit_one_hot, [OP_Gather] = emit_gather, [OP_GatherD] = emit_gather_d,
    [OP_GatherNd] = emit_gather_nd, [OP_TensorScatterUpdate] = emit_scatter,
    [OP_TensorScatterAdd] = emit_scatter, [OP_CumSum] = emit_cumulative, [OP_CumProd] = emit_cumulative,
    [OP_ArgSort] = emit_argsort, [OP_Conv2D] = emit_conv2d, [OP_MaxPool] = emit_pool,
    [OP_AvgPool] = emit_pool, [OP_BatchNorm] = emit_batchnorm, [OP_LayerNorm] = emit_layernorm,
    [OP_StopGradient] = emit_copy, [OP_Conv2DBackpropInput] = emit_conv2d_grad,
    [OP_Conv2DBackpropFilter] = emit_conv2d_grad, [OP_MaxPoolGrad] = emit_pool_grad,
    [OP_AvgPoolGrad] = emit_pool_grad,
};

static EmitFn emit_rule(int op) {
  if (op < 0 || op >= OP_COUNT) return NULL;
  OpGroup g = op_info[op].group;
  return g == OPG_OWN ? own_emit[op] : family_emit[g];
}

char *cg_entry_name(const char *graph) {
  size_t n = strlen(graph);
  char *r = xmalloc(n + 5);
  memcpy(r, "msc_", 4);
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)graph[i];
    r[4 + i] = (char)(ch < 0x80 && (isalnum(ch) || ch == '_') ? ch : '_');
  }
  r[4 + n] = 0;
  return r;
}

bool cg_emit_rule_exists(int op) { return emit_rule(op) != NULL; }

/* ---- the graph ------------------------------------------------------------ */

/* The data operands of primitive n: its operands resolved, a tuple operand
 * of a variadic op expanded (malloc'd; count in *nin). */
static IrNode **prim_operands(Cg *c, IrNode *n, int *nin) {
  int cnt = 0;
  for (int i = 0; i < n->nin; i++) {
    IrNode *r = resolve(c, n->in[i]);
    if (r->type->kind == IR_T_TUPLE && r->kind == IR_NK_NODE && r->op == IR_MAKE_TUPLE) cnt += r->nin;
    else cnt++;
  }
  IrNode **v = xmalloc(sizeof(IrNode *) * (size_t)(cnt ? cnt : 1));
  int k = 0;
  for (int i = 0; i < n->nin; i++) {
    IrNode *r = resolve(c, n->in[i]);
    if (r->type->kind == IR_T_TUPLE && r->kind == IR_NK_NODE && r->op == IR_MAKE_TUPLE)
      for (int j = 0; j < r->nin; j++) v[k++] = resolve(c, r->in[j]);
    else v[k++] = r;
  }
  *nin = cnt;
  return v;
}

static bool in_graph(Cg *c, const IrNode *x) { return x->kind == IR_NK_NODE && x->owner == c->g; }

/* Node n reads value x (resolved): x stays live until n's index, and so
 * does what a view aliases (transitively). */
static void use(Cg *c, IrNode *x, int at) {
  const_use(c, x);
  for (int guard = 0; guard < 1000000 && x && in_graph(c, x); guard++) {
    if (c->last[x->id] < at) c->last[x->id] = at;
    x = c->viewbase[x->id];
  }
}

/* The value whose storage x's data is: x, or what a view aliases. */
static IrNode *storage_of(Cg *c, IrNode *x) {
  for (int guard = 0; guard < 1000000 && in_graph(c, x) && c->viewbase[x->id]; guard++)
    x = c->viewbase[x->id];
  return x;
}

static bool is_view_op(int op) { return op < OP_COUNT && op_has(op, OPP_VIEW); }

static bool same_shape(const Shp *a, const Shp *b) {
  return a->ndim == b->ndim && memcmp(a->shape, b->shape, sizeof(int64_t) * (size_t)a->ndim) == 0;
}

/* A Fusion whose subgraph is elementwise only (fuse-elementwise's kind:
 * FUSE ops). */
static bool fusion_elementwise(const IrNode *n) {
  const IrGraph *sg = n->sub[0];
  if (!sg) return false;
  for (int i = 0; i < sg->nnode; i++)
    if (!op_has(sg->nodes[i]->op, OPP_FUSE)) return false;
  return true;
}

/* May operand j of n (result type ot) share its storage with the result?
 * The kernels here read element i of such an operand before they write
 * element i of the result, so an operand of exactly the result's shape
 * qualifies when its dtype has the same element size (the same dtype but
 * for Cast). Round of an integer is a memcpy: not in place. */
static bool inplace_kernel(Cg *c, const IrNode *n, int j, const Shp *it, const Shp *ot) {
  (void)c;
  (void)j;
  if (!same_shape(it, ot)) return false;
  if (n->op == IR_FUSION) {
#ifdef EMIT_FUSE_INPLACE
    return it->dt == ot->dt && fusion_elementwise(n);
#else
    (void)fusion_elementwise;
    return false;
#endif
  }
  /* ops.def INPL: an operand of the result's exact shape and element size;
   * Round of an integer is a memcpy (not in place) */
  if (!op_has(n->op, OPP_INPL) || esize(it->dt) != esize(ot->dt)) return false;
  if (n->op == OP_Round && !ir_dtype_is_float(ot->dt)) return false;
  return n->op == OP_Cast || it->dt == ot->dt;
}

/* The plan entry of the workspace buffer node n (index i, result type ot)
 * may write its result into, or -1: an operand's storage that is a
 * workspace value of the same size dying at this node, that no other
 * operand reads with other strides. */
static int inplace_operand(Cg *c, IrNode *n, int i, const Shp *ot) {
  if (n->op >= OP_COUNT && n->op != IR_FUSION) return -1;
  int k, r = -1;
  IrNode **ops = prim_operands(c, n, &k);
  for (int j = 0; j < k && r < 0; j++) {
    Shp it;
    if (!shp_of(ops[j], &it) || !inplace_kernel(c, n, j, &it, ot)) continue;
    IrNode *st = storage_of(c, ops[j]);
    if (!in_graph(c, st) || c->bufidx[st->id] < 0 || c->last[st->id] != i) continue;
    const MemBuf *b = &c->plan.bufs[c->bufidx[st->id]];
    if (b->kind != MB_VALUE || b->size != nbytes(ot)) continue;
    bool ok = true;
    for (int m = 0; m < k && ok; m++) {
      Shp mt;
      if (m != j && storage_of(c, ops[m]) == st) ok = shp_of(ops[m], &mt) && same_shape(&mt, ot);
    }
    if (ok) r = c->bufidx[st->id];
  }
  free(ops);
  return r;
}

static bool is_data(const IrNode *x) {
  return x->type && (x->type->kind == IR_T_TENSOR || x->type->kind == IR_T_SCALAR ||
                     x->type->kind == IR_T_REF);
}

/* Does node n produce a buffer of its own? */
static bool produces(Cg *c, const IrNode *n) {
  return (n->op < OP_COUNT) || n->op == IR_FUSION || (n->op == IR_LOAD && c->snap[n->id]);
}

static void comment(Cg *c, const IrNode *n, int i, const char *note) {
  const char *name = n->op < OP_COUNT ? op_info[n->op].name : ir_op_name(n->op);
  OUT(I1 "/* %%%d = %s", i, name);
  if (n->loc.file) {
    OUT("  ");
    put_comment_text(&c->body, n->loc.file);
    OUT(":%d:%d", n->loc.line, n->loc.col);
  }
  if (note) OUT("  (%s)", note);
  OUT(" */\n");
}

static bool emit_print(Cg *c, IrNode *n) {
  for (int i = 0; i < n->nin; i++) {
    IrNode *o = n->in[i];
    IrNode *r = resolve(c, o);
    if (r->kind == IR_NK_CONST && r->cst.kind == IR_C_STR) {
      const char *s = r->cst.s ? r->cst.s : "";
      Buf t = {0};
      buf_puts(&t, s);
      buf_putc(&t, '\n');
      OUT(I1 "msrt_write(");
      put_cstr(&c->body, t.data, t.len);
      OUT(", %zu);\n", t.len);
      buf_free(&t);
      continue;
    }
    Shp s;
    if (!shp_of(r, &s) || r->type->kind == IR_T_SCALAR)
      return cg_fail(c, n, "operand %d: Print takes tensors and strings", i + 1);
    const char *pname = NULL;
    if (o->kind == IR_NK_NODE && o->op == IR_LOAD && o->in[0]->kind == IR_NK_PARAM && o->in[0]->is_parameter)
      pname = o->in[0]->name;
    OUT(I1 "{\n");
    if (s.ndim) put_i64_array(&c->body, I2, "shape", s.ndim, s.shape);
    c->use_rc = true;
    OUT(I2 "rc = msrt_print_graph(NULL, NULL, %s, %s, %s, %d, NULL, ", dt_enum[s.dt], vexpr(c, val_of(c, r)),
        s.ndim ? "shape" : "NULL", s.ndim);
    if (pname) put_cstr(&c->body, pname, strlen(pname));
    else OUT("NULL");
    OUT(");\n");
    rc_check(c, I2);
    OUT(I2 "msrt_write(\"\\n\", 1);\n");
    OUT(I1 "}\n");
  }
  return true;
}

/* Is n elementwise (each result element depends on the operand elements
 * of the same index only, for operands of n's shape)? An EW primitive, or
 * a Fusion of FUSE ops. */
static bool elementwise_node(const IrNode *n) {
  if (n->op == IR_FUSION) return n->sub[0] && fusion_elementwise(n);
  return op_has(n->op, OPP_EW);
}

/* Assign(p, v) where v is computed by this graph only to be stored: v is
 * written straight into p's buffer (no arena buffer, no copy), when that
 * is safe: v is used by nothing else; no read of p's current value runs
 * between v and the Assign; and v reads p only elementwise (same shape,
 * same index) or not at all. Needs snap[] (reads after an Assign are
 * fresh Loads, or snapshots). */
static void plan_param_outputs(Cg *c) {
  IrGraph *g = c->g;
  int nn = g->nnode;
  for (int a = 0; a < nn; a++) {
    IrNode *as = g->nodes[a];
    if (as->op != IR_ASSIGN) continue;
    IrNode *p = as->in[0], *v = as->in[1];
    if (v->kind != IR_NK_NODE || v->owner != g || (v->op >= OP_COUNT && v->op != IR_FUSION)) continue;
    if (!ir_type_eq(ir_type_deref(g->mod, p->type), v->type)) continue;
    int k = v->id, uses = 0;
    bool ok = k >= 0 && k < a && g->nodes[k] == v && c->outslot[k] < 0;
    for (int j = 0; ok && j < nn; j++) {
      IrNode *u = g->nodes[j];
      for (int q = 0; q < u->nin; q++) {
        IrNode *x = u->in[q];
        if (x == v) uses++;
        /* a current-value read of p (a non-snapshot Load of it) */
        if (j > k && j < a && x->kind == IR_NK_NODE && x->op == IR_LOAD && x->in[0] == p && !c->snap[x->id])
          ok = false;
        if (j == k && x->kind == IR_NK_NODE && x->op == IR_LOAD && x->in[0] == p && !c->snap[x->id] &&
            !(elementwise_node(v) && ir_type_eq(x->type, v->type)))
          ok = false;
      }
    }
    for (int q = 0; q < c->nout; q++)
      if (c->outs[q] == v) ok = false;
    if (ok && uses == 1) c->paramout[k] = p->id;
  }
}

static void cg_free_state(Cg *c) {
  free(c->nv);
  free(c->last);
  free(c->outslot);
  free(c->snap);
  free(c->paramout);
  free(c->assigned);
  free(c->cst);
  free(c->cstv);
  free(c->bufidx);
  free(c->viewbase);
  memplan_free(&c->plan);
  buf_free(&c->body);
  buf_free(&c->consts);
}

/* One emission pass over the nodes (run() makes two: memplan.h). */
static bool emit_nodes(Cg *c) {
  IrGraph *g = c->g;
  int nn = g->nnode;
  c->nreq = 0;
  buf_free(&c->body);
  for (int i = 0; i < nn; i++) {
    c->bufidx[i] = -1;
    c->nv[i] = (Val){VK_EMPTY, 0, 0};
  }
  for (int i = 0; i < nn; i++) {
    IrNode *n = g->nodes[i];
    c->cur = i;
    if (n->op == IR_MAKE_TUPLE || n->op == IR_TUPLE_GET) {
      comment(c, n, i, "resolved at compile time");
      continue;
    }
    if (n->op == IR_LOAD && !c->snap[i]) {
      comment(c, n, i, "the Parameter's data");
      continue;
    }
    if (n->op == IR_PRINT) {
      comment(c, n, i, NULL);
      if (!emit_print(c, n)) return false;
      continue;
    }
    if (n->op == IR_ASSIGN) {
      comment(c, n, i, NULL);
      IrNode *v = resolve(c, n->in[1]);
      if (v != n->in[0] && !(v->kind == IR_NK_NODE && v->owner == g && c->paramout[v->id] == n->in[0]->id)) {
        Shp s;
        shp_of(v, &s);
        emit_memcpy(c, I1, val_of(c, n->in[0]), 0, val_of(c, v), 0, nbytes(&s));
      }
      continue;
    }
    /* a node with a buffer of its own, or a view */
    Shp ot;
    if (!shp_of(n, &ot)) return cg_fail(c, n, "the result is not a tensor");
    int last = c->last[i] > i ? c->last[i] : i;
    if (c->viewbase[i]) {
      IrNode *st = storage_of(c, c->viewbase[i]);
      int base = in_graph(c, st) ? c->bufidx[st->id] : -1;
      ws_request(c, MB_VIEW, n, 0, i, last, base, &c->bufidx[i]);
      if (c->failed) return false;
      c->nv[i] = val_of(c, c->viewbase[i]);
      comment(c, n, i, "a view of its operand: no copy");
      continue;
    }
    Val ov = {VK_EMPTY, 0, 0};
    const char *note = NULL;
    if (nelem(&ot) > 0) {
      if (c->outslot[i] >= 0) {
        ov.kind = VK_ARG;
        ov.idx = c->out_base + c->outslot[i];
        note = "into an output";
      } else if (c->paramout[i] >= 0) {
        ov.kind = VK_ARG;
        ov.idx = c->paramout[i];
        note = "into the Parameter it updates";
      } else {
        int ip = inplace_operand(c, n, i, &ot);
        ov.kind = VK_WS;
        ov.off = ws_request(c, MB_VALUE, n, nbytes(&ot), i, last, ip, &c->bufidx[i]);
        if (c->failed) return false;
        if (c->pass == 2 && c->plan.bufs[c->bufidx[i]].inplace_of >= 0) note = "in place";
      }
    }
    c->nv[i] = ov;
    comment(c, n, i, note);
    if (n->op == IR_LOAD) { /* a copy: the graph also assigns the Parameter */
      emit_memcpy(c, I1, ov, 0, val_of(c, n->in[0]), 0, nbytes(&ot));
      continue;
    }
    Args x;
    memset(&x, 0, sizeof x);
    x.n = n;
    x.in = prim_operands(c, n, &x.nin);
    x.it = xcalloc((size_t)x.nin + 1, sizeof(Shp));
    x.iv = xcalloc((size_t)x.nin + 1, sizeof(Val));
    for (int j = 0; j < x.nin; j++) {
      shp_of(x.in[j], &x.it[j]);
      x.iv[j] = val_of(c, x.in[j]);
    }
    /* a scalar operand of a binary op takes the other operand's dtype */
    if (n->op < OP_COUNT && x.nin == 2 && op_group_elementwise(op_info[n->op].group)) {
      for (int j = 0; j < 2; j++)
        if (x.in[j]->type->kind == IR_T_SCALAR && x.in[1 - j]->type->kind == IR_T_TENSOR &&
            x.it[j].dt != x.it[1 - j].dt) {
          free(x.in);
          free(x.it);
          free(x.iv);
          return cg_fail(c, n, "a scalar operand of dtype %s (capture makes it a tensor of %s)",
                         msrt_dtype_name(x.it[j].dt), msrt_dtype_name(x.it[1 - j].dt));
        }
    }
    x.ot = ot;
    x.ov = ov;
    bool ok;
    if (n->op == IR_FUSION) {
      ok = emit_fusion(c, &x);
    } else {
      ir_attrs_decode(n, &x.a);
      ok = emit_rule(n->op)(c, &x);
    }
    free(x.in);
    free(x.it);
    free(x.iv);
    if (!ok || c->failed) return false;
  }
  c->cur = nn;
  /* outputs not computed in place */
  bool any = false;
  for (int k = 0; k < c->nout; k++) {
    IrNode *r = resolve(c, c->outs[k]);
    if (r->kind == IR_NK_NODE && produces(c, r) && c->outslot[r->id] == k) continue;
    Shp s;
    shp_of(r, &s);
    if (nelem(&s) == 0) continue;
    if (!any) OUT(I1 "/* outputs */\n");
    any = true;
    Val dst = {VK_ARG, c->out_base + k, 0};
    emit_memcpy(c, I1, dst, 0, val_of(c, r), 0, nbytes(&s));
  }
  return true;
}

static bool run(Cg *c) {
  IrGraph *g = c->g;
  int nn = g->nnode;
  for (int i = 0; i < g->nparam; i++) {
    g->params[i]->id = i;
    Shp s;
    if (!shp_of(g->params[i], &s))
      return cg_fail(c, NULL, "param %s of @%s is not a tensor: C generation takes tensors only",
                     g->params[i]->name, g->name);
  }
  for (int i = 0; i < nn; i++) g->nodes[i]->id = i;
  c->nv = xcalloc((size_t)nn + 1, sizeof(Val));
  c->last = xmalloc(sizeof(int) * ((size_t)nn + 1));
  c->outslot = xmalloc(sizeof(int) * ((size_t)nn + 1));
  c->snap = xcalloc((size_t)nn + 1, sizeof(bool));
  c->paramout = xmalloc(sizeof(int) * ((size_t)nn + 1));
  c->assigned = xcalloc((size_t)g->nparam + 1, sizeof(bool));
  c->bufidx = xmalloc(sizeof(int) * ((size_t)nn + 1));
  c->viewbase = xcalloc((size_t)nn + 1, sizeof(IrNode *));
  for (int i = 0; i < nn; i++) {
    c->last[i] = -1;
    c->outslot[i] = -1;
    c->paramout[i] = -1;
  }
  /* refusals, and the Parameters some Assign writes */
  for (int i = 0; i < nn; i++) {
    IrNode *n = g->nodes[i];
    if (n->op == IR_IF || n->op == IR_WHILE)
      return cg_fail(c, n, "tensor control flow is not supported by C generation yet");
    if (n->op < OP_COUNT && !emit_rule(n->op)) return cg_fail(c, n, "no C emission rule");
    if (n->op == IR_ASSIGN) {
      IrNode *p = n->in[0];
      if (p->kind != IR_NK_PARAM || p->owner != g) return cg_fail(c, n, "operand 1 is not a Parameter");
      c->assigned[p->id] = true;
    }
  }
  c->nout = ir_outputs(g, &c->outs);
  /* A Load of an assigned Parameter is copied (snapshot) only when some
   * Assign of that Parameter runs between the Load and a later use of its
   * value; a training step reads every weight before it updates any, so
   * its Loads are the Parameters' data themselves. */
  for (int i = 0; i < nn; i++) {
    IrNode *n = g->nodes[i];
    if (!(n->op == IR_LOAD && n->in[0]->kind == IR_NK_PARAM && n->in[0]->owner == g && c->assigned[n->in[0]->id]))
      continue;
    int first_assign = -1, last_use = i;
    bool *alias = xcalloc((size_t)nn + 1, sizeof(bool)); /* the Load and views of it */
    alias[i] = true;
    for (int j = i + 1; j < nn; j++) {
      IrNode *u = g->nodes[j];
      if (first_assign < 0 && u->op == IR_ASSIGN && u->in[0] == n->in[0]) first_assign = j;
      for (int k = 0; k < u->nin; k++) {
        IrNode *x = u->in[k];
        if (!(x->kind == IR_NK_NODE && x->owner == g && alias[x->id])) continue;
        last_use = u->op == IR_MAKE_TUPLE ? nn : j; /* a tuple: conservatively to the end */
        if (u->op < OP_COUNT && is_view_op(u->op)) alias[j] = true;
      }
    }
    for (int k = 0; k < c->nout; k++)
      if (c->outs[k]->kind == IR_NK_NODE && c->outs[k]->owner == g && alias[c->outs[k]->id]) last_use = nn;
    free(alias);
    c->snap[i] = first_assign >= 0 && first_assign < last_use;
  }
  plan_param_outputs(c);
  /* outputs, and those computed in place: a buffer-producing node
   * returned once */
  for (int k = 0; k < c->nout; k++) {
    IrNode *r = resolve(c, c->outs[k]);
    Shp s;
    if (!shp_of(r, &s) || r->type->kind != IR_T_TENSOR)
      return cg_fail(c, NULL, "output %d of @%s is not a tensor", k, g->name);
  }
  for (int k = 0; k < c->nout; k++) {
    IrNode *r = resolve(c, c->outs[k]);
    if (r->kind != IR_NK_NODE || !produces(c, r)) continue;
    int times = 0;
    for (int j = 0; j < c->nout; j++) times += resolve(c, c->outs[j]) == r;
    if (times == 1) c->outslot[r->id] = k;
  }
  /* views: a reinterpreting op of a value of the same size and dtype that
   * is not computed into an output */
  for (int i = 0; i < nn; i++) {
    IrNode *n = g->nodes[i];
    if (n->op >= OP_COUNT || !is_view_op(n->op) || c->outslot[i] >= 0) continue;
    int k;
    IrNode **ops = prim_operands(c, n, &k);
    Shp a, o;
    if (k == 1 && is_data(ops[0]) && shp_of(ops[0], &a) && shp_of(n, &o) && n->type->kind == IR_T_TENSOR &&
        a.dt == o.dt && nelem(&a) == nelem(&o) && nelem(&o) > 0)
      c->viewbase[i] = ops[0];
    free(ops);
  }
  /* uses (liveness) and constants, in node order */
  for (int i = 0; i < nn; i++) {
    IrNode *n = g->nodes[i];
    if (n->op < OP_COUNT || n->op == IR_FUSION) {
      int k;
      IrNode **ops = prim_operands(c, n, &k);
      for (int j = 0; j < k; j++) {
        if (!is_data(ops[j])) {
          free(ops);
          return cg_fail(c, n, "operand %d is not a tensor", j + 1);
        }
        use(c, ops[j], i);
      }
      free(ops);
      if (!n->type || n->type->kind != IR_T_TENSOR) return cg_fail(c, n, "the result is not a tensor");
    } else if (n->op == IR_PRINT) {
      for (int j = 0; j < n->nin; j++) {
        IrNode *r = resolve(c, n->in[j]);
        if (r->type->kind == IR_T_TENSOR) use(c, r, i);
      }
    } else if (n->op == IR_ASSIGN || (n->op == IR_LOAD && c->snap[i])) {
      use(c, resolve(c, n->op == IR_ASSIGN ? n->in[1] : n->in[0]), i);
    } else if (n->op == IR_TUPLE_GET) {
      IrNode *t = n->in[0];
      if (!(t->kind == IR_NK_NODE && t->op == IR_MAKE_TUPLE))
        return cg_fail(c, n, "only a TupleGetItem of a MakeTuple is supported");
    }
  }
  for (int k = 0; k < c->nout; k++) use(c, resolve(c, c->outs[k]), nn);
  c->out_base = g->nparam + c->nptr;

  /* the statements: pass 1 records the buffer requests, the plan places
   * them, pass 2 emits with the planned offsets */
  for (c->pass = 1; c->pass <= 2; c->pass++) {
    if (!emit_nodes(c)) return false;
    if (c->pass == 1) {
      memplan_compute(&c->plan);
    } else if (c->nreq != c->plan.n) {
      return cg_fail(c, NULL, "internal error: %d buffer requests in pass 2, %d in pass 1", c->nreq,
                     c->plan.n);
    }
  }
  return true;
}

bool cg_emit(IrModule *m, const char *fname, const CgOptions *opts, CgResult *out, char *err,
             size_t errcap) {
  memset(out, 0, sizeof *out);
  if (err && errcap) err[0] = 0;
  Cg c;
  memset(&c, 0, sizeof c);
  c.m = m;
  c.g = ir_module_entry(m);
  c.fname = fname;
  c.inline_max = opts && opts->inline_max_elems > 0 ? opts->inline_max_elems : 16;
  c.err = err;
  c.errcap = errcap;
  if (!c.g) {
    cg_fail(&c, NULL, "the module has no graph");
    return false;
  }
  IrGraph *g = c.g;
  if (!run(&c)) {
    if (!c.failed) cg_fail(&c, NULL, "C generation failed");
    free(c.ptr);
    cg_free_state(&c);
    return false;
  }
  int64_t ws = (c.plan.arena + WS_ALIGN - 1) / WS_ALIGN * WS_ALIGN;
  if (opts && opts->memory_report) {
    for (int i = 0; i < g->nparam; i++) {
      Shp s;
      shp_of(g->params[i], &s);
      if (g->params[i]->is_parameter) c.plan.weights += nbytes(&s);
      else c.plan.inputs += nbytes(&s);
    }
    for (int i = 0; i < c.nptr; i++) {
      Shp s;
      shp_of(c.ptr[i], &s);
      c.plan.weights += nbytes(&s);
    }
    for (int k = 0; k < c.nout; k++) {
      Shp s;
      shp_of(resolve(&c, c.outs[k]), &s);
      c.plan.outputs += nbytes(&s);
    }
    memplan_report(opts->memory_report, g, &c.plan);
  }
  Buf b = {0};
  buf_printf(&b, "/* %s: graph @", fname);
  put_comment_text(&b, g->name);
  buf_puts(&b, ", C generated by msc " MSC_VERSION " (codegen/emit.c).\n *\n");
  buf_printf(&b, " * int %s(void *const *args, void *ws);\n", fname);
  for (int i = 0; i < g->nparam; i++) {
    Buf t = {0};
    ir_type_print(&t, g->params[i]->type);
    buf_printf(&b, " *   args[%d]  %s %%", i, g->params[i]->is_parameter ? "Parameter" : "input");
    put_comment_text(&b, g->params[i]->name);
    buf_puts(&b, ": ");
    put_comment_text(&b, t.data);
    buf_puts(&b, "\n");
    buf_free(&t);
  }
  for (int i = 0; i < c.nptr; i++) {
    Buf t = {0};
    ir_type_print(&t, c.ptr[i]->type);
    buf_printf(&b, " *   args[%d]  constant: ", g->nparam + i);
    put_comment_text(&b, t.data);
    buf_puts(&b, "\n");
    buf_free(&t);
  }
  for (int k = 0; k < c.nout; k++) {
    Buf t = {0};
    ir_type_print(&t, resolve(&c, c.outs[k])->type);
    buf_printf(&b, " *   args[%d]  output %d: ", c.out_base + k, k);
    put_comment_text(&b, t.data);
    buf_puts(&b, "\n");
    buf_free(&t);
  }
  buf_printf(&b, " *   ws       %lld bytes of workspace, 64-byte aligned\n", (long long)ws);
  buf_printf(&b, " * Memory plan (passes/memplan.c): arena %lld bytes, lower bound %lld bytes.\n",
             (long long)c.plan.arena, (long long)c.plan.lower_bound);
  buf_puts(&b, " * Returns 0, or the error code of a kernel that refused its arguments.\n"
               " * Not checked here (the eager kernels raise): integer Pow with a\n"
               " * negative exponent. */\n");
  if (c.use_math) buf_puts(&b, "#include <math.h>\n");
  if (c.use_string) buf_puts(&b, "#include <string.h>\n");
  buf_puts(&b, "\n#include \"msrt.h\"\n\n");
  if (c.consts.len) {
    buf_append(&b, c.consts.data, c.consts.len);
    buf_puts(&b, "\n");
  }
  buf_printf(&b, "int %s(void *const *args, void *ws);\n\n", fname);
  buf_printf(&b, "int %s(void *const *args, void *ws) {\n", fname);
  if (c.use_w) buf_puts(&b, "  unsigned char *const W = (unsigned char *)ws;\n");
  if (c.use_rc) buf_puts(&b, "  int rc;\n");
  if (!c.use_args) buf_puts(&b, "  (void)args;\n");
  if (!c.use_w) buf_puts(&b, "  (void)ws;\n");
  /* a constant only a skipped (size-0) node used: keep -Wunused quiet */
  for (int i = 0; i < c.ninline; i++) {
    char name[176];
    snprintf(name, sizeof name, "%s_c%d", c.fname, i);
    size_t nl = strlen(name);
    bool used = false;
    for (const char *p = c.body.data; p && (p = strstr(p, name)) != NULL; p += nl)
      if (!isalnum((unsigned char)p[nl]) && p[nl] != '_') {
        used = true;
        break;
      }
    if (!used) buf_printf(&b, "  (void)%s;\n", name);
  }
  if (c.body.len) buf_append(&b, c.body.data, c.body.len);
  buf_puts(&b, "  return 0;\n}\n");
  out->c = buf_detach(&b);
  out->ws_size = (size_t)ws;
  out->ws_lower_bound = (size_t)c.plan.lower_bound;
  out->nconst = c.nptr;
  out->consts = c.ptr;
  c.ptr = NULL;
  cg_free_state(&c);
  return true;
}

void cg_result_free(CgResult *r) {
  if (!r) return;
  free(r->c);
  free(r->consts);
  memset(r, 0, sizeof *r);
}
