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
 * Memory comes from the plan (passes/memplan.h), computed before a
 * single walk over the nodes: each node's result is where the plan put it
 * (an arg: a param, a Parameter, an output; a constant; the workspace W at
 * a fixed offset; a view's operand's data; in place over a dying
 * operand), and a kernel's scratch is the plan's slot for that node (the
 * rules ask scratch(c, k); sizes come from op_scratch, never from here).
 * The comment above each node's statements says what the plan decided
 * ("a view of its operand: no copy", "in place", "into an output", "into
 * the Parameter it updates"). Outputs not computed in place are copied at
 * the end; a view returned as an output is still copied into it.
 *
 * Structural ops: Load is the Parameter's data pointer itself, or a copy
 * (the plan's snapshot: the graph assigns that Parameter before a later
 * read); Assign copies the value into the Parameter unless the value was
 * computed there; MakeTuple/TupleGetItem are resolved by the plan
 * (memplan_source); Print writes through the runtime's output hook;
 * If/While are refused.
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

/* buf_printf for the emitter's many small writes: a format without %
 * is copied as is; otherwise one vsnprintf into the room already there,
 * and a second only when the text did not fit (buf_printf measures
 * first, every time: two formatting passes per line were half of the
 * emission time of a 2000-node graph). The same text either way. */
/* The decimal digits of v at the end of the 24-byte tmp; returns the first. */
static char *fmt_dec(unsigned long long v, bool neg, char *end) {
  char *p = end;
  do *--p = (char)('0' + v % 10);
  while (v /= 10);
  if (neg) *--p = '-';
  return p;
}

/* outf's common case without vsnprintf, in one pass over the format: a
 * format whose conversions are only %s, %c, %% and %d/%i/%u with no flag,
 * width or precision and an l, ll or z length (what nearly every line of
 * C uses). On any other conversion it takes back what it wrote and
 * returns false; vsnprintf does those. The same text as vsnprintf. */
static bool outf_fast(Buf *b, const char *fmt, va_list ap) {
  size_t len0 = b->len;
  for (const char *f = fmt;;) {
    const char *q = f;
    while (*q && *q != '%') q++;
    buf_reserve(b, (size_t)(q - f) + 24);
    memcpy(b->data + b->len, f, (size_t)(q - f));
    b->len += (size_t)(q - f);
    b->data[b->len] = 0;
    if (!*q) return true;
    int len = 0; /* 1 l, 2 ll, 3 z */
    q++;
    if (*q == 'l') len = q[1] == 'l' ? 2 : 1, q += len;
    else if (*q == 'z') len = 3, q++;
    char tmp[24], *e = tmp + sizeof tmp, *d = e;
    switch (*q) {
    case 's': {
      const char *s = va_arg(ap, const char *);
      buf_puts(b, s ? s : "(null)");
      break;
    }
    case 'c': *--d = (char)va_arg(ap, int); break;
    case '%': *--d = '%'; break;
    case 'u':
      d = fmt_dec(len == 2   ? va_arg(ap, unsigned long long)
                  : len == 1 ? va_arg(ap, unsigned long)
                  : len == 3 ? va_arg(ap, size_t)
                             : va_arg(ap, unsigned),
                  false, e);
      break;
    case 'd':
    case 'i': {
      long long v = len == 2   ? va_arg(ap, long long)
                    : len == 1 ? va_arg(ap, long)
                    : len == 3 ? (long long)va_arg(ap, size_t) /* %zd: ssize_t, the same size */
                               : va_arg(ap, int);
      d = fmt_dec(v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, v < 0, e);
      break;
    }
    default:
      b->len = len0;
      b->data[len0] = 0;
      return false;
    }
    memcpy(b->data + b->len, d, (size_t)(e - d));
    b->len += (size_t)(e - d);
    b->data[b->len] = 0;
    f = q + 1;
  }
}

static void outf(Buf *b, const char *fmt, ...) MSC_PRINTF(2, 3);
static void outf(Buf *b, const char *fmt, ...) {
  va_list ap;
  size_t room;
  int n;
  va_start(ap, fmt);
  bool done = outf_fast(b, fmt, ap);
  va_end(ap);
  if (done) return;
  buf_reserve(b, 256);
  room = b->cap - b->len;
  va_start(ap, fmt);
  n = vsnprintf(b->data + b->len, room, fmt, ap);
  va_end(ap);
  if (n < 0) {
    b->data[b->len] = 0;
    return;
  }
  if ((size_t)n >= room) {
    buf_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
  }
  b->len += (size_t)n;
}

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

/* Where a value's data is, as the C text names it. */
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
  const MemPlan *plan; /* where every value lives (passes/memplan.h) */
  Buf body;            /* the function's statements */
  Buf consts;          /* file-scope static const arrays */
  Buf fnbuf;           /* fn_buf's, kept between functions */
  char *err;
  size_t errcap;
  bool failed;
  int cur;             /* position of the node being emitted */
  bool use_rc, use_w, use_args, use_math, use_string;
  bool use_host;         /* a PyExecute calls msc_host_interpret */
  bool host_calls;       /* CgOptions.host_calls */
  /* a region's subgraph is emitted by a child Cg into a block of its own */
  const char *aname;   /* the args array: "args", or a block's "aN" */
  const char *wname;   /* the arena: "W", or a block's "WN" */
  const char *cprefix; /* constant arrays' prefix: fname, or fname_rN */
  int *nblock;         /* blocks made so far (the root's counter) */
  const bool *skip_out;/* outputs not to copy (a While's kept state) */
  CgResult *res;       /* the root's result (its list of bounded loops) */
  bool loop_codes;     /* CgOptions.loop_codes */
  const int *out_alias;/* per output: the param whose storage it is (a
                          While's state updated in place), or -1 */
  signed char *packed; /* per inline constant: 1 + transpose_b when it is a
                          MatMul weight emitted packed (emit_fuse.c.inc) */
  bool in_block;       /* a region's child Cg: no QuantDense blobs (its
                          constants were named before its scan) */
  bool pack_params;    /* CgOptions.pack_params (the root only) */
  signed char *ppacked;/* per entry param: 1 + transpose_b when the caller
                          passes it packed (emit_fuse.c.inc) */
  int *pslot;          /* per entry param: its packed copy's index, or -1 */
  signed char q8_conv_any; /* q8_any_conv_fast's answer: 0 not asked yet, 1
                              no, 2 yes (emit_quant.c.inc) */
} Cg;

/* Does the plan's target run runtime/mcu.c's float32 kernels? */
static bool cg_mcu(const Cg *c) { return c->plan && c->plan->target.isa == MEM_ISA_MCU; }

/* A static const int32_t array of n values (runtime/mcu.c's geometry). */
static void put_i32_array(Buf *b, const char *indent, const char *name, int n, const int64_t *v) {
  outf(b, "%sstatic const int32_t %s[%d] = {", indent, name, n);
  for (int i = 0; i < n; i++) outf(b, "%s%lld", i ? ", " : "", (long long)v[i]);
  buf_puts(b, "};\n");
}

static MSC_PRINTF(3, 4) bool cg_fail(Cg *c, const IrNode *n, const char *fmt, ...) {
  if (c->failed) return false;
  c->failed = true;
  Buf b = {0};
  if (n && n->loc.file) outf(&b, "%s:%d:%d: ", n->loc.file, n->loc.line, n->loc.col);
  if (n && n->kind == IR_NK_NODE)
    outf(&b, "%s: ", n->op < OP_COUNT ? op_info[n->op].name : ir_op_name(n->op));
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  if (c->err && c->errcap) snprintf(c->err, c->errcap, "%s", b.data ? b.data : "");
  buf_free(&b);
  return false;
}

#define OUT(...) outf(&c->body, __VA_ARGS__)

/* ---- shapes --------------------------------------------------------------- */

typedef MemShape Shp;

/* A value's type as a tensor (scalars are 0-d). */
static bool shp_of(const IrNode *x, Shp *s) { return memplan_shape(x, s); }

/* Element count (frontend/limits.h's checked product; the verifier and
 * the type rules keep every type's shape within it). */
static int64_t size_of(int ndim, const int64_t *shape) {
  int64_t s;
  if (!shape_elems(ndim, shape, &s)) die("emit: a shape past the elements limit reached codegen");
  return s;
}
static int64_t nelem(const Shp *s) { return memplan_nelem(s); }
static size_t esize(msrt_dtype dt) { return msrt_dtype_size(dt); }
static int64_t nbytes(const Shp *s) { return memplan_nbytes(s); }

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
  if (v >= -2147483647 && v <= 2147483647) outf(b, "%lld", (long long)v);
  else if (v == INT64_MIN) buf_puts(b, "(-INT64_C(9223372036854775807) - 1)");
  else outf(b, "INT64_C(%lld)", (long long)v);
}

static void put_size(Buf *b, int64_t v) {
  if (v >= 0 && v <= 2147483647) outf(b, "%lld", (long long)v);
  else outf(b, "(size_t)INT64_C(%lld)", (long long)v);
}

static void put_float(Cg *c, Buf *b, double v, bool f32) {
  if (isnan(v)) {
    c->use_math = true;
    buf_puts(b, signbit(v) ? "-NAN" : "NAN");
  } else if (isinf(v)) {
    c->use_math = true;
    buf_puts(b, v < 0 ? "-INFINITY" : "INFINITY");
  } else {
    outf(b, "%a%s", v, f32 ? "f" : "");
  }
}

/* One element of dtype dt at p as a C literal of dt's C type. */
static void put_elem(Cg *c, Buf *b, msrt_dtype dt, const void *p) {
  switch (dt) {
  case MSRT_BOOL:
  case MSRT_UINT8: outf(b, "%u", (unsigned)*(const uint8_t *)p); break;
  case MSRT_INT8: outf(b, "%d", (int)*(const int8_t *)p); break;
  case MSRT_INT16: outf(b, "%d", (int)*(const int16_t *)p); break;
  case MSRT_UINT16: outf(b, "%u", (unsigned)*(const uint16_t *)p); break;
  case MSRT_FLOAT16: outf(b, "0x%04x", (unsigned)*(const uint16_t *)p); break;
  case MSRT_INT32: {
    int32_t v;
    memcpy(&v, p, 4);
    put_i64(b, v);
    break;
  }
  case MSRT_UINT32: {
    uint32_t v;
    memcpy(&v, p, 4);
    outf(b, "%luu", (unsigned long)v);
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
    outf(b, "UINT64_C(%llu)", (unsigned long long)v);
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
  case MSRT_COMPLEX64: { /* {re, im} */
    float v[2];
    memcpy(v, p, 8);
    buf_puts(b, "{");
    put_float(c, b, (double)v[0], true);
    buf_puts(b, ", ");
    put_float(c, b, (double)v[1], true);
    buf_puts(b, "}");
    break;
  }
  case MSRT_COMPLEX128: {
    double v[2];
    memcpy(v, p, 16);
    buf_puts(b, "{");
    put_float(c, b, v[0], false);
    buf_puts(b, ", ");
    put_float(c, b, v[1], false);
    buf_puts(b, "}");
    break;
  }
  default: buf_puts(b, "0"); break;
  }
}

/* "static const T name[n] = {...};" with the n elements at data (n >= 1;
 * n == 0 gives a one-element dummy). */
static void put_array(Cg *c, Buf *b, const char *indent, const char *name, msrt_dtype dt,
                      const void *data, int64_t n) {
  outf(b, "%sstatic const %s %s[%lld] = {", indent, dt_ctype[dt], name,
             (long long)(n ? n : 1));
  if (n == 0) buf_puts(b, "0");
  size_t es = esize(dt);
  for (int64_t i = 0; i < n; i++) {
    if (i) buf_puts(b, ",");
    if (n > 8 && i % 8 == 0) outf(b, "\n%s    ", indent);
    else if (i) buf_puts(b, " ");
    put_elem(c, b, dt, (const char *)data + (size_t)i * es);
  }
  buf_puts(b, "};\n");
}

static void put_i64_array(Buf *b, const char *indent, const char *name, int n, const int64_t *v) {
  outf(b, "%sstatic const int64_t %s[%d] = {", indent, name, n);
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
    if (ch == '"' || ch == '\\' || ch == '?') outf(b, "\\%c", ch);
    else if (ch == '\n') buf_puts(b, "\\n");
    else if (ch == '\t') buf_puts(b, "\\t");
    else if (ch < 0x20 || ch >= 0x7f) outf(b, "\\%03o", ch);
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

/* The value x stands for (the plan resolves tuples, Loads and Assigns). */
static IrNode *resolve(Cg *c, IrNode *x) { return memplan_source(c->plan, x); }

static bool put_packed_const(Cg *c, const MemConst *k, const char *name);

/* The static const array of an inline constant slot (its first use). */
static void put_const(Cg *c, const MemConst *k) {
  const IrNode *x = k->node;
  Shp s;
  shp_of(x, &s);
  char name[160];
  snprintf(name, sizeof name, "%s_c%d", c->cprefix, k->idx);
  if (x->cst.kind == IR_C_TENSOR) {
    if (!put_packed_const(c, k, name)) put_array(c, &c->consts, "", name, s.dt, x->cst.data, nelem(&s));
    return;
  }
  uint64_t bits = 0; /* a scalar: one element of its dtype */
  if (ir_dtype_is_float(s.dt)) msrt_cast(MSRT_FLOAT64, s.dt, 1, &x->cst.f, &bits);
  else msrt_cast(MSRT_INT64, s.dt, 1, &x->cst.i, &bits);
  put_array(c, &c->consts, "", name, s.dt, &bits, 1);
}

static void packed_scan(Cg *c);
/* packed[] mark of a constant read only through QuantDense blobs */
#define Q8_BLOB 3
static bool q8_packed_node(Cg *c, const IrNode *n, IrNode **in, int nin);

static void put_q8_blobs(Cg *c);

static void put_consts(Cg *c) {
  packed_scan(c);
  for (int i = 0; i < c->plan->nconst; i++)
    if (!c->plan->consts[i].by_ptr && !c->plan->consts[i].dup) put_const(c, &c->plan->consts[i]);
  put_q8_blobs(c);
}

static Val const_val(Cg *c, const MemConst *k) {
  Val v = {k->by_ptr ? VK_ARG : VK_CONST, k->idx, 0};
  if (k->by_ptr) v.idx += c->g->nparam;
  return v;
}

/* The data of x as the plan placed it. */
static Val val_of(Cg *c, IrNode *x) {
  Val v = {VK_EMPTY, 0, 0};
  Shp s;
  if (shp_of(x, &s) && nelem(&s) == 0) return v;
  if (x->kind == IR_NK_PARAM) return (Val){VK_ARG, x->id, 0};
  if (x->kind == IR_NK_CONST) {
    const MemConst *k = memplan_const(c->plan, x);
    return k ? const_val(c, k) : v;
  }
  const MemValue *mv = &c->plan->val[x->id];
  switch (mv->loc) {
  case ML_NONE: break;
  case ML_PARAM: v = (Val){VK_ARG, mv->idx, 0}; break;
  case ML_CONST: v = const_val(c, &c->plan->consts[mv->idx]); break;
  case ML_OUTPUT: v = (Val){VK_ARG, c->plan->out_base + mv->idx, 0}; break;
  case ML_ARENA: v = (Val){VK_WS, 0, mv->off}; break;
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
    snprintf(r, 192, "(%s + %lld)", c->wname, (long long)(v.off + off));
    break;
  case VK_ARG:
    c->use_args = true;
    if (off) snprintf(r, 192, "((%sunsigned char *)%s[%d] + %lld)", cq, c->aname, v.idx, (long long)off);
    else snprintf(r, 192, "%s[%d]", c->aname, v.idx);
    break;
  case VK_CONST:
    if (off) snprintf(r, 192, "((const unsigned char *)%s_c%d + %lld)", c->cprefix, v.idx, (long long)off);
    else snprintf(r, 192, "%s_c%d", c->cprefix, v.idx);
    break;
  }
  return r;
}
static const char *vexpr(Cg *c, Val v) { return vexpr_off(c, v, 0, false); }
static const char *wexpr(Cg *c, Val v) { return vexpr_off(c, v, 0, true); }

/* ---- scratch ------------------------------------------------------------------ */

/* Scratch slot k of the node being emitted (memplan.h MemScratch says
 * what each op's slots are): its planned offset, or nothing (size 0). */
static Val scratch(Cg *c, int k) {
  const MemSlot *sl = memplan_slot(c->plan, c->g->nodes[c->cur], k);
  if (!sl) {
    cg_fail(c, c->g->nodes[c->cur], "internal error: the memory plan has no scratch slot %d", k);
    return (Val){VK_EMPTY, 0, 0};
  }
  return sl->size > 0 ? (Val){VK_WS, 0, sl->off} : (Val){VK_EMPTY, 0, 0};
}

/* ---- emission helpers ----------------------------------------------------- */

static void rc_check(Cg *c, const char *ind) {
  c->use_rc = true;
  OUT("%sif (MSRT_FAILED(rc)) return rc;\n", ind);
}

/* The args index of v's storage (an output aliasing a param: the param). */
static int arg_storage(const Cg *c, Val v) {
  int k = v.idx - c->plan->out_base;
  if (c->out_alias && k >= 0 && k < c->plan->nout && c->out_alias[k] >= 0) return c->out_alias[k];
  return v.idx;
}

static void emit_memcpy(Cg *c, const char *ind, Val dst, int64_t doff, Val src, int64_t soff, int64_t n) {
  if (n <= 0) return;
  if (dst.kind == VK_ARG && src.kind == VK_ARG && dst.off + doff == src.off + soff &&
      arg_storage(c, dst) == arg_storage(c, src))
    return; /* the same bytes (a state updated in place) */
  c->use_string = true;
  outf(&c->body, "%smemcpy(%s, %s, ", ind, vexpr_off(c, dst, doff, true),
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

static bool emit_fusion_elementwise(Cg *c, Args *x, const IrGraph *sub);

/* A float32/float64 elementwise op whose result has its operands' dtype,
 * with a scalar formula (ops.def FUSE), is emitted as its own loop over
 * that formula (emit_fuse.c.inc), as a fused group is: the same function
 * the runtime kernel's loop calls, so the same bits, and the library does
 * not carry msrt_binary's / msrt_unary's kernels of every op and dtype
 * (most of a small library's C compiler time). */
static bool elementwise_loop(const Args *x) {
  msrt_dtype dt = x->ot.dt;
  if (dt != MSRT_FLOAT32 && dt != MSRT_FLOAT64) return false;
  if (!op_has(x->n->op, OPP_FUSE) && x->n->op != OP_BiasAdd) return false;
  for (int i = 0; i < x->nin; i++)
    if (x->it[i].dt != dt) return false;
  return true;
}

static bool emit_binary(Cg *c, Args *x) {
  int op = x->n->op;
  if (elementwise_loop(x)) return emit_fusion_elementwise(c, x, NULL);
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
  if (elementwise_loop(x)) return emit_fusion_elementwise(c, x, NULL);
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

/* A reduction over nothing: the identity (mean of nothing is nan). */
static bool emit_reduce_identity(Cg *c, Args *x, int code) {
  unsigned char bits[8];
  msrt_dtype odt = x->ot.dt;
  bool ok = code == MSRT_RMEAN ? value_bits(c, x->n, odt, false, 0, NAN, bits)
                               : value_bits(c, x->n, odt, true, code == MSRT_RPROD || code == MSRT_RALL ? 1 : 0, 0, bits);
  if (!ok) return false;
  OUT(I1 "/* reduction over an empty axis: the identity */\n");
  emit_fill(c, I1, x->ov, odt, nelem(&x->ot), bits);
  return true;
}

static bool emit_reduce(Cg *c, Args *x) {
  const IrNode *n = x->n;
  const Shp *xt = &x->it[0];
  int code = op_info[n->op].code;
  MemReduce d;
  if (!scratch_reduce_dims(xt, &x->a, &d)) return cg_fail(c, n, "axis %lld is out of bounds", (long long)d.bad_axis);
  int64_t on = nelem(&x->ot);
  if (!need(c, n, d.outer * d.inner == on, "the result type does not match the reduction")) return false;
  if (on == 0) return true;
  if (d.r == 0 && scratch_reduce_identity(code)) return emit_reduce_identity(c, x, code);
  Val src = x->iv[0];
  if (!d.block) {
    OUT(I1 "/* the reduced axes are not contiguous: move them last */\n");
    Val tmp = scratch(c, 0);
    emit_permute(c, I1, xt->dt, xt->ndim, xt->shape, d.perm, src, tmp);
    src = tmp;
  }
  c->use_rc = true;
  OUT(I1 "rc = msrt_reduce(%s, %s, %s, ", reduce_enum[code], dt_enum[xt->dt], dt_enum[x->ot.dt]);
  put_i64(&c->body, d.outer);
  OUT(", ");
  put_i64(&c->body, d.r);
  OUT(", ");
  put_i64(&c->body, d.inner);
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

/* "static const int64_t name[n] = {...};" of n byte offsets. */
static void put_offsets(Cg *c, const char *name, int64_t n, const int64_t *v) {
  outf(&c->body, I2 "static const int64_t %s[%lld] = {", name, (long long)n);
  for (int64_t i = 0; i < n; i++) {
    buf_puts(&c->body, i ? ", " : "");
    put_i64(&c->body, v[i]);
  }
  OUT("};\n");
}

/* The byte offsets of each batch's x and y operands (broadcasting). */
static void matmul_offsets(const Args *x, const MemMatmul *d, int64_t *xo, int64_t *yo) {
  const Shp *xs = &x->it[0], *ys = &x->it[1];
  int nbx = xs->ndim > 2 ? xs->ndim - 2 : 0, nby = ys->ndim > 2 ? ys->ndim - 2 : 0;
  int64_t xst[MSRT_MAX_NDIM], yst[MSRT_MAX_NDIM], idx[MSRT_MAX_NDIM] = {0};
  int64_t es = (int64_t)esize(x->ot.dt);
  bcast_strides(nbx, xs->shape, d->nb, x->ot.shape, xst);
  bcast_strides(nby, ys->shape, d->nb, x->ot.shape, yst);
  for (int64_t bi = 0; bi < d->batch; bi++) {
    int64_t a = 0, b = 0;
    for (int k = 0; k < d->nb; k++) {
      a += idx[k] * xst[k];
      b += idx[k] * yst[k];
    }
    xo[bi] = a * d->m * d->k * es;
    yo[bi] = b * d->k * d->n * es;
    for (int k = d->nb - 1; k >= 0; k--) {
      if (++idx[k] < x->ot.shape[k]) break;
      idx[k] = 0;
    }
  }
}

/* General broadcasting: one product per batch index, the operands'
 * offsets (bytes) from a table. */
static void emit_matmul_table(Cg *c, Args *x, const MemMatmul *d, Val ws) {
  msrt_dtype dt = x->ot.dt;
  int64_t *xo = xmalloc(sizeof(int64_t) * (size_t)d->batch), *yo = xmalloc(sizeof(int64_t) * (size_t)d->batch);
  matmul_offsets(x, d, xo, yo);
  OUT(I1 "{\n");
  OUT(I2 "/* broadcast batch dims: byte offsets of each batch's operands */\n");
  put_offsets(c, "xo", d->batch, xo);
  put_offsets(c, "yo", d->batch, yo);
  free(xo);
  free(yo);
  OUT(I2 "int64_t b;\n" I2 "for (b = 0; b < ");
  put_i64(&c->body, d->batch);
  OUT("; b++) {\n" I2 "  rc = msrt_matmul(%s, %d, %d, 1, ", dt_enum[dt], x->a.transpose_a, x->a.transpose_b);
  put_i64(&c->body, d->m);
  OUT(", ");
  put_i64(&c->body, d->n);
  OUT(", ");
  put_i64(&c->body, d->k);
  OUT(",\n" I2 "                   (const unsigned char *)%s + (size_t)xo[b], 0,\n", vexpr(c, x->iv[0]));
  OUT(I2 "                   (const unsigned char *)%s + (size_t)yo[b], 0,\n", vexpr(c, x->iv[1]));
  OUT(I2 "                   (unsigned char *)%s + (size_t)(b * ", wexpr(c, x->ov));
  put_i64(&c->body, d->m * d->n * (int64_t)esize(dt));
  OUT("), %s);\n", wexpr(c, ws));
  rc_check(c, I2 "  ");
  OUT(I2 "}\n" I1 "}\n");
}

static bool is_packed(const Cg *c, Val v);
static const char *packed_expr(Cg *c, Val v);
static bool mcu_dense(const Cg *c, msrt_dtype dt);

/* One msrt_matmul call; an operand shared by every batch has stride 0. */
static void emit_matmul_call(Cg *c, Args *x, const MemMatmul *d, bool xone, bool yone, Val ws) {
  if (d->batch == 1 && is_packed(c, x->iv[1]) && mcu_dense(c, x->ot.dt)) { /* runtime/mcu.c */
    OUT(I1 "rc = msrt_mcu_dense_f32(%lld, %lld, %lld, (const float *)%s, (const float *)%s, (float *)%s, (const msrt_epilogue *)0);\n", (long long)d->m,
        (long long)d->n, (long long)d->k, vexpr(c, x->iv[0]), vexpr(c, x->iv[1]), wexpr(c, x->ov));
    rc_check(c, I1);
    return;
  }
  if (d->batch == 1 && is_packed(c, x->iv[1])) { /* a weight packed at compile time */
    OUT(I1 "rc = msrt_matmul_packed_ep(%s, %d, ", dt_enum[x->ot.dt], x->a.transpose_a);
    put_i64(&c->body, d->m);
    OUT(", ");
    put_i64(&c->body, d->n);
    OUT(", ");
    put_i64(&c->body, d->k);
    OUT(", %s, %s, %s, (const msrt_epilogue *)0);\n", vexpr(c, x->iv[0]), packed_expr(c, x->iv[1]), wexpr(c, x->ov));
    rc_check(c, I1);
    return;
  }
  if (d->batch == 1 && d->m == 1 && x->ot.dt == MSRT_FLOAT32 && !x->a.transpose_b) {
    /* one row (a recurrent cell's h @ W): runtime/gemv.c, msrt_matmul's bits */
    OUT(I1 "rc = msrt_gemv_f32(%lld, %lld, (const float *)(const void *)%s, (const float *)(const void *)%s, %lld, "
           "(float *)(void *)%s);\n",
        (long long)d->n, (long long)d->k, vexpr(c, x->iv[0]), vexpr(c, x->iv[1]), (long long)d->n, wexpr(c, x->ov));
    rc_check(c, I1);
    return;
  }
  OUT(I1 "rc = msrt_matmul(%s, %d, %d, ", dt_enum[x->ot.dt], x->a.transpose_a, x->a.transpose_b);
  put_i64(&c->body, d->batch);
  OUT(", ");
  put_i64(&c->body, d->m);
  OUT(", ");
  put_i64(&c->body, d->n);
  OUT(", ");
  put_i64(&c->body, d->k);
  OUT(", %s, ", vexpr(c, x->iv[0]));
  put_i64(&c->body, xone ? 0 : d->m * d->k);
  OUT(", %s, ", vexpr(c, x->iv[1]));
  put_i64(&c->body, yone ? 0 : d->k * d->n);
  OUT(", %s, %s);\n", wexpr(c, x->ov), wexpr(c, ws));
  rc_check(c, I1);
}

static bool emit_matmul(Cg *c, Args *x) {
  const Shp *xs = &x->it[0], *ys = &x->it[1];
  MemMatmul d;
  const char *why = scratch_matmul_dims(x->n->op, xs, ys, &x->ot, x->a.transpose_a, x->a.transpose_b,
                                        c->plan ? &c->plan->target : NULL, &d);
  if (why) return cg_fail(c, x->n, "%s", why);
  if (nelem(&x->ot) == 0) return true;
  msrt_dtype dt = x->ot.dt;
  if (!need(c, x->n, xs->dt == dt && ys->dt == dt, "operands of different dtypes")) return false;
  if (d.k == 0) {
    unsigned char zero[8] = {0};
    OUT(I1 "/* k == 0: a zero fill */\n");
    emit_fill(c, I1, x->ov, dt, nelem(&x->ot), zero);
    return true;
  }
  Val ws = scratch(c, 0);
  int nbx = xs->ndim > 2 ? xs->ndim - 2 : 0, nby = ys->ndim > 2 ? ys->ndim - 2 : 0;
  int64_t bx = size_of(nbx, xs->shape), by = size_of(nby, ys->shape);
  bool xone = bx == 1, yone = by == 1;
  bool same = nbx == nby || xone || yone;
  c->use_rc = true;
  if (d.folded) emit_matmul_call(c, x, &d, true, true, ws);
  else if (same && (bx == d.batch || xone) && (by == d.batch || yone)) emit_matmul_call(c, x, &d, xone, yone, ws);
  else emit_matmul_table(c, x, &d, ws);
  return true;
}

static bool emit_biasadd(Cg *c, Args *x) {
  const Shp *xs = &x->it[0];
  if (!need(c, x->n, xs->ndim >= 2 && x->it[1].ndim == 1 && x->it[1].shape[0] == xs->shape[1],
            "bias shape does not match the channel dimension"))
    return false;
  if (nelem(&x->ot) == 0) return true;
  if (elementwise_loop(x)) return emit_fusion_elementwise(c, x, NULL);
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
static bool put_mcu_conv_geo(Cg *c, const IrNode *n, const Shp *xs, const Shp *ws, const Shp *os, const Attrs *a);
static const char *mcu_conv_fn(const Shp *ws, const Attrs *a);
#include "emit_nn.c.inc"
/* An empty buffer for a function's text (c->fnbuf's block, reused: one
 * allocation for all the fused functions, not one growing block each);
 * give it back with c->fnbuf = the buffer. */
static Buf fn_buf(Cg *c) {
  Buf b = c->fnbuf;
  c->fnbuf = (Buf){0};
  b.len = 0;
  if (b.data) b.data[0] = 0;
  return b;
}

#include "emit_fuse.c.inc"
#include "emit_quant.c.inc"

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
    [OP_AvgPoolGrad] = emit_pool_grad, [OP_QuantizeInt8] = emit_quantize, [OP_DequantizeInt8] = emit_quantize,
    [OP_QuantDense] = emit_quant_dense, [OP_QuantConv2D] = emit_quant_conv, [OP_QuantAvgPool] = emit_quant_avgpool,
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

/* Assign(p, v): copies v into p, unless v is p or was computed there. */
static bool emit_assign(Cg *c, IrNode *n) {
  comment(c, n, c->cur, NULL);
  IrNode *v = resolve(c, n->in[1]);
  if (v == n->in[0]) return true;
  if (v->kind == IR_NK_NODE && v->owner == c->g && c->plan->val[v->id].param_out) return true;
  Shp s;
  shp_of(v, &s);
  emit_memcpy(c, I1, val_of(c, n->in[0]), 0, val_of(c, v), 0, nbytes(&s));
  return true;
}

/* What the plan did with a node's result, for its comment. */
static const char *plan_note(const MemValue *v) {
  if (v->view_of) return "a view of its operand: no copy";
  if (v->loc == ML_OUTPUT) return "into an output";
  if (v->loc == ML_PARAM && v->param_out) return "into the Parameter it updates";
  if (v->loc == ML_ARENA && v->inplace_of) return "in place";
  return NULL;
}

/* A scalar operand of a binary op must have the other operand's dtype. */
static bool scalar_dtypes_ok(Cg *c, const Args *x) {
  int op = x->n->op;
  if (op >= OP_COUNT || x->nin != 2 || !op_group_elementwise(op_info[op].group)) return true;
  for (int j = 0; j < 2; j++)
    if (x->in[j]->type->kind == IR_T_SCALAR && x->in[1 - j]->type->kind == IR_T_TENSOR && x->it[j].dt != x->it[1 - j].dt)
      return cg_fail(c, x->n, "a scalar operand of dtype %s (capture makes it a tensor of %s)",
                     msrt_dtype_name(x->it[j].dt), msrt_dtype_name(x->it[1 - j].dt));
  return true;
}

/* The operands and the result of node n (result shape ot), as the
 * plan locates them; args_free releases them. */
static void args_fill(Cg *c, IrNode *n, const Shp *ot, Args *x) {
  memset(x, 0, sizeof *x);
  x->n = n;
  x->in = memplan_operands(c->plan, n, &x->nin);
  x->it = xcalloc((size_t)x->nin + 1, sizeof(Shp));
  x->iv = xcalloc((size_t)x->nin + 1, sizeof(Val));
  for (int j = 0; j < x->nin; j++) {
    shp_of(x->in[j], &x->it[j]);
    x->iv[j] = val_of(c, x->in[j]);
  }
  x->ot = *ot;
  x->ov = val_of(c, n);
}

static void args_free(Args *x) {
  free(x->in);
  free(x->it);
  free(x->iv);
}

/* A primitive or a Fusion, by its rule. */
static bool emit_prim(Cg *c, IrNode *n, const Shp *ot) {
  Args x;
  args_fill(c, n, ot, &x);
  bool ok = scalar_dtypes_ok(c, &x);
  if (ok && n->op == IR_FUSION) {
    ok = emit_fusion(c, &x);
  } else if (ok) {
    ir_attrs_decode(n, &x.a);
    ok = emit_rule(n->op)(c, &x);
  }
  args_free(&x);
  return ok && !c->failed;
}

/* ---- updates: consecutive elementwise Fusions in one loop ------------------
 * An optimizer updates each Parameter with a few elementwise Fusions, each
 * computed into the Parameter it updates (Adam: m, v, then p, which reads
 * the new m and v; Momentum: the accumulator, then p); between them only
 * Loads of Parameters and Assigns that copy nothing. Such a run of Fusions
 * of one shape becomes one loop (emit_update_group, emit_fuse.c.inc): the
 * gradient and each state are read once per element and the new values
 * feed the next update from registers. */

static bool emit_node(Cg *c, IrNode *n, int i);

/* Is node n (position i) an elementwise Fusion computed into the Parameter
 * it updates? */
static bool update_fusion(const Cg *c, const IrNode *n, int i) {
  const MemValue *v = &c->plan->val[i];
  return n->op == IR_FUSION && v->loc == ML_PARAM && v->param_out && !v->view_of && n->sub[0] &&
         fuse_is_elementwise(n->sub[0]) && n->type->kind == IR_T_TENSOR;
}

/* Does node n (position i) emit nothing but its comment: a Load that is
 * the Parameter's data, an Assign that copies nothing? */
static bool silent_node(Cg *c, IrNode *n, int i) {
  if (n->op == IR_LOAD) return !c->plan->val[i].snapshot;
  if (n->op != IR_ASSIGN) return false;
  IrNode *v = resolve(c, n->in[1]);
  return v == n->in[0] || (v->kind == IR_NK_NODE && v->owner == c->g && c->plan->val[v->id].param_out);
}

/* Emits the run of update Fusions starting at position i as one loop
 * when two or more qualify (the silent nodes between them as comments);
 * returns the last position emitted, or i - 1 when there is no such run
 * (nothing emitted). */
static int emit_updates(Cg *c, int i) {
  IrGraph *g = c->g;
  if (!update_fusion(c, g->nodes[i], i)) return i - 1;
  Args *xs = xcalloc((size_t)(g->nnode - i) + 1, sizeof(Args));
  int *pos = xcalloc((size_t)(g->nnode - i) + 1, sizeof(int));
  FuseGroup grp = {0};
  int n = 0;
  for (int j = i; j < g->nnode; j++) {
    IrNode *x = g->nodes[j];
    if (j > i && silent_node(c, x, j)) continue;
    if (!update_fusion(c, x, j) || !ir_type_eq(x->type, g->nodes[i]->type)) break;
    Shp ot;
    shp_of(x, &ot);
    args_fill(c, x, &ot, &xs[n]);
    if (!fuse_group_add(c, &grp, &xs[n])) {
      args_free(&xs[n]);
      break;
    }
    pos[n++] = j;
  }
  int last = i - 1;
  if (n >= 2) {
    for (int j = i; j <= pos[n - 1]; j++) {
      c->cur = j;
      if (g->nodes[j]->op == IR_FUSION) comment(c, g->nodes[j], j, plan_note(&c->plan->val[j]));
      else emit_node(c, g->nodes[j], j);
    }
    last = emit_update_group(c, xs, n, &grp) ? pos[n - 1] : -2;
  }
  for (int k = 0; k < n; k++) args_free(&xs[k]);
  free(xs);
  free(pos);
  fuse_group_free(&grp);
  return last;
}

/* ---- regions ------------------------------------------------------------------ */

static bool emit_nodes(Cg *c);

/* Emits the subgraph that plan sp covers as a C block: its args array
 * (argx: a C pointer expression per param, then per output) and its
 * arena (the region slot at woff bytes of the enclosing arena). The
 * block's statements go straight into the function's text, without the
 * nesting's indentation, so deep nests cost linear time. */
static bool emit_block(Cg *c, const MemPlan *sp, char **argx, int64_t woff, const bool *skip, const int *alias,
                       const char *ind) {
  int id = (*c->nblock)++;
  char an[32], wn[32], cp[200];
  snprintf(an, sizeof an, "a%d", id);
  snprintf(wn, sizeof wn, "W%d", id);
  snprintf(cp, sizeof cp, "%s_r%d", c->fname, id);
  int na = sp->g->nparam + sp->nout;
  OUT("{\n%s  void *%s[%d];\n%s  unsigned char *const %s = %s + %lld;\n", ind, an, na ? na : 1, ind, wn, c->wname,
      (long long)woff);
  for (int i = 0; i < na; i++) OUT("%s  %s[%d] = (void *)%s;\n", ind, an, i, argx[i]);
  OUT("%s  (void)%s;\n%s  (void)%s;\n", ind, an, ind, wn);
  for (int i = 0; i < sp->ninline; i++) OUT("%s  (void)%s_c%d;\n", ind, cp, i);
  Cg k = *c;
  k.g = sp->g;
  k.q8_conv_any = 0; /* its own graph's */
  k.plan = sp;
  k.aname = an;
  k.wname = wn;
  k.cprefix = cp;
  k.skip_out = skip;
  k.out_alias = alias;
  k.use_w = k.use_args = false;
  k.packed = NULL;
  k.ppacked = NULL; /* a block's args are its own, not the entry's params */
  k.pslot = NULL;
  k.pack_params = false;
  k.in_block = true;
  put_consts(&k);
  bool ok = emit_nodes(&k);
  free(k.packed);
  c->body = k.body;
  c->consts = k.consts;
  c->fnbuf = k.fnbuf;
  c->failed = k.failed;
  c->use_rc = k.use_rc;
  c->use_math = k.use_math;
  c->use_string = k.use_string;
  c->use_host = k.use_host;
  c->use_w = true;
  OUT("%s}", ind);
  return ok;
}

static char *expr_of(Cg *c, IrNode *x) { return xstrdup(vexpr(c, val_of(c, resolve(c, x)))); }

/* The C pointer expression of the region value's bytes at off. */
static char *region_ptr(Cg *c, const MemValue *v, int64_t off) {
  if (v->loc != ML_ARENA) return xstrdup("(void *)0");
  return xstrdup(vexpr_off(c, (Val){VK_WS, 0, v->off}, off, true));
}

static void free_strs(char **s, int n) {
  for (int i = 0; i < n; i++) free(s[i]);
  free(s);
}

/* If(c, @then, @else, a...): one block per branch; each writes the If's
 * results into its value buffer. */
static bool emit_if(Cg *c, IrNode *n, const MemValue *v) {
  const MemRegion *r = v->region;
  const MemSlot *sl = memplan_slot(c->plan, n, 0);
  int64_t woff = sl ? sl->off : 0;
  Shp cs;
  shp_of(resolve(c, n->in[0]), &cs);
  OUT(I1 "if (*(const %s *)%s) ", dt_ctype[cs.dt], vexpr(c, val_of(c, resolve(c, n->in[0]))));
  bool ok = true;
  for (int k = 0; k < 2 && ok; k++) {
    const MemPlan *sp = &r->sub[k];
    int np = sp->g->nparam, na = np + sp->nout;
    char **ax = xcalloc((size_t)na + 1, sizeof(char *));
    for (int i = 0; i < np; i++) ax[i] = expr_of(c, n->in[i + 1]);
    for (int i = 0; i < sp->nout; i++) ax[np + i] = region_ptr(c, v, r->res_off[i]);
    if (k == 1) OUT(" else ");
    ok = emit_block(c, sp, ax, woff, NULL, NULL, I1);
    free_strs(ax, na);
  }
  OUT("\n");
  return ok && !c->failed;
}

/* The pointer expression of While state k: its buffer, or the operand
 * (a kept state). */
static char *state_ptr(Cg *c, IrNode *n, const MemValue *v, int k) {
  if (v->region->invariant[k]) return expr_of(c, n->in[k]);
  return region_ptr(c, v, v->region->res_off[k]);
}

static int64_t state_bytes(const IrNode *n, int k) {
  Shp s;
  return shp_of(n->in[k], &s) ? nbytes(&s) : 0;
}

/* While(@cond, @body, s...): the state in the node's value buffer; each
 * iteration runs the cond block, then the body block into the next-state
 * buffers, copied into the state. */
static bool emit_while(Cg *c, IrNode *n, const MemValue *v) {
  const MemRegion *r = v->region;
  const MemSlot *sl = memplan_slot(c->plan, n, 0);
  int64_t woff = sl ? sl->off : 0;
  int ns = n->nin;
  for (int k = 0; k < ns; k++)
    if (!r->invariant[k] && state_bytes(n, k) > 0)
      emit_memcpy(c, I1, (Val){VK_WS, 0, v->off + r->res_off[k]}, 0, val_of(c, resolve(c, n->in[k])), 0,
                  state_bytes(n, k));
  const IrAttr *mx = ir_attr_get(n, "max_iterations");
  char itn[32] = "";
  if (mx) {
    snprintf(itn, sizeof itn, "it%d", (*c->nblock)++);
    OUT(I1 "{\n" I1 "long long %s = 0;\n", itn);
  }
  OUT(I1 "for (;;) {\n");
  char **ax = xcalloc((size_t)ns + 2, sizeof(char *));
  for (int k = 0; k < ns; k++) ax[k] = state_ptr(c, n, v, k);
  ax[ns] = xstrdup(vexpr_off(c, (Val){VK_WS, 0, woff}, r->flag_off, true));
  OUT(I2);
  bool ok = emit_block(c, &r->sub[0], ax, woff, NULL, NULL, I2);
  OUT("\n" I2 "if (!*(const %s *)%s) break;\n", dt_ctype[MSRT_BOOL], ax[ns]);
  if (mx) {
    CgResult *res = c->res;
    int k = res->nloop++;
    res->loops = xrealloc(res->loops, sizeof(CgLoop) * (size_t)res->nloop);
    res->loops[k] = (CgLoop){n->loc, mx->i};
    if (c->loop_codes && k)
      OUT(I2 "if (%s++ >= %lldLL) return MSRT_ELOOP - %d; /* past max_iterations: loop %d */\n", itn,
          (long long)mx->i, k, k);
    else
      OUT(I2 "if (%s++ >= %lldLL) return MSRT_ELOOP; /* past max_iterations */\n", itn, (long long)mx->i);
  }
  free_strs(ax, ns + 1);
  ax = xcalloc((size_t)(2 * ns) + 1, sizeof(char *));
  bool *skip = xcalloc((size_t)ns + 1, sizeof(bool));
  int *alias = xcalloc((size_t)ns + 1, sizeof(int));
  for (int k = 0; k < ns; k++) {
    ax[k] = state_ptr(c, n, v, k);
    skip[k] = r->invariant[k];
    alias[k] = r->inplace[k] ? k : -1;
    ax[ns + k] = skip[k] || r->inplace[k] ? state_ptr(c, n, v, k)
                                          : xstrdup(vexpr_off(c, (Val){VK_WS, 0, woff}, r->next_off[k], true));
  }
  OUT(I2);
  ok = ok && emit_block(c, &r->sub[1], ax, woff, skip, alias, I2);
  free(alias);
  OUT("\n");
  for (int k = 0; k < ns; k++)
    if (!r->invariant[k] && !r->inplace[k] && state_bytes(n, k) > 0)
      emit_memcpy(c, I2, (Val){VK_WS, 0, v->off + r->res_off[k]}, 0, (Val){VK_WS, 0, woff + r->next_off[k]}, 0,
                  state_bytes(n, k));
  OUT(I1 "}\n");
  if (mx) OUT(I1 "}\n");
  free_strs(ax, 2 * ns);
  free(skip);
  return ok && !c->failed;
}

/* PyExecute(v...) {id}: JIT Fallback, the interpreter runs Python call id
 * on the operands' data through the host table (codegen.h MscHost). */
static bool emit_py_execute(Cg *c, IrNode *n) {
  const IrAttr *id = ir_attr_get(n, "id");
  if (!id) return cg_fail(c, n, "PyExecute without its 'id'");
  c->use_host = true;
  OUT(I1 "{\n");
  OUT(I2 "void *const in[%d] = {", n->nin ? n->nin : 1);
  for (int k = 0; k < n->nin; k++) OUT("%s(void *)%s", k ? ", " : "", vexpr(c, val_of(c, resolve(c, n->in[k]))));
  if (!n->nin) OUT("0");
  OUT("};\n");
  c->use_rc = true;
  OUT(I2 "rc = msc_host_interpret(%lldu, in, %s);\n", (long long)id->i, wexpr(c, val_of(c, n)));
  rc_check(c, I2);
  OUT(I1 "}\n");
  return true;
}

static bool emit_node(Cg *c, IrNode *n, int i) {
  const MemValue *v = &c->plan->val[i];
  if (n->op == IR_MAKE_TUPLE || n->op == IR_TUPLE_GET) {
    comment(c, n, i, "resolved at compile time");
    return true;
  }
  if (n->op == IR_LOAD && !v->snapshot) {
    comment(c, n, i, "the Parameter's data");
    return true;
  }
  if (n->op == IR_PRINT) {
    comment(c, n, i, NULL);
    return emit_print(c, n);
  }
  if (n->op == IR_ASSIGN) return emit_assign(c, n);
  if (n->op == IR_PY_EXECUTE) {
    comment(c, n, i, NULL);
    return emit_py_execute(c, n);
  }
  if (n->op == IR_IF || n->op == IR_WHILE) {
    comment(c, n, i, NULL);
    return n->op == IR_IF ? emit_if(c, n, v) : emit_while(c, n, v);
  }
  Shp ot;
  if (!shp_of(n, &ot)) return cg_fail(c, n, "the result is not a tensor");
  comment(c, n, i, plan_note(v));
  if (v->view_of) return true;
  if (n->op == IR_LOAD) { /* a snapshot: the graph assigns the Parameter later */
    emit_memcpy(c, I1, val_of(c, n), 0, val_of(c, n->in[0]), 0, nbytes(&ot));
    return true;
  }
  return emit_prim(c, n, &ot);
}

/* Outputs the plan did not compute in place are copied. */
static void emit_outputs(Cg *c) {
  const MemPlan *p = c->plan;
  bool any = false;
  for (int k = 0; k < p->nout; k++) {
    IrNode *r = resolve(c, p->outs[k]);
    if (r->kind == IR_NK_NODE && r->owner == c->g && p->val[r->id].loc == ML_OUTPUT && p->val[r->id].idx == k)
      continue;
    if (c->skip_out && c->skip_out[k]) continue;
    Shp s;
    shp_of(r, &s);
    if (nelem(&s) == 0) continue;
    if (!any) OUT(I1 "/* outputs */\n");
    any = true;
    Val dst = {VK_ARG, p->out_base + k, 0};
    emit_memcpy(c, I1, dst, 0, val_of(c, r), 0, nbytes(&s));
  }
}

/* The statements, one node after the other. */
static bool emit_nodes(Cg *c) {
  for (int i = 0; i < c->g->nnode; i++) {
    c->cur = i;
    int last = emit_updates(c, i);
    if (last == -2 || c->failed) return false;
    if (last >= i) {
      i = last;
      continue;
    }
    if (!emit_node(c, c->g->nodes[i], i)) return false;
  }
  emit_outputs(c);
  return !c->failed;
}

/* What C generation does not take (before planning), in g and the
 * regions it holds. */
static bool refuse_graph(Cg *c, const IrGraph *g, int depth) {
  if (depth > 1000) return cg_fail(c, NULL, "regions nested deeper than 1000");
  for (int i = 0; i < g->nnode; i++) {
    IrNode *n = g->nodes[i];
    if (n->op < OP_COUNT && !emit_rule(n->op)) return cg_fail(c, n, "no C emission rule");
    if (n->op == IR_PY_EXECUTE && !c->host_calls)
      return cg_fail(c, n, "a JIT Fallback node calls back into the Python interpreter when the graph runs: C for a library "
                     "cannot hold one");
    if ((n->op == IR_IF || n->op == IR_WHILE) &&
        !(refuse_graph(c, n->sub[0], depth + 1) && refuse_graph(c, n->sub[1], depth + 1)))
      return false;
  }
  return true;
}

static bool refuse(Cg *c) { return refuse_graph(c, c->g, 0); }

/* ---- the translation unit ------------------------------------------------- */

static void put_arg_line(Buf *b, int i, const char *what, const char *name, const IrType *t) {
  Buf tt = {0};
  ir_type_print(&tt, t);
  outf(b, " *   args[%d]  %s", i, what);
  if (name) {
    buf_puts(b, " %");
    put_comment_text(b, name);
  }
  buf_puts(b, ": ");
  put_comment_text(b, tt.data);
  buf_puts(b, "\n");
  buf_free(&tt);
}

/* The comment at the top: the signature, each arg, the workspace. */
static void put_header(Cg *c, Buf *b, int64_t ws) {
  const MemPlan *p = c->plan;
  IrGraph *g = c->g;
  outf(b, "/* %s: graph @", c->fname);
  put_comment_text(b, g->name);
  buf_puts(b, ", C generated by msc " MSC_VERSION " (codegen/emit.c).\n *\n");
  outf(b, " * int %s(void *const *args, void *ws);\n", c->fname);
  for (int i = 0; i < g->nparam; i++)
    put_arg_line(b, i, g->params[i]->is_parameter ? "Parameter" : "input", g->params[i]->name, g->params[i]->type);
  for (int i = 0; i < p->nconst; i++)
    if (p->consts[i].by_ptr && !p->consts[i].dup)
      put_arg_line(b, g->nparam + p->consts[i].idx, "constant", NULL, p->consts[i].node->type);
  for (int k = 0; k < p->nout; k++) {
    char what[32];
    snprintf(what, sizeof what, "output %d", k);
    put_arg_line(b, p->out_base + k, what, NULL, resolve(c, p->outs[k])->type);
  }
  for (int k = 0; k < (c->res ? c->res->npacked : 0); k++) {
    const CgPacked *q = &c->res->packed[k];
    outf(b, " *   args[%d]  Parameter %%", p->out_base + p->nout + k);
    put_comment_text(b, g->params[q->param]->name);
    outf(b, " packed: msrt_gemm_pack_b(transb %d, K %lld, N %lld) of args[%d]\n", q->transb, (long long)q->K,
         (long long)q->N, q->param);
  }
  outf(b, " *   ws       %lld bytes of workspace, 64-byte aligned\n", (long long)ws);
  outf(b, " * Memory plan (passes/memplan.c): arena %lld bytes, lower bound %lld bytes.\n",
             (long long)p->arena, (long long)p->lower_bound);
  buf_puts(b, " * Returns 0, or the error code of a kernel that refused its arguments.\n"
              " * Not checked here (the eager kernels raise): integer Pow with a\n"
              " * negative exponent. */\n");
}

/* Is the identifier name used in the body? */
static bool body_uses(const Cg *c, const char *name) {
  size_t nl = strlen(name);
  for (const char *p = c->body.data; p && (p = strstr(p, name)) != NULL; p += nl)
    if (!isalnum((unsigned char)p[nl]) && p[nl] != '_') return true;
  return false;
}

/* The function: its locals, then the statements. */
static void put_function(Cg *c, Buf *b) {
  outf(b, "int %s(void *const *args, void *ws);\n\n", c->fname);
  outf(b, "int %s(void *const *args, void *ws) {\n", c->fname);
  if (c->use_w) buf_puts(b, "  unsigned char *const W = (unsigned char *)ws;\n");
  if (c->use_rc) buf_puts(b, "  int rc;\n");
  if (!c->use_args) buf_puts(b, "  (void)args;\n");
  if (!c->use_w) buf_puts(b, "  (void)ws;\n");
  for (int i = 0; i < c->plan->ninline; i++) { /* a constant only a skipped (size-0) node used */
    char name[176];
    snprintf(name, sizeof name, "%s_c%d", c->cprefix, i);
    if (!body_uses(c, name) && !(c->packed && c->packed[i] == Q8_BLOB)) outf(b, "  (void)%s;\n", name);
  }
  if (c->body.len) buf_append(b, c->body.data, c->body.len);
  buf_puts(b, "  return 0;\n}\n");
}

static char *put_unit(Cg *c, int64_t ws) {
  Buf b = {0};
  buf_reserve(&b, c->consts.len + c->body.len + 8192); /* one block, no copies as it grows */
  put_header(c, &b, ws);
  if (c->use_math) buf_puts(&b, "#include <math.h>\n");
  if (c->use_string) buf_puts(&b, "#include <string.h>\n");
  buf_puts(&b, "\n#include \"msrt.h\"\n\n");
  if (c->use_host) /* codegen.h MscHost: members are only appended */
    buf_puts(&b, "typedef struct MscHost {\n"
                 "  uint32_t abi_version;\n"
                 "  uint32_t size;\n"
                 "  void (*write)(const char *s, size_t n);\n"
                 "  int (*interpret)(uint32_t id, void *const *in, void *out);\n"
                 "} MscHost;\n"
                 "static const MscHost *msc_host;\n"
                 "void msc_host_init(const MscHost *h);\n"
                 "void msc_host_init(const MscHost *h) { msc_host = h; }\n"
                 "static int msc_host_interpret(uint32_t id, void *const *in, void *out) {\n"
                 "  if (!msc_host || msc_host->abi_version != 1u || msc_host->size < sizeof(MscHost)) return MSRT_EINVAL;\n"
                 "  return msc_host->interpret(id, in, out);\n"
                 "}\n\n");
  if (c->consts.len) {
    buf_append(&b, c->consts.data, c->consts.len);
    buf_puts(&b, "\n");
  }
  put_function(c, &b);
  return buf_detach(&b);
}

/* The constants passed by pointer, in args order (malloc'd). */
static IrNode **pointer_consts(const MemPlan *p) {
  IrNode **v = xcalloc((size_t)p->nptr + 1, sizeof(IrNode *));
  for (int i = 0; i < p->nconst; i++)
    if (p->consts[i].by_ptr && !p->consts[i].dup) v[p->consts[i].idx] = p->consts[i].node;
  return v;
}

/* The plan cg_emit uses: opts->plan, or one computed here into own. */
static const MemPlan *get_plan(Cg *c, const CgOptions *opts, MemPlan *own) {
  if (opts && opts->plan) {
    if (opts->plan->g != c->g) {
      cg_fail(c, NULL, "internal error: the memory plan is of another graph");
      return NULL;
    }
    ir_graph_number(c->g); /* positions: the plan's (memplan.h) */
    return opts->plan;
  }
  MemOptions mo = {.target = {.isa = MEM_ISA_PORTABLE},
                   .inline_max = opts && opts->inline_max_elems > 0 ? opts->inline_max_elems : 16};
  if (opts && opts->target) mo.target = *opts->target;
  if (!memplan_compute(c->m, &mo, own, c->err, c->errcap)) {
    c->failed = true;
    return NULL;
  }
  return own;
}

static bool emit(Cg *c, const CgOptions *opts, CgResult *out) {
  MemPlan own;
  memset(&own, 0, sizeof own);
  if (!refuse(c) || !(c->plan = get_plan(c, opts, &own))) return false;
  put_consts(c);
  bool ok = emit_nodes(c);
  if (ok) {
    int64_t ws = (c->plan->arena + WS_ALIGN - 1) / WS_ALIGN * WS_ALIGN;
    if (opts && opts->memory_report) memplan_report(opts->memory_report, c->plan);
    out->c = put_unit(c, ws); /* after the scan: Q8_BLOB constants are not named */
    out->ws_size = (size_t)ws;
    out->ws_lower_bound = (size_t)c->plan->lower_bound;
    out->ws_act_lower = (size_t)c->plan->act_lower;
    out->nconst = c->plan->nptr;
    out->consts = pointer_consts(c->plan);
  }
  free(c->packed);
  c->packed = NULL;
  free(c->ppacked);
  c->ppacked = NULL;
  free(c->pslot);
  c->pslot = NULL;
  memplan_free(&own);
  return ok;
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
  c.aname = "args";
  c.wname = "W";
  c.cprefix = fname;
  int nblock = 0;
  c.nblock = &nblock;
  c.err = err;
  c.errcap = errcap;
  c.res = out;
  c.loop_codes = opts && opts->loop_codes;
  c.host_calls = opts && opts->host_calls;
  c.pack_params = opts && opts->pack_params;
  bool ok = c.g ? emit(&c, opts, out) : cg_fail(&c, NULL, "the module has no graph");
  if (!ok && !c.failed) cg_fail(&c, NULL, "C generation failed");
  buf_free(&c.body);
  buf_free(&c.consts);
  buf_free(&c.fnbuf);
  return ok;
}

void cg_result_free(CgResult *r) {
  if (!r) return;
  free(r->c);
  free(r->consts);
  free(r->loops);
  free(r->packed);
  memset(r, 0, sizeof *r);
}
