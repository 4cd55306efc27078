# The fused epilogue of msrt_matmul_ep / msrt_conv2d_ep (bias, then an
# activation, applied at the GEMM's store) against numpy: act(A @ B + bias)
# and act(conv(x, w) + bias[c]) computed in float64 (the convolution as an
# explicit sum over the kernel window), for float32 and float64, every
# activation, with and without bias, transposed operands, M == 1, K > 256,
# strided/padded/dilated convolutions. Tolerance: the GEMM's summation
# bound (K + 2) eps sum|a||b| (+ |bias|), times 1.2 for the activation's
# slope, plus 4 ulp of the result. (The exact, bit-for-bit comparison with
# the unfused kernels is tests/unit/test_epilogue.c.)
#
#
# The runtime's objects are built one file at a time with the very command
# tests/codegen/{all_ops,fuse_numeric,memplan_numeric}.py and
# tests/compile/opt_step.py use for theirs (gcc -std=c11 -O1 -w -c; no
# warnings are checked here: strict_c99.py does that), so that make test's
# compiler cache (tests/lit-tools/cc-cache) answers them from the first.
# RUN: rm -rf %t.rt && mkdir -p %t.rt
# RUN: for f in gemm nn kernels print dtype; do \
# RUN:   gcc -std=c11 -O1 -w -c %S/../../runtime/$f.c -o %t.rt/$f.o || exit 1; done
# RUN: cc -std=c99 -O1 -I%S/../.. -o %t %S/Inputs/epilogue_driver.c %t.rt/gemm.o %t.rt/nn.o \
# RUN:    %t.rt/kernels.o %t.rt/print.o %t.rt/dtype.o -lm
# RUN: %t > %t.bin
# RUN: %python %s %t.bin | FileCheck %s
# The portable kernels (what a Cortex-M runs), on this host: gemm.c and nn.c
# again with -DMSRT_NO_SIMD; kernels.c, print.c, dtype.c and msrt.h never
# test MSRT_NO_SIMD (nor any x86 macro): their preprocessed text, hence their
# objects, are the same, so the objects above serve.
# RUN: for f in gemm nn; do \
# RUN:   gcc -std=c11 -O1 -w -DMSRT_NO_SIMD -c %S/../../runtime/$f.c -o %t.rt/$f-gen.o || exit 1; done
# RUN: cc -std=c99 -O1 -DMSRT_NO_SIMD -I%S/../.. -o %t.gen %S/Inputs/epilogue_driver.c %t.rt/gemm-gen.o \
# RUN:    %t.rt/nn-gen.o %t.rt/kernels.o %t.rt/print.o %t.rt/dtype.o -lm
# RUN: %t.gen > %t.gen.bin
# RUN: %python %s %t.gen.bin | FileCheck %s
# CHECK: matmul 84 cases ok
# CHECK-NEXT: conv 28 cases ok
import math
import sys

import numpy as np

ACTS = {-1: 'none', 23: 'relu', 24: 'relu6', 22: 'sigmoid', 21: 'tanh', 28: 'gelu', 29: 'silu'}
erfc = np.vectorize(math.erfc)


def act(name, x):
    if name == 'none':
        return x
    if name == 'relu':
        return np.maximum(x, 0)
    if name == 'relu6':
        return np.clip(x, 0, 6)
    if name == 'sigmoid':
        return 1 / (1 + np.exp(-x))
    if name == 'tanh':
        return np.tanh(x)
    if name == 'gelu':
        return 0.5 * x * erfc(-x / math.sqrt(2))
    return x / (1 + np.exp(-x))


data = open(sys.argv[1], 'rb').read()
pos = 0


def take(n, dt):
    global pos
    a = np.frombuffer(data, dtype=dt, count=n, offset=pos)
    pos += a.nbytes
    return a


counts = {0: 0, 1: 0}
bad = 0
while pos < len(data):
    h = take(16, np.int64)
    kind, es, a, hb = (int(v) for v in h[:4])
    dt = np.float32 if es == 4 else np.float64
    eps = float(np.finfo(dt).eps)
    name = ACTS[a]
    if kind == 0:
        M, N, K, ta, tb = (int(v) for v in h[4:9])
        A = take(M * K, dt).astype(np.float64).reshape((K, M) if ta else (M, K))
        B = take(K * N, dt).astype(np.float64).reshape((N, K) if tb else (K, N))
        bias = take(N, dt).astype(np.float64)
        got = take(M * N, dt).astype(np.float64).reshape(M, N)
        A = A.T if ta else A
        B = B.T if tb else B
        pre = A @ B + (bias if hb else 0)
        mag = np.abs(A) @ np.abs(B) + (np.abs(bias) if hb else 0)
        desc = 'matmul %s M=%d N=%d K=%d ta=%d tb=%d' % (dt.__name__, M, N, K, ta, tb)
    else:
        xs = [int(v) for v in h[4:8]]
        ws = [int(v) for v in h[8:12]]
        g = [int(v) for v in take(8, np.int64)]
        x = take(int(np.prod(xs)), dt).astype(np.float64).reshape(xs)
        w = take(int(np.prod(ws)), dt).astype(np.float64).reshape(ws)
        bias = take(ws[0], dt).astype(np.float64)
        OH = (xs[2] + g[2] + g[3] - g[6] * (ws[2] - 1) - 1) // g[0] + 1
        OW = (xs[3] + g[4] + g[5] - g[7] * (ws[3] - 1) - 1) // g[1] + 1
        got = take(xs[0] * ws[0] * OH * OW, dt).astype(np.float64).reshape(xs[0], ws[0], OH, OW)
        xp = np.pad(x, ((0, 0), (0, 0), (g[2], g[3]), (g[4], g[5])))
        pre = np.zeros(got.shape)
        mag = np.zeros(got.shape)
        for i in range(ws[2]):
            for j in range(ws[3]):
                win = xp[:, :, i * g[6]:i * g[6] + g[0] * (OH - 1) + 1:g[0],
                         j * g[7]:j * g[7] + g[1] * (OW - 1) + 1:g[1]]
                pre += np.einsum('nchw,oc->nohw', win, w[:, :, i, j])
                mag += np.einsum('nchw,oc->nohw', np.abs(win), np.abs(w[:, :, i, j]))
        if hb:
            pre += bias[None, :, None, None]
            mag += np.abs(bias)[None, :, None, None]
        K = ws[1] * ws[2] * ws[3]
        desc = 'conv %s x=%s w=%s geo=%s' % (dt.__name__, xs, ws, g)
    want = act(name, pre)
    tol = 1.2 * (K + 2) * eps * mag + 4 * eps * np.abs(want) + 1e-300
    err = np.abs(got - want)
    if not np.all(err <= tol):
        bad += 1
        i = np.argmax(err - tol)
        print('FAIL %s act=%s bias=%d: max excess at %d: got %r want %r tol %r'
              % (desc, name, hb, i, got.flat[i], want.flat[i], tol.flat[i]))
    counts[kind] += 1
if bad == 0:
    print('matmul %d cases ok' % counts[0])
    print('conv %d cases ok' % counts[1])
sys.exit(1 if bad else 0)
