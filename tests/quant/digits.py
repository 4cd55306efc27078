# msc compile --quantize=int8 end to end on the bundled digits classifier
# (samples/digits_train.py, the model of `make demo`): trained as the
# script trains it, calibrated on its 1437 training images, the generated
# C's int8 outputs on the 360 test images are checked bit for bit against
# scripts/tflite_int8.py, an independent numpy implementation of TFLite's
# int8 reference semantics fed the scales and zero points of the header
# (it quantizes the float weights, biases and multipliers itself). Each
# calibration method's scales and zero points are recomputed in numpy from
# the float32 activations. The weights shrink to < 0.3x, accuracy stays at
# the float model's, the C builds under the generated-code flags (the int8
# kernels also with clang and arm-none-eabi-gcc: tests/codegen/all_ops.py),
# and the output is deterministic.
#
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %S/../../samples/digits_train.py %S/../../samples/data --save=%t | FileCheck --check-prefix=FLOAT %s
# --io=int8 from the script, calibrated on the training images
# RUN: %msc compile %S/../../samples/digits_train.py -o %t/qi --name=digits --entry=digits_mlp --quantize=int8 --calibration=%t/train_x.npy --io=int8 -- %S/../../samples/data > /dev/null 2> %t/err
# RUN: not grep . %t/err
# RUN: FileCheck --check-prefix=HDR %s < %t/qi/digits.h
# RUN: cc -std=c99 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 %t/qi/*.c -lm -o %t/qi/selftest && %t/qi/selftest | FileCheck --check-prefix=SELF %s
# RUN: %python %S/../../scripts/tflite_int8.py prep %t/qi/digits.h %t/test_x.npy %t/x8.raw
# RUN: cc -std=c99 -DMSRT_NO_SIMD -O1 -I%t/qi -DHDR='"digits.h"' -DENTRY=digits_digits_mlp -DIN_T=int8_t -DOUT_T=int8_t -DIN_SIZE=DIGITS_DIGITS_MLP_IN0_SIZE -DOUT_SIZE=DIGITS_DIGITS_MLP_OUT0_SIZE %S/Inputs/run.c %t/qi/digits.c -o %t/run8
# RUN: %t/run8 %t/x8.raw %t/y8.raw | FileCheck --check-prefix=ROWS %s
# RUN: %python %S/../../scripts/tflite_int8.py check %t/qi/digits.h %t/weights.npz %t/test_x.npy %t/y8.raw --labels=%t/test_y.npy | FileCheck --check-prefix=EXACT8 %s
# RUN: %python %S/../../scripts/tflite_int8.py ranges %t/qi/digits.h %t/weights.npz %t/train_x.npy minmax | FileCheck --check-prefix=RANGES %s
# the float32 library of the same model, for the weights' size
# RUN: %msc compile digits_mlp.mindir -o %t/f --name=digits > /dev/null
# RUN: grep -h '_WEIGHTS_SIZE [0-9]' %t/f/digits.h %t/qi/digits.h | FileCheck --check-prefix=FLASH %s
# float I/O (the default), from the exported MindIR (make demo's digits.mindir), per method
# RUN: %python -c "import numpy as np; np.load('%t/test_x.npy').tofile('%t/xf.raw')"
# RUN: %msc compile digits_mlp.mindir -o %t/qp --name=digits --quantize=int8 --calibration=%t/train_x.npy --calibration-method=percentile:99.99 > /dev/null
# RUN: cc -std=c99 -DMSRT_NO_SIMD -O1 -I%t/qp -DHDR='"digits.h"' -DENTRY=digits_predict -DIN_T=float -DOUT_T=float -DIN_SIZE=DIGITS_PREDICT_IN0_SIZE -DOUT_SIZE=DIGITS_PREDICT_OUT0_SIZE %S/Inputs/run.c %t/qp/digits.c -lm -o %t/runf
# RUN: %t/runf %t/xf.raw %t/yf.raw | FileCheck --check-prefix=ROWS %s
# RUN: %python %S/../../scripts/tflite_int8.py check %t/qp/digits.h %t/weights.npz %t/test_x.npy %t/yf.raw --float --labels=%t/test_y.npy | FileCheck --check-prefix=EXACTF %s
# RUN: %python %S/../../scripts/tflite_int8.py ranges %t/qp/digits.h %t/weights.npz %t/train_x.npy percentile:99.99 | FileCheck --check-prefix=RANGES %s
# RUN: %msc compile digits_mlp.mindir -o %t/qk --name=digits --quantize=int8 --calibration=%t/train_x.npy --calibration-method=kl > /dev/null
# RUN: FileCheck --check-prefix=KL %s < %t/qk/digits.h
# float I/O: Quantize -> 2 x QuantDense -> Dequantize keeps its int8 values
# as x16 rows (passes/memplan.c); with --io=int8 the input is int8 and the
# layers expand it (no convolution: the dense layers' own kernel, not the
# convolutions' strided one)
# RUN: FileCheck --check-prefix=DENSE %s < %t/qk/digits.c
# RUN: FileCheck --check-prefix=DENSE8 %s < %t/qi/digits.c
# RUN: %python %S/../../scripts/tflite_int8.py ranges %t/qk/digits.h %t/weights.npz %t/train_x.npy kl | FileCheck --check-prefix=RANGES %s
# the same calibration data gives byte-identical C
# RUN: %msc compile digits_mlp.mindir -o %t/qk2 --name=digits --quantize=int8 --calibration=%t/train_x.npy --calibration-method=kl > /dev/null
# RUN: for f in %t/qk/*; do cmp $f %t/qk2/$(basename $f) || exit 1; done

# FLOAT: test accuracy: 0.9861 (355/360)

# HDR: int8 (msc compile --quantize=int8): calibration minmax on 1437 samples of train_x.npy; weights 38440 bytes
# HDR-NEXT: in float32, 11128 in int8.
# HDR: int8 layer 0 digits_train.py:{{[0-9]+}}:35: in_scale=0x1.010102p-8 in_zp=-128 out_scale={{.*}} out_zp=-128 act=relu (Dense 64 -> 128)
# HDR-NEXT: int8 layer 1 digits_train.py:{{[0-9]+}}:16: in_scale={{.*}} in_zp=-128 out_scale={{.*}} out_zp={{-?[0-9]+}} act=none (Dense 128 -> 10)
# HDR-NOT: float32 {{[A-Za-z]+}} {{.*}}(no int8 kernel)
# HDR: --io=int8: the inputs and outputs are int8
# HDR-NOT: QuantizeInt8
# HDR: %0 QuantDense value
# HDR-NOT: QuantizeInt8
# HDR: #define DIGITS_DIGITS_MLP_QUANTIZED 1
# HDR-NEXT: #define DIGITS_DIGITS_MLP_IN0_SCALE 0x1.010102p-8f
# HDR-NEXT: #define DIGITS_DIGITS_MLP_IN0_ZERO_POINT -128
# HDR-NEXT: #define DIGITS_DIGITS_MLP_OUT0_SCALE 0x{{.*}}f
# HDR-NEXT: #define DIGITS_DIGITS_MLP_OUT0_ZERO_POINT {{-?[0-9]+}}
# HDR: #define DIGITS_DIGITS_MLP_IN0_DTYPE DIGITS_DTYPE_INT8
# HDR: #define DIGITS_DIGITS_MLP_OUT0_DTYPE DIGITS_DTYPE_INT8
# HDR: int digits_digits_mlp(const int8_t *x, int8_t *out0);

# SELF: digits_digits_mlp: ok (1 output, int8: bit-exact with msc's int8 reference executor; max abs error against float32 {{.*}})

# ROWS: 360 rows
# EXACT8: int8 outputs: 0 of 3600 differ from the numpy TFLite reference (360 images, 2 layers)
# EXACT8-NEXT: accuracy: int8 0.9861, float32 0.9861 (360 images); int8 and float32 agree on 360
# EXACTF: float32 outputs (dequantized int8): 0 of 3600 differ from the numpy TFLite reference (360 images, 2 layers)
# EXACTF-NEXT: accuracy: int8 0.9861, float32 0.9861 (360 images)

# RANGES-COUNT-4: ok
# RANGES-NOT: MISMATCH

# FLASH: #define DIGITS_PREDICT_WEIGHTS_SIZE 38440
# FLASH-NEXT: #define DIGITS_DIGITS_MLP_WEIGHTS_SIZE 11128

# KL: calibration kl on 1437 samples of train_x.npy
# DENSE: msrt_q8_quantize_x16(1, 64,
# DENSE: (void)msrt_q8_dense_x16(1, 128, 64,
# DENSE: (void)msrt_q8_dense_x16(1, 10, 128,
# DENSE: msrt_q8_dequantize_x16(1, 10,
# DENSE-NOT: msrt_q8_dense_packed
# DENSE8: (void)msrt_q8_dense_packed_fast(1, 128, 64,
# DENSE8: (void)msrt_q8_dense_packed_fast(1, 10, 128,
