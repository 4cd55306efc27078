/* jit.c — compiles generated C with the system C compiler into a shared
 * object, caches it on disk and loads it (see codegen.h, DESIGN.md
 * "Generated C": JIT).
 *
 * One jit_load:
 *   1. key = FNV-1a 64 over the C text, the compiler's identity (the output
 *      of `$CC --version`, run once per process and CC value), the flags,
 *      msrt.h (embedded in msc, build/msrt_embed.c), MSC_VERSION and
 *      MSC_HOST_ABI_VERSION;
 *   2. in-process table: the key is already loaded -> dlsym, done;
 *   3. <cache>/<key>.so exists and matches <cache>/<key>.manifest (the
 *      key, the object's size and the SHA-256 of its bytes, hashed from an
 *      open descriptor; dlopen then loads the path only while it is still
 *      that file, and an entry another process replaced meanwhile is
 *      checked again) -> dlopen it (a cache hit); an
 *      entry that does not match (swapped, truncated, edited, no manifest)
 *      is rebuilt, with a note under -v;
 *   4. otherwise take the key's lock (<key>.lock, flock: released when
 *      the holder exits, however it exits) and look again: a process that
 *      compiled the same key meanwhile made it a hit (two msc processes
 *      compiling the same graph at once compile it once); without a
 *      lock (a file system that has none) step 5 runs unlocked, as safe;
 *   5. still missing: compile: msrt.h is (re)written into the cache directory
 *      when missing or different, the C text goes to <key>.c, the compiler
 *      writes <key>.<pid>.<n>.tmp.so with its output in
 *      <key>.<pid>.<n>.tmp.log; the object is dlopened under its
 *      temporary name, then both are renamed into place (<key>.so,
 *      <key>.log). Every file is written under a unique temporary name and
 *      renamed, so concurrent msc processes sharing a cache only ever see
 *      complete files, and a failure leaves no temporary behind (the .c and
 *      .log stay, so the user can reproduce: the log's first line is the
 *      command). The manifest is written (atomically) after the object.
 *
 * The cache directory must be the user's and not writable by group or
 * others, and writable: otherwise one warning, and a private temporary
 * cache (mkdtemp under $TMPDIR) serves the process.
 *
 * The compiler runs without a shell (posix_spawnp; CC is split on blanks so
 * "ccache gcc" works), stdin from /dev/null, stdout and stderr into the log.
 * The object is NOT linked against the runtime: msc (and the unit tests)
 * export msrt_* (driver/msc.dynlist), so they resolve to the executable's
 * own copies; nothing else of msc is exported. An object that defines
 * msc_host_init gets the MscHost table after each dlopen (codegen.h).
 * -lm is passed: harmless (the executable already has libm loaded), and it
 * keeps the object correct if generated code calls libm directly and is
 * loaded by a host that does not link libm.
 *
 * Not thread-safe: the interpreter calls it from one thread.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/file.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../frontend/util.h"
#include "../runtime/msrt.h"
#include "../serial/sha256.h"
#include "codegen.h"

extern char **environ;

/* The flags, as they enter the key (the -I of the cache directory and the
 * file names are added on the command line). */
/* -fno-math-errno: sqrt inline (sqrtss/sqrtps, the same correctly rounded
 * result as libm's) rather than a call per element for errno, so fused
 * loops with a sqrt (Adam's update) vectorize; no JIT'd code reads errno. */
#define JIT_FLAGS "-std=c99 -O2 -fno-math-errno -fPIC -shared"
/* GCC only (clang rejects it; clang's -O2 vectorizes with run-time alias
 * checks already): GCC's -O2 cost model ("very-cheap") vectorizes no loop
 * that needs a run-time check that its pointers do not overlap, which is
 * every fused loop reading a graph input or a Parameter, so those loops
 * stayed scalar (the RNN bench's tanh loop: 4x slower). Vectorizing an
 * elementwise loop changes no result: each lane does the scalar loop's
 * operations in its order (no reassociation without -ffast-math). */
#define JIT_FLAGS_GCC "-fvect-cost-model=dynamic"
/* When the host runs the runtime's AVX2 kernels (msrt_isa(): the CPU has
 * AVX2 and FMA, and MSRT_ISA does not ask for less): the object is only
 * ever loaded by this host, and its key holds the flag, so a cache shared
 * with a CPU without AVX2 never hands it there. -mavx2 without -mfma:
 * loops vectorize 8 floats wide, and no a * b + c becomes an FMA, so
 * every result is the bit of the SSE2 code and of the eager kernels. */
#define JIT_FLAGS_AVX2 "-mavx2"
/* When it runs the AVX-512 kernels: elementwise loops 16 floats (8
 * doubles: the float32 tanh) wide. AVX-512F has FMA instructions, so
 * -ffp-contract=off keeps every a * b + c two roundings, as in the
 * eager kernels (GCC's -std=c99 implies it; clang's default contracts). */
#define JIT_FLAGS_AVX512 "-mavx512f"
#define JIT_FLAGS_NOFMA "-ffp-contract=off"
/* The object is only ever dlopen'ed by msc, whose global scope already
 * holds libm and libc (and the runtime's msrt_*, driver/msc.dynlist): it
 * needs no DT_NEEDED entries, and reading libc's and libm's symbol tables
 * was most of the link (gcc -shared of a small graph's object: 55 ms with
 * -lm, 22 ms without the default libraries). libgcc stays: GCC may call
 * its helpers (__mulsc3 for complex multiplication, __popcountdi2, ...),
 * which msc does not export. */
#define JIT_LIBS "-nodefaultlibs"
#define JIT_LIBGCC "-lgcc"

static JitStats stats;

typedef struct Loaded {
  uint64_t key;
  void *handle;
} Loaded;
static Loaded *loaded;
static size_t nloaded, caploaded;

/* Compiler identity per CC value (normally one entry for the process). */
typedef struct CcId {
  char *cc;
  uint64_t hash; /* FNV-1a of `CC --version` output and exit status */
  bool gcc;      /* GCC itself (its --version names the FSF, not clang) */
} CcId;
static CcId *ccids;
static size_t nccids;

static unsigned tmp_counter;

static int (*interpret_fn)(void *ctx, uint32_t id, void *const *in, void *out);
static void *interpret_ctx;

void jit_set_interpret(int (*fn)(void *ctx, uint32_t id, void *const *in, void *out), void *ctx) {
  interpret_fn = fn;
  interpret_ctx = ctx;
}

static int host_interpret(uint32_t id, void *const *in, void *out) {
  return interpret_fn ? interpret_fn(interpret_ctx, id, in, out) : MSRT_EINVAL;
}

/* What JIT'd code may call in the host besides msrt_* (codegen.h). */
static const MscHost host = {
    .abi_version = MSC_HOST_ABI_VERSION,
    .size = (uint32_t)sizeof(MscHost),
    .write = msrt_write,
    .interpret = host_interpret,
};

const MscHost *jit_host(void) { return &host; }

/* ---- small helpers ------------------------------------------------------ */

static void set_err(char *err, size_t errcap, const char *fmt, ...) MSC_PRINTF(3, 4);
static void set_err(char *err, size_t errcap, const char *fmt, ...) {
  if (!err || errcap == 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errcap, fmt, ap);
  va_end(ap);
  for (char *p = err; *p; p++)
    if (*p == '\n' || *p == '\r') *p = ' '; /* one line */
}

#define FNV_OFFSET 0xcbf29ce484222325ULL
#define FNV_PRIME 0x100000001b3ULL

static uint64_t fnv(uint64_t h, const void *data, size_t n) {
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) {
    h ^= p[i];
    h *= FNV_PRIME;
  }
  return h;
}

/* One component of the key: its length, then its bytes (unambiguous). */
static uint64_t fnv_part(uint64_t h, const void *data, size_t n) {
  uint64_t len = n;
  h = fnv(h, &len, sizeof len);
  return fnv(h, data, n);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char *cc_name(void) {
  const char *cc = getenv("CC");
  return cc && cc[strspn(cc, " \t")] ? cc : "cc";
}

/* Splits cc on blanks into a malloc'd argv with room for `extra` more
 * entries (and the NULL); *words is the malloc'd copy the entries point
 * into. Returns the number of words (>= 1: cc_name() is never blank). */
static int split_cc(const char *cc, int extra, char ***argv, char **words) {
  char *w = xstrdup(cc);
  int n = 0;
  for (char *p = w; *p;) {
    p += strspn(p, " \t");
    if (!*p) break;
    n++;
    p += strcspn(p, " \t");
  }
  char **av = xmalloc(sizeof *av * (size_t)(n + extra + 1));
  int i = 0;
  for (char *p = w; *p;) {
    p += strspn(p, " \t");
    if (!*p) break;
    av[i++] = p;
    p += strcspn(p, " \t");
    if (*p) *p++ = '\0';
  }
  av[i] = NULL;
  *argv = av;
  *words = w;
  return n;
}

/* Starts argv (no shell) with stdin from /dev/null and stdout+stderr to
 * outfd. Returns 0 and the child in *pid, or an errno value when the
 * program could not be started (ENOENT, EACCES...). */
static int spawn(char **argv, int outfd, pid_t *pid) {
  posix_spawn_file_actions_t fa;
  int rc = posix_spawn_file_actions_init(&fa);
  if (rc) return rc;
  rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  if (!rc) rc = posix_spawn_file_actions_adddup2(&fa, outfd, 1);
  if (!rc) rc = posix_spawn_file_actions_adddup2(&fa, outfd, 2);
  if (!rc) rc = posix_spawnp(pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  return rc;
}

static int wait_child(pid_t pid, int *status) {
  while (waitpid(pid, status, 0) < 0) {
    if (errno != EINTR) return errno;
  }
  return 0;
}

/* ---- compiler identity ----------------------------------------------------- */

/* Identity of the compiler CC: hash of `CC --version` (stdout+stderr) and its
 * exit status, computed once per process and CC value. False with a message
 * when the compiler cannot be run. */
static bool cc_identity(const char *cc, uint64_t *out, bool *gcc, char *err, size_t errcap) {
  for (size_t i = 0; i < nccids; i++) {
    if (strcmp(ccids[i].cc, cc) == 0) {
      *out = ccids[i].hash;
      *gcc = ccids[i].gcc;
      return true;
    }
  }
  char **argv, *words;
  int n = split_cc(cc, 1, &argv, &words);
  argv[n] = "--version";
  argv[n + 1] = NULL;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) < 0) {
    set_err(err, errcap, "cannot run the C compiler '%s': %s", cc, strerror(errno));
    free(argv);
    free(words);
    return false;
  }
  int status = 0;
  pid_t pid = 0;
  int rc = spawn(argv, fds[1], &pid);
  close(fds[1]);
  free(argv);
  free(words);
  Buf b = {0};
  char chunk[4096];
  ssize_t r;
  while ((r = read(fds[0], chunk, sizeof chunk)) != 0) {
    if (r < 0) {
      if (errno == EINTR) continue;
      break;
    }
    buf_append(&b, chunk, (size_t)r);
  }
  if (!rc) rc = wait_child(pid, &status);
  close(fds[0]);
  if (rc) {
    buf_free(&b);
    set_err(err, errcap, "cannot run the C compiler '%s': %s (set CC to a C compiler)", cc,
            strerror(rc));
    return false;
  }
  uint64_t h = fnv_part(FNV_OFFSET, b.data ? b.data : "", b.len);
  h = fnv_part(h, &status, sizeof status);
  bool is_gcc = status == 0 && b.data && strstr(b.data, "Free Software Foundation") &&
                !strstr(b.data, "clang");
  buf_free(&b);
  ccids = xrealloc(ccids, sizeof *ccids * (nccids + 1));
  ccids[nccids].cc = xstrdup(cc);
  ccids[nccids].hash = h;
  ccids[nccids].gcc = is_gcc;
  nccids++;
  *out = h;
  *gcc = is_gcc;
  return true;
}

/* ---- cache directory ------------------------------------------------------- */

/* The cache directory (malloc'd, no trailing slash), or NULL with a message. */
static char *cache_dir(const JitOptions *opts, char *err, size_t errcap) {
  const char *d = opts ? opts->cache_dir : NULL;
  Buf b = {0};
  if (d && *d) {
    buf_puts(&b, d);
  } else if ((d = getenv("MSC_CACHE_DIR")) && *d) {
    buf_puts(&b, d);
  } else if ((d = getenv("XDG_CACHE_HOME")) && *d) {
    buf_printf(&b, "%s/msc", d);
  } else if ((d = getenv("HOME")) && *d) {
    buf_printf(&b, "%s/.cache/msc", d);
  } else {
    set_err(err, errcap, "no cache directory for the JIT: set MSC_CACHE_DIR (or HOME)");
    return NULL;
  }
  while (b.len > 1 && b.data[b.len - 1] == '/') b.data[--b.len] = '\0';
  return buf_detach(&b);
}

/* mkdir -p dir (0755). */
static bool make_dirs(const char *dir, char *err, size_t errcap) {
  struct stat st;
  if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) return true;
  char *p = xstrdup(dir);
  int e = 0;
  for (char *s = p + 1;; s++) {
    if (*s == '/' || *s == '\0') {
      char c = *s;
      *s = '\0';
      if (mkdir(p, 0755) < 0 && errno != EEXIST) {
        e = errno;
        break;
      }
      *s = c;
      if (!c) break;
    }
  }
  free(p);
  if (!e && (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))) e = stat(dir, &st) < 0 ? errno : ENOTDIR;
  if (e) {
    set_err(err, errcap, "cannot create the cache directory '%s': %s", dir, strerror(e));
    return false;
  }
  return true;
}

/* Writes data to a unique temporary beside path and renames it into place. */
static bool write_atomic(const char *path, const char *data, size_t len, char *err,
                         size_t errcap) {
  Buf tmp = {0};
  buf_printf(&tmp, "%s.%ld.%u.tmp", path, (long)getpid(), tmp_counter++);
  int fd = open(tmp.data, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  int e = 0;
  if (fd < 0) {
    e = errno;
  } else {
    size_t off = 0;
    while (off < len) {
      ssize_t w = write(fd, data + off, len - off);
      if (w < 0) {
        if (errno == EINTR) continue;
        e = errno;
        break;
      }
      off += (size_t)w;
    }
    if (close(fd) < 0 && !e) e = errno;
    if (!e && rename(tmp.data, path) < 0) e = errno;
    if (e) unlink(tmp.data);
  }
  if (e) set_err(err, errcap, "cannot write '%s': %s", path, strerror(e));
  buf_free(&tmp);
  return !e;
}

/* msrt.h in the cache directory, written when missing or different. */
static bool ensure_header(const char *dir, char *err, size_t errcap) {
  Buf path = {0};
  buf_printf(&path, "%s/msrt.h", dir);
  size_t len = 0;
  char *cur = read_file(path.data, &len);
  bool ok = true;
  if (!cur || len != msc_msrt_h_len || memcmp(cur, msc_msrt_h, len) != 0)
    ok = write_atomic(path.data, msc_msrt_h, msc_msrt_h_len, err, errcap);
  free(cur);
  buf_free(&path);
  return ok;
}

/* ---- manifests ------------------------------------------------------------- */

/* "msc-jit-manifest 1\nkey K\nsize N\nsha256 H\n": K 16 hex digits, N
 * decimal, H 64 lowercase hex digits; nothing else. */
bool jit_manifest_parse(const char *text, size_t n, JitManifest *m) {
  static const char head[] = "msc-jit-manifest 1\nkey ";
  const char *p = text, *e = text + n;
  if ((size_t)(e - p) < sizeof head - 1 || memcmp(p, head, sizeof head - 1) != 0) return false;
  p += sizeof head - 1;
  uint64_t k = 0;
  for (int i = 0; i < 16; i++, p++) {
    if (p >= e) return false;
    int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'a' && *p <= 'f' ? *p - 'a' + 10 : -1;
    if (d < 0) return false;
    k = k << 4 | (uint64_t)d;
  }
  if (e - p < 6 || memcmp(p, "\nsize ", 6) != 0) return false;
  p += 6;
  uint64_t sz = 0;
  int nd = 0;
  for (; p < e && *p >= '0' && *p <= '9'; p++, nd++) {
    if (nd >= 19) return false;
    sz = sz * 10 + (uint64_t)(*p - '0');
  }
  if (!nd || e - p < 8 || memcmp(p, "\nsha256 ", 8) != 0) return false;
  p += 8;
  if (e - p != 65 || p[64] != '\n') return false;
  for (int i = 0; i < 64; i++)
    if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'f'))) return false;
  m->key = k;
  m->size = sz;
  memcpy(m->sha256, p, 64);
  m->sha256[64] = 0;
  return true;
}

/* The size and SHA-256 of an open file, read from its start. */
static bool hash_fd(int fd, uint64_t *size, char hex[65]) {
  Sha256 h;
  sha256_init(&h);
  uint64_t total = 0;
  char buf[1 << 15];
  if (lseek(fd, 0, SEEK_SET) != 0) return false;
  for (;;) {
    ssize_t r = read(fd, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return false;
    if (r == 0) break;
    sha256_update(&h, buf, (size_t)r);
    total += (uint64_t)r;
  }
  uint8_t d[32];
  sha256_final(&h, d);
  sha256_hex(d, hex);
  *size = total;
  return true;
}

void (*jit_before_dlopen)(const char *path);

/* dlopen of path, which must still be the file open as fd (the bytes that
 * were checked): the same device and inode before and after. When another
 * process renamed its own object over path meanwhile, NULL and *replaced:
 * the caller checks the new file from the start. (Never a dlopen of
 * /proc/self/fd/N: glibc knows a loaded object by the name it was opened
 * with, so a second object opened through a reused descriptor number would
 * get the first one's handle back.) */
static void *dlopen_same(int fd, const char *path, bool *replaced) {
  struct stat a, b;
  *replaced = false;
  if (fstat(fd, &a) != 0) return NULL;
  if (jit_before_dlopen) jit_before_dlopen(path);
  if (stat(path, &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
    *replaced = true;
    return NULL;
  }
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (h && (stat(path, &b) != 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino)) {
    dlclose(h);
    *replaced = true;
    return NULL;
  }
  return h;
}

/* A cache hit, checked: NULL (and *why, for -v) when the entry is not
 * there or does not match its manifest. An entry replaced while it was
 * being checked (another process compiled the same key) is checked again,
 * a few times. */
static void *load_cached(const char *stem, const char *so, uint64_t key, const char **why) {
  for (int attempt = 0;; attempt++) {
    *why = NULL;
    int fd = open(so, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL; /* no entry: a plain miss */
    Buf mpath = {0};
    buf_printf(&mpath, "%s.manifest", stem);
    size_t len = 0;
    char *text = read_file(mpath.data, &len);
    buf_free(&mpath);
    JitManifest m;
    void *handle = NULL;
    uint64_t size;
    char hex[65];
    bool replaced = false;
    if (!text) *why = "it has no manifest";
    else if (len > 4096 || !jit_manifest_parse(text, len, &m)) *why = "its manifest is not one";
    else if (m.key != key) *why = "its manifest is another key's";
    else if (!hash_fd(fd, &size, hex)) *why = "it cannot be read";
    else if (size != m.size) *why = size < m.size ? "it is truncated" : "its size differs from its manifest's";
    else if (strcmp(hex, m.sha256) != 0) *why = "its SHA-256 differs from its manifest's";
    else if (!(handle = dlopen_same(fd, so, &replaced)))
      *why = replaced ? "it was replaced while being checked" : "it does not load";
    free(text);
    close(fd);
    if (handle || !replaced || attempt == 3) return handle;
  }
}

/* The manifest of the object open as fd, written atomically. */
static bool write_manifest(const char *stem, uint64_t key, int fd, char *err, size_t errcap) {
  uint64_t size;
  char hex[65];
  if (!hash_fd(fd, &size, hex)) {
    set_err(err, errcap, "cannot read the compiled object %s.so: %s", stem, strerror(errno));
    return false;
  }
  Buf path = {0}, text = {0};
  buf_printf(&path, "%s.manifest", stem);
  buf_printf(&text, "msc-jit-manifest 1\nkey %016llx\nsize %llu\nsha256 %s\n", (unsigned long long)key,
             (unsigned long long)size, hex);
  bool ok = write_atomic(path.data, text.data, text.len, err, errcap);
  buf_free(&path);
  buf_free(&text);
  return ok;
}

/* The cache directory is the user's, private and writable; otherwise (one
 * warning) a private temporary one. Returns dir or its replacement
 * (malloc'd; dir freed), NULL with a message when neither works. */
static char *private_dir(char *dir, char *err, size_t errcap) {
  static char *tmpdir;
  static bool warned;
  struct stat st;
  const char *why = NULL;
  if (stat(dir, &st) != 0) return dir; /* make_dirs reports it */
  if (st.st_uid != geteuid()) why = "is owned by another user";
  else if (st.st_mode & (S_IWGRP | S_IWOTH)) why = "is writable by group or others";
  else if (access(dir, W_OK) != 0) why = "is not writable";
  if (!why) return dir;
  if (!tmpdir) {
    const char *t = getenv("TMPDIR");
    Buf b = {0};
    buf_printf(&b, "%s/msc-jit.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(b.data)) {
      set_err(err, errcap, "the JIT cache '%s' %s, and no private one can be made: %s", dir, why, strerror(errno));
      buf_free(&b);
      free(dir);
      return NULL;
    }
    tmpdir = buf_detach(&b);
  }
  if (!warned) {
    fprintf(stderr, "msc: warning: the JIT cache '%s' %s: using the private cache '%s' for this run\n", dir, why,
            tmpdir);
    warned = true;
  }
  free(dir);
  return xstrdup(tmpdir);
}

/* ---- loading ---------------------------------------------------------------- */

static CgEntryFn lookup(void *handle, const char *fname, const char *path, char *err,
                        size_t errcap) {
  dlerror();
  void *sym = dlsym(handle, fname);
  if (!sym) {
    const char *e = dlerror();
    set_err(err, errcap, "cannot find '%s' in %s: %s", fname, path, e ? e : "null symbol");
    return NULL;
  }
  CgEntryFn fn;
  memcpy(&fn, &sym, sizeof fn);
  return fn;
}

/* Hands the host table to a freshly loaded object that asks for it. */
static void host_init(void *handle) {
  dlerror();
  void *sym = dlsym(handle, "msc_host_init");
  if (!sym) return;
  void (*init)(const MscHost *);
  memcpy(&init, &sym, sizeof init);
  init(&host);
}

static void remember(uint64_t key, void *handle) {
  if (nloaded == caploaded) {
    caploaded = caploaded ? caploaded * 2 : 8;
    loaded = xrealloc(loaded, sizeof *loaded * caploaded);
  }
  loaded[nloaded].key = key;
  loaded[nloaded].handle = handle;
  nloaded++;
}

/* Compiles <key>.c into <key>.so (renamed into place), writes its
 * manifest and loads it (*handle) from the bytes the manifest hashed. */
static bool compile(const char *cc, bool gcc, int isa, const char *dir, const char *stem, uint64_t key,
                    const char *c_text, bool verbose, void **handle, char *err, size_t errcap) {
  if (!ensure_header(dir, err, errcap)) return false;
  Buf cpath = {0}, so = {0}, log = {0}, tso = {0}, tlog = {0}, inc = {0}, cmd = {0};
  buf_printf(&cpath, "%s.c", stem);
  buf_printf(&so, "%s.so", stem);
  buf_printf(&log, "%s.log", stem);
  unsigned n = tmp_counter++;
  buf_printf(&tso, "%s.%ld.%u.tmp.so", stem, (long)getpid(), n);
  buf_printf(&tlog, "%s.%ld.%u.tmp.log", stem, (long)getpid(), n);
  buf_printf(&inc, "-I%s", dir);
  bool ok = false;
  char **argv = NULL, *words = NULL;
  int logfd = -1;

  if (!write_atomic(cpath.data, c_text, strlen(c_text), err, errcap)) goto out;

  int nw = split_cc(cc, 15, &argv, &words);
  int i = nw;
  argv[i++] = "-std=c99";
  argv[i++] = "-O2";
  argv[i++] = "-fno-math-errno";
  argv[i++] = "-fPIC";
  argv[i++] = "-shared";
  if (gcc) argv[i++] = JIT_FLAGS_GCC;
  if (isa == MSRT_ISA_AVX2) argv[i++] = JIT_FLAGS_AVX2;
  if (isa == MSRT_ISA_AVX512) {
    argv[i++] = JIT_FLAGS_AVX512;
    argv[i++] = JIT_FLAGS_NOFMA;
  }
  argv[i++] = inc.data;
  argv[i++] = "-o";
  int tso_at = i; /* the log shows the final name */
  argv[i++] = tso.data;
  argv[i++] = cpath.data;
  argv[i++] = JIT_LIBS;
  argv[i++] = JIT_LIBGCC;
  argv[i] = NULL;

  logfd = open(tlog.data, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (logfd < 0) {
    set_err(err, errcap, "cannot write '%s': %s", tlog.data, strerror(errno));
    goto out;
  }
  /* First line of the log: the command that reproduces the compilation. */
  buf_puts(&cmd, "#");
  for (int k = 0; argv[k]; k++) {
    buf_putc(&cmd, ' ');
    buf_puts(&cmd, k == tso_at ? so.data : argv[k]);
  }
  buf_putc(&cmd, '\n');
  if (write(logfd, cmd.data, cmd.len) != (ssize_t)cmd.len) {
    set_err(err, errcap, "cannot write '%s': %s", tlog.data, strerror(errno));
    goto out;
  }

  double t0 = now_seconds();
  int status = 0;
  pid_t pid = 0;
  int rc = spawn(argv, logfd, &pid);
  if (!rc) rc = wait_child(pid, &status);
  double dt = now_seconds() - t0;
  close(logfd);
  logfd = -1;
  if (rc) {
    unlink(tlog.data);
    unlink(tso.data);
    set_err(err, errcap, "cannot run the C compiler '%s': %s (set CC to a C compiler)", cc,
            strerror(rc));
    goto out;
  }
  stats.compiles++;
  stats.cc_seconds += dt;
  /* The log goes into place whatever happened (warnings are worth keeping). */
  bool log_ok = rename(tlog.data, log.data) == 0;
  if (!log_ok) unlink(tlog.data);
  const char *logname = log_ok ? log.data : "(log lost)";
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    unlink(tso.data);
    if (WIFSIGNALED(status))
      set_err(err, errcap, "the C compiler '%s' was killed by signal %d; see %s", cc,
              WTERMSIG(status), logname);
    else
      set_err(err, errcap, "the C compiler '%s' failed (exit status %d); see %s", cc,
              WEXITSTATUS(status), logname);
    goto out;
  }
  /* Loaded under its temporary name, which no other process writes (a
   * concurrent compile of the same key may rename its object over <key>.so
   * at any time); the bytes loaded are the bytes the manifest hashes. */
  int sofd = open(tso.data, O_RDONLY | O_CLOEXEC);
  if (sofd < 0) {
    int e = errno;
    unlink(tso.data);
    set_err(err, errcap, "the C compiler '%s' produced no object (%s); see %s", cc,
            strerror(e), logname);
    goto out;
  }
  *handle = dlopen(tso.data, RTLD_NOW | RTLD_LOCAL);
  if (!*handle) {
    const char *e = dlerror();
    set_err(err, errcap, "cannot load %s: %s", so.data, e ? e : "unknown error");
  } else if (rename(tso.data, so.data) < 0) {
    set_err(err, errcap, "cannot write '%s': %s", so.data, strerror(errno));
  } else {
    if (verbose) fprintf(stderr, "msc: jit: cc %.1f ms -> %s\n", dt * 1e3, so.data);
    ok = write_manifest(stem, key, sofd, err, errcap);
  }
  if (!ok) {
    if (*handle) dlclose(*handle);
    *handle = NULL;
    unlink(tso.data);
  }
  close(sofd);
out:
  if (logfd >= 0) {
    close(logfd);
    unlink(tlog.data);
  }
  free(argv);
  free(words);
  buf_free(&cpath);
  buf_free(&so);
  buf_free(&log);
  buf_free(&tso);
  buf_free(&tlog);
  buf_free(&inc);
  buf_free(&cmd);
  return ok;
}

/* The key's lock <stem>.lock held exclusively (flock; a descriptor to
 * close), or -1 when the file system gives none (then no lock). */
static int lock_key(const char *stem) {
  Buf path = {0};
  buf_printf(&path, "%s.lock", stem);
  int fd = open(path.data, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  buf_free(&path);
  if (fd < 0) return -1;
  while (flock(fd, LOCK_EX) < 0) {
    if (errno != EINTR) {
      close(fd);
      return -1;
    }
  }
  return fd;
}

CgEntryFn jit_load(const char *c_text, const char *fname, const JitOptions *opts, char *err,
                   size_t errcap) {
  if (err && errcap) err[0] = '\0';
  bool verbose = opts && opts->verbose;
  const char *cc = cc_name();
  char *dir = cache_dir(opts, err, errcap);
  if (!dir) return NULL;
  if (!(dir = private_dir(dir, err, errcap))) return NULL;

  uint64_t id;
  bool gcc = false;
  if (!cc_identity(cc, &id, &gcc, err, errcap)) {
    free(dir);
    return NULL;
  }
  uint64_t h = fnv_part(FNV_OFFSET, c_text, strlen(c_text));
  h = fnv_part(h, &id, sizeof id);
  h = fnv_part(h, JIT_FLAGS " " JIT_LIBS " " JIT_LIBGCC, strlen(JIT_FLAGS " " JIT_LIBS " " JIT_LIBGCC));
  if (gcc) h = fnv_part(h, JIT_FLAGS_GCC, strlen(JIT_FLAGS_GCC));
  int isa = msrt_isa();
  if (isa == MSRT_ISA_AVX2) h = fnv_part(h, JIT_FLAGS_AVX2, strlen(JIT_FLAGS_AVX2));
  if (isa == MSRT_ISA_AVX512) h = fnv_part(h, JIT_FLAGS_AVX512 " " JIT_FLAGS_NOFMA, strlen(JIT_FLAGS_AVX512 " " JIT_FLAGS_NOFMA));
  h = fnv_part(h, msc_msrt_h, msc_msrt_h_len);
  h = fnv_part(h, MSC_VERSION, strlen(MSC_VERSION));
  uint32_t abi = MSC_HOST_ABI_VERSION;
  h = fnv_part(h, &abi, sizeof abi);

  Buf stem = {0}, so = {0};
  buf_printf(&stem, "%s/%016llx", dir, (unsigned long long)h);
  buf_printf(&so, "%s.so", stem.data);
  CgEntryFn fn = NULL;

  /* Already loaded by this process (the key covers the directory's content
   * but not the directory: the same text from two caches is one object). */
  for (size_t i = 0; i < nloaded; i++) {
    if (loaded[i].key == h) {
      stats.cache_hits++;
      if (verbose) fprintf(stderr, "msc: jit: cache hit %s\n", so.data);
      fn = lookup(loaded[i].handle, fname, so.data, err, errcap);
      goto out;
    }
  }

  const char *why;
  void *handle = load_cached(stem.data, so.data, h, &why);
  if (handle) {
    stats.cache_hits++;
    if (verbose) fprintf(stderr, "msc: jit: cache hit %s\n", so.data);
  } else if (why && verbose) {
    /* swapped, truncated, edited, another machine's: rebuilt below (the
     * renames replace the object and its manifest) */
    fprintf(stderr, "msc: jit: cache entry %s rejected (%s): rebuilding\n", so.data, why);
  }
  if (!handle) {
    if (!make_dirs(dir, err, errcap)) goto out;
    int lockfd = lock_key(stem.data);
    if (lockfd >= 0 && (handle = load_cached(stem.data, so.data, h, &why)) != NULL) {
      stats.cache_hits++;
      if (verbose) fprintf(stderr, "msc: jit: cache hit %s (compiled by another process meanwhile)\n", so.data);
    }
    bool ok = handle || compile(cc, gcc, isa, dir, stem.data, h, c_text, verbose, &handle, err, errcap);
    if (lockfd >= 0) close(lockfd); /* releases the lock */
    if (!ok) goto out;
  }
  host_init(handle);
  remember(h, handle);
  fn = lookup(handle, fname, so.data, err, errcap);
out:
  buf_free(&stem);
  buf_free(&so);
  free(dir);
  return fn;
}

const JitStats *jit_stats(void) { return &stats; }

void jit_unload_all(void) {
  for (size_t i = nloaded; i-- > 0;) dlclose(loaded[i].handle);
  free(loaded);
  loaded = NULL;
  nloaded = caploaded = 0;
  /* The compiler identities stay: `cc --version` runs once per process. */
}
