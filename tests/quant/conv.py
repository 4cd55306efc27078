# --quantize=int8 of a small conv net trained on the bundled digits
# (Inputs/digits_conv.py: Conv2d 3x3 pad 1 -> ReLU -> MaxPool 2x2 -> Flatten
# -> Dense): the convolution is QuantConv2D, the MaxPool and the flatten run
# on int8 with the convolution's scale and zero point (TFLite's rule), so the
# whole net is int8; the C's outputs on the 360 test images are bit-exact
# against scripts/tflite_int8.py's numpy TFLite int8 Conv2D / MaxPool /
# FullyConnected, and the accuracy is the float model's.
#
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %S/Inputs/digits_conv.py %S/../../samples/data %t | FileCheck --check-prefix=FLOAT %s
# RUN: %msc compile %t/digits_conv.mindir -o %t/q --name=conv --quantize=int8 --calibration=%t/train_x.npy 2> %t/err > /dev/null
# RUN: not grep . %t/err
# RUN: FileCheck --check-prefix=HDR %s < %t/q/conv.h
# RUN: FileCheck --check-prefix=SRC %s < %t/q/conv.c
# RUN: %python -c "import numpy as np; np.load('%t/test_x.npy').tofile('%t/xf.raw')"
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O1 -I%t/q -DHDR='"conv.h"' -DENTRY=conv_predict -DIN_T=float -DOUT_T=float -DIN_SIZE=CONV_PREDICT_IN0_SIZE -DOUT_SIZE=CONV_PREDICT_OUT0_SIZE %S/Inputs/run.c %t/q/conv.c -lm -o %t/runf
# RUN: %t/runf %t/xf.raw %t/yf.raw | FileCheck --check-prefix=ROWS %s
# RUN: %python %S/../../scripts/tflite_int8.py check %t/q/conv.h %t/weights.npz %t/test_x.npy %t/yf.raw --float --labels=%t/test_y.npy --conv-pad=1 --pool=2 | FileCheck --check-prefix=EXACT %s

# FLOAT: test accuracy: 0.9611
# HDR: calibration minmax on 1437 samples of train_x.npy; weights 5480 bytes
# HDR: int8 layer 0 ?: in_scale={{.*}} in_zp=-128 out_scale=[[S:0x[0-9a-f.p+-]+]] out_zp=[[Z:-?[0-9]+]] act=relu (Conv2D 9 -> 8)
# HDR-NEXT: int8 layer 1 ?: in_scale=[[S]] in_zp=[[Z]] out_scale={{.*}} act=none (Dense 128 -> 10)
# HDR-NEXT: float32 inputs and outputs
# HDR: #define CONV_PREDICT_WEIGHTS_SIZE 1{{[0-9][0-9][0-9]}}{{$}}
# SRC: msrt_q8_quantize(64,
# SRC: (void)msrt_q8_conv2d_packed_fast(geo,
# SRC: (void)msrt_mcu_maxpool2_i8(geo, (const int8_t *)
# SRC: (void)msrt_q8_dense_packed_fast_s(1, 10, 128,
# SRC: msrt_q8_dequantize(10,
# ROWS: 360 rows
# EXACT: float32 outputs (dequantized int8): 0 of 3600 differ from the numpy TFLite reference (360 images, 2 layers)
# EXACT-NEXT: accuracy: int8 0.9611, float32 0.9611 (360 images); int8 and float32 agree on 360
