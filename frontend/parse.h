/* parse.h — private header of the frontend: the state shared by lexer.l,
 * parser.y, parse_util.c and fstring.c. Nothing outside frontend/ (and its
 * unit tests) includes it; the public entry is parse_file() in ast.h.
 *
 * One Parser per file being parsed (arena, error count). One LexState per
 * flex scanner: the file's own, plus a short-lived one for every f-string
 * replacement field, whose expression text is re-scanned and re-parsed in
 * "expression" mode at its own byte offsets (so diagnostics point into the
 * f-string).
 *
 * Include order: this header pulls in the bison header (token codes, YYSTYPE,
 * YYLTYPE == Loc); files that need the flex API include "frontend/lexer.h"
 * after it.
 */
#ifndef MSC_PARSE_H
#define MSC_PARSE_H

#include "frontend/ast.h"
#include "frontend/parser.h"

#define YYSTYPE PYSTYPE
#define YYLTYPE PYLTYPE

enum {
  PARSE_MAX_ERRORS = 20,   /* then "too many errors, stopping" */
  PARSE_MAX_BRACKETS = 200, /* CPython's MAXLEVEL */
  PARSE_MAX_INDENT = 100,  /* CPython's MAXINDENT */
};

typedef struct Parser {
  SrcFile *src;
  Arena *arena;
  int nerrors;
  bool stopped;      /* hit PARSE_MAX_ERRORS (or a fatal scanner error) */
  bool recovered;    /* the last statement was an error-recovery one */
  NodeVec bigints;   /* 9223372036854775808 literals not yet negated */
} Parser;

typedef struct IndentLevel {
  int col, altcol; /* tab stops of 8 and of 1 (CPython's consistency check) */
  bool phantom;    /* pushed to recover from a bad dedent: pops silently */
} IndentLevel;

typedef struct Bracket {
  char ch;
  uint32_t off;
} Bracket;

enum { LEX_FILE, LEX_EXPR };

struct LexState {
  Parser *P;
  int mode;          /* LEX_FILE or LEX_EXPR (f-string field) */
  uint32_t off;      /* absolute offset of the next unscanned byte */
  uint32_t limit;    /* absolute end of the scanned range */
  int start_tok;     /* TK_START_FILE / TK_START_EXPR, emitted first */
  bool want_bol;     /* the raw scanner still has to enter <BOL> */

  IndentLevel ind[PARSE_MAX_INDENT + 1];
  int nind;
  int pending;       /* > 0: INDENT pending; < 0: that many DEDENTs */
  uint32_t pending_at;

  Bracket br[PARSE_MAX_BRACKETS + 1];
  int depth, min_depth; /* min_depth 1 in LEX_EXPR: a virtual '(' */

  uint32_t str_beg;     /* start of the triple-quoted string being scanned */

  /* one stashed token (the first token of a line, behind INDENT/DEDENT) */
  bool has_stash;
  int stash_tok;
  YYSTYPE stash_val;
  Loc stash_loc;

  int extra_close;   /* a closer to hand out after a mismatched one */
  uint32_t extra_close_at;

  /* skipping an unsupported 'match' statement */
  int skip, skip_level;

  /* what the error reporter needs to know */
  bool line_has_tokens;
  int line_first_tok;             /* first token of this logical line */
  uint32_t line_first_off;
  int last_tok, prev_tok;         /* last two tokens returned */
  const char *last_name, *prev_name; /* their text when they are NAMEs */
  uint32_t last_real_end, prev_real_end; /* ends of the last two real tokens */
  Loc last_loc;

  Node *result;      /* ND_MODULE or the f-string field's expression */
};

/* Temporaries of the grammar (all arena-allocated). */
struct Seq {        /* a comma-separated list, maybe a comprehension */
  NodeVec v, v2;    /* v2: dict values (NULL key in v = "**value") */
  bool comma;       /* trailing comma */
  bool is_dict;
  CompVec *comps;   /* set when this is a comprehension (v[0] the element) */
  Node *bare_gen;   /* call args: an unparenthesised generator argument */
};

struct CompVec {
  Comp *items;
  int len, cap;
};

struct ParamVec {
  Param *items;
  int len, cap;
};

struct CmpChain {
  CmpOp *ops;
  NodeVec operands;
  int len, cap;
};

struct AliasVec {
  Alias *items;
  int len, cap;
};

struct NameVec {
  const char **items;
  Loc *locs;
  int len, cap;
};

/* ---- parse_util.c: diagnostics, node builders, checks ---- */
Loc lex_loc(LexState *S, uint32_t beg, uint32_t end);
void parse_error(Parser *P, Loc loc, const char *fmt, ...) MSC_PRINTF(3, 4);
void parse_note(Parser *P, Loc loc, const char *fmt, ...) MSC_PRINTF(3, 4);
void *parse_grow(Arena *a, void *items, int len, int *cap, size_t elsize);
Node *parse_subexpr(LexState *S, uint32_t beg, uint32_t end);

/* Grammar action helpers ("builders"): one per construct; they check what
 * the grammar cannot (targets, argument order, parameter order) and report
 * with CPython's messages. */
enum { TGT_ASSIGN, TGT_FOR, TGT_DEL, TGT_AUG, TGT_ANN };
Node *mk_module(LexState *S, NodeVec body, Loc loc);
NodeVec vec_one(LexState *S, Node *n);
NodeVec vec_concat(LexState *S, NodeVec a, NodeVec b);
NodeVec stmt_done(LexState *S, NodeVec v);
bool stmt_recovered(LexState *S);
int report_unexpected_indent(LexState *S, Loc loc);
NodeVec report_missing_block(LexState *S, int hdr_off, Loc at);
Node *mk_unsupported(LexState *S, const char *msg, Loc loc);
Node *mk_pass_vecs(LexState *S, Loc loc, NodeVec a, NodeVec b, NodeVec c, NodeVec d);

Node *check_value(LexState *S, Node *e);
Node *check_target(LexState *S, Node *t, int ctx);
Node *mk_expr_stmt(LexState *S, Node *e, Loc loc);
Node *mk_assign(LexState *S, NodeVec chain, Loc loc);
Node *mk_augassign(LexState *S, Node *t, int op, Node *v, Loc loc);
Node *mk_annassign(LexState *S, Node *t, Node *ann, Node *v, Loc loc);
Node *mk_del(LexState *S, Node *targets, Loc loc);
Node *mk_return(LexState *S, Node *v, Loc loc);
Node *mk_raise(LexState *S, Node *e, Node *cause, Loc loc);
Node *mk_assert(LexState *S, Node *test, Node *msg, Loc loc);
NameVec *names_add(LexState *S, NameVec *v, const char *name, Loc loc);
Node *mk_global(LexState *S, NodeKind kind, NameVec *v, Loc loc);
AliasVec *alias_add(LexState *S, AliasVec *v, const char *name, const char *asname, Loc loc);
const char *join_dotted(LexState *S, const char *a, const char *b);
Node *mk_import(LexState *S, AliasVec *v, Loc loc);
Node *mk_from_module(LexState *S, int level, const char *name, Loc loc);
Node *mk_import_star(LexState *S, Loc loc);
Node *mk_import_names(LexState *S, AliasVec *v, bool bad_comma, Loc loc);
Node *mk_import_from(LexState *S, Node *mod, Node *targets, Loc loc);

Node *mk_if(LexState *S, Node *cond, NodeVec body, NodeVec orelse, Loc loc);
Node *mk_while(LexState *S, Node *cond, NodeVec body, NodeVec orelse, Loc loc);
Node *mk_for(LexState *S, Node *target, Node *iter, NodeVec body, NodeVec orelse, Loc loc);
Node *mk_funcdef(LexState *S, const char *name, Loc nameloc, ParamVec *ps, Node *ret, NodeVec body, Loc loc);
Node *mk_classdef(LexState *S, const char *name, Seq *args, NodeVec body, Loc loc);
Node *mk_decorated(LexState *S, NodeVec decorators, Node *def, Loc loc);
ParamVec *params_new(LexState *S);
ParamVec *params_add(LexState *S, ParamVec *v, Param *p);
ParamVec *params_check(LexState *S, ParamVec *v);
Param *mk_param(LexState *S, const char *name, Node *ann, ParamKind kind, Loc loc);
Param *param_default(LexState *S, Param *p, Node *deflt, Loc loc);
Param *param_kind(LexState *S, Param *p, ParamKind kind, Loc loc);
Param *param_slash(LexState *S, Loc loc);

Seq *seq_new(LexState *S, Node *first);
Seq *seq_add(LexState *S, Seq *q, Node *n);
Seq *seq_arg(LexState *S, Seq *q, Node *n);
Seq *seq_comp(LexState *S, Node *elt, CompVec *comps);
Seq *seq_dictcomp(LexState *S, Node *entry, CompVec *comps);
Seq *seq_dict_add(LexState *S, Seq *q, Node *entry);
Node *seq_to_expr(LexState *S, Seq *q, Loc loc);
Node *mk_tuple(LexState *S, Seq *q, Loc loc);
Node *mk_display(LexState *S, NodeKind kind, Seq *q, Loc loc);
Node *mk_paren(LexState *S, Seq *q, Loc loc);
Node *mk_list(LexState *S, Seq *q, Loc loc);
Node *mk_braces(LexState *S, Seq *q, Loc loc);
Node *mk_dict_entry(LexState *S, Node *key, Node *value, Loc loc);
CompVec *comp_add(LexState *S, CompVec *v, Node *target, Node *iter);
CompVec *comp_if(LexState *S, CompVec *v, Node *cond);
Node *mk_bare_genexp(LexState *S, Node *elt, CompVec *comps, Loc loc);

Node *mk_name(LexState *S, const char *name, Loc loc);
Node *mk_unary_node(LexState *S, NodeKind kind, Node *a, Loc loc);
Node *mk_binary_node(LexState *S, NodeKind kind, Node *a, Node *b, Loc loc);
Node *mk_unary(LexState *S, int op, Node *a, Loc loc);
Node *mk_binop(LexState *S, int op, Node *a, Node *b, Loc loc);
CmpChain *chain_add(LexState *S, CmpChain *c, int op, Node *e);
Node *mk_compare(LexState *S, Node *first, CmpChain *c, Loc loc);
Node *mk_ifexp(LexState *S, Node *cond, Node *then, Node *orelse, Loc loc);
Node *mk_lambda(LexState *S, ParamVec *ps, Node *body, Loc loc);
Node *mk_walrus(LexState *S, Node *target, Node *value, Loc loc);
Node *mk_await(LexState *S, Node *a, Loc loc);
Node *mk_yield(LexState *S, Node *value, bool from, Loc loc);
Node *mk_try(LexState *S, NodeVec body, NodeVec handlers, NodeVec orelse, NodeVec final, Loc loc);
Node *mk_except(LexState *S, Node *type, Node *name, NodeVec body, Loc loc);
Node *mk_with(LexState *S, NodeVec items, NodeVec body, Loc loc);
Node *mk_withitem(LexState *S, Node *ctx, Node *target, Loc loc);
Node *mk_attr(LexState *S, Node *a, const char *name, Loc loc);
Node *mk_call(LexState *S, Node *callee, Seq *args, Loc loc);
Node *mk_keyword(LexState *S, Node *lhs, Node *value, Loc loc);
Node *mk_subscript(LexState *S, Node *a, Node *index, Loc loc);
Node *mk_slice(LexState *S, Node *lo, Node *hi, Node *step, Loc loc);
Node *ast_str_concat(LexState *S, Node *a, Node *b, Loc loc);

/* the scanner's public face (lexer.l) */
void lex_state_init(LexState *S, Parser *P, int mode, uint32_t beg, uint32_t end);
char *lex_dump_tokens(const char *src); /* unit tests: "NAME(x) '=' INT(1) NEWLINE" */
const char *lex_token_name(int tok);

/* fstring.c: string literals */
Node *lex_string(LexState *S, uint32_t beg, uint32_t end);
bool lex_utf8_ident_ok(uint32_t cp);
int lex_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

#endif
