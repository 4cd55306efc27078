/* test_lexer.c — token streams of the scanner (frontend/lexer.l): the line
 * structure (INDENT/DEDENT, NEWLINE, brackets, continuations, tabs, EOF),
 * numbers, strings and f-string pieces, and the scanner's diagnostics. */
#include <stdio.h>
#include <stdlib.h>

#include "frontend/parse.h"
#include "tests/unit/unit.h"

static char *errs_buf;
static size_t errs_len;
static FILE *errs;

/* Tokens of src; scanner diagnostics go to errs_buf (see errors()). */
static char *toks(const char *src) {
  static char *last;
  free(last);
  if (errs) fclose(errs);
  free(errs_buf);
  errs_buf = NULL;
  errs = open_memstream(&errs_buf, &errs_len);
  diag_set_stream(errs);
  last = lex_dump_tokens(src);
  fflush(errs);
  diag_set_stream(NULL);
  return last;
}

static const char *errors(void) {
  fflush(errs);
  return errs_buf ? errs_buf : "";
}

/* ---- line structure ------------------------------------------------------ */

TEST(simple_statement) {
  ASSERT_STR("NAME(x) '=' INT(1) NEWLINE", toks("x = 1\n"));
  ASSERT_STR("", errors());
}

TEST(eof_without_newline) {
  ASSERT_STR("NAME(x) NEWLINE", toks("x"));
  ASSERT_STR("", toks(""));
  ASSERT_STR("", toks("\n\n  \n# only a comment"));
  ASSERT_STR("NAME(x) NEWLINE", toks("x   "));
  ASSERT_STR("NAME(x) NEWLINE", toks("x # comment"));
}

TEST(indent_dedent) {
  ASSERT_STR("if NAME(x) ':' NEWLINE INDENT NAME(y) NEWLINE DEDENT NAME(z) NEWLINE", toks("if x:\n  y\nz\n"));
}

TEST(multiple_dedents) {
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT if NAME(b) ':' NEWLINE INDENT NAME(c) NEWLINE DEDENT DEDENT "
             "NAME(d) NEWLINE",
             toks("if a:\n if b:\n  c\nd\n"));
}

TEST(dedents_at_eof) {
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT if NAME(b) ':' NEWLINE INDENT NAME(c) NEWLINE DEDENT DEDENT",
             toks("if a:\n if b:\n  c"));
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT NAME(b) NEWLINE DEDENT", toks("if a:\n    b\n    \n  "));
}

TEST(partial_dedent) {
  ASSERT_STR("NAME(a) NEWLINE INDENT NAME(b) NEWLINE INDENT NAME(c) NEWLINE DEDENT NAME(d) NEWLINE DEDENT "
             "NAME(e) NEWLINE",
             toks("a\n  b\n    c\n  d\ne\n"));
}

TEST(blank_and_comment_lines) {
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT NAME(b) NEWLINE NAME(e) NEWLINE DEDENT",
             toks("if a:\n    b\n\n  # c\n        # d\n\t\n    e\n"));
}

TEST(brackets_span_lines) {
  ASSERT_STR("NAME(x) '=' '(' INT(1) ',' INT(2) ')' NEWLINE NAME(y) NEWLINE", toks("x = (1,\n\n  2)\ny\n"));
  ASSERT_STR("NAME(f) '(' '[' '{' INT(1) '}' ']' ')' NEWLINE", toks("f([{\n1\n}\n]\n)\n"));
  ASSERT_STR("NAME(x) '=' '[' INT(1) ']' NEWLINE", toks("x = [  # comment\n      1]\n"));
}

TEST(backslash_continuation) {
  ASSERT_STR("NAME(x) '=' INT(1) '+' INT(2) NEWLINE", toks("x = 1 + \\\n  2\n"));
  ASSERT_STR("NAME(x) '=' INT(1) '+' INT(2) NEWLINE", toks("x = 1 + \\\r\n  2\r\n"));
  ASSERT_STR("NAME(x) LEXERROR NAME(y) NEWLINE", toks("x \\ y\n"));
  ASSERT_STR("<test>:1:3: error: unexpected character after line continuation character\n"
             "x \\ y\n"
             "  ^\n",
             errors());
}

TEST(crlf_and_cr) {
  ASSERT_STR("if NAME(x) ':' NEWLINE INDENT NAME(y) NEWLINE DEDENT NAME(z) NEWLINE", toks("if x:\r\n  y\r\nz"));
  ASSERT_STR("NAME(a) NEWLINE NAME(b) NEWLINE", toks("a\rb\r"));
}

TEST(tabs) {
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT NAME(b) NEWLINE NAME(c) NEWLINE DEDENT", toks("if a:\n\tb\n\tc\n"));
  /* four spaces and a tab reach column 8, as a tab does: same level,
   * but CPython's second tab size tells them apart */
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT NAME(b) NEWLINE NAME(c) NEWLINE DEDENT", toks("if a:\n\tb\n    \tc\n"));
  ASSERT_STR("<test>:3:9: error: inconsistent use of tabs and spaces in indentation\n"
             "        c\n"
             "        ^\n",
             errors());
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT NAME(b) NEWLINE DEDENT", toks("if a:\n \f  b\n"));
  ASSERT_STR("", errors());
}

TEST(inconsistent_indent_up) {
  toks("if a:\n        b\n        if c:\n\t d\n");
  ASSERT_STR("<test>:4:10: error: inconsistent use of tabs and spaces in indentation\n"
             "         d\n"
             "         ^\n",
             errors());
}

TEST(unindent_mismatch) {
  /* the bad line stays in the enclosing block (a phantom level) */
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT NAME(b) NEWLINE DEDENT NAME(c) NEWLINE NAME(d) NEWLINE NAME(e) NEWLINE",
             toks("if a:\n    b\n  c\n  d\ne\n"));
  ASSERT_STR("<test>:3:3: error: unindent does not match any outer indentation level\n"
             "  c\n"
             "  ^\n",
             errors());
}

TEST(too_deep_indentation) {
  Buf b = {0};
  for (int i = 0; i < 105; i++) {
    for (int j = 0; j < i; j++) buf_putc(&b, ' ');
    buf_puts(&b, "if x:\n");
  }
  toks(b.data);
  buf_free(&b);
  ASSERT(strstr(errors(), "error: too many levels of indentation") != NULL);
}

TEST(first_line_indented) {
  ASSERT_STR("INDENT NAME(x) NEWLINE DEDENT", toks("  x\n"));
}

/* ---- names, keywords, operators ----------------------------------------- */

TEST(keywords_and_names) {
  ASSERT_STR("if NAME(iffy) not in is NAME(_x1) None True False NEWLINE", toks("if iffy not in is _x1 None True False"));
  ASSERT_STR("NAME(π) '=' NAME(données) NEWLINE", toks("π = données"));
  ASSERT_STR("NAME(x) '=' LEXERROR NEWLINE", toks("x = a–b"));
  ASSERT_STR("<test>:1:6: error: invalid character '–' (U+2013)\n"
             "x = a–b\n"
             "     ^\n",
             errors());
}

TEST(operators) {
  ASSERT_STR("'==' '!=' '<=' '>=' '<<' '>>' '**' '//' '->' ':=' '...' '<' '>' '@' '~' '.' ';' NEWLINE",
             toks("== != <= >= << >> ** // -> := ... < > @ ~ . ;"));
  ASSERT_STR("AUGASSIGN(+=) AUGASSIGN(-=) AUGASSIGN(*=) AUGASSIGN(@=) AUGASSIGN(/=) AUGASSIGN(//=) "
             "AUGASSIGN(%=) AUGASSIGN(**=) AUGASSIGN(<<=) AUGASSIGN(>>=) AUGASSIGN(|=) AUGASSIGN(^=) "
             "AUGASSIGN(&=) NEWLINE",
             toks("+= -= *= @= /= //= %= **= <<= >>= |= ^= &="));
}

TEST(bad_characters) {
  ASSERT_STR("NAME(x) '=' LEXERROR NEWLINE", toks("x = $\n"));
  ASSERT_STR("<test>:1:5: error: invalid character '$' (U+0024)\nx = $\n    ^\n", errors());
  ASSERT_STR("LEXERROR NEWLINE", toks("!"));
  toks("x = \x01\n");
  ASSERT(strstr(errors(), "error: invalid non-printable character U+0001") != NULL);
  toks("x = \xff\n");
  ASSERT(strstr(errors(), "error: invalid UTF-8 byte '\\xff' (msc reads source files as UTF-8)") != NULL);
}

TEST(null_byte) {
  SrcFile *f = src_new("<nul>", xstrndup("x\0y\n", 4), 4);
  char *e = NULL;
  size_t n = 0;
  FILE *m = open_memstream(&e, &n);
  diag_set_stream(m);
  Arena *a = arena_new();
  Node *mod = parse_file(f, a);
  fclose(m);
  diag_set_stream(NULL);
  ASSERT(mod == NULL);
  ASSERT_STR("<nul>:1:2: error: source code cannot contain null bytes\nx y\n ^\n", e);
  free(e);
  arena_free(a);
  src_free(f);
}

TEST(match_soft_keyword) {
  ASSERT_STR("MATCH_STMT NEWLINE NAME(match) '=' INT(1) NEWLINE NAME(match) '(' NAME(x) ')' NEWLINE",
             toks("match x:\n    case 1:\n        pass\nmatch = 1\nmatch(x)\n"));
  ASSERT_STR("if NAME(a) ':' NEWLINE INDENT MATCH_STMT NEWLINE DEDENT NAME(b) NEWLINE",
             toks("if a:\n    match (x, y):  # c\n        case _:\n            pass\nb\n"));
  ASSERT_STR("MATCH_STMT NEWLINE", toks("match x:\n"));
  ASSERT_STR("NAME(match) ':' NAME(int) NEWLINE", toks("match: int\n"));
}

/* ---- brackets ------------------------------------------------------------ */

TEST(bracket_errors) {
  ASSERT_STR("NAME(x) '=' INT(1) LEXERROR NEWLINE", toks("x = 1)\n"));
  ASSERT_STR("<test>:1:6: error: unmatched ')'\nx = 1)\n     ^\n", errors());
  /* a mismatched closer is reported and taken as the right one */
  ASSERT_STR("'[' INT(1) ']' NEWLINE", toks("[1)\n"));
  ASSERT_STR("<test>:1:3: error: closing parenthesis ')' does not match opening parenthesis '['\n"
             "[1)\n"
             "  ^\n",
             errors());
  ASSERT_STR("'(' '[' INT(1) ']' LEXERROR NEWLINE", toks("([1]\n"));
  ASSERT_STR("<test>:1:1: error: '(' was never closed\n([1]\n^\n", errors());
}

TEST(bracket_mismatch_other_line) {
  toks("x = (1,\n  2]\n");
  ASSERT_STR("<test>:2:4: error: closing parenthesis ']' does not match opening parenthesis '(' on line 1\n"
             "  2]\n"
             "   ^\n"
             "<test>:1:5: note: to close '(' at line 1\n"
             "x = (1,\n"
             "    ^\n",
             errors());
}

TEST(too_many_brackets) {
  Buf b = {0};
  for (int i = 0; i < 250; i++) buf_putc(&b, '(');
  char *t = toks(b.data);
  buf_free(&b);
  ASSERT(strstr(errors(), ":1:201: error: too many nested parentheses") != NULL);
  ASSERT(strstr(t, "LEXERROR") != NULL);
}

/* ---- numbers -------------------------------------------------------------- */

TEST(integers) {
  ASSERT_STR("INT(0) INT(0) INT(7) INT(1000) INT(31) INT(15) INT(5) INT(255) NEWLINE",
             toks("0 0_0 7 1_000 0x1F 0o17 0b101 0XF_F"));
  ASSERT_STR("INT(9223372036854775807) NEWLINE", toks("9223372036854775807"));
  ASSERT_STR("", errors());
}

TEST(floats) {
  ASSERT_STR("FLOAT(1) FLOAT(0.5) FLOAT(0.001) FLOAT(1000.5) FLOAT(100000) FLOAT(150) FLOAT(2.5) NEWLINE",
             toks("1. .5 1e-3 1_000.5 1E5 1.5e+2 2_5e-1"));
}

TEST(imaginary) {
  ASSERT_STR("FLOAT(3j) FLOAT(1.5j) FLOAT(0j) FLOAT(1000j) FLOAT(0.002j) NEWLINE", toks("3j 1.5J 0j 1_000j 2e-3j"));
  ASSERT_STR("", errors());
}

TEST(bad_numbers) {
  toks("012");
  ASSERT(strstr(errors(), "error: leading zeros in decimal integer literals are not permitted") != NULL);
  toks("1__0");
  ASSERT(strstr(errors(), "error: invalid decimal literal") != NULL);
  toks("1_");
  ASSERT(strstr(errors(), "error: invalid decimal literal") != NULL);
  toks("1e");
  ASSERT(strstr(errors(), "error: invalid decimal literal") != NULL);
  toks("0b12");
  ASSERT(strstr(errors(), "error: invalid digit '2' in binary literal") != NULL);
  toks("0o8");
  ASSERT(strstr(errors(), "error: invalid digit '8' in octal literal") != NULL);
  toks("0x");
  ASSERT(strstr(errors(), "error: invalid hexadecimal literal") != NULL);
  toks("0xfg");
  ASSERT(strstr(errors(), "error: invalid hexadecimal literal") != NULL);
  toks("0b");
  ASSERT(strstr(errors(), "error: invalid binary literal") != NULL);
  toks("3jk");
  ASSERT(strstr(errors(), "error: invalid imaginary literal") != NULL);
  toks("1.5J_");
  ASSERT(strstr(errors(), "error: invalid imaginary literal") != NULL);
  toks("18446744073709551616");
  ASSERT(strstr(errors(), "error: integer literal is too large (msc integers are 64-bit)") != NULL);
  toks("0x8000000000000000");
  ASSERT(strstr(errors(), "error: integer literal is too large (msc integers are 64-bit)") != NULL);
}

/* ---- strings --------------------------------------------------------------- */

TEST(string_quotes_and_prefixes) {
  ASSERT_STR("STRING(\"a\") STRING(\"b\") STRING(\"c\\nd\") STRING(\"e\") STRING(\"\") STRING(\"it's\") NEWLINE",
             toks("'a' \"b\" '''c\nd''' \"\"\"e\"\"\" '' \"it's\""));
  ASSERT_STR("STRING(\"x\") STRING(\"y\") STRING(\"\\\\n\") STRING(\"\\\\d\") NEWLINE", toks("u'x' U\"y\" r'\\n' R\"\\d\""));
  ASSERT_STR("STRING(\"a\\\"b\") STRING(\"a\\\\'b\") NEWLINE", toks("'a\"b' r'a\\'b'"));
}

TEST(string_escapes) {
  ASSERT_STR("STRING(\"\\n\\x09\\\\'\\\"\\x07\\x08\\x0c\\x0b\\x0d\") NEWLINE", toks("'\\n\\t\\\\\\'\\\"\\a\\b\\f\\v\\r'"));
  ASSERT_STR("STRING(\"\\x00A\\x08AÿA\") NEWLINE", toks("'\\0\\101\\10\\x41\\xff\\u0041'"));
  ASSERT_STR("STRING(\"é€😀\") NEWLINE", toks("'\\u00e9\\u20AC\\U0001F600'"));
  ASSERT_STR("STRING(\"ab\") NEWLINE", toks("'a\\\nb'"));
  ASSERT_STR("STRING(\"\\\\d\\\\w\") NEWLINE", toks("'\\d\\w'"));
  ASSERT_STR("STRING(\"•°\") NEWLINE", toks("'\\N{BULLET}\\N{degree sign}'"));
  ASSERT_STR("STRING(\"a\\nb\") NEWLINE", toks("'''a\r\nb'''"));
  ASSERT_STR("", errors());
}

TEST(string_escape_errors) {
  toks("'\\x4'");
  ASSERT(strstr(errors(), "error: truncated \\xXX escape") != NULL);
  toks("'\\u12'");
  ASSERT(strstr(errors(), "error: truncated \\uXXXX escape") != NULL);
  toks("'\\U1234'");
  ASSERT(strstr(errors(), "error: truncated \\UXXXXXXXX escape") != NULL);
  toks("'\\U00110000'");
  ASSERT(strstr(errors(), "error: illegal Unicode character") != NULL);
  toks("'\\N{NO SUCH NAME}'");
  ASSERT(strstr(errors(), "error: unknown Unicode character name") != NULL);
  toks("'\\Nx'");
  ASSERT(strstr(errors(), "error: malformed \\N character escape") != NULL);
  toks("'a\xff'");
  ASSERT(strstr(errors(), "error: invalid UTF-8 byte '\\xff'") != NULL);
  toks("b'x\xc3\xa9'");
  ASSERT(strstr(errors(), "error: bytes can only contain ASCII literal characters") != NULL);
}

TEST(unterminated_strings) {
  ASSERT_STR("NAME(s) '=' LEXERROR NEWLINE NAME(t) NEWLINE", toks("s = 'abc\nt\n"));
  ASSERT_STR("<test>:1:5: error: unterminated string literal (detected at line 1)\ns = 'abc\n    ^\n", errors());
  ASSERT_STR("NAME(s) '=' LEXERROR NEWLINE", toks("s = \"\"\"abc\n\nd\n"));
  ASSERT_STR("<test>:1:5: error: unterminated triple-quoted string literal (detected at line 3)\n"
             "s = \"\"\"abc\n"
             "    ^\n",
             errors());
  toks("s = f'ab\\");
  ASSERT(strstr(errors(), "1:5: error: unterminated string literal (detected at line 1)") != NULL);
}

/* ---- f-strings ------------------------------------------------------------- */

TEST(fstring_pieces) {
  ASSERT_STR("STRING(f[\"a\" {Name b} \"c\"]) NEWLINE", toks("f'a{b}c'"));
  ASSERT_STR("STRING(f[{Name x!r} {Name y!s} {Name z!a}]) NEWLINE", toks("f'{x!r}{y!s}{z!a}'"));
  ASSERT_STR("STRING(f[\"{x}\"]) NEWLINE", toks("f'{{x}}'"));
  ASSERT_STR("STRING(f[{Name loss:f[\">7f\"]} \"  [\" {Name i:f[\">3d\"]} \"/\" {Name n:f[\">3d\"]} \"]\"]) NEWLINE",
             toks("f\"{loss:>7f}  [{i:>3d}/{n:>3d}]\""));
  ASSERT_STR("STRING(f[{Name x:f[\">\" {Name w} \".\" {Name p} \"f\"]}]) NEWLINE", toks("f'{x:>{w}.{p}f}'"));
  ASSERT_STR("STRING(f[\"x = \" {Name x!r}]) NEWLINE", toks("f'{x = }'"));
  ASSERT_STR("STRING(f[\"x=\" {Name x:f[\".2f\"]}]) NEWLINE", toks("f'{x=:.2f}'"));
  ASSERT_STR("STRING(f[{Compare}]) NEWLINE", toks("f'{a != b}'"));
  ASSERT_STR("STRING(f[{Subscript}]) NEWLINE", toks("f'{d[\"k\"]}'"));
  ASSERT_STR("STRING(f[\"a\\n\" {Name b}]) STRING(f[\"\\\\n\"]) NEWLINE", toks("f'a\\n{b}' rf'\\n'"));
  ASSERT_STR("STRING(f[\"\\\\\" {Name x}]) NEWLINE", toks("f'\\{x}'"));
  ASSERT_STR("", errors());
}

TEST(fstring_errors) {
  toks("f'{}'");
  ASSERT(strstr(errors(), "1:3: error: f-string: empty expression not allowed") != NULL);
  toks("f'{x!q}'");
  ASSERT(strstr(errors(), "error: f-string: invalid conversion character: expected 's', 'r', or 'a'") != NULL);
  toks("f'{x'");
  ASSERT(strstr(errors(), "error: f-string: expecting '}'") != NULL);
  toks("f'{x!r'");
  ASSERT(strstr(errors(), "error: f-string: expecting '}'") != NULL);
  toks("f'}'");
  ASSERT(strstr(errors(), "error: f-string: single '}' is not allowed") != NULL);
  toks("f'{a\\n}'");
  ASSERT(strstr(errors(), "error: f-string expression part cannot include a backslash") != NULL);
  toks("f'{a#}'");
  ASSERT(strstr(errors(), "error: f-string expression part cannot include '#'") != NULL);
  toks("f'{a)}'");
  ASSERT(strstr(errors(), "error: f-string: unmatched ')'") != NULL);
  toks("f'{a(}'");
  ASSERT(strstr(errors(), "error: f-string: closing parenthesis '}' does not match opening parenthesis '('") != NULL);
  toks("f'{a[(}'");
  ASSERT(strstr(errors(), "error: f-string: closing parenthesis '}' does not match opening parenthesis '('") != NULL);
  toks("f'{(a'");
  ASSERT(strstr(errors(), "error: f-string: unmatched '('") != NULL);
  toks("f'{\"a}'");
  ASSERT(strstr(errors(), "error: f-string: unterminated string") != NULL);
  toks("f'{a:{b:{c}}}'");
  ASSERT(strstr(errors(), "error: f-string: expressions nested too deeply") != NULL);
  toks("f'{a b}'");
  ASSERT(strstr(errors(), "1:6: error: f-string: invalid syntax. Perhaps you forgot a comma?") != NULL);
}

UNIT_MAIN()
