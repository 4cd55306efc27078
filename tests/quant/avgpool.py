# --quantize=int8 of tests/quant/Inputs/digits_conv.py with an AvgPool 2x2
# in place of the MaxPool (3 epochs): the AvgPool runs on int8 as
# QuantAvgPool with the convolution's scale and zero point (TFLite's
# AveragePool: the window's sum divided with rounding half away from zero),
# so the whole net is int8; the C's outputs on the 360 test images are
# bit-exact against scripts/tflite_int8.py's numpy TFLite int8 Conv2D /
# AveragePool / FullyConnected.
#
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %S/Inputs/digits_conv.py %S/../../samples/data %t avg | FileCheck --check-prefix=FLOAT %s
# RUN: %msc compile %t/digits_conv.mindir -o %t/q --name=conv --quantize=int8 --calibration=%t/train_x.npy 2> %t/err > /dev/null
# RUN: not grep . %t/err
# RUN: FileCheck --check-prefix=HDR %s < %t/q/conv.h
# RUN: FileCheck --check-prefix=SRC %s < %t/q/conv.c
# RUN: %python -c "import numpy as np; np.load('%t/test_x.npy').tofile('%t/xf.raw')"
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 -I%t/q -DHDR='"conv.h"' -DENTRY=conv_predict -DIN_T=float -DOUT_T=float -DIN_SIZE=CONV_PREDICT_IN0_SIZE -DOUT_SIZE=CONV_PREDICT_OUT0_SIZE %S/Inputs/run.c %t/q/conv.c -lm -o %t/runf
# RUN: %t/runf %t/xf.raw %t/yf.raw | FileCheck --check-prefix=ROWS %s
# RUN: %python %S/../../scripts/tflite_int8.py check %t/q/conv.h %t/weights.npz %t/test_x.npy %t/yf.raw --float --labels=%t/test_y.npy --conv-pad=1 --pool=2 --avg | FileCheck --check-prefix=EXACT %s
# RUN: not %python %S/../../scripts/tflite_int8.py check %t/q/conv.h %t/weights.npz %t/test_x.npy %t/yf.raw --float --conv-pad=1 --pool=2 | FileCheck --check-prefix=MAXREF %s

# FLOAT: test accuracy: 0.8889
# HDR: int8 layer 0 ?: in_scale={{.*}} in_zp=-128 out_scale=[[S:0x[0-9a-f.p+-]+]] out_zp=[[Z:-?[0-9]+]] act=relu (Conv2D 9 -> 8)
# HDR-NEXT: int8 layer 1 ?: in_scale=[[S]] in_zp=[[Z]] out_scale={{.*}} act=none (Dense 128 -> 10)
# HDR-NEXT: float32 inputs and outputs
# SRC: (void)msrt_q8_conv2d_packed_fast(geo,
# SRC: rc = msrt_q8_avgpool2d(xs, 4, 4, ks, st, pad, 0, [[Z2:-?[0-9]+]],
# SRC: (void)msrt_q8_dense_packed_fast_s(1, 10, 128,
# ROWS: 360 rows
# EXACT: float32 outputs (dequantized int8): 0 of 3600 differ from the numpy TFLite reference (360 images, 2 layers)
# EXACT-NEXT: accuracy: int8 0.8889, float32 0.8889 (360 images); int8 and float32 agree on 358
# the reference with a MaxPool differs: the check sees the pooling
# MAXREF: float32 outputs (dequantized int8): {{[1-9][0-9]*}} of 3600 differ
