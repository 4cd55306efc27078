/* fuzz/npy.c — libFuzzer target: np.load's readers (eval/npyio.c) on any
 * bytes: a .npy image, or a zip (.npz) when the input starts with "PK" as
 * np.load tells them apart; a loaded array is then printed (repr), which
 * walks its every element with its dtype. One interpreter serves every
 * input; a refused file is a Python exception, caught and dropped.
 *
 * As the interpreter lives across inputs, a reference leaked per input is
 * reachable memory that LeakSanitizer does not report: the process just
 * grows until libFuzzer's rss limit (2.2 M inputs). So the live objects
 * are counted: past the count after the first LIVE_BASE_AT inputs by more
 * than LIVE_SLACK (lazily built classes and caches are far fewer), the
 * target aborts, naming the leak, within seconds of it starting. */
#include "fuzz.h"

#include "../eval/valpriv.h"

static Interp *I;

enum { LIVE_BASE_AT = 1000, LIVE_SLACK = 100000 };

static void check_live_objects(void) {
  static int64_t inputs, base = -1;
  if (++inputs == LIVE_BASE_AT) base = I->nobjects;
  if (base >= 0 && I->nobjects > base + LIVE_SLACK) {
    fprintf(stderr, "fuzz/npy: %lld live objects after %lld inputs, %lld after the first %d: a reference leaked per input\n",
            (long long)I->nobjects, (long long)inputs, (long long)base, LIVE_BASE_AT);
    abort();
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_setup();
  if (!I) {
    static char arg0[] = "fuzz";
    static char *argv[] = {arg0, NULL};
    I = interp_new(1, argv);
  }
  uint8_t *buf = malloc(size ? size : 1);
  if (!buf) abort();
  if (size) memcpy(buf, data, size);
  bool zip = size >= 2 && data[0] == 'P' && data[1] == 'K';
  Catch c;
  if (RT_TRY(I, &c)) {
    Value v = npyio_load_bytes(I, buf, size, zip, "fuzz.npz");
    Str *s = rt_repr(I, v);
    obj_decref(I, &s->h);
    v_decref(I, v);
    rt_catch_pop(I, &c);
  } else {
    Value e = CUR_EXC(I);
    CUR_EXC(I) = v_undef();
    v_decref(I, e);
  }
  check_live_objects();
  return 0;
}
