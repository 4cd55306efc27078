/* parse.c — reads back the text print.c writes (grammar below; examples in
 * ir.h). A hand-written scanner and recursive-descent parser with one token
 * of lookahead. The first error is reported at its line:col in the .mir
 * file through diag.h and parsing stops (longjmp back to ir_parse, which
 * frees the half-built module: everything lives in its arena).
 *
 *   module  := param_line* graph+ EOF
 *   param_line := PARAM ':' type
 *   graph   := 'subgraph' GRAPH '(' [PARAM ':' type {',' PARAM ':' type}] ')'
 *              '{' node* 'Return' '(' operand ')' ':' '(' type ')' '}'
 *   node    := VALUE '(' IDENT ['$' IDENT] ')' '=' IDENT '(' [operand {',' operand}] ')'
 *              ['{' attr {',' attr} '}'] ':' '(' [type {',' type}] ')' '->' '(' type ')'
 *   operand := VALUE | PARAM | GRAPH | const
 *   const   := 'Tensor' '(' 'shape' '=' '[' ints ']' ',' 'dtype' '=' IDENT ','
 *              'value' '=' values ')' | IMM '(' NUM ')' | STRING | 'None'
 *   attr    := IDENT ':' ('I64' '(' NUM ')' | 'F64' '(' NUM ')' | 'Bool' '(' NUM ')'
 *              | STRING | '(' ints ')' | DTYPE)
 *   type    := '<' ('Tensor' '[' DTYPE ']' ',' shape | 'Ref' '[' 'Tensor' '[' DTYPE ']' ']'
 *              ',' shape | DTYPE ',' 'NoShape' | 'String' ',' 'NoShape' | 'None' ','
 *              'NoShape' | 'Tuple' '[' [type {',' type}] ']') '>'
 *
 * Comments: `//` to the end of the line; `#` lines, of which two are read:
 * "# IR entry: @NAME" names the entry graph, and "# In file F:L:C" gives
 * the script location of the node or Return it follows, or of the
 * subgraph it precedes.
 */
#include "ir.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64, MAX_ELEMS = 1 << 26 };

typedef enum {
  T_EOF, T_VALUE, T_PARAM, T_GRAPH, T_IDENT, T_NUM, T_STRING, T_ARROW, T_PUNCT,
} TokKind;

typedef struct Tok {
  TokKind kind;
  uint32_t off, len; /* the whole token */
  const char *text;  /* IDENT, NUM: the text; VALUE/PARAM/GRAPH: after the sigil;
                        STRING: decoded; PUNCT: the character */
  char c;            /* PUNCT */
} Tok;

/* String-keyed map (open addressing) in the module's arena. */
typedef struct Map {
  const char **keys;
  void **vals;
  int cap, n;
} Map;

typedef struct Parser {
  SrcFile *f;
  const char *s;
  uint32_t pos, len;
  IrModule *m;
  Tok tok;
  jmp_buf jb;
  bool has_pend;     /* a "# In file" comment not yet attached */
  IrLoc pend;
  const char *entry; /* from "# IR entry: @NAME" */
  Loc entry_loc;
  Map params;        /* "para1_x" -> IrNode, module-wide */
  Map values;        /* "3" -> IrNode, per graph */
  Map graphs;        /* "name" -> IrGraph (not ir_module_find: linear) */
  int nhead, caphead;
  IrNode **head;     /* the header's params (the entry's) */
  int depth;
} Parser;

/* ---- errors --------------------------------------------------------------- */

static _Noreturn MSC_PRINTF(4, 5) void error_at(Parser *p, uint32_t off, uint32_t len,
                                                const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Loc l = {p->f, off, off + len};
  diag_vemit(DIAG_ERROR, l, fmt, ap);
  va_end(ap);
  longjmp(p->jb, 1);
}

static const char *tok_desc(Parser *p, const Tok *t) {
  switch (t->kind) {
  case T_EOF: return "end of file";
  case T_STRING: return "string";
  default: {
    uint32_t n = t->len > 40 ? 40 : t->len;
    Buf b = {0};
    buf_putc(&b, '\'');
    buf_append(&b, p->s + t->off, n);
    buf_putc(&b, '\'');
    char *r = arena_strdup(p->m->arena, b.data);
    buf_free(&b);
    return r;
  }
  }
}

static _Noreturn void error_tok(Parser *p, const char *what) {
  error_at(p, p->tok.off, p->tok.len, "expected %s, got %s", what, tok_desc(p, &p->tok));
}

/* ---- maps ----------------------------------------------------------------- */

static uint32_t hash(const char *s) {
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static int map_slot(const Map *mp, const char *k) {
  int i = (int)(hash(k) & (uint32_t)(mp->cap - 1));
  while (mp->keys[i] && strcmp(mp->keys[i], k) != 0) i = (i + 1) & (mp->cap - 1);
  return i;
}

static void *map_get(const Map *mp, const char *k) {
  if (!mp->cap) return NULL;
  int i = map_slot(mp, k);
  return mp->keys[i] ? mp->vals[i] : NULL;
}

static void map_put(Parser *p, Map *mp, const char *k, void *v) {
  if (2 * (mp->n + 1) > mp->cap) {
    Map old = *mp;
    mp->cap = old.cap ? old.cap * 2 : 64;
    mp->keys = arena_alloc(p->m->arena, sizeof(char *) * (size_t)mp->cap);
    mp->vals = arena_alloc(p->m->arena, sizeof(void *) * (size_t)mp->cap);
    mp->n = 0;
    for (int i = 0; i < old.cap; i++)
      if (old.keys[i]) map_put(p, mp, old.keys[i], old.vals[i]);
  }
  int i = map_slot(mp, k);
  if (!mp->keys[i]) mp->n++;
  mp->keys[i] = k;
  mp->vals[i] = v;
}

/* ---- scanner -------------------------------------------------------------- */

static bool is_name_char(unsigned char c) {
  return isalnum(c) || c == '_' || c == '.' || c >= 0x80;
}

static int peekc(Parser *p, uint32_t at) { return at < p->len ? (unsigned char)p->s[at] : -1; }

static char *dup_range(Parser *p, uint32_t a, uint32_t b) {
  return arena_strndup(p->m->arena, p->s + a, b - a);
}

/* "# In file F:L:C" (body = after "In file "), "# IR entry: @NAME". */
static void comment(Parser *p, uint32_t beg, uint32_t end) {
  const char *c = p->s + beg;
  uint32_t n = end - beg;
  while (n && (c[n - 1] == '\r' || c[n - 1] == ' ')) n--;
  static const char in_file[] = "# In file ", entry[] = "# IR entry: @";
  if (n > sizeof in_file - 1 && memcmp(c, in_file, sizeof in_file - 1) == 0) {
    uint32_t a = (uint32_t)sizeof in_file - 1, i = n, colon[2], k = 0;
    while (i > a && k < 2) {
      i--;
      if (c[i] == ':') colon[k++] = i;
      else if (!isdigit((unsigned char)c[i])) break;
    }
    if (k < 2 || colon[1] == a || colon[0] + 1 == n || colon[1] + 1 == colon[0])
      error_at(p, beg, n, "malformed location comment (expected '# In file FILE:LINE:COL')");
    long line = strtol(c + colon[1] + 1, NULL, 10), col = strtol(c + colon[0] + 1, NULL, 10);
    if (line <= 0 || col <= 0 || line > 100000000 || col > 100000000)
      error_at(p, beg, n, "line and column in a location comment must be positive");
    char *file = arena_strndup(p->m->arena, c + a, colon[1] - a);
    p->pend = ir_loc_at(p->m, file, (int)line, (int)col);
    p->pend.mir = (Loc){p->f, beg, beg + n};
    p->has_pend = true;
  } else if (n > sizeof entry - 1 && memcmp(c, entry, sizeof entry - 1) == 0) {
    p->entry = arena_strndup(p->m->arena, c + sizeof entry - 1, n - (sizeof entry - 1));
    p->entry_loc = (Loc){p->f, beg, beg + n};
  }
}

static void scan_string(Parser *p, Tok *t) {
  Buf b = {0};
  buf_puts(&b, "");
  uint32_t i = p->pos + 1;
  for (;;) {
    int c = peekc(p, i);
    if (c < 0 || c == '\n') {
      buf_free(&b);
      error_at(p, p->pos, 1, "unterminated string");
    }
    i++;
    if (c == '"') break;
    if (c != '\\') {
      buf_putc(&b, (char)c);
      continue;
    }
    int e = peekc(p, i++);
    if (e == 'n') buf_putc(&b, '\n');
    else if (e == 't') buf_putc(&b, '\t');
    else if (e == '"' || e == '\\') buf_putc(&b, (char)e);
    else if (e == 'x' && isxdigit(peekc(p, i)) && isxdigit(peekc(p, i + 1))) {
      char hx[3] = {p->s[i], p->s[i + 1], 0};
      buf_putc(&b, (char)strtol(hx, NULL, 16));
      i += 2;
    } else {
      buf_free(&b);
      error_at(p, i - 2, 2, "invalid escape in string");
    }
  }
  t->kind = T_STRING;
  t->text = arena_strdup(p->m->arena, b.data);
  buf_free(&b);
  t->len = i - p->pos;
}

/* -?digits[.digits][e[+-]digits], -inf, -nan */
static bool scan_number(Parser *p, Tok *t) {
  uint32_t i = p->pos;
  if (peekc(p, i) == '-') i++;
  if (!isdigit(peekc(p, i))) {
    if (i > p->pos && (strncmp(p->s + i, "inf", 3) == 0 || strncmp(p->s + i, "nan", 3) == 0) &&
        i + 3 <= p->len && !is_name_char((unsigned char)peekc(p, i + 3))) {
      i += 3;
      goto done;
    }
    return false;
  }
  while (isdigit(peekc(p, i))) i++;
  if (peekc(p, i) == '.') {
    i++;
    while (isdigit(peekc(p, i))) i++;
  }
  if (peekc(p, i) == 'e' || peekc(p, i) == 'E') {
    uint32_t j = i + 1;
    if (peekc(p, j) == '+' || peekc(p, j) == '-') j++;
    if (isdigit(peekc(p, j))) {
      while (isdigit(peekc(p, j))) j++;
      i = j;
    }
  }
done:
  t->kind = T_NUM;
  t->len = i - p->pos;
  t->text = dup_range(p, p->pos, i);
  return true;
}

static void next(Parser *p) {
  Tok *t = &p->tok;
  for (;;) {
    int c = peekc(p, p->pos);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      p->pos++;
    } else if (c == '#' || (c == '/' && peekc(p, p->pos + 1) == '/')) {
      uint32_t b = p->pos;
      while (p->pos < p->len && p->s[p->pos] != '\n') p->pos++;
      if (c == '#') comment(p, b, p->pos);
    } else {
      break;
    }
  }
  memset(t, 0, sizeof *t);
  t->off = p->pos;
  int c = peekc(p, p->pos);
  if (c < 0) {
    t->kind = T_EOF;
    return;
  }
  if (c == '%' || c == '@') {
    uint32_t i = p->pos + 1;
    while (i < p->len && is_name_char((unsigned char)p->s[i])) i++;
    if (i == p->pos + 1) error_at(p, p->pos, 1, "expected a name after '%c'", c);
    t->text = dup_range(p, p->pos + 1, i);
    t->len = i - p->pos;
    t->kind = c == '@' ? T_GRAPH : strncmp(t->text, "para", 4) == 0 ? T_PARAM : T_VALUE;
  } else if (c == '"') {
    scan_string(p, t);
  } else if (c == '-' && peekc(p, p->pos + 1) == '>') {
    t->kind = T_ARROW;
    t->len = 2;
  } else if (scan_number(p, t)) {
  } else if (isalpha(c) || c == '_') {
    uint32_t i = p->pos;
    while (i < p->len && is_name_char((unsigned char)p->s[i])) i++;
    t->kind = T_IDENT;
    t->text = dup_range(p, p->pos, i);
    t->len = i - p->pos;
  } else if (strchr("()[]{}<>,:=$", c)) {
    t->kind = T_PUNCT;
    t->c = (char)c;
    t->len = 1;
  } else {
    error_at(p, p->pos, 1, isprint(c) ? "unexpected character '%c'" : "unexpected byte 0x%02x",
             c);
  }
  p->pos += t->len;
}

/* ---- token helpers -------------------------------------------------------- */

static bool is_punct(Parser *p, char c) { return p->tok.kind == T_PUNCT && p->tok.c == c; }
static bool is_ident(Parser *p, const char *s) {
  return p->tok.kind == T_IDENT && strcmp(p->tok.text, s) == 0;
}

static void expect(Parser *p, char c) {
  if (!is_punct(p, c)) {
    char w[4] = {'\'', c, '\'', 0};
    error_tok(p, w);
  }
  next(p);
}

static void expect_ident(Parser *p, const char *s) {
  if (!is_ident(p, s)) {
    char w[64];
    snprintf(w, sizeof w, "'%s'", s);
    error_tok(p, w);
  }
  next(p);
}

static const char *take_ident(Parser *p, const char *what) {
  if (p->tok.kind != T_IDENT) error_tok(p, what);
  const char *s = p->tok.text;
  next(p);
  return s;
}

static int dtype_lookup(const char *s) {
  for (int d = 0; d < MSRT_NUM_DTYPES; d++)
    if (strcmp(s, msrt_dtype_name((msrt_dtype)d)) == 0) return d;
  return -1;
}

static msrt_dtype take_dtype(Parser *p) {
  int d = p->tok.kind == T_IDENT ? dtype_lookup(p->tok.text) : -1;
  if (d < 0) error_tok(p, "a dtype (Float32, Int64, Bool...)");
  next(p);
  return (msrt_dtype)d;
}

static int64_t take_int(Parser *p, int64_t lo, int64_t hi) {
  Tok t = p->tok;
  if (t.kind != T_NUM) error_tok(p, "an integer");
  char *end;
  errno = 0;
  long long v = strtoll(t.text, &end, 10);
  if (*end) error_at(p, t.off, t.len, "expected an integer, got '%s'", t.text);
  if (errno || v < lo || v > hi) error_at(p, t.off, t.len, "integer %s out of range", t.text);
  next(p);
  return v;
}

/* A float's text (strtof/strtod by the caller, so FLOAT32 reads as
 * strtof does when the printer checked it). */
static const char *take_float(Parser *p) {
  Tok t = p->tok;
  const char *s = t.kind == T_NUM ? t.text
                  : t.kind == T_IDENT && (!strcmp(t.text, "inf") || !strcmp(t.text, "nan"))
                      ? t.text
                      : NULL;
  if (!s) error_tok(p, "a number");
  next(p);
  return s;
}

static double take_float_as(Parser *p, msrt_dtype dt) {
  const char *s = take_float(p);
  if (dt == MSRT_FLOAT64) return strtod(s, NULL);
  float f = strtof(s, NULL);
  return dt == MSRT_FLOAT16 ? ir_half_to_float(ir_float_to_half(f)) : f;
}

/* ---- types ---------------------------------------------------------------- */

/* A shape; its element count (the shared check, frontend/limits.h) is
 * within the `elements` limit, so no product of its dimensions overflows
 * in a later stage. */
static int parse_shape(Parser *p, int64_t *shape, char open, char close) {
  int n = 0;
  uint32_t beg = p->tok.off;
  expect(p, open);
  while (!is_punct(p, close)) {
    if (n && !is_punct(p, ',')) error_tok(p, "',' or the end of the shape");
    if (n) next(p);
    if (n == MSRT_MAX_NDIM)
      error_at(p, p->tok.off, p->tok.len, "more than %d dimensions", MSRT_MAX_NDIM);
    shape[n++] = take_int(p, 0, INT64_C(1) << 40);
  }
  int64_t elems;
  if (!shape_elems(n, shape, &elems))
    error_at(p, beg, p->tok.off + p->tok.len - beg,
             "MemoryError: shape with more than %lld elements (raise the limit with --limit=elements=N)",
             (long long)limit_get(LIM_ELEMENTS));
  next(p);
  return n;
}

static IrType *parse_type(Parser *p) {
  if (++p->depth > MAX_DEPTH) error_at(p, p->tok.off, p->tok.len, "types nested too deeply");
  expect(p, '<');
  IrType *t;
  int64_t shape[MSRT_MAX_NDIM];
  if (is_ident(p, "Tensor") || is_ident(p, "Ref")) {
    bool ref = is_ident(p, "Ref");
    next(p);
    expect(p, '[');
    if (ref) expect_ident(p, "Tensor"), expect(p, '[');
    msrt_dtype dt = take_dtype(p);
    expect(p, ']');
    if (ref) expect(p, ']');
    expect(p, ',');
    int nd = parse_shape(p, shape, '(', ')');
    t = ref ? ir_type_ref(p->m, dt, nd, shape) : ir_type_tensor(p->m, dt, nd, shape);
  } else if (is_ident(p, "Tuple")) {
    next(p);
    expect(p, '[');
    int n = 0, cap = 0;
    IrType **el = NULL;
    while (!is_punct(p, ']')) {
      if (n) expect(p, ',');
      if (n == cap) {
        IrType **ne = arena_alloc(p->m->arena, sizeof(IrType *) * (size_t)(cap = cap ? 2 * cap : 4));
        if (n) memcpy(ne, el, sizeof(IrType *) * (size_t)n);
        el = ne;
      }
      el[n++] = parse_type(p);
    }
    next(p);
    t = ir_type_tuple(p->m, n, el);
  } else {
    if (is_ident(p, "String")) next(p), t = ir_type_string(p->m);
    else if (is_ident(p, "None")) next(p), t = ir_type_none(p->m);
    else t = ir_type_scalar(p->m, take_dtype(p));
    expect(p, ',');
    expect_ident(p, "NoShape");
  }
  expect(p, '>');
  p->depth--;
  return t;
}

static char *type_str(Parser *p, const IrType *t) {
  Buf b = {0};
  ir_type_print(&b, t);
  char *r = arena_strdup(p->m->arena, b.data);
  buf_free(&b);
  return r;
}

/* ---- constants ------------------------------------------------------------ */

static void store_elem(Parser *p, msrt_dtype dt, void *data, size_t i) {
  Tok t = p->tok;
  if (dt == MSRT_BOOL) {
    int v = is_ident(p, "True") ? 1 : is_ident(p, "False") ? 0 : -1;
    if (v < 0) error_tok(p, "True or False");
    ((uint8_t *)data)[i] = (uint8_t)v;
    next(p);
    return;
  }
  switch (dt) {
  case MSRT_FLOAT16: ((uint16_t *)data)[i] = ir_float_to_half((float)take_float_as(p, dt)); return;
  case MSRT_FLOAT32: ((float *)data)[i] = (float)take_float_as(p, dt); return;
  case MSRT_FLOAT64: ((double *)data)[i] = take_float_as(p, dt); return;
  case MSRT_COMPLEX64:
  case MSRT_COMPLEX128: { /* (re, im) */
    msrt_dtype pd = dt == MSRT_COMPLEX64 ? MSRT_FLOAT32 : MSRT_FLOAT64;
    expect(p, '(');
    double re = take_float_as(p, pd);
    expect(p, ',');
    double im = take_float_as(p, pd);
    expect(p, ')');
    if (dt == MSRT_COMPLEX64) {
      ((float *)data)[2 * i] = (float)re;
      ((float *)data)[2 * i + 1] = (float)im;
    } else {
      ((double *)data)[2 * i] = re;
      ((double *)data)[2 * i + 1] = im;
    }
    return;
  }
  case MSRT_INT8: ((int8_t *)data)[i] = (int8_t)take_int(p, INT8_MIN, INT8_MAX); return;
  case MSRT_UINT8: ((uint8_t *)data)[i] = (uint8_t)take_int(p, 0, UINT8_MAX); return;
  case MSRT_INT16: ((int16_t *)data)[i] = (int16_t)take_int(p, INT16_MIN, INT16_MAX); return;
  case MSRT_UINT16: ((uint16_t *)data)[i] = (uint16_t)take_int(p, 0, UINT16_MAX); return;
  case MSRT_INT32: ((int32_t *)data)[i] = (int32_t)take_int(p, INT32_MIN, INT32_MAX); return;
  case MSRT_UINT32: ((uint32_t *)data)[i] = (uint32_t)take_int(p, 0, UINT32_MAX); return;
  case MSRT_INT64: ((int64_t *)data)[i] = take_int(p, INT64_MIN, INT64_MAX); return;
  case MSRT_UINT64: {
    if (t.kind != T_NUM || t.text[0] == '-') error_tok(p, "an unsigned integer");
    char *end;
    errno = 0;
    unsigned long long v = strtoull(t.text, &end, 10);
    if (*end || errno) error_at(p, t.off, t.len, "invalid UInt64 '%s'", t.text);
    ((uint64_t *)data)[i] = v;
    next(p);
    return;
  }
  default: error_at(p, t.off, t.len, "unsupported dtype");
  }
}

/* values := scalar | '[' [values {',' values}] ']' — counted into *n. */
static void parse_values(Parser *p, msrt_dtype dt, void *data, size_t cap, size_t *n) {
  if (is_punct(p, '[')) {
    if (++p->depth > MAX_DEPTH) error_at(p, p->tok.off, 1, "values nested too deeply");
    next(p);
    bool first = true;
    while (!is_punct(p, ']')) {
      if (!first) expect(p, ',');
      first = false;
      parse_values(p, dt, data, cap, n);
    }
    next(p);
    p->depth--;
    return;
  }
  if (*n >= cap) error_at(p, p->tok.off, p->tok.len, "more values than the shape holds");
  store_elem(p, dt, data, (*n)++);
}

static IrNode *parse_tensor_const(Parser *p) {
  uint32_t beg = p->tok.off;
  next(p);
  expect(p, '(');
  expect_ident(p, "shape");
  expect(p, '=');
  int64_t shape[MSRT_MAX_NDIM];
  int nd = parse_shape(p, shape, '[', ']');
  expect(p, ',');
  expect_ident(p, "dtype");
  expect(p, '=');
  msrt_dtype dt = take_dtype(p);
  expect(p, ',');
  expect_ident(p, "value");
  expect(p, '=');
  int64_t elems;
  shape_elems(nd, shape, &elems); /* checked by parse_shape */
  size_t count = (size_t)elems;
  if (count > MAX_ELEMS)
    error_at(p, beg, p->tok.off - beg, "tensor constant too large: %zu elements (at most %d in a .mir file)",
             count, MAX_ELEMS);
  void *data = arena_alloc(p->m->arena, (count ? count : 1) * msrt_dtype_size(dt));
  size_t n = 0;
  uint32_t vbeg = p->tok.off;
  parse_values(p, dt, data, count, &n);
  if (n != count)
    error_at(p, vbeg, p->tok.off - vbeg, "tensor constant has %zu values, its shape holds %zu", n,
             count);
  expect(p, ')');
  return ir_const_tensor(p->m, dt, nd, shape, data);
}

/* I64(3), F32(0.5), Bool(1), U8(7)... */
static int imm_dtype(const char *s) {
  static const char *const names[MSRT_NUM_DTYPES] = {
      [MSRT_BOOL] = "Bool", [MSRT_INT8] = "I8",      [MSRT_UINT8] = "U8",
      [MSRT_INT16] = "I16", [MSRT_INT32] = "I32",    [MSRT_INT64] = "I64",
      [MSRT_FLOAT16] = "F16", [MSRT_FLOAT32] = "F32", [MSRT_FLOAT64] = "F64",
      [MSRT_UINT16] = "U16", [MSRT_UINT32] = "U32",  [MSRT_UINT64] = "U64",
      [MSRT_COMPLEX64] = "C64", [MSRT_COMPLEX128] = "C128",
  };
  for (int d = 0; d < MSRT_NUM_DTYPES; d++)
    if (strcmp(s, names[d]) == 0) return d;
  return -1;
}

static IrNode *parse_imm(Parser *p, msrt_dtype dt) {
  next(p);
  expect(p, '(');
  IrNode *n;
  if (ir_dtype_is_float(dt)) n = ir_const_float(p->m, dt, take_float_as(p, dt));
  else if (dt == MSRT_BOOL) n = ir_const_int(p->m, dt, take_int(p, 0, 1));
  else if (dt == MSRT_UINT64) {
    uint64_t v;
    store_elem(p, dt, &v, 0);
    n = ir_const_int(p->m, dt, (int64_t)v);
  } else {
    int64_t v;
    int64_t buf[1];
    store_elem(p, dt, buf, 0);
    v = ir_elem_int(dt, buf, 0);
    n = ir_const_int(p->m, dt, v);
  }
  expect(p, ')');
  return n;
}

/* ---- operands ------------------------------------------------------------- */

/* One operand; a graph reference is returned through *gref (NULL result). */
static IrNode *parse_operand(Parser *p, const char **gref, Tok *at) {
  *at = p->tok;
  *gref = NULL;
  Tok t = p->tok;
  if (t.kind == T_VALUE || t.kind == T_PARAM) {
    IrNode *n = map_get(t.kind == T_PARAM ? &p->params : &p->values, t.text);
    if (!n) error_at(p, t.off, t.len, "use of undefined value '%%%s'", t.text);
    next(p);
    return n;
  }
  if (t.kind == T_GRAPH) {
    *gref = t.text;
    next(p);
    return NULL;
  }
  if (t.kind == T_STRING) {
    next(p);
    return ir_const_str(p->m, t.text);
  }
  if (is_ident(p, "None")) {
    next(p);
    return ir_const_none(p->m);
  }
  if (is_ident(p, "Tensor")) return parse_tensor_const(p);
  int d = t.kind == T_IDENT ? imm_dtype(t.text) : -1;
  if (d >= 0) return parse_imm(p, (msrt_dtype)d);
  error_tok(p, "an operand (%N, %paraN_name, @graph or a constant)");
}

static void parse_attr(Parser *p, IrNode *n) {
  Tok nt = p->tok;
  const char *name = take_ident(p, "an attribute name");
  if (ir_attr_get(n, name)) error_at(p, nt.off, nt.len, "duplicate attribute '%s'", name);
  expect(p, ':');
  Tok t = p->tok;
  if (t.kind == T_STRING) {
    next(p);
    ir_attr_str(n, name, t.text);
  } else if (is_punct(p, '(')) {
    int64_t v[64];
    int k = 0;
    next(p);
    while (!is_punct(p, ')')) {
      if (k) expect(p, ',');
      if (k == 64) error_at(p, p->tok.off, p->tok.len, "integer tuple too long");
      v[k++] = take_int(p, INT64_MIN, INT64_MAX);
    }
    next(p);
    ir_attr_ints(n, name, k, v);
  } else if (is_ident(p, "I64") || is_ident(p, "F64") || is_ident(p, "Bool")) {
    char kind = t.text[0];
    next(p);
    expect(p, '(');
    if (kind == 'I') ir_attr_int(n, name, take_int(p, INT64_MIN, INT64_MAX));
    else if (kind == 'F') ir_attr_float(n, name, take_float_as(p, MSRT_FLOAT64));
    else ir_attr_bool(n, name, take_int(p, 0, 1));
    expect(p, ')');
  } else if (t.kind == T_IDENT && dtype_lookup(t.text) >= 0) {
    ir_attr_dtype(n, name, take_dtype(p));
  } else {
    error_tok(p, "an attribute value (I64(n), F64(x), Bool(b), \"s\", (ints) or a dtype)");
  }
}

/* ':' '(' types ')' checked against the operands' own types. */
static void parse_in_types(Parser *p, IrNode *const *in, int nin) {
  expect(p, ':');
  expect(p, '(');
  int k = 0;
  while (!is_punct(p, ')')) {
    if (k) expect(p, ',');
    Tok at = p->tok;
    IrType *t = parse_type(p);
    if (k >= nin)
      error_at(p, at.off, p->tok.off - at.off, "type line lists more types than the %d operand%s",
               nin, nin == 1 ? "" : "s");
    if (!ir_type_eq(t, in[k]->type))
      error_at(p, at.off, p->tok.off - at.off, "operand %d has type %s, the type line says %s",
               k + 1, type_str(p, in[k]->type), type_str(p, t));
    k++;
  }
  if (k < nin)
    error_at(p, p->tok.off, 1, "type line lists %d type%s for %d operands", k, k == 1 ? "" : "s",
             nin);
  next(p);
}

static IrLoc take_pending(Parser *p, Loc mir) {
  IrLoc l = ir_noloc;
  if (p->has_pend) l = p->pend;
  p->has_pend = false;
  l.mir = mir;
  return l;
}

/* ---- nodes and graphs ----------------------------------------------------- */

typedef struct GraphRef {
  IrNode *node;
  int slot;
  const char *name;
  Tok at;
  struct GraphRef *next;
} GraphRef;

static void parse_node(Parser *p, IrGraph *g, GraphRef **prefs) {
  Tok rt = p->tok;
  if (g->nnode >= limit_get(LIM_GRAPH_NODES))
    error_at(p, rt.off, rt.len, "MemoryError: graph @%s has more than %lld nodes (raise the limit with "
             "--limit=graph-nodes=N)", g->name, (long long)limit_get(LIM_GRAPH_NODES));
  for (const char *c = rt.text; *c; c++)
    if (!isdigit((unsigned char)*c)) error_at(p, rt.off, rt.len, "invalid value name '%%%s'", rt.text);
  if (map_get(&p->values, rt.text)) error_at(p, rt.off, rt.len, "redefinition of '%%%s'", rt.text);
  next(p);
  expect(p, '(');
  take_ident(p, "a node label (CNode_N)");
  const char *name = NULL;
  if (is_punct(p, '$')) {
    next(p);
    name = take_ident(p, "a source name");
  }
  expect(p, ')');
  expect(p, '=');
  Tok ot = p->tok;
  const char *opname = take_ident(p, "an op name");
  int op = ir_op_lookup(opname);
  if (op < 0) error_at(p, ot.off, ot.len, "unknown op '%s'", opname);
  expect(p, '(');
  int nin = 0, cap = 0, nref = 0;
  IrNode **in = NULL;
  const char *gname[2] = {0};
  Tok gtok[2];
  int refs_at = op == IR_IF ? 1 : op == IR_WHILE || op == IR_FUSION ? 0 : -1;
  int want_refs = op == IR_FUSION ? 1 : 2;
  for (int k = 0; !is_punct(p, ')'); k++) {
    if (k) expect(p, ',');
    const char *gr;
    Tok at;
    IrNode *v = parse_operand(p, &gr, &at);
    bool want_ref = refs_at >= 0 && k >= refs_at && k < refs_at + want_refs;
    if (gr && !want_ref)
      error_at(p, at.off, at.len, "a subgraph reference is not an operand of %s here", opname);
    if (!gr && want_ref)
      error_at(p, at.off, at.len, "expected a subgraph reference (%s's %s)", opname,
               op == IR_IF      ? (k == 1 ? "then branch" : "else branch")
               : op == IR_WHILE ? (k == 0 ? "condition" : "body")
                                : "fused subgraph");
    if (gr) {
      gname[nref] = gr;
      gtok[nref++] = at;
      continue;
    }
    if (nin == cap) {
      IrNode **ni = arena_alloc(p->m->arena, sizeof(IrNode *) * (size_t)(cap = cap ? 2 * cap : 4));
      if (nin) memcpy(ni, in, sizeof(IrNode *) * (size_t)nin);
      in = ni;
    }
    in[nin++] = v;
  }
  if (refs_at >= 0 && nref < want_refs)
    error_at(p, p->tok.off, 1, "%s needs %s", opname,
             op == IR_IF      ? "a condition and two subgraph references"
             : op == IR_WHILE ? "two subgraph references"
                              : "a subgraph reference");
  next(p);
  IrNode *n = ir_node(g, op, nin, in, NULL, ir_noloc);
  n->name = name;
  for (int j = 0; j < nref; j++) {
    GraphRef *r = arena_alloc(p->m->arena, sizeof *r);
    *r = (GraphRef){n, j, gname[j], gtok[j], *prefs};
    *prefs = r;
  }
  if (is_punct(p, '{')) {
    next(p);
    for (int k = 0; !is_punct(p, '}'); k++) {
      if (k) expect(p, ',');
      parse_attr(p, n);
    }
    next(p);
  }
  parse_in_types(p, in, nin);
  if (p->tok.kind != T_ARROW) error_tok(p, "'->'");
  next(p);
  expect(p, '(');
  n->type = parse_type(p);
  expect(p, ')');
  n->loc = take_pending(p, (Loc){p->f, rt.off, rt.off + rt.len});
  map_put(p, &p->values, rt.text, n);
}

static IrNode *new_param(Parser *p, Tok t, IrType *ty) {
  /* para<N>_<name> */
  const char *s = t.text + 4;
  if (!isdigit((unsigned char)*s)) goto bad;
  while (isdigit((unsigned char)*s)) s++;
  if (*s != '_' || !s[1]) goto bad;
  if (map_get(&p->params, t.text)) error_at(p, t.off, t.len, "redefinition of '%%%s'", t.text);
  IrNode *n = arena_alloc(p->m->arena, sizeof *n);
  n->kind = IR_NK_PARAM;
  n->type = ty;
  n->name = s + 1;
  n->loc.mir = (Loc){p->f, t.off, t.off + t.len};
  map_put(p, &p->params, t.text, n);
  return n;
bad:
  error_at(p, t.off, t.len, "invalid parameter name '%%%s' (expected %%paraN_name)", t.text);
}

static Tok param_decl(Parser *p, IrType **ty) {
  Tok t = p->tok;
  if (t.kind != T_PARAM) error_tok(p, "a parameter (%paraN_name)");
  next(p);
  expect(p, ':');
  *ty = parse_type(p);
  return t;
}

static void attach_params(IrGraph *g, int n, IrNode **ps) {
  g->nparam = n;
  g->params = ps;
  for (int i = 0; i < n; i++) ps[i]->owner = g;
}

static void parse_graph(Parser *p, GraphRef **prefs) {
  Loc kw = {p->f, p->tok.off, p->tok.off + p->tok.len};
  IrLoc gloc = take_pending(p, kw);
  next(p);
  Tok nt = p->tok;
  if (nt.kind != T_GRAPH) error_tok(p, "a subgraph name (@name)");
  if (map_get(&p->graphs, nt.text)) error_at(p, nt.off, nt.len, "redefinition of '@%s'", nt.text);
  next(p);
  bool entry = p->entry ? strcmp(p->entry, nt.text) == 0 : p->m->ngraph == 0;
  IrGraph *g = ir_graph_new(p->m, nt.text, gloc);
  map_put(p, &p->graphs, g->name, g);
  g->loc.mir = (Loc){p->f, nt.off, nt.off + nt.len};
  expect(p, '(');
  int n = 0, cap = 0;
  IrNode **ps = NULL;
  while (!is_punct(p, ')')) {
    if (n) expect(p, ',');
    if (entry)
      error_at(p, p->tok.off, p->tok.len,
               "the entry graph '@%s' takes its parameters from the '# Params:' header", nt.text);
    IrType *ty;
    Tok t = param_decl(p, &ty);
    if (n == cap) {
      IrNode **np = arena_alloc(p->m->arena, sizeof(IrNode *) * (size_t)(cap = cap ? 2 * cap : 4));
      if (n) memcpy(np, ps, sizeof(IrNode *) * (size_t)n);
      ps = np;
    }
    ps[n++] = new_param(p, t, ty);
  }
  next(p);
  if (entry) attach_params(g, p->nhead, p->head);
  else attach_params(g, n, ps);
  expect(p, '{');
  p->values = (Map){0};
  while (p->tok.kind == T_VALUE) parse_node(p, g, prefs);
  if (!is_ident(p, "Return")) error_tok(p, "a node (%N = ...) or 'Return'");
  Tok rt = p->tok;
  next(p);
  expect(p, '(');
  const char *gr;
  Tok at;
  IrNode *v = parse_operand(p, &gr, &at);
  if (gr) error_at(p, at.off, at.len, "a graph cannot return a subgraph reference");
  expect(p, ')');
  parse_in_types(p, &v, 1);
  ir_return(g, v, take_pending(p, (Loc){p->f, rt.off, rt.off + rt.len}));
  if (!is_punct(p, '}')) error_tok(p, "'}' after Return");
  next(p);
}

static void parse_module(Parser *p) {
  GraphRef *grefs = NULL;
  next(p);
  while (p->tok.kind == T_PARAM) {
    p->has_pend = false; /* a location comment attaches to no param line */
    IrType *ty;
    Tok t = param_decl(p, &ty);
    IrNode *n = new_param(p, t, ty);
    n->is_parameter = ty->kind == IR_T_REF;
    if (p->nhead == p->caphead) {
      int cap = p->caphead ? 2 * p->caphead : 8;
      IrNode **nh = arena_alloc(p->m->arena, sizeof(IrNode *) * (size_t)cap);
      if (p->nhead) memcpy(nh, p->head, sizeof(IrNode *) * (size_t)p->nhead);
      p->head = nh;
      p->caphead = cap;
    }
    p->head[p->nhead++] = n;
  }
  if (!is_ident(p, "subgraph")) error_tok(p, "'subgraph'");
  while (is_ident(p, "subgraph")) parse_graph(p, &grefs);
  if (p->tok.kind != T_EOF) error_tok(p, "'subgraph' or end of file");
  GraphRef *inorder = NULL;
  while (grefs) {
    GraphRef *nx = grefs->next;
    grefs->next = inorder;
    inorder = grefs;
    grefs = nx;
  }
  for (GraphRef *r = inorder; r; r = r->next) {
    IrGraph *g = map_get(&p->graphs, r->name);
    if (!g) error_at(p, r->at.off, r->at.len, "undefined subgraph '@%s'", r->name);
    r->node->sub[r->slot] = g;
  }
  if (p->entry) {
    IrGraph *e = map_get(&p->graphs, p->entry);
    if (!e) {
      diag_emit(DIAG_ERROR, p->entry_loc, "entry graph '@%s' is not defined", p->entry);
      longjmp(p->jb, 1);
    }
    ir_module_set_entry(p->m, e);
  }
}

IrModule *ir_parse(SrcFile *f) {
  Parser *p = xcalloc(1, sizeof *p);
  p->f = f;
  p->s = f->text;
  p->len = (uint32_t)(f->len > UINT32_MAX ? UINT32_MAX : f->len);
  p->m = ir_module_new();
  IrModule *volatile m = p->m;
  if (setjmp(p->jb)) {
    ir_module_free(m);
    free(p);
    return NULL;
  }
  parse_module(p);
  free(p);
  return m;
}
