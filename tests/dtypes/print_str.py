# print(t) of Tensors of the small dtypes (int8, uint8, int16, float16) is
# numpy's str of the data (SEMANTICS.md 1.1): the same script runs under
# msc (mindspore Tensors) and under Debian's python3 with numpy ("ref": the
# plain arrays), and the outputs must be byte-identical. Covers extremes,
# float16 subnormals/inf/nan/-0., wide negative int8 columns, 2-D/3-D,
# 0-d, empty and summarised (> 1000 elements) tensors, and results of
# elementwise ops whose dtype MindSpore and numpy agree on.
# RUN: %msc run %s > %t.out
# RUN: %python %s ref > %t.ref
# RUN: diff -u %t.ref %t.out
import sys
import numpy as np
REF = len(sys.argv) > 1 and sys.argv[1] == 'ref'
if not REF:
    import mindspore as ms
    from mindspore import Tensor


def T(a):
    return a if REF else Tensor(a)


def show(label, a):
    t = T(a)
    print(label)
    print(t)
    if not REF:  # the data a Tensor hands back is the same array
        assert str(t.asnumpy()) == str(t)
        assert t.asnumpy().dtype == a.dtype


i8 = np.array([0, 1, -1, 127, -128, 5, -77, 100], np.int8)
u8 = np.array([0, 1, 255, 128, 7, 200], np.uint8)
i16 = np.array([0, 1, -1, 32767, -32768, 300, -4096], np.int16)
f16 = np.array([65504, -65504, 6e-08, -6e-08, 1e-07, 6.104e-05, np.inf, -np.inf, np.nan, -0.0, 0.0, 1.0,
                0.1, 3.140625, 1000.0, 0.0009765625], np.float16)
show('i8', i8)
show('u8', u8)
show('i16', i16)
show('f16', f16)
show('f16 plain', np.array([0.5, 1.5, -2.25, 3.0], np.float16))
show('f16 integral', np.array([1.0, 2.0, -3.0, 2048.0], np.float16))
show('f16 small', np.array([6e-08, 1.2e-07, 5.96e-08], np.float16))
show('f16 big', np.array([65504, 60000, 32768], np.float16))
show('f16 specials', np.array([np.nan, np.inf, -0.0], np.float16))
show('f16 2-D', np.arange(-12, 12, dtype=np.float16).reshape(4, 6) / np.float16(3))
show('i8 wide negative columns', np.arange(-128, 128, 7, dtype=np.int64).astype(np.int8).reshape(-1, 1)[:36].reshape(4, 9))
show('i8 wraps at 75 columns', np.arange(-128, 127, 3).astype(np.int8))
show('u8 wraps', np.arange(0, 256, 5).astype(np.uint8))
show('i16 wraps', (np.arange(-40, 40) * 811).astype(np.int16))
show('i16 3-D', (np.arange(24) * -1365).astype(np.int16).reshape(2, 3, 4))
show('i8 3-D', np.arange(-60, 60, 5, dtype=np.int8).reshape(2, 3, 4))
show('u8 2-D', np.arange(0, 240, 10, dtype=np.uint8).reshape(4, 6))
show('i8 summarised', np.arange(2000, dtype=np.int64).astype(np.int8))
show('u8 summarised 2-D', (np.arange(1500, dtype=np.int64) * 7).astype(np.uint8).reshape(30, 50))
show('i16 summarised 3-D', (np.arange(2048, dtype=np.int64) * 37).astype(np.int16).reshape(8, 16, 16))
show('f16 summarised', (np.arange(1200, dtype=np.float64) / 7 - 80).astype(np.float16))
show('f16 summarised scientific', (10.0 ** (np.arange(1100) / 1099 * 11.7 - 7)).astype(np.float16))
show('i8 0-d', np.array(-128, np.int8))
show('u8 0-d', np.array(255, np.uint8))
show('i16 0-d', np.array(-32768, np.int16))
show('f16 0-d', np.array(6e-08, np.float16))
show('f16 0-d max', np.array(65504, np.float16))
show('f16 0-d -0', np.array(-0.0, np.float16))
show('f16 0-d third', np.array(1 / 3, np.float16))
show('i8 empty', np.zeros((0, 3), np.int8))
show('f16 empty', np.zeros((0,), np.float16))
show('bool', np.array([True, False, True]))

# arithmetic where MindSpore's and numpy's dtypes agree: results print as numpy
a = np.array([1, -2, 127, -128], np.int8)
u = np.array([1, 200, 255, 0], np.uint8)
s = np.array([300, -300, 32767, -32768], np.int16)
h = np.array([1.5, -2.25, 65504.0, 6e-08], np.float16)
A, U, S, H = T(a), T(u), T(s), T(h)
print('int8 + uint8 (int16)')
print(A + U)
print('int8 * int8 wraps')
print(A * A)
print('int8 - int8 wraps')
print(A - T(np.array([1, 1, -1, 1], np.int8)))
print('uint8 + uint8 wraps')
print(U + U)
print('int16 * int16 wraps')
print(S * S)
print('int8 + int16')
print(A + S)
print('float16 * float16 overflows to inf')
print(H * H)
print('float16 + float16')
print(H + H)
print('float16 - float16')
print(H - T(np.array([0.5, 0.5, 0.5, 0.5], np.float16)))
print('int8 // int8, int8 % int8 (floor, sign of the divisor)')
d = T(np.array([3, -3, 2, -1], np.int8))
print(A // d)
print(A % d)
print('uint8 max / min')
print(U.max(), U.min())
