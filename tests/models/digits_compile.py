# msc compile of samples/digits_train.py (issue 8 item 8): the library holds
# the @ms.jit train step (weights and Adam state in RAM) and the exported
# classifier digits_mlp (trained weights as constants, one image per call). It builds under -std=c99 -Wall -Wextra -Wpedantic -Wconversion
# -Werror and its self-test passes (the train step replays the script's first
# 16 calls, losses and final Parameters; digits_mlp its call). Then
# Inputs/digits_harness.c uses it as an application would:
# - predict: digits_mlp on each image of the test split gives exactly the
#   predictions the script printed (batched) (which tests/models/digits_train.py checks against numpy);
# - train: from digits_train_reset(), the train-step entry runs all 10 epochs
#   on the batches in the sample's shuffle order (written by Inputs/
#   digits_ref.py), then a forward pass in C with the weights it holds:
#   epoch losses within a relative 1e-4 of the numpy reference, the same
#   accuracy (>= 0.95) and predictions — training on the device.
# The library and the harness also build with clang under the same flags
# and predict the same labels.
# RUN: rm -rf %t && mkdir -p %t/bin
# RUN: %python %S/Inputs/digits_ref.py %S/../../samples/data %t/bin > %t/numpy
# RUN: cd %t && %msc compile %S/../../samples/digits_train.py -o %t/out -- %S/../../samples/data --predictions > %t/compile 2> %t/compile.err
# RUN: test -s %t/digits_mlp.mindir
# RUN: %python %S/Inputs/digits_check.py %S/../../samples/data %t/compile %t/numpy
# RUN: count 0 < %t/compile.err
# RUN: FileCheck --check-prefix=HDR %s < %t/out/digits_train.h
# RUN: cd %t/out && cc -std=c99 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror -c digits_train.c digits_train_test.c
# RUN: cd %t/out && cc digits_train.o digits_train_test.o -lm -o selftest && ./selftest | FileCheck --check-prefix=TEST %s
# RUN: cc -std=c99 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror -I%t/out %S/Inputs/digits_harness.c %t/out/digits_train.o -lm -o %t/harness
# RUN: %t/harness predict %t/bin > %t/predict
# RUN: grep '^predictions:' %t/compile > %t/want
# RUN: grep '^predictions:' %t/predict | diff %t/want -
# RUN: %t/harness train %t/bin > %t/train
# RUN: mkdir -p %t/clang && cd %t/clang && clang -std=c99 -O1 -Wall -Wextra -Wpedantic -Wconversion -Werror %t/out/digits_train.c %S/Inputs/digits_harness.c -I%t/out -lm -o harness
# RUN: %t/clang/harness predict %t/bin | grep '^predictions:' | diff %t/want -
# RUN: %python %S/Inputs/digits_check.py %S/../../samples/data %t/train %t/numpy
# The exported MindIR file (digits_mlp.mindir): nn.GraphCell in msc run
# (samples/digits_mindir.py) and the C library of `msc compile digits.mindir`
# (samples/digits_predict.c) predict exactly the script's labels.
# RUN: cd %t && cp digits_mlp.mindir digits.mindir && %msc run %S/../../samples/digits_mindir.py digits.mindir %S/../../samples/data > %t/graphcell
# RUN: grep '^predictions:' %t/graphcell | diff %t/want -
# RUN: %msc compile %t/digits.mindir -o %t/mindir > /dev/null
# RUN: cc -std=c99 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror -I%t/mindir %t/mindir/digits.c %S/../../samples/digits_predict.c -lm -o %t/mpredict
# RUN: %t/mpredict %t/bin/test_x.f32 | diff %t/want -

# HDR: #define DIGITS_TRAIN_NUM_ENTRIES 2
# HDR: /* entry digits_train_train_step: graph @train_step (a training step: it updates Parameters held in RAM)
# HDR: #define DIGITS_TRAIN_TRAIN_STEP_IN0_SHAPE {64, 64}
# HDR: #define DIGITS_TRAIN_TRAIN_STEP_IN1_SHAPE {64}
# HDR: #define DIGITS_TRAIN_TRAIN_STEP_NUM_PARAMS 14
# HDR: int digits_train_train_step(const float *images, const int32_t *labels, float *out0);
# HDR: const float *digits_train_train_step_param_fc1_weight(void);
# HDR: const float *digits_train_train_step_param_moment1_fc1_weight(void);
# HDR: /* entry digits_train_digits_mlp: graph @digits_mlp
# HDR-NEXT: * memory: arena {{[0-9]+}} bytes (lower bound {{[0-9]+}}), weights 38440 bytes
# HDR: #define DIGITS_TRAIN_DIGITS_MLP_IN0_SHAPE {1, 64}
# HDR: #define DIGITS_TRAIN_DIGITS_MLP_OUT0_SHAPE {1, 10}
# HDR: int digits_train_digits_mlp(const float *x, float *out0);

# TEST: digits_train_train_step: ok (16 calls, 1 output each, 14 Parameters, max abs error {{.*}})
# TEST-NEXT: digits_train_digits_mlp: ok (1 output, max abs error {{.*}})
