/* print.c — the IR's text form (ir.h has the grammar by example).
 *
 * Deterministic: values are renumbered densely at every print (%0.. per
 * graph, %para1.. across the module in graph order), graphs print in module
 * order, attributes in insertion order, floats in their shortest exact
 * form. parse.c reads this text back and printing it again gives the same
 * bytes. The printer never fails on unverified IR (it prints what is there).
 */
#include "ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbers -------------------------------------------------------------- */

bool ir_dtype_is_float(msrt_dtype dt) {
  return dt == MSRT_FLOAT16 || dt == MSRT_FLOAT32 || dt == MSRT_FLOAT64;
}

bool ir_dtype_is_complex(msrt_dtype dt) { return dt == MSRT_COMPLEX64 || dt == MSRT_COMPLEX128; }

float ir_half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h >> 15) << 31, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  float f;
  if (exp == 0) f = ldexpf((float)man, -24);
  else if (exp == 31) f = man ? NAN : INFINITY;
  else f = ldexpf((float)(man | 0x400), (int)exp - 25);
  return sign ? -f : f;
}

uint16_t ir_float_to_half(float f) {
  uint16_t sign = signbit(f) ? 0x8000 : 0;
  float a = fabsf(f);
  if (isnan(f)) return (uint16_t)(sign | 0x7e00);
  if (a >= 65520.0f) return (uint16_t)(sign | 0x7c00);   /* rounds to inf */
  if (a < ldexpf(1, -14)) {                               /* subnormal */
    float q = nearbyintf(a * ldexpf(1, 24));              /* ties to even */
    return (uint16_t)(sign | (uint16_t)q);
  }
  int e;
  float m = frexpf(a, &e);                                /* a = m * 2^e, m in [0.5, 1) */
  float q = nearbyintf(ldexpf(m, 11));                    /* 11 significant bits */
  if (q >= 2048.0f) q /= 2, e++;
  return (uint16_t)(sign | (uint16_t)((e + 14) << 10) | ((uint16_t)q & 0x3ff));
}

static bool reads_back(const char *s, double v, msrt_dtype dt) {
  if (dt == MSRT_FLOAT64) return strtod(s, NULL) == v;
  float fv = (float)v;
  if (dt == MSRT_FLOAT32) return strtof(s, NULL) == fv;
  return ir_float_to_half(strtof(s, NULL)) == ir_float_to_half(fv);
}

void ir_fmt_float(char *buf, size_t cap, double v, msrt_dtype dt) {
  if (isnan(v)) {
    snprintf(buf, cap, "nan");
    return;
  }
  if (isinf(v)) {
    snprintf(buf, cap, v < 0 ? "-inf" : "inf");
    return;
  }
  for (int p = 1; p <= 17; p++) {
    snprintf(buf, cap, "%.*g", p, v);
    if (reads_back(buf, v, dt)) return;
  }
}

int64_t ir_elem_int(msrt_dtype dt, const void *data, size_t i) {
  switch (dt) {
  case MSRT_BOOL: return ((const uint8_t *)data)[i] != 0;
  case MSRT_INT8: return ((const int8_t *)data)[i];
  case MSRT_UINT8: return ((const uint8_t *)data)[i];
  case MSRT_INT16: return ((const int16_t *)data)[i];
  case MSRT_UINT16: return ((const uint16_t *)data)[i];
  case MSRT_INT32: return ((const int32_t *)data)[i];
  case MSRT_UINT32: return ((const uint32_t *)data)[i];
  case MSRT_INT64: return ((const int64_t *)data)[i];
  case MSRT_UINT64: return (int64_t)((const uint64_t *)data)[i];
  default: {
    /* a float's integer value as numpy's astype(int64) gives it on x86-64
     * (runtime/kernels.c cvt64): truncated, MIN for NaN, +-inf and values
     * out of range -- never the C cast's undefined behaviour (a MindIR
     * constant NaN used as a weak scalar, found by fuzz/mindir) */
    double v = ir_elem_float(dt, data, i);
    return v >= -9223372036854775808.0 && v < 9223372036854775808.0 ? (int64_t)v : INT64_MIN;
  }
  }
}

double ir_elem_float(msrt_dtype dt, const void *data, size_t i) {
  switch (dt) {
  case MSRT_FLOAT16: return ir_half_to_float(((const uint16_t *)data)[i]);
  case MSRT_FLOAT32: return ((const float *)data)[i];
  case MSRT_FLOAT64: return ((const double *)data)[i];
  case MSRT_UINT64: return (double)((const uint64_t *)data)[i];
  case MSRT_COMPLEX64: return ((const float *)data)[2 * i]; /* the real part */
  case MSRT_COMPLEX128: return ((const double *)data)[2 * i];
  default: return (double)ir_elem_int(dt, data, i);
  }
}

/* ---- values --------------------------------------------------------------- */

/* "I64", "F32", "Bool", "U8": MindSpore's scalar-immediate spelling. */
static const char *imm_prefix(msrt_dtype dt) {
  static const char *const p[MSRT_NUM_DTYPES] = {
      [MSRT_BOOL] = "Bool", [MSRT_INT8] = "I8",      [MSRT_UINT8] = "U8",
      [MSRT_INT16] = "I16", [MSRT_INT32] = "I32",    [MSRT_INT64] = "I64",
      [MSRT_FLOAT16] = "F16", [MSRT_FLOAT32] = "F32", [MSRT_FLOAT64] = "F64",
      [MSRT_UINT16] = "U16", [MSRT_UINT32] = "U32",  [MSRT_UINT64] = "U64",
      [MSRT_COMPLEX64] = "C64", [MSRT_COMPLEX128] = "C128",
  };
  return (unsigned)dt < MSRT_NUM_DTYPES ? p[dt] : "?";
}

static void print_elem(Buf *b, msrt_dtype dt, const void *data, size_t i) {
  char tmp[64];
  if (dt == MSRT_BOOL) buf_puts(b, ir_elem_int(dt, data, i) ? "True" : "False");
  else if (dt == MSRT_COMPLEX64 || dt == MSRT_COMPLEX128) { /* (re, im) */
    msrt_dtype pd = dt == MSRT_COMPLEX64 ? MSRT_FLOAT32 : MSRT_FLOAT64;
    ir_fmt_float(tmp, sizeof tmp, ir_elem_float(pd, data, 2 * i), pd);
    buf_printf(b, "(%s, ", tmp);
    ir_fmt_float(tmp, sizeof tmp, ir_elem_float(pd, data, 2 * i + 1), pd);
    buf_printf(b, "%s)", tmp);
  } else if (ir_dtype_is_float(dt)) {
    ir_fmt_float(tmp, sizeof tmp, ir_elem_float(dt, data, i), dt);
    buf_puts(b, tmp);
  } else if (dt == MSRT_UINT64) buf_printf(b, "%llu", (unsigned long long)((const uint64_t *)data)[i]);
  else buf_printf(b, "%lld", (long long)ir_elem_int(dt, data, i));
}

/* Nested brackets over dims d.. of the constant, from element *pos. */
static void print_values(Buf *b, const IrType *t, const void *data, int d, size_t *pos) {
  if (d == t->ndim) {
    print_elem(b, t->dt, data, (*pos)++);
    return;
  }
  buf_putc(b, '[');
  for (int64_t i = 0; i < t->shape[d]; i++) {
    if (i) buf_puts(b, ", ");
    print_values(b, t, data, d + 1, pos);
  }
  buf_putc(b, ']');
}

static void print_string(Buf *b, const char *s) {
  buf_putc(b, '"');
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') buf_printf(b, "\\%c", *p);
    else if (*p == '\n') buf_puts(b, "\\n");
    else if (*p == '\t') buf_puts(b, "\\t");
    else if (*p < 0x20 || *p == 0x7f) buf_printf(b, "\\x%02x", *p);
    else buf_putc(b, (char)*p);
  }
  buf_putc(b, '"');
}

static void print_const(Buf *b, const IrNode *n) {
  const IrType *t = n->type;
  char tmp[64];
  switch (n->cst.kind) {
  case IR_C_STR: print_string(b, n->cst.s ? n->cst.s : ""); return;
  case IR_C_NONE: buf_puts(b, "None"); return;
  case IR_C_SCALAR:
    if (!t) break;
    buf_printf(b, "%s(", imm_prefix(t->dt));
    if (ir_dtype_is_float(t->dt)) {
      ir_fmt_float(tmp, sizeof tmp, n->cst.f, t->dt);
      buf_puts(b, tmp);
    } else if (t->dt == MSRT_UINT64) buf_printf(b, "%llu", (unsigned long long)n->cst.i);
    else buf_printf(b, "%lld", (long long)n->cst.i);
    buf_putc(b, ')');
    return;
  case IR_C_TENSOR: {
    if (!t) break;
    buf_puts(b, "Tensor(shape=[");
    for (int i = 0; i < t->ndim; i++) buf_printf(b, "%s%lld", i ? ", " : "", (long long)t->shape[i]);
    buf_printf(b, "], dtype=%s, value=", msrt_dtype_name(t->dt));
    size_t pos = 0;
    int64_t count;
    if (shape_elems(t->ndim, t->shape, &count) && (uint64_t)count <= n->cst.nbytes / msrt_dtype_size(t->dt))
      print_values(b, t, n->cst.data, 0, &pos);
    else buf_puts(b, "?");
    buf_putc(b, ')');
    return;
  }
  }
  buf_puts(b, "?");
}

static void print_value(Buf *b, const IrNode *n) {
  if (!n) buf_puts(b, "%?");
  else if (n->kind == IR_NK_CONST) print_const(b, n);
  else if (n->kind == IR_NK_PARAM) buf_printf(b, "%%para%d_%s", n->id, n->name);
  else buf_printf(b, "%%%d", n->id);
}

static void print_graph_ref(Buf *b, const IrGraph *g) {
  buf_printf(b, "@%s", g ? g->name : "?");
}

static void print_attr(Buf *b, const IrAttr *a) {
  char tmp[64];
  buf_printf(b, "%s: ", a->name);
  switch (a->kind) {
  case IR_A_INT: buf_printf(b, "I64(%lld)", (long long)a->i); break;
  case IR_A_FLOAT:
    ir_fmt_float(tmp, sizeof tmp, a->f, MSRT_FLOAT64);
    buf_printf(b, "F64(%s)", tmp);
    break;
  case IR_A_BOOL: buf_printf(b, "Bool(%d)", a->i ? 1 : 0); break;
  case IR_A_STR: print_string(b, a->s ? a->s : ""); break;
  case IR_A_INTS:
    buf_putc(b, '(');
    for (int i = 0; i < a->n; i++) buf_printf(b, "%s%lld", i ? ", " : "", (long long)a->ints[i]);
    buf_putc(b, ')');
    break;
  case IR_A_DTYPE: buf_puts(b, msrt_dtype_name((msrt_dtype)a->i)); break;
  }
}

static void print_loc(Buf *b, const char *indent, IrLoc l) {
  if (l.file) buf_printf(b, "%s# In file %s:%d:%d\n", indent, l.file, l.line, l.col);
}

/* ---- nodes and graphs ----------------------------------------------------- */

static void print_node(Buf *b, const IrNode *n) {
  buf_printf(b, "  %%%d(CNode_%d", n->id, n->id);
  if (n->name) buf_printf(b, "$%s", n->name);
  buf_printf(b, ") = %s(", ir_op_name(n->op));
  /* If(c, @then, @else, args...); While(@cond, @body, args...);
   * Fusion(@sub, args...) */
  int refs_at = n->op == IR_IF ? 1 : n->op == IR_WHILE || n->op == IR_FUSION ? 0 : -1;
  int nrefs = n->op == IR_FUSION ? 1 : 2;
  bool first = true;
  for (int i = 0; i <= n->nin; i++) {
    if (i == refs_at) {
      for (int j = 0; j < nrefs; j++) {
        buf_puts(b, first ? "" : ", ");
        print_graph_ref(b, n->sub[j]);
        first = false;
      }
    }
    if (i == n->nin) break;
    buf_puts(b, first ? "" : ", ");
    print_value(b, n->in[i]);
    first = false;
  }
  buf_putc(b, ')');
  if (n->nattr) {
    buf_puts(b, " {");
    for (int i = 0; i < n->nattr; i++) {
      if (i) buf_puts(b, ", ");
      print_attr(b, &n->attrs[i]);
    }
    buf_putc(b, '}');
  }
  buf_puts(b, "\n      : (");
  for (int i = 0; i < n->nin; i++) {
    if (i) buf_puts(b, ", ");
    ir_type_print(b, n->in[i] ? n->in[i]->type : NULL);
  }
  buf_puts(b, ") -> (");
  ir_type_print(b, n->type);
  buf_puts(b, ")\n");
  print_loc(b, "      ", n->loc);
}

static void print_graph(Buf *b, const IrGraph *g, bool entry) {
  print_loc(b, "", g->loc);
  buf_printf(b, "subgraph @%s(", g->name);
  for (int i = 0; !entry && i < g->nparam; i++) {
    if (i) buf_puts(b, ", ");
    print_value(b, g->params[i]);
    buf_puts(b, ": ");
    ir_type_print(b, g->params[i]->type);
  }
  buf_puts(b, ") {\n");
  for (int i = 0; i < g->nnode; i++) print_node(b, g->nodes[i]);
  buf_puts(b, "  Return(");
  print_value(b, g->ret);
  buf_puts(b, ")\n      : (");
  ir_type_print(b, g->ret ? g->ret->type : NULL);
  buf_puts(b, ")\n");
  print_loc(b, "      ", g->ret_loc);
  buf_puts(b, "}\n");
}

static void number(IrModule *m) {
  int para = 1;
  for (int gi = 0; gi < m->ngraph; gi++) {
    IrGraph *g = m->graphs[gi];
    for (int i = 0; i < g->nparam; i++) g->params[i]->id = para++;
    for (int i = 0; i < g->nnode; i++) g->nodes[i]->id = i;
  }
}

void ir_print_buf(Buf *b, IrModule *m) {
  number(m);
  IrGraph *e = ir_module_entry(m);
  if (!e) return;
  buf_printf(b, "# IR entry: @%s\n", e->name);
  buf_printf(b, "# Total subgraphs: %d\n", m->ngraph);
  buf_printf(b, "# Total params: %d\n", e->nparam);
  buf_puts(b, "# Params:\n");
  for (int i = 0; i < e->nparam; i++) {
    print_value(b, e->params[i]);
    buf_puts(b, ": ");
    ir_type_print(b, e->params[i]->type);
    buf_putc(b, '\n');
  }
  for (int gi = 0; gi < m->ngraph; gi++) {
    buf_putc(b, '\n');
    print_graph(b, m->graphs[gi], gi == 0);
  }
}

char *ir_print_str(IrModule *m) {
  Buf b = {0};
  buf_puts(&b, "");
  ir_print_buf(&b, m);
  return buf_detach(&b);
}

void ir_print(FILE *out, IrModule *m) {
  char *s = ir_print_str(m);
  fputs(s, out);
  free(s);
}

void ir_print_banner(FILE *out, const char *when, const char *pass) {
  fprintf(out, "// -----// IR Dump %s %s //----- //\n", when, pass);
}
