/* msc-checked MSC [ARGS...] -- what lit's %msc expands to (tests/lit.cfg.py;
 * the Makefile builds it as $(O)/msc-checked beside msc).
 *
 * Runs MSC ARGS with stdin and stdout passed through and stderr held in a
 * memory file, then copies that stderr to ours and exits with MSC's status.
 * A run that is not clean aborts this program (SIGABRT), so that both
 * `%msc ...` and `not %msc ...` fail in lit:
 *   - msc reported a refcount leak ("objects leaked", MSC_CHECK_LEAKS=1),
 *   - a sanitizer report (ASan, LSan, UBSan) appeared on stderr,
 *   - msc was killed by a signal (status >= 128),
 *   - msc ran longer than $MSC_TEST_TIMEOUT seconds (default 60): it and
 *     the processes it started (its own process group) are killed with
 *     SIGKILL, status 137, as `timeout -s KILL` would.
 * Statuses as a shell gives them: 128+N for signal N, 126/127 when MSC
 * cannot be run.
 *
 * It was a shell script running mktemp, timeout and rm around each msc run:
 * four processes per run, ~8% of the lit suite's cpu time on a VM where
 * every fork and exec goes through the hypervisor. One posix_spawn now.
 * tests/e2e/msc_checked_wrapper.py checks every case with a stand-in msc. */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static volatile sig_atomic_t timed_out;

static void on_alarm(int sig) {
  (void)sig;
  timed_out = 1;
}

static void write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return;
    }
    p += w;
    n -= (size_t)w;
  }
}

/* the whole of fd (a memory file) from its start, NUL-terminated; NULL when
 * it cannot be read (then the run counts as clean only if it was empty) */
static char *slurp(int fd, size_t *len) {
  off_t end = lseek(fd, 0, SEEK_END);
  *len = 0;
  if (end <= 0 || lseek(fd, 0, SEEK_SET) != 0) return NULL;
  char *buf = malloc((size_t)end + 1);
  if (!buf) return NULL;
  size_t got = 0;
  while (got < (size_t)end) {
    ssize_t r = read(fd, buf + got, (size_t)end - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += (size_t)r;
  }
  buf[got] = '\0';
  *len = got;
  return buf;
}

/* what the first report on stderr says, in the order they appear */
static const char *report_kind(const char *s, size_t n) {
  static const char *const pats[] = {
      "objects leaked",
      "ERROR: AddressSanitizer",
      "ERROR: LeakSanitizer",
      "SUMMARY: AddressSanitizer",
      "SUMMARY: LeakSanitizer",
      "SUMMARY: UndefinedBehaviorSanitizer",
      ": runtime error: ",
  };
  const char *first = NULL;
  size_t which = 0;
  for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++) {
    const char *hit = memmem(s, n, pats[i], strlen(pats[i]));
    if (hit && (!first || hit < first)) {
      first = hit;
      which = i;
    }
  }
  if (!first) return NULL;
  return which == 0 ? "msc reported a refcount leak" : "sanitizer report";
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: msc-checked MSC [ARGS...]\n");
    return 2;
  }
  long limit = 60;
  const char *t = getenv("MSC_TEST_TIMEOUT");
  if (t && *t) {
    char *end;
    long v = strtol(t, &end, 10);
    if (*end == '\0' && v > 0) limit = v;
  }
  int err = memfd_create("msc-checked", MFD_CLOEXEC);
  if (err < 0) {
    perror("msc-checked: memfd_create");
    return 70;
  }
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, err, 2);
  posix_spawnattr_init(&at);
  /* its own process group, so that a timeout kills what msc started too
   * (the C compiler of the JIT), as timeout(1) does */
  posix_spawnattr_setpgroup(&at, 0);
  sigset_t none;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&at, &none);
  posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_alarm; /* no SA_RESTART: waitpid returns EINTR */
  sigaction(SIGALRM, &sa, NULL);
  pid_t pid;
  int rc;
  int e = posix_spawn(&pid, argv[1], &fa, &at, argv + 1, environ);
  if (e != 0) {
    fprintf(stderr, "msc-checked: %s: %s\n", argv[1], strerror(e));
    rc = e == ENOENT ? 127 : 126;
  } else {
    alarm((unsigned)limit);
    int st = 0;
    for (;;) {
      pid_t w = waitpid(pid, &st, 0);
      if (w == pid) break;
      if (w < 0 && errno == EINTR) {
        if (timed_out) {
          kill(-pid, SIGKILL);
          kill(pid, SIGKILL);
        }
        continue;
      }
      perror("msc-checked: waitpid");
      return 70;
    }
    alarm(0);
    if (timed_out) rc = 137;
    else if (WIFEXITED(st)) rc = WEXITSTATUS(st);
    else if (WIFSIGNALED(st)) rc = 128 + WTERMSIG(st);
    else rc = 70;
  }
  size_t n;
  char *text = slurp(err, &n);
  if (text) write_all(2, text, n);
  const char *why = NULL;
  char buf[64];
  if (rc >= 124) {
    if (rc == 124 || rc == 137) snprintf(buf, sizeof buf, "msc timed out or was killed (status %d)", rc);
    else if (rc <= 127) snprintf(buf, sizeof buf, "msc could not be run (status %d)", rc);
    else snprintf(buf, sizeof buf, "msc was killed by signal %d", rc - 128);
    why = buf;
  } else if (text) {
    why = report_kind(text, n);
  }
  free(text);
  if (why) {
    fprintf(stderr, "msc-checked: FAILED: %s:", why);
    for (int i = 1; i < argc; i++) fprintf(stderr, " %s", argv[i]);
    fputc('\n', stderr);
    fflush(stderr);
    signal(SIGABRT, SIG_DFL);
    raise(SIGABRT);
    return 134;
  }
  return rc;
}
