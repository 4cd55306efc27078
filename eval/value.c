/* value.c — objects and refcounts, the all-objects list and its sweep (with
 * a CPython-style leak check), natives, classes (C3 MRO), argument binding,
 * and value_init, which builds the built-in classes.
 *
 * Freeing is iterative: obj_free queues the object and, unless a free is
 * already running further up the C stack, drains the queue. Dropping a list
 * nested a million deep therefore never recurses.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <malloc.h>

#include "interp.h" /* exc_reraise: re-raise keeping the traceback */
#include "tensor.h" /* tensor hooks: destroy, traverse, class by flavour */
#include "valpriv.h"


/* ---- Allocation and freeing ------------------------------------------- */

/* The all-objects list is three lists, by what an object of the kind can
 * come to hold after it is built (gc_reclaim_young walks the older part of
 * GC_OPEN only, and of GC_LATE when gc_stored_late says so). */
enum {
  GC_FIXED, /* references all set by the code that builds it */
  GC_LATE,  /* functions, classes, tensors: a few late stores (gc_stored_late) */
  GC_OPEN,  /* lists, dicts, sets, cells: stores anywhere */
  GC_NLISTS
};
_Static_assert(GC_NLISTS == sizeof ((Interp *)0)->gc_head / sizeof(Obj), "Interp.gc_head");

static int gc_list_of(unsigned kind) {
  switch (kind) {
  case OBJ_STR: case OBJ_BYTES: case OBJ_BYTEARRAY: case OBJ_RANGE: case OBJ_COMPLEX: case OBJ_DTYPE:
  case OBJ_TUPLE: case OBJ_SLICE: case OBJ_BOUND: case OBJ_NATIVE: case OBJ_ITER: case OBJ_INSTANCE:
  case OBJ_MODULE: case OBJ_PROPERTY: case OBJ_STATICMETHOD: case OBJ_CLASSMETHOD: case OBJ_SUPER:
  case OBJ_DICTVIEW:
    return GC_FIXED;
  case OBJ_FUNC: case OBJ_CLASS: case OBJ_TENSOR:
    return GC_LATE;
  default:
    return GC_OPEN;
  }
}

void gc_mark_free(Interp *I, Obj *m);

static void gc_init(Interp *I) {
  for (int k = 0; k < GC_NLISTS; k++)
    if (!I->gc_head[k].gc_next) {
      I->gc_head[k].gc_next = I->gc_head[k].gc_prev = &I->gc_head[k];
      I->gc_head[k].rc = 1;
    }
}

/* ---- Small-object pool -------------------------------------------------
 * Objects of up to POOL_MAX bytes come from per-size-class free lists carved
 * out of 64 KiB chunks: most interpreter objects are small and short-lived,
 * and malloc/free were a fifth of the time of a string-building loop.
 * Chunks are released by gc_sweep_all. Under AddressSanitizer every object is
 * malloc'd on its own, so use-after-free is still caught. */

#if defined(__SANITIZE_ADDRESS__)
#define POOL_ENABLED 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define POOL_ENABLED 0
#endif
#endif
#ifndef POOL_ENABLED
#define POOL_ENABLED 1
#endif

enum { POOL_GRAIN = 16, POOL_MAX = 512, POOL_CLASSES = POOL_MAX / POOL_GRAIN, POOL_CHUNK = 65536 };

typedef struct PoolChunk {
  struct PoolChunk *next;
  size_t used;
  _Alignas(16) unsigned char data[];
} PoolChunk;

typedef struct ObjPool {
  void *free[POOL_CLASSES + 1]; /* free list per class (1-based) */
  PoolChunk *chunks;
} ObjPool;

static size_t pool_class_size(unsigned c) { return (size_t)c * POOL_GRAIN; }

static void *pool_take(Interp *I, unsigned c) {
  ObjPool *p = I->pool;
  if (!p) p = I->pool = xcalloc(1, sizeof(ObjPool));
  void *m = p->free[c];
  if (m) {
    p->free[c] = *(void **)m;
    return m;
  }
  size_t sz = pool_class_size(c);
  PoolChunk *ch = p->chunks;
  if (!ch || POOL_CHUNK - ch->used < sz) {
    ch = xmalloc(sizeof(PoolChunk) + POOL_CHUNK);
    ch->used = 0;
    ch->next = p->chunks;
    p->chunks = ch;
  }
  m = ch->data + ch->used;
  ch->used += sz;
  return m;
}

static void obj_release(Interp *I, Obj *o) {
  unsigned c = o->sclass;
  if (!c) {
    free(o);
    return;
  }
  *(void **)o = I->pool->free[c];
  I->pool->free[c] = o;
}

static void pool_destroy(Interp *I) {
  if (!I->pool) return;
  for (PoolChunk *ch = I->pool->chunks, *next; ch; ch = next) {
    next = ch->next;
    free(ch);
  }
  free(I->pool);
  I->pool = NULL;
}

static Obj *obj_block(Interp *I, size_t size) {
  unsigned c = (unsigned)((size + POOL_GRAIN - 1) / POOL_GRAIN);
  Obj *o;
  if (POOL_ENABLED && c >= 1 && c <= POOL_CLASSES) {
    o = pool_take(I, c);
    memset(o, 0, pool_class_size(c));
    o->sclass = (uint16_t)c;
  } else {
    o = xcalloc(1, size);
  }
  return o;
}

size_t obj_capacity(const Obj *o) {
  return o->sclass ? pool_class_size(o->sclass) : malloc_usable_size((void *)o);
}

static void gc_link_to(Interp *I, Obj *o, int list) {
  if (!I->gc_head[list].gc_next) gc_init(I);
  Obj *h = &I->gc_head[list];
  o->gc_next = h->gc_next;
  o->gc_prev = h;
  h->gc_next->gc_prev = o;
  h->gc_next = o;
}

Obj *obj_alloc(Interp *I, ObjKind kind, size_t size) {
  Obj *o = obj_block(I, size);
  o->rc = 1;
  o->kind = (uint16_t)kind;
  gc_link_to(I, o, gc_list_of(kind));
  I->nobjects++;
  return o;
}

Obj *obj_resize(Interp *I, Obj *o, size_t size) {
  size_t cap = obj_capacity(o);
  if (size <= cap) return o;
  Obj *n = obj_block(I, size);
  uint16_t sc = n->sclass;
  memcpy(n, o, cap);
  n->sclass = sc;
  o->gc_prev->gc_next = n;
  o->gc_next->gc_prev = n;
  obj_release(I, o);
  return n;
}

static void dec(Interp *I, Obj *o) {
  if (o) obj_decref(I, o);
}

/* Releases what o owns (decrefs its children, frees its buffers). */
static void obj_destroy(Interp *I, Obj *o) {
  switch (o->kind) {
  case OBJ_STR:
  case OBJ_RANGE:
  case OBJ_BYTES:
    break;
  case OBJ_BYTEARRAY:
    bytearray_free_mem(o);
    break;
  case OBJ_TUPLE: {
    Tuple *t = (Tuple *)o;
    for (int64_t i = 0; i < t->len; i++) v_decref(I, t->items[i]);
    break;
  }
  case OBJ_LIST: {
    List *l = (List *)o;
    for (int64_t i = 0; i < l->len; i++) v_decref(I, l->items[i]);
    free(l->items);
    break;
  }
  case OBJ_DICT:
  case OBJ_SET: {
    Dict *d = (Dict *)o;
    for (int64_t i = 0; i < d->nentries; i++) {
      if (d->entries[i].key.tag == V_UNDEF) continue;
      v_decref(I, d->entries[i].key);
      v_decref(I, d->entries[i].val);
    }
    dict_free_mem(d);
    break;
  }
  case OBJ_SLICE: {
    Slice *s = (Slice *)o;
    v_decref(I, s->start);
    v_decref(I, s->stop);
    v_decref(I, s->step);
    break;
  }
  case OBJ_FUNC: {
    Func *f = (Func *)o;
    dec(I, &f->name->h);
    dec(I, f->qualname ? &f->qualname->h : NULL);
    dec(I, f->module ? &f->module->h : NULL);
    dec(I, f->defaults ? &f->defaults->h : NULL);
    dec(I, f->kwdefaults ? &f->kwdefaults->h : NULL);
    dec(I, f->closure ? &f->closure->h : NULL);
    dec(I, f->attrs ? &f->attrs->h : NULL);
    dec(I, f->owner ? &f->owner->h : NULL);
    break;
  }
  case OBJ_NATIVE:
    v_decref(I, ((Native *)o)->self);
    break;
  case OBJ_BOUND:
    v_decref(I, ((Bound *)o)->self);
    v_decref(I, ((Bound *)o)->func);
    break;
  case OBJ_CLASS: {
    Class *c = (Class *)o;
    dec(I, c->name ? &c->name->h : NULL);
    dec(I, c->bases ? &c->bases->h : NULL);
    dec(I, c->mro ? &c->mro->h : NULL);
    dec(I, c->dict ? &c->dict->h : NULL);
    break;
  }
  case OBJ_INSTANCE:
    dec(I, &((Instance *)o)->cls->h);
    dec(I, ((Instance *)o)->dict ? &((Instance *)o)->dict->h : NULL);
    dec(I, ((Instance *)o)->base);
    break;
  case OBJ_MODULE:
    dec(I, ((Module *)o)->name ? &((Module *)o)->name->h : NULL);
    dec(I, ((Module *)o)->dict ? &((Module *)o)->dict->h : NULL);
    break;
  case OBJ_CELL:
    v_decref(I, ((CellObj *)o)->v);
    break;
  case OBJ_ITER:
    iter_destroy(I, o);
    break;
  case OBJ_DICTVIEW:
    dec(I, &((DictView *)o)->d->h);
    break;
  case OBJ_PROPERTY:
  case OBJ_STATICMETHOD:
  case OBJ_CLASSMETHOD: {
    Wrapper *w = (Wrapper *)o;
    v_decref(I, w->a);
    v_decref(I, w->b);
    v_decref(I, w->c);
    break;
  }
  case OBJ_SUPER:
    dec(I, ((Super *)o)->start ? &((Super *)o)->start->h : NULL);
    v_decref(I, ((Super *)o)->self);
    break;
  case OBJ_TENSOR: /* tensor.c: data buffer, Parameter name, attributes */
    tensor_destroy(I, o);
    break;
  default:
    break;
  }
}

static void obj_free(Interp *I, Obj *o) {
  ValState *vs = I->vs;
  o->gc_prev->gc_next = o->gc_next;
  o->gc_next->gc_prev = o->gc_prev;
  o->gc_next = vs->free_queue;
  vs->free_queue = o;
  if (vs->freeing) return;
  vs->freeing = true;
  while (vs->free_queue) {
    Obj *x = vs->free_queue;
    vs->free_queue = x->gc_next;
    obj_destroy(I, x);
    I->nobjects--;
    obj_release(I, x);
  }
  vs->freeing = false;
}

void obj_decref_slow(Interp *I, Obj *o) {
  if (o->kind == OBJ_INSTANCE && (((Instance *)o)->cls->h.flags & CF_FINALIZE) && !gen_finalize(I, o))
    return;
  obj_free(I, o);
}

/* ---- Traversal (leak check) ------------------------------------------- */

static void visit_v(Value v, VisitFn visit, void *arg) {
  if (v.tag == V_OBJ) visit(v.as.o, arg);
}
#define VISIT(p) do { if (p) visit(&(p)->h, arg); } while (0)

static void obj_traverse(Obj *o, VisitFn visit, void *arg) {
  switch (o->kind) {
  case OBJ_TUPLE:
    for (int64_t i = 0; i < ((Tuple *)o)->len; i++) visit_v(((Tuple *)o)->items[i], visit, arg);
    break;
  case OBJ_LIST:
    for (int64_t i = 0; i < ((List *)o)->len; i++) visit_v(((List *)o)->items[i], visit, arg);
    break;
  case OBJ_DICT:
  case OBJ_SET: {
    Dict *d = (Dict *)o;
    for (int64_t i = 0; i < d->nentries; i++) {
      if (d->entries[i].key.tag == V_UNDEF) continue;
      visit_v(d->entries[i].key, visit, arg);
      visit_v(d->entries[i].val, visit, arg);
    }
    break;
  }
  case OBJ_SLICE:
    visit_v(((Slice *)o)->start, visit, arg);
    visit_v(((Slice *)o)->stop, visit, arg);
    visit_v(((Slice *)o)->step, visit, arg);
    break;
  case OBJ_FUNC: {
    Func *f = (Func *)o;
    VISIT(f->name); VISIT(f->qualname); VISIT(f->module); VISIT(f->defaults);
    VISIT(f->kwdefaults); VISIT(f->closure); VISIT(f->attrs); VISIT(f->owner);
    break;
  }
  case OBJ_NATIVE: visit_v(((Native *)o)->self, visit, arg); break;
  case OBJ_BOUND:
    visit_v(((Bound *)o)->self, visit, arg);
    visit_v(((Bound *)o)->func, visit, arg);
    break;
  case OBJ_CLASS: {
    Class *c = (Class *)o;
    VISIT(c->name); VISIT(c->bases); VISIT(c->mro); VISIT(c->dict);
    break;
  }
  case OBJ_INSTANCE:
    VISIT(((Instance *)o)->cls);
    VISIT(((Instance *)o)->dict);
    if (((Instance *)o)->base) visit(((Instance *)o)->base, arg);
    break;
  case OBJ_MODULE: VISIT(((Module *)o)->name); VISIT(((Module *)o)->dict); break;
  case OBJ_CELL: visit_v(((CellObj *)o)->v, visit, arg); break;
  case OBJ_ITER: iter_traverse(o, visit, arg); break;
  case OBJ_DICTVIEW: VISIT(((DictView *)o)->d); break;
  case OBJ_PROPERTY:
  case OBJ_STATICMETHOD:
  case OBJ_CLASSMETHOD:
    visit_v(((Wrapper *)o)->a, visit, arg);
    visit_v(((Wrapper *)o)->b, visit, arg);
    visit_v(((Wrapper *)o)->c, visit, arg);
    break;
  case OBJ_SUPER: VISIT(((Super *)o)->start); visit_v(((Super *)o)->self, visit, arg); break;
  case OBJ_TENSOR: tensor_traverse(o, visit, arg); break; /* tensor.c */
  default: break;
  }
}

/* During the leak check, gc_prev holds the object's count of references not
 * yet explained by the object graph. */
static void subtract_ref(Obj *child, void *arg) {
  (void)arg;
  child->gc_prev = (Obj *)((intptr_t)child->gc_prev - 1);
}

static const char *kind_name(ObjKind k) {
  static const char *const names[] = {"str", "tuple", "list", "dict", "set", "range", "slice",
                                "function", "native", "bound method", "class", "instance",
                                "module", "cell", "iterator", "dict view", "property",
                                "staticmethod", "classmethod", "super", "tensor", "dtype", "complex",
                                "bytes", "bytearray"};
  _Static_assert(sizeof names / sizeof names[0] == OBJ_KIND_COUNT, "kind_name table");
  return k < OBJ_KIND_COUNT ? names[k] : "?";
}

/* References the Interp itself and the value layer's caches hold. */
static void visit_interp_roots(Interp *I, VisitFn visit, void *arg) {
#define ROOT(p) do { if (p) visit(&(p)->h, arg); } while (0)
  ROOT(I->interned); ROOT(I->builtins); ROOT(I->modules);
  for (int i = 0; i < CLS_COUNT; i++) ROOT(I->cls[i]);
  for (int i = 0; i < EXC_COUNT; i++) ROOT(I->exc[i]);
#define X(field, text) ROOT(I->s.field);
  NAME_LIST(X)
#undef X
  for (int i = 0; i < OP_BINOP_COUNT; i++) {
    ROOT(I->s.binop[i]); ROOT(I->s.rbinop[i]); ROOT(I->s.ibinop[i]);
  }
#undef ROOT
  if (CUR_EXC(I).tag == V_OBJ) visit(CUR_EXC(I).as.o, arg);
  VRoots *vr = &I->vs->roots;
  for (size_t i = 0; i < sizeof vr->all / sizeof vr->all[0]; i++)
    if (vr->all[i]) visit(vr->all[i], arg);
}

/* Every object of every list. */
#define FOR_ALL_OBJS(I, o)                                                        \
  for (Obj *h_ = &(I)->gc_head[0]; h_ != &(I)->gc_head[GC_NLISTS]; h_++)          \
    for (Obj *o = h_->gc_next; o != h_; o = o->gc_next)

static int64_t leak_check(Interp *I, bool verbose) {
  FOR_ALL_OBJS(I, o) o->gc_prev = (Obj *)(intptr_t)o->rc;
  FOR_ALL_OBJS(I, o) obj_traverse(o, subtract_ref, NULL);
  visit_interp_roots(I, subtract_ref, NULL);
  int64_t n = 0;
  FOR_ALL_OBJS(I, o) {
    intptr_t ext = (intptr_t)o->gc_prev;
    if (ext == 0 || o->kind == OBJ_MARK) continue;
    n++;
    if (verbose) {
      fprintf(stderr, "msc: leak: %s at %p rc=%" PRId64 " external=%ld", kind_name(o->kind),
              (void *)o, o->rc, (long)ext);
      if (o->kind == OBJ_STR) fprintf(stderr, " '%.60s'", ((Str *)o)->data);
      if (o->kind == OBJ_CLASS && ((Class *)o)->name) fprintf(stderr, " '%s'", ((Class *)o)->name->data);
      fputc('\n', stderr);
    }
  }
  return n;
}

/* Puts back the gc_prev links of list h from its head up to (and with) end. */
static void relink_prev(Obj *h, Obj *end) {
  Obj *prev = h;
  for (Obj *o = h->gc_next; o != end; o = o->gc_next) {
    o->gc_prev = prev;
    prev = o;
  }
  end->gc_prev = prev;
}

int64_t gc_leak_count(Interp *I, bool verbose) {
  if (!I->gc_head[0].gc_next) return 0;
  int64_t n = leak_check(I, verbose);
  for (int k = 0; k < GC_NLISTS; k++) relink_prev(&I->gc_head[k], &I->gc_head[k]);
  return n;
}

static void obj_free_mem(Obj *o) {
  switch (o->kind) {
  case OBJ_LIST: free(((List *)o)->items); break;
  case OBJ_DICT:
  case OBJ_SET: dict_free_mem((Dict *)o); break;
  case OBJ_ITER: iter_free_mem(o); break;
  case OBJ_BYTEARRAY: bytearray_free_mem(o); break;
  case OBJ_TENSOR: tensor_free_mem(o); break; /* tensor.c: the data buffer */
  default: break;
  }
  if (!o->sclass) free(o); /* pooled blocks go with their chunks */
}

void gc_sweep_all(Interp *I, bool audit) {
  if (!I->gc_head[0].gc_next) return;
  const char *chk = audit ? getenv("MSC_CHECK_LEAKS") : NULL;
  if (chk && *chk && strcmp(chk, "0") != 0) {
    int64_t n = leak_check(I, strcmp(chk, "2") == 0);
    if (n) fprintf(stderr, "msc: internal: %" PRId64 " objects leaked (refcount)\n", n);
  }
  /* Marks still linked: catches on the stacks of generators left suspended
   * in a try (gen_free_all). A mark's first node is on GC_FIXED. */
  for (Obj *h = &I->gc_head[GC_FIXED], *o = h->gc_next, *next; o != h; o = next) {
    next = o->gc_next;
    if (o->kind == OBJ_MARK) gc_mark_free(I, o);
  }
  for (int k = 0; k < GC_NLISTS; k++) {
    Obj *h = &I->gc_head[k];
    for (Obj *o = h->gc_next, *next; o != h; o = next) {
      next = o->gc_next;
      obj_free_mem(o);
    }
    h->gc_next = h->gc_prev = h;
  }
  I->nobjects = 0;
  pool_destroy(I);
  I->interned = I->builtins = I->modules = NULL;
  memset(I->cls, 0, sizeof I->cls);
  memset(I->exc, 0, sizeof I->exc);
  memset(&I->s, 0, sizeof I->s);
  CUR_EXC(I) = v_undef();
  memset(&I->vs->roots, 0, sizeof I->vs->roots);
}

/* ---- Releasing what an unwound C stack held ---------------------------- */

/* A mark is GC_NLISTS bare Objs of kind OBJ_MARK, one linked into each
 * all-objects list: every object in front of it (a list grows at its head)
 * was allocated after it. Marks are not counted in nobjects, have no
 * referents and are never visited by the object graph; the first one's rc
 * holds the mark's clock (ValState.wclock, see Dict.written). */
Obj *gc_mark_new(Interp *I) {
  Obj *m = obj_block(I, sizeof(Obj) * GC_NLISTS);
  uint16_t sc = m->sclass;
  for (int k = 0; k < GC_NLISTS; k++) {
    m[k].kind = OBJ_MARK;
    m[k].rc = 1;
    gc_link_to(I, &m[k], k);
  }
  m->sclass = sc;
  m->rc = (int64_t)++I->vs->wclock;
  return m;
}

void gc_mark_free(Interp *I, Obj *m) {
  for (int k = 0; k < GC_NLISTS; k++) {
    m[k].gc_prev->gc_next = m[k].gc_next;
    m[k].gc_next->gc_prev = m[k].gc_prev;
  }
  obj_release(I, m);
}

/* During gc_reclaim_young, a young object's gc_prev holds its count of
 * references not yet explained by the object graph and the roots. */
static void young_explained(Obj *child, void *arg) {
  (void)arg;
  if (child->flags & OF_YOUNG) child->gc_prev = (Obj *)((intptr_t)child->gc_prev - 1);
}

static inline intptr_t unexplained(const Obj *o) { return (intptr_t)o->gc_prev; }

/* The young objects left with unexplained references, sorted by address:
 * the walk of the older heap looks its children up here instead of
 * reading each child's header. */
typedef struct Suspects {
  Obj **o;
  int64_t n;
} Suspects;

static int cmp_ptr(const void *a, const void *b) {
  uintptr_t x = (uintptr_t) * (Obj *const *)a, y = (uintptr_t) * (Obj *const *)b;
  return x < y ? -1 : x > y;
}

static bool is_suspect(const Suspects *s, const Obj *o) {
  if (!s->n || (uintptr_t)o < (uintptr_t)s->o[0] || (uintptr_t)o > (uintptr_t)s->o[s->n - 1]) return false;
  int64_t lo = 0, hi = s->n;
  while (lo < hi) {
    int64_t mid = (lo + hi) / 2;
    if ((uintptr_t)s->o[mid] < (uintptr_t)o) lo = mid + 1;
    else hi = mid;
  }
  return lo < s->n && s->o[lo] == o;
}

static void suspect_explained(Obj *child, void *arg) {
  if (is_suspect(arg, child)) child->gc_prev = (Obj *)((intptr_t)child->gc_prev - 1);
}

/* Can o, an object of GC_OPEN or GC_LATE made before the mark, hold a
 * young object? Not a dict or set that took no reference since the mark
 * (Dict.written), nor a function, class or tensor when none took one
 * since (gc_stored_late). */
static bool may_hold_young(Interp *I, const Obj *o, uint64_t clock) {
  switch (o->kind) {
  case OBJ_MARK: return false;
  case OBJ_DICT: case OBJ_SET: return ((const Dict *)o)->written >= clock;
  case OBJ_FUNC: case OBJ_CLASS: case OBJ_TENSOR: return I->vs->late_written >= clock;
  default: return true;
  }
}

/* MSC_CHECK_RECLAIM: an object the walk skipped holds a suspect. */
static void suspect_forbidden(Obj *child, void *arg) {
  if (is_suspect(arg, child)) die("gc_reclaim_young: an object it skips holds a young %s", kind_name(child->kind));
}

/* The young objects of every list: those in front of the list's mark. */
#define FOR_YOUNG(I, mark, o)                                                     \
  for (int k_ = 0; k_ < GC_NLISTS; k_++)                                          \
    for (Obj *o = (I)->gc_head[k_].gc_next; o != &(mark)[k_]; o = o->gc_next)     \
      if (o->kind != OBJ_MARK)

/* See valpriv.h. Trial deletion restricted to the young objects: each
 * one's count starts at its rc; every reference from an object (young or
 * old) and from a root is taken off; what is left was held by the C
 * frames the exception unwound, and is dropped. The older heap is walked
 * only when some young object has references left after the young
 * objects and the roots, only for references to those, and only where
 * one can be: GC_OPEN's dicts and sets written since the mark and its
 * lists and cells, GC_LATE when gc_stored_late ran since. */
int64_t gc_reclaim_young(Interp *I, Obj *mark, GcRoots roots, void *ctx) {
  int64_t nyoung = 0;
  FOR_YOUNG(I, mark, o) {
    o->flags |= OF_YOUNG;
    o->gc_prev = (Obj *)(intptr_t)o->rc;
    nyoung++;
  }
  Suspects s = {NULL, 0};
  Obj *small[16];
  if (nyoung) {
    FOR_YOUNG(I, mark, o) obj_traverse(o, young_explained, NULL);
    int64_t n = 0;
    FOR_YOUNG(I, mark, o) n += unexplained(o) > 0;
    s.o = n <= 16 ? small : malloc(sizeof(Obj *) * (size_t)n); /* none: nothing is dropped */
    if (s.o) FOR_YOUNG(I, mark, o) if (unexplained(o) > 0) s.o[s.n++] = o;
    if (s.n > 1) qsort(s.o, (size_t)s.n, sizeof(Obj *), cmp_ptr);
  }
  if (s.n) { /* the roots, then the older heap: only references to suspects */
    visit_interp_roots(I, suspect_explained, &s);
    roots(I, ctx, suspect_explained, &s);
    bool any = false;
    for (int64_t i = 0; i < s.n && !any; i++) any = unexplained(s.o[i]) > 0;
    if (!I->vs->check_reclaim) {
      const char *e = getenv("MSC_CHECK_RECLAIM");
      I->vs->check_reclaim = e && *e && strcmp(e, "0") != 0 ? 2 : 1;
    }
    bool check = I->vs->check_reclaim == 2;
    uint64_t clock = (uint64_t)mark->rc;
    for (int k = 0; any && k < GC_NLISTS; k++) {
      if (k == GC_FIXED && !check) continue;
      if (k == GC_LATE && I->vs->late_written < clock && !check) continue;
      Obj *h = &I->gc_head[k];
      for (Obj *o = mark[k].gc_next; o != h; o = o->gc_next) {
        if (k != GC_FIXED && may_hold_young(I, o, clock)) obj_traverse(o, suspect_explained, &s);
        else if (check) obj_traverse(o, suspect_forbidden, &s);
      }
    }
  }
  /* The drops: counts first, then the lists and flags put back. An object
   * left with n references has at least n until they go, so the drops may
   * run in any order (and run finalizers). */
  int64_t nd = 0;
  for (int64_t i = 0; i < s.n; i++)
    if (unexplained(s.o[i]) > 0) s.o[nd++] = s.o[i];
  intptr_t *cnt = NULL, cnt_small[16];
  if (nd) cnt = nd <= 16 ? cnt_small : malloc(sizeof(intptr_t) * (size_t)nd);
  if (!cnt) nd = 0;
  for (int64_t i = 0; i < nd; i++) cnt[i] = unexplained(s.o[i]);
  FOR_YOUNG(I, mark, o) o->flags &= ~OF_YOUNG;
  for (int k = 0; k < GC_NLISTS; k++) relink_prev(&I->gc_head[k], &mark[k]);
  for (int64_t i = 0; i < nd; i++) {
    s.o[i]->rc -= cnt[i] - 1;
    obj_decref(I, s.o[i]);
  }
  if (cnt && cnt != cnt_small) free(cnt);
  if (s.o && s.o != small) free(s.o);
  return nd;
}

/* ---- Natives ----------------------------------------------------------- */

Value native_new(Interp *I, const char *name, NativeFn fn) {
  Native *n = (Native *)obj_alloc(I, OBJ_NATIVE, sizeof(Native));
  n->name = name;
  n->fn = fn;
  n->self = v_undef();
  return v_obj(&n->h);
}

void class_add_value(Interp *I, Class *c, const char *name, Value v) {
  Str *k = str_intern(I, name);
  dict_set_str(I, c->dict, k, v);
  obj_decref(I, &k->h);
}

void class_add_native(Interp *I, Class *c, const char *name, NativeFn fn) {
  Value f = native_new(I, name, fn);
  AS_NATIVE(f)->data = c; /* for repr: <method 'join' of 'str' objects> */
  f.as.o->flags |= OF_METHOD;
  class_add_value(I, c, name, f);
  v_decref(I, f);
}

void dict_add_native(Interp *I, Dict *d, const char *name, NativeFn fn) {
  Value f = native_new(I, name, fn);
  Str *k = str_intern(I, name);
  dict_set_str(I, d, k, f);
  obj_decref(I, &k->h);
  v_decref(I, f);
}

static void class_add_wrapper(Interp *I, Class *c, const char *name, NativeFn fn, ObjKind kind) {
  Wrapper *w = (Wrapper *)obj_alloc(I, kind, sizeof(Wrapper));
  w->a = native_new(I, name, fn);
  w->b = v_none();
  w->c = v_none();
  class_add_value(I, c, name, v_obj(&w->h));
  obj_decref(I, &w->h);
}

void class_add_property(Interp *I, Class *c, const char *name, NativeFn getter) {
  class_add_wrapper(I, c, name, getter, OBJ_PROPERTY);
}

void class_add_classmethod(Interp *I, Class *c, const char *name, NativeFn fn) {
  class_add_wrapper(I, c, name, fn, OBJ_CLASSMETHOD);
}

_Noreturn void raise_with_value(Interp *I, ExcKind kind, Value arg) {
  raise_with_value_owned(I, kind, v_incref(arg));
}

_Noreturn void raise_with_value_owned(Interp *I, ExcKind kind, Value arg) {
  Value e = rt_call1(I, v_obj(&I->exc[kind]->h), arg);
  v_decref(I, arg);
  rt_raise_owned(I, e);
}

_Noreturn void reraise_owned(Interp *I, Value e) { exc_reraise(I, e); }

_Noreturn void raise_empty(Interp *I, ExcKind kind) {
  Value none[1] = {v_none()};
  Value e = rt_call(I, v_obj(&I->exc[kind]->h), 0, none, NULL);
  rt_raise_owned(I, e);
}

/* ---- Classes ------------------------------------------------------------ */

const char *class_name(Class *c) { return c->name ? c->name->data : "?"; }

bool class_is_subclass(Class *c, Class *base) {
  if (c == base) return true;
  if (!c->mro) return false;
  for (int64_t i = 0; i < c->mro->len; i++)
    if (c->mro->items[i].as.o == &base->h) return true;
  return false;
}

/* C3 linearisation: merge(mro(B1), ..., mro(Bn), [B1..Bn]). NULL when
 * inconsistent. */
static Tuple *c3_mro(Interp *I, Class *c, Tuple *bases) {
  int64_t nb = bases->len;
  int64_t nseq = nb + 1;
  Class ***seqs = xcalloc((size_t)nseq, sizeof *seqs);
  int64_t *lens = xcalloc((size_t)nseq, sizeof *lens), *pos = xcalloc((size_t)nseq, sizeof *pos);
  int64_t total = 1;
  for (int64_t i = 0; i < nb; i++) {
    Class *b = AS_CLASS(bases->items[i]);
    lens[i] = b->mro->len;
    seqs[i] = xmalloc((size_t)lens[i] * sizeof(Class *));
    for (int64_t j = 0; j < lens[i]; j++) seqs[i][j] = AS_CLASS(b->mro->items[j]);
    total += lens[i];
  }
  lens[nb] = nb;
  seqs[nb] = xmalloc((size_t)(nb ? nb : 1) * sizeof(Class *));
  for (int64_t j = 0; j < nb; j++) seqs[nb][j] = AS_CLASS(bases->items[j]);
  Class **out = xmalloc((size_t)total * sizeof(Class *));
  int64_t nout = 0;
  out[nout++] = c;
  bool ok = true;
  for (;;) {
    bool any = false;
    Class *cand = NULL;
    for (int64_t i = 0; i < nseq && !cand; i++) {
      if (pos[i] >= lens[i]) continue;
      any = true;
      Class *h = seqs[i][pos[i]];
      bool in_tail = false;
      for (int64_t k = 0; k < nseq && !in_tail; k++)
        for (int64_t j = pos[k] + 1; j < lens[k]; j++)
          if (seqs[k][j] == h) { in_tail = true; break; }
      if (!in_tail) cand = h;
    }
    if (!any) break;
    if (!cand) { ok = false; break; }
    out[nout++] = cand;
    for (int64_t i = 0; i < nseq; i++)
      if (pos[i] < lens[i] && seqs[i][pos[i]] == cand) pos[i]++;
  }
  Tuple *mro = NULL;
  if (ok) {
    mro = tuple_new(I, nout);
    for (int64_t i = 0; i < nout; i++) {
      obj_incref(&out[i]->h);
      mro->items[i] = v_obj(&out[i]->h);
    }
  }
  for (int64_t i = 0; i < nseq; i++) free(seqs[i]);
  free(seqs);
  free(lens);
  free(pos);
  free(out);
  return mro;
}

static Class *class_alloc(Interp *I, Str *name) {
  Class *c = (Class *)obj_alloc(I, OBJ_CLASS, sizeof(Class));
  obj_incref(&name->h);
  c->name = name;
  c->builtin = -1;
  return c;
}

Class *class_new(Interp *I, Str *name, Tuple *bases, Dict *dict) {
  Tuple *b;
  if (bases && bases->len > 0) {
    for (int64_t i = 0; i < bases->len; i++) {
      if (!v_is(bases->items[i], OBJ_CLASS))
        rt_raise(I, EXC_TypeError, "bases must be types");
      for (int64_t j = 0; j < i; j++)
        if (bases->items[j].as.o == bases->items[i].as.o)
          rt_raise(I, EXC_TypeError, "duplicate base class %s", class_name(AS_CLASS(bases->items[i])));
    }
    obj_incref(&bases->h);
    b = bases;
  } else {
    b = (Tuple *)tuple_pack(I, 1, v_obj(&I->cls[CLS_OBJECT]->h)).as.o;
  }
  Class *c = class_alloc(I, name);
  c->bases = b;
  c->mro = c3_mro(I, c, b);
  if (!c->mro) {
    char msg[1024];
    size_t n = 0;
    for (int64_t i = 0; i < b->len && n < sizeof msg - 200; i++)
      n += (size_t)snprintf(msg + n, sizeof msg - n, "%s%.100s", i ? ", " : "",
                            class_name(AS_CLASS(b->items[i])));
    obj_decref(I, &c->h);
    rt_raise(I, EXC_TypeError,
             "Cannot create a consistent method resolution order (MRO) for bases %s", msg);
  }
  if (dict) {
    obj_incref(&dict->h);
    c->dict = dict;
  } else {
    c->dict = dict_new(I);
  }
  for (int64_t i = 0; i < b->len; i++) {
    Class *base = AS_CLASS(b->items[i]);
    if (base->is_exception) c->is_exception = true;
  }
  /* A class that defines __eq__ but not __hash__ is unhashable. */
  if (dict_get_str(I, c->dict, I->s.eq).tag != V_UNDEF &&
      dict_get_str(I, c->dict, I->s.hash).tag == V_UNDEF)
    dict_set_str(I, c->dict, I->s.hash, v_none());
  return c;
}

Class *class_new_builtin(Interp *I, const char *name, int builtin, Class *base, NativeFn ctor) {
  Str *n = str_intern(I, name);
  Class *c = class_alloc(I, n);
  obj_decref(I, &n->h);
  c->builtin = builtin;
  c->ctor = ctor;
  c->dict = dict_new(I);
  if (!base && builtin != CLS_OBJECT) base = I->cls[CLS_OBJECT];
  if (base) {
    c->bases = (Tuple *)tuple_pack(I, 1, v_obj(&base->h)).as.o;
    c->mro = tuple_new(I, base->mro->len + 1);
    obj_incref(&c->h); /* the mro's self-reference: a cycle, swept at exit */
    c->mro->items[0] = v_obj(&c->h);
    for (int64_t i = 0; i < base->mro->len; i++)
      c->mro->items[i + 1] = v_incref(base->mro->items[i]);
    c->is_exception = base->is_exception;
  } else {
    c->bases = tuple_new(I, 0);
    c->mro = tuple_new(I, 1);
    obj_incref(&c->h);
    c->mro->items[0] = v_obj(&c->h);
  }
  return c;
}

Class *class_new_internal(Interp *I, const char *name, Obj **slot) {
  Class *c = class_new_builtin(I, name, -1, NULL, NULL);
  *slot = &c->h;
  return c;
}

Class *rt_class_of(Interp *I, Value v) {
  switch (v.tag) {
  case V_OBJ: {
    Obj *o = v.as.o;
    switch (o->kind) {
    case OBJ_INSTANCE: return ((Instance *)o)->cls;
    case OBJ_CLASS: return I->cls[CLS_TYPE];
    case OBJ_ITER: return iter_class(I, o);
    case OBJ_DICTVIEW: return dictview_class(I, (DictView *)o);
    case OBJ_TENSOR: /* Tensor, Parameter or ndarray by flavour (tensor.c) */
    case OBJ_DTYPE: return tensor_class_of(I, o);
    default:
      if (o->kind < OBJ_KIND_COUNT && I->cls[o->kind]) return I->cls[o->kind];
      return I->cls[CLS_OBJECT];
    }
  }
  case V_NONE: return I->cls[CLS_NONE];
  case V_BOOL: return I->cls[CLS_BOOL];
  case V_INT: return I->cls[CLS_INT];
  case V_FLOAT: return I->cls[CLS_FLOAT];
  case V_ELLIPSIS: return I->cls[CLS_ELLIPSIS];
  case V_NOTIMPL: return I->cls[CLS_NOTIMPL];
  default: return I->cls[CLS_OBJECT];
  }
}

bool rt_isinstance(Interp *I, Value v, Class *c) { return class_is_subclass(rt_class_of(I, v), c); }

const char *rt_type_name(Interp *I, Value v) { return class_name(rt_class_of(I, v)); }

/* ---- Argument binding --------------------------------------------------- */

void args_count(Interp *I, const char *fname, int argc, int lo, int hi) {
  if (argc >= lo && (hi < 0 || argc <= hi)) return;
  if (lo == hi) {
    if (lo == 0) rt_raise(I, EXC_TypeError, "%s() takes no arguments (%d given)", fname, argc);
    if (lo == 1) rt_raise(I, EXC_TypeError, "%s() takes exactly one argument (%d given)", fname, argc);
    rt_raise(I, EXC_TypeError, "%s expected %d arguments, got %d", fname, lo, argc);
  }
  if (argc < lo)
    rt_raise(I, EXC_TypeError, "%s expected at least %d argument%s, got %d", fname, lo,
             lo == 1 ? "" : "s", argc);
  rt_raise(I, EXC_TypeError, "%s expected at most %d argument%s, got %d", fname, hi,
           hi == 1 ? "" : "s", argc);
}

void args_no_kw(Interp *I, const char *fname, KwArgs *kw) {
  if (kw && kw->n > 0) rt_raise(I, EXC_TypeError, "%s() takes no keyword arguments", fname);
}

void args_bind(Interp *I, const char *fname, int argc, Value *argv, KwArgs *kw, int nreq,
               int nparams, const char *const *names, Value *out) {
  int star = -1;
  for (int i = 0; i < nparams; i++)
    if (strcmp(names[i], "*") == 0) star = i;
  int npos = star >= 0 ? star : nparams;
  int nslots = star >= 0 ? nparams - 1 : nparams;
  for (int i = 0; i < nslots; i++) out[i] = v_undef();
  if (argc > npos) {
    if (npos == 0) rt_raise(I, EXC_TypeError, "%s() takes no positional arguments", fname);
    rt_raise(I, EXC_TypeError, "%s() takes at most %d argument%s (%d given)", fname, npos,
             npos == 1 ? "" : "s", argc);
  }
  for (int i = 0; i < argc; i++) out[i] = argv[i];
  for (int k = 0; kw && k < kw->n; k++) {
    const char *kn = kw->names[k]->data;
    int slot = -1;
    for (int i = 0; i < nparams; i++) {
      if (i == star) continue;
      if (strcmp(names[i], kn) == 0) {
        slot = star >= 0 && i > star ? i - 1 : i;
        break;
      }
    }
    if (slot < 0) rt_raise(I, EXC_TypeError, "%s() got an unexpected keyword argument '%s'", fname, kn);
    if (out[slot].tag != V_UNDEF)
      rt_raise(I, EXC_TypeError, "%s() got multiple values for argument '%s'", fname, kn);
    out[slot] = kw->vals[k];
  }
  for (int i = 0; i < nreq && i < nparams; i++) {
    if (i == star) continue;
    int slot = star >= 0 && i > star ? i - 1 : i;
    if (out[slot].tag == V_UNDEF)
      rt_raise(I, EXC_TypeError, "%s() missing required argument '%s'", fname, names[i]);
  }
}

int64_t val_index(Interp *I, Value v) {
  if (v.tag == V_INT) return v.as.i;
  if (v.tag == V_BOOL) return v.as.b;
  if (v_is(v, OBJ_TENSOR)) { /* numpy integer scalars index sequences (tensor.c) */
    Tensor *t = AS_TENSOR(v);
    if (t->size == 1 && (dtype_is_int(t->dtype) || t->dtype == MSRT_BOOL)) return tensor_get_i64(t, 0);
    rt_raise(I, EXC_TypeError, "only integer scalar arrays can be converted to a scalar index");
  }
  Value fn;
  if (v_is(v, OBJ_INSTANCE) && rt_find_dunder(I, v, I->s.index, &fn)) {
    Value r = rt_call1(I, fn, v);
    if (r.tag == V_INT) return r.as.i;
    if (r.tag == V_BOOL) return r.as.b;
    const char *tn = rt_type_name(I, r);
    v_decref(I, r);
    rt_raise(I, EXC_TypeError, "__index__ returned non-int (type %s)", tn);
  }
  rt_raise(I, EXC_TypeError, "'%s' object cannot be interpreted as an integer", rt_type_name(I, v));
}

/* ---- object, type and the wrapper classes -------------------------------- */

static Value object_init(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)argv;
  if (argc != 1 || (kw && kw->n))
    rt_raise(I, EXC_TypeError, "object.__init__() takes exactly one argument (the instance to initialize)");
  return v_none();
}

static Value object_repr(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__repr__", kw);
  args_count(I, "object.__repr__", argc - 1, 0, 0);
  Buf b = {0};
  default_repr_buf(I, &b, argv[0]);
  return v_obj(&str_from_buf(I, &b)->h);
}

static Value object_str(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__str__", kw);
  args_count(I, "object.__str__", argc - 1, 0, 0);
  if (v_is(argv[0], OBJ_INSTANCE) && AS_INST(argv[0])->cls->is_exception) {
    Buf b = {0};
    exc_str_buf(I, &b, argv[0]);
    return v_obj(&str_from_buf(I, &b)->h);
  }
  return v_obj(&rt_repr(I, argv[0])->h);
}

static Value object_eq(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__eq__", kw);
  args_count(I, "__eq__", argc - 1, 1, 1);
  return rt_is(argv[0], argv[1]) ? v_bool(true) : v_notimpl();
}

static Value object_ne(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__ne__", kw);
  args_count(I, "__ne__", argc - 1, 1, 1);
  Value fn;
  if (user_dunder(I, argv[0], I->s.eq, &fn)) {
    Value r = rt_call2(I, fn, argv[0], argv[1]);
    if (r.tag == V_NOTIMPL) return r;
    bool t = rt_truthy(I, r);
    v_decref(I, r);
    return v_bool(!t);
  }
  return rt_is(argv[0], argv[1]) ? v_bool(false) : v_notimpl();
}

static Value object_hash(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__hash__", kw);
  args_count(I, "object.__hash__", argc - 1, 0, 0);
  if (argv[0].tag != V_OBJ) return v_int((int64_t)rt_hash(I, argv[0]));
  return v_int((int64_t)((uintptr_t)argv[0].as.o >> 4));
}

static Value object_format(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "__format__", kw);
  args_count(I, "object.__format__", argc - 1, 1, 1);
  if (!v_is(argv[1], OBJ_STR))
    rt_raise(I, EXC_TypeError, "__format__() argument must be str, not %s", rt_type_name(I, argv[1]));
  if (AS_STR(argv[1])->len != 0)
    rt_raise(I, EXC_TypeError, "unsupported format string passed to %s.__format__", rt_type_name(I, argv[0]));
  return v_obj(&rt_str(I, argv[0])->h);
}

bool is_object_default(Value fn) {
  if (!v_is(fn, OBJ_NATIVE)) return false;
  NativeFn f = AS_NATIVE(fn)->fn;
  return f == object_init || f == object_repr || f == object_str || f == object_eq ||
         f == object_ne || f == object_hash || f == object_format;
}

bool user_dunder(Interp *I, Value v, Str *name, Value *fn) {
  if (!v_is(v, OBJ_INSTANCE)) return false;
  if (!rt_find_dunder(I, v, name, fn)) return false;
  return !is_object_default(*fn);
}

static Value object_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  (void)argv;
  if (argc || (kw && kw->n)) rt_raise(I, EXC_TypeError, "object() takes no arguments");
  Instance *o = (Instance *)obj_alloc(I, OBJ_INSTANCE, sizeof(Instance));
  o->cls = I->cls[CLS_OBJECT];
  obj_incref(&o->cls->h);
  o->dict = dict_new(I);
  return v_obj(&o->h);
}

static Value type_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "type", kw);
  if (argc == 1) {
    Class *c = rt_class_of(I, argv[0]);
    obj_incref(&c->h);
    return v_obj(&c->h);
  }
  if (argc != 3) rt_raise(I, EXC_TypeError, "type() takes 1 or 3 arguments");
  if (!v_is(argv[0], OBJ_STR))
    rt_raise(I, EXC_TypeError, "type.__new__() argument 1 must be str, not %s", rt_type_name(I, argv[0]));
  if (!v_is(argv[1], OBJ_TUPLE))
    rt_raise(I, EXC_TypeError, "type.__new__() argument 2 must be tuple, not %s", rt_type_name(I, argv[1]));
  if (!v_is(argv[2], OBJ_DICT))
    rt_raise(I, EXC_TypeError, "type.__new__() argument 3 must be dict, not %s", rt_type_name(I, argv[2]));
  Dict *d = dict_copy(I, AS_DICT(argv[2]));
  Class *c = class_new(I, AS_STR(argv[0]), AS_TUPLE(argv[1]), d);
  obj_decref(I, &d->h);
  return v_obj(&c->h);
}

static Value wrap_new(Interp *I, ObjKind kind, Value a, Value b, Value c) {
  Wrapper *w = (Wrapper *)obj_alloc(I, kind, sizeof(Wrapper));
  w->a = v_incref(a.tag == V_UNDEF ? v_none() : a);
  w->b = v_incref(b.tag == V_UNDEF ? v_none() : b);
  w->c = v_incref(c.tag == V_UNDEF ? v_none() : c);
  return v_obj(&w->h);
}

static Value staticmethod_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "staticmethod", kw);
  args_count(I, "staticmethod", argc, 1, 1);
  return wrap_new(I, OBJ_STATICMETHOD, argv[0], v_none(), v_none());
}

static Value classmethod_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "classmethod", kw);
  args_count(I, "classmethod", argc, 1, 1);
  return wrap_new(I, OBJ_CLASSMETHOD, argv[0], v_none(), v_none());
}

static Value property_ctor(Interp *I, int argc, Value *argv, KwArgs *kw) {
  static const char *const names[] = {"fget", "fset", "fdel", "doc"};
  Value a[4];
  args_bind(I, "property", argc, argv, kw, 0, 4, names, a);
  return wrap_new(I, OBJ_PROPERTY, a[0], a[1], a[2]);
}

static Value property_with(Interp *I, int argc, Value *argv, int which, const char *name) {
  args_count(I, name, argc - 1, 1, 1);
  Wrapper *w = (Wrapper *)argv[0].as.o;
  Value f[3] = {w->a, w->b, w->c};
  f[which] = argv[1];
  return wrap_new(I, OBJ_PROPERTY, f[0], f[1], f[2]);
}
static Value property_getter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "getter", kw);
  return property_with(I, argc, argv, 0, "getter");
}
static Value property_setter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "setter", kw);
  return property_with(I, argc, argv, 1, "setter");
}
static Value property_deleter(Interp *I, int argc, Value *argv, KwArgs *kw) {
  args_no_kw(I, "deleter", kw);
  return property_with(I, argc, argv, 2, "deleter");
}

/* ---- value_init ----------------------------------------------------------- */

static const char *const binop_names[OP_BINOP_COUNT] = {
    "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow",
    "lshift", "rshift", "or", "xor", "and"};

static void intern_names(Interp *I) {
#define X(field, text) I->s.field = str_intern(I, text);
  NAME_LIST(X)
#undef X
  char buf[32];
  for (int i = 0; i < OP_BINOP_COUNT; i++) {
    snprintf(buf, sizeof buf, "__%s__", binop_names[i]);
    I->s.binop[i] = str_intern(I, buf);
    snprintf(buf, sizeof buf, "__r%s__", binop_names[i]);
    I->s.rbinop[i] = str_intern(I, buf);
    snprintf(buf, sizeof buf, "__i%s__", binop_names[i]);
    I->s.ibinop[i] = str_intern(I, buf);
  }
}

static void set_builtin(Interp *I, const char *name, Class *c) {
  Str *k = str_intern(I, name);
  dict_set_str(I, I->builtins, k, v_obj(&c->h));
  obj_decref(I, &k->h);
}

void value_init(Interp *I) {
  if (!I->vs) I->vs = xcalloc(1, sizeof(ValState));
  gc_init(I);
  CUR_EXC(I) = v_undef();
  I->interned = dict_new(I);
  intern_names(I);
  I->builtins = dict_new(I);
  I->modules = dict_new(I);

  Class *object = class_new_builtin(I, "object", CLS_OBJECT, NULL, object_ctor);
  I->cls[CLS_OBJECT] = object;
  Class *type = class_new_builtin(I, "type", CLS_TYPE, object, type_ctor);
  I->cls[CLS_TYPE] = type;
  obj_incref(&type->h);
  I->cls[OBJ_CLASS] = type;
  I->cls[CLS_NONE] = class_new_builtin(I, "NoneType", CLS_NONE, object, NULL);
  Class *int_ = class_new_builtin(I, "int", CLS_INT, object, int_ctor);
  I->cls[CLS_INT] = int_;
  I->cls[CLS_BOOL] = class_new_builtin(I, "bool", CLS_BOOL, int_, bool_ctor);
  I->cls[CLS_FLOAT] = class_new_builtin(I, "float", CLS_FLOAT, object, float_ctor);
  I->cls[OBJ_COMPLEX] = class_new_builtin(I, "complex", OBJ_COMPLEX, object, complex_ctor);
  I->cls[CLS_ELLIPSIS] = class_new_builtin(I, "ellipsis", CLS_ELLIPSIS, object, NULL);
  I->cls[CLS_NOTIMPL] = class_new_builtin(I, "NotImplementedType", CLS_NOTIMPL, object, NULL);
  I->cls[OBJ_STR] = class_new_builtin(I, "str", OBJ_STR, object, str_ctor);
  I->cls[OBJ_TUPLE] = class_new_builtin(I, "tuple", OBJ_TUPLE, object, tuple_ctor);
  I->cls[OBJ_LIST] = class_new_builtin(I, "list", OBJ_LIST, object, list_ctor);
  I->cls[OBJ_DICT] = class_new_builtin(I, "dict", OBJ_DICT, object, dict_ctor);
  I->cls[OBJ_SET] = class_new_builtin(I, "set", OBJ_SET, object, set_ctor);
  I->cls[OBJ_RANGE] = class_new_builtin(I, "range", OBJ_RANGE, object, range_ctor);
  I->cls[OBJ_SLICE] = class_new_builtin(I, "slice", OBJ_SLICE, object, slice_ctor);
  I->cls[OBJ_FUNC] = class_new_builtin(I, "function", OBJ_FUNC, object, NULL);
  I->cls[OBJ_NATIVE] = class_new_builtin(I, "builtin_function_or_method", OBJ_NATIVE, object, NULL);
  I->cls[OBJ_BOUND] = class_new_builtin(I, "method", OBJ_BOUND, object, NULL);
  I->cls[OBJ_MODULE] = class_new_builtin(I, "module", OBJ_MODULE, object, NULL);
  I->cls[OBJ_CELL] = class_new_builtin(I, "cell", OBJ_CELL, object, NULL);
  I->cls[OBJ_ITER] = class_new_builtin(I, "iterator", OBJ_ITER, object, NULL);
  I->cls[OBJ_DICTVIEW] = class_new_builtin(I, "dict_keys", OBJ_DICTVIEW, object, NULL);
  I->cls[OBJ_PROPERTY] = class_new_builtin(I, "property", OBJ_PROPERTY, object, property_ctor);
  I->cls[OBJ_STATICMETHOD] = class_new_builtin(I, "staticmethod", OBJ_STATICMETHOD, object, staticmethod_ctor);
  I->cls[OBJ_CLASSMETHOD] = class_new_builtin(I, "classmethod", OBJ_CLASSMETHOD, object, classmethod_ctor);
  I->cls[OBJ_SUPER] = class_new_builtin(I, "super", OBJ_SUPER, object, NULL);
  /* OBJ_INSTANCE has no class of its own: rt_class_of uses Instance.cls. */

  class_add_native(I, object, "__init__", object_init);
  class_add_native(I, object, "__repr__", object_repr);
  class_add_native(I, object, "__str__", object_str);
  class_add_native(I, object, "__eq__", object_eq);
  class_add_native(I, object, "__ne__", object_ne);
  class_add_native(I, object, "__hash__", object_hash);
  class_add_native(I, object, "__format__", object_format);
  class_add_native(I, I->cls[OBJ_PROPERTY], "getter", property_getter);
  class_add_native(I, I->cls[OBJ_PROPERTY], "setter", property_setter);
  class_add_native(I, I->cls[OBJ_PROPERTY], "deleter", property_deleter);

  set_builtin(I, "object", object);
  set_builtin(I, "type", type);
  set_builtin(I, "bool", I->cls[CLS_BOOL]);
  set_builtin(I, "int", int_);
  set_builtin(I, "float", I->cls[CLS_FLOAT]);
  set_builtin(I, "complex", I->cls[OBJ_COMPLEX]);
  set_builtin(I, "str", I->cls[OBJ_STR]);
  set_builtin(I, "tuple", I->cls[OBJ_TUPLE]);
  set_builtin(I, "list", I->cls[OBJ_LIST]);
  set_builtin(I, "dict", I->cls[OBJ_DICT]);
  set_builtin(I, "set", I->cls[OBJ_SET]);
  set_builtin(I, "range", I->cls[OBJ_RANGE]);
  set_builtin(I, "slice", I->cls[OBJ_SLICE]);

  str_init(I);
  num_init(I);
  complex_init(I);
  list_init(I);
  dict_init(I);
  iter_init(I);
  bytes_init(I);
  subclass_init(I);
}

void value_free(Interp *I) {
  if (!I->vs) return;
  free(I->vs->repr_stack);
  free(I->vs->rng);
  free(I->vs);
  I->vs = NULL;
}
