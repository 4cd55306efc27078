# Complex tensors through MindSpore's API (issue 26 item 3), against numpy
# 1.24: the same script runs under msc with mindspore Tensors, eagerly
# (--mode=pynative) and as @ms.jit graphs on both backends, and under
# Debian's python3 with numpy ("ref"); each output must equal numpy's
# byte for byte. Creation (Python complex lists, numpy complex arrays,
# dtype=), Complex/Real/Imag/Conj/Abs (primitives, functions, Tensor
# methods), + - * / with broadcasting and promotion (float32 (+) complex64,
# a Python complex scalar), Neg, Square, ==/!=, Cast both ways, asnumpy,
# the ops that move elements (Tile, BroadcastTo, Concat, slicing,
# Transpose, Stack, Reshape, Flatten).
# Abs uses values numpy's AVX-512 loop gets exact (|-5+12j| is 12.999999
# there; msc's hypot, MindSpore's std::abs, gives 13).
# RUN: %msc run --mode=pynative %s > %t.py.out
# RUN: %msc run --backend=cc %s > %t.cc.out
# RUN: %msc run --backend=ref %s > %t.ref.out
# RUN: %python %s ref > %t.np
# RUN: diff -u %t.np %t.py.out
# RUN: diff -u %t.np %t.cc.out
# RUN: diff -u %t.np %t.ref.out
import sys
import numpy as np
REF = len(sys.argv) > 1 and sys.argv[1] == 'ref'

re32 = np.array([3.0, -6.0, 0.5, 8.0], np.float32)
im32 = np.array([4.0, 8.0, -1.25, -6.0], np.float32)
z64 = np.array([1 + 1j, 2 - 0.5j, -1 + 4j, 0.25 + 0j], np.complex64)
w128 = np.array([[1.5 - 2j], [-3 + 0.5j]])
f32 = np.array([2.0, -1.0, 0.5, 4.0], np.float32)


def np_complex(a, b):
    return a + np.complex64(1j) * b if a.dtype == np.float32 else a + 1j * b


def reference():
    c = np_complex(re32, im32)
    return [c, np.abs(c), np.real(c), np.imag(c), np.conj(c), c * z64, c / z64, c - z64 + c, -c, np.square(c),
            c == z64, c != c, c + f32, f32 * z64, z64 + 1j, z64 * (2 - 1j), w128 * z64, w128 / z64,
            np.real(c), f32.astype(np.complex64), np.real(f32), np.imag(f32),
            np.conj(f32), z64.astype(np.complex128) + w128,
            np.tile(w128, (2, 3)), np.broadcast_to(z64, (2, 4)), np.concatenate((z64, z64)), z64[::2], w128.T,
            np.stack([z64, z64]).reshape(4, 2).T.flatten()]


if REF:
    out = reference()
    print(np.array([1 + 2j, -3.5]).dtype, np.array([1 + 2j, -3.5]))
else:
    import mindspore as ms
    from mindspore import Tensor, ops

    def compute(re, im, z, w, f):
        c = ops.Complex()(re, im)
        return (c, ops.Abs()(c), ops.Real()(c), ops.imag(c), c.conj(), c * z, c / z, c - z + c, -c,
                ops.Square()(c), c == z, c != c, c + f, f * z, z + 1j, z * (2 - 1j), w * z, ops.div(w, z),
                ops.Cast()(c, ms.float32), ops.cast(f, ms.complex64), f.real(), ops.imag(f), ops.conj(f),
                ops.cast(z, ms.complex128) + w,
                ops.tile(w, (2, 3)), ops.broadcast_to(z, (2, 4)), ops.concat((z, z)), z[::2], w.T,
                ops.stack([z, z]).reshape(4, 2).T.flatten())

    args = (Tensor(re32), Tensor(im32), Tensor(z64), Tensor(w128), Tensor(f32))
    out = [o.asnumpy() for o in ms.jit(compute)(*args)]
    t = Tensor([1 + 2j, -3.5])
    print(t.asnumpy().dtype, t)
for o in out:
    print(o.dtype, o.shape)
    print(o)
