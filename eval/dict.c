/* dict.c — Dict (CPython's compact ordered dict: an entries array in
 * insertion order plus an open-addressing index with perturbed probing) and
 * Set (the same layout, values None), their views, methods and operators.
 *
 * Keys are compared by hash, then by identity, then by value (so 1, 1.0
 * and True are one key). A deleted entry's key becomes V_UNDEF and its
 * index slot DUMMY until the next rebuild. Sets use CPython's own set
 * table instead (see "Sets" below) so that they iterate in CPython's order.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "valpriv.h"

#define MIN_INDEX 8
#define DUMMY (-2) /* index slot of a deleted entry: probing goes on */

Dict *dict_new(Interp *I) { return (Dict *)obj_alloc(I, OBJ_DICT, sizeof(Dict)); }
Set *set_new(Interp *I) { return (Set *)obj_alloc(I, OBJ_SET, sizeof(Set)); }

void dict_free_mem(Dict *d) {
  free(d->entries);
  free(d->index);
  d->entries = NULL;
  d->index = NULL;
}

/* Rebuilds entries (dropping deleted ones) and the index for room for at
 * least `need` entries. */
static void dict_rebuild(Dict *d, int64_t need) {
  int64_t cap = MIN_INDEX * 2 / 3 + 1;
  while (cap < need) cap *= 2;
  int64_t icap = MIN_INDEX;
  while (icap * 2 < cap * 3) icap *= 2;
  cap = icap * 2 / 3;
  DictEntry *ne = xmalloc((size_t)cap * sizeof(DictEntry));
  int64_t n = 0;
  for (int64_t i = 0; i < d->nentries; i++)
    if (d->entries[i].key.tag != V_UNDEF) ne[n++] = d->entries[i];
  /* index[icap] counts the non-empty slots (live and DUMMY) */
  int64_t *idx = xmalloc((size_t)(icap + 1) * sizeof(int64_t));
  memset(idx, 0xff, (size_t)icap * sizeof(int64_t));
  idx[icap] = n;
  uint64_t mask = (uint64_t)icap - 1;
  for (int64_t k = 0; k < n; k++) {
    uint64_t h = ne[k].hash, perturb = h, i = h & mask;
    while (idx[i] != -1) {
      perturb >>= 5;
      i = (i * 5 + perturb + 1) & mask;
    }
    idx[i] = k;
  }
  free(d->entries);
  free(d->index);
  d->entries = ne;
  d->index = idx;
  d->cap = cap;
  d->index_cap = icap;
  d->nentries = n;
  d->len = n;
}

static bool keys_equal(Interp *I, Value a, Value b) {
  if (a.tag == V_OBJ && b.tag == V_OBJ) {
    if (a.as.o == b.as.o) return true;
    if (a.as.o->kind == OBJ_STR && b.as.o->kind == OBJ_STR) return str_eq(AS_STR(a), AS_STR(b));
  } else if (is_num(a) && is_num(b)) {
    return num_cmp(a, b) == 0;
  } else if (a.tag == b.tag && a.tag != V_OBJ) {
    return true; /* None, Ellipsis, NotImplemented */
  }
  return rt_eq(I, a, b);
}

/* Returns the entry index of key, or -1; *slot gets the index-table slot
 * where a new key would go. */
static int64_t dict_lookup(Interp *I, Dict *d, Value key, uint64_t h, uint64_t *slot) {
  if (!d->index) { *slot = 0; return -1; }
restart:;
  uint64_t mask = (uint64_t)d->index_cap - 1, perturb = h, i = h & mask;
  for (;;) {
    int64_t ix = d->index[i];
    if (ix == -1) { *slot = i; return -1; }
    if (ix == DUMMY) goto next;
    DictEntry *e = &d->entries[ix];
    if (e->hash == h && e->key.tag != V_UNDEF) {
      Value k = e->key;
      if (k.tag == key.tag && (k.tag != V_OBJ || k.as.o == key.as.o) && (k.tag != V_INT || k.as.i == key.as.i))
        return ix;
      DictEntry *ents = d->entries;
      v_incref(k);
      bool eq = keys_equal(I, k, key);
      bool changed = d->entries != ents || e->key.tag == V_UNDEF || e->key.as.o != k.as.o;
      v_decref(I, k);
      if (changed) goto restart;
      if (eq) return ix;
    }
  next:
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
}

Value dict_get(Interp *I, Dict *d, Value key) {
  MSC_ASSERT(d->h.kind == OBJ_DICT);
  if (d->len == 0) {
    if (key.tag == V_OBJ && key.as.o->kind != OBJ_STR) rt_hash(I, key); /* unhashable check */
    return v_undef();
  }
  uint64_t slot, h = rt_hash(I, key);
  int64_t ix = dict_lookup(I, d, key, h, &slot);
  return ix < 0 ? v_undef() : d->entries[ix].val;
}

Value dict_get_str(Interp *I, Dict *d, Str *key) {
  if (!d->index) return v_undef();
  uint64_t h = str_hash(key), mask = (uint64_t)d->index_cap - 1, perturb = h, i = h & mask;
  for (;;) {
    int64_t ix = d->index[i];
    if (ix == -1) return v_undef();
    DictEntry *e = &d->entries[ix < 0 ? 0 : ix];
    if (ix >= 0 && e->hash == h && e->key.tag == V_OBJ) {
      if (e->key.as.o == &key->h) return e->val;
      if (e->key.as.o->kind == OBJ_STR) {
        if (str_eq(AS_STR(e->key), key)) return e->val;
      } else if (keys_equal(I, e->key, v_obj(&key->h))) {
        return e->val;
      }
    }
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
}

Str *dict_find_cstr(Dict *d, const char *s, size_t n, uint64_t h) {
  if (!d->index) return NULL;
  uint64_t mask = (uint64_t)d->index_cap - 1, perturb = h, i = h & mask;
  for (;;) {
    int64_t ix = d->index[i];
    if (ix == -1) return NULL;
    DictEntry *e = &d->entries[ix < 0 ? 0 : ix];
    if (ix >= 0 && e->hash == h && v_is(e->key, OBJ_STR)) {
      Str *k = AS_STR(e->key);
      if ((size_t)k->len == n && memcmp(k->data, s, n) == 0) return k;
    }
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
}

/* A reference was stored in d (value.h Dict.written). */
static inline void written(Interp *I, Dict *d) { d->written = I->vs->wclock; }

static void dict_insert_hashed(Interp *I, Dict *d, Value key, Value val, uint64_t h) {
  uint64_t slot;
  written(I, d);
  int64_t ix = dict_lookup(I, d, key, h, &slot);
  if (ix >= 0) {
    Value old = d->entries[ix].val;
    d->entries[ix].val = v_incref(val);
    v_decref(I, old);
    return;
  }
  if (!d->index || d->nentries >= d->cap || d->index[d->index_cap] * 3 >= d->index_cap * 2) {
    dict_rebuild(d, d->len + 1 > d->len * 2 ? d->len + 1 : d->len * 2);
    dict_lookup(I, d, key, h, &slot);
  }
  DictEntry *e = &d->entries[d->nentries];
  e->key = v_incref(key);
  e->val = v_incref(val);
  e->hash = h;
  d->index[slot] = d->nentries++;
  d->index[d->index_cap]++;
  d->len++;
}

void dict_set(Interp *I, Dict *d, Value key, Value val) { dict_insert_hashed(I, d, key, val, rt_hash(I, key)); }

void dict_set_str(Interp *I, Dict *d, Str *key, Value val) {
  dict_insert_hashed(I, d, v_obj(&key->h), val, str_hash(key));
}

static void dict_remove_entry(Interp *I, Dict *d, int64_t ix) {
  DictEntry *e = &d->entries[ix];
  uint64_t mask = (uint64_t)d->index_cap - 1, perturb = e->hash, i = e->hash & mask;
  while (d->index[i] != ix) {
    perturb >>= 5;
    i = (i * 5 + perturb + 1) & mask;
  }
  d->index[i] = DUMMY;
  Value k = e->key, v = e->val;
  e->key = v_undef();
  e->val = v_undef();
  d->len--;
  /* entries no index slot refers to any more can be reused */
  while (d->nentries > 0 && d->entries[d->nentries - 1].key.tag == V_UNDEF) d->nentries--;
  if (d->nentries > 32 && d->len < d->nentries / 4) dict_rebuild(d, d->len * 2);
  v_decref(I, k);
  v_decref(I, v);
}

bool dict_del(Interp *I, Dict *d, Value key) {
  if (d->len == 0) {
    rt_hash(I, key);
    return false;
  }
  uint64_t slot, h = rt_hash(I, key);
  int64_t ix = dict_lookup(I, d, key, h, &slot);
  if (ix < 0) return false;
  dict_remove_entry(I, d, ix);
  return true;
}

Value dict_getitem(Interp *I, Dict *d, Value key) {
  Value v = dict_get(I, d, key);
  if (v.tag == V_UNDEF) raise_with_value(I, EXC_KeyError, key);
  return v_incref(v);
}

static void dict_clear(Interp *I, Dict *d) {
  DictEntry *e = d->entries;
  int64_t n = d->nentries;
  free(d->index);
  d->entries = NULL;
  d->index = NULL;
  d->len = d->nentries = d->cap = d->index_cap = 0;
  for (int64_t i = 0; i < n; i++) {
    if (e[i].key.tag == V_UNDEF) continue;
    v_decref(I, e[i].key);
    v_decref(I, e[i].val);
  }
  free(e);
}

Dict *dict_copy(Interp *I, Dict *d) {
  Dict *r = (Dict *)obj_alloc(I, d->h.kind, sizeof(Dict));
  if (d->len == 0) return r;
  dict_rebuild(r, d->len);
  for (int64_t i = 0; i < d->nentries; i++) {
    DictEntry *e = &d->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    dict_insert_hashed(I, r, e->key, e->val, e->hash);
  }
  return r;
}

/* ---- Update / constructors ------------------------------------------------- */

static void dict_merge_pairs(Interp *I, Dict *d, Value src) {
  Value it = rt_iter(I, src), item;
  int64_t n = 0;
  while (rt_next(I, it, &item)) {
    Value k, v;
    if (v_is(item, OBJ_TUPLE) || v_is(item, OBJ_LIST)) {
      int64_t len = v_is(item, OBJ_TUPLE) ? AS_TUPLE(item)->len : AS_LIST(item)->len;
      Value *items = v_is(item, OBJ_TUPLE) ? AS_TUPLE(item)->items : AS_LIST(item)->items;
      if (len != 2) {
        v_decref(I, item);
        v_decref(I, it);
        rt_raise(I, EXC_ValueError, "dictionary update sequence element #%" PRId64 " has length %" PRId64 "; 2 is required", n, len);
      }
      k = items[0];
      v = items[1];
      dict_set(I, d, k, v);
    } else {
      Value fn;
      bool iterable = v_is(item, OBJ_STR) || v_is(item, OBJ_DICT) || v_is(item, OBJ_SET) ||
                      v_is(item, OBJ_RANGE) || v_is(item, OBJ_ITER) || v_is(item, OBJ_DICTVIEW) ||
                      (v_is(item, OBJ_INSTANCE) && (rt_find_dunder(I, item, I->s.iter, &fn) || rt_find_dunder(I, item, I->s.getitem, &fn)));
      if (!iterable) {
        v_decref(I, item);
        v_decref(I, it);
        rt_raise(I, EXC_TypeError, "cannot convert dictionary update sequence element #%" PRId64 " to a sequence", n);
      }
      Value t = tuple_from_iterable(I, item);
      if (AS_TUPLE(t)->len != 2) {
        int64_t len = AS_TUPLE(t)->len;
        v_decref(I, t);
        v_decref(I, item);
        v_decref(I, it);
        rt_raise(I, EXC_ValueError, "dictionary update sequence element #%" PRId64 " has length %" PRId64 "; 2 is required", n, len);
      }
      dict_set(I, d, AS_TUPLE(t)->items[0], AS_TUPLE(t)->items[1]);
      v_decref(I, t);
    }
    v_decref(I, item);
    n++;
  }
  v_decref(I, it);
}

static void dict_update_from(Interp *I, Dict *d, Value src) {
  if (v_is(src, OBJ_DICT)) {
    Dict *s = AS_DICT(src);
    for (int64_t i = 0; i < s->nentries; i++) {
      DictEntry *e = &s->entries[i];
      if (e->key.tag == V_UNDEF) continue;
      Value k = v_incref(e->key), v = v_incref(e->val);
      dict_insert_hashed(I, d, k, v, e->hash);
      v_decref(I, k);
      v_decref(I, v);
      if (s->entries == NULL) break;
    }
    return;
  }
  Value keys;
  Str *kname = str_intern(I, "keys");
  bool has_keys = v_is(src, OBJ_INSTANCE) && rt_getattr_opt(I, src, kname, &keys);
  obj_decref(I, &kname->h);
  if (has_keys) {
    Value klist = rt_call0(I, keys);
    v_decref(I, keys);
    Value it = rt_iter(I, klist), k;
    v_decref(I, klist);
    while (rt_next(I, it, &k)) {
      Value v = rt_getitem(I, src, k);
      dict_set(I, d, k, v);
      v_decref(I, v);
      v_decref(I, k);
    }
    v_decref(I, it);
    return;
  }
  dict_merge_pairs(I, d, src);
}

static void dict_update_kw(Interp *I, Dict *d, KwArgs *kw) {
  for (int i = 0; kw && i < kw->n; i++) dict_set_str(I, d, kw->names[i], kw->vals[i]);
}

Value dict_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_count(I, "dict", argc, 0, 1);
  Dict *d = dict_new(I);
  if (argc) dict_update_from(I, d, argv[0]);
  dict_update_kw(I, d, kw);
  return v_obj(&d->h);
}

/* ---- Equality and set algebra ------------------------------------------------ */

static bool dict_equal_in(Interp *I, Dict *a, Dict *b);

/* Nested values recurse through rt_eq: one depth guard per level. */
bool dict_equal(Interp *I, Dict *a, Dict *b) {
  if (a == b) return true;
  if (a->len != b->len) return false;
  rt_recursion_enter(I, " in comparison");
  bool r = dict_equal_in(I, a, b);
  rt_recursion_leave(I);
  return r;
}

static bool dict_equal_in(Interp *I, Dict *a, Dict *b) {
  for (int64_t i = 0; i < a->nentries; i++) {
    DictEntry *e = &a->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    Value k = v_incref(e->key), av = v_incref(e->val);
    uint64_t slot;
    int64_t ix = dict_lookup(I, b, k, e->hash, &slot);
    bool eq = false;
    if (ix >= 0) {
      Value bv = v_incref(b->entries[ix].val);
      eq = rt_is(av, bv) || rt_eq(I, av, bv);
      v_decref(I, bv);
    }
    v_decref(I, k);
    v_decref(I, av);
    if (!eq) return false;
    if (a->entries == NULL) return false;
  }
  return true;
}

/* ---- Sets ---------------------------------------------------------------------
 * CPython's set table (setobject.c: linear probes, then perturbed jumps;
 * resize at 60% fill), so that iteration order -- table order -- matches
 * CPython's wherever the hashes do (ints, floats, tuples of them). In the
 * Dict struct: entries is the table and nentries its size (a power of two,
 * so code that scans entries[0..nentries) skipping V_UNDEF keys works),
 * len = active, cap = fill (active + dummy), index_cap = pop finger. A
 * slot is empty when key and val are V_UNDEF, a dummy when key is V_UNDEF
 * and val is V_NOTIMPL. */

#define SET_MINSIZE 8
#define LINEAR_PROBES 9
#define SET_DUMMY_HASH ((uint64_t)-1)

static bool slot_empty(const DictEntry *e) { return e->key.tag == V_UNDEF && e->val.tag == V_UNDEF; }

static void set_ensure_table(Set *s) {
  if (s->entries) return;
  s->entries = xcalloc(SET_MINSIZE, sizeof(DictEntry));
  s->nentries = SET_MINSIZE;
}

static void set_insert_clean(DictEntry *table, uint64_t mask, Value key, uint64_t h) {
  uint64_t perturb = h, i = h & mask;
  DictEntry *e;
  for (;;) {
    e = &table[i];
    if (e->key.tag == V_UNDEF) break;
    if (i + LINEAR_PROBES <= mask) {
      int j;
      for (j = 0; j < LINEAR_PROBES; j++) {
        e++;
        if (e->key.tag == V_UNDEF) break;
      }
      if (j < LINEAR_PROBES) break;
    }
    perturb >>= 5;
    i = (i * 5 + 1 + perturb) & mask;
  }
  e->key = key;
  e->val = v_none();
  e->hash = h;
}

static void set_resize(Set *s, int64_t minused) {
  int64_t size = SET_MINSIZE;
  while (size <= minused) size <<= 1;
  DictEntry *old = s->entries, *nt = xcalloc((size_t)size, sizeof(DictEntry));
  for (int64_t i = 0; i < s->nentries; i++)
    if (old[i].key.tag != V_UNDEF) set_insert_clean(nt, (uint64_t)size - 1, old[i].key, old[i].hash);
  free(old);
  s->entries = nt;
  s->nentries = size;
  s->cap = s->len;
}

/* Entry index of key, or -1. */
static int64_t set_lookup(Interp *I, Set *s, Value key, uint64_t h) {
restart:
  if (!s->entries || s->len == 0) return -1;
  uint64_t mask = (uint64_t)s->nentries - 1, perturb = h, i = h & mask;
  for (;;) {
    DictEntry *e = &s->entries[i];
    int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
    do {
      if (e->hash == 0 && slot_empty(e)) return -1;
      if (e->hash == h && e->key.tag != V_UNDEF) {
        Value k = e->key;
        if (k.tag == key.tag && (k.tag != V_OBJ || k.as.o == key.as.o) && (k.tag != V_INT || k.as.i == key.as.i))
          return e - s->entries;
        DictEntry *table = s->entries;
        v_incref(k);
        bool eq = keys_equal(I, k, key);
        bool changed = table != s->entries || e->key.tag != k.tag || (k.tag == V_OBJ && e->key.as.o != k.as.o);
        v_decref(I, k);
        if (changed) goto restart;
        if (eq) return e - s->entries;
      }
      e++;
    } while (probes--);
    perturb >>= 5;
    i = (i * 5 + 1 + perturb) & mask;
  }
}

/* Adds key (increfs it) unless present; true if added. */
static bool set_add_entry(Interp *I, Set *s, Value key, uint64_t h) {
  written(I, s);
  set_ensure_table(s);
restart:;
  uint64_t mask = (uint64_t)s->nentries - 1, perturb = h, i = h & mask;
  DictEntry *freeslot = NULL, *e;
  for (;;) {
    e = &s->entries[i];
    int probes = i + LINEAR_PROBES <= mask ? LINEAR_PROBES : 0;
    do {
      if (e->hash == 0 && slot_empty(e)) goto found_unused_or_dummy;
      if (e->hash == h && e->key.tag != V_UNDEF) {
        Value k = e->key;
        if (k.tag == key.tag && (k.tag != V_OBJ || k.as.o == key.as.o) && (k.tag != V_INT || k.as.i == key.as.i))
          return false;
        DictEntry *table = s->entries;
        v_incref(k);
        bool eq = keys_equal(I, k, key);
        bool changed = table != s->entries || e->key.tag != k.tag || (k.tag == V_OBJ && e->key.as.o != k.as.o);
        v_decref(I, k);
        if (eq && !changed) return false;
        if (changed) goto restart;
      } else if (e->hash == SET_DUMMY_HASH && e->key.tag == V_UNDEF && !freeslot) {
        freeslot = e;
      }
      e++;
    } while (probes--);
    perturb >>= 5;
    i = (i * 5 + 1 + perturb) & mask;
  }
found_unused_or_dummy:
  if (freeslot) {
    s->len++;
    freeslot->key = v_incref(key);
    freeslot->val = v_none();
    freeslot->hash = h;
    return true;
  }
  s->cap++;
  s->len++;
  e->key = v_incref(key);
  e->val = v_none();
  e->hash = h;
  if ((uint64_t)s->cap * 5 < mask * 3) return true;
  set_resize(s, s->len > 50000 ? s->len * 2 : s->len * 4);
  return true;
}

static void set_make_dummy(Interp *I, Set *s, int64_t ix) {
  DictEntry *e = &s->entries[ix];
  Value k = e->key;
  e->key = v_undef();
  e->val = v_notimpl();
  e->hash = SET_DUMMY_HASH;
  s->len--;
  v_decref(I, k);
}

static bool set_discard_entry(Interp *I, Set *s, Value key, uint64_t h) {
  int64_t ix = set_lookup(I, s, key, h);
  if (ix < 0) return false;
  set_make_dummy(I, s, ix);
  return true;
}

void set_add(Interp *I, Set *s, Value v) { set_add_entry(I, s, v, rt_hash(I, v)); }

bool set_contains(Interp *I, Set *s, Value v) {
  uint64_t h = rt_hash(I, v);
  return set_lookup(I, s, v, h) >= 0;
}

static void set_clear(Interp *I, Set *s) { dict_clear(I, s); }

static void set_swap_bodies(Set *a, Set *b) {
  Set t = *a;
  a->len = b->len; a->nentries = b->nentries; a->cap = b->cap; a->entries = b->entries;
  a->index = b->index; a->index_cap = b->index_cap;
  b->len = t.len; b->nentries = t.nentries; b->cap = t.cap; b->entries = t.entries;
  b->index = t.index; b->index_cap = t.index_cap;
}

static void set_merge(Interp *I, Set *so, Set *other) {
  if (other == so || other->len == 0) return;
  written(I, so);
  set_ensure_table(so);
  if ((so->cap + other->len) * 5 >= (so->nentries - 1) * 3) set_resize(so, (so->len + other->len) * 2);
  if (so->cap == 0 && so->nentries == other->nentries && other->cap == other->len) {
    for (int64_t i = 0; i < other->nentries; i++) {
      if (other->entries[i].key.tag == V_UNDEF) continue;
      so->entries[i].key = v_incref(other->entries[i].key);
      so->entries[i].val = v_none();
      so->entries[i].hash = other->entries[i].hash;
    }
    so->cap = other->cap;
    so->len = other->len;
    return;
  }
  if (so->cap == 0) {
    so->cap = so->len = other->len;
    for (int64_t i = 0; i < other->nentries; i++)
      if (other->entries[i].key.tag != V_UNDEF)
        set_insert_clean(so->entries, (uint64_t)so->nentries - 1, v_incref(other->entries[i].key), other->entries[i].hash);
    return;
  }
  for (int64_t i = 0; i < other->nentries; i++) {
    if (i >= other->nentries) break;
    DictEntry *e = &other->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    Value k = v_incref(e->key);
    set_add_entry(I, so, k, e->hash);
    v_decref(I, k);
  }
}

static void set_update_internal(Interp *I, Set *so, Value other) {
  if (v_is(other, OBJ_SET)) {
    set_merge(I, so, AS_DICT(other));
    return;
  }
  if (v_is(other, OBJ_DICT)) {
    Dict *d = AS_DICT(other);
    set_ensure_table(so);
    if ((so->cap + d->len) * 5 >= (so->nentries - 1) * 3) set_resize(so, (so->len + d->len) * 2);
    for (int64_t i = 0; i < d->nentries; i++) {
      DictEntry *e = &d->entries[i];
      if (e->key.tag == V_UNDEF) continue;
      Value k = v_incref(e->key);
      set_add_entry(I, so, k, e->hash);
      v_decref(I, k);
    }
    return;
  }
  Value it = rt_iter(I, other), x;
  while (rt_next(I, it, &x)) {
    set_add_entry(I, so, x, rt_hash(I, x));
    v_decref(I, x);
  }
  v_decref(I, it);
}

Value set_from_iterable(Interp *I, Value it) {
  Set *s = set_new(I);
  set_update_internal(I, s, it);
  return v_obj(&s->h);
}

static Set *set_copy(Interp *I, Set *s) { return AS_DICT(set_from_iterable(I, v_obj(&s->h))); }

Value set_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set", kw);
  args_count(I, "set", argc, 0, 1);
  if (argc == 0) return v_obj(&set_new(I)->h);
  return set_from_iterable(I, argv[0]);
}

/* Is key (with hash h) in other (a set or a dict)? */
static bool in_set_or_dict(Interp *I, Value other, Value key, uint64_t h) {
  if (v_is(other, OBJ_SET)) return set_lookup(I, AS_DICT(other), key, h) >= 0;
  uint64_t slot;
  return AS_DICT(other)->len > 0 && dict_lookup(I, AS_DICT(other), key, h, &slot) >= 0;
}

static Set *set_intersection(Interp *I, Set *so, Value other) {
  if (other.tag == V_OBJ && other.as.o == &so->h) return set_copy(I, so);
  Set *result = set_new(I);
  if (v_is(other, OBJ_SET)) {
    Set *big = so, *small = AS_DICT(other);
    if (small->len > big->len) { Set *t = big; big = small; small = t; }
    for (int64_t i = 0; i < small->nentries; i++) {
      DictEntry *e = &small->entries[i];
      if (e->key.tag == V_UNDEF) continue;
      Value k = v_incref(e->key);
      uint64_t h = e->hash;
      if (set_lookup(I, big, k, h) >= 0) set_add_entry(I, result, k, h);
      v_decref(I, k);
    }
    return result;
  }
  Value it = rt_iter(I, other), x;
  while (rt_next(I, it, &x)) {
    uint64_t h = rt_hash(I, x);
    if (set_lookup(I, so, x, h) >= 0) set_add_entry(I, result, x, h);
    v_decref(I, x);
  }
  v_decref(I, it);
  return result;
}

static void set_difference_update_internal(Interp *I, Set *so, Value other) {
  if (other.tag == V_OBJ && other.as.o == &so->h) {
    set_clear(I, so);
    return;
  }
  if (v_is(other, OBJ_SET)) {
    Set *o = AS_DICT(other);
    for (int64_t i = 0; i < o->nentries; i++) {
      DictEntry *e = &o->entries[i];
      if (e->key.tag == V_UNDEF) continue;
      Value k = v_incref(e->key);
      set_discard_entry(I, so, k, e->hash);
      v_decref(I, k);
    }
  } else {
    Value it = rt_iter(I, other), x;
    while (rt_next(I, it, &x)) {
      set_discard_entry(I, so, x, rt_hash(I, x));
      v_decref(I, x);
    }
    v_decref(I, it);
  }
  if (!so->entries || so->cap - so->len <= (so->nentries - 1) / 4) return;
  set_resize(so, so->len > 50000 ? so->len * 2 : so->len * 4);
}

static Set *set_difference(Interp *I, Set *so, Value other) {
  int64_t other_size = -1;
  if (v_is(other, OBJ_SET) || v_is(other, OBJ_DICT)) other_size = AS_DICT(other)->len;
  if (other_size < 0 || (so->len >> 2) > other_size) {
    Set *r = set_copy(I, so);
    set_difference_update_internal(I, r, other);
    return r;
  }
  Set *result = set_new(I);
  for (int64_t i = 0; i < so->nentries; i++) {
    DictEntry *e = &so->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    Value k = v_incref(e->key);
    uint64_t h = e->hash;
    if (!in_set_or_dict(I, other, k, h)) set_add_entry(I, result, k, h);
    v_decref(I, k);
  }
  return result;
}

static void set_symmetric_difference_update(Interp *I, Set *so, Value other) {
  if (other.tag == V_OBJ && other.as.o == &so->h) {
    set_clear(I, so);
    return;
  }
  Value os = v_is(other, OBJ_SET) || v_is(other, OBJ_DICT) ? v_incref(other) : set_from_iterable(I, other);
  Dict *o = AS_DICT(os);
  for (int64_t i = 0; i < o->nentries; i++) {
    DictEntry *e = &o->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    Value k = v_incref(e->key);
    uint64_t h = e->hash;
    if (!set_discard_entry(I, so, k, h)) set_add_entry(I, so, k, h);
    v_decref(I, k);
  }
  v_decref(I, os);
}

static Set *set_symmetric_difference(Interp *I, Set *so, Value other) {
  Set *r = AS_DICT(set_from_iterable(I, other));
  set_symmetric_difference_update(I, r, v_obj(&so->h));
  return r;
}

static void set_intersection_update(Interp *I, Set *so, Value other) {
  Set *tmp = set_intersection(I, so, other);
  set_swap_bodies(so, tmp);
  written(I, so);
  obj_decref(I, &tmp->h);
}

static bool set_subset(Interp *I, Set *a, Set *b) {
  if (a->len > b->len) return false;
  for (int64_t i = 0; i < a->nentries; i++) {
    DictEntry *e = &a->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    if (set_lookup(I, b, e->key, e->hash) < 0) return false;
  }
  return true;
}

bool set_compare(Interp *I, CmpOp op, Set *a, Set *b) {
  switch (op) {
  case CMP_EQ: return a->len == b->len && set_subset(I, a, b);
  case CMP_NE: return !(a->len == b->len && set_subset(I, a, b));
  case CMP_LE: return set_subset(I, a, b);
  case CMP_LT: return a->len < b->len && set_subset(I, a, b);
  case CMP_GE: return set_subset(I, b, a);
  case CMP_GT: return b->len < a->len && set_subset(I, b, a);
  default: return false;
  }
}

static Value as_set(Interp *I, Value v) {
  if (v_is(v, OBJ_SET)) return v_incref(v);
  if (v_is(v, OBJ_DICTVIEW) && ((DictView *)v.as.o)->which != DV_VALUES) return set_from_iterable(I, v);
  return v_undef();
}

Value setdict_binop(Interp *I, BinOp op, Value a, Value b, bool inplace) {
  if (v_is(a, OBJ_DICT)) {
    if (op != OP_BITOR) return v_notimpl();
    if (inplace) {
      dict_update_from(I, AS_DICT(a), b);
      return v_incref(a);
    }
    if (!v_is(b, OBJ_DICT)) return v_notimpl();
    Dict *r = dict_copy(I, AS_DICT(a));
    dict_update_from(I, r, b);
    return v_obj(&r->h);
  }
  Value sa = as_set(I, a), sb = as_set(I, b);
  if (sa.tag == V_UNDEF || sb.tag == V_UNDEF) {
    v_decref(I, sa);
    v_decref(I, sb);
    return v_notimpl();
  }
  Set *so = AS_DICT(sa);
  Value r;
  if (inplace && v_is(a, OBJ_SET)) {
    switch (op) {
    case OP_BITOR: set_update_internal(I, so, sb); break;
    case OP_BITAND: set_intersection_update(I, so, sb); break;
    case OP_SUB: set_difference_update_internal(I, so, sb); break;
    default: set_symmetric_difference_update(I, so, sb); break;
    }
    r = v_incref(a);
  } else {
    Set *res;
    switch (op) {
    case OP_BITOR:
      res = set_copy(I, so);
      if (sb.as.o != sa.as.o) set_update_internal(I, res, sb);
      break;
    case OP_BITAND: res = set_intersection(I, so, sb); break;
    case OP_SUB: res = set_difference(I, so, sb); break;
    default: res = set_symmetric_difference(I, so, sb); break;
    }
    r = v_obj(&res->h);
  }
  v_decref(I, sa);
  v_decref(I, sb);
  return r;
}

/* ---- Views --------------------------------------------------------------------- */

Class *dictview_class(Interp *I, DictView *v) {
  static const char *const names[] = {"dict_keys", "dict_values", "dict_items"};
  Obj **slot = &VR(I)->view_class[v->which];
  if (!*slot) class_new_internal(I, names[v->which], slot);
  return (Class *)*slot;
}

static Value view_new(Interp *I, Dict *d, int which) {
  DictView *v = (DictView *)obj_alloc(I, OBJ_DICTVIEW, sizeof(DictView));
  obj_incref(&d->h);
  v->d = d;
  v->which = which;
  return v_obj(&v->h);
}

void dictview_repr_buf(Interp *I, Buf *b, DictView *v) {
  static const char *const names[] = {"dict_keys", "dict_values", "dict_items"};
  buf_puts(b, names[v->which]);
  buf_puts(b, "([");
  Dict *d = v->d;
  bool first = true;
  for (int64_t i = 0; i < d->nentries; i++) {
    DictEntry *e = &d->entries[i];
    if (e->key.tag == V_UNDEF) continue;
    if (!first) buf_puts(b, ", ");
    first = false;
    if (v->which == DV_KEYS) rt_repr_buf(I, b, e->key);
    else if (v->which == DV_VALUES) rt_repr_buf(I, b, e->val);
    else {
      Value k = v_incref(e->key), val = v_incref(e->val);
      buf_putc(b, '(');
      rt_repr_buf(I, b, k);
      buf_puts(b, ", ");
      rt_repr_buf(I, b, val);
      buf_putc(b, ')');
      v_decref(I, k);
      v_decref(I, val);
    }
  }
  buf_puts(b, "])");
}

bool dictview_contains(Interp *I, DictView *v, Value x) {
  Dict *d = v->d;
  if (v->which == DV_KEYS) return dict_get(I, d, x).tag != V_UNDEF;
  if (v->which == DV_ITEMS) {
    if (!v_is(x, OBJ_TUPLE) || AS_TUPLE(x)->len != 2) return false;
    Value val = dict_get(I, d, AS_TUPLE(x)->items[0]);
    if (val.tag == V_UNDEF) return false;
    v_incref(val);
    bool eq = rt_is(val, AS_TUPLE(x)->items[1]) || rt_eq(I, val, AS_TUPLE(x)->items[1]);
    v_decref(I, val);
    return eq;
  }
  for (int64_t i = 0; i < d->nentries; i++) {
    if (d->entries[i].key.tag == V_UNDEF) continue;
    Value val = v_incref(d->entries[i].val);
    bool eq = rt_is(val, x) || rt_eq(I, val, x);
    v_decref(I, val);
    if (eq) return true;
  }
  return false;
}

/* ---- dict methods ---------------------------------------------------------------- */

#define DSELF AS_DICT(argv[0])

static Value d_get(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "get", kw);
  args_count(I, "get", argc - 1, 1, 2);
  Value v = dict_get(I, DSELF, argv[1]);
  if (v.tag == V_UNDEF) return argc > 2 ? v_incref(argv[2]) : v_none();
  return v_incref(v);
}

static Value d_setdefault(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "setdefault", kw);
  args_count(I, "setdefault", argc - 1, 1, 2);
  Value v = dict_get(I, DSELF, argv[1]);
  if (v.tag != V_UNDEF) return v_incref(v);
  Value dflt = argc > 2 ? argv[2] : v_none();
  dict_set(I, DSELF, argv[1], dflt);
  return v_incref(dflt);
}

static Value d_pop(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "pop", kw);
  args_count(I, "pop", argc - 1, 1, 2);
  Dict *d = DSELF;
  uint64_t slot, h = rt_hash(I, argv[1]);
  int64_t ix = d->len ? dict_lookup(I, d, argv[1], h, &slot) : -1;
  if (ix < 0) {
    if (argc > 2) return v_incref(argv[2]);
    raise_with_value(I, EXC_KeyError, argv[1]);
  }
  Value v = v_incref(d->entries[ix].val);
  dict_remove_entry(I, d, ix);
  return v;
}

static Value d_popitem(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "popitem", kw);
  args_count(I, "dict.popitem", argc - 1, 0, 0);
  Dict *d = DSELF;
  if (d->len == 0) raise_with_value_owned(I, EXC_KeyError, v_obj(&str_from_c(I, "popitem(): dictionary is empty")->h));
  int64_t ix = d->nentries - 1;
  while (d->entries[ix].key.tag == V_UNDEF) ix--;
  Value t = tuple_pack(I, 2, d->entries[ix].key, d->entries[ix].val);
  dict_remove_entry(I, d, ix);
  return t;
}

/* In a graph (graph_builtin_seq) MindSpore's dict methods give sequences
 * (static_graph.md "Dictionary"): keys and values a tuple, items a list of
 * (key, value) tuples. */
static Value graph_view(Interp *I, Value view, bool as_list) {
  Value r = as_list ? list_from_iterable(I, view) : tuple_from_iterable(I, view);
  v_decref(I, view);
  return r;
}

static Value d_keys(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "keys", kw);
  args_count(I, "dict.keys", argc - 1, 0, 0);
  Value v = view_new(I, DSELF, DV_KEYS);
  return graph_builtin_seq(I) ? graph_view(I, v, false) : v;
}
static Value d_values(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "values", kw);
  args_count(I, "dict.values", argc - 1, 0, 0);
  Value v = view_new(I, DSELF, DV_VALUES);
  return graph_builtin_seq(I) ? graph_view(I, v, false) : v;
}
static Value d_items(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "items", kw);
  args_count(I, "dict.items", argc - 1, 0, 0);
  Value v = view_new(I, DSELF, DV_ITEMS);
  return graph_builtin_seq(I) ? graph_view(I, v, true) : v;
}
/* dict.has_key(key): MindSpore's graphs have it (static_graph.md
 * "Dictionary"); Python 3's dict does not. */
static Value d_has_key(Interp *I, int argc, Value *argv, KwArgs *kw) {
  if (!graph_builtin_seq(I)) rt_raise(I, EXC_AttributeError, "'dict' object has no attribute 'has_key'");
  args_no_kw(I, "has_key", kw);
  args_count(I, "dict.has_key", argc - 1, 1, 1);
  return v_bool(dict_get(I, DSELF, argv[1]).tag != V_UNDEF);
}

static Value d_update(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_count(I, "update", argc - 1, 0, 1);
  if (argc > 1) dict_update_from(I, DSELF, argv[1]);
  dict_update_kw(I, DSELF, kw);
  return v_none();
}

static Value d_copy(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "copy", kw);
  args_count(I, "dict.copy", argc - 1, 0, 0);
  return v_obj(&dict_copy(I, DSELF)->h);
}

static Value d_clear(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "clear", kw);
  args_count(I, "dict.clear", argc - 1, 0, 0);
  dict_clear(I, DSELF);
  return v_none();
}

static Value d_fromkeys(Interp *I, int argc, Value *argv, KwArgs *kw) {
  /* classmethod: argv[0] is the class */
  args_no_kw(I, "fromkeys", kw);
  args_count(I, "fromkeys", argc - 1, 1, 2);
  /* a subclass's fromkeys makes an instance of it (subclass.c) */
  bool sub = v_is(argv[0], OBJ_CLASS) && AS_CLASS(argv[0]) != I->cls[OBJ_DICT];
  Value out = sub ? rt_call0(I, argv[0]) : v_obj(&dict_new(I)->h);
  Value v = argc > 2 ? argv[2] : v_none();
  Value it = rt_iter(I, argv[1]), k;
  while (rt_next(I, it, &k)) {
    if (sub) rt_setitem(I, out, k, v);
    else dict_set(I, AS_DICT(out), k, v);
    v_decref(I, k);
  }
  v_decref(I, it);
  return out;
}

static Value d_len(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__len__", kw);
  args_count(I, "__len__", argc - 1, 0, 0);
  return v_int(DSELF->len);
}

static Value d_getitem(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__getitem__", kw);
  args_count(I, "__getitem__", argc - 1, 1, 1);
  return dict_getitem(I, DSELF, argv[1]);
}

static Value d_setitem(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__setitem__", kw);
  args_count(I, "__setitem__", argc - 1, 2, 2);
  dict_set(I, DSELF, argv[1], argv[2]);
  return v_none();
}

static Value d_contains(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__contains__", kw);
  args_count(I, "__contains__", argc - 1, 1, 1);
  return v_bool(dict_get(I, DSELF, argv[1]).tag != V_UNDEF);
}

/* ---- set methods -------------------------------------------------------------------- */

static Value s_add(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.add", kw);
  args_count(I, "set.add", argc - 1, 1, 1);
  set_add(I, DSELF, argv[1]);
  return v_none();
}

static Value s_remove(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.remove", kw);
  args_count(I, "set.remove", argc - 1, 1, 1);
  if (!set_discard_entry(I, DSELF, argv[1], rt_hash(I, argv[1]))) raise_with_value(I, EXC_KeyError, argv[1]);
  return v_none();
}

static Value s_discard(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.discard", kw);
  args_count(I, "set.discard", argc - 1, 1, 1);
  set_discard_entry(I, DSELF, argv[1], rt_hash(I, argv[1]));
  return v_none();
}

static Value s_pop(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.pop", kw);
  args_count(I, "set.pop", argc - 1, 0, 0);
  Set *s = DSELF;
  if (s->len == 0) raise_with_value_owned(I, EXC_KeyError, v_obj(&str_from_c(I, "pop from an empty set")->h));
  int64_t mask = s->nentries - 1, i = s->index_cap & mask;
  while (s->entries[i].key.tag == V_UNDEF) i = i + 1 > mask ? 0 : i + 1;
  Value v = v_incref(s->entries[i].key);
  set_make_dummy(I, s, i);
  s->index_cap = i + 1;
  return v;
}

static Value s_union(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.union", kw);
  Set *r = set_copy(I, DSELF);
  for (int i = 1; i < argc; i++)
    if (argv[i].tag != V_OBJ || argv[i].as.o != argv[0].as.o) set_update_internal(I, r, argv[i]);
  return v_obj(&r->h);
}

static Value s_update(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.update", kw);
  for (int i = 1; i < argc; i++) set_update_internal(I, DSELF, argv[i]);
  return v_none();
}

static Set *intersection_multi(Interp *I, int argc, Value *argv) {
  if (argc == 1) return set_copy(I, DSELF);
  Set *r = DSELF;
  obj_incref(&r->h);
  for (int i = 1; i < argc; i++) {
    Set *n = set_intersection(I, r, argv[i]);
    obj_decref(I, &r->h);
    r = n;
  }
  return r;
}

static Value s_intersection(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.intersection", kw);
  return v_obj(&intersection_multi(I, argc, argv)->h);
}

static Value s_intersection_update(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.intersection_update", kw);
  Set *tmp = intersection_multi(I, argc, argv);
  set_swap_bodies(DSELF, tmp);
  written(I, DSELF);
  obj_decref(I, &tmp->h);
  return v_none();
}

static Value s_difference(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.difference", kw);
  if (argc == 1) return v_obj(&set_copy(I, DSELF)->h);
  Set *r = set_difference(I, DSELF, argv[1]);
  for (int i = 2; i < argc; i++) set_difference_update_internal(I, r, argv[i]);
  return v_obj(&r->h);
}

static Value s_difference_update(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.difference_update", kw);
  for (int i = 1; i < argc; i++) set_difference_update_internal(I, DSELF, argv[i]);
  return v_none();
}

static Value s_symmetric_difference(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.symmetric_difference", kw);
  args_count(I, "set.symmetric_difference", argc - 1, 1, 1);
  return v_obj(&set_symmetric_difference(I, DSELF, argv[1])->h);
}

static Value s_symmetric_difference_update(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.symmetric_difference_update", kw);
  args_count(I, "set.symmetric_difference_update", argc - 1, 1, 1);
  set_symmetric_difference_update(I, DSELF, argv[1]);
  return v_none();
}

static Value set_rel(Interp *I, int argc, Value *argv, KwArgs *kw, int which, const char *name) {
  args_no_kw(I, name, kw);
  args_count(I, name, argc - 1, 1, 1);
  Value other = v_is(argv[1], OBJ_SET) ? v_incref(argv[1]) : set_from_iterable(I, argv[1]);
  Set *a = DSELF, *b = AS_DICT(other);
  bool r;
  if (which == 0) r = set_subset(I, a, b);
  else if (which == 1) r = set_subset(I, b, a);
  else {
    r = true;
    Set *small = a->len <= b->len ? a : b, *big = small == a ? b : a;
    for (int64_t i = 0; i < small->nentries && r; i++)
      if (small->entries[i].key.tag != V_UNDEF && set_lookup(I, big, small->entries[i].key, small->entries[i].hash) >= 0)
        r = false;
  }
  v_decref(I, other);
  return v_bool(r);
}
static Value s_issubset(Interp *I, int argc, Value *argv, KwArgs *kw) { return set_rel(I, argc, argv, kw, 0, "set.issubset"); }
static Value s_issuperset(Interp *I, int argc, Value *argv, KwArgs *kw) { return set_rel(I, argc, argv, kw, 1, "set.issuperset"); }
static Value s_isdisjoint(Interp *I, int argc, Value *argv, KwArgs *kw) { return set_rel(I, argc, argv, kw, 2, "set.isdisjoint"); }

static Value s_copy(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.copy", kw);
  args_count(I, "set.copy", argc - 1, 0, 0);
  return v_obj(&set_copy(I, DSELF)->h);
}

static Value s_clear(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "set.clear", kw);
  args_count(I, "set.clear", argc - 1, 0, 0);
  set_clear(I, DSELF);
  return v_none();
}

static Value s_contains(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__contains__", kw);
  args_count(I, "__contains__", argc - 1, 1, 1);
  return v_bool(set_contains(I, DSELF, argv[1]));
}

void dict_init(Interp *I) {
  Class *dc = I->cls[OBJ_DICT], *sc = I->cls[OBJ_SET];
  static const struct { const char *name; NativeFn fn; } dm[] = {
      {"get", d_get}, {"setdefault", d_setdefault}, {"pop", d_pop}, {"popitem", d_popitem},
      {"keys", d_keys}, {"values", d_values}, {"items", d_items}, {"update", d_update}, {"has_key", d_has_key},
      {"copy", d_copy}, {"clear", d_clear}, {"__len__", d_len}, {"__getitem__", d_getitem},
      {"__setitem__", d_setitem}, {"__contains__", d_contains},
  };
  for (size_t i = 0; i < sizeof dm / sizeof dm[0]; i++) class_add_native(I, dc, dm[i].name, dm[i].fn);
  class_add_classmethod(I, dc, "fromkeys", d_fromkeys);
  static const struct { const char *name; NativeFn fn; } sm[] = {
      {"add", s_add}, {"remove", s_remove}, {"discard", s_discard}, {"pop", s_pop},
      {"update", s_update}, {"union", s_union}, {"intersection", s_intersection},
      {"intersection_update", s_intersection_update}, {"difference", s_difference},
      {"difference_update", s_difference_update}, {"symmetric_difference", s_symmetric_difference},
      {"symmetric_difference_update", s_symmetric_difference_update}, {"issubset", s_issubset},
      {"issuperset", s_issuperset}, {"isdisjoint", s_isdisjoint}, {"copy", s_copy},
      {"clear", s_clear}, {"__len__", d_len}, {"__contains__", s_contains},
  };
  for (size_t i = 0; i < sizeof sm / sizeof sm[0]; i++) class_add_native(I, sc, sm[i].name, sm[i].fn);
}
