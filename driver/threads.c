/* threads.c — MSC_NUM_THREADS: msc's own GEMM (eager kernels, the
 * reference executor, JIT'd graphs, which call msc's msrt_*) split over
 * several cores through runtime/gemm.c's parallel callback
 * (msrt_set_parallel). Host only: generated libraries never get one.
 *
 * MSC_NUM_THREADS unset, empty or 1: nothing is installed (one thread, as
 * before). N > 1 (at most MSC_MAX_THREADS): each parallel call runs task 0
 * on the calling thread and tasks 1..n-1 on threads started for the call
 * and joined before it returns (gemm only splits products of at least a
 * million multiply-adds, which dwarf a thread start). Each task has its
 * own scratch (gemm's pack buffer). Results are the same bits as one
 * thread: the split is over columns of C and each output's chain is
 * unchanged (runtime/gemm.c). An invalid value is an error at startup. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "../runtime/msrt.h"

#define MSC_MAX_THREADS 16

int msc_threads_init(void);

static int nthreads = 1;
static unsigned char scratch[MSC_MAX_THREADS][MSRT_PAR_SCRATCH] __attribute__((aligned(64)));

typedef struct Job {
  msrt_task_fn task;
  void *arg;
  int i;
} Job;

static void *run_job(void *p) {
  Job *j = (Job *)p;
  j->task(j->arg, j->i, scratch[j->i]);
  return NULL;
}

static int par(void *ctx, int n, msrt_task_fn task, void *arg) {
  pthread_t th[MSC_MAX_THREADS];
  Job jobs[MSC_MAX_THREADS];
  int started = 0;
  (void)ctx;
  if (n == 0) return nthreads;
  if (n < 1 || n > nthreads) return 1;
  for (int i = 1; i < n; i++) {
    jobs[i] = (Job){task, arg, i};
    if (pthread_create(&th[i], NULL, run_job, &jobs[i]) != 0) break;
    started = i;
  }
  task(arg, 0, scratch[0]);
  for (int i = 1; i <= started; i++) pthread_join(th[i], NULL);
  for (int i = started + 1; i < n; i++) task(arg, i, scratch[i]); /* a thread could not start */
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
  nthreads = (int)n;
  if (nthreads > 1) msrt_set_parallel(par, NULL);
  return 0;
}
