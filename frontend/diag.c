/* diag.c — see diag.h for the output format. */
#include "diag.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limits.h"

static FILE *diag_out;
static int nerrors;

void diag_set_stream(void *file) { diag_out = file; }
int diag_error_count(void) { return nerrors; }
void diag_reset(void) { nerrors = 0; }

static FILE *out(void) { return diag_out ? diag_out : stderr; }

SrcFile *src_new(const char *name, char *text, size_t len) {
  SrcFile *f = xcalloc(1, sizeof *f);
  f->name = xstrdup(name);
  f->text = text;
  f->len = len;
  int cap = 64;
  f->line_off = xmalloc(sizeof(uint32_t) * (size_t)cap);
  f->line_off[f->nlines++] = 0;
  for (size_t i = 0; i < len; i++) {
    if (text[i] != '\n' && !(text[i] == '\r' && (i + 1 >= len || text[i + 1] != '\n'))) continue;
    if (i + 1 > UINT32_MAX) break;
    if (f->nlines == cap) {
      cap *= 2;
      f->line_off = xrealloc(f->line_off, sizeof(uint32_t) * (size_t)cap);
    }
    f->line_off[f->nlines++] = (uint32_t)(i + 1);
  }
  return f;
}

SrcFile *src_load(const char *path) {
  size_t len;
  char *text = read_file_max(path, (size_t)limit_get(LIM_SCRIPT_BYTES), &len);
  if (!text) return NULL;
  return src_new(strcmp(path, "-") == 0 ? "<stdin>" : path, text, len);
}

void src_load_failed(const char *path) {
  if (errno == EFBIG)
    diag_plain(DIAG_ERROR, "cannot read '%s': it is larger than %lld bytes (raise the limit with --limit=script-bytes=N)",
               path, (long long)limit_get(LIM_SCRIPT_BYTES));
  else diag_plain(DIAG_ERROR, "cannot read '%s': %s", path, strerror(errno));
}

void src_free(SrcFile *f) {
  if (!f) return;
  free(f->name);
  free(f->text);
  free(f->line_off);
  free(f);
}

/* Index of the line containing off (binary search over line starts). */
static int line_index(const SrcFile *f, uint32_t off) {
  int lo = 0, hi = f->nlines - 1;
  while (lo < hi) {
    int mid = (lo + hi + 1) / 2;
    if (f->line_off[mid] <= off) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

static size_t line_end(const SrcFile *f, int li) {
  size_t e = f->line_off[li];
  while (e < f->len && f->text[e] != '\n' && f->text[e] != '\r') e++;
  return e;
}

/* Display width of bytes [from, to) starting at display column col0 (0-based).
 * UTF-8 continuation bytes take no cell; tabs go to the next multiple of 8. */
static int advance(const char *s, size_t from, size_t to, int col0) {
  int col = col0;
  for (size_t i = from; i < to; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '\t') col = (col / 8 + 1) * 8;
    else if ((c & 0xC0) != 0x80) col++;
  }
  return col;
}

int src_line(const SrcFile *f, uint32_t off) { return line_index(f, off) + 1; }

void src_linecol(const SrcFile *f, uint32_t off, int *line, int *col) {
  if (off > f->len) off = (uint32_t)f->len;
  int li = line_index(f, off);
  *line = li + 1;
  *col = advance(f->text, f->line_off[li], off, 0) + 1;
}

Loc loc_span(Loc a, Loc b) {
  Loc l = a;
  if (b.file == a.file && b.end > l.end) l.end = b.end;
  return l;
}

static const char *level_name(DiagLevel l) {
  switch (l) {
  case DIAG_ERROR: return "error";
  case DIAG_WARNING: return "warning";
  case DIAG_NOTE: return "note";
  }
  return "?";
}

/* Prints the source line of loc with tabs expanded, then the caret line. */
static void print_excerpt(FILE *o, Loc loc) {
  const SrcFile *f = loc.file;
  uint32_t beg = loc.beg > f->len ? (uint32_t)f->len : loc.beg;
  int li = line_index(f, beg);
  size_t ls = f->line_off[li], le = line_end(f, li);
  int col = 0;
  for (size_t i = ls; i < le; i++) {
    char c = f->text[i];
    if (c == '\t') {
      int next = (col / 8 + 1) * 8;
      while (col < next) fputc(' ', o), col++;
    } else {
      fputc(c ? c : ' ', o);
      if (((unsigned char)c & 0xC0) != 0x80) col++;
    }
  }
  fputc('\n', o);
  int c0 = advance(f->text, ls, beg, 0);
  size_t end = loc.end > le ? le : loc.end;
  int c1 = end > beg ? advance(f->text, beg, end, c0) : c0 + 1;
  if (c1 <= c0) c1 = c0 + 1;
  for (int i = 0; i < c0; i++) fputc(' ', o);
  fputc('^', o);
  for (int i = c0 + 1; i < c1; i++) fputc('~', o);
  fputc('\n', o);
}

void diag_vemit(DiagLevel level, Loc loc, const char *fmt, va_list ap) {
  FILE *o = out();
  fflush(stdout);
  if (level == DIAG_ERROR) nerrors++;
  if (loc.file) {
    int line, col;
    src_linecol(loc.file, loc.beg, &line, &col);
    fprintf(o, "%s:%d:%d: %s: ", loc.file->name, line, col, level_name(level));
  } else {
    fprintf(o, "msc: %s: ", level_name(level));
  }
  vfprintf(o, fmt, ap);
  fputc('\n', o);
  if (loc.file) print_excerpt(o, loc);
  fflush(o);
}

void diag_emit(DiagLevel level, Loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(level, loc, fmt, ap);
  va_end(ap);
}

void diag_plain(DiagLevel level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Loc none = {0};
  diag_vemit(level, none, fmt, ap);
  va_end(ap);
}
