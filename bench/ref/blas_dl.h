/* blas_dl.h — OpenBLAS's cblas_sgemm, dlopen'ed (Debian's libopenblas0: no
 * -dev package needed), for the bench's references (bench/ref/handref.c,
 * bench/gemm_bench.c). Include once per program; link with -ldl. */
#ifndef MSC_BENCH_BLAS_DL_H
#define MSC_BENCH_BLAS_DL_H
#include <dlfcn.h>
#include <stddef.h>

enum { RowMajor = 101, NoTrans = 111, Trans = 112 };
typedef void (*sgemm_fn)(int order, int ta, int tb, int M, int N, int K, float alpha,
                         const float *A, int lda, const float *B, int ldb, float beta, float *C,
                         int ldc);
static sgemm_fn blas_sgemm;

/* Sets blas_sgemm; returns openblas_get_corename() (or "openblas"), NULL
 * when no OpenBLAS is found. */
static const char *load_blas(void) {
  static const char *const libs[] = {
      "libopenblas.so.0", "/usr/lib/x86_64-linux-gnu/openblas-pthread/libopenblas.so.0",
      "/usr/lib/aarch64-linux-gnu/openblas-pthread/libopenblas.so.0"};
  size_t i;
  for (i = 0; i < sizeof libs / sizeof libs[0]; i++) {
    void *h = dlopen(libs[i], RTLD_NOW);
    if (h) {
      char *(*corename)(void);
      *(void **)&blas_sgemm = dlsym(h, "cblas_sgemm");
      *(void **)&corename = dlsym(h, "openblas_get_corename");
      if (blas_sgemm) return corename ? corename() : "openblas";
    }
  }
  return NULL;
}
#endif
