/* atomic_out.h — all-or-nothing output: every file msc writes (msc compile's
 * library, np.save/np.savez; later the checkpoint and MindIR writers) goes
 * through this one small API, so that an error, or a signal, never leaves
 * a partial file, a temporary, or a mix of old and new files.
 *
 *   AtomicOut *o = aout_begin("out", true, err, sizeof err);  // staging
 *   FILE *f = aout_open(o, "model.c", err, sizeof err);       // in staging
 *   fputs(text, f);                                           // (no fclose)
 *   if (!aout_commit(o, err, sizeof err)) ...                 // or aout_abort(o)
 *
 * aout_begin makes a staging directory: DIR/.msc-staging.XXXXXX when DIR
 * exists, else (create) a sibling PARENT/.NAME.msc-staging.XXXXXX that
 * becomes DIR. aout_open creates a file there. aout_commit closes every
 * file (a write error fails the commit), then puts each in place by rename,
 * in one critical section (a termination signal arriving then is acted on
 * after it, so a commit is never cut in half): each old DIR/NAME is
 * first kept as a hard link in staging, so that a failed rename puts every
 * old file back (and removes the new ones that had none). Commit and abort
 * remove the staging directory and free o; either way o is gone.
 *
 * While a staging directory exists, SIGINT, SIGTERM, SIGHUP and SIGQUIT
 * remove it (and its files) before the process dies of the signal, as it
 * would have (the handler is installed at the first aout_begin and chains
 * nothing: msc has no other handler of these signals).
 *
 * Errors: false (or NULL) with errno set and a one-line message naming the
 * path in err.
 */
#ifndef MSC_SERIAL_ATOMIC_OUT_H
#define MSC_SERIAL_ATOMIC_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct AtomicOut AtomicOut;

/* Starts an all-or-nothing write into directory dir; create: make dir when
 * it does not exist (its parent must), else that is an error (ENOENT). */
AtomicOut *aout_begin(const char *dir, bool create, char *err, size_t errcap);
/* A new file `name` (a plain name, no '/') in staging, open for writing. */
FILE *aout_open(AtomicOut *o, const char *name, char *err, size_t errcap);
/* Replaces dir's files by the staged ones, all or none. */
bool aout_commit(AtomicOut *o, char *err, size_t errcap);
/* Drops everything staged; dir is untouched. */
void aout_abort(AtomicOut *o);

/* One file, all or nothing (np.save): path's directory must exist. */
bool aout_write_file(const char *path, const void *data, size_t n, char *err, size_t errcap);

/* With true, aout_begin refuses (EPERM): the fuzz targets write nothing. */
void aout_deny_writes(bool deny);

#endif
