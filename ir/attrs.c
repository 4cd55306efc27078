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
  if (accepts(op, "multiples")) ir_attr_ints(n, "multiples", a->nmultiples, a->multiples);
  if (accepts(op, "depth")) ir_attr_int(n, "depth", a->depth);
  if (accepts(op, "on_value")) ir_attr_float(n, "on_value", a->on_value);
  if (accepts(op, "off_value")) ir_attr_float(n, "off_value", a->off_value);
  if (accepts(op, "exclusive") && a->exclusive) ir_attr_bool(n, "exclusive", true);
  if (accepts(op, "reverse") && a->reverse) ir_attr_bool(n, "reverse", true);
  if (accepts(op, "descending") && a->descending) ir_attr_bool(n, "descending", true);
  if (accepts(op, "select") && a->select) ir_attr_int(n, "select", a->select);
  if (accepts(op, "kernel_size")) ir_attr_ints(n, "kernel_size", 2, a->ksize);
  if (accepts(op, "stride") && (a->has_stride || !accepts(op, "kernel_size")))
    ir_attr_ints(n, "stride", 2, a->stride);
  if (accepts(op, "pad")) ir_attr_ints(n, "pad", 4, a->pad);
  if (accepts(op, "dilation")) ir_attr_ints(n, "dilation", 2, a->dilation);
  if (accepts(op, "group")) ir_attr_int(n, "group", a->group);
  if (accepts(op, "ceil_mode") && a->ceil_mode) ir_attr_bool(n, "ceil_mode", true);
  if (accepts(op, "count_include_pad") && a->count_include_pad) ir_attr_bool(n, "count_include_pad", true);
  if (accepts(op, "epsilon") && a->has_epsilon) ir_attr_float(n, "epsilon", a->epsilon);
  if (accepts(op, "begin_norm_axis")) ir_attr_int(n, "begin_norm_axis", a->begin_norm_axis);
  if (accepts(op, "begin_params_axis")) ir_attr_int(n, "begin_params_axis", a->begin_params_axis);
  if (accepts(op, "input_shape")) ir_attr_ints(n, "input_shape", a->ninput_shape, a->input_shape);
  if (accepts(op, "filter_shape")) ir_attr_ints(n, "filter_shape", a->nfilter_shape, a->filter_shape);
  if (accepts(op, "scale")) ir_attr_float(n, "scale", a->qscale);
  if (accepts(op, "zero_point")) ir_attr_int(n, "zero_point", a->zero_point);
  if (accepts(op, "x_zero_point")) ir_attr_int(n, "x_zero_point", a->x_zero_point);
  if (accepts(op, "out_zero_point")) ir_attr_int(n, "out_zero_point", a->out_zero_point);
  if (accepts(op, "act_min")) ir_attr_int(n, "act_min", a->act_min);
  if (accepts(op, "act_max")) ir_attr_int(n, "act_max", a->act_max);
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

static double fnum(const IrAttr *at) { return at->kind == IR_A_FLOAT ? at->f : (double)at->i; }

/* An int or (h, w) attribute into dst[2]. */
static void pair(const IrAttr *at, int64_t *dst) {
  int64_t t[MSRT_MAX_NDIM];
  int k = ints(at, t);
  dst[0] = t[0];
  dst[1] = k >= 2 ? t[1] : t[0];
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
    } else if (!strcmp(nm, "multiples")) {
      a->nmultiples = at->kind == IR_A_INTS ? ints(at, a->multiples) : 0;
    } else if (!strcmp(nm, "depth")) {
      a->depth = at->i;
    } else if (!strcmp(nm, "on_value")) {
      a->on_value = fnum(at);
    } else if (!strcmp(nm, "off_value")) {
      a->off_value = fnum(at);
    } else if (!strcmp(nm, "exclusive")) {
      a->exclusive = at->i != 0;
    } else if (!strcmp(nm, "reverse")) {
      a->reverse = at->i != 0;
    } else if (!strcmp(nm, "descending")) {
      a->descending = at->i != 0;
    } else if (!strcmp(nm, "select")) {
      a->select = at->i;
    } else if (!strcmp(nm, "kernel_size")) {
      pair(at, a->ksize);
    } else if (!strcmp(nm, "stride")) {
      pair(at, a->stride);
      a->has_stride = true;
    } else if (!strcmp(nm, "dilation")) {
      pair(at, a->dilation);
    } else if (!strcmp(nm, "pad")) {
      int64_t t[MSRT_MAX_NDIM];
      int np = ints(at, t);
      for (int i = 0; i < 4; i++) a->pad[i] = np == 4 ? t[i] : np == 2 ? t[i / 2] : t[0];
    } else if (!strcmp(nm, "group")) {
      a->group = at->i;
    } else if (!strcmp(nm, "ceil_mode")) {
      a->ceil_mode = at->i != 0;
    } else if (!strcmp(nm, "count_include_pad")) {
      a->count_include_pad = at->i != 0;
    } else if (!strcmp(nm, "epsilon")) {
      a->epsilon = fnum(at);
      a->has_epsilon = true;
    } else if (!strcmp(nm, "begin_norm_axis")) {
      a->begin_norm_axis = at->i;
    } else if (!strcmp(nm, "begin_params_axis")) {
      a->begin_params_axis = at->i;
    } else if (!strcmp(nm, "input_shape")) {
      a->ninput_shape = ints(at, a->input_shape);
    } else if (!strcmp(nm, "filter_shape")) {
      a->nfilter_shape = ints(at, a->filter_shape);
    } else if (!strcmp(nm, "scale")) {
      a->qscale = fnum(at);
    } else if (!strcmp(nm, "zero_point")) {
      a->zero_point = at->i;
    } else if (!strcmp(nm, "x_zero_point")) {
      a->x_zero_point = at->i;
    } else if (!strcmp(nm, "out_zero_point")) {
      a->out_zero_point = at->i;
    } else if (!strcmp(nm, "act_min")) {
      a->act_min = at->i;
    } else if (!strcmp(nm, "act_max")) {
      a->act_max = at->i;
    }
  }
}
