/* tests/compile/train.py: the training entry's API from C. */
#include <stdio.h>

#include "train.h"

static void show(const char *when) {
  const float *w = train_step_param_w(), *b = train_step_param_dense_bias();
  printf("%s: w %g %g %g b %g\n", when, (double)w[0], (double)w[1], (double)w[2], (double)b[0]);
}

int main(void) {
  static const float x[TRAIN_STEP_IN0_SIZE] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                               1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  static const float y[TRAIN_STEP_IN1_SIZE] = {1, 2, 3, 4, 5, 6, 7, 8};
  float loss[TRAIN_STEP_OUT0_SIZE];
  float w0;
  show("before");
  printf("NULL: %d\n", train_step(x, NULL, loss));
  w0 = train_step_param_w()[0];
  if (train_step(x, y, loss) != TRAIN_OK) return 1;
  printf("after one step: changed %d\n", train_step_param_w()[0] != w0);
  train_reset();
  show("after reset");
  return 0;
}
