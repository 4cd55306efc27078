/* list.c — Tuple, List (with a stable merge sort), Range and Slice: their
 * constructors, indexing and slicing (also slice assignment and deletion),
 * comparison, hashing and methods.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "valpriv.h"

/* The seq-len limit (frontend/limits.h): a MemoryError naming it. */
#define MAX_SEQ_LEN limit_get(LIM_SEQ_LEN)
static _Noreturn void too_long(Interp *I) {
  rt_raise(I, EXC_MemoryError, "a sequence of more than %lld items (raise the limit with --limit=seq-len=N)",
           (long long)limit_get(LIM_SEQ_LEN));
}

/* ---- Construction ------------------------------------------------------ */

Tuple *tuple_new(Interp *I, int64_t n) {
  if (n < 0 || n > MAX_SEQ_LEN) too_long(I);
  Tuple *t = (Tuple *)obj_alloc(I, OBJ_TUPLE, sizeof(Tuple) + (size_t)n * sizeof(Value));
  t->len = n;
  for (int64_t i = 0; i < n; i++) t->items[i] = v_none();
  return t;
}

Value tuple_pack(Interp *I, int n, ...) {
  Tuple *t = tuple_new(I, n);
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) t->items[i] = v_incref(va_arg(ap, Value));
  va_end(ap);
  return v_obj(&t->h);
}

static Tuple *tuple_from_array(Interp *I, int64_t n, const Value *items) { /* increfs */
  Tuple *t = tuple_new(I, n);
  for (int64_t i = 0; i < n; i++) t->items[i] = v_incref(items[i]);
  return t;
}

List *list_new(Interp *I, int64_t cap) {
  if (cap > MAX_SEQ_LEN) too_long(I);
  Value *items = NULL;
  if (cap > 0 && !(items = malloc((size_t)cap * sizeof(Value))))
    rt_raise(I, EXC_MemoryError, "cannot allocate a list of %lld items", (long long)cap);
  List *l = (List *)obj_alloc(I, OBJ_LIST, sizeof(List));
  if (cap > 0) {
    l->items = items;
    l->cap = cap;
  }
  return l;
}

static void list_reserve(Interp *I, List *l, int64_t need) {
  if (need <= l->cap) return;
  if (need > MAX_SEQ_LEN) too_long(I);
  int64_t cap = l->cap < 4 ? 4 : l->cap + (l->cap >> 1);
  if (cap < need) cap = need;
  if (cap > MAX_SEQ_LEN) cap = MAX_SEQ_LEN;
  Value *items = realloc(l->items, (size_t)cap * sizeof(Value));
  if (!items) rt_raise(I, EXC_MemoryError, "cannot grow a list to %lld items", (long long)cap);
  l->items = items;
  l->cap = cap;
}

void list_append(Interp *I, List *l, Value v) {
  if (l->len == l->cap) list_reserve(I, l, l->len + 1);
  l->items[l->len++] = v_incref(v);
}

static List *list_from_array(Interp *I, int64_t n, const Value *items) { /* increfs */
  List *l = list_new(I, n);
  for (int64_t i = 0; i < n; i++) l->items[i] = v_incref(items[i]);
  l->len = n;
  return l;
}

void list_extend(Interp *I, List *l, Value it) {
  if (v_is(it, OBJ_LIST) || v_is(it, OBJ_TUPLE)) {
    int64_t n = v_is(it, OBJ_LIST) ? AS_LIST(it)->len : AS_TUPLE(it)->len;
    list_reserve(I, l, l->len + n);
    /* items re-read after the reserve: l and it may be the same list */
    Value *src = v_is(it, OBJ_LIST) ? AS_LIST(it)->items : AS_TUPLE(it)->items;
    for (int64_t i = 0; i < n; i++) l->items[l->len + i] = v_incref(src[i]);
    l->len += n;
    return;
  }
  Value iter = rt_iter(I, it), x;
  while (rt_next(I, iter, &x)) {
    list_append(I, l, x);
    v_decref(I, x);
  }
  v_decref(I, iter);
}

Value list_from_iterable(Interp *I, Value it) {
  List *l = list_new(I, 0);
  list_extend(I, l, it);
  return v_obj(&l->h);
}

Value tuple_from_iterable(Interp *I, Value it) {
  if (v_is(it, OBJ_TUPLE)) return v_incref(it);
  if (v_is(it, OBJ_LIST)) return v_obj(&tuple_from_array(I, AS_LIST(it)->len, AS_LIST(it)->items)->h);
  Value l = list_from_iterable(I, it);
  Tuple *t = tuple_new(I, AS_LIST(l)->len);
  for (int64_t i = 0; i < t->len; i++) t->items[i] = AS_LIST(l)->items[i];
  AS_LIST(l)->len = 0; /* items moved */
  v_decref(I, l);
  return v_obj(&t->h);
}

Value range_new(Interp *I, int64_t start, int64_t stop, int64_t step) {
  if (step == 0) rt_raise(I, EXC_ValueError, "range() arg 3 must not be zero");
  Range *r = (Range *)obj_alloc(I, OBJ_RANGE, sizeof(Range));
  r->start = start;
  r->stop = stop;
  r->step = step;
  return v_obj(&r->h);
}

Value slice_new(Interp *I, Value start, Value stop, Value step) {
  Slice *s = (Slice *)obj_alloc(I, OBJ_SLICE, sizeof(Slice));
  s->start = v_incref(start.tag == V_UNDEF ? v_none() : start);
  s->stop = v_incref(stop.tag == V_UNDEF ? v_none() : stop);
  s->step = v_incref(step.tag == V_UNDEF ? v_none() : step);
  return v_obj(&s->h);
}

/* ---- Slices ---------------------------------------------------------------- */

static int64_t slice_part(Interp *I, Value v) {
  if (v.tag == V_INT) return v.as.i;
  if (v.tag == V_BOOL) return v.as.b;
  Value fn;
  if ((v_is(v, OBJ_INSTANCE) && rt_find_dunder(I, v, I->s.index, &fn)) || tensor_is_integral(v))
    return val_index(I, v); /* numpy's integer scalars have __index__ */
  rt_raise(I, EXC_TypeError, "slice indices must be integers or None or have an __index__ method");
}

int64_t slice_indices(Interp *I, Slice *s, int64_t len, int64_t *pstart, int64_t *pstop, int64_t *pstep) {
  int64_t step = 1, start, stop;
  if (s->step.tag != V_NONE) {
    step = slice_part(I, s->step);
    if (step == 0) rt_raise(I, EXC_ValueError, "slice step cannot be zero");
    if (step < -INT64_MAX) step = -INT64_MAX;
  }
  if (s->start.tag == V_NONE) {
    start = step < 0 ? len - 1 : 0;
  } else {
    start = slice_part(I, s->start);
    if (start < 0) {
      start = start < -len ? -1 : start + len;
      if (start < 0) start = step < 0 ? -1 : 0;
    } else if (start >= len) {
      start = step < 0 ? len - 1 : len;
    }
  }
  if (s->stop.tag == V_NONE) {
    stop = step < 0 ? -1 : len;
  } else {
    stop = slice_part(I, s->stop);
    if (stop < 0) {
      stop = stop < -len ? -1 : stop + len;
      if (stop < 0) stop = step < 0 ? -1 : 0;
    } else if (stop >= len) {
      stop = step < 0 ? len - 1 : len;
    }
  }
  *pstart = start;
  *pstop = stop;
  *pstep = step;
  if (step < 0) return stop < start ? (start - stop - 1) / (-step) + 1 : 0;
  return start < stop ? (stop - start - 1) / step + 1 : 0;
}

/* ---- Indexing ---------------------------------------------------------------- */

static Value *seq_items(Value v, int64_t *n) {
  if (v_is(v, OBJ_LIST)) { *n = AS_LIST(v)->len; return AS_LIST(v)->items; }
  *n = AS_TUPLE(v)->len;
  return AS_TUPLE(v)->items;
}

static bool index_like(Interp *I, Value key) {
  Value fn;
  return key.tag == V_INT || key.tag == V_BOOL || tensor_is_integral(key) || /* numpy ints: val_index */
         (v_is(key, OBJ_INSTANCE) && rt_find_dunder(I, key, I->s.index, &fn));
}

static Value seq_getitem(Interp *I, Value seq, Value key, const char *what) {
  int64_t n;
  Value *items = seq_items(seq, &n);
  if (key.tag == V_INT) {
    int64_t i = key.as.i;
    if (i < 0) i += n;
    if (i < 0 || i >= n) rt_raise(I, EXC_IndexError, "%s index out of range", what);
    return v_incref(items[i]);
  }
  if (v_is(key, OBJ_SLICE)) {
    int64_t start, stop, step;
    int64_t cnt = slice_indices(I, (Slice *)key.as.o, n, &start, &stop, &step);
    items = seq_items(seq, &n);
    if (v_is(seq, OBJ_TUPLE)) {
      if (cnt == n && step == 1) return v_incref(seq);
      Tuple *t = tuple_new(I, cnt);
      for (int64_t k = 0, i = start; k < cnt; k++, i += step) t->items[k] = v_incref(items[i]);
      return v_obj(&t->h);
    }
    List *l = list_new(I, cnt);
    for (int64_t k = 0, i = start; k < cnt; k++, i += step) l->items[k] = v_incref(items[i]);
    l->len = cnt;
    return v_obj(&l->h);
  }
  if (index_like(I, key)) {
    int64_t i = rt_seq_index(I, v_int(val_index(I, key)), n, what);
    return v_incref(seq_items(seq, &n)[i]);
  }
  rt_raise(I, EXC_TypeError, "%s indices must be integers or slices, not %s", what, rt_type_name(I, key));
}

Value list_getitem(Interp *I, List *l, Value key) { return seq_getitem(I, v_obj(&l->h), key, "list"); }
Value tuple_getitem(Interp *I, Tuple *t, Value key) { return seq_getitem(I, v_obj(&t->h), key, "tuple"); }

static void list_del_range(Interp *I, List *l, int64_t lo, int64_t hi) {
  if (hi <= lo) return;
  int64_t n = hi - lo;
  Value *dead = xmalloc((size_t)n * sizeof(Value));
  memcpy(dead, l->items + lo, (size_t)n * sizeof(Value));
  memmove(l->items + lo, l->items + hi, (size_t)(l->len - hi) * sizeof(Value));
  l->len -= n;
  for (int64_t i = 0; i < n; i++) v_decref(I, dead[i]);
  free(dead);
}

void list_setitem(Interp *I, List *l, Value key, Value val) {
  if (v_is(key, OBJ_SLICE)) {
    int64_t start, stop, step;
    int64_t cnt = slice_indices(I, (Slice *)key.as.o, l->len, &start, &stop, &step);
    Value src = v_is(val, OBJ_LIST) && AS_LIST(val) != l ? v_incref(val) : list_from_iterable(I, val);
    List *s = AS_LIST(src);
    if (step == 1) {
      if (stop < start) stop = start;
      int64_t old = stop - start, n = s->len;
      Value *dead = old ? xmalloc((size_t)old * sizeof(Value)) : NULL;
      if (old) memcpy(dead, l->items + start, (size_t)old * sizeof(Value));
      if (n > old) list_reserve(I, l, l->len + n - old);
      memmove(l->items + start + n, l->items + stop, (size_t)(l->len - stop) * sizeof(Value));
      for (int64_t i = 0; i < n; i++) l->items[start + i] = v_incref(s->items[i]);
      l->len += n - old;
      for (int64_t i = 0; i < old; i++) v_decref(I, dead[i]);
      free(dead);
      v_decref(I, src);
      return;
    }
    if (s->len != cnt) {
      int64_t have = s->len;
      v_decref(I, src);
      rt_raise(I, EXC_ValueError, "attempt to assign sequence of size %" PRId64 " to extended slice of size %" PRId64,
               have, cnt);
    }
    for (int64_t k = 0, i = start; k < cnt; k++, i += step) {
      Value old = l->items[i];
      l->items[i] = v_incref(s->items[k]);
      v_decref(I, old);
    }
    v_decref(I, src);
    return;
  }
  if (!index_like(I, key))
    rt_raise(I, EXC_TypeError, "list indices must be integers or slices, not %s", rt_type_name(I, key));
  int64_t i = val_index(I, key);
  if (i < 0) i += l->len;
  if (i < 0 || i >= l->len) rt_raise(I, EXC_IndexError, "list assignment index out of range");
  Value old = l->items[i];
  l->items[i] = v_incref(val);
  v_decref(I, old);
}

void list_delitem(Interp *I, List *l, Value key) {
  if (v_is(key, OBJ_SLICE)) {
    int64_t start, stop, step;
    int64_t cnt = slice_indices(I, (Slice *)key.as.o, l->len, &start, &stop, &step);
    if (cnt == 0) return;
    if (step == 1) { list_del_range(I, l, start, start + cnt); return; }
    if (step < 0) { start = start + step * (cnt - 1); step = -step; }
    Value *dead = xmalloc((size_t)cnt * sizeof(Value));
    int64_t w = start, k = 0;
    for (int64_t i = start; i < l->len; i++) {
      if (k < cnt && i == start + k * step) { dead[k++] = l->items[i]; continue; }
      l->items[w++] = l->items[i];
    }
    l->len = w;
    for (int64_t i = 0; i < cnt; i++) v_decref(I, dead[i]);
    free(dead);
    return;
  }
  if (!index_like(I, key))
    rt_raise(I, EXC_TypeError, "list indices must be integers or slices, not %s", rt_type_name(I, key));
  int64_t i = val_index(I, key);
  if (i < 0) i += l->len;
  if (i < 0 || i >= l->len) rt_raise(I, EXC_IndexError, "list assignment index out of range");
  list_del_range(I, l, i, i + 1);
}

/* ---- Ranges ----------------------------------------------------------------- */

int64_t range_len(Range *r) {
  __int128 lo = r->start, hi = r->stop, st = r->step, n = 0;
  if (st > 0 && lo < hi) n = (hi - lo - 1) / st + 1;
  else if (st < 0 && lo > hi) n = (lo - hi - 1) / (-st) + 1;
  return n > INT64_MAX ? INT64_MAX : (int64_t)n;
}

/* len() of a range, which must fit in 64 bits (CPython: ssize_t). */
int64_t range_len_checked(Interp *I, Range *r) {
  __int128 lo = r->start, hi = r->stop, st = r->step;
  if ((st > 0 && lo < hi && (hi - lo - 1) / st + 1 > INT64_MAX) ||
      (st < 0 && lo > hi && (lo - hi - 1) / (-st) + 1 > INT64_MAX))
    rt_raise(I, EXC_OverflowError, "Python int too large to convert to C ssize_t");
  return range_len(r);
}

static int64_t range_item(Range *r, int64_t i) { return (int64_t)((__int128)r->start + (__int128)i * r->step); }

Value range_getitem(Interp *I, Range *r, Value key) {
  int64_t n = range_len_checked(I, r);
  if (v_is(key, OBJ_SLICE)) {
    int64_t start, stop, step;
    int64_t cnt = slice_indices(I, (Slice *)key.as.o, n, &start, &stop, &step);
    __int128 nstep = (__int128)step * r->step;
    __int128 nstart = (__int128)r->start + (__int128)start * r->step;
    __int128 nstop = nstart + (__int128)cnt * nstep;
    if (nstep > INT64_MAX || nstep < INT64_MIN || nstop > INT64_MAX || nstop < INT64_MIN)
      rt_raise(I, EXC_OverflowError, "integer overflow: result does not fit in 64 bits (msc integers are 64-bit)");
    return range_new(I, (int64_t)nstart, (int64_t)nstop, (int64_t)nstep);
  }
  if (!index_like(I, key))
    rt_raise(I, EXC_TypeError, "range indices must be integers or slices, not %s", rt_type_name(I, key));
  int64_t i = rt_seq_index(I, v_int(val_index(I, key)), n, "range object");
  return v_int(range_item(r, i));
}

bool range_contains(Interp *I, Range *r, Value v) {
  if (v.tag == V_INT || v.tag == V_BOOL) {
    __int128 x = num_i(v);
    if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
    return (x - r->start) % r->step == 0;
  }
  int64_t n = range_len(r);
  for (int64_t i = 0; i < n; i++)
    if (rt_eq(I, v_int(range_item(r, i)), v)) return true;
  return false;
}

bool range_eq(Range *a, Range *b) {
  if (a == b) return true;
  int64_t n = range_len(a);
  if (n != range_len(b)) return false;
  if (n == 0) return true;
  if (a->start != b->start) return false;
  if (n == 1) return true;
  return a->step == b->step;
}

/* ---- Comparison and hashing --------------------------------------------------- */

static bool seq_compare_in(Interp *I, CmpOp op, const Value *a, int64_t na, const Value *b, int64_t nb);

/* Nested sequences recurse through rt_eq/rt_compare: counted against the
 * recursion limit as CPython does (an exception restores I->depth). */
bool seq_compare(Interp *I, CmpOp op, const Value *a, int64_t na, const Value *b, int64_t nb) {
  rt_recursion_enter(I, " in comparison");
  bool r = seq_compare_in(I, op, a, na, b, nb);
  rt_recursion_leave(I);
  return r;
}

static bool seq_compare_in(Interp *I, CmpOp op, const Value *a, int64_t na, const Value *b, int64_t nb) {
  if ((op == CMP_EQ || op == CMP_NE) && na != nb) return op == CMP_NE;
  int64_t i = 0;
  for (; i < na && i < nb; i++) {
    if (rt_is(a[i], b[i])) continue;
    if (!rt_eq(I, a[i], b[i])) break;
  }
  if (i >= na || i >= nb) {
    switch (op) {
    case CMP_EQ: return na == nb;
    case CMP_NE: return na != nb;
    case CMP_LT: return na < nb;
    case CMP_LE: return na <= nb;
    case CMP_GT: return na > nb;
    default: return na >= nb;
    }
  }
  if (op == CMP_EQ) return false;
  if (op == CMP_NE) return true;
  Value r = rt_compare(I, op, a[i], b[i]);
  bool t = rt_truthy(I, r);
  v_decref(I, r);
  return t;
}

uint64_t tuple_hash(Interp *I, Tuple *t) {
  const uint64_t P1 = 11400714785074694791ull, P2 = 14029467366897019727ull, P5 = 2870177450012600261ull;
  uint64_t acc = P5;
  for (int64_t i = 0; i < t->len; i++) {
    uint64_t lane = rt_hash(I, t->items[i]);
    acc += lane * P2;
    acc = (acc << 31) | (acc >> 33);
    acc *= P1;
  }
  acc += (uint64_t)t->len ^ (P5 ^ 3527539ull);
  if (acc == (uint64_t)-1) return 1546275796;
  return acc;
}

/* ---- Operators -------------------------------------------------------------------- */

Value list_repeat(Interp *I, Value seq, int64_t n) {
  int64_t len;
  Value *items = seq_items(seq, &len);
  if (n < 0) n = 0;
  if (v_is(seq, OBJ_TUPLE) && n == 1) return v_incref(seq);
  int64_t total;
  if (__builtin_mul_overflow(len, n, &total) || total > MAX_SEQ_LEN) too_long(I);
  if (v_is(seq, OBJ_TUPLE)) {
    Tuple *t = tuple_new(I, total);
    for (int64_t k = 0; k < total; k++) t->items[k] = v_incref(items[k % len]);
    return v_obj(&t->h);
  }
  List *l = list_new(I, total);
  for (int64_t k = 0; k < total; k++) l->items[k] = v_incref(items[k % len]);
  l->len = total;
  return v_obj(&l->h);
}

Value seq_concat(Interp *I, Value a, Value b) {
  int64_t na, nb;
  Value *ia = seq_items(a, &na), *ib = seq_items(b, &nb);
  if (v_is(a, OBJ_TUPLE)) {
    if (nb == 0) return v_incref(a);
    if (na == 0) return v_incref(b);
    Tuple *t = tuple_new(I, na + nb);
    for (int64_t i = 0; i < na; i++) t->items[i] = v_incref(ia[i]);
    for (int64_t i = 0; i < nb; i++) t->items[na + i] = v_incref(ib[i]);
    return v_obj(&t->h);
  }
  List *l = list_new(I, na + nb);
  for (int64_t i = 0; i < na; i++) l->items[i] = v_incref(ia[i]);
  for (int64_t i = 0; i < nb; i++) l->items[na + i] = v_incref(ib[i]);
  l->len = na + nb;
  return v_obj(&l->h);
}

/* ---- Sorting ------------------------------------------------------------------------- */

enum { SORT_GENERIC, SORT_INT, SORT_NUM, SORT_STR };

typedef struct SortCtx {
  Interp *I;
  const Value *keys;
  bool reverse;
  int mode;
} SortCtx;

static bool key_lt(SortCtx *c, Value a, Value b) {
  switch (c->mode) {
  case SORT_INT: return a.as.i < b.as.i;
  case SORT_NUM: return num_cmp(a, b) == -1;
  case SORT_STR: return str_cmp(AS_STR(a), AS_STR(b)) < 0;
  default: {
    Value r = rt_compare(c->I, CMP_LT, a, b);
    if (r.tag == V_BOOL) return r.as.b;
    bool t = rt_truthy(c->I, r);
    v_decref(c->I, r);
    return t;
  }
  }
}

/* x must come strictly before y */
static bool before(SortCtx *c, int64_t x, int64_t y) {
  return c->reverse ? key_lt(c, c->keys[y], c->keys[x]) : key_lt(c, c->keys[x], c->keys[y]);
}

static void merge_sort(SortCtx *c, int64_t *a, int64_t *tmp, int64_t n) {
  const int64_t RUN = 16;
  for (int64_t lo = 0; lo < n; lo += RUN) {
    int64_t hi = lo + RUN < n ? lo + RUN : n;
    for (int64_t i = lo + 1; i < hi; i++) {
      int64_t x = a[i], j = i;
      while (j > lo && before(c, x, a[j - 1])) { a[j] = a[j - 1]; j--; }
      a[j] = x;
    }
  }
  for (int64_t w = RUN; w < n; w *= 2) {
    for (int64_t lo = 0; lo + w < n; lo += 2 * w) {
      int64_t mid = lo + w, hi = lo + 2 * w < n ? lo + 2 * w : n;
      if (!before(c, a[mid], a[mid - 1])) continue; /* already in order */
      memcpy(tmp, a + lo, (size_t)w * sizeof(int64_t));
      int64_t i = 0, j = mid, k = lo;
      while (i < w && j < hi) {
        if (before(c, a[j], tmp[i])) a[k++] = a[j++];
        else a[k++] = tmp[i++];
      }
      while (i < w) a[k++] = tmp[i++];
    }
  }
}

/* Sorts hold's items (keys computed into keys, when given) into l. */
static void sort_into(Interp *I, List *hold, List *keys, List *perm, Value key, bool reverse) {
  int64_t n = hold->len;
  if (keys) {
    for (int64_t i = 0; i < n; i++) {
      keys->items[i] = rt_call1(I, key, hold->items[i]);
      keys->len = i + 1;
    }
  }
  SortCtx c = {I, keys ? keys->items : hold->items, reverse, SORT_GENERIC};
  bool all_int = true, all_num = true, all_str = true;
  for (int64_t i = 0; i < n; i++) {
    Value k = c.keys[i];
    if (k.tag != V_INT) all_int = false;
    if (k.tag != V_INT && k.tag != V_FLOAT) all_num = false;
    if (!v_is(k, OBJ_STR)) all_str = false;
  }
  c.mode = all_int ? SORT_INT : all_num ? SORT_NUM : all_str ? SORT_STR : SORT_GENERIC;
  int64_t *p = (int64_t *)(void *)perm->items, *tmp = p + n;
  for (int64_t i = 0; i < n; i++) p[i] = i;
  merge_sort(&c, p, tmp, n);
  Value *sorted = xmalloc((size_t)n * sizeof(Value));
  for (int64_t i = 0; i < n; i++) sorted[i] = hold->items[p[i]];
  free(hold->items);
  hold->items = sorted;
  hold->cap = n;
}

/* Gives hold's items back to l (after a sort or a failed one). */
static void sort_restore(Interp *I, List *l, List *hold) {
  if (l->len == 0 && !l->items) {
    l->items = hold->items;
    l->len = hold->len;
    l->cap = hold->cap;
    hold->items = NULL;
    hold->len = hold->cap = 0;
    return;
  }
  /* the list was modified during the sort: keep both */
  for (int64_t i = 0; i < hold->len; i++) list_append(I, l, hold->items[i]);
}

void list_sort(Interp *I, List *const l, const Value key, const bool reverse) {
  int64_t n = l->len;
  bool has_key = key.tag != V_NONE && key.tag != V_UNDEF;
  if (n < 2) {
    if (n == 1 && has_key) v_decref(I, rt_call1(I, key, l->items[0]));
    return;
  }
  /* Take the items out of the list while sorting (CPython does the same);
   * the scratch lists are objects, so an error cannot strand memory. */
  List *volatile hold = list_new(I, 0);
  hold->items = l->items;
  hold->len = n;
  hold->cap = l->cap;
  l->items = NULL;
  l->len = l->cap = 0;
  List *volatile keys = has_key ? list_new(I, n) : NULL;
  List *volatile perm = list_new(I, 0);
  perm->items = xmalloc((size_t)n * sizeof(int64_t) * 2);
  Catch c;
  if (!RT_TRY(I, &c)) {
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    sort_restore(I, l, hold);
    obj_decref(I, &perm->h);
    obj_decref(I, &hold->h);
    if (keys) obj_decref(I, &keys->h);
    reraise_owned(I, e);
  }
  sort_into(I, hold, keys, perm, key, reverse);
  rt_catch_pop(I, &c);
  bool modified = l->len != 0 || l->items != NULL;
  sort_restore(I, l, hold);
  obj_decref(I, &perm->h);
  obj_decref(I, &hold->h);
  if (keys) obj_decref(I, &keys->h);
  if (modified) rt_raise(I, EXC_ValueError, "list modified during sort");
}

/* ---- Constructors ---------------------------------------------------------------------- */

Value list_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list", kw);
  args_count(I, "list", argc, 0, 1);
  if (argc == 0) return v_obj(&list_new(I, 0)->h);
  return list_from_iterable(I, argv[0]);
}

Value tuple_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "tuple", kw);
  args_count(I, "tuple", argc, 0, 1);
  if (argc == 0) return v_obj(&tuple_new(I, 0)->h);
  return tuple_from_iterable(I, argv[0]);
}

/* In a graph (graph_builtin_seq) range gives a tuple, as MindSpore's
 * graphs do (python_builtin_functions.md "range"), up to 2^20 items. */
static Value graph_range(Interp *I, Value r) {
  Range *g = (Range *)r.as.o;
  int64_t n = 0;
  if (g->step > 0 && g->start < g->stop) n = (g->stop - g->start - 1) / g->step + 1;
  else if (g->step < 0 && g->start > g->stop) n = (g->start - g->stop - 1) / -g->step + 1;
  if (n > (1 << 20)) return r;
  Tuple *t = tuple_new(I, n);
  for (int64_t i = 0; i < n; i++) t->items[i] = v_int(g->start + i * g->step);
  v_decref(I, r);
  return v_obj(&t->h);
}

Value range_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "range", kw);
  args_count(I, "range", argc, 1, 3);
  Value r;
  if (argc == 1) {
    r = range_new(I, 0, val_index(I, argv[0]), 1);
  } else {
    int64_t start = val_index(I, argv[0]), stop = val_index(I, argv[1]);
    int64_t step = argc == 3 ? val_index(I, argv[2]) : 1;
    r = range_new(I, start, stop, step);
  }
  return graph_builtin_seq(I) ? graph_range(I, r) : r;
}

Value slice_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "slice", kw);
  args_count(I, "slice", argc, 1, 3);
  if (argc == 1) return slice_new(I, v_none(), argv[0], v_none());
  return slice_new(I, argv[0], argv[1], argc == 3 ? argv[2] : v_none());
}

/* ---- Methods ------------------------------------------------------------------------------ */

#define LSELF AS_LIST(argv[0])

static Value l_append(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list.append", kw);
  if (argc != 2) args_count(I, "list.append", argc - 1, 1, 1);
  list_append(I, LSELF, argv[1]);
  return v_none();
}

static Value l_extend(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list.extend", kw);
  args_count(I, "list.extend", argc - 1, 1, 1);
  if (v_is(argv[1], OBJ_TENSOR) && ((Tensor *)argv[1].as.o)->ndim > 0 && graph_builtin_seq(I)) {
    /* MindSpore's graphs append the tensor's shape-[1] slices (static_graph.md "List.extend") */
    int64_t n = ((Tensor *)argv[1].as.o)->shape[0];
    for (int64_t i = 0; i < n; i++) {
      Value key = slice_new(I, v_int(i), v_int(i + 1), v_none());
      Value x = rt_getitem(I, argv[1], key);
      v_decref(I, key);
      list_append(I, LSELF, x);
      v_decref(I, x);
    }
    return v_none();
  }
  list_extend(I, LSELF, argv[1]);
  return v_none();
}

static Value l_insert(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "insert", kw);
  args_count(I, "insert", argc - 1, 2, 2);
  List *l = LSELF;
  int64_t i = val_index(I, argv[1]);
  if (i < 0) { i += l->len; if (i < 0) i = 0; }
  if (i > l->len) i = l->len;
  list_reserve(I, l, l->len + 1);
  memmove(l->items + i + 1, l->items + i, (size_t)(l->len - i) * sizeof(Value));
  l->items[i] = v_incref(argv[2]);
  l->len++;
  return v_none();
}

static Value l_pop(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "pop", kw);
  args_count(I, "pop", argc - 1, 0, 1);
  List *l = LSELF;
  int64_t i = argc > 1 ? val_index(I, argv[1]) : -1;
  if (l->len == 0) rt_raise(I, EXC_IndexError, "pop from empty list");
  if (i < 0) i += l->len;
  if (i < 0 || i >= l->len) rt_raise(I, EXC_IndexError, "pop index out of range");
  Value v = l->items[i];
  memmove(l->items + i, l->items + i + 1, (size_t)(l->len - i - 1) * sizeof(Value));
  l->len--;
  return v;
}

static int64_t find_item(Interp *I, Value seq, Value x, int64_t start, int64_t stop) {
  for (int64_t i = start;; i++) {
    int64_t n;
    Value *items = seq_items(seq, &n);
    if (i >= n || i >= stop) return -1;
    Value it = v_incref(items[i]);
    bool eq = rt_is(it, x) || rt_eq(I, it, x);
    v_decref(I, it);
    if (eq) return i;
  }
}

static Value l_remove(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list.remove", kw);
  args_count(I, "list.remove", argc - 1, 1, 1);
  int64_t i = find_item(I, argv[0], argv[1], 0, INT64_MAX);
  if (i < 0) rt_raise(I, EXC_ValueError, "list.remove(x): x not in list");
  list_del_range(I, LSELF, i, i + 1);
  return v_none();
}

static void index_bounds(Interp *I, int argc, Value *argv, int64_t n, int64_t *start, int64_t *stop) {
  *start = 0;
  *stop = INT64_MAX;
  if (argc > 2) {
    *start = val_index(I, argv[2]);
    if (*start < 0) { *start += n; if (*start < 0) *start = 0; }
  }
  if (argc > 3) {
    *stop = val_index(I, argv[3]);
    if (*stop < 0) { *stop += n; if (*stop < 0) *stop = 0; }
  }
}

static Value seq_index_method(Interp *I, int argc, Value *argv, KwArgs *kw, bool is_list) {
  args_no_kw(I, "index", kw);
  args_count(I, "index", argc - 1, 1, 3);
  int64_t n, start, stop;
  seq_items(argv[0], &n);
  index_bounds(I, argc, argv, n, &start, &stop);
  int64_t i = find_item(I, argv[0], argv[1], start, stop);
  if (i >= 0) return v_int(i);
  if (!is_list) rt_raise(I, EXC_ValueError, "tuple.index(x): x not in tuple");
  Str *r = rt_repr(I, argv[1]);
  char msg[256];
  snprintf(msg, sizeof msg, "%.200s", r->data);
  obj_decref(I, &r->h);
  rt_raise(I, EXC_ValueError, "%s is not in list", msg);
}
static Value l_index(Interp *I, int argc, Value *argv, KwArgs *kw) { return seq_index_method(I, argc, argv, kw, true); }
static Value t_index(Interp *I, int argc, Value *argv, KwArgs *kw) { return seq_index_method(I, argc, argv, kw, false); }

static Value seq_count(Interp *I, int argc, Value *argv, KwArgs *kw, const char *name) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc - 1, 1, 1);
  int64_t c = 0;
  for (int64_t i = 0;; i++) {
    int64_t n;
    Value *items = seq_items(argv[0], &n);
    if (i >= n) break;
    Value it = v_incref(items[i]);
    if (rt_is(it, argv[1]) || rt_eq(I, it, argv[1])) c++;
    v_decref(I, it);
  }
  return v_int(c);
}
static Value l_count(Interp *I, int argc, Value *argv, KwArgs *kw) { return seq_count(I, argc, argv, kw, "list.count"); }
static Value t_count(Interp *I, int argc, Value *argv, KwArgs *kw) { return seq_count(I, argc, argv, kw, "tuple.count"); }

static Value l_sort(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"*", "key", "reverse"};
  Value a[2];
  args_bind(I, "sort", argc - 1, argv + 1, kw, 0, 3, names, a);
  bool rev = a[1].tag != V_UNDEF && rt_truthy(I, a[1]);
  list_sort(I, LSELF, a[0].tag == V_UNDEF ? v_none() : a[0], rev);
  return v_none();
}

static Value l_reverse(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list.reverse", kw);
  args_count(I, "list.reverse", argc - 1, 0, 0);
  List *l = LSELF;
  for (int64_t i = 0, j = l->len - 1; i < j; i++, j--) {
    Value t = l->items[i];
    l->items[i] = l->items[j];
    l->items[j] = t;
  }
  return v_none();
}

static Value l_copy(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list.copy", kw);
  args_count(I, "list.copy", argc - 1, 0, 0);
  return v_obj(&list_from_array(I, LSELF->len, LSELF->items)->h);
}

static Value l_clear(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "list.clear", kw);
  args_count(I, "list.clear", argc - 1, 0, 0);
  List *l = LSELF;
  list_del_range(I, l, 0, l->len);
  return v_none();
}

static Value seq_len_method(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__len__", kw);
  args_count(I, "__len__", argc - 1, 0, 0);
  return v_int(rt_len(I, argv[0]));
}

static Value seq_getitem_method(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__getitem__", kw);
  args_count(I, "__getitem__", argc - 1, 1, 1);
  return rt_getitem(I, argv[0], argv[1]);
}

static Value r_start(Interp *I, int argc, Value *argv, KwArgs *kw) { (void)I; (void)argc; (void)kw; return v_int(((Range *)argv[0].as.o)->start); }
static Value r_stop(Interp *I, int argc, Value *argv, KwArgs *kw) { (void)I; (void)argc; (void)kw; return v_int(((Range *)argv[0].as.o)->stop); }
static Value r_step(Interp *I, int argc, Value *argv, KwArgs *kw) { (void)I; (void)argc; (void)kw; return v_int(((Range *)argv[0].as.o)->step); }

static Value r_index(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "index", kw);
  args_count(I, "range.index", argc - 1, 1, 1);
  Range *r = (Range *)argv[0].as.o;
  if ((argv[1].tag == V_INT || argv[1].tag == V_BOOL) && range_contains(I, r, argv[1]))
    return v_int((int64_t)(((__int128)num_i(argv[1]) - r->start) / r->step));
  if (argv[1].tag != V_INT && argv[1].tag != V_BOOL) {
    int64_t n = range_len(r);
    for (int64_t i = 0; i < n; i++)
      if (rt_eq(I, v_int(range_item(r, i)), argv[1])) return v_int(i);
  }
  Str *rep = rt_repr(I, argv[1]);
  char msg[256];
  snprintf(msg, sizeof msg, "%.200s", rep->data);
  obj_decref(I, &rep->h);
  rt_raise(I, EXC_ValueError, "%s is not in range", msg);
}

static Value r_count(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "count", kw);
  args_count(I, "range.count", argc - 1, 1, 1);
  Range *r = (Range *)argv[0].as.o;
  if (argv[1].tag == V_INT || argv[1].tag == V_BOOL) return v_int(range_contains(I, r, argv[1]));
  int64_t n = range_len(r), c = 0;
  for (int64_t i = 0; i < n; i++)
    if (rt_eq(I, v_int(range_item(r, i)), argv[1])) c++;
  return v_int(c);
}

static Value sl_start(Interp *I, int argc, Value *argv, KwArgs *kw) { (void)I; (void)argc; (void)kw; return v_incref(((Slice *)argv[0].as.o)->start); }
static Value sl_stop(Interp *I, int argc, Value *argv, KwArgs *kw) { (void)I; (void)argc; (void)kw; return v_incref(((Slice *)argv[0].as.o)->stop); }
static Value sl_step(Interp *I, int argc, Value *argv, KwArgs *kw) { (void)I; (void)argc; (void)kw; return v_incref(((Slice *)argv[0].as.o)->step); }

static Value sl_indices(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "slice.indices", kw);
  args_count(I, "slice.indices", argc - 1, 1, 1);
  int64_t len = val_index(I, argv[1]);
  if (len < 0) rt_raise(I, EXC_ValueError, "length should not be negative");
  int64_t start, stop, step;
  slice_indices(I, (Slice *)argv[0].as.o, len, &start, &stop, &step);
  return tuple_pack(I, 3, v_int(start), v_int(stop), v_int(step));
}

void list_init(Interp *I) {
  Class *lc = I->cls[OBJ_LIST], *tc = I->cls[OBJ_TUPLE], *rc = I->cls[OBJ_RANGE], *sc = I->cls[OBJ_SLICE];
  class_add_native(I, lc, "append", l_append);
  class_add_native(I, lc, "extend", l_extend);
  class_add_native(I, lc, "insert", l_insert);
  class_add_native(I, lc, "pop", l_pop);
  class_add_native(I, lc, "remove", l_remove);
  class_add_native(I, lc, "index", l_index);
  class_add_native(I, lc, "count", l_count);
  class_add_native(I, lc, "sort", l_sort);
  class_add_native(I, lc, "reverse", l_reverse);
  class_add_native(I, lc, "copy", l_copy);
  class_add_native(I, lc, "clear", l_clear);
  class_add_native(I, lc, "__len__", seq_len_method);
  class_add_native(I, lc, "__getitem__", seq_getitem_method);
  class_add_native(I, tc, "index", t_index);
  class_add_native(I, tc, "count", t_count);
  class_add_native(I, tc, "__len__", seq_len_method);
  class_add_native(I, tc, "__getitem__", seq_getitem_method);
  class_add_property(I, rc, "start", r_start);
  class_add_property(I, rc, "stop", r_stop);
  class_add_property(I, rc, "step", r_step);
  class_add_native(I, rc, "index", r_index);
  class_add_native(I, rc, "count", r_count);
  class_add_property(I, sc, "start", sl_start);
  class_add_property(I, sc, "stop", sl_stop);
  class_add_property(I, sc, "step", sl_step);
  class_add_native(I, sc, "indices", sl_indices);
}
