/* unit.h — the tiny harness of msc's C unit tests (chibicc's test.h style).
 * Each tests/unit/NAME.c is one program: TEST(name) { ... ASSERT...; } and
 * UNIT_MAIN() at the bottom, which runs the tests in file order and ends
 * with "N passed, N failed" (exit 1 if anything failed). */
#ifndef MSC_UNIT_H
#define MSC_UNIT_H
#include <stdio.h>
#include <string.h>

typedef void (*UnitFn)(void);
static struct { const char *name; UnitFn fn; } unit_tests[512];
static int unit_ntests, unit_failed_checks, unit_cur_failed;

#define TEST(tname)                                                         \
  static void test_##tname(void);                                           \
  __attribute__((constructor)) static void reg_##tname(void) {              \
    unit_tests[unit_ntests].name = #tname;                                  \
    unit_tests[unit_ntests++].fn = test_##tname;                            \
  }                                                                         \
  static void test_##tname(void)

#define UNIT_FAIL(...)                                                      \
  do {                                                                      \
    fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);                   \
    fprintf(stderr, __VA_ARGS__);                                           \
    fputc('\n', stderr);                                                    \
    unit_cur_failed = 1;                                                    \
    unit_failed_checks++;                                                   \
  } while (0)

#define ASSERT(cond)                                                        \
  do { if (!(cond)) UNIT_FAIL("%s", #cond); } while (0)
#define ASSERT_INT(expected, actual)                                        \
  do {                                                                      \
    long long e_ = (long long)(expected), a_ = (long long)(actual);         \
    if (e_ != a_) UNIT_FAIL("%s: expected %lld, got %lld", #actual, e_, a_); \
  } while (0)
#define ASSERT_STR(expected, actual)                                        \
  do {                                                                      \
    const char *e_ = (expected), *a_ = (actual);                            \
    if (!a_ || strcmp(e_, a_) != 0)                                         \
      UNIT_FAIL("%s:\n  expected: \"%s\"\n  got:      \"%s\"", #actual, e_, \
                a_ ? a_ : "(null)");                                        \
  } while (0)

#define UNIT_MAIN()                                                         \
  int main(void) {                                                          \
    int passed = 0, failed = 0;                                             \
    for (int i = 0; i < unit_ntests; i++) {                                 \
      unit_cur_failed = 0;                                                  \
      unit_tests[i].fn();                                                   \
      if (unit_cur_failed) {                                                \
        failed++;                                                           \
        fprintf(stderr, "FAIL %s\n", unit_tests[i].name);                   \
      } else {                                                              \
        passed++;                                                           \
      }                                                                     \
    }                                                                       \
    printf("%d passed, %d failed\n", passed, failed);                       \
    return failed ? 1 : 0;                                                  \
  }
#endif
