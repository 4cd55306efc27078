/* ast.c — node allocation, names of kinds and operators, and the tree dump
 * of `msc run --dump-ast`: one node per line, indented two spaces per level
 * (up to 64 levels; deeper lines say their depth, "|65| "),
 * each line "field: Kind details @line:col-line:col" (the span is [beg, end),
 * the end column is the one just past the node). */
#include "ast.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Node *ast_new(Arena *a, NodeKind kind, Loc loc) {
  Node *n = arena_alloc(a, sizeof *n);
  n->kind = kind;
  n->loc = loc;
  return n;
}

void nodevec_push(Arena *a, NodeVec *v, Node *n) {
  if (v->len == v->cap) {
    int cap = v->cap ? v->cap * 2 : 4;
    Node **items = arena_alloc(a, sizeof(Node *) * (size_t)cap);
    if (v->len) memcpy(items, v->items, sizeof(Node *) * (size_t)v->len);
    v->items = items;
    v->cap = cap;
  }
  v->items[v->len++] = n;
}

/* ---- ast_clone ---------------------------------------------------------- */

typedef struct Cloner {
  Arena *a;
  const Node **from; /* open addressing: original -> copy */
  Node **to;
  size_t cap, len;
  Node **work; /* copies whose children still point into the original */
  size_t nwork, capwork;
} Cloner;

static size_t clone_slot(const Cloner *c, const Node *n) {
  uint64_t h = ((uint64_t)(uintptr_t)n >> 4) * UINT64_C(0x9E3779B97F4A7C15);
  size_t i = (size_t)(h >> 32) & (c->cap - 1);
  while (c->from[i] && c->from[i] != n) i = (i + 1) & (c->cap - 1);
  return i;
}

static Node *clone_ref(Cloner *c, const Node *n) {
  if (!n) return NULL;
  if (2 * (c->len + 1) > c->cap) { /* grow: rehash */
    Cloner old = *c;
    c->cap = old.cap ? 2 * old.cap : 1024;
    c->from = xcalloc(c->cap, sizeof *c->from);
    c->to = xcalloc(c->cap, sizeof *c->to);
    for (size_t i = 0; i < old.cap; i++)
      if (old.from[i]) {
        size_t j = clone_slot(c, old.from[i]);
        c->from[j] = old.from[i];
        c->to[j] = old.to[i];
      }
    free(old.from);
    free(old.to);
  }
  size_t i = clone_slot(c, n);
  if (c->from[i]) return c->to[i];
  Node *m = arena_alloc(c->a, sizeof *m);
  memcpy(m, n, sizeof *m);
  c->from[i] = n;
  c->to[i] = m;
  c->len++;
  if (c->nwork == c->capwork) {
    c->capwork = c->capwork ? 2 * c->capwork : 256;
    c->work = xrealloc(c->work, sizeof *c->work * c->capwork);
  }
  c->work[c->nwork++] = m;
  return m;
}

static void clone_vec(Cloner *c, NodeVec *v) {
  if (v->len <= 0) {
    *v = (NodeVec){0};
    return;
  }
  Node **items = arena_alloc(c->a, sizeof(Node *) * (size_t)v->len);
  for (int i = 0; i < v->len; i++) items[i] = clone_ref(c, v->items[i]);
  v->items = items;
  v->cap = v->len;
}

static void *arena_dup(Arena *a, const void *p, size_t size) {
  void *q = arena_alloc(a, size);
  memcpy(q, p, size);
  return q;
}

Node *ast_clone(const Node *root, Arena *a) {
  Cloner c = {.a = a};
  Node *r = clone_ref(&c, root);
  while (c.nwork) {
    Node *m = c.work[--c.nwork];
    m->a = clone_ref(&c, m->a);
    m->b = clone_ref(&c, m->b);
    m->c = clone_ref(&c, m->c);
    clone_vec(&c, &m->elts);
    clone_vec(&c, &m->elts2);
    clone_vec(&c, &m->body);
    clone_vec(&c, &m->orelse);
    clone_vec(&c, &m->decorators);
    if (m->params && m->nparams > 0) {
      Param *p = arena_dup(a, m->params, sizeof *p * (size_t)m->nparams);
      for (int i = 0; i < m->nparams; i++) {
        p[i].deflt = clone_ref(&c, p[i].deflt);
        p[i].annotation = clone_ref(&c, p[i].annotation);
      }
      m->params = p;
    }
    if (m->comps && m->ncomps > 0) {
      Comp *p = arena_dup(a, m->comps, sizeof *p * (size_t)m->ncomps);
      for (int i = 0; i < m->ncomps; i++) {
        p[i].target = clone_ref(&c, p[i].target);
        p[i].iter = clone_ref(&c, p[i].iter);
        clone_vec(&c, &p[i].ifs);
      }
      m->comps = p;
    }
  }
  free(c.from);
  free(c.to);
  free(c.work);
  return r;
}

static const char *const kind_names[ND_KIND_COUNT] = {
    [ND_NAME] = "Name",         [ND_INT] = "Int",           [ND_FLOAT] = "Float", [ND_IMAG] = "Imag", [ND_BYTES] = "Bytes",
    [ND_STR] = "Str",           [ND_FSTRING] = "FString",   [ND_FORMATTED] = "Formatted",
    [ND_NONE] = "None",         [ND_TRUE] = "True",         [ND_FALSE] = "False",
    [ND_ELLIPSIS] = "Ellipsis", [ND_BINOP] = "BinOp",       [ND_UNARYOP] = "UnaryOp",
    [ND_AND] = "And",           [ND_OR] = "Or",             [ND_COMPARE] = "Compare",
    [ND_IFEXP] = "IfExp",       [ND_LAMBDA] = "Lambda",     [ND_TUPLE] = "Tuple",
    [ND_LIST] = "List",         [ND_SET] = "Set",           [ND_DICT] = "Dict",
    [ND_LISTCOMP] = "ListComp", [ND_SETCOMP] = "SetComp",   [ND_GENEXP] = "GeneratorExp",
    [ND_DICTCOMP] = "DictComp", [ND_CALL] = "Call",         [ND_KEYWORD] = "Keyword",
    [ND_DSTAR] = "DoubleStarred", [ND_STARRED] = "Starred", [ND_ATTR] = "Attribute",
    [ND_SUBSCRIPT] = "Subscript", [ND_SLICE] = "Slice",     [ND_EXPR_STMT] = "Expr",
    [ND_ASSIGN] = "Assign",     [ND_AUGASSIGN] = "AugAssign", [ND_ANNASSIGN] = "AnnAssign",
    [ND_IF] = "If",             [ND_WHILE] = "While",       [ND_FOR] = "For",
    [ND_BREAK] = "Break",       [ND_CONTINUE] = "Continue", [ND_PASS] = "Pass",
    [ND_RETURN] = "Return",     [ND_RAISE] = "Raise",       [ND_ASSERT] = "Assert",
    [ND_DEL] = "Delete",        [ND_GLOBAL] = "Global",     [ND_NONLOCAL] = "Nonlocal",
    [ND_IMPORT] = "Import",     [ND_IMPORTFROM] = "ImportFrom", [ND_FUNCDEF] = "FunctionDef",
    [ND_CLASSDEF] = "ClassDef", [ND_MODULE] = "Module",     [ND_YIELD] = "Yield",
    [ND_YIELDFROM] = "YieldFrom", [ND_TRY] = "Try",         [ND_EXCEPT] = "ExceptHandler",
    [ND_WITH] = "With",         [ND_WITHITEM] = "withitem",
};

const char *ast_kind_name(NodeKind k) {
  if ((unsigned)k >= ND_KIND_COUNT || !kind_names[k]) return "?";
  return kind_names[k];
}

const char *ast_binop_str(BinOp op) {
  static const char *const s[OP_BINOP_COUNT] = {"+", "-", "*", "@", "/", "//", "%", "**", "<<", ">>", "|", "^", "&"};
  return (unsigned)op < OP_BINOP_COUNT ? s[op] : "?";
}

const char *ast_cmpop_str(CmpOp op) {
  static const char *const s[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
  return (unsigned)op < sizeof s / sizeof s[0] ? s[op] : "?";
}

static const char *unop_str(int op) {
  switch (op) {
  case UOP_NEG: return "-";
  case UOP_POS: return "+";
  case UOP_INVERT: return "~";
  case UOP_NOT: return "not";
  }
  return "?";
}

/* ---- dump ------------------------------------------------------------------ */

static void dump_span(FILE *f, Loc loc) {
  if (!loc.file) return;
  int l0, c0, l1, c1;
  src_linecol(loc.file, loc.beg, &l0, &c0);
  src_linecol(loc.file, loc.end, &l1, &c1);
  fprintf(f, " @%d:%d-%d:%d", l0, c0, l1, c1);
}

static void dump_quoted(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\n') fputs("\\n", f);
    else if (c == '\t') fputs("\\t", f);
    else if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20 || c == 0x7f) fprintf(f, "\\x%02x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}

static void dump(FILE *f, const Node *n, const char *field, int depth);

/* Indentation stops growing at DUMP_INDENT_MAX levels; deeper lines carry
 * their depth instead ("|3400| "), so a deep tree's dump stays linear in
 * its size (3,400 nested unary minus signs printed 11 MB of spaces: 20 s,
 * a timeout of fuzz/parse). */
#define DUMP_INDENT_MAX 64

static void indent(FILE *f, int depth) {
  for (int i = 0; i < depth && i < DUMP_INDENT_MAX; i++) fputs("  ", f);
  if (depth > DUMP_INDENT_MAX) fprintf(f, "|%d| ", depth);
}

static void dump_vec(FILE *f, const NodeVec *v, const char *field, int depth) {
  for (int i = 0; i < v->len; i++) dump(f, v->items[i], field, depth);
}

static void dump_params(FILE *f, const Param *ps, int n, int depth) {
  static const char *const prefix[] = {"", "*", "kwonly ", "**"};
  for (int i = 0; i < n; i++) {
    const Param *p = &ps[i];
    indent(f, depth);
    fprintf(f, "param: %s%s", prefix[p->kind], p->name ? p->name : "?");
    dump_span(f, p->loc);
    fputc('\n', f);
    if (p->annotation) dump(f, p->annotation, "annotation", depth + 1);
    if (p->deflt) dump(f, p->deflt, "default", depth + 1);
  }
}

static void dump_comps(FILE *f, const Node *n, int depth) {
  for (int i = 0; i < n->ncomps; i++) {
    const Comp *c = &n->comps[i];
    indent(f, depth);
    fputs("for:\n", f);
    dump(f, c->target, "target", depth + 1);
    dump(f, c->iter, "iter", depth + 1);
    dump_vec(f, &c->ifs, "if", depth + 1);
  }
}

static void dump_aliases(FILE *f, const Node *n) {
  for (int i = 0; i < n->naliases; i++) {
    fprintf(f, "%s%s", i ? ", " : " ", n->aliases[i].name);
    if (n->aliases[i].asname) fprintf(f, " as %s", n->aliases[i].asname);
  }
}

/* The kind and the details that fit on the node's own line. */
static void dump_head(FILE *f, const Node *n) {
  fputs(ast_kind_name(n->kind), f);
  switch (n->kind) {
  case ND_NAME: case ND_ATTR: case ND_KEYWORD: case ND_FUNCDEF: case ND_CLASSDEF:
    fprintf(f, " %s", n->name ? n->name : "?");
    break;
  case ND_INT: fprintf(f, " %lld", (long long)n->ival); break;
  case ND_FLOAT: fprintf(f, " %.17g", n->fval); break;
  case ND_IMAG: fprintf(f, " %.17gj", n->fval); break;
  case ND_STR: case ND_BYTES: fputc(' ', f), dump_quoted(f, n->str, n->slen); break;
  case ND_FORMATTED: if (n->conv) fprintf(f, " !%c", n->conv); break;
  case ND_BINOP: fprintf(f, " %s", ast_binop_str((BinOp)n->op)); break;
  case ND_AUGASSIGN: fprintf(f, " %s=", ast_binop_str((BinOp)n->op)); break;
  case ND_UNARYOP: fprintf(f, " %s", unop_str(n->op)); break;
  case ND_COMPARE:
    for (int i = 0; i + 1 < n->elts.len; i++) fprintf(f, " %s", ast_cmpop_str(n->cmpops[i]));
    break;
  case ND_GLOBAL: case ND_NONLOCAL:
    for (int i = 0; i < n->nnames; i++) fprintf(f, "%s%s", i ? ", " : " ", n->names[i]);
    break;
  case ND_IMPORT: dump_aliases(f, n); break;
  case ND_IMPORTFROM:
    fputc(' ', f);
    for (int i = 0; i < n->level; i++) fputc('.', f);
    fprintf(f, "%s:", n->name ? n->name : "");
    dump_aliases(f, n);
    break;
  default: break;
  }
}

static void dump(FILE *f, const Node *n, const char *field, int depth) {
  indent(f, depth);
  if (field) fprintf(f, "%s: ", field);
  if (!n) {
    fputs("(null)\n", f);
    return;
  }
  dump_head(f, n);
  dump_span(f, n->loc);
  fputc('\n', f);
  int d = depth + 1;
  switch (n->kind) {
  case ND_FSTRING: dump_vec(f, &n->elts, "part", d); break;
  case ND_FORMATTED:
    dump(f, n->a, "value", d);
    if (n->b) dump(f, n->b, "spec", d);
    break;
  case ND_BINOP: case ND_AND: case ND_OR:
    dump(f, n->a, "left", d);
    dump(f, n->b, "right", d);
    break;
  case ND_UNARYOP: dump(f, n->a, "operand", d); break;
  case ND_COMPARE: dump_vec(f, &n->elts, "operand", d); break;
  case ND_IFEXP:
    dump(f, n->a, "test", d);
    dump(f, n->b, "body", d);
    dump(f, n->c, "orelse", d);
    break;
  case ND_LAMBDA:
    dump_params(f, n->params, n->nparams, d);
    dump(f, n->a, "body", d);
    break;
  case ND_TUPLE: case ND_LIST: case ND_SET: dump_vec(f, &n->elts, "elt", d); break;
  case ND_DICT:
    for (int i = 0; i < n->elts.len; i++) {
      if (n->elts.items[i]) dump(f, n->elts.items[i], "key", d);
      dump(f, n->elts2.items[i], n->elts.items[i] ? "value" : "**", d);
    }
    break;
  case ND_LISTCOMP: case ND_SETCOMP: case ND_GENEXP:
    dump(f, n->a, "elt", d);
    dump_comps(f, n, d);
    break;
  case ND_DICTCOMP:
    dump(f, n->a, "key", d);
    dump(f, n->b, "value", d);
    dump_comps(f, n, d);
    break;
  case ND_CALL:
    dump(f, n->a, "func", d);
    dump_vec(f, &n->elts, "arg", d);
    break;
  case ND_KEYWORD: case ND_DSTAR: case ND_STARRED: case ND_ATTR: case ND_EXPR_STMT:
    dump(f, n->a, "value", d);
    break;
  case ND_SUBSCRIPT:
    dump(f, n->a, "value", d);
    dump(f, n->b, "index", d);
    break;
  case ND_SLICE:
    if (n->a) dump(f, n->a, "lower", d);
    if (n->b) dump(f, n->b, "upper", d);
    if (n->c) dump(f, n->c, "step", d);
    break;
  case ND_ASSIGN:
    dump_vec(f, &n->elts, "target", d);
    dump(f, n->a, "value", d);
    break;
  case ND_AUGASSIGN:
    dump(f, n->a, "target", d);
    dump(f, n->b, "value", d);
    break;
  case ND_ANNASSIGN:
    dump(f, n->a, "target", d);
    dump(f, n->b, "annotation", d);
    if (n->c) dump(f, n->c, "value", d);
    break;
  case ND_IF: case ND_WHILE:
    dump(f, n->a, "test", d);
    dump_vec(f, &n->body, "body", d);
    dump_vec(f, &n->orelse, "orelse", d);
    break;
  case ND_FOR:
    dump(f, n->a, "target", d);
    dump(f, n->b, "iter", d);
    dump_vec(f, &n->body, "body", d);
    dump_vec(f, &n->orelse, "orelse", d);
    break;
  case ND_RETURN: if (n->a) dump(f, n->a, "value", d); break;
  case ND_RAISE:
    if (n->a) dump(f, n->a, "exc", d);
    if (n->b) dump(f, n->b, "cause", d);
    break;
  case ND_ASSERT:
    dump(f, n->a, "test", d);
    if (n->b) dump(f, n->b, "msg", d);
    break;
  case ND_DEL: dump_vec(f, &n->elts, "target", d); break;
  case ND_FUNCDEF:
    dump_vec(f, &n->decorators, "decorator", d);
    dump_params(f, n->params, n->nparams, d);
    if (n->a) dump(f, n->a, "returns", d);
    dump_vec(f, &n->body, "body", d);
    break;
  case ND_CLASSDEF:
    dump_vec(f, &n->decorators, "decorator", d);
    dump_vec(f, &n->elts, "base", d);
    dump_vec(f, &n->body, "body", d);
    break;
  case ND_MODULE: dump_vec(f, &n->body, NULL, d); break;
  case ND_YIELD: case ND_YIELDFROM: if (n->a) dump(f, n->a, "value", d); break;
  case ND_TRY:
    dump_vec(f, &n->body, "body", d);
    dump_vec(f, &n->elts, "handler", d);
    dump_vec(f, &n->orelse, "orelse", d);
    dump_vec(f, &n->elts2, "finalbody", d);
    break;
  case ND_EXCEPT:
    if (n->a) dump(f, n->a, "type", d);
    if (n->b) dump(f, n->b, "name", d);
    dump_vec(f, &n->body, "body", d);
    break;
  case ND_WITH:
    dump_vec(f, &n->elts, "item", d);
    dump_vec(f, &n->body, "body", d);
    break;
  case ND_WITHITEM:
    dump(f, n->a, "context_expr", d);
    if (n->b) dump(f, n->b, "optional_vars", d);
    break;
  default: break;
  }
}

void ast_dump(const Node *n, void *file) { dump(file, n, NULL, 0); }
