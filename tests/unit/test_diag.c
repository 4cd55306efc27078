/* test_diag.c — the diagnostics module (frontend/diag.c): "file:line:col:
 * level: message", the quoted source line with tabs expanded, the caret and
 * tilde span, notes and warnings, the no-location form, the error count. */
#include <stdio.h>
#include <stdlib.h>

#include "frontend/diag.h"
#include "tests/unit/unit.h"

static char *out_buf;
static size_t out_len;
static FILE *out;

static void begin(void) {
  free(out_buf);
  out_buf = NULL;
  out = open_memstream(&out_buf, &out_len);
  diag_set_stream(out);
}

static const char *end(void) {
  fclose(out);
  diag_set_stream(NULL);
  return out_buf;
}

static SrcFile *file(const char *text) {
  size_t n = strlen(text);
  return src_new("m.py", xstrndup(text, n), n);
}

static Loc at(SrcFile *f, uint32_t beg, uint32_t endoff) {
  Loc l = {f, beg, endoff};
  return l;
}

TEST(line_and_column) {
  SrcFile *f = file("x = 1\nif x > 1\n    pass\n");
  begin();
  diag_emit(DIAG_ERROR, at(f, 14, 14), "expected '%c'", ':');
  ASSERT_STR("m.py:2:9: error: expected ':'\n"
             "if x > 1\n"
             "        ^\n",
             end());
  src_free(f);
}

TEST(span_gets_tildes) {
  SrcFile *f = file("y = foo(1) + 2\n");
  begin();
  diag_emit(DIAG_ERROR, at(f, 4, 10), "cannot assign to function call");
  ASSERT_STR("m.py:1:5: error: cannot assign to function call\n"
             "y = foo(1) + 2\n"
             "    ^~~~~~\n",
             end());
  src_free(f);
}

TEST(span_stops_at_line_end) {
  SrcFile *f = file("x = (1,\n     2)\n");
  begin();
  diag_emit(DIAG_ERROR, at(f, 4, 15), "span");
  ASSERT_STR("m.py:1:5: error: span\n"
             "x = (1,\n"
             "    ^~~\n",
             end());
  src_free(f);
}

TEST(tabs_expand_to_eight) {
  SrcFile *f = file("if a:\n\tb = 1\n\t  \tc\n");
  begin();
  diag_emit(DIAG_ERROR, at(f, 7, 8), "at b");
  diag_emit(DIAG_ERROR, at(f, 17, 18), "at c");
  ASSERT_STR("m.py:2:9: error: at b\n"
             "        b = 1\n"
             "        ^\n"
             "m.py:3:17: error: at c\n"
             "                c\n"
             "                ^\n",
             end());
  src_free(f);
}

TEST(utf8_counts_characters) {
  SrcFile *f = file("s = 'é€' + x\n");
  begin();
  diag_emit(DIAG_ERROR, at(f, 4, 11), "str");
  diag_emit(DIAG_ERROR, at(f, 14, 15), "x");
  ASSERT_STR("m.py:1:5: error: str\n"
             "s = 'é€' + x\n"
             "    ^~~~\n"
             "m.py:1:12: error: x\n"
             "s = 'é€' + x\n"
             "           ^\n",
             end());
  src_free(f);
}

TEST(notes_and_warnings) {
  SrcFile *f = file("x = (1,\n  2]\n");
  diag_reset();
  begin();
  diag_emit(DIAG_ERROR, at(f, 11, 12), "closing parenthesis ']' does not match opening parenthesis '(' on line 1");
  diag_emit(DIAG_NOTE, at(f, 4, 5), "to close '(' at line %d", 1);
  diag_emit(DIAG_WARNING, at(f, 0, 1), "unused");
  ASSERT_STR("m.py:2:4: error: closing parenthesis ']' does not match opening parenthesis '(' on line 1\n"
             "  2]\n"
             "   ^\n"
             "m.py:1:5: note: to close '(' at line 1\n"
             "x = (1,\n"
             "    ^\n"
             "m.py:1:1: warning: unused\n"
             "x = (1,\n"
             "^\n",
             end());
  ASSERT_INT(1, diag_error_count()); /* notes and warnings do not count */
  diag_reset();
  ASSERT_INT(0, diag_error_count());
  src_free(f);
}

TEST(no_location) {
  begin();
  diag_plain(DIAG_ERROR, "cannot read '%s'", "nope.py");
  diag_plain(DIAG_NOTE, "a note");
  ASSERT_STR("msc: error: cannot read 'nope.py'\nmsc: note: a note\n", end());
}

TEST(end_of_file) {
  SrcFile *f = file("if x:\n");
  begin();
  diag_emit(DIAG_ERROR, at(f, 6, 6), "at eof");
  ASSERT_STR("m.py:2:1: error: at eof\n\n^\n", end());
  src_free(f);
  f = file("x = (");
  begin();
  diag_emit(DIAG_ERROR, at(f, 5, 5), "no newline");
  ASSERT_STR("m.py:1:6: error: no newline\nx = (\n     ^\n", end());
  src_free(f);
}

TEST(crlf_lines) {
  SrcFile *f = file("a = 1\r\nb = $\r\n");
  begin();
  diag_emit(DIAG_ERROR, at(f, 11, 12), "bad");
  ASSERT_STR("m.py:2:5: error: bad\nb = $\n    ^\n", end());
  ASSERT_INT(2, src_line(f, 11));
  int line, col;
  src_linecol(f, 7, &line, &col);
  ASSERT_INT(2, line);
  ASSERT_INT(1, col);
  src_free(f);
}

TEST(loc_span) {
  SrcFile *f = file("abc\n");
  Loc a = at(f, 0, 1), b = at(f, 2, 3);
  Loc s = loc_span(a, b);
  ASSERT_INT(0, s.beg);
  ASSERT_INT(3, s.end);
  s = loc_span(b, a); /* never shrinks */
  ASSERT_INT(2, s.beg);
  ASSERT_INT(3, s.end);
  src_free(f);
}

UNIT_MAIN()
