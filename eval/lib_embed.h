/* lib_embed.h — the lib/ tree embedded into msc at build time.
 *
 * scripts/embed-lib.py writes $(O)/lib_embed.c with one entry per .py file
 * under lib/: its path relative to lib/ ("mindspore/nn/__init__.py") and its
 * source text. modules.c imports from this table (or from $MSC_LIB_PATH on
 * disk when that is set).
 */
#ifndef MSC_LIB_EMBED_H
#define MSC_LIB_EMBED_H

#include <stddef.h>

typedef struct LibFile {
  const char *path; /* relative to lib/, '/'-separated */
  const char *text; /* NUL-terminated source */
  size_t len;       /* bytes, excluding the NUL */
} LibFile;

extern const LibFile msc_lib_files[];
extern const int msc_lib_nfiles;

#endif
