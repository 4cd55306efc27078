/* diag.h — source files, locations and diagnostics, used by every stage.
 *
 * Output format (GNU Coding Standards 4.4, as GCC/Clang print it):
 *
 *   model.py:12:9: error: expected ':' after 'if' condition
 *       if x > 1
 *               ^
 *   model.py:3:5: note: to close '(' at line 3
 *
 * Lines and columns are 1-based. Columns count display cells: a tab advances
 * to the next multiple of 8, and the quoted source line is printed with its
 * tabs expanded so the caret lines up. A span [beg, end) gets '^' under beg
 * and '~' under the rest of the span on the same line.
 *
 * Locations are byte offsets into the file; line and column are computed
 * from a line map only when a diagnostic is printed.
 */
#ifndef MSC_DIAG_H
#define MSC_DIAG_H

#include "util.h"

typedef struct SrcFile {
  char *name;      /* as given on the command line ("<stdin>" for -) */
  char *text;      /* NUL-terminated; may contain NUL bytes before len */
  size_t len;
  uint32_t *line_off; /* byte offset of the start of each line */
  int nlines;
} SrcFile;

/* A half-open byte range in one file. file may be NULL (no location). */
typedef struct Loc {
  SrcFile *file;
  uint32_t beg, end;
} Loc;

/* Takes ownership of text (malloc'd, NUL-terminated at len). */
SrcFile *src_new(const char *name, char *text, size_t len);
/* Loads a file ("-" = stdin); NULL with errno set on failure. */
SrcFile *src_load(const char *path);
/* The error of a failed src_load (past the script-bytes limit, or errno). */
void src_load_failed(const char *path);
void src_free(SrcFile *f);
/* 1-based line and display column of byte offset off. */
void src_linecol(const SrcFile *f, uint32_t off, int *line, int *col);
int src_line(const SrcFile *f, uint32_t off);
Loc loc_span(Loc a, Loc b); /* from a.beg to b.end */

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

/* Prints one diagnostic (with source line and caret when loc.file is set). */
void diag_emit(DiagLevel level, Loc loc, const char *fmt, ...) MSC_PRINTF(3, 4);
void diag_vemit(DiagLevel level, Loc loc, const char *fmt, va_list ap);
/* A diagnostic with no location: "msc: error: message". */
void diag_plain(DiagLevel level, const char *fmt, ...) MSC_PRINTF(2, 3);

/* Number of errors emitted so far (warnings and notes excluded). */
int diag_error_count(void);
void diag_reset(void);
/* Output stream; default stderr. Unit tests redirect it to a memstream. */
void diag_set_stream(void *file /* FILE* */);

#endif
