/* index.c — indexing, selection, scan and sort kernels (msrt.h section 5):
 * tile, select, one_hot, gather, gather_d, gather_nd, scatter_nd,
 * cumulative sum/product and a stable argsort.
 *
 * Data movement kernels (tile, select, gathers, scatter update) copy
 * elements bytewise and so accept every dtype of section 1; scatter-add,
 * cumulative and argsort compute per dtype. Index arrays are int32 or
 * int64; a negative index counts from the end; an index still out of
 * range is clamped into [0, n-1] (the eager callers raise IndexError
 * before calling; generated code never reads out of bounds). Gathering
 * from an axis of length 0 writes zeros (there is nothing to read).
 *
 * Arithmetic follows numpy 1.24: integer sums/products wrap modulo 2^bits
 * (computed in unsigned arithmetic), float16 is computed in float and
 * rounded back after every step (numpy's half loops), float32 in float,
 * bool scatter-add is a logical or. Argsort orders by (value, index) with
 * nan after every number (ascending) or before (descending): a heap sort
 * of the index row in place, so it is stable without scratch memory.
 *
 * C99, no malloc, no VLAs, no recursion, no stdio. */
#include "msrt.h"

#include <math.h>
#include <string.h>

static int dt_ok(msrt_dtype dt) { return (unsigned)dt < (unsigned)MSRT_NUM_DTYPES; }
static int idt_ok(msrt_dtype idt) { return idt == MSRT_INT32 || idt == MSRT_INT64; }

static int64_t get_idx(msrt_dtype idt, const void *p, int64_t i) {
  if (idt == MSRT_INT32) {
    int32_t v;
    memcpy(&v, (const unsigned char *)p + (size_t)i * 4u, 4);
    return v;
  } else {
    int64_t v;
    memcpy(&v, (const unsigned char *)p + (size_t)i * 8u, 8);
    return v;
  }
}

static void put_idx(msrt_dtype idt, void *p, int64_t i, int64_t v) {
  if (idt == MSRT_INT32) {
    int32_t w = (int32_t)v;
    memcpy((unsigned char *)p + (size_t)i * 4u, &w, 4);
  } else {
    memcpy((unsigned char *)p + (size_t)i * 8u, &v, 8);
  }
}

/* Index v into [0, n) (negative from the end, then clamped); n > 0. */
static int64_t fix_idx(int64_t v, int64_t n) {
  if (v < 0) v += n;
  if (v < 0) v = 0;
  if (v >= n) v = n - 1;
  return v;
}

/* ===================================================================
 * tile
 * =================================================================== */

int msrt_tile(msrt_dtype dt, int ndim, const int64_t *xshape, const int64_t *reps,
              const void *x, void *out) {
  int64_t oshape[MSRT_MAX_NDIM], xst[MSRT_MAX_NDIM], idx[MSRT_MAX_NDIM];
  int64_t total = 1, last;
  size_t es;
  unsigned char *o = (unsigned char *)out;
  const unsigned char *xs = (const unsigned char *)x;
  int d;
  if (!dt_ok(dt) || ndim < 0 || ndim > MSRT_MAX_NDIM) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  for (d = 0; d < ndim; d++) {
    if (xshape[d] < 0 || reps[d] < 0) return MSRT_EINVAL;
    oshape[d] = xshape[d] * reps[d];
    total *= oshape[d];
  }
  if (total == 0) return MSRT_OK;
  if (ndim == 0) {
    memcpy(o, xs, es);
    return MSRT_OK;
  }
  {
    int64_t s = 1;
    for (d = ndim - 1; d >= 0; d--) {
      xst[d] = s;
      s *= xshape[d];
      idx[d] = 0;
    }
  }
  /* the innermost dim: the x row repeated reps[last] times */
  last = xshape[ndim - 1];
  for (;;) {
    int64_t off = 0, r;
    for (d = 0; d < ndim - 1; d++) off += (idx[d] % xshape[d]) * xst[d];
    for (r = 0; r < reps[ndim - 1]; r++) {
      memcpy(o, xs + (size_t)off * es, (size_t)last * es);
      o += (size_t)last * es;
    }
    for (d = ndim - 2; d >= 0; d--) {
      if (++idx[d] < oshape[d]) break;
      idx[d] = 0;
    }
    if (d < 0) break;
  }
  return MSRT_OK;
}

/* ===================================================================
 * select
 * =================================================================== */

int msrt_select(msrt_dtype dt, int ndim, const int64_t *shape,
                const void *cond, const int64_t *cstrides,
                const void *x, const int64_t *xstrides,
                const void *y, const int64_t *ystrides, void *out) {
  int64_t idx[MSRT_MAX_NDIM], total = 1, k;
  int64_t co = 0, xo = 0, yo = 0;
  size_t es;
  int d;
  const unsigned char *c = (const unsigned char *)cond;
  const unsigned char *xs = (const unsigned char *)x, *ys = (const unsigned char *)y;
  unsigned char *o = (unsigned char *)out;
  if (!dt_ok(dt) || ndim < 0 || ndim > MSRT_MAX_NDIM) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  for (d = 0; d < ndim; d++) {
    if (shape[d] < 0) return MSRT_EINVAL;
    total *= shape[d];
    idx[d] = 0;
  }
  for (k = 0; k < total; k++) {
    const unsigned char *src = c[co] ? xs + (size_t)xo * es : ys + (size_t)yo * es;
    memcpy(o + (size_t)k * es, src, es);
    for (d = ndim - 1; d >= 0; d--) {
      co += cstrides[d];
      xo += xstrides[d];
      yo += ystrides[d];
      if (++idx[d] < shape[d]) break;
      co -= cstrides[d] * shape[d];
      xo -= xstrides[d] * shape[d];
      yo -= ystrides[d] * shape[d];
      idx[d] = 0;
    }
  }
  return MSRT_OK;
}

/* ===================================================================
 * one_hot
 * =================================================================== */

int msrt_one_hot(msrt_dtype idt, msrt_dtype dt, int64_t outer, int64_t inner, int64_t depth,
                 double on, double off, const void *indices, void *out) {
  unsigned char onb[8], offb[8];
  unsigned char *o = (unsigned char *)out;
  size_t es;
  int64_t a, d, i;
  if (!idt_ok(idt) || !dt_ok(dt) || outer < 0 || inner < 0 || depth < 0) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  if (msrt_cast(MSRT_FLOAT64, dt, 1, &on, onb) != MSRT_OK) return MSRT_EINVAL;
  if (msrt_cast(MSRT_FLOAT64, dt, 1, &off, offb) != MSRT_OK) return MSRT_EINVAL;
  for (a = 0; a < outer; a++)
    for (d = 0; d < depth; d++)
      for (i = 0; i < inner; i++) {
        int64_t v = get_idx(idt, indices, a * inner + i);
        memcpy(o, v == d ? onb : offb, es);
        o += es;
      }
  return MSRT_OK;
}

/* ===================================================================
 * gathers
 * =================================================================== */

int msrt_gather(msrt_dtype dt, msrt_dtype idt, int64_t outer, int64_t n, int64_t inner,
                const void *x, int64_t nidx, const void *idx, void *out) {
  const unsigned char *xs = (const unsigned char *)x;
  unsigned char *o = (unsigned char *)out;
  size_t es, blk;
  int64_t a, j;
  if (!dt_ok(dt) || !idt_ok(idt) || outer < 0 || n < 0 || inner < 0 || nidx < 0) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  blk = (size_t)inner * es;
  if (n == 0) {
    memset(o, 0, (size_t)(outer * nidx) * blk);
    return MSRT_OK;
  }
  for (a = 0; a < outer; a++)
    for (j = 0; j < nidx; j++) {
      int64_t v = fix_idx(get_idx(idt, idx, j), n);
      memcpy(o, xs + (size_t)(a * n + v) * blk, blk);
      o += blk;
    }
  return MSRT_OK;
}

int msrt_gather_d(msrt_dtype dt, msrt_dtype idt, int64_t outer, int64_t n, int64_t m,
                  int64_t inner, const void *x, const void *index, void *out) {
  const unsigned char *xs = (const unsigned char *)x;
  unsigned char *o = (unsigned char *)out;
  size_t es;
  int64_t a, j, i;
  if (!dt_ok(dt) || !idt_ok(idt) || outer < 0 || n < 0 || m < 0 || inner < 0) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  if (n == 0) {
    memset(o, 0, (size_t)(outer * m * inner) * es);
    return MSRT_OK;
  }
  for (a = 0; a < outer; a++)
    for (j = 0; j < m; j++)
      for (i = 0; i < inner; i++) {
        int64_t k = (a * m + j) * inner + i;
        int64_t v = fix_idx(get_idx(idt, index, k), n);
        memcpy(o + (size_t)k * es, xs + (size_t)((a * n + v) * inner + i) * es, es);
      }
  return MSRT_OK;
}

/* Element offset of index tuple t (k entries) into x; slice = elements per
 * tuple; -1 when some indexed dim has length 0. */
static int64_t tuple_offset(msrt_dtype idt, const void *indices, int64_t t, int k, const int64_t *xshape,
                            const int64_t *xst) {
  int64_t off = 0;
  int d;
  for (d = 0; d < k; d++) {
    if (xshape[d] == 0) return -1;
    off += fix_idx(get_idx(idt, indices, t * k + d), xshape[d]) * xst[d];
  }
  return off;
}

static int nd_setup(msrt_dtype dt, msrt_dtype idt, int xndim, const int64_t *xshape, int64_t nidx, int k,
                    int64_t *xst, int64_t *slice) {
  int64_t s = 1;
  int d;
  if (!dt_ok(dt) || !idt_ok(idt) || xndim < 0 || xndim > MSRT_MAX_NDIM || k < 0 || k > xndim || nidx < 0)
    return MSRT_EINVAL;
  for (d = xndim - 1; d >= 0; d--) {
    if (xshape[d] < 0) return MSRT_EINVAL;
    xst[d] = s;
    s *= xshape[d];
  }
  *slice = 1;
  for (d = k; d < xndim; d++) *slice *= xshape[d];
  return MSRT_OK;
}

int msrt_gather_nd(msrt_dtype dt, msrt_dtype idt, int xndim, const int64_t *xshape,
                   int64_t nidx, int k, const void *indices, const void *x, void *out) {
  int64_t xst[MSRT_MAX_NDIM], slice, t;
  size_t es;
  unsigned char *o = (unsigned char *)out;
  if (nd_setup(dt, idt, xndim, xshape, nidx, k, xst, &slice) != MSRT_OK) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  for (t = 0; t < nidx; t++) {
    int64_t off = tuple_offset(idt, indices, t, k, xshape, xst);
    if (off < 0) memset(o, 0, (size_t)slice * es);
    else memcpy(o, (const unsigned char *)x + (size_t)off * es, (size_t)slice * es);
    o += (size_t)slice * es;
  }
  return MSRT_OK;
}

/* out[i] += u[i] for n elements of dt (bool: or). */
static int add_into(msrt_dtype dt, int64_t n, const void *u, void *out) {
  int64_t i;
  switch (dt) {
#define ADD_INT(E, T, UT)                                      \
  case E: {                                                    \
    T *o = (T *)out;                                           \
    const T *s = (const T *)u;                                 \
    for (i = 0; i < n; i++) o[i] = (T)(UT)((UT)o[i] + (UT)s[i]); \
    return MSRT_OK;                                            \
  }
    ADD_INT(MSRT_INT8, int8_t, uint8_t)
    ADD_INT(MSRT_UINT8, uint8_t, uint8_t)
    ADD_INT(MSRT_INT16, int16_t, uint16_t)
    ADD_INT(MSRT_UINT16, uint16_t, uint16_t)
    ADD_INT(MSRT_INT32, int32_t, uint32_t)
    ADD_INT(MSRT_UINT32, uint32_t, uint32_t)
    ADD_INT(MSRT_INT64, int64_t, uint64_t)
    ADD_INT(MSRT_UINT64, uint64_t, uint64_t)
#undef ADD_INT
  case MSRT_BOOL: {
    uint8_t *o = (uint8_t *)out;
    const uint8_t *s = (const uint8_t *)u;
    for (i = 0; i < n; i++) o[i] = (uint8_t)(o[i] || s[i]);
    return MSRT_OK;
  }
  case MSRT_FLOAT16: {
    uint16_t *o = (uint16_t *)out;
    const uint16_t *s = (const uint16_t *)u;
    for (i = 0; i < n; i++) {
      float f = (float)msrt_half_to_double(o[i]) + (float)msrt_half_to_double(s[i]);
      o[i] = msrt_double_to_half((double)f);
    }
    return MSRT_OK;
  }
  case MSRT_FLOAT32: {
    float *o = (float *)out;
    const float *s = (const float *)u;
    for (i = 0; i < n; i++) o[i] = o[i] + s[i];
    return MSRT_OK;
  }
  case MSRT_FLOAT64: {
    double *o = (double *)out;
    const double *s = (const double *)u;
    for (i = 0; i < n; i++) o[i] = o[i] + s[i];
    return MSRT_OK;
  }
  default: return MSRT_EINVAL;
  }
}

int msrt_scatter_nd(msrt_dtype dt, msrt_dtype idt, int add, int xndim, const int64_t *xshape,
                    int64_t nidx, int k, const void *indices, const void *updates, void *out) {
  int64_t xst[MSRT_MAX_NDIM], slice, t;
  size_t es;
  const unsigned char *u = (const unsigned char *)updates;
  if (nd_setup(dt, idt, xndim, xshape, nidx, k, xst, &slice) != MSRT_OK) return MSRT_EINVAL;
  es = msrt_dtype_size(dt);
  for (t = 0; t < nidx; t++, u += (size_t)slice * es) {
    int64_t off = tuple_offset(idt, indices, t, k, xshape, xst);
    unsigned char *o;
    if (off < 0 || slice == 0) continue;
    o = (unsigned char *)out + (size_t)off * es;
    if (!add) memcpy(o, u, (size_t)slice * es);
    else if (add_into(dt, slice, u, o) != MSRT_OK) return MSRT_EINVAL;
  }
  return MSRT_OK;
}

/* ===================================================================
 * cumulative sum / product
 * =================================================================== */

int msrt_cumulative(msrt_dtype dt, int prod, int exclusive, int reverse,
                    int64_t outer, int64_t n, int64_t inner, const void *x, void *out) {
  int64_t a, i, j;
  if (!dt_ok(dt) || dt == MSRT_BOOL || outer < 0 || n < 0 || inner < 0) return MSRT_EINVAL;
  for (a = 0; a < outer; a++)
    for (i = 0; i < inner; i++) {
      int64_t base = a * n * inner + i;
      switch (dt) {
#define CUM_INT(E, T, UT)                                                  \
  case E: {                                                                \
    const T *xs = (const T *)x;                                            \
    T *o = (T *)out;                                                       \
    UT acc = prod ? (UT)1 : (UT)0;                                         \
    for (j = 0; j < n; j++) {                                              \
      int64_t jj = reverse ? n - 1 - j : j;                                \
      int64_t p = base + jj * inner;                                       \
      UT v = (UT)xs[p];                                                    \
      if (exclusive) {                                                     \
        o[p] = (T)acc;                                                     \
        acc = prod ? (UT)(acc * v) : (UT)(acc + v);                        \
      } else {                                                             \
        acc = prod ? (UT)(acc * v) : (UT)(acc + v);                        \
        o[p] = (T)acc;                                                     \
      }                                                                    \
    }                                                                      \
    break;                                                                 \
  }
        CUM_INT(MSRT_INT8, int8_t, uint32_t)
        CUM_INT(MSRT_UINT8, uint8_t, uint32_t)
        CUM_INT(MSRT_INT16, int16_t, uint32_t)
        CUM_INT(MSRT_UINT16, uint16_t, uint32_t)
        CUM_INT(MSRT_INT32, int32_t, uint32_t)
        CUM_INT(MSRT_UINT32, uint32_t, uint32_t)
        CUM_INT(MSRT_INT64, int64_t, uint64_t)
        CUM_INT(MSRT_UINT64, uint64_t, uint64_t)
#undef CUM_INT
#define CUM_FLT(E, T)                                                      \
  case E: {                                                                \
    const T *xs = (const T *)x;                                            \
    T *o = (T *)out;                                                       \
    T acc = prod ? (T)1 : (T)0;                                            \
    for (j = 0; j < n; j++) {                                              \
      int64_t jj = reverse ? n - 1 - j : j;                                \
      int64_t p = base + jj * inner;                                       \
      T v = xs[p];                                                         \
      if (exclusive) {                                                     \
        o[p] = acc;                                                        \
        acc = prod ? acc * v : acc + v;                                    \
      } else {                                                             \
        acc = prod ? acc * v : acc + v;                                    \
        o[p] = acc;                                                        \
      }                                                                    \
    }                                                                      \
    break;                                                                 \
  }
        CUM_FLT(MSRT_FLOAT32, float)
        CUM_FLT(MSRT_FLOAT64, double)
#undef CUM_FLT
      case MSRT_FLOAT16: {
        const uint16_t *xs = (const uint16_t *)x;
        uint16_t *o = (uint16_t *)out;
        uint16_t acc = prod ? (uint16_t)0x3c00u : (uint16_t)0;
        for (j = 0; j < n; j++) {
          int64_t jj = reverse ? n - 1 - j : j;
          int64_t p = base + jj * inner;
          float f = (float)msrt_half_to_double(acc), v = (float)msrt_half_to_double(xs[p]);
          uint16_t next = msrt_double_to_half((double)(prod ? f * v : f + v));
          o[p] = exclusive ? acc : next;
          acc = next;
        }
        break;
      }
      default: return MSRT_EINVAL;
      }
    }
  return MSRT_OK;
}

/* ===================================================================
 * argsort
 * =================================================================== */

/* Three-way comparison of x[i] and x[j] (element indices), nan largest. */
static int cmp_elem(msrt_dtype dt, const void *x, int64_t i, int64_t j) {
  switch (dt) {
#define CMP_INT(E, T)                                  \
  case E: {                                            \
    T a = ((const T *)x)[i], b = ((const T *)x)[j];    \
    return a < b ? -1 : a > b ? 1 : 0;                 \
  }
    CMP_INT(MSRT_BOOL, uint8_t)
    CMP_INT(MSRT_INT8, int8_t)
    CMP_INT(MSRT_UINT8, uint8_t)
    CMP_INT(MSRT_INT16, int16_t)
    CMP_INT(MSRT_UINT16, uint16_t)
    CMP_INT(MSRT_INT32, int32_t)
    CMP_INT(MSRT_UINT32, uint32_t)
    CMP_INT(MSRT_INT64, int64_t)
    CMP_INT(MSRT_UINT64, uint64_t)
#undef CMP_INT
  default: {
    double a, b;
    if (dt == MSRT_FLOAT16) {
      a = msrt_half_to_double(((const uint16_t *)x)[i]);
      b = msrt_half_to_double(((const uint16_t *)x)[j]);
    } else if (dt == MSRT_FLOAT32) {
      a = (double)((const float *)x)[i];
      b = (double)((const float *)x)[j];
    } else {
      a = ((const double *)x)[i];
      b = ((const double *)x)[j];
    }
    if (isnan(a)) return isnan(b) ? 0 : 1;
    if (isnan(b)) return -1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  }
}

/* Does (index) p come after q in the sorted order? */
static int after(msrt_dtype dt, const void *x, int64_t base, int64_t inner, int desc, int64_t p, int64_t q) {
  int c = cmp_elem(dt, x, base + p * inner, base + q * inner);
  if (desc) c = -c;
  return c > 0 || (c == 0 && p > q);
}

int msrt_argsort(msrt_dtype dt, msrt_dtype idt, int descending, int64_t outer, int64_t n,
                 int64_t inner, const void *x, void *out) {
  int64_t a, i, j;
  if (!dt_ok(dt) || !idt_ok(idt) || outer < 0 || n < 0 || inner < 0) return MSRT_EINVAL;
  for (a = 0; a < outer; a++)
    for (i = 0; i < inner; i++) {
      int64_t base = a * n * inner + i, end;
      /* the row of indices: element j at out[base + j * inner] */
#define ROW(k) (base + (k) * inner)
      for (j = 0; j < n; j++) put_idx(idt, out, ROW(j), j);
      /* heapify (max-heap by the sort order) */
      for (j = n / 2 - 1; j >= 0; j--) {
        int64_t r = j;
        for (;;) {
          int64_t c = 2 * r + 1, big;
          if (c >= n) break;
          big = c;
          if (c + 1 < n && after(dt, x, base, inner, descending, get_idx(idt, out, ROW(c + 1)),
                                 get_idx(idt, out, ROW(c))))
            big = c + 1;
          if (!after(dt, x, base, inner, descending, get_idx(idt, out, ROW(big)), get_idx(idt, out, ROW(r))))
            break;
          {
            int64_t t = get_idx(idt, out, ROW(r));
            put_idx(idt, out, ROW(r), get_idx(idt, out, ROW(big)));
            put_idx(idt, out, ROW(big), t);
          }
          r = big;
        }
      }
      for (end = n - 1; end > 0; end--) {
        int64_t r = 0;
        {
          int64_t t = get_idx(idt, out, ROW(0));
          put_idx(idt, out, ROW(0), get_idx(idt, out, ROW(end)));
          put_idx(idt, out, ROW(end), t);
        }
        for (;;) {
          int64_t c = 2 * r + 1, big;
          if (c >= end) break;
          big = c;
          if (c + 1 < end && after(dt, x, base, inner, descending, get_idx(idt, out, ROW(c + 1)),
                                   get_idx(idt, out, ROW(c))))
            big = c + 1;
          if (!after(dt, x, base, inner, descending, get_idx(idt, out, ROW(big)), get_idx(idt, out, ROW(r))))
            break;
          {
            int64_t t = get_idx(idt, out, ROW(r));
            put_idx(idt, out, ROW(r), get_idx(idt, out, ROW(big)));
            put_idx(idt, out, ROW(big), t);
          }
          r = big;
        }
      }
#undef ROW
    }
  return MSRT_OK;
}

/* ===================================================================
 * argselect: std::nth_element's order (MindSpore's TopK(sorted=False))
 * =================================================================== */

/* One row: positions p = 0..n-1 hold element indices (out[base + p * inner]). */
typedef struct Sel {
  msrt_dtype dt, idt;
  const void *x;
  void *out;
  int64_t base, inner;
  int desc;
} Sel;

static int64_t sel_get(const Sel *s, int64_t p) { return get_idx(s->idt, s->out, s->base + p * s->inner); }
static void sel_put(const Sel *s, int64_t p, int64_t v) { put_idx(s->idt, s->out, s->base + p * s->inner, v); }
static void sel_swap(const Sel *s, int64_t p, int64_t q) {
  int64_t t = sel_get(s, p);
  sel_put(s, p, sel_get(s, q));
  sel_put(s, q, t);
}

/* The kernel's comparator on element indices a, b: x[a] > x[b] (or <),
 * C's operators (false with a NaN). */
static int sel_comp_idx(const Sel *s, int64_t a, int64_t b) {
  int64_t i = s->base + a * s->inner, j = s->base + b * s->inner;
  int c;
  switch (s->dt) {
  case MSRT_FLOAT16: case MSRT_FLOAT32: case MSRT_FLOAT64: {
    double u, v;
    if (s->dt == MSRT_FLOAT16) {
      u = msrt_half_to_double(((const uint16_t *)s->x)[i]);
      v = msrt_half_to_double(((const uint16_t *)s->x)[j]);
    } else if (s->dt == MSRT_FLOAT32) {
      u = (double)((const float *)s->x)[i];
      v = (double)((const float *)s->x)[j];
    } else {
      u = ((const double *)s->x)[i];
      v = ((const double *)s->x)[j];
    }
    return s->desc ? u > v : u < v;
  }
  default:
    c = cmp_elem(s->dt, s->x, i, j); /* integers: no NaN */
    return s->desc ? c > 0 : c < 0;
  }
}

/* comp(*p, *q) on positions */
static int sel_comp(const Sel *s, int64_t p, int64_t q) { return sel_comp_idx(s, sel_get(s, p), sel_get(s, q)); }

/* libstdc++'s __push_heap / __adjust_heap over positions first.. (a
 * max-heap by comp), value an element index. */
static void sel_adjust_heap(const Sel *s, int64_t first, int64_t hole, int64_t len, int64_t value) {
  int64_t top = hole, child = hole, parent;
  while (child < (len - 1) / 2) {
    child = 2 * (child + 1);
    if (sel_comp(s, first + child, first + child - 1)) child--;
    sel_put(s, first + hole, sel_get(s, first + child));
    hole = child;
  }
  if ((len & 1) == 0 && child == (len - 2) / 2) {
    child = 2 * (child + 1);
    sel_put(s, first + hole, sel_get(s, first + child - 1));
    hole = child - 1;
  }
  parent = (hole - 1) / 2;
  while (hole > top && sel_comp_idx(s, sel_get(s, first + parent), value)) {
    sel_put(s, first + hole, sel_get(s, first + parent));
    hole = parent;
    parent = (hole - 1) / 2;
  }
  sel_put(s, first + hole, value);
}

/* __heap_select(first, middle, last): the heap of [first, middle) keeps
 * the (middle - first) smallest by comp. */
static void sel_heap_select(const Sel *s, int64_t first, int64_t middle, int64_t last) {
  int64_t len = middle - first, parent, i;
  if (len >= 2)
    for (parent = (len - 2) / 2;; parent--) {
      sel_adjust_heap(s, first, parent, len, sel_get(s, first + parent));
      if (parent == 0) break;
    }
  for (i = middle; i < last; i++)
    if (sel_comp(s, i, first)) { /* __pop_heap(first, middle, i) */
      int64_t value = sel_get(s, i);
      sel_put(s, i, sel_get(s, first));
      sel_adjust_heap(s, first, 0, len, value);
    }
}

/* __insertion_sort(first, last) */
static void sel_insertion_sort(const Sel *s, int64_t first, int64_t last) {
  int64_t i, p;
  for (i = first + 1; i < last; i++) {
    int64_t v = sel_get(s, i);
    if (sel_comp_idx(s, v, sel_get(s, first))) {
      for (p = i; p > first; p--) sel_put(s, p, sel_get(s, p - 1));
      sel_put(s, first, v);
    } else { /* __unguarded_linear_insert (bounded at first) */
      for (p = i; p > first && sel_comp_idx(s, v, sel_get(s, p - 1)); p--) sel_put(s, p, sel_get(s, p - 1));
      sel_put(s, p, v);
    }
  }
}

/* __move_median_to_first(result, a, b, c) */
static void sel_median_to_first(const Sel *s, int64_t r, int64_t a, int64_t b, int64_t c) {
  if (sel_comp(s, a, b)) {
    if (sel_comp(s, b, c)) sel_swap(s, r, b);
    else if (sel_comp(s, a, c)) sel_swap(s, r, c);
    else sel_swap(s, r, a);
  } else if (sel_comp(s, a, c)) {
    sel_swap(s, r, a);
  } else if (sel_comp(s, b, c)) {
    sel_swap(s, r, c);
  } else {
    sel_swap(s, r, b);
  }
}

/* __unguarded_partition_pivot(first, last): the pivot (a median of three)
 * moved to first, the rest partitioned around it; returns the cut. */
static int64_t sel_partition(const Sel *s, int64_t first, int64_t last) {
  int64_t lo = first + 1, hi = last;
  sel_median_to_first(s, first, first + 1, first + (last - first) / 2, last - 1);
  for (;;) {
    while (lo < last && sel_comp(s, lo, first)) lo++;
    hi--;
    while (hi > first && sel_comp(s, first, hi)) hi--;
    if (!(lo < hi)) return lo;
    sel_swap(s, lo, hi);
    lo++;
  }
}

int msrt_argselect(msrt_dtype dt, msrt_dtype idt, int descending, int64_t k, int64_t outer,
                   int64_t n, int64_t inner, const void *x, void *out) {
  int64_t a, i, j;
  if (!dt_ok(dt) || !idt_ok(idt) || outer < 0 || n < 0 || inner < 0 || k < 0 || k > n)
    return MSRT_EINVAL;
  for (a = 0; a < outer; a++)
    for (i = 0; i < inner; i++) {
      Sel s;
      int64_t first = 0, last = n, depth = 0, m;
      s.dt = dt;
      s.idt = idt;
      s.x = x;
      s.out = out;
      s.base = a * n * inner + i;
      s.inner = inner;
      s.desc = descending;
      for (j = 0; j < n; j++) sel_put(&s, j, j);
      if (k == n || n == 0) continue;
      for (m = n; m > 1; m >>= 1) depth++; /* 2 * floor(log2 n) */
      depth *= 2;
      while (last - first > 3) { /* __introselect */
        int64_t cut;
        if (depth == 0) {
          sel_heap_select(&s, first, k + 1, last);
          sel_swap(&s, first, k);
          break;
        }
        depth--;
        cut = sel_partition(&s, first, last);
        if (cut <= k) first = cut;
        else last = cut;
      }
      if (last - first <= 3) sel_insertion_sort(&s, first, last);
    }
  return MSRT_OK;
}
