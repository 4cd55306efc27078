"""Writes an msc script printing str() and repr() of random ndarrays, and
numpy's own output for the same arrays (the reference).
usage: gen_print.py OUT_SCRIPT OUT_REF [COUNT]"""
import math
import sys

import numpy as np

rng = np.random.RandomState(2024)
count = int(sys.argv[3]) if len(sys.argv) > 3 else 400


def lit(x):
    if isinstance(x, float):
        if math.isnan(x):
            return 'nan'
        if math.isinf(x):
            return 'inf' if x > 0 else '-inf'
    return repr(x)


def make(i):
    dt = ['float32', 'float64', 'int32', 'int64', 'bool'][i % 5]
    nd = rng.randint(0, 4)
    shape = tuple(int(rng.choice([0, 1, 2, 3, 5, 9, 13])) for _ in range(nd))
    if i % 37 == 0:
        shape = (int(rng.choice([1001, 1500, 3000])),)
    elif i % 41 == 0:
        shape = (int(rng.choice([40, 60])), int(rng.choice([30, 70])))
    n = int(np.prod(shape)) if shape else 1
    if dt == 'bool':
        a = rng.rand(n) < 0.5
    elif dt.startswith('int'):
        mag = 10 ** rng.randint(0, 9)
        a = rng.randint(-mag, mag + 1, size=n)
    else:
        exp = rng.uniform(-8, 9)
        a = rng.randn(n) * 10 ** exp
        if i % 3 == 0:
            a = np.round(a)
        if i % 7 == 0 and n > 2:
            a[0], a[1] = np.nan, -np.inf
        if i % 11 == 0 and n > 0:
            a[-1] = -0.0
    return np.array(a, dtype=dt).reshape(shape)


lines = ['import numpy as np', 'nan = float("nan")', 'inf = float("inf")']
ref = []
for i in range(count):
    a = make(i)
    data = '[' + ', '.join(lit(v) for v in a.reshape(-1).tolist()) + ']'
    lines.append('a = np.array(%s, dtype=np.%s).reshape(%r)' % (data, 'bool_' if a.dtype.name == 'bool' else a.dtype.name, a.shape))
    lines.append('print(%d)' % i)
    lines.append('print(a)')
    lines.append('print(repr(a))')
    ref.append(str(i))
    ref.append(str(a))
    ref.append(repr(a))
with open(sys.argv[1], 'w') as f:
    f.write('\n'.join(lines) + '\n')
with open(sys.argv[2], 'w') as f:
    f.write('\n'.join(ref) + '\n')
