"""opsdiff.py — numpy-differential test of every primitive in ir/ops.def.

Run with Debian's python3 (it imports numpy):
    /usr/bin/python3 tests/ops/opsdiff.py BUILD_DIR [-v] [-k OP] [-j N]
        [--sample=K/N [--seed=S]]
(scripts/ops-diff.sh BUILD_DIR does this.)

For every op in ir/ops.def, CASES below gives cases: input arrays (per
dtype; broadcasting pairs, 0-size dims, size-1 dims, 0-d operands,
transposed operands), attributes, and numpy's reference. The harness writes
one msc script per op that builds the inputs from literal lists with
_msc.array(..., 'np'), runs _msc.prim(op, ...) and prints each result's
dtype, shape and flattened values; it runs msc on it and compares with
numpy: dtype and shape exactly, values exactly for ints/bools and within a
per-dtype tolerance for floats (nan matches nan, infinities match by sign).
An op of ops.def without an entry here is a failure, so the list cannot
silently outgrow the harness. Ends with "N passed, N failed"; exit 1 on
any failure.

The msc runs go N at a time (-j N, default 2). --sample=K/N [--seed=S]
(default seed 1) runs K/N of each op's cases (at least one), drawn with
random.Random(S): the same ones on every run of the same tree, with the same
data as the full run (every case is still generated). Every op still runs;
the cost, which is mostly msc reading the literal inputs, shrinks with the
cases. It says so on a "sample: ..." line (scripts/run-tests.sh does this in
the sanitizer pass).
"""
import concurrent.futures
import math
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# rtol, atol per result dtype (float16 results of exact ops are bit-exact:
# numpy computes them in float32 and rounds once, as msc does)
TOL = {'float32': (2e-6, 1e-6), 'float64': (1e-13, 1e-13), 'float16': (0.0, 0.0)}
# transcendental ops: a few ulp between numpy's own float32 loops and libm
TOL_LOOSE = {'float32': (1e-5, 1e-6), 'float64': (1e-12, 1e-13), 'float16': (1e-3, 1e-4)}


def ops_def():
    names = []
    with open(os.path.join(REPO, 'ir', 'ops.def')) as f:
        for line in f:
            m = re.match(r'\s*OP\((\w+),', line)
            if m:
                names.append(m.group(1))
    return names


RNG = np.random.RandomState(1234)


def rand(shape, dtype, kind='any'):
    """Random test data: kind 'any' (mixed signs), 'pos' (> 0), 'unit' (|x| < 1), 'small' ints."""
    dt = np.dtype(dtype)
    if dt == np.bool_:
        return np.asarray(RNG.rand(*shape) < 0.5)
    if dt.kind in 'iu':
        lo = 1 if kind == 'pos' else (0 if kind == 'nonneg' else -9)
        hi = 5 if kind == 'exp' else 10
        if kind == 'exp':
            lo = 0
        return RNG.randint(lo, hi, size=shape).astype(dt)
    if kind == 'pos':
        x = RNG.rand(*shape) * 4 + 0.1
    elif kind == 'unit':
        x = RNG.rand(*shape) * 1.8 - 0.9
    else:
        x = RNG.randn(*shape) * 3
    return np.asarray(x).astype(dt)


def lit(a):
    """A Python literal building array a in msc."""
    def v(x):
        if isinstance(x, complex):
            return 'complex(%s, %s)' % (v(x.real), v(x.imag))
        if isinstance(x, float):
            if math.isnan(x):
                return "float('nan')"
            if math.isinf(x):
                return "float('inf')" if x > 0 else "-float('inf')"
            return repr(x)
        return repr(x)

    def rec(x):
        if isinstance(x, list):
            return '[' + ', '.join(rec(y) for y in x) + ']'
        return v(x)
    a = np.asarray(a)
    if a.dtype == np.uint64:  # msc ints are 64-bit: the int64 bit pattern, cast
        return ("_msc.prim('Cast', %s, dtype=_msc.dtype('uint64', 'np'), flavour='np')" %
                lit(a.view(np.int64)))
    data = rec(a.reshape(-1).tolist())
    return "_msc.array(%s, '%s', 'np').reshape(%r)" % (data, a.dtype.name, tuple(a.shape))


class Case:
    def __init__(self, op, inputs, attrs, expect, loose=False, note='', scale=None):
        self.op, self.inputs, self.attrs, self.expect = op, inputs, attrs, np.asarray(expect)
        self.loose, self.note = loose, note
        # per-element magnitude the tolerance is relative to (sums of
        # products: |A| @ |B|), default |expected|
        self.scale = None if scale is None else np.asarray(scale, np.float64).reshape(-1).tolist()


def attr_lit(v):
    if isinstance(v, np.dtype) or (isinstance(v, type) and issubclass(v, np.generic)):
        return "_msc.dtype('%s', 'np')" % np.dtype(v).name
    return repr(v)


def script(cases):
    out = ['import _msc', '']
    for i, c in enumerate(cases):
        args = ', '.join([repr(c.op)] + [lit(x) for x in c.inputs] +
                         ['%s=%s' % (k, attr_lit(v)) for k, v in c.attrs.items()] + ["flavour='np'"])
        out.append('r = _msc.prim(%s)' % args)
        out.append("print('CASE', %d, r.dtype, r.shape, [(z.real, z.imag) if isinstance(z, complex) else z "
                   "for z in r.reshape(-1).tolist()])" % i)  # a complex as its parts: the sign of a 0
    return '\n'.join(out) + '\n'


# The base dtype lists (kept as they are for the ops_cases_* modules).
FLOATS = ['float32', 'float64']
NUMS = ['float32', 'float64', 'int32', 'int64']
ALL = NUMS + ['bool']
# Every dtype msc supports (msrt.h section 1): the existing ops' cases run
# over these. FULL: run as a script (not imported by tests/graph/graphdiff.py,
# whose ms.Tensor literals have no uint16/32/64 and no integer above 2^63):
# also the wide unsigned dtypes and the exhaustive float16 cast cases.
FULL = __name__ == '__main__'
XFLOATS = ['float16', 'float32', 'float64']
SINTS = ['int8', 'int16', 'int32', 'int64']
UINTS = ['uint8', 'uint16', 'uint32', 'uint64'] if FULL else ['uint8']
XINTS = SINTS + UINTS
XNUMS = XFLOATS + XINTS
XALL = XNUMS + ['bool']

BIN_SHAPES = [((3, 4), (3, 4)), ((3, 4), (4,)), ((2, 1, 3), (4, 1)), ((0, 3), (3,)),
              ((1,), (1, 1)), ((), (2, 3)), ((), ())]


def binary(op, fn, dtypes=NUMS, kinds=('any', 'any'), loose=False):
    cases = []
    for dt in dtypes:
        for sa, sb in BIN_SHAPES:
            a, b = rand(sa, dt, kinds[0]), rand(sb, dt, kinds[1])
            with np.errstate(all='ignore'):
                e = fn(a, b)
            cases.append(Case(op, [a, b], {}, e, loose, '%s %s %s' % (dt, sa, sb)))
    return cases


def binary_special(op, fn):
    """nan/inf/-0. operands for float ops."""
    cases = []
    for dt in XFLOATS:
        a = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.5, -2.5, 3.0], dt)
        b = np.array([1.0, 2.0, np.inf, 0.5, -1.0, np.nan, -0.0, 7.0], dt)
        with np.errstate(all='ignore'):
            cases.append(Case(op, [a, b], {}, fn(a, b), False, dt + ' special'))
    return cases


def extremes(dt):
    """The edge values of an integer dtype (MIN, MAX, 0, +-1, ...)."""
    info = np.iinfo(dt)
    v = [info.min, info.min + 1, info.max, info.max - 1, 0, 1, 2, 3, 7, info.max // 2, info.max // 2 + 1]
    if info.min < 0:
        v += [-1, -2, -3, -7, info.min // 2, info.min // 2 - 1]
    return np.array(v, dt)


def full_range(shape, dt):
    info = np.iinfo(dt)
    return RNG.randint(info.min, info.max, size=shape, dtype=dt) if dt != 'uint64' else \
        RNG.randint(0, 2**63 - 1, size=shape, dtype=np.int64).astype(np.uint64) * np.uint64(2)


def binary_wrap(op, fn, dtypes=XINTS, nonzero=False):
    """Integer operands over the dtype's whole range and every pair of its
    edge values: numpy wraps modulo 2^bits (int8 127 + 1 == -128), MIN // -1
    == MIN, x // 0 == x % 0 == 0."""
    cases = []
    for dt in dtypes:
        e = extremes(dt)
        a, b = np.repeat(e, len(e)), np.tile(e, len(e))
        if nonzero:
            a, b = a[b != 0], b[b != 0]
        r1, r2 = full_range((5, 7), dt), full_range((7,), dt)
        if nonzero:
            r2[r2 == 0] = 1
        for x, y, note in ((a, b, 'edges'), (r1, r2, 'full range')):
            with np.errstate(all='ignore'):
                cases.append(Case(op, [x, y], {}, fn(x, y), False, '%s %s' % (dt, note)))
    return cases


def unary_wrap(op, fn, dtypes=XINTS):
    cases = []
    for dt in dtypes:
        for x, note in ((extremes(dt), 'edges'), (full_range((4, 6), dt), 'full range')):
            with np.errstate(all='ignore'):
                cases.append(Case(op, [x], {}, fn(x), False, '%s %s' % (dt, note)))
    return cases


def mixed(op, fn, pairs=None, kinds=('any', 'any'), loose=False):
    """Operands of two different dtypes: numpy's promotion table (int8 (+)
    uint8 -> int16, uint64 (+) int64 -> float64, int16 (+) float16 ->
    float32...)."""
    pairs = pairs or MIXED_PAIRS
    cases = []
    for da, db in pairs:
        for sa, sb in (((2, 3), (3,)), ((4,), (2, 1))):
            a, b = rand(sa, da, kinds[0]), rand(sb, db, kinds[1])
            with np.errstate(all='ignore'):
                try:
                    e = fn(a, b)
                except TypeError:  # no common dtype for this ufunc (int64 & uint64)
                    continue
            cases.append(Case(op, [a, b], {}, e, loose, 'mixed %s %s' % (da, db)))
    return cases


MIXED_PAIRS = [('int8', 'uint8'), ('uint8', 'int8'), ('int8', 'int16'), ('uint8', 'int16'), ('uint8', 'uint16'),
               ('int16', 'uint16'), ('int32', 'uint32'), ('int64', 'uint64'), ('uint64', 'int8'),
               ('bool', 'int8'), ('bool', 'uint8'), ('bool', 'float16'), ('int8', 'float16'), ('uint8', 'float16'),
               ('int16', 'float16'), ('int32', 'float16'), ('float16', 'float32'), ('float16', 'float64'),
               ('uint8', 'float32'), ('int16', 'float32'), ('int64', 'float32'), ('uint16', 'float16')]
MIXED_PAIRS = [p for p in MIXED_PAIRS if p[0] in XALL and p[1] in XALL]
INT_PAIRS = [p for p in MIXED_PAIRS if 'float' not in p[0] + p[1]]


UN_SHAPES = [(3, 4), (0,), (), (1, 1, 5), (2, 3, 4)]


def unary(op, fn, dtypes=FLOATS, kind='any', loose=True, special=True):
    cases = []
    for dt in dtypes:
        for s in UN_SHAPES:
            a = rand(s, dt, kind)
            with np.errstate(all='ignore'):
                cases.append(Case(op, [a], {}, fn(a), loose, '%s %s' % (dt, s)))
        if special and np.dtype(dt).kind == 'f':
            with np.errstate(all='ignore'):
                a = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30, -1e30, 0.5], dt)
                cases.append(Case(op, [a], {}, fn(a), loose, dt + ' special'))
    return cases


def as_float(fn):
    """numpy's float-only ufuncs on bool/ints: numpy's own loop choice (the
    smallest float holding the input: int8/uint8/bool -> float16, int16 ->
    float32, int32/int64 -> float64), i.e. the ufunc itself."""
    return fn


def vec(f):
    def g(a):
        return np.vectorize(f, otypes=[a.dtype])(a) if a.size else a.copy()
    return g


def sigmoid(a):
    return (1 / (1 + np.exp(-a.astype(np.float64)))).astype(a.dtype)


def softplus(a):
    return np.logaddexp(0, a.astype(np.float64)).astype(a.dtype)


def silu(a):
    x = a.astype(np.float64)
    return (x / (1 + np.exp(-x))).astype(a.dtype)


def reduce_cases(op, fn, dtypes=NUMS, nonempty=False):
    cases = []
    for dt in dtypes:
        for shape, axis, keep in [((3, 4, 5), None, False), ((3, 4, 5), 0, False), ((3, 4, 5), -1, True),
                                  ((3, 4, 5), (0, 2), False), ((3, 4, 5), (1, 2), True), ((6,), 0, False),
                                  ((), None, False), ((1, 7), 1, False), ((0, 3), 1, False),
                                  ((0, 3), 0, True), ((2, 300), 1, False), ((20000,), None, False)]:
            if nonempty and 0 in shape and (axis is None or shape[axis if isinstance(axis, int) else 0] == 0):
                continue
            a = rand(shape, dt)
            with np.errstate(all='ignore'):
                e = fn(a, axis=axis, keepdims=keep)
                sc = np.sum(np.abs(a.astype(np.float64)), axis=axis, keepdims=keep) if op == 'ReduceSum' else None
            attrs = {'axis': axis, 'keep_dims': keep}
            cases.append(Case(op, [a], attrs, e, True, '%s %s axis=%s keep=%s' % (dt, shape, axis, keep), sc))
    return cases


def arg_cases(op, fn):
    cases = []
    for dt in XALL:
        for shape, axis in [((3, 4, 5), 1), ((3, 4, 5), -1), ((7,), 0), ((3, 4), None), ((1, 1), 0)]:
            a = rand(shape, dt)
            a.reshape(-1)[:2] = a.reshape(-1)[0]  # ties: the first index wins
            cases.append(Case(op, [a], {'axis': axis}, fn(a, axis=axis), False, '%s %s %s' % (dt, shape, axis)))
    for dt in XFLOATS:
        a = np.array([1.0, np.nan, 3.0, np.nan], dt)
        cases.append(Case(op, [a], {'axis': 0}, fn(a, axis=0), False, dt + ' nan'))
    for dt in XINTS:
        a = extremes(dt)
        cases.append(Case(op, [a], {'axis': 0}, fn(a, axis=0), False, dt + ' edges'))
    return cases


def softmax_ref(a, axis, log):
    x = a.astype(np.float64)
    m = x.max(axis=axis, keepdims=True)
    e = np.exp(x - m)
    s = e.sum(axis=axis, keepdims=True)
    return ((x - m - np.log(s)) if log else e / s).astype(a.dtype)


def softmax_cases(op, log):
    cases = []
    for dt in XFLOATS:
        for shape, axis in [((3, 5), -1), ((3, 5), 0), ((2, 3, 4), 1), ((7,), 0), ((1, 1), -1), ((0, 4), -1)]:
            a = rand(shape, dt)
            cases.append(Case(op, [a], {'axis': axis}, softmax_ref(a, axis, log), True, '%s %s %s' % (dt, shape, axis)))
    return cases


def matmul_cases():
    cases = []
    for dt in XNUMS:
        for m, k, n in [(2, 3, 4), (1, 1, 1), (5, 7, 3), (3, 0, 2), (0, 3, 2), (17, 33, 9), (64, 100, 70)]:
            for ta in (False, True):
                for tb in (False, True):
                    a = rand((k, m) if ta else (m, k), dt, 'small')
                    b = rand((n, k) if tb else (k, n), dt, 'small')
                    A, B = a.T if ta else a, b.T if tb else b
                    e = np.matmul(A, B)
                    sc = np.matmul(np.abs(A.astype(np.float64)), np.abs(B.astype(np.float64)))
                    cases.append(Case('MatMul', [a, b], {'transpose_a': ta, 'transpose_b': tb}, e, True,
                                      '%s %dx%dx%d ta=%s tb=%s' % (dt, m, k, n, ta, tb), sc))
    return cases


def bmm_cases(op):
    cases = []
    shapes = [((2, 3, 4), (2, 4, 5)), ((3, 4), (2, 4, 5)), ((2, 1, 3, 4), (5, 4, 2)), ((1, 2, 3), (4, 3, 2)),
              ((0, 2, 3), (3, 4))]
    if op == 'MatMulExt':
        shapes += [((4,), (4, 3)), ((2, 4), (4,)), ((4,), (4,)), ((3, 2, 4), (4,)), ((2, 3), (3, 5))]
    for dt in XNUMS:
        for sa, sb in shapes:
            a, b = rand(sa, dt, 'small'), rand(sb, dt, 'small')
            sc = np.matmul(np.abs(a.astype(np.float64)), np.abs(b.astype(np.float64)))
            cases.append(Case(op, [a, b], {}, np.matmul(a, b), True, '%s %s %s' % (dt, sa, sb), sc))
        if op == 'BatchMatMul':
            a, b = rand((2, 4, 3), dt), rand((2, 5, 4), dt)
            A, B = a.transpose(0, 2, 1), b.transpose(0, 2, 1)
            sc = np.matmul(np.abs(A.astype(np.float64)), np.abs(B.astype(np.float64)))
            cases.append(Case(op, [a, b], {'transpose_a': True, 'transpose_b': True},
                              np.matmul(A, B), True, dt + ' transposed', sc))
    return cases


def biasadd_cases():
    cases = []
    for dt in XNUMS:
        for sx in [(4, 3), (2, 3, 5), (2, 3, 2, 2), (0, 3)]:
            x, b = rand(sx, dt), rand((3,), dt)
            e = x + b.reshape((3,) + (1,) * (len(sx) - 2))
            cases.append(Case('BiasAdd', [x, b], {}, e, False, '%s %s' % (dt, sx)))
    return cases


def shape_cases(op):
    cases = []
    for dt in XALL:
        a = rand((2, 3, 4), dt)
        if op == 'Reshape':
            for s in [(4, 6), (-1,), (2, -1, 2), (24, 1), (1, 2, 3, 4)]:
                cases.append(Case(op, [a], {'shape': s}, a.reshape(s), False, '%s %s' % (dt, s)))
            cases.append(Case(op, [rand((0, 3), dt)], {'shape': (3, 0)}, np.zeros((3, 0), dt), False, 'empty'))
        elif op == 'Transpose':
            for p in [(2, 0, 1), (0, 1, 2), (1, 2, 0), (-1, 0, 1)]:
                cases.append(Case(op, [a], {'perm': p}, np.transpose(a, p), False, '%s %s' % (dt, p)))
            b = rand((5, 0), dt)
            cases.append(Case(op, [b], {'perm': (1, 0)}, b.T, False, 'empty'))
        elif op == 'ExpandDims':
            for ax in [0, 1, 3, -1, -4]:
                cases.append(Case(op, [a], {'axis': ax}, np.expand_dims(a, ax), False, '%s %s' % (dt, ax)))
        elif op == 'Squeeze':
            b = rand((1, 3, 1, 2), dt)
            for ax in [None, 0, (0, 2), -2]:
                cases.append(Case(op, [b], {'axis': ax}, np.squeeze(b, ax), False, '%s %s' % (dt, ax)))
        elif op == 'Flatten':
            for s in [(2, 3, 4), (5,), (3, 1), (0, 4)]:
                b = rand(s, dt)
                cases.append(Case(op, [b], {}, b.reshape(s[0], int(np.prod(s[1:]))), False, '%s %s' % (dt, s)))
        elif op == 'BroadcastTo':
            for s, t in [((3,), (2, 3)), ((2, 1), (2, 4)), ((1,), (0,)), ((), (2, 2)), ((2, 1, 3), (4, 2, 5, 3))]:
                b = rand(s, dt)
                cases.append(Case(op, [b], {'shape': t}, np.broadcast_to(b, t), False, '%s %s->%s' % (dt, s, t)))
        elif op == 'Identity':
            cases.append(Case(op, [a], {}, a.copy(), False, dt))
        elif op == 'Cast':
            for to in XALL:
                src = a if dt != 'float32' and dt != 'float64' else (a % 100)
                with np.errstate(all='ignore'):
                    cases.append(Case(op, [src], {'dtype': np.dtype(to)}, src.astype(to), False, '%s->%s' % (dt, to)))
        elif op == 'StridedSlice':
            for b, e, s in [((0, 1, 0), (2, 3, 4), (1, 1, 2)), ((1,), (2,), (1,)), ((-1, 2, 3), (-3, 0, 0), (-1, -1, -2)),
                            ((0, 0, 1), (2, 3, 100), (1, 2, 1)), ((0, 3, 0), (2, 3, 4), (1, 1, 1))]:
                idx = tuple(slice(x, y, z) for x, y, z in zip(b, e, s))
                cases.append(Case(op, [a], {'begin': b, 'end': e, 'strides': s}, a[idx], False, '%s %s' % (dt, idx)))
    return cases


def concat_cases(op):
    cases = []
    for dt in XALL:
        if op == 'Concat':
            for shapes, ax in [([(2, 3), (4, 3)], 0), ([(2, 3), (2, 1), (2, 0)], 1), ([(2, 2, 3)] * 3, -1),
                               ([(3,)], 0), ([(1, 2, 3), (1, 2, 3)], 1)]:
                xs = [rand(s, dt) for s in shapes]
                cases.append(Case(op, xs, {'axis': ax}, np.concatenate(xs, ax), False, '%s %s %d' % (dt, shapes, ax)))
        else:
            for shapes, ax in [([(2, 3), (2, 3)], 0), ([(2, 3)] * 3, 1), ([(2, 3)] * 2, -1), ([()] * 4, 0),
                               ([(0, 2)] * 2, 1)]:
                xs = [rand(s, dt) for s in shapes]
                cases.append(Case(op, xs, {'axis': ax}, np.stack(xs, ax), False, '%s %s %d' % (dt, shapes, ax)))
    # mixed dtypes promote as numpy does
    xs = [rand((2,), 'int32'), rand((3,), 'float32')]
    cases.append(Case(op if op == 'Concat' else 'Concat', xs, {'axis': 0}, np.concatenate(xs), False, 'int32+float32'))
    for da, db in MIXED_PAIRS:
        xs = [rand((2, 2), da), rand((2, 2), db)]
        e = np.concatenate(xs, 1) if op == 'Concat' else np.stack(xs, 1)
        cases.append(Case(op, xs, {'axis': 1}, e, False, 'mixed %s %s' % (da, db)))
    return cases


def create_cases(op):
    cases = []
    if op in ('Fill', 'Ones', 'Zeros'):
        for dt in XALL:
            for s in [(2, 3), (0,), (), (1, 4, 1)]:
                if op == 'Fill':
                    val = 3 if dt != 'bool' else True
                    e = np.full(s, val, dt)
                    cases.append(Case(op, [], {'shape': s, 'dtype': np.dtype(dt), 'value': val}, e, False, dt))
                else:
                    e = (np.ones if op == 'Ones' else np.zeros)(s, dt)
                    cases.append(Case(op, [], {'shape': s, 'dtype': np.dtype(dt)}, e, False, '%s %s' % (dt, s)))
        if op == 'Fill':
            cases.append(Case(op, [], {'shape': (2,), 'value': 2.5}, np.full((2,), 2.5), False, 'float default'))
            cases.append(Case(op, [], {'shape': (2,), 'value': 7}, np.full((2,), 7), False, 'int default'))
    elif op in ('OnesLike', 'ZerosLike'):
        for dt in XALL:
            a = rand((2, 3), dt)
            e = (np.ones_like if op == 'OnesLike' else np.zeros_like)(a)
            cases.append(Case(op, [a], {}, e, False, dt))
            for to in ('float32', 'int8', 'float16', 'uint8'):
                cases.append(Case(op, [a], {'dtype': np.dtype(to)}, e.astype(to), False, '%s->%s' % (dt, to)))
    elif op == 'Range':
        for args in [(0, 10, 1), (2, 11, 3), (10, 0, -2), (0, 1, 0.1), (-1.5, 2.0, 0.25), (5, 5, 1), (0, 3.0, 1)]:
            e = np.arange(*args)
            cases.append(Case(op, [], {'start': args[0], 'limit': args[1], 'delta': args[2]}, e, False, repr(args)))
        for dt in XNUMS:
            cases.append(Case(op, [], {'start': 0, 'limit': 5, 'delta': 1, 'dtype': np.dtype(dt)},
                              np.arange(0, 5, 1, dtype=dt), False, dt))
    elif op == 'LinSpace':
        for args in [(0, 1, 5), (-2.5, 7.25, 11), (3, 3, 4), (0, 1, 1), (0, 1, 0), (1, -1, 50)]:
            cases.append(Case(op, [], {'start': args[0], 'stop': args[1], 'num': args[2]}, np.linspace(*args),
                              False, repr(args)))
        for dt in XFLOATS:
            cases.append(Case(op, [], {'start': 0, 'stop': 1, 'num': 7, 'dtype': np.dtype(dt)},
                              np.linspace(0, 1, 7, dtype=dt), False, dt))
    return cases


def logical(fn):
    def g(a, b):
        return fn(a, b)
    return g


def cast_cases():
    """astype between every pair of dtypes (shape_cases) and, here, the
    values at the edges: float -> int truncates toward zero and wraps
    modulo 2^bits (numpy on x86-64: 200.0 -> int8 is -56, -1.0 -> uint8
    is 255; nan/inf/out-of-int32/int64 values give what numpy's conversions
    give there), int -> narrower int wraps, anything -> bool is != 0,
    -> float16 rounds to nearest even (overflow to inf)."""
    cases = []
    fvals = [0.0, -0.0, 0.5, -0.5, 0.9999, -0.9999, 1.5, -1.5, 2.5, 127.9, -128.9, 128.0, -129.0, 200.0,
             -200.5, 255.9, 256.0, 300.0, -1.0, 32767.5, -32768.5, 32768.0, 65535.9, 65536.0, 70000.0,
             -70000.0, 2147483647.0, -2147483648.0, 2147483648.0, -2147483649.0, 3e9, -3e9, 4294967295.0,
             4294967296.0, 5e9, -5e9, 1e18, -1e18, 2.0 ** 63, -2.0 ** 63, 1.8e19, 2.0 ** 64, 1e20, -1e20,
             np.inf, -np.inf, np.nan, 1e-8, 65504.0, 65519.0, 65520.0, 6e-8, 3e-8, 2.9e-8, 1e-45, 3.4e38,
             1e39, 2049.0, 2051.0, 2050.0, 1.0009765625, 1.00048828125, 1.00146484375, 0.1, 1 / 3]
    for src in XFLOATS:
        with np.errstate(all='ignore'):
            x = np.array(fvals, src)
        for to in XALL:
            with np.errstate(all='ignore'):
                cases.append(Case('Cast', [x], {'dtype': np.dtype(to)}, x.astype(to), False, 'edges %s->%s' % (src, to)))
    for src in XINTS:
        x = np.concatenate([extremes(src), full_range((20,), src)])
        for to in XALL:
            with np.errstate(all='ignore'):
                cases.append(Case('Cast', [x], {'dtype': np.dtype(to)}, x.astype(to), False, 'edges %s->%s' % (src, to)))
    if not FULL:
        return cases
    # every float16 value to every dtype, and every float32 value near the
    # float16 rounding boundaries
    h = np.arange(65536, dtype=np.uint16).view(np.float16)
    for to in XALL:
        with np.errstate(all='ignore'):
            cases.append(Case('Cast', [h], {'dtype': np.dtype(to)}, h.astype(to), False, 'all float16 ->%s' % to))
    f = (h[np.isfinite(h)].astype(np.float32).view(np.uint32).astype(np.int64)[:, None] +
         np.array([-1, 1, 0x1000, 0xfff, 0x1001, -0x1000])).reshape(-1)
    f = f[(f >= 0) & (f < 2**32)].astype(np.uint32).view(np.float32)
    for src in ('float32', 'float64'):
        x = f.astype(src)
        with np.errstate(all='ignore'):
            cases.append(Case('Cast', [x], {'dtype': np.dtype('float16')}, x.astype('float16'), False,
                              'halfway %s->float16' % src))
    d = np.array([1.00048828125 + 2.0 ** -40, 1.00048828125 - 2.0 ** -40, 2049.0 + 2.0 ** -30,
                  65519.99999, 2.0 ** -25 + 2.0 ** -60, 2.0 ** -25, 3 * 2.0 ** -26])
    d = np.concatenate([d, -d])
    cases.append(Case('Cast', [d], {'dtype': np.dtype('float16')}, d.astype('float16'), False,
                      'float64->float16 single rounding'))
    return cases


def round_half_even_cases():
    out = []
    for dt in XFLOATS:
        a = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, 3.5, -2.5, 1e4 + 0.5], dt)
        out.append(Case('Round', [a], {}, np.round(a), False, dt + ' half to even'))
    return out


CASES = {
    'Add': lambda: binary('Add', np.add, XALL) + binary_special('Add', np.add) + binary_wrap('Add', np.add) +
    mixed('Add', np.add),
    'Sub': lambda: binary('Sub', np.subtract, XNUMS) + binary_special('Sub', np.subtract) +
    binary_wrap('Sub', np.subtract) + mixed('Sub', np.subtract, [p for p in MIXED_PAIRS if p[0] != 'bool']),
    'Mul': lambda: binary('Mul', np.multiply, XALL) + binary_special('Mul', np.multiply) +
    binary_wrap('Mul', np.multiply) + mixed('Mul', np.multiply),
    'RealDiv': lambda: binary('RealDiv', np.true_divide, XALL) + binary_special('RealDiv', np.true_divide) +
    mixed('RealDiv', np.true_divide),
    'Div': lambda: binary('Div', np.true_divide, XALL) + mixed('Div', np.true_divide),
    'FloorDiv': lambda: binary('FloorDiv', np.floor_divide, XNUMS, ('any', 'pos')) +
    binary('FloorDiv', np.floor_divide, XFLOATS) + binary_special('FloorDiv', np.floor_divide) +
    binary_wrap('FloorDiv', np.floor_divide) + mixed('FloorDiv', np.floor_divide, kinds=('any', 'pos')),
    'FloorMod': lambda: binary('FloorMod', np.mod, XNUMS, ('any', 'pos')) + binary('FloorMod', np.mod, XFLOATS) +
    binary_special('FloorMod', np.mod) + binary_wrap('FloorMod', np.mod) +
    mixed('FloorMod', np.mod, kinds=('any', 'pos')),
    'Pow': lambda: binary('Pow', np.power, XINTS, ('any', 'exp')) +
    binary('Pow', np.power, XFLOATS, ('pos', 'any'), loose=True) + binary_special('Pow', np.power) +
    mixed('Pow', np.power, INT_PAIRS, ('any', 'exp')),
    'Maximum': lambda: binary('Maximum', np.maximum, XALL) + binary_special('Maximum', np.maximum) +
    binary_wrap('Maximum', np.maximum) + mixed('Maximum', np.maximum),
    'Minimum': lambda: binary('Minimum', np.minimum, XALL) + binary_special('Minimum', np.minimum) +
    binary_wrap('Minimum', np.minimum) + mixed('Minimum', np.minimum),
    'Atan2': lambda: binary('Atan2', np.arctan2, XFLOATS, loose=True) + binary_special('Atan2', np.arctan2) +
    binary('Atan2', np.arctan2, XINTS + ['bool'], loose=True) + mixed('Atan2', np.arctan2, loose=True),
    'BitwiseAnd': lambda: binary('BitwiseAnd', np.bitwise_and, XINTS + ['bool']) +
    binary_wrap('BitwiseAnd', np.bitwise_and) + mixed('BitwiseAnd', np.bitwise_and, INT_PAIRS),
    'BitwiseOr': lambda: binary('BitwiseOr', np.bitwise_or, XINTS + ['bool']) +
    binary_wrap('BitwiseOr', np.bitwise_or) + mixed('BitwiseOr', np.bitwise_or, INT_PAIRS),
    'BitwiseXor': lambda: binary('BitwiseXor', np.bitwise_xor, XINTS + ['bool']) +
    binary_wrap('BitwiseXor', np.bitwise_xor) + mixed('BitwiseXor', np.bitwise_xor, INT_PAIRS),
    'Equal': lambda: binary('Equal', np.equal, XALL) + binary_special('Equal', np.equal) +
    binary_wrap('Equal', np.equal) + mixed('Equal', np.equal),
    'NotEqual': lambda: binary('NotEqual', np.not_equal, XALL) + binary_special('NotEqual', np.not_equal) +
    mixed('NotEqual', np.not_equal),
    'Less': lambda: binary('Less', np.less, XALL) + binary_special('Less', np.less) + binary_wrap('Less', np.less) +
    mixed('Less', np.less),
    'LessEqual': lambda: binary('LessEqual', np.less_equal, XALL) + binary_special('LessEqual', np.less_equal) +
    mixed('LessEqual', np.less_equal),
    'Greater': lambda: binary('Greater', np.greater, XALL) + binary_special('Greater', np.greater) +
    binary_wrap('Greater', np.greater) + mixed('Greater', np.greater),
    'GreaterEqual': lambda: binary('GreaterEqual', np.greater_equal, XALL) +
    binary_special('GreaterEqual', np.greater_equal) + mixed('GreaterEqual', np.greater_equal),
    'LogicalAnd': lambda: binary('LogicalAnd', np.logical_and, XALL) + binary_special('LogicalAnd', np.logical_and) +
    mixed('LogicalAnd', np.logical_and),
    'LogicalOr': lambda: binary('LogicalOr', np.logical_or, XALL) + binary_special('LogicalOr', np.logical_or) +
    mixed('LogicalOr', np.logical_or),
    'Neg': lambda: unary('Neg', np.negative, XNUMS, loose=False) + unary_wrap('Neg', np.negative),
    'Abs': lambda: unary('Abs', np.abs, XALL, loose=False) + unary_wrap('Abs', np.abs),
    'Sign': lambda: unary('Sign', np.sign, XNUMS, loose=False) + unary_wrap('Sign', np.sign),
    'Square': lambda: unary('Square', np.square, XNUMS, loose=False) + unary_wrap('Square', np.square),
    'ReLU': lambda: unary('ReLU', lambda a: np.maximum(a, np.zeros((), a.dtype)), XNUMS, loose=False,
                          special=False) + unary_wrap('ReLU', lambda a: np.maximum(a, np.zeros((), a.dtype))),
    'Invert': lambda: unary('Invert', np.invert, XINTS + ['bool'], loose=False) + unary_wrap('Invert', np.invert),
    'Round': lambda: unary('Round', np.round, XNUMS, loose=False) + round_half_even_cases(),
    'Floor': lambda: unary('Floor', as_float(np.floor), XALL, loose=False),
    'Ceil': lambda: unary('Ceil', as_float(np.ceil), XALL, loose=False),
    'Trunc': lambda: unary('Trunc', as_float(np.trunc), XALL, loose=False),
    'Sqrt': lambda: unary('Sqrt', as_float(np.sqrt), XALL, 'pos', loose=False),
    'Rsqrt': lambda: unary('Rsqrt', as_float(lambda a: (1 / np.sqrt(a.astype(np.float64))).astype(a.dtype)), XFLOATS,
                           'pos'),
    'Reciprocal': lambda: unary('Reciprocal', as_float(lambda a: np.reciprocal(a)), XFLOATS, 'pos', loose=False),
    'Exp': lambda: unary('Exp', as_float(np.exp), XALL),
    'Expm1': lambda: unary('Expm1', as_float(np.expm1), XFLOATS),
    'Log': lambda: unary('Log', as_float(np.log), XALL, 'pos'),
    'Log1p': lambda: unary('Log1p', as_float(np.log1p), XFLOATS, 'pos'),
    'Sin': lambda: unary('Sin', as_float(np.sin), XALL),
    'Cos': lambda: unary('Cos', as_float(np.cos), XALL),
    'Tan': lambda: unary('Tan', as_float(np.tan), XFLOATS, 'unit'),
    'Tanh': lambda: unary('Tanh', as_float(np.tanh), XALL),
    'Sigmoid': lambda: unary('Sigmoid', sigmoid, XFLOATS),
    'Softplus': lambda: unary('Softplus', softplus, XFLOATS, special=False),
    'Erf': lambda: unary('Erf', vec(math.erf), XFLOATS, special=False),
    'HSwish': lambda: unary('HSwish', as_float(lambda a: np.where(a + 3 <= 0, 0, np.where(a >= 3, a, a * (a + 3) / 6)).astype(a.dtype)), XFLOATS),
    'HSigmoid': lambda: unary('HSigmoid', as_float(lambda a: np.where(a + 3 <= 0, 0, np.where(a >= 3, 1, (a + 3) / 6)).astype(a.dtype)), XFLOATS),
    'Softsign': lambda: unary('Softsign', as_float(lambda a: (a / (1 + np.abs(a))).astype(a.dtype)), XFLOATS),
    'SeLU': lambda: unary('SeLU', as_float(lambda a: np.where(a > 0, 1.0507009873554804934 * a, 1.7580993408473768599 * np.expm1(a)).astype(a.dtype)), XFLOATS),
    'Mish': lambda: unary('Mish', as_float(lambda a: (a * np.tanh(np.where(a > 20, a, np.log1p(np.exp(np.minimum(a, 20)))))).astype(a.dtype)), XFLOATS),
    'LogSigmoid': lambda: unary('LogSigmoid', as_float(lambda a: (-np.logaddexp(0, -a.astype(np.float64))).astype(a.dtype)), XFLOATS),
    'Erfc': lambda: unary('Erfc', vec(math.erfc), XFLOATS),
    'GeLU': lambda: unary('GeLU', vec(lambda x: 0.5 * x * (1 + math.erf(x / math.sqrt(2)))), XFLOATS, special=False),
    'SiLU': lambda: unary('SiLU', silu, XFLOATS, special=False),
    'LogicalNot': lambda: unary('LogicalNot', np.logical_not, XALL, loose=False),
    'IsNan': lambda: unary('IsNan', np.isnan, XALL, loose=False),
    'IsInf': lambda: unary('IsInf', np.isinf, XALL, loose=False),
    'IsFinite': lambda: unary('IsFinite', np.isfinite, XALL, loose=False),
    'MatMul': matmul_cases,
    'BatchMatMul': lambda: bmm_cases('BatchMatMul'),
    'MatMulExt': lambda: bmm_cases('MatMulExt'),
    'BiasAdd': biasadd_cases,
    'ReduceSum': lambda: reduce_cases('ReduceSum', np.sum, XALL),
    'ReduceMean': lambda: reduce_cases('ReduceMean', np.mean, XALL, nonempty=True),
    'ReduceProd': lambda: reduce_cases('ReduceProd', np.prod, ['float16', 'float64', 'bool'] + XINTS),
    'ReduceMax': lambda: reduce_cases('ReduceMax', np.max, XALL, nonempty=True),
    'ReduceMin': lambda: reduce_cases('ReduceMin', np.min, XALL, nonempty=True),
    'ReduceAll': lambda: reduce_cases('ReduceAll', np.all, XALL),
    'ReduceAny': lambda: reduce_cases('ReduceAny', np.any, XALL),
    'Argmax': lambda: arg_cases('Argmax', np.argmax),
    'Argmin': lambda: arg_cases('Argmin', np.argmin),
    'Softmax': lambda: softmax_cases('Softmax', False),
    'LogSoftmax': lambda: softmax_cases('LogSoftmax', True),
    'Reshape': lambda: shape_cases('Reshape'),
    'Transpose': lambda: shape_cases('Transpose'),
    'ExpandDims': lambda: shape_cases('ExpandDims'),
    'Squeeze': lambda: shape_cases('Squeeze'),
    'Flatten': lambda: shape_cases('Flatten'),
    'BroadcastTo': lambda: shape_cases('BroadcastTo'),
    'Concat': lambda: concat_cases('Concat'),
    'Stack': lambda: concat_cases('Stack'),
    'Cast': lambda: shape_cases('Cast') + cast_cases(),
    'Identity': lambda: shape_cases('Identity'),
    'StridedSlice': lambda: shape_cases('StridedSlice'),
    'Fill': lambda: create_cases('Fill'),
    'Ones': lambda: create_cases('Ones'),
    'Zeros': lambda: create_cases('Zeros'),
    'OnesLike': lambda: create_cases('OnesLike'),
    'ZerosLike': lambda: create_cases('ZerosLike'),
    'Range': lambda: create_cases('Range'),
    'LinSpace': lambda: create_cases('LinSpace'),
}


# The issue-5 op families keep their cases beside this file: each module's
# cases(h) gets this module (Case, rand, FLOATS...) and returns {op: thunk}.
sys.path.insert(0, HERE)
import ops_cases_index  # noqa: E402
import ops_cases_nn  # noqa: E402
import ops_cases_quant  # noqa: E402
import ops_cases_complex  # noqa: E402
CASES.update(ops_cases_index.cases(sys.modules[__name__]))
CASES.update(ops_cases_nn.cases(sys.modules[__name__]))
CASES.update(ops_cases_quant.cases(sys.modules[__name__]))
CASES.update(ops_cases_complex.cases(sys.modules[__name__]))


def parse_line(line):
    m = re.match(r'CASE (\d+) (\S+) (\(.*?\)) (\[.*\])$', line)
    if not m:
        return None
    env = {'nan': float('nan'), 'inf': float('inf'), 'True': True, 'False': False}
    return int(m.group(1)), m.group(2), eval(m.group(3), env), eval(m.group(4), env)


def compare(c, dtype, shape, values):
    e = c.expect
    if dtype != e.dtype.name:
        return 'dtype %s, numpy %s' % (dtype, e.dtype.name)
    if tuple(shape) != e.shape:
        return 'shape %s, numpy %s' % (shape, e.shape)
    if e.dtype == np.uint64:  # msc's tolist() gives the int64 bit pattern
        e = e.view(np.int64)
    ev = e.reshape(-1).tolist()
    if len(values) != len(ev):
        return '%d values, numpy %d' % (len(values), len(ev))
    tol = (TOL_LOOSE if c.loose else TOL).get(dtype)
    if dtype in ('complex64', 'complex128'):  # each part as its float dtype
        tol = (TOL_LOOSE if c.loose else TOL)['float32' if dtype == 'complex64' else 'float64']
        values = [p for z in values for p in z]
        ev = [p for z in ev for p in (z.real, z.imag)]
    for i, (x, y) in enumerate(zip(values, ev)):
        if tol is None:
            if x != y:
                return 'element %d: %r, numpy %r' % (i, x, y)
            continue
        if math.isnan(y) or math.isnan(x):
            if not (math.isnan(x) and math.isnan(y)):
                return 'element %d: %r, numpy %r' % (i, x, y)
            continue
        if math.isinf(y) or math.isinf(x):
            if x != y:
                return 'element %d: %r, numpy %r' % (i, x, y)
            continue
        if x == 0 and y == 0 and not c.loose and math.copysign(1, x) != math.copysign(1, y):
            return 'element %d: %r, numpy %r (sign of zero)' % (i, x, y)
        rtol, atol = tol
        mag = abs(y) if c.scale is None else max(abs(y), c.scale[i])
        if abs(x - y) > atol + rtol * mag:
            return 'element %d: %r, numpy %r (rtol %g)' % (i, x, y, rtol)
    return None


def main():
    args = sys.argv[1:]
    verbose = '-v' in args
    only = None
    if '-k' in args:
        only = args[args.index('-k') + 1]
    jobs = int(args[args.index('-j') + 1]) if '-j' in args else 2
    sample, seed = None, 1
    for a in args:
        if a.startswith('--sample='):
            m = re.match(r'(\d+)/(\d+)$', a.split('=', 1)[1])
            if not m or not 0 < int(m.group(1)) <= int(m.group(2)):
                sys.exit('opsdiff: --sample=K/N with 0 < K <= N, not %r' % a)
            sample = (int(m.group(1)), int(m.group(2)))
        elif a.startswith('--seed='):
            seed = int(a.split('=', 1)[1])
    pos = [a for i, a in enumerate(args) if not a.startswith('-') and (i == 0 or args[i - 1] not in ('-k', '-j'))]
    build = pos[0] if pos else os.path.join(REPO, 'build')
    msc = os.path.join(build, 'msc') if os.path.isdir(build) else build
    passed = failed = 0
    names = ops_def()
    if sample and sample[0] == sample[1]:
        sample = None
    pick = None
    if sample:
        import random
        pick = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        todo = []  # (op, cases, script path)
        ncases = 0
        for op in names:
            if only and op != only:
                continue
            if op not in CASES:
                print('FAIL %s: no numpy differential case in tests/ops/opsdiff.py' % op)
                failed += 1
                continue
            cases = CASES[op]()
            ncases += len(cases)
            if pick:  # K/N of the op's cases, at least one (the data as drawn for all of them)
                k, n = sample
                keep = sorted(pick.sample(range(len(cases)), max(1, (len(cases) * k + n - 1) // n)))
                cases = [cases[i] for i in keep]
            path = os.path.join(tmp, op + '.py')
            with open(path, 'w') as f:
                f.write(script(cases))
            todo.append((op, cases, path))
        if sample:
            print('sample: %d/%d, seed %d: %d of %d cases, from each of the %d ops' % (
                sample[0], sample[1], seed, sum(len(c) for _, c, _ in todo), ncases, len(todo)))

        def run(item):
            # the generated scripts hold every case's data: Cast's is over msc's
            # default script-bytes limit (8 MiB), so the limit is its size
            big = '--limit=script-bytes=%d' % max(8 << 20, os.path.getsize(item[2]) + 1)
            return subprocess.run([msc, 'run', big, item[2]], capture_output=True, text=True, timeout=300,
                                  env=dict(os.environ, MSC_CHECK_LEAKS='1'))

        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            for (op, cases, path), p in zip(todo, ex.map(run, todo)):
                got = {}
                for line in p.stdout.splitlines():
                    r = parse_line(line)
                    if r:
                        got[r[0]] = r[1:]
                for i, c in enumerate(cases):
                    if i not in got:
                        why = 'no result (msc exit %d): %s' % (p.returncode, p.stderr.strip().splitlines()[0]
                                                               if p.stderr.strip() else '')
                    else:
                        why = compare(c, *got[i])
                    if why:
                        failed += 1
                        print('FAIL %s [%s]: %s' % (op, c.note, why))
                    else:
                        passed += 1
                        if verbose:
                            print('PASS %s [%s]' % (op, c.note))
                if 'leaked' in p.stderr or 'Sanitizer' in p.stderr:
                    failed += 1
                    print('FAIL %s: %s' % (op, p.stderr.strip().splitlines()[-1]))
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
