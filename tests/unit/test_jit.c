/* test_jit.c — codegen/jit.c: compile C with $CC into a shared object,
 * cache it on disk (atomic renames), load it with dlopen.
 *
 * Each test uses its own fresh cache directory (removed at the end) and
 * calls jit_unload_all() when done, so nothing is shared between tests but
 * the per-process compiler identity. The compiled code calls msrt_unary,
 * which resolves to this binary's copy (unit tests export msrt_* and
 * nothing else, like msc: driver/msc.dynlist). */
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "codegen/codegen.h"
#include "frontend/util.h"
#include "runtime/msrt.h"
#include "serial/sha256.h"
#include "tests/unit/unit.h"

#define SQRT_SRC                                                              \
  "#include \"msrt.h\"\n"                                                     \
  "int f(void *const *args, void *ws);\n"                                     \
  "int f(void *const *args, void *ws) {\n"                                    \
  "  (void)ws;\n"                                                             \
  "  return msrt_unary(MSRT_SQRT, MSRT_FLOAT32, 3, args[0], args[1]);\n"      \
  "}\n"

static char err[512];

static char *new_cache(void) {
  char *d = xstrdup("/tmp/msc-test-jit-XXXXXX");
  if (!mkdtemp(d)) {
    UNIT_FAIL("mkdtemp: %s", strerror(errno));
    return d;
  }
  return d;
}

/* rm -r dir */
static void rm_tree(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    Buf p = {0};
    buf_printf(&p, "%s/%s", dir, e->d_name);
    struct stat st;
    if (lstat(p.data, &st) == 0 && S_ISDIR(st.st_mode)) {
      chmod(p.data, 0755);
      rm_tree(p.data);
    } else {
      unlink(p.data);
    }
    buf_free(&p);
  }
  closedir(d);
  rmdir(dir);
}

static void done(char *dir) {
  jit_unload_all();
  rm_tree(dir);
  free(dir);
}

/* Number of entries of dir whose name contains sub. */
static int count_files(const char *dir, const char *sub) {
  DIR *d = opendir(dir);
  if (!d) return -1;
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)))
    if (strstr(e->d_name, sub)) n++;
  closedir(d);
  return n;
}

static bool exists(const char *path) { return access(path, F_OK) == 0; }

/* Runs f (the SQRT_SRC function) on {1, 4, 9}; true when it gives {1, 2, 3}. */
static bool runs_sqrt(CgEntryFn f) {
  if (!f) return false;
  float x[3] = {1.0f, 4.0f, 9.0f}, y[3] = {0, 0, 0};
  void *args[2] = {x, y};
  if (f(args, NULL) != 0) return false;
  return y[0] == 1.0f && y[1] == 2.0f && y[2] == 3.0f;
}

/* The .so path from an error or verbose message: the path ending in ext. */
static bool find_key_file(const char *dir, const char *ext, char *out, size_t cap) {
  DIR *d = opendir(dir);
  if (!d) return false;
  struct dirent *e;
  bool found = false;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name), m = strlen(ext);
    if (n == 16 + m && !strcmp(e->d_name + 16, ext) &&
        strspn(e->d_name, "0123456789abcdef") == 16) {
      snprintf(out, cap, "%s/%s", dir, e->d_name);
      found = true;
    }
  }
  closedir(d);
  return found;
}

static char *saved_cc;
static void set_cc(const char *cc) {
  if (!saved_cc) {
    const char *c = getenv("CC");
    saved_cc = xstrdup(c ? c : "");
  }
  setenv("CC", cc, 1);
}
static void restore_cc(void) {
  if (!saved_cc) return;
  if (*saved_cc)
    setenv("CC", saved_cc, 1);
  else
    unsetenv("CC");
  free(saved_cc);
  saved_cc = NULL;
}

TEST(embedded_header_is_msrt_h) {
  size_t len = 0;
  char *text = read_file("runtime/msrt.h", &len);
  ASSERT(text != NULL);
  if (text) {
    ASSERT_INT(len, msc_msrt_h_len);
    ASSERT(len == msc_msrt_h_len && memcmp(text, msc_msrt_h, len) == 0);
  }
  ASSERT_INT(strlen(msc_msrt_h), msc_msrt_h_len);
  free(text);
}

TEST(compile_run_and_cache_files) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  JitStats s0 = *jit_stats();
  CgEntryFn f = jit_load(SQRT_SRC, "f", &o, err, sizeof err);
  ASSERT_STR("", err);
  ASSERT(runs_sqrt(f));
  ASSERT_INT(s0.compiles + 1, jit_stats()->compiles);
  ASSERT_INT(s0.cache_hits, jit_stats()->cache_hits);
  ASSERT(jit_stats()->cc_seconds > s0.cc_seconds);
  char path[1024];
  ASSERT(find_key_file(dir, ".so", path, sizeof path));
  ASSERT(find_key_file(dir, ".c", path, sizeof path));
  size_t len = 0;
  char *c = read_file(path, &len);
  ASSERT(c && !strcmp(c, SQRT_SRC));
  free(c);
  ASSERT(find_key_file(dir, ".log", path, sizeof path));
  Buf h = {0};
  buf_printf(&h, "%s/msrt.h", dir);
  c = read_file(h.data, &len);
  ASSERT(c && len == msc_msrt_h_len && !memcmp(c, msc_msrt_h, len));
  free(c);
  buf_free(&h);
  ASSERT_INT(0, count_files(dir, "tmp"));
  /* the manifest: this key, the object's size and SHA-256 */
  ASSERT(find_key_file(dir, ".manifest", path, sizeof path));
  c = read_file(path, &len);
  JitManifest m;
  ASSERT(c && jit_manifest_parse(c, len, &m));
  free(c);
  char so[1024];
  ASSERT(find_key_file(dir, ".so", so, sizeof so));
  struct stat st;
  ASSERT(stat(so, &st) == 0 && (uint64_t)st.st_size == m.size);
  char *obj = read_file(so, &len);
  Sha256 sh;
  uint8_t d[32];
  char hex[65];
  sha256_init(&sh);
  sha256_update(&sh, obj, len);
  sha256_final(&sh, d);
  sha256_hex(d, hex);
  free(obj);
  ASSERT_STR(hex, m.sha256);
  /* exactly msrt.h, <key>.c, <key>.so, <key>.log, <key>.manifest and
     <key>.lock (kept: removing a lock file another process may hold
     open would let a third one lock a new file of the same name) */
  ASSERT(find_key_file(dir, ".lock", path, sizeof path));
  ASSERT_INT(6 + 2, count_files(dir, ""));
  done(dir);
}

TEST(second_load_is_a_cache_hit) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  CgEntryFn f1 = jit_load(SQRT_SRC, "f", &o, err, sizeof err);
  ASSERT(runs_sqrt(f1));
  JitStats s1 = *jit_stats();
  CgEntryFn f2 = jit_load(SQRT_SRC, "f", &o, err, sizeof err);
  ASSERT(f2 == f1); /* same object, not dlopened again */
  ASSERT_INT(s1.compiles, jit_stats()->compiles);
  ASSERT_INT(s1.cache_hits + 1, jit_stats()->cache_hits);
  done(dir);
}

TEST(fresh_process_finds_object_on_disk) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  jit_unload_all(); /* forget the in-process table: as a new msc would */
  JitStats s1 = *jit_stats();
  CgEntryFn f = jit_load(SQRT_SRC, "f", &o, err, sizeof err);
  ASSERT_STR("", err);
  ASSERT(runs_sqrt(f));
  ASSERT_INT(s1.compiles, jit_stats()->compiles);
  ASSERT_INT(s1.cache_hits + 1, jit_stats()->cache_hits);

  /* and a real second process (its own table copy cleared) */
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    jit_unload_all();
    JitStats c0 = *jit_stats();
    CgEntryFn g = jit_load(SQRT_SRC, "f", &o, err, sizeof err);
    int ok = runs_sqrt(g) && jit_stats()->compiles == c0.compiles &&
             jit_stats()->cache_hits == c0.cache_hits + 1;
    jit_unload_all();
    _exit(ok ? 0 : 1);
  }
  int st = 0;
  ASSERT(pid > 0 && waitpid(pid, &st, 0) == pid);
  ASSERT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
  done(dir);
}

TEST(different_text_different_key) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  int c = jit_stats()->compiles;
  ASSERT(runs_sqrt(jit_load(SQRT_SRC "/* other */\n", "f", &o, err, sizeof err)));
  ASSERT_INT(c + 1, jit_stats()->compiles);
  ASSERT_INT(2, count_files(dir, ".so"));
  done(dir);
}

TEST(missing_symbol) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  ASSERT(jit_load(SQRT_SRC, "nope", &o, err, sizeof err) == NULL);
  ASSERT(!strncmp(err, "cannot find 'nope' in ", 22));
  ASSERT(strchr(err, '\n') == NULL);
  /* the object itself is fine and stays loaded */
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  done(dir);
}

TEST(compiler_fails) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  set_cc("false");
  ASSERT(jit_load(SQRT_SRC, "f", &o, err, sizeof err) == NULL);
  restore_cc();
  const char *pre = "the C compiler 'false' failed (exit status 1); see ";
  ASSERT(!strncmp(err, pre, strlen(pre)));
  const char *log = err + strlen(pre);
  ASSERT(!strncmp(log, dir, strlen(dir)));
  ASSERT(strlen(log) > 4 && !strcmp(log + strlen(log) - 4, ".log"));
  ASSERT(exists(log));
  char path[1024];
  ASSERT(find_key_file(dir, ".c", path, sizeof path)); /* kept to reproduce */
  ASSERT_INT(0, count_files(dir, ".so"));
  ASSERT_INT(0, count_files(dir, "tmp"));
  done(dir);
}

TEST(compiler_missing) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  set_cc("/nonexistent");
  ASSERT(jit_load(SQRT_SRC, "f", &o, err, sizeof err) == NULL);
  restore_cc();
  ASSERT_STR("cannot run the C compiler '/nonexistent': No such file or directory "
             "(set CC to a C compiler)",
             err);
  ASSERT_INT(0, count_files(dir, "tmp"));
  done(dir);
}

TEST(cc_with_arguments_and_empty_cc) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  set_cc("env  cc");
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  ASSERT_STR("", err);
  set_cc(""); /* empty: "cc" */
  ASSERT(runs_sqrt(jit_load(SQRT_SRC "\n", "f", &o, err, sizeof err)));
  ASSERT_STR("", err);
  restore_cc();
  done(dir);
}

TEST(syntax_error_keeps_log) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  int c0 = jit_stats()->compiles;
  ASSERT(jit_load("int f(void *const *args, void *ws) { return 0 }\n", "f", &o, err,
                  sizeof err) == NULL);
  ASSERT_INT(c0 + 1, jit_stats()->compiles);
  const char *p = strstr(err, "; see ");
  ASSERT(!strncmp(err, "the C compiler '", 16) && strstr(err, "' failed (exit status ") && p);
  if (p) {
    size_t len = 0;
    char *log = read_file(p + 6, &len);
    ASSERT(log != NULL);
    ASSERT(log && strstr(log, "error"));
    ASSERT(log && log[0] == '#' && strstr(log, "-std=c99 -O2 -fno-math-errno -fPIC -shared"));
    /* the command names the final object after -o (not the temporary) */
    const char *dash_o = log ? strstr(log, " -o ") : NULL;
    const char *sp = dash_o ? strchr(dash_o + 4, ' ') : NULL;
    ASSERT(sp && sp - dash_o > 7 && !strncmp(sp - 3, ".so", 3) && !strstr(log, "tmp.so"));
    free(log);
  }
  ASSERT_INT(0, count_files(dir, ".so"));
  ASSERT_INT(0, count_files(dir, "tmp"));
  done(dir);
}

TEST(unusable_cache_dir) {
  char *dir = new_cache();
  Buf file = {0}, sub = {0};
  buf_printf(&file, "%s/file", dir);
  buf_printf(&sub, "%s/sub/cache", file.data);
  int fd = open(file.data, O_WRONLY | O_CREAT, 0644);
  ASSERT(fd >= 0);
  close(fd);
  JitOptions o = {.cache_dir = sub.data};
  ASSERT(jit_load(SQRT_SRC, "f", &o, err, sizeof err) == NULL);
  Buf want = {0};
  buf_printf(&want, "cannot create the cache directory '%s': Not a directory", sub.data);
  ASSERT_STR(want.data, err);
  buf_free(&want);
  if (geteuid() != 0) { /* root writes anywhere */
    Buf ro = {0};
    buf_printf(&ro, "%s/ro", dir);
    mkdir(ro.data, 0555);
    o.cache_dir = ro.data;
    ASSERT(jit_load(SQRT_SRC, "f", &o, err, sizeof err) == NULL);
    ASSERT(strstr(err, "Permission denied") && strstr(err, ro.data));
    ASSERT_INT(0, count_files(ro.data, "") - 2);
    buf_free(&ro);
  }
  buf_free(&file);
  buf_free(&sub);
  done(dir);
}

TEST(cache_dir_from_environment) {
  char *dir = new_cache();
  const char *names[] = {"MSC_CACHE_DIR", "XDG_CACHE_HOME", "HOME"};
  char *saved[3];
  for (int i = 0; i < 3; i++) {
    const char *v = getenv(names[i]);
    saved[i] = v ? xstrdup(v) : NULL;
  }
  Buf a = {0}, b = {0}, c = {0};
  buf_printf(&a, "%s/a/b", dir);     /* MSC_CACHE_DIR, created with parents */
  buf_printf(&b, "%s/xdg", dir);     /* XDG_CACHE_HOME -> xdg/msc */
  buf_printf(&c, "%s/home", dir);    /* HOME -> home/.cache/msc */
  setenv("MSC_CACHE_DIR", a.data, 1);
  setenv("XDG_CACHE_HOME", b.data, 1);
  setenv("HOME", c.data, 1);
  ASSERT(runs_sqrt(jit_load(SQRT_SRC "/*1*/\n", "f", NULL, err, sizeof err)));
  ASSERT_INT(1, count_files(a.data, ".so"));
  unsetenv("MSC_CACHE_DIR");
  ASSERT(runs_sqrt(jit_load(SQRT_SRC "/*2*/\n", "f", NULL, err, sizeof err)));
  buf_puts(&b, "/msc");
  ASSERT_INT(1, count_files(b.data, ".so"));
  setenv("XDG_CACHE_HOME", "", 1); /* empty counts as unset */
  ASSERT(runs_sqrt(jit_load(SQRT_SRC "/*3*/\n", "f", NULL, err, sizeof err)));
  buf_puts(&c, "/.cache/msc");
  ASSERT_INT(1, count_files(c.data, ".so"));
  unsetenv("XDG_CACHE_HOME");
  unsetenv("HOME");
  ASSERT(jit_load(SQRT_SRC "/*4*/\n", "f", NULL, err, sizeof err) == NULL);
  ASSERT(strstr(err, "MSC_CACHE_DIR") != NULL);
  for (int i = 0; i < 3; i++) {
    if (saved[i]) setenv(names[i], saved[i], 1);
    else unsetenv(names[i]);
    free(saved[i]);
  }
  buf_free(&a);
  buf_free(&b);
  buf_free(&c);
  done(dir);
}

TEST(stale_header_is_rewritten) {
  char *dir = new_cache();
  Buf h = {0};
  buf_printf(&h, "%s/msrt.h", dir);
  FILE *fp = fopen(h.data, "w");
  ASSERT(fp != NULL);
  if (fp) {
    fputs("#error old header\n", fp);
    fclose(fp);
  }
  JitOptions o = {.cache_dir = dir};
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  size_t len = 0;
  char *c = read_file(h.data, &len);
  ASSERT(c && len == msc_msrt_h_len && !memcmp(c, msc_msrt_h, len));
  free(c);
  buf_free(&h);
  ASSERT_INT(0, count_files(dir, "tmp"));
  done(dir);
}

TEST(damaged_object_is_rebuilt) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  jit_unload_all();
  char so[1024];
  ASSERT(find_key_file(dir, ".so", so, sizeof so));
  FILE *fp = fopen(so, "w");
  ASSERT(fp != NULL);
  if (fp) {
    fputs("not an object\n", fp);
    fclose(fp);
  }
  int c0 = jit_stats()->compiles;
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  ASSERT_INT(c0 + 1, jit_stats()->compiles);
  done(dir);
}

/* An object that is not its manifest's (another entry's bytes, same size
 * or not) is never loaded: rebuilt. */
TEST(swapped_object_is_rebuilt) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  jit_unload_all();
  char so[1024];
  ASSERT(find_key_file(dir, ".so", so, sizeof so));
  /* flip one byte in the middle: same size, different hash */
  size_t len = 0;
  char *obj = read_file(so, &len);
  ASSERT(obj && len > 100);
  if (obj && len > 100) {
    obj[len / 2] ^= 1;
    FILE *fp = fopen(so, "w");
    fwrite(obj, 1, len, fp);
    fclose(fp);
  }
  free(obj);
  int c0 = jit_stats()->compiles;
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  ASSERT_INT(c0 + 1, jit_stats()->compiles);
  done(dir);
}

/* Another process renames its own object of the same key over the entry
 * after this one checked it and before it dlopens it: the entry is checked
 * again and the right object is loaded, every time in one process. (Loading
 * through /proc/self/fd/N, as jit.c once did, made glibc hand the second
 * key the first key's object: "cannot find 'f2' ... undefined symbol",
 * seen once in graph-diff's parallel workers.) */
static int replaced_count;
static void replace_entry(const char *path) {
  /* a copy of the same bytes under a new inode, renamed into place, as a
   * concurrent compile of the same key does; once per path */
  Buf tmp = {0};
  buf_printf(&tmp, "%s.other.tmp", path);
  size_t len = 0;
  char *obj = read_file(path, &len);
  FILE *fp = obj ? fopen(tmp.data, "wb") : NULL;
  if (fp) {
    fwrite(obj, 1, len, fp);
    fclose(fp);
    if (rename(tmp.data, path) == 0) replaced_count++;
  }
  free(obj);
  buf_free(&tmp);
  jit_before_dlopen = NULL;
}

#define NAMED_SRC(name, val)                                   \
  "int " name "(void *const *args, void *ws);\n"               \
  "int " name "(void *const *args, void *ws) {\n"              \
  "  (void)ws;\n"                                              \
  "  *(int *)args[0] = " val ";\n"                             \
  "  return 0;\n"                                              \
  "}\n"

TEST(entry_replaced_before_dlopen) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  static const char *const srcs[3] = {NAMED_SRC("f1", "11"), NAMED_SRC("f2", "22"),
                                      NAMED_SRC("f3", "33")};
  static const char *const names[3] = {"f1", "f2", "f3"};
  /* compile all three into the cache, then start a fresh process image
   * of the loader (unload) so the next loads are cache hits */
  for (int i = 0; i < 3; i++) ASSERT(jit_load(srcs[i], names[i], &o, err, sizeof err) != NULL);
  jit_unload_all();
  int c0 = jit_stats()->compiles;
  replaced_count = 0;
  for (int i = 0; i < 3; i++) {
    jit_before_dlopen = replace_entry;
    CgEntryFn f = jit_load(srcs[i], names[i], &o, err, sizeof err);
    if (!f) fprintf(stderr, "%s: %s\n", names[i], err);
    ASSERT(f != NULL);
    int out = 0;
    void *args[1] = {&out};
    if (f) ASSERT_INT(0, f(args, NULL));
    ASSERT_INT(11 * (i + 1), out);
  }
  jit_before_dlopen = NULL;
  ASSERT_INT(3, replaced_count);
  ASSERT_INT(c0, jit_stats()->compiles); /* the replacement was checked and loaded */
  ASSERT_INT(0, count_files(dir, "tmp"));
  done(dir);
}

/* The manifest reader is strict; SHA-256 gives FIPS 180-4's digests. */
TEST(manifest_and_sha256) {
  static const char good[] = "msc-jit-manifest 1\nkey 00000000000000ff\nsize 12\nsha256 "
                             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n";
  JitManifest m;
  ASSERT(jit_manifest_parse(good, sizeof good - 1, &m));
  ASSERT(m.key == 255 && m.size == 12);
  ASSERT(!jit_manifest_parse(good, sizeof good - 2, &m)); /* no final newline */
  ASSERT(!jit_manifest_parse("msc-jit-manifest 1\nkey 0\n", 25, &m));
  ASSERT(!jit_manifest_parse("", 0, &m));
  const char *in[] = {"abc", "", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"};
  const char *out[] = {"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"};
  for (int i = 0; i < 3; i++) {
    Sha256 sh;
    uint8_t d[32];
    char hex[65];
    sha256_init(&sh);
    for (const char *p = in[i]; *p; p++) sha256_update(&sh, p, 1); /* byte by byte */
    sha256_final(&sh, d);
    sha256_hex(d, hex);
    ASSERT_STR(out[i], hex);
  }
}

/* Captures stderr of one jit_load into buf. */
static CgEntryFn load_capturing(const char *text, const JitOptions *o, char *buf, size_t cap) {
  fflush(stderr);
  char tmpl[] = "/tmp/msc-test-jit-err-XXXXXX";
  int fd = mkstemp(tmpl);
  int saved = dup(2);
  dup2(fd, 2);
  CgEntryFn f = jit_load(text, "f", o, err, sizeof err);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  ssize_t n = pread(fd, buf, cap - 1, 0);
  buf[n > 0 ? n : 0] = '\0';
  close(fd);
  unlink(tmpl);
  return f;
}

TEST(verbose_lines) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir, .verbose = true};
  char out[2048], so[1024];
  ASSERT(runs_sqrt(load_capturing(SQRT_SRC, &o, out, sizeof out)));
  ASSERT(find_key_file(dir, ".so", so, sizeof so));
  double ms = -1;
  char path[1024] = "";
  ASSERT_INT(2, sscanf(out, "msc: jit: cc %lf ms -> %1023s", &ms, path));
  ASSERT(ms > 0);
  ASSERT_STR(so, path);
  ASSERT(strchr(out, '\n') == out + strlen(out) - 1); /* one line */
  ASSERT(!strncmp(out, "msc: jit: cc ", 13) && strstr(out, " ms -> "));
  /* one decimal */
  const char *dot = strchr(out + 13, '.');
  ASSERT(dot && !strncmp(dot + 2, " ms -> ", 7));
  load_capturing(SQRT_SRC, &o, out, sizeof out); /* in process */
  Buf want = {0};
  buf_printf(&want, "msc: jit: cache hit %s\n", so);
  ASSERT_STR(want.data, out);
  jit_unload_all();
  load_capturing(SQRT_SRC, &o, out, sizeof out); /* on disk */
  ASSERT_STR(want.data, out);
  buf_free(&want);
  o.verbose = false;
  jit_unload_all();
  load_capturing(SQRT_SRC, &o, out, sizeof out);
  ASSERT_STR("", out);
  done(dir);
}

TEST(null_err_buffer) {
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  set_cc("/nonexistent");
  ASSERT(jit_load(SQRT_SRC, "f", &o, NULL, 0) == NULL);
  restore_cc();
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, NULL, 0)));
  done(dir);
}

/* Two processes racing to compile the same new key: both load a complete
 * object, and no temporary file is left. Repeated a few times. */
TEST(concurrent_processes) {
  for (int round = 0; round < 3; round++) {
    char *dir = new_cache();
    JitOptions o = {.cache_dir = dir};
    int go[2];
    ASSERT(pipe(go) == 0);
    fflush(NULL);
    pid_t kids[2];
    for (int k = 0; k < 2; k++) {
      kids[k] = fork();
      if (kids[k] == 0) {
        close(go[1]);
        char c;
        if (read(go[0], &c, 1) < 0) _exit(2); /* wait for the start */
        jit_unload_all();
        CgEntryFn f = jit_load(SQRT_SRC, "f", &o, err, sizeof err);
        int ok = runs_sqrt(f);
        if (!ok) fprintf(stderr, "child: %s\n", err);
        jit_unload_all();
        _exit(ok ? 0 : 1);
      }
    }
    close(go[0]);
    close(go[1]); /* EOF releases both children at once */
    for (int k = 0; k < 2; k++) {
      int st = 0;
      ASSERT(kids[k] > 0 && waitpid(kids[k], &st, 0) == kids[k]);
      ASSERT(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    }
    ASSERT_INT(0, count_files(dir, "tmp"));
    ASSERT_INT(1, count_files(dir, ".so"));
    ASSERT_INT(1, count_files(dir, ".log"));
    done(dir);
  }
}

/* An object defining msc_host_init: it keeps the table, and its entry f
 * writes the pointer it got and the number of init calls into args[0] and
 * args[1], then says "hi" through the table's write. The struct is the
 * object's own copy of codegen.h's MscHost, as generated code will have. */
#define HOST_SRC                                                              \
  "#include <stddef.h>\n"                                                     \
  "#include <stdint.h>\n"                                                     \
  "typedef struct MscHost {\n"                                                \
  "  uint32_t abi_version;\n"                                                 \
  "  uint32_t size;\n"                                                        \
  "  void (*write)(const char *s, size_t n);\n"                               \
  "} MscHost;\n"                                                              \
  "static const MscHost *host;\n"                                             \
  "static int ninit;\n"                                                       \
  "void msc_host_init(const MscHost *h);\n"                                   \
  "void msc_host_init(const MscHost *h) { host = h; ninit++; }\n"             \
  "int f(void *const *args, void *ws);\n"                                     \
  "int f(void *const *args, void *ws) {\n"                                    \
  "  (void)ws;\n"                                                             \
  "  *(const MscHost **)args[0] = host;\n"                                    \
  "  *(int *)args[1] = ninit;\n"                                              \
  "  if (!host || host->abi_version != 1u || host->size < sizeof(MscHost))\n" \
  "    return 1;\n"                                                           \
  "  host->write(\"hi\", 2);\n"                                               \
  "  return 0;\n"                                                             \
  "}\n"

static char host_out[16];
static void host_out_write(void *ctx, const char *s, size_t n) {
  (void)ctx;
  size_t len = strlen(host_out);
  if (len + n < sizeof host_out) memcpy(host_out + len, s, n);
}

TEST(host_table_reaches_msc_host_init) {
  ASSERT_INT(MSC_HOST_ABI_VERSION, jit_host()->abi_version);
  ASSERT_INT(sizeof(MscHost), jit_host()->size);
  char *dir = new_cache();
  JitOptions o = {.cache_dir = dir};
  msrt_set_output(host_out_write, NULL);
  for (int round = 0; round < 2; round++) { /* the second is an in-process hit */
    memset(host_out, 0, sizeof host_out);
    CgEntryFn f = jit_load(HOST_SRC, "f", &o, err, sizeof err);
    ASSERT_STR("", err);
    ASSERT(f != NULL);
    const MscHost *got = NULL;
    int ninit = 0;
    void *args[2] = {(void *)&got, &ninit};
    ASSERT_INT(0, f ? f(args, NULL) : -1);
    ASSERT(got == jit_host());
    ASSERT_INT(1, ninit); /* once per dlopen */
    ASSERT_STR("hi", host_out);
  }
  msrt_set_output(NULL, NULL);
  /* an object without msc_host_init loads as before */
  ASSERT(runs_sqrt(jit_load(SQRT_SRC, "f", &o, err, sizeof err)));
  done(dir);
}

/* MscHost.interpret (JIT Fallback's PyExecute) reaches the function
 * jit_set_interpret registered, with the node's id and buffers; without
 * one it refuses (MSRT_EINVAL), as generated code then returns. */
static int interp_calls;
static int fake_interpret(void *ctx, uint32_t id, void *const *in, void *out) {
  interp_calls += *(int *)ctx;
  *(int64_t *)out = (int64_t)id * 2 + *(const int64_t *)in[0];
  return 0;
}

TEST(host_interpret_reaches_the_registered_function) {
  int64_t a = 5, r = 0;
  void *in[1] = {&a};
  ASSERT(jit_host()->interpret != NULL);
  int one = 1;
  jit_set_interpret(NULL, NULL);
  ASSERT_INT(MSRT_EINVAL, jit_host()->interpret(3, in, &r));
  jit_set_interpret(fake_interpret, &one);
  ASSERT_INT(0, jit_host()->interpret(21, in, &r));
  ASSERT_INT(47, (int)r);
  ASSERT_INT(1, interp_calls);
  jit_set_interpret(NULL, NULL);
}

/* What JIT'd code can bind to in this binary: the runtime, and not the
 * interpreter or the compiler (driver/msc.dynlist). */
TEST(only_the_runtime_is_exported) {
  ASSERT(dlsym(RTLD_DEFAULT, "msrt_write") != NULL);
  ASSERT(dlsym(RTLD_DEFAULT, "msrt_unary") != NULL);
  ASSERT(dlsym(RTLD_DEFAULT, "interp_new") == NULL);
  ASSERT(dlsym(RTLD_DEFAULT, "rt_call") == NULL);
  ASSERT(dlsym(RTLD_DEFAULT, "jit_load") == NULL);
  ASSERT(dlsym(RTLD_DEFAULT, "ir_module_new") == NULL);
}

UNIT_MAIN()
