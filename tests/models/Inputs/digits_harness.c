/* The C library msc compile writes for samples/digits_train.py, used as an
 * application would use it. The binary inputs come from Inputs/digits_ref.py
 * (float32/int32, native byte order) in DIR.
 *
 *   digits_harness predict DIR
 *       runs the exported classifier digits_mlp (the trained weights, as
 *       constants; one image per call) on each image of DIR/test_x.f32 and
 *       prints the accuracy and "predictions: ..." (argmax).
 *   digits_harness train DIR
 *       trains from scratch in C: digits_train_reset(), then the train-step
 *       entry on the batches of DIR/train_x.f32 / train_y.i32 in the order of
 *       DIR/order.i32 (the sample's shuffle), printing each epoch's mean loss;
 *       then a forward pass written here, with the weights the entry holds in
 *       RAM, on the test split: the accuracy and the predictions, in the
 *       sample's output format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digits_train.h"

#define N_TRAIN 1437
#define N_TEST 360
#define N_IN 64
#define N_HID 128
#define N_OUT 10
#define BATCH 64
#define EPOCHS 10
#define STEPS (N_TRAIN / BATCH)

static float train_x[N_TRAIN * N_IN];
static int32_t train_y[N_TRAIN];
static int32_t order[EPOCHS * STEPS * BATCH];
static float test_x[N_TEST * N_IN];
static int32_t test_y[N_TEST];
static float logits[N_TEST * N_OUT];

static void load(const char *dir, const char *name, void *dst, size_t size, size_t n) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f || fread(dst, size, n, f) != n || fgetc(f) != EOF) {
    fprintf(stderr, "digits_harness: cannot read %zu items from %s\n", n, path);
    exit(2);
  }
  fclose(f);
}

static void print_predictions(void) {
  int correct = 0;
  int pred[N_TEST];
  for (int i = 0; i < N_TEST; i++) {
    int best = 0;
    for (int k = 1; k < N_OUT; k++)
      if (logits[i * N_OUT + k] > logits[i * N_OUT + best]) best = k;
    pred[i] = best;
    correct += best == test_y[i];
  }
  printf("test accuracy: %.4f (%d/%d)\n", (double)correct / N_TEST, correct, N_TEST);
  printf("predictions:");
  for (int i = 0; i < N_TEST; i++) printf(" %d", pred[i]);
  printf("\n");
}

static int predict(void) {
  if (DIGITS_TRAIN_DIGITS_MLP_IN0_SIZE != N_IN || DIGITS_TRAIN_DIGITS_MLP_OUT0_SIZE != N_OUT) {
    fprintf(stderr, "digits_harness: unexpected shapes\n");
    return 1;
  }
  for (int i = 0; i < N_TEST; i++) {
    int rc = digits_train_digits_mlp(test_x + i * N_IN, logits + i * N_OUT);
    if (rc != DIGITS_TRAIN_OK) {
      fprintf(stderr, "digits_harness: digits_mlp returned %d\n", rc);
      return 1;
    }
  }
  print_predictions();
  return 0;
}

static int train(void) {
  static float x[BATCH * N_IN];
  static int32_t y[BATCH];
  if (DIGITS_TRAIN_TRAIN_STEP_IN0_SIZE != BATCH * N_IN || DIGITS_TRAIN_TRAIN_STEP_IN1_SIZE != BATCH) {
    fprintf(stderr, "digits_harness: unexpected shapes\n");
    return 1;
  }
  digits_train_reset();
  for (int e = 0; e < EPOCHS; e++) {
    double sum = 0;
    for (int s = 0; s < STEPS; s++) {
      for (int r = 0; r < BATCH; r++) {
        int32_t i = order[(e * STEPS + s) * BATCH + r];
        memcpy(x + r * N_IN, train_x + i * N_IN, sizeof(float) * N_IN);
        y[r] = train_y[i];
      }
      float loss;
      int rc = digits_train_train_step(x, y, &loss);
      if (rc != DIGITS_TRAIN_OK) {
        fprintf(stderr, "digits_harness: train_step returned %d\n", rc);
        return 1;
      }
      sum += (double)loss;
    }
    printf("epoch %d: loss %.6f\n", e + 1, sum / STEPS);
  }
  const float *w1 = digits_train_train_step_param_fc1_weight();
  const float *b1 = digits_train_train_step_param_fc1_bias();
  const float *w2 = digits_train_train_step_param_fc2_weight();
  const float *b2 = digits_train_train_step_param_fc2_bias();
  for (int i = 0; i < N_TEST; i++) {
    float h[N_HID];
    for (int j = 0; j < N_HID; j++) {
      float a = b1[j];
      for (int k = 0; k < N_IN; k++) a += test_x[i * N_IN + k] * w1[j * N_IN + k];
      h[j] = a > 0 ? a : 0;
    }
    for (int j = 0; j < N_OUT; j++) {
      float a = b2[j];
      for (int k = 0; k < N_HID; k++) a += h[k] * w2[j * N_HID + k];
      logits[i * N_OUT + j] = a;
    }
  }
  print_predictions();
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3 || (strcmp(argv[1], "predict") && strcmp(argv[1], "train"))) {
    fprintf(stderr, "usage: digits_harness predict|train DIR\n");
    return 2;
  }
  load(argv[2], "test_x.f32", test_x, sizeof(float), N_TEST * N_IN);
  load(argv[2], "test_y.i32", test_y, sizeof(int32_t), N_TEST);
  if (!strcmp(argv[1], "predict")) return predict();
  load(argv[2], "train_x.f32", train_x, sizeof(float), N_TRAIN * N_IN);
  load(argv[2], "train_y.i32", train_y, sizeof(int32_t), N_TRAIN);
  load(argv[2], "order.i32", order, sizeof(int32_t), EPOCHS * STEPS * BATCH);
  return train();
}
