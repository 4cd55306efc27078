/* digits_predict.c — the C library `msc compile digits.mindir -o DIR`
 * writes (DIR/digits.{h,c}, entry digits_predict), used as an application
 * would: each test image through digits_predict, the argmax printed as
 * samples/digits_train.py --predictions prints it.
 *
 *   cc -std=c99 -IDIR DIR/digits.c samples/digits_predict.c -lm -o predict
 *   ./predict test_x.npy      (float32 [N, 64], as digits_mindir.py --npy
 *                              writes it; a headerless .f32 file works too)
 */
#include <stdio.h>
#include <string.h>

#include "digits.h"

#define N_MAX 4096

static float x[N_MAX][DIGITS_PREDICT_IN0_SIZE];

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s test_x.npy\n", argv[0]);
    return 2;
  }
  FILE *f = fopen(argv[1], "rb");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  unsigned char head[10];
  size_t got = fread(head, 1, sizeof head, f);
  if (got == sizeof head && memcmp(head, "\x93NUMPY", 6) == 0) /* skip the .npy header */
    fseek(f, 10 + (long)(head[8] | head[9] << 8), SEEK_SET);
  else
    fseek(f, 0, SEEK_SET);
  size_t n = fread(x, sizeof x[0], N_MAX, f);
  fclose(f);
  printf("predictions:");
  for (size_t i = 0; i < n; i++) {
    float logits[DIGITS_PREDICT_OUT0_SIZE];
    if (digits_predict(x[i], logits) != DIGITS_OK) return 1;
    int best = 0;
    for (int k = 1; k < DIGITS_PREDICT_OUT0_SIZE; k++)
      if (logits[k] > logits[best]) best = k;
    printf(" %d", best);
  }
  printf("\n");
  return 0;
}
