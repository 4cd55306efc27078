/* tests/compile/param_output.py: a caller writes into the buffers an entry
 * returned a Parameter in; the Parameters and the weights stay as they were. */
#include <stdio.h>
#include <string.h>

#include "pout.h"

static int same(const float *a, const float *b, int n) {
  int i;
  for (i = 0; i < n; i++)
    if (a[i] != b[i]) return 0;
  return 1;
}

int main(void) {
  static const float x[6] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
  static const float v0[2] = {1.0f, 2.0f};
  static const float k0[6] = {-2.0f, -1.0f, 0.0f, 1.0f, 2.0f, 3.0f};
  static const float xi[2] = {1.5f, -2.0f};
  float out0[6], out1[2], out2[6], out3[6], out4[2], w1[6], want[6];
  float i0[6], i1[2];
  int i;
  if (pout_step(x, out0, out1, out2, out3, out4) != 0) return 1;
  printf("step 1: out0 is w: %d\n", same(out0, pout_step_param_w(), 6));
  memcpy(w1, pout_step_param_w(), sizeof w1);
  for (i = 0; i < 6; i++) out0[i] = out2[i] = 1000.0f;
  out1[0] = out4[0] = -1000.0f;
  i = same(w1, pout_step_param_w(), 6);
  if (pout_step(x, out0, out1, out2, out3, out4) != 0) return 1;
  printf("step 1: after writing the outputs: w unchanged %d, v unchanged %d\n", i,
         same(out1, v0, 2) && same(out4, v0, 2));
  for (i = 0; i < 6; i++) want[i] = w1[i] + 0.5f;
  printf("step 2: out0 = w0 + 1: %d, out2 = out0: %d, out1 and out4 are v: %d\n", same(out0, want, 6),
         same(out2, want, 6), same(out1, v0, 2) && same(out4, v0, 2));
  if (pout_Infer_construct(xi, i0, i1) != 0) return 1;
  printf("infer: out0 is k: %d\n", same(i0, k0, 6) && same(i1, xi, 2));
  for (i = 0; i < 6; i++) i0[i] = 7.0f;
  if (pout_Infer_construct(xi, i0, i1) != 0) return 1;
  printf("infer again after writing out0: out0 is k: %d\n", same(i0, k0, 6));
  return 0;
}
