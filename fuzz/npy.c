/* fuzz/npy.c — libFuzzer target: np.load's readers (eval/npyio.c) on any
 * bytes: a .npy image, or a zip (.npz) when the input starts with "PK" as
 * np.load tells them apart; a loaded array is then printed (repr), which
 * walks its every element with its dtype. One interpreter serves every
 * input; a refused file is a Python exception, caught and dropped. */
#include "fuzz.h"

#include "../eval/valpriv.h"

static Interp *I;

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
  return 0;
}
