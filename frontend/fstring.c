/* fstring.c — string literals: prefixes, escapes, UTF-8, and f-strings.
 *
 * The scanner hands over the byte span of one literal token (prefix, quotes
 * and all); lex_string() returns an ND_STR with the decoded UTF-8 bytes, or
 * for an f-string an ND_FSTRING whose parts are ND_STR and ND_FORMATTED.
 * A replacement field's expression is not scanned here: its byte range is
 * re-parsed by parse_subexpr() with a fresh scanner, so its nodes carry the
 * field's real offsets in the file. This follows CPython 3.11's
 * string_parser.c (fstring_find_expr): expressions may not contain a
 * backslash or '#', '!=' is an operator and not a conversion, a format spec
 * may hold nested fields (two levels), and "{x=}" is the self-documenting
 * form.
 */
#include "frontend/parse.h"

#include <string.h>

typedef struct StrLit {
  LexState *S;
  const char *t; /* the file's text */
  bool raw;
  bool bytes; /* a b'' literal: \x and octal escapes are bytes; no \u, \U, \N */
  bool ok;
} StrLit;

/* ---- UTF-8 ------------------------------------------------------------ */

int lex_utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
  if (n == 0) return 0;
  unsigned c = s[0];
  int len;
  uint32_t v, min;
  if (c < 0x80) {
    *cp = c;
    return 1;
  } else if (c >= 0xC2 && c <= 0xDF) {
    len = 2, v = c & 0x1F, min = 0x80;
  } else if (c >= 0xE0 && c <= 0xEF) {
    len = 3, v = c & 0x0F, min = 0x800;
  } else if (c >= 0xF0 && c <= 0xF4) {
    len = 4, v = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if ((size_t)len > n) return 0;
  for (int i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    v = v << 6 | (s[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return len;
}

/* An approximation of XID_Continue for code points >= 0x80: letters of the
 * common scripts yes; spaces, punctuation, symbols, arrows, math operators,
 * box drawing, CJK punctuation and fullwidth ASCII punctuation no. */
bool lex_utf8_ident_ok(uint32_t cp) {
  static const uint32_t bad[][2] = {
      {0x80, 0xB4},     {0xB6, 0xB9},     {0xBB, 0xBF},     {0xD7, 0xD7},     {0xF7, 0xF7},
      {0x2000, 0x206F}, {0x20A0, 0x20CF}, {0x2100, 0x214F}, {0x2190, 0x2BFF}, {0x2E00, 0x2E7F},
      {0x3000, 0x3004}, {0x3008, 0x3020}, {0xFE30, 0xFE4F}, {0xFF00, 0xFF0F}, {0xFF1A, 0xFF20},
      {0xFF3B, 0xFF40}, {0xFF5B, 0xFF65}, {0xFEFF, 0xFEFF}, {0xFFF0, 0xFFFF}, {0x1F000, 0x1FAFF},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    if (cp >= bad[i][0] && cp <= bad[i][1]) return false;
  return true;
}

static void put_utf8(Buf *b, uint32_t cp) {
  char s[4];
  if (cp < 0x80) {
    buf_putc(b, (char)cp);
  } else if (cp < 0x800) {
    s[0] = (char)(0xC0 | cp >> 6), s[1] = (char)(0x80 | (cp & 0x3F));
    buf_append(b, s, 2);
  } else if (cp < 0x10000) {
    s[0] = (char)(0xE0 | cp >> 12), s[1] = (char)(0x80 | (cp >> 6 & 0x3F)), s[2] = (char)(0x80 | (cp & 0x3F));
    buf_append(b, s, 3);
  } else {
    s[0] = (char)(0xF0 | cp >> 18), s[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    s[2] = (char)(0x80 | (cp >> 6 & 0x3F)), s[3] = (char)(0x80 | (cp & 0x3F));
    buf_append(b, s, 4);
  }
}

/* ---- escapes ------------------------------------------------------------ */

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static const struct {
  const char *name;
  uint32_t cp;
} unicode_names[] = {
    {"BULLET", 0x2022},          {"DEGREE SIGN", 0xB0},        {"EM DASH", 0x2014},
    {"EN DASH", 0x2013},         {"HORIZONTAL ELLIPSIS", 0x2026}, {"NO-BREAK SPACE", 0xA0},
    {"MULTIPLICATION SIGN", 0xD7}, {"PLUS-MINUS SIGN", 0xB1},  {"MICRO SIGN", 0xB5},
    {"GREEK SMALL LETTER ALPHA", 0x3B1}, {"GREEK SMALL LETTER BETA", 0x3B2},
    {"GREEK SMALL LETTER MU", 0x3BC}, {"GREEK SMALL LETTER PI", 0x3C0},
    {"GREEK SMALL LETTER SIGMA", 0x3C3}, {"RIGHTWARDS ARROW", 0x2192}, {"CHECK MARK", 0x2713},
    {"SPACE", 0x20},             {"LINE FEED", 0x0A},           {"COPYRIGHT SIGN", 0xA9},
};

static void esc_error(StrLit *L, uint32_t beg, uint32_t end, const char *msg) {
  parse_error(L->S->P, lex_loc(L->S, beg, end), "%s", msg);
  L->ok = false;
}

/* Decodes the escape sequence at t[i] == '\\' (i < end) into b; returns the
 * offset after it. */
static uint32_t decode_escape(StrLit *L, uint32_t i, uint32_t end, Buf *b) {
  const char *t = L->t;
  uint32_t beg = i++;
  if (i >= end) {
    buf_putc(b, '\\');
    return i;
  }
  char c = t[i++];
  if (L->bytes && (c == 'u' || c == 'U' || c == 'N')) {
    buf_putc(b, '\\'); /* not escapes in bytes: kept, as Python does */
    return i - 1;
  }
  switch (c) {
  case '\n': return i;
  case '\r': return i < end && t[i] == '\n' ? i + 1 : i;
  case '\\': buf_putc(b, '\\'); return i;
  case '\'': buf_putc(b, '\''); return i;
  case '"': buf_putc(b, '"'); return i;
  case 'a': buf_putc(b, '\a'); return i;
  case 'b': buf_putc(b, '\b'); return i;
  case 'f': buf_putc(b, '\f'); return i;
  case 'n': buf_putc(b, '\n'); return i;
  case 'r': buf_putc(b, '\r'); return i;
  case 't': buf_putc(b, '\t'); return i;
  case 'v': buf_putc(b, '\v'); return i;
  case 'x': case 'u': case 'U': {
    int n = c == 'x' ? 2 : c == 'u' ? 4 : 8;
    uint32_t v = 0;
    for (int k = 0; k < n; k++, i++) {
      int h = i < end ? hexval((unsigned char)t[i]) : -1;
      if (h < 0) {
        esc_error(L, beg, i, c == 'x' ? "truncated \\xXX escape" : c == 'u' ? "truncated \\uXXXX escape"
                                                                           : "truncated \\UXXXXXXXX escape");
        return i;
      }
      v = v << 4 | (uint32_t)h;
    }
    if (v > 0x10FFFF) {
      esc_error(L, beg, i, "illegal Unicode character");
      return i;
    }
    if (L->bytes) buf_putc(b, (char)v);
    else put_utf8(b, v);
    return i;
  }
  case 'N': {
    if (i >= end || t[i] != '{') {
      esc_error(L, beg, i, "malformed \\N character escape");
      return i;
    }
    uint32_t nb = i + 1, ne = nb;
    while (ne < end && t[ne] != '}' && t[ne] != '\n') ne++;
    if (ne >= end || t[ne] != '}' || ne == nb) {
      esc_error(L, beg, ne, "malformed \\N character escape");
      return ne < end && t[ne] == '}' ? ne + 1 : ne;
    }
    for (size_t k = 0; k < sizeof unicode_names / sizeof unicode_names[0]; k++) {
      const char *nm = unicode_names[k].name;
      if (strlen(nm) == ne - nb && strncasecmp(nm, t + nb, ne - nb) == 0) {
        put_utf8(b, unicode_names[k].cp);
        return ne + 1;
      }
    }
    esc_error(L, beg, ne + 1, "unknown Unicode character name");
    return ne + 1;
  }
  default:
    if (c >= '0' && c <= '7') {
      uint32_t v = (uint32_t)(c - '0');
      for (int k = 0; k < 2 && i < end && t[i] >= '0' && t[i] <= '7'; k++) v = v * 8 + (uint32_t)(t[i++] - '0');
      if (L->bytes) buf_putc(b, (char)(v & 0xFF)); /* CPython 3.11 keeps the low byte */
      else put_utf8(b, v);
      return i;
    }
    buf_putc(b, '\\'); /* unknown escape: kept, as Python does */
    return i - 1;      /* the character itself is copied by the caller */
  }
}

/* Copies one source character (or line end, or valid UTF-8 sequence) at t[i]. */
static uint32_t copy_char(StrLit *L, uint32_t i, uint32_t end, Buf *b) {
  const unsigned char *u = (const unsigned char *)L->t;
  if (u[i] == '\r') {
    buf_putc(b, '\n');
    return i + 1 < end && u[i + 1] == '\n' ? i + 2 : i + 1;
  }
  if (u[i] < 0x80) {
    buf_putc(b, (char)u[i]);
    return i + 1;
  }
  if (L->bytes) {
    if (L->ok) parse_error(L->S->P, lex_loc(L->S, i, i + 1), "bytes can only contain ASCII literal characters");
    L->ok = false;
    return i + 1;
  }
  uint32_t cp;
  int n = lex_utf8_decode(u + i, end - i, &cp);
  if (n == 0) {
    parse_error(L->S->P, lex_loc(L->S, i, i + 1), "invalid UTF-8 byte '\\x%02x' (msc reads source files as UTF-8)",
                u[i]);
    L->ok = false;
    return i + 1;
  }
  buf_append(b, (const char *)u + i, (size_t)n);
  return i + (uint32_t)n;
}

static Node *mk_str(LexState *S, Buf *b, uint32_t beg, uint32_t end) {
  Node *n = ast_new(S->P->arena, ND_STR, lex_loc(S, beg, end));
  n->slen = b->len;
  n->str = arena_strndup(S->P->arena, b->data ? b->data : "", b->len);
  b->len = 0;
  return n;
}

/* ---- f-strings ---------------------------------------------------------- */

static uint32_t fstring_body(StrLit *L, uint32_t i, uint32_t end, int level, Node *out);

static const char *closer_of(char c) { return c == '(' ? ")" : c == '[' ? "]" : "}"; }

/* Finds where the expression of a field starting at i ends: at '!', ':', '='
 * or '}' outside brackets and strings. Returns end on error (reported). */
static uint32_t field_expr_end(StrLit *L, uint32_t i, uint32_t end) {
  const char *t = L->t;
  char stack[PARSE_MAX_BRACKETS];
  uint32_t where[PARSE_MAX_BRACKETS];
  int depth = 0;
  char quote = 0;
  int qlen = 0;
  uint32_t qbeg = 0;
  while (i < end) {
    char c = t[i];
    if (c == '\\') {
      esc_error(L, i, i + 1, "f-string expression part cannot include a backslash");
      return end;
    }
    if (quote) {
      if (c == quote && (qlen == 1 || (i + 2 < end && t[i + 1] == quote && t[i + 2] == quote))) {
        i += (uint32_t)qlen;
        quote = 0;
      } else {
        i++;
      }
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      qbeg = i;
      qlen = i + 2 < end && t[i + 1] == c && t[i + 2] == c ? 3 : 1;
      i += (uint32_t)qlen;
      continue;
    }
    if (c == '(' || c == '[' || c == '{') {
      if (depth >= PARSE_MAX_BRACKETS) {
        esc_error(L, i, i + 1, "f-string: too many nested parenthesis");
        return end;
      }
      where[depth] = i;
      stack[depth++] = c;
      i++;
      continue;
    }
    if (c == ')' || c == ']' || c == '}') {
      if (depth == 0) {
        if (c == '}') return i;
        parse_error(L->S->P, lex_loc(L->S, i, i + 1), "f-string: unmatched '%c'", c);
        L->ok = false;
        return end;
      }
      if (c != closer_of(stack[depth - 1])[0]) {
        parse_error(L->S->P, lex_loc(L->S, i, i + 1),
                    "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", c,
                    stack[depth - 1]);
        L->ok = false;
        return end;
      }
      depth--;
      i++;
      continue;
    }
    if (c == '#') {
      esc_error(L, i, i + 1, "f-string expression part cannot include '#'");
      return end;
    }
    if (depth == 0 && (c == '!' || c == ':' || c == '=' || c == '<' || c == '>')) {
      if (c != ':' && i + 1 < end && t[i + 1] == '=') {
        i += 2;
        continue;
      }
      if (c == '<' || c == '>') {
        i++;
        continue;
      }
      return i;
    }
    i++;
  }
  if (quote) {
    esc_error(L, qbeg, qbeg + 1, "f-string: unterminated string");
  } else if (depth) {
    parse_error(L->S->P, lex_loc(L->S, where[depth - 1], where[depth - 1] + 1), "f-string: unmatched '%c'",
                stack[depth - 1]);
    L->ok = false;
  } else {
    esc_error(L, end, end, "f-string: expecting '}'");
  }
  return end;
}

/* Parses the field whose '{' is at t[i]; appends its parts to out; returns
 * the offset after its '}'. */
static uint32_t fstring_field(StrLit *L, uint32_t i, uint32_t end, int level, Node *out) {
  LexState *S = L->S;
  Arena *A = S->P->arena;
  const char *t = L->t;
  uint32_t open = i++;
  if (level >= 2) {
    esc_error(L, open, open + 1, "f-string: expressions nested too deeply");
    return end;
  }
  uint32_t e = field_expr_end(L, i, end);
  if (e >= end) return end;
  uint32_t k = i;
  while (k < e && strchr(" \t\f\r\n", t[k])) k++;
  if (k == e) esc_error(L, open, e + 1, "f-string: empty expression not allowed");
  Node *expr = k == e ? NULL : parse_subexpr(S, i, e);
  if (!expr) {
    L->ok = false;
    expr = ast_new(A, ND_NONE, lex_loc(S, i, e));
  }
  Node *f = ast_new(A, ND_FORMATTED, lex_loc(S, open, open + 1));
  f->a = expr;
  bool selfdoc = false;
  if (t[e] == '=') { /* "{x=}": the text, then repr() unless told otherwise */
    selfdoc = true;
    e++;
    while (e < end && strchr(" \t\f\r\n", t[e])) e++;
    Buf b = {0};
    buf_append(&b, t + i, e - i);
    nodevec_push(A, &out->elts, mk_str(S, &b, i, e));
    buf_free(&b);
  }
  if (e < end && t[e] == '!') {
    if (e + 1 >= end || t[e + 1] == 0 || !strchr("rsa", t[e + 1])) {
      esc_error(L, e, e + 2 > end ? end : e + 2,
                "f-string: invalid conversion character: expected 's', 'r', or 'a'");
      return end;
    }
    f->conv = t[e + 1];
    e += 2;
  }
  if (e < end && t[e] == ':') {
    Node *spec = ast_new(A, ND_FSTRING, lex_loc(S, e + 1, e + 1));
    e = fstring_body(L, e + 1, end, level + 1, spec);
    spec->loc.end = e;
    if (spec->elts.len > 0) f->b = spec;
  }
  if (selfdoc && !f->conv && !f->b) f->conv = 'r';
  if (e >= end || t[e] != '}') {
    if (L->ok) esc_error(L, e >= end ? end : e, e >= end ? end : e + 1, "f-string: expecting '}'");
    return end;
  }
  f->loc.end = e + 1;
  nodevec_push(A, &out->elts, f);
  return e + 1;
}

/* Literal text and fields until end (or, in a format spec, until the '}'
 * that closes the field; its offset is returned). */
static uint32_t fstring_body(StrLit *L, uint32_t i, uint32_t end, int level, Node *out) {
  LexState *S = L->S;
  const char *t = L->t;
  Buf b = {0};
  uint32_t lit_beg = i;
  while (i < end) {
    char c = t[i];
    if (c == '{' && level == 0 && i + 1 < end && t[i + 1] == '{') {
      buf_putc(&b, '{');
      i += 2;
    } else if (c == '{') {
      if (b.len) nodevec_push(S->P->arena, &out->elts, mk_str(S, &b, lit_beg, i));
      i = fstring_field(L, i, end, level, out);
      lit_beg = i;
    } else if (c == '}' && level > 0) {
      break;
    } else if (c == '}') {
      if (i + 1 < end && t[i + 1] == '}') {
        buf_putc(&b, '}');
        i += 2;
      } else {
        esc_error(L, i, i + 1, "f-string: single '}' is not allowed");
        i++;
      }
    } else if (c == '\\' && !L->raw) {
      if (i + 1 < end && (t[i + 1] == '{' || t[i + 1] == '}')) {
        buf_putc(&b, '\\');
        i++;
      } else {
        i = decode_escape(L, i, end, &b);
      }
    } else {
      i = copy_char(L, i, end, &b);
    }
  }
  if (b.len) nodevec_push(S->P->arena, &out->elts, mk_str(S, &b, lit_beg, i));
  buf_free(&b);
  return i;
}

/* ---- the entry ------------------------------------------------------------ */

Node *lex_string(LexState *S, uint32_t beg, uint32_t end) {
  Parser *P = S->P;
  StrLit L = {S, P->src->text, false, false, true};
  const char *t = P->src->text;
  /* a NUL byte is no part of a literal (CPython: the source's error) */
  const char *nul = memchr(t + beg, 0, end - beg);
  if (nul) {
    uint32_t at = (uint32_t)(nul - t);
    parse_error(P, lex_loc(S, at, at + 1), "source code cannot contain null bytes");
  }
  bool fstr = false, bytes = false;
  uint32_t i = beg;
  while (t[i] != '\'' && t[i] != '"') {
    char c = (char)(t[i] | 0x20);
    if (c == 'r') L.raw = true;
    if (c == 'f') fstr = true;
    if (c == 'b') bytes = true;
    i++;
  }
  char q = t[i];
  uint32_t qlen = i + 2 < end && t[i + 1] == q && t[i + 2] == q && end - i >= 6 ? 3 : 1;
  uint32_t body = i + qlen, body_end = end - qlen;
  Loc loc = lex_loc(S, beg, end);
  L.bytes = bytes;
  if (fstr) {
    /* (f-strings nest in f-string expressions only as deep as there are
     * kinds of quotes to tell them apart: no limit needed) */
    Node *n = ast_new(P->arena, ND_FSTRING, loc);
    fstring_body(&L, body, body_end, 0, n);
    return n;
  }
  Buf b = {0};
  for (uint32_t k = body; k < body_end;) {
    if (t[k] == '\\' && !L.raw) {
      k = decode_escape(&L, k, body_end, &b);
    } else {
      k = copy_char(&L, k, body_end, &b);
    }
  }
  Node *n = mk_str(S, &b, beg, end);
  if (bytes) n->kind = ND_BYTES;
  buf_free(&b);
  return n;
}
