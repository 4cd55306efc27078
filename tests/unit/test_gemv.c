/* test_gemv.c — runtime/gemv.c's msrt_gemv_f32 against its contract, on
 * every kernel set the CPU has (forced in turn with msrt_isa_set): each
 * output bit for bit the sequential fused chain
 *     c = 0; for p = 0..K-1: c = fmaf(a[p], B[p * ldb + j], c)
 * computed here with libm's fmaf, and msrt_gemm_f32's M == 1 product;
 * columns past N untouched; every width up to two 128-column strips and a
 * masked tail, ldb > N, sizes that go to gemm.c (N * K >= 2^20), bad
 * sizes refused. A set the CPU lacks is reported as skipped. */
#include <math.h>
#include <stdint.h>

#include "runtime/msrt.h"
#include "unit.h"

static unsigned rng = 777u;
static float urand(void) {
  rng = rng * 1103515245u + 12345u;
  return (float)((rng >> 9) & 0xffff) / 32768.0f - 1.0f;
}

#define MAXB (1100 * 1000)
static float B[MAXB], a[1100], c[1100], r[1100], g[1100];

static int check(int64_t N, int64_t K, int64_t ldb) {
  int64_t j, p;
  for (p = 0; p < K; p++) a[p] = urand();
  for (p = 0; p < K * ldb && p < MAXB; p++) B[p] = urand();
  for (j = 0; j < N + 20; j++) c[j] = -7.0f;
  if (msrt_gemv_f32(N, K, a, B, ldb, c) != MSRT_OK) return 0;
  msrt_gemm_f32(0, 0, 1, N, K, 1.0f, a, K, B, ldb, 0.0f, g, N, (void *)0);
  for (j = 0; j < N; j++) {
    float s = 0.0f;
    for (p = 0; p < K; p++) s = fmaf(a[p], B[p * ldb + j], s);
    r[j] = s;
  }
  if (memcmp(c, r, sizeof(float) * (size_t)N) != 0 || memcmp(c, g, sizeof(float) * (size_t)N) != 0) return 0;
  for (j = N; j < N + 20; j++)
    if (c[j] != -7.0f) return 0;
  return 1;
}

TEST(chain_every_isa) {
  static const int64_t ns[] = {1, 2, 7, 15, 16, 17, 31, 33, 64, 100, 112, 127, 128, 129, 143, 144, 200, 255, 256, 257, 300};
  static const int64_t ks[] = {1, 2, 3, 16, 128, 257};
  int isa;
  for (isa = MSRT_ISA_PORTABLE; isa <= MSRT_ISA_AVX512; isa++) {
    if (isa > msrt_isa_best()) {
      printf("skipped: %s (CPU lacks it)\n", msrt_isa_name(isa));
      continue;
    }
    msrt_isa_set(isa);
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
      for (size_t k = 0; k < sizeof ks / sizeof ks[0]; k++) {
        if (!check(ns[i], ks[k], ns[i])) UNIT_FAIL("%s: N %lld K %lld", msrt_isa_name(isa), (long long)ns[i], (long long)ks[k]);
        if (!check(ns[i], ks[k], ns[i] + 5)) UNIT_FAIL("%s: N %lld K %lld ldb N+5", msrt_isa_name(isa), (long long)ns[i], (long long)ks[k]);
      }
    /* large enough for gemm.c (its threads' threshold): the same bits */
    if (!check(1024, 1024, 1024)) UNIT_FAIL("%s: 1024 x 1024", msrt_isa_name(isa));
  }
  msrt_isa_set(-1);
}

TEST(zero_and_bad_sizes) {
  ASSERT_INT(MSRT_OK, msrt_gemv_f32(0, 5, a, B, 0, c));
  c[0] = 3.0f;
  ASSERT_INT(MSRT_OK, msrt_gemv_f32(1, 0, a, B, 1, c));
  ASSERT(c[0] == 0.0f);
  ASSERT_INT(MSRT_EINVAL, msrt_gemv_f32(-1, 5, a, B, 5, c));
  ASSERT_INT(MSRT_EINVAL, msrt_gemv_f32(4, -1, a, B, 4, c));
  ASSERT_INT(MSRT_EINVAL, msrt_gemv_f32(4, 2, a, B, 3, c));
}

UNIT_MAIN()
