/* attrs.c — a staged primitive's decoded Attrs (ir/ops.h) as IR
 * attributes and back (the encoding is documented in ir.h).
 *
 * Capture (eval/graph.c) encodes the Attrs that prim_call inferred with,
 * after its normalisation (StridedSlice's begin/end/strides per dim), so
 * the backends decode exactly what the eager kernel would have seen.
 */
#include <string.h>

#include "ir.h"

static bool accepts(int op, const char *name) {
  const char *s = op_info[op].attrs;
  size_t n = strlen(name);
  for (; *s;) {
    const char *e = strchr(s, ',');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    if (len == n && strncmp(s, name, n) == 0) return true;
    s += len + (e != NULL);
  }
  return false;
}

static void num(IrNode *n, const char *name, bool isint, int64_t i, double f) {
  if (isint) ir_attr_int(n, name, i);
  else ir_attr_float(n, name, f);
}

void ir_attrs_encode(IrNode *n, const Attrs *a) {
  int op = n->op;
  if (op < 0 || op >= OP_COUNT) return;
  const char *axname = accepts(op, "perm") ? "perm" : "axis";
  if (accepts(op, axname) && a->has_axis) {
    if (a->axis_tuple) ir_attr_ints(n, axname, a->naxis, a->axis);
    else ir_attr_int(n, axname, a->axis[0]);
  }
  if (accepts(op, "keep_dims") && a->keep_dims) ir_attr_bool(n, "keep_dims", true);
  if (accepts(op, "transpose_a") && a->transpose_a) ir_attr_bool(n, "transpose_a", true);
  if (accepts(op, "transpose_b") && a->transpose_b) ir_attr_bool(n, "transpose_b", true);
  if (accepts(op, "shape") && a->has_shape) ir_attr_ints(n, "shape", a->nshape, a->shape);
  if (a->dtype >= 0) {
    if (accepts(op, "dtype")) ir_attr_dtype(n, "dtype", (msrt_dtype)a->dtype);
    else if (accepts(op, "output_type")) ir_attr_dtype(n, "output_type", (msrt_dtype)a->dtype);
  }
  if (accepts(op, "value")) num(n, "value", a->value_is_int, a->ivalue, a->value);
  if (accepts(op, "start")) num(n, "start", a->value_is_int, a->istart, a->start);
  if (accepts(op, "limit")) num(n, "limit", a->value_is_int, a->ilimit, a->limit);
  if (accepts(op, "stop")) num(n, "stop", a->value_is_int, a->ilimit, a->limit);
  if (accepts(op, "delta")) num(n, "delta", a->value_is_int, a->idelta, a->delta);
  if (accepts(op, "num")) ir_attr_int(n, "num", a->num);
  if (accepts(op, "begin") && a->has_slice) {
    int nd = n->in[0]->type->ndim;
    ir_attr_ints(n, "begin", nd, a->begin);
    ir_attr_ints(n, "end", nd, a->end);
    ir_attr_ints(n, "strides", nd, a->strides);
    if (a->shrink_mask) ir_attr_int(n, "shrink_axis_mask", (int64_t)a->shrink_mask);
    if (a->nnew) ir_attr_ints(n, "new_axis", a->nnew, a->new_axis);
  }
}

static void get_num(const IrAttr *at, Attrs *a, double *f, int64_t *i) {
  if (at->kind == IR_A_FLOAT) {
    *f = at->f;
    *i = (int64_t)at->f;
    a->value_is_int = false;
  } else {
    *i = at->i;
    *f = (double)at->i;
  }
}

static int ints(const IrAttr *at, int64_t *dst) {
  if (at->kind == IR_A_INTS) {
    int k = at->n < MSRT_MAX_NDIM ? at->n : MSRT_MAX_NDIM;
    memcpy(dst, at->ints, sizeof(int64_t) * (size_t)k);
    return k;
  }
  dst[0] = at->i;
  return 1;
}

void ir_attrs_decode(const IrNode *n, Attrs *a) {
  attrs_init(a);
  a->slice_normalised = true;
  for (int k = 0; k < n->nattr; k++) {
    const IrAttr *at = &n->attrs[k];
    const char *nm = at->name;
    if (!strcmp(nm, "axis") || !strcmp(nm, "perm")) {
      a->has_axis = true;
      a->axis_tuple = at->kind == IR_A_INTS;
      a->naxis = ints(at, a->axis);
    } else if (!strcmp(nm, "keep_dims")) {
      a->keep_dims = at->i != 0;
    } else if (!strcmp(nm, "transpose_a")) {
      a->transpose_a = at->i != 0;
    } else if (!strcmp(nm, "transpose_b")) {
      a->transpose_b = at->i != 0;
    } else if (!strcmp(nm, "shape")) {
      a->has_shape = true;
      a->nshape = ints(at, a->shape);
    } else if (!strcmp(nm, "dtype") || !strcmp(nm, "output_type")) {
      a->dtype = (int)at->i;
    } else if (!strcmp(nm, "value")) {
      get_num(at, a, &a->value, &a->ivalue);
    } else if (!strcmp(nm, "start")) {
      get_num(at, a, &a->start, &a->istart);
    } else if (!strcmp(nm, "limit") || !strcmp(nm, "stop")) {
      get_num(at, a, &a->limit, &a->ilimit);
    } else if (!strcmp(nm, "delta")) {
      get_num(at, a, &a->delta, &a->idelta);
    } else if (!strcmp(nm, "num")) {
      a->num = at->i;
    } else if (!strcmp(nm, "begin")) {
      a->has_slice = true;
      a->nslice = ints(at, a->begin);
    } else if (!strcmp(nm, "end")) {
      ints(at, a->end);
    } else if (!strcmp(nm, "strides")) {
      ints(at, a->strides);
    } else if (!strcmp(nm, "shrink_axis_mask")) {
      a->shrink_mask = (uint32_t)at->i;
    } else if (!strcmp(nm, "new_axis")) {
      a->nnew = ints(at, a->new_axis);
    }
  }
}
