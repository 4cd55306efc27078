/* threads.c — MSC_NUM_THREADS: msc's own GEMM (eager kernels, the
 * reference executor, JIT'd graphs, which call msc's msrt_*) split over
 * several cores through runtime/gemm.c's parallel callback
 * (msrt_set_parallel). Host only: generated libraries never get one.
 *
 * MSC_NUM_THREADS unset, empty or 1: nothing is installed (one thread, as
 * before). N > 1 (at most MSC_MAX_THREADS): each parallel call runs task 0
 * on the calling thread and tasks 1..n-1 on the pool's workers (below),
 * and returns when all are done (gemm and conv only split at least a
 * million multiply-adds). Each task has its own scratch (gemm's pack
 * buffer, a convolution's workspace). Results are the same bits as one
 * thread: gemm splits columns of C, conv images or filter rows, and each
 * output's chain is unchanged (runtime/gemm.c, runtime/nn.c). An invalid
 * value is an error at startup. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../runtime/msrt.h"

#define MSC_MAX_THREADS 16

int msc_threads_init(void);

static int nthreads = 1;
/* nthreads scratches of MSRT_PAR_SCRATCH bytes, allocated when threads
 * are asked for (not in .bss: LeakSanitizer scans that at every exit) */
static unsigned char *scratch[MSC_MAX_THREADS];
/* set while this thread runs a task: a parallel call from a task (a GEMM
 * inside a convolution's task) is refused and runs on that task */
static _Thread_local int in_task;

/* The pool: nthreads - 1 workers, started at the first parallel call and
 * kept (a thread start per call cost ~100 us on a VM: the MLP forward at
 * batch 64 ran 0.84x as fast on two threads as on one). A call publishes
 * its job under mu, bumps gen and wakes them; worker i runs task i if
 * i < n, and the last to finish wakes the caller, which runs task 0 in
 * the meantime. One call at a time: a second caller thread (none in msc
 * today) is refused and runs its tasks itself. */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER, done = PTHREAD_COND_INITIALIZER;
static unsigned long gen;    /* jobs published */
static msrt_task_fn job_task;
static void *job_arg;
static int job_n, pending, busy, workers = -1; /* workers started (-1: not yet) */

static void *worker(void *p) {
  int i = (int)(intptr_t)p;
  unsigned long seen = 0;
  in_task = 1;
  pthread_mutex_lock(&mu);
  for (;;) {
    while (gen == seen) pthread_cond_wait(&go, &mu);
    seen = gen;
    if (i >= job_n) continue;
    msrt_task_fn task = job_task;
    void *arg = job_arg;
    pthread_mutex_unlock(&mu);
    task(arg, i, scratch[i]);
    pthread_mutex_lock(&mu);
    if (--pending == 0) pthread_cond_signal(&done);
  }
  return NULL;
}

static void start_workers(void) {
  pthread_attr_t at;
  workers = 0;
  if (pthread_attr_init(&at) != 0) return;
  pthread_attr_setdetachstate(&at, PTHREAD_CREATE_DETACHED);
  for (int i = 1; i < nthreads; i++) {
    pthread_t th;
    if (pthread_create(&th, &at, worker, (void *)(intptr_t)i) != 0) break;
    workers = i;
  }
  pthread_attr_destroy(&at);
}

static int par(void *ctx, int n, msrt_task_fn task, void *arg) {
  (void)ctx;
  if (n == 0) return nthreads;
  if (n < 1 || n > nthreads || in_task) return 1;
  pthread_mutex_lock(&mu);
  if (busy) {
    pthread_mutex_unlock(&mu);
    return 1;
  }
  if (workers < 0) start_workers();
  int m = n - 1 < workers ? n - 1 : workers; /* tasks 1..m on the workers */
  busy = 1;
  job_task = task;
  job_arg = arg;
  job_n = m + 1;
  pending = m;
  gen++;
  if (m > 0) pthread_cond_broadcast(&go);
  pthread_mutex_unlock(&mu);
  in_task = 1;
  task(arg, 0, scratch[0]);
  for (int i = m + 1; i < n; i++) task(arg, i, scratch[i]); /* workers that could not start */
  in_task = 0;
  pthread_mutex_lock(&mu);
  while (pending > 0) pthread_cond_wait(&done, &mu);
  busy = 0;
  pthread_mutex_unlock(&mu);
  return 0;
}

/* Reads MSC_NUM_THREADS; 0 on success, else prints an error and returns 2. */
int msc_threads_init(void) {
  const char *e = getenv("MSC_NUM_THREADS");
  if (!e || !*e) return 0;
  char *end;
  errno = 0;
  long n = strtol(e, &end, 10);
  if (errno || *end || n < 1 || n > MSC_MAX_THREADS) {
    fprintf(stderr, "msc: error: MSC_NUM_THREADS='%s': expected a number of threads from 1 to %d\n", e,
            MSC_MAX_THREADS);
    return 2;
  }
  if (n > 1) {
    for (int i = 0; i < n; i++) {
      void *p = NULL;
      if (posix_memalign(&p, 64, (size_t)MSRT_PAR_SCRATCH) != 0) {
        fprintf(stderr, "msc: error: MSC_NUM_THREADS=%ld: out of memory for the threads' scratch\n", n);
        return 2;
      }
      scratch[i] = p;
    }
    nthreads = (int)n;
    msrt_set_parallel(par, NULL);
  }
  return 0;
}
