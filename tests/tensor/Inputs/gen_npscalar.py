"""Generate a differential test of numpy's scalar types (numpy 1.24).

gen_npscalar.py OUT.py OUT.ref [SEED [COUNT]]: writes a script of print() lines
(numpy scalars from constructors, indexing and reductions; their arithmetic,
comparisons and promotion with Python numbers, other scalars and arrays;
int/float/bool/round/hash/str/repr/type) and the output Debian's numpy
gives for it. Cases numpy rejects or warns about (overflow, division by
zero, negative integer powers) are left out: msc has no try statement.
"""
import os
import random
import sys
import warnings

import numpy as np

# numpy's AVX-512 loops of power are SVML's, not libm's pow: within an ulp but
# not the same bits (2.5 ** np.int32(100) ends ...114e+39 with them, ...1142e+39
# from libm, which numpy's own float64 scalars, CPython and msc use). The
# reference is numpy without its AVX-512 loops, as on a machine without
# AVX-512: the same output on every machine.
def _without_avx512():
    from numpy.core import _multiarray_umath as mu
    on = [f for f in mu.__cpu_dispatch__ if f.startswith('AVX512') and mu.__cpu_features__.get(f)]
    if on and not os.environ.get('NPY_DISABLE_CPU_FEATURES'):
        os.environ['NPY_DISABLE_CPU_FEATURES'] = ' '.join(on)
        os.execv(sys.executable, [sys.executable] + sys.argv)


_without_avx512()

warnings.simplefilter('error')
np.seterr(all='raise')

TYPES = ['bool_', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32',
         'uint64', 'float16', 'float32', 'float64']
VALUES = {
    'bool_': ['True', 'False'],
    'float': ['1.5', '-2.25', '0.1', '3.0', '1e10', '7.0', '0.3333'],
    'int': ['3', '-2', '7', '100', '1'],
    'uint': ['3', '7', '200', '1'],
}
PY = ['True', '2', '-3', '300', '2.5', '0.1', '-1.0', '1e3', '70000']
OPS = ['+', '-', '*', '/', '//', '%', '**', '<', '<=', '==', '!=', '>', '>=', '&', '|', '^']


def values(t):
    if t == 'bool_':
        return VALUES['bool_']
    if t.startswith('float'):
        return VALUES['float']
    if t.startswith('uint'):
        return VALUES['uint']
    return VALUES['int']


def scalar(rng):
    t = rng.choice(TYPES)
    return f'np.{t}({rng.choice(values(t))})'


def array(rng):
    t = rng.choice(TYPES)
    vs = values(t)
    return f'np.array([{rng.choice(vs)}, {rng.choice(vs)}], dtype=np.{t})'


def derived(rng):
    """A numpy scalar from indexing or a reduction."""
    t = rng.choice(TYPES)
    vs = values(t)
    a = f'np.array([[{rng.choice(vs)}, {rng.choice(vs)}], [{rng.choice(vs)}, {rng.choice(vs)}]], dtype=np.{t})'
    return rng.choice([f'{a}[0, 1]', f'{a}[1][0]', f'{a}.sum()', f'{a}.mean()', f'{a}.max()',
                       f'{a}.min()', f'np.sum({a})', f'{a}.prod()', f'np.mean({a})',
                       f'{a}[0].sum()', f'np.std({a})', f'np.dot({a}[0], {a}[1])'])


def operand(rng, allow_array=True):
    k = rng.random()
    if k < 0.45:
        return scalar(rng)
    if k < 0.65:
        return derived(rng)
    if k < 0.9 or not allow_array:
        return rng.choice(PY)
    return array(rng)


def expr(rng):
    k = rng.random()
    if k < 0.7:
        a, b = operand(rng), operand(rng)
        if a in PY and b in PY:
            a = scalar(rng)
        if rng.random() < 0.5:
            a, b = b, a
        return f'({a}) {rng.choice(OPS)} ({b})'
    x = rng.choice([scalar(rng), derived(rng)])
    return rng.choice([f'-({x})', f'abs({x})', f'int({x})', f'float({x})', f'bool({x})',
                       f'round({x})', f'round({x}, 1)', f'str({x})', f'({x}).item()',
                       f'({x}).astype(np.float32)', f'repr(({x}).dtype)', f'~({x})',
                       f'isinstance({x}, np.integer)', f'isinstance({x}, np.floating)',
                       f'isinstance({x}, float)', f'isinstance({x}, int)',
                       f'isinstance({x}, np.generic)', f'hash({x}) == hash(({x}).item())',
                       f'({x}).ndim', f'({x}).shape', f'np.float64({x})', f'np.int32({x})',
                       f'{x} + 0', f'[{x}, {x}]', f'np.array({x})', f'np.array([{x}, 1])'])


def run(e):
    r = eval(e)
    return f'{r!r} {type(r).__name__}'


def main():
    out, ref = sys.argv[1], sys.argv[2]
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 19)
    lines, refs = ['import numpy as np'], []
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 1500
    n = 0
    tries = 0
    while n < count and tries < 100 * count:
        tries += 1
        e = expr(rng)
        try:
            r = run(e)
        except (ArithmeticError, ValueError, TypeError, FloatingPointError, RuntimeWarning,
                DeprecationWarning, OverflowError):
            continue
        lines.append(f'r = {e}')
        lines.append(f'print({n}, repr(r), type(r).__name__)')
        refs.append(f'{n} {r}')
        n += 1
    with open(out, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    with open(ref, 'w') as f:
        f.write('\n'.join(refs) + '\n')


main()
