"""Checks the constants `msc opt --passes=constfold numeric.mir` folded
against numpy (stdin: the printed IR). The MakeTuple returned by @f holds
the folded constants in the order below. Correctly rounded IEEE operations
(add, mul, div, sqrt, integer floor division) must match bit for bit; the
transcendental ones (libm vs numpy's own) within 2 ulp."""
import re
import sys

import numpy as np

text = sys.stdin.read()
line = [l for l in text.splitlines() if 'MakeTuple(' in l][0]
consts = re.findall(r'Tensor\(shape=\[[0-9, ]*\], dtype=(\w+), value=\[([^\]]*)\]\)', line)
x = np.array([0.1, 1.7, -2.3, 3.14159], dtype=np.float32)
y = np.array([3.0, -0.7, 1e-3, 7.5], dtype=np.float32)
i = np.array([7, -7, 9, -9], dtype=np.int32)
j = np.array([2, 2, -4, -4], dtype=np.int32)
want = [
    ('add', x + y, 0), ('mul', x * y, 0), ('div', x / y, 0), ('sqrt', np.sqrt(np.abs(x)), 0),
    ('exp', np.exp(x), 2), ('tanh', np.tanh(x), 2), ('sin', np.sin(x), 2),
    ('floordiv', np.floor_divide(i, j), 0),
]
assert len(consts) == len(want), (len(consts), line)
bad = 0
for (dt, vals), (name, ref, ulp) in zip(consts, want):
    got = np.array([float(v) if dt.startswith('Float') else int(v) for v in vals.split(',')], dtype=ref.dtype)
    if ulp == 0:
        ok = got.tobytes() == ref.tobytes()
    else:
        ok = bool(np.all(np.abs(got - ref) <= ulp * np.spacing(np.abs(ref))))
    if not ok:
        bad += 1
        print('MISMATCH %s: got %r want %r' % (name, got, ref))
print('checked %d folded constants, %d mismatches' % (len(want), bad))
sys.exit(1 if bad else 0)
