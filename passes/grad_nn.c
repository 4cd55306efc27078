/* grad_nn.c — gradient rules of the neural-network primitives (Conv2D,
 * MaxPool, AvgPool, BatchNorm, LayerNorm) and the backward primitives
 * they use (see grad.h). Stub: no entries yet. */
#include "grad.h"

GradEntry grad_nn_entry(int op) {
  (void)op;
  GradEntry e = {GRAD_MISSING, NULL, NULL};
  return e;
}
