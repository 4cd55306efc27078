# Printing of complex64/complex128 arrays and Tensors (issue 26 item 3): the
# same script runs under msc (numpy arrays, and mindspore Tensors, whose
# print is numpy's str: SEMANTICS.md 1.1) and under Debian's python3 with
# numpy 1.24 ("ref"), and the outputs must be byte-identical: str and repr
# of arrays (each part formatted on its own, the imaginary one with a sign,
# 'j' before the padding), numpy complex scalars ("(1+2j)", "2j", nan and
# inf parts), 0-d, empty, 2-D/3-D, scientific parts, non-finite parts, a
# wrapped row and a summarised (> 1000 elements) array, tolist/item.
# RUN: %msc run %s > %t.out
# RUN: %python %s ref > %t.ref
# RUN: diff -u %t.ref %t.out
import sys
import numpy as np
REF = len(sys.argv) > 1 and sys.argv[1] == 'ref'
if not REF:
    import mindspore as ms
    from mindspore import Tensor


def cx(re, im, dt):
    return np.array([complex(r, i) for r, i in zip(re, im)], dt)


def show(label, a):
    print(label)
    print(a)
    print(repr(a))
    if not REF:
        t = Tensor(a)
        assert str(t) == str(a), label
        assert t.asnumpy().dtype == a.dtype, label
        assert str(t.asnumpy()) == str(a), label


for dt in (np.complex64, np.complex128):
    name = np.dtype(dt).name
    show(name + ' plain', np.array([1 + 2j, 3.5 - 4j, -0.5 + 0j], dt))
    show(name + ' integral', np.array([1 + 1j, -2 - 3j, 10 + 0j], dt))
    show(name + ' zeros and signs', cx([0.0, -0.0, 0.0, -0.0], [0.0, 0.0, -0.0, -0.0], dt))
    show(name + ' thirds', np.array([1 / 3 + 2j / 3, -1 / 7 + 1j], dt))
    show(name + ' scientific real', np.array([1e-5 + 1j, 1e10 + 2j, 3 - 1j], dt))
    show(name + ' scientific imag', np.array([1 + 1e-7j, 2 + 3e9j], dt))
    show(name + ' non-finite', cx([np.nan, np.inf, -np.inf, 1.5], [1.0, np.nan, -np.inf, np.inf], dt))
    show(name + ' nan only', cx([np.nan, np.nan], [np.nan, -np.inf], dt))
    show(name + ' 2-D', (np.arange(12).reshape(3, 4) * (0.5 - 0.25j) + 1j).astype(dt))
    show(name + ' 3-D', (np.arange(8).reshape(2, 2, 2) - 3.25j).astype(dt))
    show(name + ' wraps', (np.arange(20) * (1.125 + 2.5j)).astype(dt))
    show(name + ' summarised', (np.arange(1200) * (0.5 - 1j)).astype(dt))
    show(name + ' one element', np.array([2.5 - 0.125j], dt))
    show(name + ' empty', np.zeros((0,), dt))
    show(name + ' empty 2-D', np.zeros((2, 0), dt))
    show(name + ' 0-d', np.array(1.5 - 2j, dt))
    # numpy complex scalars (str == repr in numpy 1.24)
    for v in [1 + 2j, 2j, -2j, 0j, -1.5 - 0.5j, 1e-5 + 1e20j, complex(-0.0, 1), complex(float('nan'), 1),
              complex(1, float('nan')), complex(float('inf'), -float('inf')), complex(0, float('inf'))]:
        s = dt(v)
        print(s, repr(s), np.array([v], dt)[0])
    # elements back as Python complex
    a = np.array([1 + 2j, -3.5 + 0.25j], dt)
    print(a.tolist(), a[1].item(), complex(a[0]), a.dtype, a.real, a.imag, a.conj())

print(np.array([1 + 2j, 3]).dtype, np.array([1, 2.5j]), np.array([[1j], [2]]))
print(np.array([1, 2], np.complex64) + np.array([0.5, 1], np.float32))
print(np.array([1, 2], np.complex64) * 1j, (np.array([1, 2], np.complex64) * 1j).dtype)
print((np.ones(2, np.float32) + 1j).dtype, (np.ones(2, np.int16) + np.ones(2, np.complex64)).dtype)
print(np.real(np.array([1 + 2j])), np.imag(np.array([1.5])), np.conj(np.array([1 - 1j])))
