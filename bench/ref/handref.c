/* handref.c — bench/'s own hand-written C references for `make bench`
 * (issue 17): what a careful programmer writes by hand for the workloads
 * msc compiles, built with the best flags (scripts/bench_refs.py: cc -O3
 * -march=native). Never part of `make test`.
 *
 *   handref mlp      the seed MLP 784-512-512-10 forward (ReLU), batch 64
 *                    and 1: three sgemm (x W^T, weights [out, in] as
 *                    nn.Dense stores them) each followed by one fused
 *                    bias + ReLU pass
 *   handref train    one training step of that MLP at batch 64: forward,
 *                    softmax cross-entropy (mean), backward (dW = dY^T X,
 *                    dX = dY W, ReLU masks), then one fused Adam loop per
 *                    Parameter (m, v and p updated in place, MindSpore's
 *                    Adam: lr * sqrt(1 - b2^t) / (1 - b1^t))
 *   handref lenet    LeNet-5 forward (1x32x32; conv 5x5 6 -> ReLU -> max
 *                    pool 2, conv 5x5 16 -> ReLU -> pool, Dense
 *                    400-120-84-10), batch 64 and 1: im2col + sgemm per
 *                    image, bias + ReLU fused, then the pooling
 *   handref sgemm    GFLOP/s of one 1024^3 sgemm (the BLAS check)
 *
 * The sgemm is OpenBLAS's cblas_sgemm (Debian's libopenblas0, found with
 * dlopen so no -dev package is needed; OPENBLAS_NUM_THREADS=1 and the
 * OPENBLAS_CORETYPE that scripts/bench_refs.py measured best), or, without
 * OpenBLAS, a plain register-friendly C loop. The first line printed is
 * "core NAME" (openblas_get_corename(), or "plain-C"), then "batch B:
 * SECONDS [CHECKSUM]" lines as bench/'s other references print. */
#define _POSIX_C_SOURCE 199309L
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "blas_dl.h"

/* C = op(A) op(B) (+ C when beta is 1), plain loops (no BLAS). */
static void plain_sgemm(int ta, int tb, int M, int N, int K, const float *A, int lda,
                        const float *B, int ldb, float beta, float *C, int ldc) {
  int i, j, p;
  for (i = 0; i < M; i++) {
    float *restrict c = C + (long)i * ldc;
    if (beta == 0)
      for (j = 0; j < N; j++) c[j] = 0;
    if (tb) {
      for (j = 0; j < N; j++) {
        const float *b = B + (long)j * ldb;
        float s = 0;
        for (p = 0; p < K; p++) s += (ta ? A[(long)p * lda + i] : A[(long)i * lda + p]) * b[p];
        c[j] += s;
      }
    } else {
      for (p = 0; p < K; p++) {
        const float a = ta ? A[(long)p * lda + i] : A[(long)i * lda + p];
        const float *restrict b = B + (long)p * ldb;
        for (j = 0; j < N; j++) c[j] += a * b[j];
      }
    }
  }
}

static void sgemm(int ta, int tb, int M, int N, int K, const float *A, int lda, const float *B,
                  int ldb, float beta, float *C, int ldc) {
  if (blas_sgemm)
    blas_sgemm(RowMajor, ta ? Trans : NoTrans, tb ? Trans : NoTrans, M, N, K, 1.0f, A, lda, B,
               ldb, beta, C, ldc);
  else
    plain_sgemm(ta, tb, M, N, K, A, lda, B, ldb, beta, C, ldc);
}

/* handref sgemm: the calling thread's CPU time (a 1024^3 sgemm outlasts a
 * scheduler slice on a loaded machine; one BLAS thread runs in the caller) */
static int cpu_clock;

static double now(void) {
  struct timespec t;
  clock_gettime(cpu_clock ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static unsigned seed = 1;
static float frand(void) {
  seed = seed * 1103515245u + 12345u;
  return (float)((seed >> 8) & 0xffff) / 65536.0f - 0.5f;
}
static float *alloc(long n, float scale) {
  float *p = malloc(sizeof(float) * (size_t)n);
  long i;
  for (i = 0; i < n; i++) p[i] = frand() * scale;
  return p;
}

/* y[M, N] = act(y + b) in one pass */
static void bias_act(float *restrict y, const float *restrict b, int M, int N, int relu) {
  int i, j;
  for (i = 0; i < M; i++) {
    float *restrict r = y + (long)i * N;
    if (relu)
      for (j = 0; j < N; j++) {
        float v = r[j] + b[j];
        r[j] = v > 0 ? v : 0;
      }
    else
      for (j = 0; j < N; j++) r[j] += b[j];
  }
}

/* ---------------------------------------------------------------- MLP */

static const int dims[4] = {784, 512, 512, 10};
static float *W[3], *Bv[3], *H[4];

static void mlp_init(int batch) {
  int l;
  for (l = 0; l < 3; l++) {
    W[l] = alloc((long)dims[l] * dims[l + 1], 2.0f / sqrtf((float)dims[l]));
    Bv[l] = alloc(dims[l + 1], 0.1f);
  }
  for (l = 0; l < 4; l++) H[l] = alloc((long)batch * dims[l], 1.0f);
}

static void mlp_fwd(int batch) {
  int l;
  for (l = 0; l < 3; l++) {
    sgemm(0, 1, batch, dims[l + 1], dims[l], H[l], dims[l], W[l], dims[l], 0.0f, H[l + 1],
          dims[l + 1]);
    bias_act(H[l + 1], Bv[l], batch, dims[l + 1], l < 2);
  }
}

/* ---------------------------------------------------------------- train */

static float *G[3], *Gb[3], *M1[3], *V1[3], *Mb[3], *Vb[3], *D[4];
static int labels[64];
static int step_t;

/* MindSpore's Adam, one pass: m, v, p in place. */
static void adam(float *restrict p, float *restrict m, float *restrict v,
                 const float *restrict g, long n, float lr_t) {
  const float b1 = 0.9f, b2 = 0.999f, eps = 1e-8f;
  long i;
  for (i = 0; i < n; i++) {
    float gi = g[i];
    float mi = b1 * m[i] + (1.0f - b1) * gi;
    float vi = b2 * v[i] + (1.0f - b2) * gi * gi;
    m[i] = mi;
    v[i] = vi;
    p[i] -= lr_t * mi / (sqrtf(vi) + eps);
  }
}

static float train_step(int batch) {
  int l, i, j;
  float loss = 0, lr_t;
  mlp_fwd(batch);
  /* softmax cross-entropy, dlogits = (softmax - onehot) / batch */
  for (i = 0; i < batch; i++) {
    float *z = H[3] + i * 10, *d = D[3] + i * 10, mx = z[0], s = 0;
    for (j = 1; j < 10; j++) mx = z[j] > mx ? z[j] : mx;
    for (j = 0; j < 10; j++) s += d[j] = expf(z[j] - mx);
    loss += logf(s) - (z[labels[i]] - mx);
    for (j = 0; j < 10; j++) d[j] = (d[j] / s - (j == labels[i])) / (float)batch;
  }
  for (l = 2; l >= 0; l--) {
    int n = dims[l + 1], k = dims[l];
    /* dW[n, k] = dY^T X, db = column sums of dY */
    sgemm(1, 0, n, k, batch, D[l + 1], n, H[l], k, 0.0f, G[l], k);
    for (j = 0; j < n; j++) Gb[l][j] = 0;
    for (i = 0; i < batch; i++)
      for (j = 0; j < n; j++) Gb[l][j] += D[l + 1][i * n + j];
    if (l > 0) { /* dX = dY W, masked by the ReLU of the layer below */
      float *restrict dx = D[l];
      const float *restrict h = H[l];
      long e, ne = (long)batch * k;
      sgemm(0, 0, batch, k, n, D[l + 1], n, W[l], k, 0.0f, D[l], k);
      for (e = 0; e < ne; e++) dx[e] = h[e] > 0 ? dx[e] : 0;
    }
  }
  step_t++;
  lr_t = 1e-3f * sqrtf(1.0f - powf(0.999f, (float)step_t)) / (1.0f - powf(0.9f, (float)step_t));
  for (l = 0; l < 3; l++) {
    adam(W[l], M1[l], V1[l], G[l], (long)dims[l] * dims[l + 1], lr_t);
    adam(Bv[l], Mb[l], Vb[l], Gb[l], dims[l + 1], lr_t);
  }
  return loss / (float)batch;
}

static void train_init(int batch) {
  int l, i;
  mlp_init(batch);
  for (l = 0; l < 3; l++) {
    long n = (long)dims[l] * dims[l + 1];
    G[l] = alloc(n, 0);
    M1[l] = alloc(n, 0);
    V1[l] = alloc(n, 0);
    Gb[l] = alloc(dims[l + 1], 0);
    Mb[l] = alloc(dims[l + 1], 0);
    Vb[l] = alloc(dims[l + 1], 0);
  }
  for (l = 0; l < 4; l++) D[l] = alloc((long)batch * dims[l], 0);
  for (i = 0; i < batch; i++) labels[i] = i % 10;
}

/* ---------------------------------------------------------------- LeNet */

static float *cw1, *cb1, *cw2, *cb2, *fw[3], *fb[3];
static float *img, *col, *c1, *p1, *c2, *p2, *f1, *f2, *f3;

/* col[(c*k*k + u*k + v), (y*ow + x)] = in[c, y+u, x+v] */
static void im2col(const float *restrict in, int C, int H_, int Wd, int k, float *restrict out) {
  int c, u, v, y, oh = H_ - k + 1, ow = Wd - k + 1;
  for (c = 0; c < C; c++)
    for (u = 0; u < k; u++)
      for (v = 0; v < k; v++) {
        float *restrict o = out + (long)((c * k + u) * k + v) * oh * ow;
        for (y = 0; y < oh; y++) memcpy(o + y * ow, in + ((long)c * H_ + y + u) * Wd + v,
                                        sizeof(float) * (size_t)ow);
      }
}

/* out[C, H/2, W/2] = max over 2x2 of relu(in + bias[c]) */
static void relu_pool(const float *restrict in, const float *restrict bias, int C, int H_, int Wd,
                      float *restrict out) {
  int c, y, x;
  for (c = 0; c < C; c++) {
    const float b = bias[c];
    for (y = 0; y < H_ / 2; y++)
      for (x = 0; x < Wd / 2; x++) {
        const float *r = in + ((long)c * H_ + 2 * y) * Wd + 2 * x;
        float m = r[0], t;
        t = r[1]; m = t > m ? t : m;
        t = r[Wd]; m = t > m ? t : m;
        t = r[Wd + 1]; m = t > m ? t : m;
        m += b;
        out[((long)c * (H_ / 2) + y) * (Wd / 2) + x] = m > 0 ? m : 0;
      }
  }
}

static void lenet_init(int batch) {
  static const int fd[4] = {400, 120, 84, 10};
  int l;
  cw1 = alloc(6 * 25, 0.4f);
  cb1 = alloc(6, 0.1f);
  cw2 = alloc(16 * 150, 0.16f);
  cb2 = alloc(16, 0.1f);
  for (l = 0; l < 3; l++) {
    fw[l] = alloc(fd[l] * fd[l + 1], 0.1f);
    fb[l] = alloc(fd[l + 1], 0.1f);
  }
  img = alloc((long)batch * 1024, 1.0f);
  col = alloc(150 * 784, 0);
  c1 = alloc(6 * 784, 0);
  p1 = alloc(6 * 196, 0);
  c2 = alloc(16 * 100, 0);
  p2 = alloc((long)batch * 400, 0);
  f1 = alloc((long)batch * 120, 0);
  f2 = alloc((long)batch * 84, 0);
  f3 = alloc((long)batch * 10, 0);
}

/* max-pool commutes with the (monotonic) bias add and ReLU, so they run
 * after the pooling on a quarter of the values */
static void lenet_fwd(int batch) {
  int n;
  for (n = 0; n < batch; n++) {
    im2col(img + (long)n * 1024, 1, 32, 32, 5, col);
    sgemm(0, 0, 6, 784, 25, cw1, 25, col, 784, 0.0f, c1, 784);
    relu_pool(c1, cb1, 6, 28, 28, p1);
    im2col(p1, 6, 14, 14, 5, col);
    sgemm(0, 0, 16, 100, 150, cw2, 150, col, 100, 0.0f, c2, 100);
    relu_pool(c2, cb2, 16, 10, 10, p2 + (long)n * 400);
  }
  sgemm(0, 1, batch, 120, 400, p2, 400, fw[0], 400, 0.0f, f1, 120);
  bias_act(f1, fb[0], batch, 120, 1);
  sgemm(0, 1, batch, 84, 120, f1, 120, fw[1], 120, 0.0f, f2, 84);
  bias_act(f2, fb[1], batch, 84, 1);
  sgemm(0, 1, batch, 10, 84, f2, 84, fw[2], 84, 0.0f, f3, 10);
  bias_act(f3, fb[2], batch, 10, 0);
}

/* ---------------------------------------------------------------- timing */

/* best over 5 rounds of the mean of enough calls to last about `secs` */
static double timeit(void (*fn)(int), int batch, double secs) {
  double best = 1e30, t;
  long reps = 1, i;
  int r;
  fn(batch);
  for (;;) {
    t = now();
    for (i = 0; i < reps; i++) fn(batch);
    t = now() - t;
    if (t > secs || reps > (1L << 24)) break;
    reps *= 2;
  }
  for (r = 0; r < 5; r++) {
    t = now();
    for (i = 0; i < reps; i++) fn(batch);
    t = (now() - t) / (double)reps;
    if (t < best) best = t;
  }
  return best;
}

static float last_loss;
static void train_fn(int batch) { last_loss = train_step(batch); }

static float *GA, *GB, *GC;
static void sgemm_fn_(int n) { sgemm(0, 0, n, n, n, GA, n, GB, n, 0.0f, GC, n); }

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "";
  const char *core = load_blas();
  if (!core) core = "plain-C";
  double secs = 0.05;
  printf("core %s\n", core);
  if (strcmp(what, "mlp") == 0) {
    int b;
    for (b = 64; b >= 1; b -= 63) {
      mlp_init(b);
      printf("batch %d: %.9f\n", b, timeit(mlp_fwd, b, secs));
    }
  } else if (strcmp(what, "train") == 0) {
    train_init(64);
    printf("batch 64: %.9f", timeit(train_fn, 64, secs));
    printf(" %.3f\n", (double)last_loss);
  } else if (strcmp(what, "train-losses") == 0) { /* a check: the loss falls */
    int i;
    train_init(64);
    for (i = 0; i < 5; i++) printf("%.4f\n", (double)train_step(64));
  } else if (strcmp(what, "lenet") == 0) {
    int b;
    for (b = 64; b >= 1; b -= 63) {
      lenet_init(b);
      printf("batch %d: %.9f\n", b, timeit(lenet_fwd, b, secs));
    }
  } else if (strcmp(what, "sgemm") == 0) {
    cpu_clock = 1;
    GA = alloc(1024 * 1024, 1.0f);
    GB = alloc(1024 * 1024, 1.0f);
    GC = alloc(1024 * 1024, 0);
    printf("sgemm 1024: %.2f GFLOP/s\n", 2.0 * 1024 * 1024 * 1024 / timeit(sgemm_fn_, 1024, 0.2) * 1e-9);
  } else {
    fprintf(stderr, "usage: handref mlp|train|lenet|sgemm\n");
    return 2;
  }
  return 0;
}
