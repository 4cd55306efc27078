/* parse_util.c — the parser's builders, its checks and its entry points.
 *
 * The grammar's actions call one builder each (mk_*, seq_*, params_*...).
 * A builder makes the node and checks what an LALR(1) grammar does not:
 * assignment targets, argument and parameter order, starred expressions,
 * reporting with CPython 3.11's wording. After a clean parse, check_module()
 * adds CPython's compile-time checks ('return' outside function, ...).
 *
 * parse_file() runs the scanner and parser over a file; parse_subexpr()
 * does the same in expression mode over the byte range of an f-string
 * replacement field.
 */
#include "frontend/parse.h"
#include "frontend/lexer.h"
#include "frontend/limits.h"

#include <stdio.h>
#include <string.h>

/* ---- diagnostics ---------------------------------------------------------- */

Loc lex_loc(LexState *S, uint32_t beg, uint32_t end) {
  Loc l = {S->P->src, beg, end};
  return l;
}

void parse_error(Parser *P, Loc loc, const char *fmt, ...) {
  if (P->stopped) return;
  if (P->nerrors >= PARSE_MAX_ERRORS) {
    diag_plain(DIAG_ERROR, "too many errors, stopping");
    P->stopped = true;
    return;
  }
  P->nerrors++;
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(DIAG_ERROR, loc, fmt, ap);
  va_end(ap);
}

void parse_note(Parser *P, Loc loc, const char *fmt, ...) {
  if (P->stopped) return;
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(DIAG_NOTE, loc, fmt, ap);
  va_end(ap);
}

void *parse_grow(Arena *a, void *items, int len, int *cap, size_t elsize) {
  if (len < *cap) return items;
  int nc = *cap ? *cap * 2 : 4;
  void *p = arena_alloc(a, (size_t)nc * elsize);
  if (len) memcpy(p, items, (size_t)len * elsize);
  *cap = nc;
  return p;
}

#define PUSH(S, vec, item)                                                                     \
  do {                                                                                         \
    (vec)->items = parse_grow((S)->P->arena, (vec)->items, (vec)->len, &(vec)->cap,            \
                              sizeof *(vec)->items);                                           \
    (vec)->items[(vec)->len++] = (item);                                                       \
  } while (0)

static Node *node(LexState *S, NodeKind k, Loc loc) { return ast_new(S->P->arena, k, loc); }

/* ---- statements ------------------------------------------------------------ */

Node *mk_module(LexState *S, NodeVec body, Loc loc) {
  (void)loc;
  Node *n = node(S, ND_MODULE, lex_loc(S, 0, S->limit));
  n->body = body;
  return n;
}

NodeVec vec_one(LexState *S, Node *n) {
  NodeVec v = {0};
  nodevec_push(S->P->arena, &v, n);
  return v;
}

NodeVec vec_concat(LexState *S, NodeVec a, NodeVec b) {
  for (int i = 0; i < b.len; i++) nodevec_push(S->P->arena, &a, b.items[i]);
  return a;
}

/* 9223372036854775808 is only fine right after a unary minus */
static void check_bigints(Parser *P) {
  for (int i = 0; i < P->bigints.len; i++) {
    Node *n = P->bigints.items[i];
    if (n->op == 1) parse_error(P, n->loc, "integer literal is too large (msc integers are 64-bit)");
    n->op = 0;
  }
  P->bigints.len = 0;
}

NodeVec stmt_done(LexState *S, NodeVec v) {
  S->P->recovered = false;
  check_bigints(S->P);
  return v;
}

bool stmt_recovered(LexState *S) {
  S->P->recovered = true;
  return S->P->stopped;
}

int report_unexpected_indent(LexState *S, Loc loc) {
  /* the body of a statement whose header had a syntax error: not news */
  bool was = S->P->recovered;
  if (!was) parse_error(S->P, loc, "unexpected indent");
  return was;
}

/* hdr_off: the first token of the header's line ("if", "def", "else"...). */
NodeVec report_missing_block(LexState *S, int hdr_off, Loc at) {
  static const char *const kinds[][2] = {
      {"if", "'if' statement"},       {"elif", "'elif' statement"},     {"else", "'else' statement"},
      {"for", "'for' statement"},     {"while", "'while' statement"},   {"def", "function definition"},
      {"async", "function definition"}, {"class", "class definition"}, {"try", "'try' statement"},
      {"except", "'except' statement"}, {"finally", "'finally' statement"}, {"with", "'with' statement"},
  };
  if (at.beg >= S->limit) at = lex_loc(S, S->last_real_end, S->last_real_end); /* not past EOF */
  const char *t = S->P->src->text + hdr_off, *what = NULL;
  size_t n = 0;
  while (hdr_off + n < S->limit && ((t[n] >= 'a' && t[n] <= 'z'))) n++;
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strlen(kinds[i][0]) == n && strncmp(t, kinds[i][0], n) == 0) what = kinds[i][1];
  /* every header starts with one of those words */
  parse_error(S->P, at, "expected an indented block after %s on line %d", what ? what : "statement",
              src_line(S->P->src, (uint32_t)hdr_off));
  S->P->recovered = true;
  return (NodeVec){0};
}

Node *mk_unsupported(LexState *S, const char *msg, Loc loc) {
  parse_error(S->P, loc, "%s", msg);
  return node(S, ND_PASS, loc);
}

/* try/with/async with: the parts were parsed (and checked), then dropped */
Node *mk_pass_vecs(LexState *S, Loc loc, NodeVec a, NodeVec b, NodeVec c, NodeVec d) {
  (void)a, (void)b, (void)c, (void)d;
  return node(S, ND_PASS, loc);
}

/* ---- targets ------------------------------------------------------------- */

static const char *expr_name(const Node *e) {
  switch (e->kind) {
  case ND_CALL: return "function call";
  case ND_COMPARE: return "comparison";
  case ND_IFEXP: return "conditional expression";
  case ND_LAMBDA: return "lambda";
  case ND_GENEXP: return "generator expression";
  case ND_LISTCOMP: return "list comprehension";
  case ND_SETCOMP: return "set comprehension";
  case ND_DICTCOMP: return "dict comprehension";
  case ND_DICT: return "dict literal";
  case ND_SET: return "set display";
  case ND_FSTRING: case ND_FORMATTED: return "f-string expression";
  case ND_NONE: return "None";
  case ND_TRUE: return "True";
  case ND_FALSE: return "False";
  case ND_ELLIPSIS: return "ellipsis";
  case ND_INT: case ND_FLOAT: case ND_IMAG: case ND_STR: case ND_BYTES: return "literal";
  case ND_STARRED: return "starred";
  case ND_TUPLE: return "tuple";
  case ND_LIST: return "list";
  case ND_NAME: return "name";
  case ND_ATTR: return "attribute";
  case ND_SUBSCRIPT: return "subscript";
  default: return "expression";
  }
}

/* Reports the first invalid part of target t; false if there was one. */
static bool target_ok(LexState *S, Node *t, int ctx, bool single) {
  Parser *P = S->P;
  switch (t->kind) {
  case ND_NAME: case ND_ATTR: case ND_SUBSCRIPT:
    return true;
  case ND_TUPLE: case ND_LIST: {
    int nstar = 0;
    for (int i = 0; i < t->elts.len; i++) {
      Node *e = t->elts.items[i];
      if (e->kind == ND_STARRED && ctx != TGT_DEL) {
        if (++nstar == 2) {
          parse_error(P, e->loc, "multiple starred expressions in assignment");
          return false;
        }
        e = e->a;
      }
      if (!target_ok(S, e, ctx, false)) return false;
    }
    return true;
  }
  case ND_STARRED: /* (not inside a list or tuple: the loop above takes those) */
    if (ctx == TGT_DEL) parse_error(P, t->loc, "cannot delete starred");
    else parse_error(P, t->loc, "starred assignment target must be in a list or tuple");
    return false;
  default:
    if (ctx == TGT_DEL) {
      parse_error(P, t->loc, "cannot delete %s", expr_name(t));
    } else if (single && t->kind != ND_NONE && t->kind != ND_TRUE && t->kind != ND_FALSE &&
               t->kind != ND_GENEXP) {
      parse_error(P, t->loc, "cannot assign to %s here. Maybe you meant '==' instead of '='?", expr_name(t));
    } else {
      parse_error(P, t->loc, "cannot assign to %s", expr_name(t));
    }
    return false;
  }
}

Node *check_target(LexState *S, Node *t, int ctx) {
  Parser *P = S->P;
  bool simple = t->kind == ND_NAME || t->kind == ND_ATTR || t->kind == ND_SUBSCRIPT;
  if (ctx == TGT_AUG && !simple) {
    parse_error(P, t->loc, "'%s' is an illegal expression for augmented assignment", expr_name(t));
  } else if (ctx == TGT_ANN && !simple) {
    if (t->kind == ND_TUPLE || t->kind == ND_LIST)
      parse_error(P, t->loc, "only single target (not %s) can be annotated", expr_name(t));
    else
      parse_error(P, t->loc, "illegal target for annotation");
  } else if (ctx != TGT_AUG && ctx != TGT_ANN) {
    target_ok(S, t, ctx, false);
  }
  return t;
}

Node *check_value(LexState *S, Node *e) {
  if (e->kind == ND_STARRED)
    parse_error(S->P, e->loc, "%scan't use starred expression here", S->mode == LEX_EXPR ? "f-string: " : "");
  return e;
}

Node *mk_expr_stmt(LexState *S, Node *e, Loc loc) {
  Node *n = node(S, ND_EXPR_STMT, loc);
  n->a = check_value(S, e);
  return n;
}

Node *mk_assign(LexState *S, NodeVec chain, Loc loc) {
  Node *n = node(S, ND_ASSIGN, loc);
  int nt = chain.len - 1;
  for (int i = 0; i < nt; i++) {
    Node *t = chain.items[i];
    if (nt == 1 && t->kind != ND_TUPLE && t->kind != ND_LIST && t->kind != ND_STARRED)
      target_ok(S, t, TGT_ASSIGN, true);
    else
      check_target(S, t, TGT_ASSIGN);
    nodevec_push(S->P->arena, &n->elts, t);
  }
  n->a = chain.items[nt];
  return n;
}

Node *mk_augassign(LexState *S, Node *t, int op, Node *v, Loc loc) {
  Node *n = node(S, ND_AUGASSIGN, loc);
  n->a = check_target(S, t, TGT_AUG);
  n->op = op;
  n->b = v;
  return n;
}

Node *mk_annassign(LexState *S, Node *t, Node *ann, Node *v, Loc loc) {
  Node *n = node(S, ND_ANNASSIGN, loc);
  n->a = check_target(S, t, TGT_ANN);
  n->b = ann;
  n->c = v;
  return n;
}

Node *mk_del(LexState *S, Node *targets, Loc loc) {
  Node *n = node(S, ND_DEL, loc);
  /* "del a, b" deletes a and b; "del (a, b)" deletes the tuple target */
  bool bare = targets->kind == ND_TUPLE && targets->elts.len > 0 &&
              targets->loc.beg == targets->elts.items[0]->loc.beg;
  if (bare) {
    for (int i = 0; i < targets->elts.len; i++) {
      Node *t = targets->elts.items[i];
      check_target(S, t, TGT_DEL);
      nodevec_push(S->P->arena, &n->elts, t);
    }
  } else {
    check_target(S, targets, TGT_DEL);
    nodevec_push(S->P->arena, &n->elts, targets);
  }
  return n;
}

Node *mk_return(LexState *S, Node *v, Loc loc) {
  Node *n = node(S, ND_RETURN, loc);
  n->a = v;
  return n;
}

Node *mk_raise(LexState *S, Node *e, Node *cause, Loc loc) {
  Node *n = node(S, ND_RAISE, loc);
  n->a = e;
  n->b = cause;
  return n;
}

Node *mk_assert(LexState *S, Node *test, Node *msg, Loc loc) {
  Node *n = node(S, ND_ASSERT, loc);
  n->a = test;
  n->b = msg;
  return n;
}

NameVec *names_add(LexState *S, NameVec *v, const char *name, Loc loc) {
  if (!v) v = arena_alloc(S->P->arena, sizeof *v);
  int cap = v->cap;
  v->locs = parse_grow(S->P->arena, v->locs, v->len, &cap, sizeof(Loc));
  PUSH(S, v, name);
  v->locs[v->len - 1] = loc;
  return v;
}

Node *mk_global(LexState *S, NodeKind kind, NameVec *v, Loc loc) {
  Node *n = node(S, kind, loc);
  n->names = v->items;
  n->nnames = v->len;
  return n;
}

AliasVec *alias_add(LexState *S, AliasVec *v, const char *name, const char *asname, Loc loc) {
  if (!v) v = arena_alloc(S->P->arena, sizeof *v);
  Alias a = {name, asname, loc};
  PUSH(S, v, a);
  return v;
}

const char *join_dotted(LexState *S, const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  char *s = arena_alloc(S->P->arena, la + lb + 2);
  memcpy(s, a, la);
  s[la] = '.';
  memcpy(s + la + 1, b, lb + 1);
  return s;
}

Node *mk_import(LexState *S, AliasVec *v, Loc loc) {
  Node *n = node(S, ND_IMPORT, loc);
  n->aliases = v->items;
  n->naliases = v->len;
  return n;
}

Node *mk_from_module(LexState *S, int level, const char *name, Loc loc) {
  Node *n = node(S, ND_IMPORTFROM, loc);
  n->level = level;
  n->name = name;
  return n;
}

Node *mk_import_star(LexState *S, Loc loc) {
  AliasVec *v = alias_add(S, NULL, "*", NULL, loc);
  Node *n = node(S, ND_IMPORTFROM, loc);
  n->aliases = v->items;
  n->naliases = v->len;
  return n;
}

Node *mk_import_names(LexState *S, AliasVec *v, bool bad_comma, Loc loc) {
  if (bad_comma) parse_error(S->P, loc, "trailing comma not allowed without surrounding parentheses");
  Node *n = node(S, ND_IMPORTFROM, loc);
  n->aliases = v->items;
  n->naliases = v->len;
  return n;
}

Node *mk_import_from(LexState *S, Node *mod, Node *targets, Loc loc) {
  (void)S;
  mod->loc = loc;
  mod->aliases = targets->aliases;
  mod->naliases = targets->naliases;
  return mod;
}

/* ---- compound statements ------------------------------------------------- */

Node *mk_if(LexState *S, Node *cond, NodeVec body, NodeVec orelse, Loc loc) {
  Node *n = node(S, ND_IF, loc);
  n->a = cond;
  n->body = body;
  n->orelse = orelse;
  return n;
}

Node *mk_while(LexState *S, Node *cond, NodeVec body, NodeVec orelse, Loc loc) {
  Node *n = node(S, ND_WHILE, loc);
  n->a = cond;
  n->body = body;
  n->orelse = orelse;
  return n;
}

Node *mk_for(LexState *S, Node *target, Node *iter, NodeVec body, NodeVec orelse, Loc loc) {
  Node *n = node(S, ND_FOR, loc);
  n->a = check_target(S, target, TGT_FOR);
  n->b = iter;
  n->body = body;
  n->orelse = orelse;
  return n;
}

Node *mk_funcdef(LexState *S, const char *name, Loc nameloc, ParamVec *ps, Node *ret, NodeVec body, Loc loc) {
  (void)nameloc;
  Node *n = node(S, ND_FUNCDEF, loc);
  n->name = name;
  n->params = ps->items;
  n->nparams = ps->len;
  n->a = ret;
  n->body = body;
  return n;
}

static void check_args(LexState *S, Seq *q);

Node *mk_classdef(LexState *S, const char *name, Seq *args, NodeVec body, Loc loc) {
  Node *n = node(S, ND_CLASSDEF, loc);
  n->name = name;
  if (args) {
    check_args(S, args);
    n->elts = args->v;
  }
  n->body = body;
  return n;
}

Node *mk_decorated(LexState *S, NodeVec decorators, Node *def, Loc loc) {
  (void)S, (void)loc;
  if (def->kind == ND_CLASSDEF || def->kind == ND_FUNCDEF) def->decorators = decorators;
  return def;
}

/* ---- parameters ------------------------------------------------------------ */

ParamVec *params_new(LexState *S) { return arena_alloc(S->P->arena, sizeof(ParamVec)); }

ParamVec *params_add(LexState *S, ParamVec *v, Param *p) {
  if (p) PUSH(S, v, *p);
  return v;
}

Param *mk_param(LexState *S, const char *name, Node *ann, ParamKind kind, Loc loc) {
  Param *p = arena_alloc(S->P->arena, sizeof *p);
  p->name = name;
  p->annotation = ann;
  p->kind = kind;
  p->loc = loc;
  return p;
}

Param *param_default(LexState *S, Param *p, Node *deflt, Loc loc) {
  (void)S;
  p->deflt = deflt;
  p->loc = loc;
  return p;
}

Param *param_kind(LexState *S, Param *p, ParamKind kind, Loc loc) {
  (void)S;
  p->kind = kind;
  p->loc = loc;
  return p;
}

Param *param_slash(LexState *S, Loc loc) {
  parse_error(S->P, loc, "positional-only parameters ('/') are not supported by msc");
  return NULL;
}

/* CPython's parameter rules; a bare '*' is dropped once the parameters
 * after it are marked keyword-only. */
ParamVec *params_check(LexState *S, ParamVec *v) {
  Parser *P = S->P;
  bool star = false, kwargs = false, deflt = false, bad = false;
  int out = 0;
  for (int i = 0; i < v->len && !bad; i++) {
    Param p = v->items[i];
    for (int j = 0; j < i && p.name; j++) {
      if (v->items[j].name && strcmp(v->items[j].name, p.name) == 0) {
        parse_error(P, p.loc, "duplicate argument '%s' in function definition", p.name);
        bad = true;
      }
    }
    if (bad) break;
    if (kwargs) {
      parse_error(P, p.loc, "arguments cannot follow var-keyword argument");
      break;
    }
    switch (p.kind) {
    case PARAM_POS: case PARAM_KWONLY:
      if (star) {
        p.kind = PARAM_KWONLY;
      } else if (p.deflt) {
        deflt = true;
      } else if (deflt) {
        parse_error(P, p.loc, "non-default argument follows default argument");
        bad = true;
      }
      break;
    case PARAM_VARARGS:
      if (star) {
        parse_error(P, p.loc, "* argument may appear only once");
        bad = true;
        break;
      }
      star = true;
      if (!p.name && (i + 1 == v->len || v->items[i + 1].kind != PARAM_POS)) {
        parse_error(P, p.loc, "named arguments must follow bare *");
        bad = true;
      }
      break;
    case PARAM_KWARGS: /* (the grammar gives * and ** parameters no default) */
      kwargs = true;
      break;
    }
    if (p.name) v->items[out++] = p;
  }
  if (!bad) v->len = out;
  return v;
}

Node *mk_lambda(LexState *S, ParamVec *ps, Node *body, Loc loc) {
  Node *n = node(S, ND_LAMBDA, loc);
  n->params = ps->items;
  n->nparams = ps->len;
  n->a = body;
  return n;
}

/* ---- sequences, displays, comprehensions ------------------------------- */

Seq *seq_new(LexState *S, Node *first) {
  Seq *q = arena_alloc(S->P->arena, sizeof *q);
  if (first) nodevec_push(S->P->arena, &q->v, first);
  return q;
}

Seq *seq_add(LexState *S, Seq *q, Node *n) {
  nodevec_push(S->P->arena, &q->v, n);
  return q;
}

Seq *seq_arg(LexState *S, Seq *q, Node *n) {
  if (!q) q = seq_new(S, NULL);
  if (n->kind == ND_GENEXP && n->op == 1 && !q->bare_gen) q->bare_gen = n;
  nodevec_push(S->P->arena, &q->v, n);
  return q;
}

static Node *check_comp_elt(LexState *S, Node *elt) {
  if (elt->kind == ND_STARRED) parse_error(S->P, elt->loc, "iterable unpacking cannot be used in comprehension");
  return elt;
}

Seq *seq_comp(LexState *S, Node *elt, CompVec *comps) {
  Seq *q = seq_new(S, check_comp_elt(S, elt));
  q->comps = comps;
  return q;
}

Seq *seq_dictcomp(LexState *S, Node *entry, CompVec *comps) {
  if (!entry->a) parse_error(S->P, entry->loc, "dict unpacking cannot be used in dict comprehension");
  Seq *q = seq_dict_add(S, NULL, entry);
  q->comps = comps;
  return q;
}

Seq *seq_dict_add(LexState *S, Seq *q, Node *entry) {
  if (!q) q = seq_new(S, NULL);
  q->is_dict = true;
  nodevec_push(S->P->arena, &q->v, entry->a);
  nodevec_push(S->P->arena, &q->v2, entry->b);
  return q;
}

Node *mk_dict_entry(LexState *S, Node *key, Node *value, Loc loc) {
  Node *n = node(S, ND_DICT, loc); /* a temporary: key in a, value in b */
  n->a = key;
  n->b = value;
  return n;
}

Node *seq_to_expr(LexState *S, Seq *q, Loc loc) {
  if (q->v.len == 1) return q->v.items[0];
  return mk_tuple(S, q, loc);
}

Node *mk_tuple(LexState *S, Seq *q, Loc loc) {
  Node *n = node(S, ND_TUPLE, loc);
  n->elts = q->v;
  return n;
}

Node *mk_display(LexState *S, NodeKind kind, Seq *q, Loc loc) {
  Node *n = node(S, kind, loc);
  if (q) n->elts = q->v;
  return n;
}

static Node *mk_comp(LexState *S, NodeKind kind, Seq *q, Loc loc) {
  Node *n = node(S, kind, loc);
  n->a = q->v.items[0];
  if (kind == ND_DICTCOMP) n->b = q->v2.items[0];
  n->comps = q->comps->items;
  n->ncomps = q->comps->len;
  return n;
}

Node *mk_paren(LexState *S, Seq *q, Loc loc) {
  if (q->comps) return mk_comp(S, ND_GENEXP, q, loc);
  if (q->comma || q->v.len > 1) return mk_tuple(S, q, loc);
  Node *e = q->v.items[0];
  if (e->kind == ND_STARRED) {
    parse_error(S->P, e->loc, "cannot use starred expression here");
    return e->a;
  }
  return e;
}

Node *mk_list(LexState *S, Seq *q, Loc loc) {
  if (q->comps) return mk_comp(S, ND_LISTCOMP, q, loc);
  return mk_display(S, ND_LIST, q, loc);
}

Node *mk_braces(LexState *S, Seq *q, Loc loc) {
  if (q->is_dict) {
    if (q->comps) return mk_comp(S, ND_DICTCOMP, q, loc);
    Node *n = mk_display(S, ND_DICT, q, loc);
    n->elts2 = q->v2;
    return n;
  }
  if (q->comps) return mk_comp(S, ND_SETCOMP, q, loc);
  return mk_display(S, ND_SET, q, loc);
}

CompVec *comp_add(LexState *S, CompVec *v, Node *target, Node *iter) {
  if (!v) v = arena_alloc(S->P->arena, sizeof *v);
  Comp c = {check_target(S, target, TGT_FOR), iter, {0}};
  PUSH(S, v, c);
  return v;
}

CompVec *comp_if(LexState *S, CompVec *v, Node *cond) {
  nodevec_push(S->P->arena, &v->items[v->len - 1].ifs, cond);
  return v;
}

Node *mk_bare_genexp(LexState *S, Node *elt, CompVec *comps, Loc loc) {
  Seq *q = seq_comp(S, elt, comps);
  Node *n = mk_comp(S, ND_GENEXP, q, loc);
  n->op = 1; /* unparenthesised: only allowed as the sole argument */
  return n;
}

/* ---- expressions ------------------------------------------------------------ */

Node *mk_name(LexState *S, const char *name, Loc loc) {
  Node *n = node(S, ND_NAME, loc);
  n->name = name;
  return n;
}

Node *mk_unary_node(LexState *S, NodeKind kind, Node *a, Loc loc) {
  Node *n = node(S, kind, loc);
  n->a = a;
  return n;
}

Node *mk_binary_node(LexState *S, NodeKind kind, Node *a, Node *b, Loc loc) {
  Node *n = node(S, kind, loc);
  n->a = a;
  n->b = b;
  return n;
}

Node *mk_unary(LexState *S, int op, Node *a, Loc loc) {
  if (op == UOP_NEG && a->kind == ND_INT && a->op == 1) { /* -9223372036854775808 */
    a->op = 0;
    a->loc = loc;
    return a;
  }
  Node *n = node(S, ND_UNARYOP, loc);
  n->op = op;
  n->a = a;
  return n;
}

Node *mk_binop(LexState *S, int op, Node *a, Node *b, Loc loc) {
  Node *n = mk_binary_node(S, ND_BINOP, a, b, loc);
  n->op = op;
  return n;
}

CmpChain *chain_add(LexState *S, CmpChain *c, int op, Node *e) {
  if (!c) c = arena_alloc(S->P->arena, sizeof *c);
  int cap = c->cap;
  c->ops = parse_grow(S->P->arena, c->ops, c->len, &cap, sizeof(CmpOp));
  c->cap = cap;
  c->ops[c->len++] = (CmpOp)op;
  nodevec_push(S->P->arena, &c->operands, e);
  return c;
}

Node *mk_compare(LexState *S, Node *first, CmpChain *c, Loc loc) {
  Node *n = node(S, ND_COMPARE, loc);
  nodevec_push(S->P->arena, &n->elts, first);
  for (int i = 0; i < c->operands.len; i++) nodevec_push(S->P->arena, &n->elts, c->operands.items[i]);
  n->cmpops = c->ops;
  return n;
}

Node *mk_ifexp(LexState *S, Node *cond, Node *then, Node *orelse, Loc loc) {
  Node *n = node(S, ND_IFEXP, loc);
  n->a = cond;
  n->b = then;
  n->c = orelse;
  return n;
}

Node *mk_walrus(LexState *S, Node *target, Node *value, Loc loc) {
  (void)target;
  parse_error(S->P, loc, "assignment expressions (':=') are not supported by msc");
  return value;
}

Node *mk_await(LexState *S, Node *a, Loc loc) {
  parse_error(S->P, loc, "'await' expressions are not supported by msc");
  return a;
}

Node *mk_yield(LexState *S, Node *value, bool from, Loc loc) {
  Node *n = node(S, from ? ND_YIELDFROM : ND_YIELD, loc);
  n->a = value;
  return n;
}

Node *mk_try(LexState *S, NodeVec body, NodeVec handlers, NodeVec orelse, NodeVec final, Loc loc) {
  Node *n = node(S, ND_TRY, loc);
  n->body = body;
  n->elts = handlers;
  n->orelse = orelse;
  n->elts2 = final;
  for (int i = 0; i + 1 < handlers.len; i++)
    if (!handlers.items[i]->a) parse_error(S->P, handlers.items[i]->loc, "default 'except:' must be last");
  return n;
}

Node *mk_except(LexState *S, Node *type, Node *name, NodeVec body, Loc loc) {
  Node *n = node(S, ND_EXCEPT, loc);
  n->a = type;
  n->b = name;
  n->body = body;
  return n;
}

Node *mk_with(LexState *S, NodeVec items, NodeVec body, Loc loc) {
  Node *n = node(S, ND_WITH, loc);
  n->elts = items;
  n->body = body;
  return n;
}

Node *mk_withitem(LexState *S, Node *ctx, Node *target, Loc loc) {
  Node *n = node(S, ND_WITHITEM, loc);
  n->a = ctx;
  n->b = target;
  return n;
}

/* A postfix chain (f()()..., a.b.b..., a[0][0]...) is left-recursive in
 * the grammar, so bison's stack does not bound it, but every later walker
 * (resolver, evaluator, capture) recurses once per link: its length is
 * kept in `level` and bounded by the nesting limit (frontend/limits.h),
 * reported once per chain. */
static void chain(LexState *S, Node *n, Node *a) {
  int up = a && (a->kind == ND_ATTR || a->kind == ND_CALL || a->kind == ND_SUBSCRIPT) ? a->level : 0;
  n->level = up + 1;
  if (n->level == limit_get(LIM_NESTING) + 1)
    parse_error(S->P, n->loc,
                "too many nested expressions or statements: a chain of more than %lld calls, attributes or "
                "subscripts (raise the limit with --limit=nesting=N)",
                (long long)limit_get(LIM_NESTING));
}

Node *mk_attr(LexState *S, Node *a, const char *name, Loc loc) {
  Node *n = node(S, ND_ATTR, loc);
  chain(S, n, a);
  n->a = a;
  n->name = name;
  return n;
}

/* CPython's rules on the order of call arguments (and class bases). */
static void check_args(LexState *S, Seq *q) {
  Parser *P = S->P;
  if (q->bare_gen && (q->v.len > 1 || q->comma)) {
    parse_error(P, q->bare_gen->loc, "Generator expression must be parenthesized");
    return;
  }
  bool kw = false, dstar = false;
  for (int i = 0; i < q->v.len; i++) {
    Node *a = q->v.items[i];
    if (a->kind == ND_GENEXP) a->op = 0;
    if (a->kind == ND_KEYWORD) {
      kw = true;
      for (int j = 0; j < i && a->name[0]; j++) {
        Node *b = q->v.items[j];
        if (b->kind == ND_KEYWORD && strcmp(a->name, b->name) == 0) {
          parse_error(P, a->loc, "keyword argument repeated: %s", a->name);
          return;
        }
      }
    } else if (a->kind == ND_DSTAR) {
      dstar = true;
    } else if (a->kind == ND_STARRED) {
      if (dstar) {
        parse_error(P, a->loc, "iterable argument unpacking follows keyword argument unpacking");
        return;
      }
    } else if (dstar) {
      parse_error(P, a->loc, "positional argument follows keyword argument unpacking");
      return;
    } else if (kw) {
      parse_error(P, a->loc, "positional argument follows keyword argument");
      return;
    }
  }
}

Node *mk_call(LexState *S, Node *callee, Seq *args, Loc loc) {
  check_args(S, args);
  Node *n = node(S, ND_CALL, loc);
  chain(S, n, callee);
  n->a = callee;
  n->elts = args->v;
  return n;
}

Node *mk_keyword(LexState *S, Node *lhs, Node *value, Loc loc) {
  Node *n = node(S, ND_KEYWORD, loc);
  n->a = value;
  if (lhs->kind == ND_NAME) {
    n->name = lhs->name;
  } else {
    if (lhs->kind == ND_TRUE || lhs->kind == ND_FALSE || lhs->kind == ND_NONE)
      parse_error(S->P, lhs->loc, "cannot assign to %s", expr_name(lhs));
    else
      parse_error(S->P, loc, "expression cannot contain assignment, perhaps you meant \"==\"?");
    n->name = "";
  }
  return n;
}

Node *mk_subscript(LexState *S, Node *a, Node *index, Loc loc) {
  Node *n = node(S, ND_SUBSCRIPT, loc);
  chain(S, n, a);
  n->a = a;
  n->b = index;
  return n;
}

Node *mk_slice(LexState *S, Node *lo, Node *hi, Node *step, Loc loc) {
  Node *n = node(S, ND_SLICE, loc);
  n->a = lo;
  n->b = hi;
  n->c = step;
  return n;
}

/* Adjacent literals: "a" "b" is one ND_STR; with any f-string among them,
 * one ND_FSTRING whose neighbouring plain parts are merged.
 *
 * A run of n literals is reduced pairwise, left to right: a node made here
 * is marked (conv JOINED; an ND_STR's buffer capacity in ival) and grown in
 * place, with doubling, so that the run costs time and memory linear in its
 * length (it was quadratic: every step copied all that came before). */
enum { JOINED = 1 };

static Node *join_str(Arena *A, Node *a, Node *b, Loc loc) {
  size_t need = a->slen + b->slen + 1;
  if (a->conv == JOINED && (size_t)a->ival >= need) {
    memcpy(a->str + a->slen, b->str, b->slen);
    a->slen += b->slen;
    a->str[a->slen] = 0;
    a->loc = loc;
    return a;
  }
  Node *n = ast_new(A, a->kind, loc);
  size_t cap = need * 2;
  n->str = arena_alloc(A, cap);
  memcpy(n->str, a->str, a->slen);
  memcpy(n->str + a->slen, b->str, b->slen);
  n->slen = a->slen + b->slen;
  n->str[n->slen] = 0;
  n->conv = JOINED;
  n->ival = (int64_t)cap;
  return n;
}

static void add_part(LexState *S, Node *f, Node *p) {
  Arena *A = S->P->arena;
  NodeVec *v = &f->elts;
  if (p->kind == ND_STR && p->slen == 0) return;
  Node *last = v->len ? v->items[v->len - 1] : NULL;
  if (p->kind == ND_STR && last && last->kind == ND_STR) {
    v->items[v->len - 1] = join_str(A, last, p, loc_span(last->loc, p->loc));
    return;
  }
  nodevec_push(A, v, p);
}

Node *ast_str_concat(LexState *S, Node *a, Node *b, Loc loc) {
  Arena *A = S->P->arena;
  if ((a->kind == ND_BYTES) != (b->kind == ND_BYTES)) {
    parse_error(S->P, loc, "cannot mix bytes and nonbytes literals");
    return a;
  }
  if ((a->kind == ND_STR && b->kind == ND_STR) || a->kind == ND_BYTES) return join_str(A, a, b, loc);
  Node *f = a;
  Node *parts[2] = {a, b};
  int k0 = 1; /* a made here: b's parts are appended to it */
  if (a->kind != ND_FSTRING || a->conv != JOINED) {
    f = ast_new(A, ND_FSTRING, loc);
    f->conv = JOINED;
    k0 = 0;
  }
  f->loc = loc;
  for (int k = k0; k < 2; k++) {
    if (parts[k]->kind == ND_STR) add_part(S, f, parts[k]);
    else
      for (int i = 0; i < parts[k]->elts.len; i++) add_part(S, f, parts[k]->elts.items[i]);
  }
  return f;
}

/* ---- CPython's compile-time checks ---------------------------------------- */

enum { IN_FUNC = 1, IN_LOOP = 2, NONLOCAL_OK = 4 };

static void check_body(Parser *P, NodeVec *body, int ctx) {
  for (int i = 0; i < body->len; i++) {
    Node *s = body->items[i];
    switch (s->kind) {
    case ND_RETURN:
      if (!(ctx & IN_FUNC)) parse_error(P, s->loc, "'return' outside function");
      break;
    case ND_BREAK:
      if (!(ctx & IN_LOOP)) parse_error(P, s->loc, "'break' outside loop");
      break;
    case ND_CONTINUE:
      if (!(ctx & IN_LOOP)) parse_error(P, s->loc, "'continue' not properly in loop");
      break;
    case ND_NONLOCAL:
      if (!(ctx & NONLOCAL_OK)) parse_error(P, s->loc, "nonlocal declaration not allowed at module level");
      break;
    case ND_FUNCDEF:
      check_body(P, &s->body, IN_FUNC | NONLOCAL_OK);
      break;
    case ND_CLASSDEF:
      check_body(P, &s->body, ctx & NONLOCAL_OK);
      break;
    case ND_IF:
      check_body(P, &s->body, ctx);
      check_body(P, &s->orelse, ctx);
      break;
    case ND_WHILE: case ND_FOR:
      check_body(P, &s->body, ctx | IN_LOOP);
      check_body(P, &s->orelse, ctx);
      break;
    case ND_TRY:
      check_body(P, &s->body, ctx);
      for (int k = 0; k < s->elts.len; k++) check_body(P, &s->elts.items[k]->body, ctx);
      check_body(P, &s->orelse, ctx);
      check_body(P, &s->elts2, ctx);
      break;
    case ND_WITH:
      check_body(P, &s->body, ctx);
      break;
    default:
      break;
    }
  }
}

/* ---- entry points ------------------------------------------------------------ */

static Node *run_parser(Parser *P, int mode, uint32_t beg, uint32_t end) {
  LexState *S = xcalloc(1, sizeof *S);
  lex_state_init(S, P, mode, beg, end);
  yyscan_t sc;
  if (pylex_init_extra(S, &sc)) die("cannot create the scanner");
  YY_BUFFER_STATE b = py_scan_bytes(P->src->text + beg, (int)(end - beg), sc);
  int rc = pyparse(sc, S);
  Node *r = rc == 0 ? S->result : NULL;
  py_delete_buffer(b, sc);
  pylex_destroy(sc);
  free(S);
  return r;
}

Node *parse_subexpr(LexState *S, uint32_t beg, uint32_t end) {
  Parser *P = S->P;
  if (P->stopped) return NULL;
  int before = P->nerrors;
  Node *n = run_parser(P, LEX_EXPR, beg, end);
  return P->nerrors == before ? n : NULL;
}

Node *parse_file(SrcFile *src, Arena *arena) {
  Parser P = {.src = src, .arena = arena};
  if (src->len >= (size_t)INT32_MAX) {
    diag_plain(DIAG_ERROR, "%s: file too large", src->name); /* coverage: exempt — needs a 2 GiB script */
    return NULL;
  }
  /* a UTF-8 byte order mark at the start is skipped, as CPython does */
  uint32_t beg = src->len >= 3 && memcmp(src->text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
  Node *mod = run_parser(&P, LEX_FILE, beg, (uint32_t)src->len);
  check_bigints(&P);
  if (mod && P.nerrors == 0) check_body(&P, &mod->body, 0);
  if (P.nerrors || P.stopped || !mod) return NULL;
  return mod;
}
