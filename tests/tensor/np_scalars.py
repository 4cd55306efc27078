# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# numpy's scalar types (numpy 1.24): the values of reductions and indexing,
# their types, classes, arithmetic with Python numbers, printing, and their
# use where Python wants an int or a float. The output is Debian numpy's.
import numpy as np

# issue 19's example: n += a.sum(); n /= 4 gives numpy's float
a = np.array([[1, 2], [3, 4]])
n = 0
n += a.sum()
print(n, type(n))
n /= 4
print(n, type(n), repr(n))
acc = 0.0
for row in a:
    acc += row.mean()
print(acc, type(acc))
correct = 0
correct += (np.array([1, 2, 3]) == np.array([1, 0, 3])).sum()
print(correct, type(correct), correct / 3, f'{correct / 3:.2%}')

# types and classes
for t in [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
          np.float16, np.float32, np.float64]:
    x = t(1)
    print(t, t.__name__, repr(x), type(x) is t, x.dtype, np.dtype(t), np.dtype(t) == t, np.dtype(t).type is t,
          isinstance(x, np.generic), isinstance(x, np.number), isinstance(x, np.integer),
          isinstance(x, np.signedinteger), isinstance(x, np.unsignedinteger), isinstance(x, np.floating),
          isinstance(x, np.inexact), isinstance(x, float), isinstance(x, int))
print(np.issubdtype(np.float32, np.floating), np.issubdtype(np.int8, np.integer),
      np.issubdtype('float64', np.floating), np.issubdtype(np.array([1]).dtype, np.signedinteger),
      np.issubdtype(np.uint8, np.signedinteger))
print(np.single is np.float32, np.double is np.float64, np.float_ is np.float64, np.int_ is np.int64,
      np.intp is np.int64, np.half is np.float16, np.intc is np.int32)
print(type(a[0, 1]), type(a[0]), type(a.max()), type(a.mean()), type(a.astype(np.float32).sum()),
      type(np.float32(2) * 2), type(np.float32(2) * np.float32(2)), type(a[0, 1] + 1), type(a[0, 1] * 1.5))
print(type(a[0, ...]), repr(a[0, ...][1]), repr(a[..., 0]), type(np.array(5)), repr(np.array(5)),
      type(np.array(5)[()]), type(np.float32(5)[()]), repr(np.float32(5)[...]))

# constructors
print(repr(np.float32('1.5')), repr(np.int64('42')), repr(np.float64()), repr(np.int8(-3)),
      repr(np.uint8(255)), repr(np.bool_(0)), repr(np.bool_('x')), repr(np.float16(0.1)),
      repr(np.float32([1, 2])), repr(np.int32(np.array([1.7, 2.2]))), repr(np.float64(np.float32(0.1))))

# conversions and Python protocols
x, i = np.float32(2.75), np.int64(7)
print(int(x), float(x), bool(x), int(i), float(i), bool(np.int8(0)), round(x), round(i), round(x, 1),
      round(np.float64(2.675), 2), round(np.int64(1234), -2), abs(np.int8(-5)), -x, +i, ~np.int8(5))
print(x.item(), type(x.item()), i.item(), type(i.item()), np.bool_(True).item(), x.tolist(), type(i.tolist()))
lst = [10, 20, 30, 40, 50, 60, 70, 80]
print(lst[np.int64(2)], lst[np.int32(-1)], lst[np.uint8(1):np.int64(3)], range(np.int64(3)),
      list(range(np.int16(2), np.int64(6))), 'ab' * np.int64(2), [0] * np.int8(3))
print(hash(np.float64(1.5)) == hash(1.5), hash(np.int64(3)) == hash(3), {np.int64(1): 'a'}[1],
      {1: 'b'}[np.int64(1)], np.float64(0.5) in [0.5], np.int64(2) == 2.0)
print(divmod(np.int64(7), 2), divmod(np.float64(7.5), 2), divmod(7, np.int32(3)), pow(np.int64(2), 10))
print(max(np.float32(1.5), 2), min(a.sum(), 3), sum([np.float32(0.5), np.float32(0.25)]),
      sorted([np.int64(3), 1, np.float32(2.5)]), x.is_integer(), np.float64(3.0).is_integer(),
      np.float64(0.75).as_integer_ratio(), x.real, x.imag, x.conjugate())
print(x.ndim, x.shape, x.size, x.itemsize, x.nbytes, x.dtype, x.dtype.name, x.dtype.kind, x.dtype.itemsize,
      repr(x.astype(np.int32)), repr(x.reshape(1)), repr(x.reshape(())), type(x.reshape(())))

# printing: str, repr, format, %, f-strings, containers
vals = [np.float32(0.1), np.float64(0.1), np.float16(0.1), np.float32(1e20), np.float64(1e-7), np.float32(-0.0),
        np.float32(float('nan')), np.float64(float('inf')), np.int64(-3), np.uint8(200), np.bool_(False),
        np.float32(3.0), np.float64(123456789.0), np.float32(16777217.0), np.float16(65504)]
for v in vals:
    print(v, repr(v), str(v), f'{v}', f'{v:.3f}', f'{v!r:>12}', '%s %r %.2f' % (v, v, v), [v], (v,), {'k': v})
print('%d %i %5.1e %x' % (np.int64(42), np.uint8(7), np.float32(12345.0), np.int32(255)), f'{np.int64(42):05d}')
print(np.array([np.float32(1.5), np.float32(2.5)]), np.array([np.int8(1), 2]).dtype,
      np.array([np.float16(1), np.float32(2)]).dtype, np.array([np.uint64(1), 1]).dtype,
      np.array([[np.int32(1)], [np.int16(2)]]).dtype)

# reductions and ufuncs return scalars; functions on arrays keep arrays
b = np.arange(6, dtype=np.float32).reshape(2, 3)
for r in [b.sum(), b.max(), b.min(), b.mean(), b.prod(), np.sum(b), np.mean(b), np.std(b), np.var(b),
          b[1, 2], b[1][2], b.sum(axis=0)[1], np.dot(b[0], b[1]), b.argmax(), np.argmax(b), np.sqrt(b[1, 1]),
          np.exp(np.float64(1)), np.log(np.float32(4)), np.maximum(b[0, 0], 2), np.where(b > 2, 1, 0).sum(), b.astype(bool).all()]:
    print(repr(r), type(r).__name__)
print(repr(np.float32(2) + b), repr(b[0] * np.int64(2)), repr(np.float64(0.5) * np.ones(2, np.float32)))
