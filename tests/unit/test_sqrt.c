/* test_sqrt.c — msrt_sqrt_f32, as a loop the C compiler vectorizes
 * (msrt.h declares sqrtf/sqrt const, so gcc and clang emit sqrtps, no libm
 * call), is bit-identical to libm's sqrtf called through a pointer, and
 * both equal an integer-only correctly rounded square root (round to
 * nearest even) on:
 *   - every float in [1, 4): sqrt is exact-scaling by powers of 4, so
 *     these are all the rounding cases of normal operands;
 *   - every positive subnormal;
 *   - a stride of all 2^32 bit patterns (negative numbers, NaNs with
 *     payloads, both signs of every binade) and the specials;
 * `test_sqrt all` checks all 2^32 patterns (about a minute; run once
 * for the change that introduced the const declarations). NaN operands
 * must give the operand quieted and negative ones a NaN: the same bits as
 * libm's. rsqrt and float64 sqrt are spot-checked the same way. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/msrt.h"
#include "unit.h"

#define BATCH 4096

/* The C compiler sees the formula here, in a loop of constant trip count
 * (as in a fused loop of generated code). */
static void sqrt_batch(float *restrict y, const float *restrict x) {
  int i;
  for (i = 0; i < BATCH; i++) y[i] = msrt_sqrt_f32(x[i]);
}

static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static float from_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static double (*volatile libm_sqrt)(double) = sqrt;

/* floor(sqrt(m)) for m < 2^52, exact: a double guess corrected in
 * integers. */
static uint64_t isqrt64(uint64_t m) {
  uint64_t r = (uint64_t)libm_sqrt((double)m);
  while (r * r > m) r--;
  while ((r + 1) * (r + 1) <= m) r++;
  return r;
}

/* The correctly rounded sqrt of a positive finite float given by its bits,
 * without floating-point arithmetic. */
static uint32_t ref_sqrt_pos(uint32_t u) {
  int32_t e = (int32_t)(u >> 23);
  uint64_t m = u & 0x7fffffu;
  if (e) m |= 0x800000u;
  else e = 1;
  e -= 150; /* value = m * 2^e */
  if (e & 1) {
    m <<= 1;
    e -= 1;
  }
  /* scale m by 4^k so that isqrt lands in [2^24, 2^25): 25 bits */
  while (m < ((uint64_t)1 << 48)) {
    m <<= 2;
    e -= 2;
  }
  uint64_t r = isqrt64(m);
  bool sticky = r * r != m;
  uint64_t q = r >> 1;
  int32_t s = e / 2 + 1; /* result = q * 2^s */
  if ((r & 1) && (sticky || (q & 1))) q++;
  if (q == ((uint64_t)1 << 24)) {
    q >>= 1;
    s++;
  }
  /* q in [2^23, 2^24), value q * 2^s: a normal float */
  int32_t be = s + 150;
  return (uint32_t)be << 23 | (uint32_t)(q & 0x7fffffu);
}

static float (*volatile libm_sqrtf)(float) = sqrtf;
static int nfail;

/* Checks one batch of operands. */
static void check_batch(const float *x) {
  static float y[BATCH];
  sqrt_batch(y, x);
  for (int i = 0; i < BATCH; i++) {
    uint32_t u = bits(x[i]), got = bits(y[i]), lib = bits(libm_sqrtf(x[i]));
    uint32_t want;
    bool nan_ok = false;
    if ((u & 0x7fffffffu) > 0x7f800000u) want = u | 0x400000u;      /* NaN: quieted */
    else if ((u & 0x7fffffffu) == 0 || u == 0x7f800000u) want = u; /* +-0, +inf */
    else if (u >> 31) want = lib, nan_ok = true;                   /* negative: a NaN */
    else want = ref_sqrt_pos(u);
    if (got != lib || got != want || (nan_ok && y[i] == y[i])) {
      if (nfail++ < 10)
        UNIT_FAIL("sqrt(0x%08x): msrt 0x%08x, libm 0x%08x, reference 0x%08x", (unsigned)u, (unsigned)got,
                  (unsigned)lib, (unsigned)want);
    }
  }
}

/* Every pattern lo, lo + step, ... below hi (64-bit bounds). */
static void check_range(uint64_t lo, uint64_t hi, uint64_t step) {
  static float x[BATCH];
  int n = 0;
  for (uint64_t u = lo; u < hi; u += step) {
    x[n++] = from_bits((uint32_t)u);
    if (n == BATCH) {
      check_batch(x);
      n = 0;
    }
  }
  if (n) {
    for (int i = n; i < BATCH; i++) x[i] = 1.0f;
    check_batch(x);
  }
}

static bool want_all;

TEST(reference_itself) {
  /* the integer reference against known values */
  ASSERT_INT(bits(1.0f), ref_sqrt_pos(bits(1.0f)));
  ASSERT_INT(bits(2.0f), ref_sqrt_pos(bits(4.0f)));
  ASSERT_INT(bits(3.0f), ref_sqrt_pos(bits(9.0f)));
  ASSERT_INT(0x3fb504f3u, ref_sqrt_pos(bits(2.0f)));      /* 1.41421354 */
  ASSERT_INT(0x1a3504f3u, ref_sqrt_pos(1u));              /* sqrt(2^-149) = 2^-74.5 */
  ASSERT_INT(0x5f7fffffu, ref_sqrt_pos(0x7f7fffffu));     /* sqrt(FLT_MAX) */
  ASSERT_INT(bits(0x1p-64f), ref_sqrt_pos(bits(0x1p-128f))); /* a subnormal power of 4 */
}

TEST(specials) {
  static float x[BATCH];
  static const uint32_t sp[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
                                0x7f800001u, 0xff800001u, 0x7fbfffffu, 0x7fffffffu, 0xffffffffu, 0x00000001u,
                                0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, 0x7f7fffffu, 0xff7fffffu,
                                0xbf800000u, 0x3f800000u, 0x40800000u};
  size_t k;
  for (int i = 0; i < BATCH; i++) x[i] = (float)(i + 1) * (float)(i + 1); /* perfect squares */
  for (k = 0; k < sizeof sp / sizeof sp[0]; k++) x[k] = from_bits(sp[k]);
  check_batch(x);
  ASSERT_INT(0, nfail);
}

TEST(every_rounding_case) {
  if (want_all) return; /* all_patterns covers it */
  nfail = 0;
  check_range(0x3f800000u, 0x40800000u, 1); /* [1, 4) */
  check_range(1, 0x800000u, 1);             /* subnormals */
  check_range(0, (uint64_t)1 << 32, 4099);  /* a stride of everything */
  ASSERT_INT(0, nfail);
}

TEST(all_patterns) {
  if (!want_all) return;
  nfail = 0;
  check_range(0, (uint64_t)1 << 32, 1);
  ASSERT_INT(0, nfail);
}

TEST(rsqrt_and_f64) {
  static const double xs[] = {0.0, -0.0, 1.0, 2.0, 3.0, 0.5, 1e-310, 1e300, -1.0, 4.9e-324};
  for (size_t k = 0; k < sizeof xs / sizeof xs[0]; k++) {
    double d = libm_sqrt(xs[k]), g = msrt_sqrt_f64(xs[k]);
    ASSERT(memcmp(&d, &g, 8) == 0 || (d != d && g != g));
    float f = (float)xs[k];
    float r = msrt_rsqrt_f32(f), w = 1.0f / libm_sqrtf(f);
    ASSERT(bits(r) == bits(w) || (r != r && w != w));
  }
}

int main(int argc, char **argv) {
  want_all = argc > 1 && strcmp(argv[1], "all") == 0;
  int passed = 0, failed = 0;
  for (int i = 0; i < unit_ntests; i++) {
    unit_cur_failed = 0;
    unit_tests[i].fn();
    if (unit_cur_failed) {
      failed++;
      fprintf(stderr, "FAIL %s\n", unit_tests[i].name);
    } else {
      passed++;
    }
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
