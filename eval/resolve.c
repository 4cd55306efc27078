/* resolve.c — Python's scoping rules, applied once before a module runs.
 *
 * Pass 1 walks the tree in source order and builds a tree of scopes
 * (module, def/lambda, class, comprehension). Each scope records the names
 * it binds (assignment, for target, del, def, class, import, parameters,
 * comprehension targets), its global/nonlocal declarations, and every place
 * that refers to a name. Syntax errors CPython's symtable reports (global
 * or nonlocal after use, nonlocal without binding, import * in a function)
 * are emitted here; the parser has already rejected misplaced
 * return/break/continue, module-level nonlocal and duplicate parameters
 * (parse_util.c: check_body(), params_check()), so none of those reaches
 * the resolver.
 *
 * Pass 2 decides, for every reference, where the name lives:
 *   module scope      SCOPE_GLOBAL
 *   function scope    declared global -> GLOBAL; bound here -> LOCAL (CELL
 *                     when an inner scope captures it); otherwise the
 *                     nearest enclosing function scope binding it (class
 *                     scopes are skipped) -> FREE, else GLOBAL
 *   class scope       bound here -> CLASS; free in an enclosing function ->
 *                     FREE; else CLASS (namespace, globals, builtins)
 * A free variable is passed through every scope between its user and its
 * owner (class scopes included), so each frame can build its children's
 * closures from its own cells and closure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp.h"

enum { SYM_BOUND = 1, SYM_USED = 2, SYM_GLOBAL = 4, SYM_NONLOCAL = 8, SYM_PARAM = 16, SYM_CELL = 32 };

typedef struct Sym {
  const char *name;
  unsigned flags;
  int slot;
  Loc decl; /* the first global/nonlocal statement naming it */
} Sym;

/* Resolution of one reference, decided in pass 2a, written in pass 2b. */
enum { RES_LOCAL, RES_FREE, RES_GLOBAL, RES_CLASS };

typedef struct Use {
  Node *node;   /* ND_NAME, or NULL when ref is set */
  NameRef *ref;
  const char *name;
  int res, idx;
} Use;

typedef struct RScope {
  ScopeKind kind;
  struct RScope *parent;
  Node *node;
  ScopeInfo *info;
  Sym *syms;
  int nsyms, capsyms;
  Use *uses;
  int nuses, capuses;
  const char **free; /* free variables (closure order) */
  int nfree, capfree;
  struct RScope **kids;
  int nkids, capkids;
  const char *qualprefix; /* prefix for qualnames of nested defs */
} RScope;

typedef struct R {
  Interp *I;
  Arena *A;
  int nerrors;
  RScope **all;
  int nall, capall;
} R;

#define GROW(arr, n, cap)                                                \
  do {                                                                   \
    if ((n) == (cap)) {                                                  \
      (cap) = (cap) ? 2 * (cap) : 8;                                     \
      (arr) = xrealloc((arr), sizeof(*(arr)) * (size_t)(cap));           \
    }                                                                    \
  } while (0)

static void error_at(R *r, Loc loc, const char *fmt, const char *name) {
  if (r->nerrors++ == 0) diag_emit(DIAG_ERROR, loc, fmt, name); /* later phases stop at the first */
}

static Str *intern(R *r, const char *s) {
  Str *x = str_intern(r->I, s);
  ev_keep(r->I, &x->h);
  return x;
}

static RScope *scope_new(R *r, ScopeKind kind, RScope *parent, Node *node) {
  RScope *s = xcalloc(1, sizeof *s);
  s->kind = kind;
  s->parent = parent;
  s->node = node;
  s->info = arena_alloc(r->A, sizeof(ScopeInfo));
  s->info->kind = kind;
  s->info->varargs_slot = s->info->kwargs_slot = -1;
  if (parent) {
    GROW(parent->kids, parent->nkids, parent->capkids);
    parent->kids[parent->nkids++] = s;
  }
  GROW(r->all, r->nall, r->capall);
  r->all[r->nall++] = s;
  return s;
}

static Sym *sym_find(RScope *s, const char *name) {
  for (int i = 0; i < s->nsyms; i++)
    if (strcmp(s->syms[i].name, name) == 0) return &s->syms[i];
  return NULL;
}

static Sym *sym_get(RScope *s, const char *name) {
  Sym *y = sym_find(s, name);
  if (y) return y;
  GROW(s->syms, s->nsyms, s->capsyms);
  y = &s->syms[s->nsyms++];
  y->name = name;
  y->flags = 0;
  y->slot = -1;
  return y;
}

static void add_use(RScope *s, Node *n, NameRef *ref, const char *name) {
  GROW(s->uses, s->nuses, s->capuses);
  s->uses[s->nuses++] = (Use){n, ref, name, 0, 0};
}

static void note_bind(R *r, RScope *s, const char *name) {
  (void)r;
  if (s->kind == SK_MODULE) return;
  sym_get(s, name)->flags |= SYM_BOUND;
}

/* A name that a statement binds without an ND_NAME node (def, import). */
static void bind_ref(R *r, RScope *s, NameRef *ref, const char *name) {
  ref->name = intern(r, name);
  note_bind(r, s, name);
  add_use(s, NULL, ref, name);
}

static const char *qualname_of(R *r, RScope *s, const char *name) {
  if (!s->qualprefix) return name;
  size_t n = strlen(s->qualprefix) + strlen(name) + 1;
  char *q = arena_alloc(r->A, n);
  strcpy(q, s->qualprefix);
  strcat(q, name);
  return q;
}

static const char *prefix_for(R *r, RScope *parent, ScopeKind kind, const char *qual) {
  (void)parent;
  const char *suffix = kind == SK_CLASS ? "." : ".<locals>.";
  char *p = arena_alloc(r->A, strlen(qual) + strlen(suffix) + 1);
  strcpy(p, qual);
  strcat(p, suffix);
  return p;
}

static void visit_expr(R *r, RScope *s, Node *n);
static void visit_stmts(R *r, RScope *s, NodeVec *v);

static void visit_exprs(R *r, RScope *s, NodeVec *v) {
  for (int i = 0; i < v->len; i++) visit_expr(r, s, v->items[i]);
}

static void visit_target(R *r, RScope *s, Node *n) {
  switch (n->kind) {
  case ND_NAME:
    n->aux = intern(r, n->name);
    note_bind(r, s, n->name);
    add_use(s, n, NULL, n->name);
    break;
  case ND_TUPLE:
  case ND_LIST:
    for (int i = 0; i < n->elts.len; i++) visit_target(r, s, n->elts.items[i]);
    break;
  case ND_STARRED:
    visit_target(r, s, n->a);
    break;
  default:
    visit_expr(r, s, n); /* attribute and subscript targets */
    break;
  }
}

static Str *docstring(R *r, NodeVec *body) {
  if (body->len == 0) return NULL;
  Node *n = body->items[0];
  if (n->kind != ND_EXPR_STMT || n->a->kind != ND_STR) return NULL;
  Str *s = str_new(r->I, n->a->str, n->a->slen);
  ev_keep(r->I, &s->h);
  return s;
}

/* Sets up a function scope's parameters. */
static void bind_params(R *r, RScope *fs, Node *def) {
  ScopeInfo *fi = fs->info;
  fi->nparams = def->nparams;
  fi->param_names = arena_alloc(r->A, sizeof(Str *) * (size_t)(def->nparams + 1));
  bool simple = true;
  for (int i = 0; i < def->nparams; i++) {
    Param *p = &def->params[i];
    switch (p->kind) {
    case PARAM_POS:
      fi->nargs++;
      if (p->deflt) fi->ndefaults++;
      break;
    case PARAM_VARARGS: fi->varargs_slot = i; simple = false; break;
    case PARAM_KWONLY: fi->nkwonly++; simple = false; break;
    case PARAM_KWARGS: fi->kwargs_slot = i; simple = false; break;
    }
    if (!p->name) continue;
    fi->param_names[i] = intern(r, p->name);
    Sym *y = sym_get(fs, p->name);
    y->flags |= SYM_BOUND | SYM_PARAM;
    y->slot = i;
  }
  fi->simple = simple;
}

static RScope *func_scope(R *r, RScope *s, Node *def, const char *name) {
  RScope *fs = scope_new(r, SK_FUNC, s, def);
  const char *qual = qualname_of(r, s, name);
  fs->qualprefix = prefix_for(r, s, SK_FUNC, qual);
  fs->info->name = intern(r, name);
  fs->info->qualname = intern(r, qual);
  def->aux = fs->info;
  bind_params(r, fs, def);
  return fs;
}

static void visit_params_outer(R *r, RScope *s, Node *def) {
  for (int i = 0; i < def->nparams; i++)
    if (def->params[i].deflt) visit_expr(r, s, def->params[i].deflt);
}

static void visit_comp(R *r, RScope *s, Node *n) {
  visit_expr(r, s, n->comps[0].iter); /* evaluated in the enclosing scope */
  RScope *cs = scope_new(r, SK_COMP, s, n);
  const char *what = n->kind == ND_LISTCOMP ? "<listcomp>" : n->kind == ND_SETCOMP ? "<setcomp>"
                   : n->kind == ND_DICTCOMP ? "<dictcomp>" : "<genexpr>";
  const char *qual = qualname_of(r, s, what);
  cs->qualprefix = prefix_for(r, s, SK_FUNC, qual);
  cs->info->name = intern(r, what);
  cs->info->qualname = intern(r, qual);
  cs->info->simple = true;
  n->aux = cs->info;
  for (int i = 0; i < n->ncomps; i++) {
    Comp *c = &n->comps[i];
    if (i > 0) visit_expr(r, cs, c->iter);
    visit_target(r, cs, c->target);
    visit_exprs(r, cs, &c->ifs);
  }
  visit_expr(r, cs, n->a);
  if (n->kind == ND_DICTCOMP) visit_expr(r, cs, n->b);
}

static void visit_expr(R *r, RScope *s, Node *n) {
  if (!n) return;
  switch (n->kind) {
  case ND_NAME:
    n->aux = intern(r, n->name);
    if (s->kind != SK_MODULE) sym_get(s, n->name)->flags |= SYM_USED;
    add_use(s, n, NULL, n->name);
    break;
  case ND_INT: case ND_FLOAT: case ND_IMAG: case ND_STR: case ND_BYTES: case ND_NONE: case ND_TRUE:
  case ND_FALSE: case ND_ELLIPSIS:
    break;
  case ND_FSTRING:
    visit_exprs(r, s, &n->elts);
    break;
  case ND_FORMATTED:
    visit_expr(r, s, n->a);
    visit_expr(r, s, n->b);
    break;
  case ND_LAMBDA: {
    visit_params_outer(r, s, n);
    RScope *fs = func_scope(r, s, n, "<lambda>");
    visit_expr(r, fs, n->a);
    break;
  }
  case ND_LISTCOMP: case ND_SETCOMP: case ND_GENEXP: case ND_DICTCOMP:
    visit_comp(r, s, n);
    break;
  case ND_ATTR: {
    AttrCache *ac = arena_alloc(r->A, sizeof *ac);
    ac->name = intern(r, n->name);
    n->aux = ac;
    visit_expr(r, s, n->a);
    break;
  }
  case ND_KEYWORD:
    n->aux = intern(r, n->name);
    visit_expr(r, s, n->a);
    break;
  case ND_DICT:
    for (int i = 0; i < n->elts.len; i++) {
      visit_expr(r, s, n->elts.items[i]);
      visit_expr(r, s, n->elts2.items[i]);
    }
    break;
  case ND_YIELD:
  case ND_YIELDFROM:
    if (s->kind == SK_FUNC) {
      s->info->generator = true;
      if (!s->info->first_yield) s->info->first_yield = n;
    } else if (s->kind == SK_COMP) {
      const char *what = s->node->kind == ND_LISTCOMP  ? "list comprehension"
                         : s->node->kind == ND_SETCOMP ? "set comprehension"
                         : s->node->kind == ND_DICTCOMP ? "dict comprehension"
                                                        : "generator expression";
      error_at(r, n->loc, "'yield' inside %s", what);
    } else {
      error_at(r, n->loc, "'yield' outside function%s", "");
    }
    visit_expr(r, s, n->a);
    break;
  default:
    visit_expr(r, s, n->a);
    visit_expr(r, s, n->b);
    visit_expr(r, s, n->c);
    visit_exprs(r, s, &n->elts);
    break;
  }
}

static void declare(R *r, RScope *s, Node *n, bool global) {
  const char *what = global ? "global" : "nonlocal";
  if (s->kind == SK_MODULE) return; /* global; the parser rejects a nonlocal here */
  for (int i = 0; i < n->nnames; i++) {
    const char *name = n->names[i];
    Sym *y = sym_get(s, name);
    char msg[96];
    if (y->flags & SYM_PARAM)
      snprintf(msg, sizeof msg, "name '%%s' is parameter and %s", what);
    else if (y->flags & SYM_USED)
      snprintf(msg, sizeof msg, "name '%%s' is used prior to %s declaration", what);
    else if (y->flags & SYM_BOUND)
      snprintf(msg, sizeof msg, "name '%%s' is assigned to before %s declaration", what);
    else if (y->flags & (global ? SYM_NONLOCAL : SYM_GLOBAL))
      snprintf(msg, sizeof msg, "name '%%s' is nonlocal and global");
    else
      msg[0] = 0;
    if (msg[0]) {
      /* A clash between two declarations is reported at the first one, as
       * CPython does. */
      bool clash = (y->flags & (SYM_GLOBAL | SYM_NONLOCAL)) != 0;
      error_at(r, clash ? y->decl : n->loc, msg, name);
      continue;
    }
    if (!(y->flags & (SYM_GLOBAL | SYM_NONLOCAL))) y->decl = n->loc;
    y->flags |= global ? SYM_GLOBAL : SYM_NONLOCAL;
  }
}

static void visit_import(R *r, RScope *s, Node *n) {
  ImportInfo *ii = arena_alloc(r->A, sizeof *ii);
  ii->refs = arena_alloc(r->A, sizeof(NameRef) * (size_t)(n->naliases + 1));
  n->aux = ii;
  if (n->kind == ND_IMPORTFROM && n->name) ii->module = intern(r, n->name);
  for (int i = 0; i < n->naliases; i++) {
    Alias *al = &n->aliases[i];
    if (n->kind == ND_IMPORTFROM && strcmp(al->name, "*") == 0) {
      if (s->kind != SK_MODULE)
        error_at(r, al->loc, "import * only allowed at module level%s", "");
      ii->refs[i].scope = SCOPE_GLOBAL;
      continue;
    }
    const char *bound = al->asname;
    if (!bound) {
      if (n->kind == ND_IMPORT) {
        const char *dot = strchr(al->name, '.');
        bound = dot ? arena_strndup(r->A, al->name, (size_t)(dot - al->name)) : al->name;
      } else {
        bound = al->name;
      }
    }
    bind_ref(r, s, &ii->refs[i], bound);
  }
}

static void visit_stmt(R *r, RScope *s, Node *n) {
  switch (n->kind) {
  case ND_EXPR_STMT:
    visit_expr(r, s, n->a);
    break;
  case ND_ASSIGN:
    visit_expr(r, s, n->a);
    for (int i = 0; i < n->elts.len; i++) visit_target(r, s, n->elts.items[i]);
    break;
  case ND_AUGASSIGN:
    visit_expr(r, s, n->b);
    if (n->a->kind == ND_NAME && s->kind != SK_MODULE) sym_get(s, n->a->name)->flags |= SYM_USED;
    visit_target(r, s, n->a);
    break;
  case ND_ANNASSIGN:
    if (n->c) visit_expr(r, s, n->c);
    visit_target(r, s, n->a);
    break;
  case ND_IF:
    visit_expr(r, s, n->a);
    visit_stmts(r, s, &n->body);
    visit_stmts(r, s, &n->orelse);
    break;
  case ND_WHILE:
    visit_expr(r, s, n->a);
    visit_stmts(r, s, &n->body);
    visit_stmts(r, s, &n->orelse);
    break;
  case ND_FOR:
    visit_expr(r, s, n->b);
    visit_target(r, s, n->a);
    visit_stmts(r, s, &n->body);
    visit_stmts(r, s, &n->orelse);
    break;
  case ND_BREAK:
  case ND_CONTINUE:
  case ND_PASS:
    break;
  case ND_RETURN:
    visit_expr(r, s, n->a);
    break;
  case ND_RAISE:
  case ND_ASSERT:
    visit_expr(r, s, n->a);
    visit_expr(r, s, n->b);
    break;
  case ND_DEL:
    for (int i = 0; i < n->elts.len; i++) visit_target(r, s, n->elts.items[i]);
    break;
  case ND_GLOBAL:
    declare(r, s, n, true);
    break;
  case ND_NONLOCAL:
    declare(r, s, n, false);
    break;
  case ND_IMPORT:
  case ND_IMPORTFROM:
    visit_import(r, s, n);
    break;
  case ND_TRY:
    visit_stmts(r, s, &n->body);
    for (int i = 0; i < n->elts.len; i++) {
      Node *h = n->elts.items[i];
      visit_expr(r, s, h->a);
      if (h->b) visit_target(r, s, h->b);
      visit_stmts(r, s, &h->body);
    }
    visit_stmts(r, s, &n->orelse);
    visit_stmts(r, s, &n->elts2);
    break;
  case ND_WITH:
    for (int i = 0; i < n->elts.len; i++) {
      Node *it = n->elts.items[i];
      visit_expr(r, s, it->a);
      if (it->b) visit_target(r, s, it->b);
    }
    visit_stmts(r, s, &n->body);
    break;
  case ND_FUNCDEF: {
    visit_exprs(r, s, &n->decorators);
    visit_params_outer(r, s, n);
    RScope *fs = func_scope(r, s, n, n->name);
    fs->info->doc = docstring(r, &n->body);
    bind_ref(r, s, &fs->info->bind, n->name);
    visit_stmts(r, fs, &n->body);
    break;
  }
  case ND_CLASSDEF: {
    visit_exprs(r, s, &n->decorators);
    visit_exprs(r, s, &n->elts);
    for (int i = 0; i < n->elts.len; i++) {
      Node *b = n->elts.items[i];
      if (b->kind == ND_KEYWORD && strcmp(b->name, "metaclass") == 0)
        error_at(r, b->loc, "metaclasses are not supported by msc%s", "");
    }
    RScope *cs = scope_new(r, SK_CLASS, s, n);
    const char *qual = qualname_of(r, s, n->name);
    cs->qualprefix = prefix_for(r, s, SK_CLASS, qual);
    cs->info->name = intern(r, n->name);
    cs->info->qualname = intern(r, qual);
    cs->info->doc = docstring(r, &n->body);
    n->aux = cs->info;
    bind_ref(r, s, &cs->info->bind, n->name);
    visit_stmts(r, cs, &n->body);
    break;
  }
  default:
    visit_expr(r, s, n);
    break;
  }
}

static void visit_stmts(R *r, RScope *s, NodeVec *v) {
  for (int i = 0; i < v->len; i++) visit_stmt(r, s, v->items[i]);
}

/* ---- pass 2 ----------------------------------------------------------- */

static bool is_funclike(RScope *s) { return s->kind == SK_FUNC || s->kind == SK_COMP; }

static int free_index(RScope *s, const char *name) {
  for (int i = 0; i < s->nfree; i++)
    if (strcmp(s->free[i], name) == 0) return i;
  GROW(s->free, s->nfree, s->capfree);
  s->free[s->nfree] = name;
  return s->nfree++;
}

/* Looks name up in the function scopes enclosing s. On success marks the
 * owner's symbol as a cell, adds pass-through free variables and returns
 * s's free index; returns -1 when the name is global. */
static int find_free(RScope *s, const char *name) {
  RScope *p = s->parent;
  for (; p && p->kind != SK_MODULE; p = p->parent) {
    if (!is_funclike(p)) continue;
    Sym *y = sym_find(p, name);
    if (!y) continue;
    if (y->flags & SYM_GLOBAL) return -1;
    if ((y->flags & SYM_BOUND) && !(y->flags & SYM_NONLOCAL)) break;
  }
  if (!p || p->kind == SK_MODULE) return -1;
  sym_find(p, name)->flags |= SYM_CELL;
  for (RScope *q = s->parent; q != p; q = q->parent) free_index(q, name);
  return free_index(s, name);
}

/* Every nonlocal declaration needs a binding in an enclosing function,
 * whether or not the name is used: reported at the declaration. */
static void check_nonlocals(R *r, RScope *s) {
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if (!(y->flags & SYM_NONLOCAL)) continue;
    bool found = false;
    for (RScope *p = s->parent; p && p->kind != SK_MODULE && !found; p = p->parent) {
      if (!is_funclike(p)) continue;
      Sym *q = sym_find(p, y->name);
      found = q && !(q->flags & SYM_GLOBAL) && (q->flags & (SYM_BOUND | SYM_NONLOCAL));
    }
    if (!found) {
      y->flags &= ~(unsigned)SYM_NONLOCAL;
      error_at(r, y->decl, "no binding for nonlocal '%s' found", y->name);
    }
  }
}

static void resolve_use(RScope *s, Use *u) {
  if (s->kind == SK_MODULE) {
    u->res = RES_GLOBAL;
    return;
  }
  Sym *y = sym_find(s, u->name);
  if (s->kind == SK_CLASS) {
    if (y && (y->flags & SYM_GLOBAL)) { u->res = RES_GLOBAL; return; }
    if (y && (y->flags & SYM_NONLOCAL)) goto nonlocal;
    if (y && (y->flags & SYM_BOUND)) { u->res = RES_CLASS; return; }
    u->idx = find_free(s, u->name);
    u->res = u->idx >= 0 ? RES_FREE : RES_CLASS;
    return;
  }
  if (y && (y->flags & SYM_GLOBAL)) { u->res = RES_GLOBAL; return; }
  if (y && (y->flags & SYM_NONLOCAL)) goto nonlocal;
  if (y && (y->flags & SYM_BOUND)) { u->res = RES_LOCAL; return; }
  u->idx = find_free(s, u->name);
  u->res = u->idx >= 0 ? RES_FREE : RES_GLOBAL;
  return;
nonlocal:
  /* check_nonlocals has removed declarations without a binding. */
  u->idx = find_free(s, u->name);
  u->res = RES_FREE;
  if (u->idx < 0) die("nonlocal '%s' has no binding after check_nonlocals", u->name);
}

/* Assigns slots to a function scope's locals: params first, then the other
 * bound names in order of first binding. */
static void assign_slots(R *r, RScope *s) {
  ScopeInfo *fi = s->info;
  int n = s->kind == SK_FUNC ? s->node->nparams : 0;
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if ((y->flags & SYM_BOUND) && !(y->flags & (SYM_GLOBAL | SYM_NONLOCAL | SYM_PARAM))) y->slot = n++;
  }
  fi->nlocals = n;
  fi->local_names = arena_alloc(r->A, sizeof(char *) * (size_t)(n + 1));
  int ncells = 0;
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if (y->slot < 0 || (y->flags & (SYM_GLOBAL | SYM_NONLOCAL))) continue;
    fi->local_names[y->slot] = y->name;
    if (y->flags & SYM_CELL) ncells++;
  }
  for (int i = 0; i < n; i++)
    if (!fi->local_names[i]) fi->local_names[i] = "*";
  fi->ncells = ncells;
  fi->cell_slots = arena_alloc(r->A, sizeof(int) * (size_t)(ncells + 1));
  ncells = 0;
  for (int i = 0; i < s->nsyms; i++) {
    Sym *y = &s->syms[i];
    if (y->slot >= 0 && (y->flags & SYM_CELL) && !(y->flags & (SYM_GLOBAL | SYM_NONLOCAL)))
      fi->cell_slots[ncells++] = y->slot;
  }
  if (ncells) fi->simple = false;
}

/* Where each of s's free variables comes from in its parent's frame. */
static void free_sources(R *r, RScope *s) {
  ScopeInfo *fi = s->info;
  fi->nfree = s->nfree;
  fi->free_src = arena_alloc(r->A, sizeof(int) * (size_t)(s->nfree + 1));
  RScope *p = s->parent;
  for (int i = 0; i < s->nfree; i++) {
    Sym *y = is_funclike(p) ? sym_find(p, s->free[i]) : NULL;
    if (y && y->slot >= 0 && (y->flags & SYM_CELL) && !(y->flags & SYM_NONLOCAL))
      fi->free_src[i] = y->slot;
    else
      fi->free_src[i] = -(free_index(p, s->free[i]) + 1);
  }
}

static void write_use(RScope *s, Use *u) {
  Scope sc = SCOPE_GLOBAL;
  int slot = 0;
  switch (u->res) {
  case RES_GLOBAL: sc = SCOPE_GLOBAL; break;
  case RES_CLASS: sc = SCOPE_CLASS; break;
  case RES_FREE: sc = SCOPE_FREE; slot = u->idx; break;
  case RES_LOCAL: {
    Sym *y = sym_find(s, u->name);
    slot = y->slot;
    sc = (y->flags & SYM_CELL) ? SCOPE_CELL : SCOPE_LOCAL;
    break;
  }
  }
  if (u->node) {
    u->node->scope = sc;
    u->node->slot = slot;
  } else {
    u->ref->scope = sc;
    u->ref->slot = slot;
  }
}

static void scope_free(RScope *s) {
  free(s->syms);
  free(s->uses);
  free(s->free);
  free(s->kids);
  free(s);
}

bool resolve_module(Interp *I, Node *module) {
  R r = {.I = I, .A = I->arena};
  RScope *top = scope_new(&r, SK_MODULE, NULL, module);
  visit_stmts(&r, top, &module->body);
  for (int i = 0; i < r.nall; i++) check_nonlocals(&r, r.all[i]);
  for (int i = 0; i < r.nall; i++) {
    RScope *s = r.all[i];
    for (int j = 0; j < s->nuses; j++) resolve_use(s, &s->uses[j]);
  }
  for (int i = 0; i < r.nall; i++)
    if (is_funclike(r.all[i])) assign_slots(&r, r.all[i]);
  /* Parents precede children in r.all, but a child's pass-through free
   * variables may grow its parent's list: compute sources children first. */
  for (int i = r.nall - 1; i > 0; i--) free_sources(&r, r.all[i]);
  for (int i = 0; i < r.nall; i++) {
    RScope *s = r.all[i];
    for (int j = 0; j < s->nuses; j++) write_use(s, &s->uses[j]);
  }
  for (int i = 0; i < r.nall; i++) scope_free(r.all[i]);
  free(r.all);
  return r.nerrors == 0;
}

bool interp_check(Interp *I, Node *module) { return resolve_module(I, module); }
