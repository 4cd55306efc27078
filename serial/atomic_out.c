/* atomic_out.c — see atomic_out.h.
 *
 * Signals: the handler may run on the thread that is inside this file (msc
 * blocks SIGINT, SIGTERM, SIGHUP and SIGQUIT in every other thread:
 * driver/main.c), so the registry it reads (active[], each staging's file
 * paths) is only changed inside a critical section: `crit` set, a signal
 * arriving then is remembered in `pending` and acted on when the section
 * ends. A commit is one critical section, so it is never cut in half.
 */
#include "atomic_out.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Staged {
  char *name; /* base name */
  char *path; /* stage/name */
  FILE *f;    /* open until commit */
} Staged;

struct AtomicOut {
  char *dir;   /* the target directory */
  char *stage; /* the staging directory */
  bool fresh;  /* dir did not exist: commit renames stage to dir */
  bool moved;  /* ...which it did: nothing is left to remove */
  int n, cap;
  Staged *files;
};

enum { MAX_ACTIVE = 8 };
static AtomicOut *active[MAX_ACTIVE];
static volatile sig_atomic_t nactive, crit, pending;
static bool deny, installed;
static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

/* Fault injection for the tests (tests/hostile/compile_output.py), from
 * MSC_TEST_AOUT_FAIL: "rename=K" fails the K-th rename of a commit (EIO),
 * "signal=S" raises signal S as a commit starts. */
static int test_fail_rename, test_signal;

static void read_test_hooks(void) {
  const char *h = getenv("MSC_TEST_AOUT_FAIL");
  if (!h) return;
  if (strncmp(h, "rename=", 7) == 0) test_fail_rename = atoi(h + 7);
  else if (strncmp(h, "signal=", 7) == 0) test_signal = atoi(h + 7);
}

static void set_err(char *err, size_t cap, int e, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void set_err(char *err, size_t cap, int e, const char *fmt, ...) {
  if (err && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
  }
  errno = e;
}

/* ---- signals ------------------------------------------------------------------ */

/* Removes every staging directory (async-signal-safe: unlink, rmdir). */
static void remove_all_staging(void) {
  for (int i = 0; i < nactive; i++) {
    AtomicOut *o = active[i];
    for (int k = 0; k < o->n; k++) unlink(o->files[k].path);
    rmdir(o->stage);
  }
  nactive = 0;
}

static void die_of(int sig) {
  remove_all_staging();
  signal(sig, SIG_DFL);
  raise(sig); /* delivered when the handler returns (or now, outside one) */
}

static void on_signal(int sig) {
  if (crit) pending = sig;
  else die_of(sig);
}

static void install(void) {
  if (installed) return;
  installed = true;
  read_test_hooks();
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction old, sa;
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue; /* nohup */
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t k = 0; k < sizeof sigs / sizeof sigs[0]; k++) sigaddset(&sa.sa_mask, sigs[k]);
    sigaction(sigs[i], &sa, NULL);
  }
}

static void enter(void) { crit = 1; }

static void leave(void) {
  crit = 0;
  if (pending) die_of((int)pending);
}

static void unregister(AtomicOut *o) {
  for (int i = 0; i < nactive; i++)
    if (active[i] == o) {
      active[i] = active[nactive - 1];
      nactive--;
      return;
    }
}

/* ---- staging ------------------------------------------------------------------ */

static char *join(const char *a, const char *b) {
  size_t na = strlen(a), nb = strlen(b);
  char *p = malloc(na + nb + 2);
  if (!p) return NULL;
  memcpy(p, a, na);
  p[na] = '/';
  memcpy(p + na + 1, b, nb + 1);
  return p;
}

static void free_out(AtomicOut *o) {
  for (int k = 0; k < o->n; k++) {
    if (o->files[k].f) fclose(o->files[k].f);
    free(o->files[k].name);
    free(o->files[k].path);
  }
  free(o->files);
  free(o->dir);
  free(o->stage);
  free(o);
}

void aout_deny_writes(bool d) { deny = d; }

AtomicOut *aout_begin(const char *dir, bool create, char *err, size_t errcap) {
  if (deny) {
    set_err(err, errcap, EPERM, "cannot write to '%s': writing files is disabled", dir);
    return NULL;
  }
  struct stat st;
  bool exists = stat(dir, &st) == 0;
  if (exists && !S_ISDIR(st.st_mode)) {
    set_err(err, errcap, ENOTDIR, "cannot write to '%s': not a directory", dir);
    return NULL;
  }
  if (!exists && (errno != ENOENT || !create)) {
    int e = errno;
    set_err(err, errcap, e, "cannot write to '%s': %s", dir, strerror(e));
    return NULL;
  }
  AtomicOut *o = calloc(1, sizeof *o);
  size_t dl = strlen(dir);
  char *tmpl = malloc(dl + 40);
  if (!o || !tmpl || !(o->dir = strdup(dir))) {
    free(tmpl);
    if (o) free(o->dir);
    free(o);
    set_err(err, errcap, ENOMEM, "cannot write to '%s': out of memory", dir);
    return NULL;
  }
  while (dl > 1 && o->dir[dl - 1] == '/') o->dir[--dl] = 0;
  if (exists) {
    snprintf(tmpl, dl + 40, "%s/.msc-staging.XXXXXX", o->dir);
  } else {
    /* a sibling: PARENT/.NAME.msc-staging.XXXXXX, renamed to DIR */
    const char *slash = strrchr(o->dir, '/');
    if (slash) snprintf(tmpl, dl + 40, "%.*s/.%s.msc-staging.XXXXXX", (int)(slash - o->dir), o->dir, slash + 1);
    else snprintf(tmpl, dl + 40, ".%s.msc-staging.XXXXXX", o->dir);
    if (slash == o->dir) memmove(tmpl + 1, tmpl, strlen(tmpl) + 1), tmpl[0] = '/'; /* "/name" */
  }
  install();
  enter();
  bool full = nactive == MAX_ACTIVE;
  char *made = full ? NULL : mkdtemp(tmpl);
  int e = errno;
  if (made) {
    o->stage = tmpl;
    o->fresh = !exists;
    active[nactive] = o;
    nactive = nactive + 1;
  }
  leave();
  if (!made) {
    if (full) set_err(err, errcap, EMFILE, "cannot write to '%s': too many outputs at once", dir);
    else if (!exists) set_err(err, errcap, e, "cannot create the output directory '%s': %s", dir, strerror(e));
    else set_err(err, errcap, e, "cannot write to '%s': %s", dir, strerror(e));
    free(tmpl);
    free(o->dir);
    free(o);
    return NULL;
  }
  return o;
}

FILE *aout_open(AtomicOut *o, const char *name, char *err, size_t errcap) {
  if (!*name || strchr(name, '/') || strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
    set_err(err, errcap, EINVAL, "cannot write '%s': not a file name", name);
    return NULL;
  }
  for (int k = 0; k < o->n; k++)
    if (strcmp(o->files[k].name, name) == 0) {
      set_err(err, errcap, EEXIST, "cannot write '%s/%s' twice", o->dir, name);
      return NULL;
    }
  Staged s = {strdup(name), join(o->stage, name), NULL};
  Staged *grown = o->n < o->cap ? o->files : malloc(sizeof *grown * (size_t)(o->cap ? 2 * o->cap : 8));
  if (!s.name || !s.path || !grown) {
    free(s.name);
    free(s.path);
    if (grown != o->files) free(grown);
    set_err(err, errcap, ENOMEM, "cannot write '%s/%s': out of memory", o->dir, name);
    return NULL;
  }
  int fd = open(s.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  int e = errno;
  if (fd >= 0 && !(s.f = fdopen(fd, "w"))) e = errno, close(fd), unlink(s.path);
  if (!s.f) {
    free(s.name);
    free(s.path);
    if (grown != o->files) free(grown);
    set_err(err, errcap, e, "cannot write '%s/%s': %s", o->dir, name, strerror(e));
    return NULL;
  }
  enter();
  if (grown != o->files) {
    if (o->n) memcpy(grown, o->files, sizeof *grown * (size_t)o->n);
    free(o->files);
    o->files = grown;
    o->cap = o->cap ? 2 * o->cap : 8;
  }
  o->files[o->n++] = s;
  leave();
  return s.f;
}

void aout_abort(AtomicOut *o) {
  if (!o) return;
  enter();
  for (int k = 0; k < o->n; k++) {
    if (o->files[k].f) fclose(o->files[k].f);
    o->files[k].f = NULL;
    unlink(o->files[k].path);
  }
  rmdir(o->stage);
  unregister(o);
  leave();
  free_out(o);
}

/* Puts every staged file in place; on failure, puts the old ones back. */
static bool put_in_place(AtomicOut *o, char *err, size_t errcap) {
  if (o->fresh) {
    mode_t um = umask(0);
    umask(um);
    chmod(o->stage, 0777 & ~um);
    if (rename(o->stage, o->dir) == 0) {
      o->moved = true;
      return true;
    }
    int e = errno;
    set_err(err, errcap, e, "cannot create '%s': %s", o->dir, strerror(e));
    return false;
  }
  int n = o->n, done = 0;
  char **fin = calloc((size_t)n + 1, sizeof *fin), **old = calloc((size_t)n + 1, sizeof *old);
  bool ok = fin && old;
  int e = ENOMEM;
  /* keep each existing DIR/NAME as STAGE/NAME.msc-old (a hard link) */
  for (int k = 0; ok && k < n; k++) {
    size_t pl = strlen(o->files[k].path);
    fin[k] = join(o->dir, o->files[k].name);
    old[k] = malloc(pl + 9);
    if (!fin[k] || !old[k]) {
      ok = false;
      break;
    }
    memcpy(old[k], o->files[k].path, pl);
    memcpy(old[k] + pl, ".msc-old", 9);
    if (link(fin[k], old[k]) != 0) {
      free(old[k]);
      old[k] = NULL;
      if (errno != ENOENT) ok = false, e = errno;
    }
  }
  for (; ok && done < n; done++) {
    if (test_fail_rename == done + 1) e = EIO;
    else if (rename(o->files[done].path, fin[done]) == 0) continue;
    else e = errno;
    ok = false;
    break; /* fin[done] is the one that failed */
  }
  if (!ok) {
    /* back out: the renamed files' old versions return (or they go) */
    for (int k = 0; k < done; k++) {
      if (old[k]) rename(old[k], fin[k]);
      else unlink(fin[k]);
    }
    const char *what = fin && done < n && fin[done] ? fin[done] : o->dir;
    set_err(err, errcap, e, "cannot write '%s': %s", what, strerror(e));
  }
  for (int k = 0; fin && old && k < n; k++) {
    if (old[k]) unlink(old[k]);
    free(old[k]);
    free(fin[k]);
  }
  free(fin);
  free(old);
  return ok;
}

bool aout_commit(AtomicOut *o, char *err, size_t errcap) {
  if (test_signal) raise(test_signal); /* the handler removes the staging */
  bool ok = true;
  int e = 0;
  const char *bad = NULL;
  for (int k = 0; k < o->n; k++) {
    FILE *f = o->files[k].f;
    o->files[k].f = NULL;
    if ((ferror(f) || fflush(f) != 0) && ok) ok = false, e = errno ? errno : EIO, bad = o->files[k].name;
    if (fclose(f) != 0 && ok) ok = false, e = errno, bad = o->files[k].name;
  }
  if (!ok) {
    set_err(err, errcap, e, "cannot write '%s/%s': %s", o->dir, bad, strerror(e));
    aout_abort(o);
    errno = e;
    return false;
  }
  enter();
  ok = put_in_place(o, err, errcap);
  e = errno;
  if (!o->moved) {
    for (int k = 0; k < o->n; k++) unlink(o->files[k].path);
    rmdir(o->stage);
  }
  unregister(o);
  leave();
  free_out(o);
  errno = e;
  return ok;
}

bool aout_write_file(const char *path, const void *data, size_t n, char *err, size_t errcap) {
  const char *slash = strrchr(path, '/');
  char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path)) : strdup(".");
  if (!dir) {
    set_err(err, errcap, ENOMEM, "cannot write '%s': out of memory", path);
    return false;
  }
  AtomicOut *o = aout_begin(dir, false, err, errcap);
  free(dir);
  if (!o) return false;
  FILE *f = aout_open(o, slash ? slash + 1 : path, err, errcap);
  if (!f) {
    int e = errno;
    aout_abort(o);
    errno = e;
    return false;
  }
  if (n && fwrite(data, 1, n, f) != n) {
    int e = errno ? errno : EIO;
    aout_abort(o);
    set_err(err, errcap, e, "cannot write '%s': %s", path, strerror(e));
    return false;
  }
  return aout_commit(o, err, errcap);
}
