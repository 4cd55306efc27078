# msc compile --quantize=int8: its warnings, and its errors on bad input —
# one clear line each, exit status 1 (2 for usage), nothing written.
#
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %python -c "import numpy as np; r = np.random.RandomState(1); np.save('c.npy', r.randn(240, 8).astype(np.float32)); np.save('few.npy', r.randn(30, 2, 8).astype(np.float32)); np.save('bad.npy', r.randn(10, 7).astype(np.float32)); np.save('empty.npy', np.zeros((0, 8), np.float32)); np.savez('c.npz', other=np.zeros(3), x=r.randn(150, 2, 8).astype(np.float32)); np.savez('two.npz', a=np.zeros((4, 8)), b=np.zeros((4, 8))); open('junk.npy', 'w').write('hello')"
# a model with an op that stays float32: a warning at its line; 120 samples (240 rows of batch 2)
# RUN: %msc compile %S/Inputs/dense.py -o %t/ok --quantize=int8 --calibration=c.npy 2>&1 >/dev/null | FileCheck --check-prefix=SOFTMAX %s
# RUN: FileCheck --check-prefix=HDR %s < %t/ok/dense.h
# RUN: %msc compile %S/Inputs/dense.py -o %t/mr --quantize=int8 --calibration=c.npy --memory-report 2>&1 >/dev/null | FileCheck --check-prefix=MEMREP %s
# RUN: cc -std=c99 -DMSRT_NO_SIMD %t/ok/*.c -lm -o %t/ok/st && %t/ok/st | FileCheck --check-prefix=SELF %s
# an .npz member named after the input; the recorded inputs (1 sample): warned
# RUN: %msc compile %S/Inputs/dense.py -o %t/npz --quantize=int8 --calibration=c.npz 2>&1 >/dev/null | FileCheck --check-prefix=SOFTMAX %s
# RUN: FileCheck --check-prefix=NPZ %s < %t/npz/dense.h
# RUN: %msc compile %S/Inputs/dense.py -o %t/rec --quantize=int8 --calibration-method=kl 2>&1 >/dev/null | FileCheck --check-prefix=FEW1 %s
# RUN: %msc compile %S/Inputs/dense.py -o %t/few --quantize=int8 --calibration=few.npy 2>&1 >/dev/null | FileCheck --check-prefix=FEW30 %s
# errors: exit 1, nothing written
# RUN: %msc compile %S/Inputs/dense.py -o %t/e --quantize=int8 --calibration=missing.npy > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=MISSING %s < %t/err
# RUN: %msc compile %S/Inputs/dense.py -o %t/e --quantize=int8 --calibration=junk.npy > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=JUNK %s < %t/err
# RUN: %msc compile %S/Inputs/dense.py -o %t/e --quantize=int8 --calibration=bad.npy > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=SHAPE %s < %t/err
# RUN: %msc compile %S/Inputs/dense.py -o %t/e --quantize=int8 --calibration=empty.npy > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=EMPTY %s < %t/err
# RUN: %msc compile %S/Inputs/dense.py -o %t/e --quantize=int8 --calibration=two.npz > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=NONAME %s < %t/err
# RUN: %msc compile %S/Inputs/dense.py -o %t/e --quantize=int8 --calibration=c.npy --io=int8 > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=IO %s < %t/err
# RUN: %msc compile %S/Inputs/train.py -o %t/e --quantize=int8 > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=TRAIN %s < %t/err
# RUN: %msc compile %S/Inputs/noquant.py -o %t/e --quantize=int8 > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=NOQ %s < %t/err
# RUN: test ! -e %t/e
# usage errors: exit 2
# RUN: %msc compile %S/Inputs/noquant.py -o %t/e --calibration=c.npy > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=NOFLAG %s < %t/err
# RUN: %msc compile %S/Inputs/noquant.py -o %t/e --quantize=int8 --calibration-method=percentile:40 > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=METHOD %s < %t/err
# RUN: %msc compile %S/Inputs/noquant.py -o %t/e --quantize=int4 > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=INT4 %s < %t/err
# RUN: %msc compile %S/Inputs/noquant.py -o %t/e --quantize=int8 --io=f16 > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=IOARG %s < %t/err
# RUN: test ! -e %t/e

# SOFTMAX: dense.py:20:16: warning: entry 'Net_construct': Softmax has no int8 kernel: it stays float32 (between DequantizeInt8 and QuantizeInt8)
# SOFTMAX-NOT: warning
# HDR: calibration minmax on 120 samples of c.npy
# HDR: int8 layer 0 dense.py:20:48: {{.*}} act=relu (Dense 8 -> 16)
# HDR-NEXT: int8 layer 1 dense.py:20:29: {{.*}} act=none (Dense 16 -> 4)
# HDR-NEXT: float32 Softmax dense.py:20:16 (no int8 kernel)
# HDR-NEXT: float32 inputs and outputs: quantized on entry, dequantized on exit
# MEMREP: %3 DequantizeInt8 value
# MEMREP: msc: compile: entry dense_Net_construct: arena
# MEMREP-NEXT: msc: compile: entry dense_Net_construct: float32, no int8 kernel: Softmax dense.py:20:16
# SELF: dense_Net_construct: ok (1 output, int8: bit-exact with msc's int8 reference executor; max abs error against float32 {{.*}})
# NPZ: calibration minmax on 150 samples of c.npz
# FEW1: msc: warning: entry 'Net_construct': calibration on 1 sample (fewer than 100): the activation ranges may not cover the data the model will see; give training samples with --calibration=FILE.npy
# FEW30: msc: warning: entry 'Net_construct': calibration on 30 samples (fewer than 100)
# MISSING: msc: error: --calibration=missing.npy: [Errno 2] No such file or directory: 'missing.npy'
# JUNK: msc: error: --calibration=junk.npy: EOF: reading magic string, expected 6 bytes got 5
# SHAPE: msc: error: --calibration=bad.npy: array of shape (10, 7) does not fit input 'x' of entry 'Net_construct', of shape (2, 8): give (N, 2, 8) for N samples, or (N * 2, 8)
# EMPTY: msc: error: --calibration=empty.npy: the calibration set is empty (0 samples)
# NONAME: msc: error: --calibration=two.npz: no array for input 'x' of entry 'Net_construct' (name an .npz member 'x', or give one array per input in order)
# IO: msc: error: entry 'Net_construct': dense.py:20:16: --io=int8: output 0 is computed in float32 by Softmax (only an int8 layer's result may be an int8 output)
# TRAIN: msc: error: entry 'step' is a training step (it assigns Parameters): --quantize=int8 quantizes inference entries only (choose them with --entry=NAME)
# NOQ: msc: error: entry 'f': --quantize=int8: no quantizable op (a Dense or a Conv2D: a MatMul or Conv2D of a float32 input and a constant float32 weight, with an optional constant bias and ReLU)
# NOQ-NOT: warning
# NOFLAG: msc: error: --calibration applies with --quantize=int8
# METHOD: msc: error: unknown --calibration-method=percentile:40 (minmax, percentile:P with 50 < P <= 100, or kl)
# INT4: msc: error: unknown --quantize=int4 (int8)
# IOARG: msc: error: unknown --io=f16 (float or int8)
