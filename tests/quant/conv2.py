# --quantize=int8 of the two-convolution digits net (Inputs/digits_conv.py
# two: Conv2d 3x3 pad 1 -> ReLU -> Conv2d 3x3 pad 1 -> ReLU -> MaxPool 2x2 ->
# Flatten -> Dense; scripts/firmware-test.sh's digits_conv2_int8): both
# convolutions are QuantConv2D, the second reads the first's int8 output
# with its scale and zero point, the MaxPool and the flatten run on int8,
# so the whole net is int8; the C's outputs on the 360 test images are
# bit-exact against scripts/tflite_int8.py's numpy TFLite int8 Conv2D /
# Conv2D / MaxPool / FullyConnected (fed the header's scales and zero
# points; it quantizes the float weights itself), with float I/O (the
# default) and with --io=int8, and the accuracy is the float model's.
#
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %S/Inputs/digits_conv.py %S/../../samples/data %t two | FileCheck --check-prefix=FLOAT %s
# RUN: %msc compile %t/digits_conv.mindir -o %t/q --name=conv --quantize=int8 --calibration=%t/train_x.npy 2> %t/err > /dev/null
# RUN: not grep . %t/err
# RUN: FileCheck --check-prefix=HDR %s < %t/q/conv.h
# RUN: FileCheck --check-prefix=SRC %s < %t/q/conv.c
# RUN: %python -c "import numpy as np; np.load('%t/test_x.npy').tofile('%t/xf.raw')"
# RUN: cc -std=c99 -DMSRT_NO_SIMD -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 -I%t/q -DHDR='"conv.h"' -DENTRY=conv_predict -DIN_T=float -DOUT_T=float -DIN_SIZE=CONV_PREDICT_IN0_SIZE -DOUT_SIZE=CONV_PREDICT_OUT0_SIZE %S/Inputs/run.c %t/q/conv.c -lm -o %t/runf
# RUN: %t/runf %t/xf.raw %t/yf.raw | FileCheck --check-prefix=ROWS %s
# RUN: %python %S/../../scripts/tflite_int8.py check %t/q/conv.h %t/weights.npz %t/test_x.npy %t/yf.raw --float --labels=%t/test_y.npy --conv-pad=1 --pool=2 | FileCheck --check-prefix=EXACTF %s
# --io=int8: raw int8 in and out
# RUN: %msc compile %t/digits_conv.mindir -o %t/qi --name=conv --quantize=int8 --calibration=%t/train_x.npy --io=int8 > /dev/null
# RUN: %python %S/../../scripts/tflite_int8.py prep %t/qi/conv.h %t/test_x.npy %t/x8.raw
# RUN: cc -std=c99 -DMSRT_NO_SIMD -O1 -I%t/qi -DHDR='"conv.h"' -DENTRY=conv_predict -DIN_T=int8_t -DOUT_T=int8_t -DIN_SIZE=CONV_PREDICT_IN0_SIZE -DOUT_SIZE=CONV_PREDICT_OUT0_SIZE %S/Inputs/run.c %t/qi/conv.c -lm -o %t/run8
# RUN: %t/run8 %t/x8.raw %t/y8.raw | FileCheck --check-prefix=ROWS %s
# RUN: %python %S/../../scripts/tflite_int8.py check %t/qi/conv.h %t/weights.npz %t/test_x.npy %t/y8.raw --conv-pad=1 --pool=2 | FileCheck --check-prefix=EXACT8 %s

# FLOAT: test accuracy: 0.9917
# HDR: calibration minmax on 1437 samples of train_x.npy
# HDR: int8 layer 0 ?: in_scale={{.*}} in_zp=-128 out_scale=[[S:0x[0-9a-f.p+-]+]] out_zp=[[Z:-?[0-9]+]] act=relu (Conv2D 9 -> 8)
# HDR-NEXT: int8 layer 1 ?: in_scale=[[S]] in_zp=[[Z]] out_scale=[[S2:0x[0-9a-f.p+-]+]] out_zp=[[Z2:-?[0-9]+]] act=relu (Conv2D 72 -> 16)
# HDR-NEXT: int8 layer 2 ?: in_scale=[[S2]] in_zp=[[Z2]] out_scale={{.*}} act=none (Dense 256 -> 10)
# HDR-NEXT: float32 inputs and outputs
# HDR-NOT: (no int8 kernel)
# SRC: msrt_q8_quantize(64,
# SRC: static const int16_t geo[24] = {1, 1, 8, 8, 8, 3, 3, 8, 8, 1, 1, 1, 1, 1, 1, 9, 3, 4, 45, 10, 1, 9, 44, 54};
# SRC-NEXT: (void)msrt_q8_conv2d_packed_fast(geo,
# SRC: static const int16_t geo[24] = {1, 8, 8, 8, 16, 3, 3, 8, 8, 1, 1, 1, 1, 1, 1, 72, 24, 18, 256, 10, 1, 9, 72, 82};
# SRC-NEXT: (void)msrt_q8_conv2d_packed_fast(geo,
# SRC-NOT: int64_t
# SRC: (void)msrt_q8_dense_packed_fast_s(1, 10, 256,
# SRC: msrt_q8_dequantize(10,
# ROWS: 360 rows
# EXACTF: float32 outputs (dequantized int8): 0 of 3600 differ from the numpy TFLite reference (360 images, 3 layers)
# EXACTF-NEXT: accuracy: int8 0.9917, float32 0.9917 (360 images); int8 and float32 agree on 360
# EXACT8: int8 outputs: 0 of 3600 differ from the numpy TFLite reference (360 images, 3 layers)
