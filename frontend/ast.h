/* ast.h — the abstract syntax tree of msc's Python subset.
 *
 * One Node struct for every kind (chibicc style); the comment on each kind
 * says which fields it uses. Every node carries its source span (loc). The
 * parser allocates nodes from the compilation's Arena; nothing is freed
 * individually. The fields under "resolver" are filled later by eval/.
 */
#ifndef MSC_AST_H
#define MSC_AST_H

#include "diag.h"

typedef struct Node Node;

typedef struct NodeVec {
  Node **items;
  int len, cap;
} NodeVec;

typedef enum {
  /* ---- expressions ---- */
  ND_NAME,      /* name */
  ND_INT,       /* ival */
  ND_FLOAT,     /* fval */
  ND_IMAG,      /* fval: the imaginary literal fval j */
  ND_STR,       /* str, slen (decoded; adjacent literals already joined) */
  ND_BYTES,     /* str, slen: the bytes of a b'' literal (adjacent ones joined) */
  ND_FSTRING,   /* elts: parts, each ND_STR or ND_FORMATTED */
  ND_FORMATTED, /* a: value; conv: 0, 'r', 's' or 'a'; b: spec (ND_FSTRING) or NULL */
  ND_NONE,
  ND_TRUE,
  ND_FALSE,
  ND_ELLIPSIS,
  ND_BINOP,     /* op (BinOp), a, b */
  ND_UNARYOP,   /* op (UnaryOp), a */
  ND_AND,       /* a and b */
  ND_OR,        /* a or b */
  ND_COMPARE,   /* elts: n+1 operands; cmpops: n CmpOps (a < b < c) */
  ND_IFEXP,     /* b if a else c */
  ND_LAMBDA,    /* params/nparams; a: body expression */
  ND_TUPLE,     /* elts (may hold ND_STARRED) */
  ND_LIST,      /* elts (may hold ND_STARRED) */
  ND_SET,       /* elts */
  ND_DICT,      /* elts: keys, elts2: values; a NULL key means "**value" */
  ND_LISTCOMP,  /* a: element; comps/ncomps */
  ND_SETCOMP,   /* a: element; comps/ncomps */
  ND_GENEXP,    /* a: element; comps/ncomps */
  ND_DICTCOMP,  /* a: key, b: value; comps/ncomps */
  ND_CALL,      /* a: callee; elts: args, each an expression, ND_STARRED (*x),
                   ND_KEYWORD (name=value) or ND_DSTAR (**x) */
  ND_KEYWORD,   /* name = a (only inside ND_CALL args and ND_CLASSDEF bases) */
  ND_DSTAR,     /* **a (only inside ND_CALL args) */
  ND_STARRED,   /* *a (call args, displays, assignment targets) */
  ND_ATTR,      /* a.name */
  ND_SUBSCRIPT, /* a[b]; b is an ND_TUPLE when there are commas (x[1, 2:3]) */
  ND_SLICE,     /* a:b:c inside a subscript; each of a, b, c may be NULL */
  ND_YIELD,     /* yield a (a may be NULL) */
  ND_YIELDFROM, /* yield from a */

  /* ---- statements ---- */
  ND_EXPR_STMT, /* a */
  ND_ASSIGN,    /* elts: targets (t1 = t2 = a); a: value */
  ND_AUGASSIGN, /* a op= b; op is a BinOp */
  ND_ANNASSIGN, /* a: target, b: annotation, c: value or NULL */
  ND_IF,        /* if a: body else: orelse (elif is a nested ND_IF in orelse) */
  ND_WHILE,     /* while a: body else: orelse */
  ND_FOR,       /* for a in b: body else: orelse */
  ND_BREAK,
  ND_CONTINUE,
  ND_PASS,
  ND_RETURN,    /* a or NULL */
  ND_RAISE,     /* a: exception or NULL (re-raise); b: cause ("from b") or NULL */
  ND_ASSERT,    /* a: test; b: message or NULL */
  ND_DEL,       /* elts: targets */
  ND_GLOBAL,    /* names/nnames */
  ND_NONLOCAL,  /* names/nnames */
  ND_IMPORT,    /* aliases/naliases: import a.b as c, d */
  ND_IMPORTFROM,/* name: module (dotted, may be NULL for "from . import x");
                   level: number of leading dots; aliases/naliases
                   (a single alias named "*" for "import *") */
  ND_FUNCDEF,   /* name; params/nparams; body; decorators; a: return annotation or NULL */
  ND_CLASSDEF,  /* name; elts: bases (ND_KEYWORD for metaclass=...); body; decorators */
  ND_MODULE,    /* body; the root returned by the parser */
  ND_TRY,       /* try: body; elts: ND_EXCEPT handlers; orelse: else; elts2: finally */
  ND_EXCEPT,    /* except a (NULL: bare) as b (ND_NAME or NULL): body */
  ND_WITH,      /* with elts (ND_WITHITEM each): body */
  ND_WITHITEM,  /* a (as b: a target, or NULL) */

  ND_KIND_COUNT
} NodeKind;

typedef enum {
  OP_ADD, OP_SUB, OP_MUL, OP_MATMUL, OP_DIV, OP_FLOORDIV, OP_MOD, OP_POW,
  OP_LSHIFT, OP_RSHIFT, OP_BITOR, OP_BITXOR, OP_BITAND,
  OP_BINOP_COUNT
} BinOp;

typedef enum { UOP_NEG, UOP_POS, UOP_INVERT, UOP_NOT } UnaryOp;

typedef enum { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_IS, CMP_ISNOT, CMP_IN, CMP_NOTIN } CmpOp;

typedef enum {
  PARAM_POS,     /* x or x=default (before any '*') */
  PARAM_VARARGS, /* *args */
  PARAM_KWONLY,  /* after '*' or '*args' */
  PARAM_KWARGS,  /* **kwargs */
} ParamKind;

typedef struct Param {
  const char *name;
  Node *deflt;      /* default value or NULL */
  Node *annotation; /* or NULL; ignored by the interpreter */
  ParamKind kind;
  Loc loc;
} Param;

typedef struct Alias {
  const char *name;   /* dotted: "mindspore.nn" */
  const char *asname; /* or NULL */
  Loc loc;
} Alias;

typedef struct Comp { /* for target in iter if cond1 if cond2 ... */
  Node *target;
  Node *iter;
  NodeVec ifs;
} Comp;

/* Where a resolved name lives (filled by eval/'s resolver). */
typedef enum {
  SCOPE_UNRESOLVED = 0,
  SCOPE_LOCAL,  /* slot in the frame's local array */
  SCOPE_CELL,   /* slot holds a cell (captured by an inner function) */
  SCOPE_FREE,   /* index into the function's closure cells */
  SCOPE_GLOBAL, /* module globals, then builtins */
  SCOPE_CLASS,  /* class body namespace, then globals, then builtins */
} Scope;

struct Node {
  NodeKind kind;
  int op;    /* BinOp, UnaryOp */
  int conv;  /* ND_FORMATTED conversion */
  int level; /* ND_IMPORTFROM dots */
  Loc loc;

  Node *a, *b, *c;
  NodeVec elts, elts2;
  NodeVec body, orelse;
  NodeVec decorators;

  const char *name; /* NUL-terminated, arena-owned */
  int64_t ival;
  double fval;
  char *str; /* arena-owned, NUL-terminated; may contain NULs before slen */
  size_t slen;

  CmpOp *cmpops;
  Param *params;
  int nparams;
  Alias *aliases;
  int naliases;
  Comp *comps;
  int ncomps;
  const char **names; /* ND_GLOBAL / ND_NONLOCAL */
  int nnames;

  /* ---- resolver (eval/) ---- */
  Scope scope;
  int slot;
  void *aux; /* eval-owned annotation (function info, interned name, ...) */
};

Node *ast_new(Arena *a, NodeKind kind, Loc loc);
void nodevec_push(Arena *a, NodeVec *v, Node *n);
const char *ast_kind_name(NodeKind k);
const char *ast_binop_str(BinOp op);  /* "+", "@", "//" ... */
const char *ast_cmpop_str(CmpOp op);  /* "==", "is not", "not in" ... */

/* Parses one file into an ND_MODULE. Syntax errors are reported through
 * diag.h (up to 20, with recovery); returns NULL when there were any. */
Node *parse_file(SrcFile *src, Arena *arena);

/* A copy of the tree under root in arena a, node for node (a node reached
 * twice is copied once). Names, string literals, comparison operators and
 * import aliases are shared with the original, which must outlive the copy
 * and is never changed by it; everything eval/ annotates or may extend
 * (nodes, node vectors, parameters, comprehensions) is the copy's own.
 * For a tree parsed once and run many times (lib/ modules kept across
 * interpreters: eval/modules.c lib_keep_parsed). Iterative: any depth. */
Node *ast_clone(const Node *root, Arena *a);

/* Debug dump of a tree (msc run --dump-ast), one node per line, indented. */
void ast_dump(const Node *n, void *file /* FILE* */);

#endif
