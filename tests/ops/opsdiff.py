"""opsdiff.py — numpy-differential test of every primitive in ir/ops.def.

Run with Debian's python3 (it imports numpy):
    /usr/bin/python3 tests/ops/opsdiff.py BUILD_DIR [-v] [-k OP]
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
"""
import math
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# rtol, atol per result dtype
TOL = {'float32': (2e-6, 1e-6), 'float64': (1e-13, 1e-13), 'float16': (1e-3, 1e-4)}
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
        out.append("print('CASE', %d, r.dtype, r.shape, r.reshape(-1).tolist())" % i)
    return '\n'.join(out) + '\n'


FLOATS = ['float32', 'float64']
NUMS = ['float32', 'float64', 'int32', 'int64']
ALL = NUMS + ['bool']

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
    for dt in FLOATS:
        a = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1.5, -2.5, 3.0], dt)
        b = np.array([1.0, 2.0, np.inf, 0.5, -1.0, np.nan, -0.0, 7.0], dt)
        with np.errstate(all='ignore'):
            cases.append(Case(op, [a, b], {}, fn(a, b), False, dt + ' special'))
    return cases


UN_SHAPES = [(3, 4), (0,), (), (1, 1, 5), (2, 3, 4)]


def unary(op, fn, dtypes=FLOATS, kind='any', loose=True, special=True):
    cases = []
    for dt in dtypes:
        for s in UN_SHAPES:
            a = rand(s, dt, kind)
            with np.errstate(all='ignore'):
                cases.append(Case(op, [a], {}, fn(a), loose, '%s %s' % (dt, s)))
        if special and np.dtype(dt).kind == 'f':
            a = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-30, -1e30, 0.5], dt)
            with np.errstate(all='ignore'):
                cases.append(Case(op, [a], {}, fn(a), loose, dt + ' special'))
    return cases


def as_float(fn):
    """numpy's float-only ufuncs on ints compute in float64."""
    def g(a):
        if a.dtype.kind in 'iub':
            a = a.astype(np.float64)
        return fn(a)
    return g


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
    for dt in NUMS:
        for shape, axis in [((3, 4, 5), 1), ((3, 4, 5), -1), ((7,), 0), ((3, 4), None), ((1, 1), 0)]:
            a = rand(shape, dt)
            a.reshape(-1)[:2] = a.reshape(-1)[0]  # ties: the first index wins
            cases.append(Case(op, [a], {'axis': axis}, fn(a, axis=axis), False, '%s %s %s' % (dt, shape, axis)))
    a = np.array([1.0, np.nan, 3.0, np.nan], np.float32)
    cases.append(Case(op, [a], {'axis': 0}, fn(a, axis=0), False, 'nan'))
    return cases


def softmax_ref(a, axis, log):
    x = a.astype(np.float64)
    m = x.max(axis=axis, keepdims=True)
    e = np.exp(x - m)
    s = e.sum(axis=axis, keepdims=True)
    return ((x - m - np.log(s)) if log else e / s).astype(a.dtype)


def softmax_cases(op, log):
    cases = []
    for dt in FLOATS:
        for shape, axis in [((3, 5), -1), ((3, 5), 0), ((2, 3, 4), 1), ((7,), 0), ((1, 1), -1), ((0, 4), -1)]:
            a = rand(shape, dt)
            cases.append(Case(op, [a], {'axis': axis}, softmax_ref(a, axis, log), True, '%s %s %s' % (dt, shape, axis)))
    return cases


def matmul_cases():
    cases = []
    for dt in NUMS:
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
    for dt in NUMS:
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
    for dt in NUMS:
        for sx in [(4, 3), (2, 3, 5), (2, 3, 2, 2), (0, 3)]:
            x, b = rand(sx, dt), rand((3,), dt)
            e = x + b.reshape((3,) + (1,) * (len(sx) - 2))
            cases.append(Case('BiasAdd', [x, b], {}, e, False, '%s %s' % (dt, sx)))
    return cases


def shape_cases(op):
    cases = []
    for dt in ALL:
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
            for to in ALL:
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
    for dt in ALL:
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
    return cases


def create_cases(op):
    cases = []
    if op in ('Fill', 'Ones', 'Zeros'):
        for dt in ALL:
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
        for dt in ALL:
            a = rand((2, 3), dt)
            e = (np.ones_like if op == 'OnesLike' else np.zeros_like)(a)
            cases.append(Case(op, [a], {}, e, False, dt))
            cases.append(Case(op, [a], {'dtype': np.dtype('float32')}, e.astype('float32'), False, dt + '->f32'))
    elif op == 'Range':
        for args in [(0, 10, 1), (2, 11, 3), (10, 0, -2), (0, 1, 0.1), (-1.5, 2.0, 0.25), (5, 5, 1), (0, 3.0, 1)]:
            e = np.arange(*args)
            cases.append(Case(op, [], {'start': args[0], 'limit': args[1], 'delta': args[2]}, e, False, repr(args)))
        cases.append(Case(op, [], {'start': 0, 'limit': 5, 'delta': 1, 'dtype': np.dtype('float32')},
                          np.arange(0, 5, 1, dtype=np.float32), False, 'f32'))
    elif op == 'LinSpace':
        for args in [(0, 1, 5), (-2.5, 7.25, 11), (3, 3, 4), (0, 1, 1), (0, 1, 0), (1, -1, 50)]:
            cases.append(Case(op, [], {'start': args[0], 'stop': args[1], 'num': args[2]}, np.linspace(*args),
                              False, repr(args)))
        cases.append(Case(op, [], {'start': 0, 'stop': 1, 'num': 7, 'dtype': np.dtype('float32')},
                          np.linspace(0, 1, 7, dtype=np.float32), False, 'f32'))
    return cases


def logical(fn):
    def g(a, b):
        return fn(a, b)
    return g


CASES = {
    'Add': lambda: binary('Add', np.add, ALL) + binary_special('Add', np.add),
    'Sub': lambda: binary('Sub', np.subtract) + binary_special('Sub', np.subtract),
    'Mul': lambda: binary('Mul', np.multiply, ALL) + binary_special('Mul', np.multiply),
    'RealDiv': lambda: binary('RealDiv', np.true_divide) + binary_special('RealDiv', np.true_divide),
    'Div': lambda: binary('Div', np.true_divide),
    'FloorDiv': lambda: binary('FloorDiv', np.floor_divide, NUMS, ('any', 'pos')) +
    binary('FloorDiv', np.floor_divide, FLOATS) + binary_special('FloorDiv', np.floor_divide),
    'FloorMod': lambda: binary('FloorMod', np.mod, NUMS, ('any', 'pos')) + binary('FloorMod', np.mod, FLOATS) +
    binary_special('FloorMod', np.mod),
    'Pow': lambda: binary('Pow', np.power, ['int32', 'int64'], ('any', 'exp')) +
    binary('Pow', np.power, FLOATS, ('pos', 'any'), loose=True) + binary_special('Pow', np.power),
    'Maximum': lambda: binary('Maximum', np.maximum, ALL) + binary_special('Maximum', np.maximum),
    'Minimum': lambda: binary('Minimum', np.minimum, ALL) + binary_special('Minimum', np.minimum),
    'Atan2': lambda: binary('Atan2', np.arctan2, FLOATS, loose=True) + binary_special('Atan2', np.arctan2),
    'BitwiseAnd': lambda: binary('BitwiseAnd', np.bitwise_and, ['int32', 'int64', 'bool']),
    'BitwiseOr': lambda: binary('BitwiseOr', np.bitwise_or, ['int32', 'int64', 'bool']),
    'BitwiseXor': lambda: binary('BitwiseXor', np.bitwise_xor, ['int32', 'int64', 'bool']),
    'Equal': lambda: binary('Equal', np.equal, ALL) + binary_special('Equal', np.equal),
    'NotEqual': lambda: binary('NotEqual', np.not_equal, ALL) + binary_special('NotEqual', np.not_equal),
    'Less': lambda: binary('Less', np.less, ALL) + binary_special('Less', np.less),
    'LessEqual': lambda: binary('LessEqual', np.less_equal, ALL) + binary_special('LessEqual', np.less_equal),
    'Greater': lambda: binary('Greater', np.greater, ALL) + binary_special('Greater', np.greater),
    'GreaterEqual': lambda: binary('GreaterEqual', np.greater_equal, ALL),
    'LogicalAnd': lambda: binary('LogicalAnd', np.logical_and, ALL),
    'LogicalOr': lambda: binary('LogicalOr', np.logical_or, ALL),
    'Neg': lambda: unary('Neg', np.negative, NUMS, loose=False),
    'Abs': lambda: unary('Abs', np.abs, NUMS, loose=False),
    'Sign': lambda: unary('Sign', np.sign, NUMS, loose=False),
    'Square': lambda: unary('Square', np.square, NUMS, loose=False),
    'ReLU': lambda: unary('ReLU', lambda a: np.maximum(a, np.zeros((), a.dtype)), NUMS, loose=False, special=False),
    'Invert': lambda: unary('Invert', np.invert, ['int32', 'int64', 'bool'], loose=False),
    'Round': lambda: unary('Round', np.round, NUMS, loose=False) +
    [Case('Round', [np.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999], 'float64')], {},
          np.round(np.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999])), False, 'half to even')],
    'Floor': lambda: unary('Floor', as_float(np.floor), NUMS, loose=False),
    'Ceil': lambda: unary('Ceil', as_float(np.ceil), NUMS, loose=False),
    'Trunc': lambda: unary('Trunc', as_float(np.trunc), NUMS, loose=False),
    'Sqrt': lambda: unary('Sqrt', as_float(np.sqrt), NUMS, 'pos', loose=False),
    'Rsqrt': lambda: unary('Rsqrt', as_float(lambda a: (1 / np.sqrt(a.astype(np.float64))).astype(a.dtype)), FLOATS, 'pos'),
    'Reciprocal': lambda: unary('Reciprocal', as_float(lambda a: np.reciprocal(a)), FLOATS, 'pos', loose=False),
    'Exp': lambda: unary('Exp', as_float(np.exp), NUMS),
    'Expm1': lambda: unary('Expm1', as_float(np.expm1), FLOATS),
    'Log': lambda: unary('Log', as_float(np.log), NUMS, 'pos'),
    'Log1p': lambda: unary('Log1p', as_float(np.log1p), FLOATS, 'pos'),
    'Sin': lambda: unary('Sin', as_float(np.sin), NUMS),
    'Cos': lambda: unary('Cos', as_float(np.cos), NUMS),
    'Tan': lambda: unary('Tan', as_float(np.tan), FLOATS, 'unit'),
    'Tanh': lambda: unary('Tanh', as_float(np.tanh), NUMS),
    'Sigmoid': lambda: unary('Sigmoid', sigmoid, FLOATS),
    'Softplus': lambda: unary('Softplus', softplus, FLOATS, special=False),
    'Erf': lambda: unary('Erf', vec(math.erf), FLOATS, special=False),
    'GeLU': lambda: unary('GeLU', vec(lambda x: 0.5 * x * (1 + math.erf(x / math.sqrt(2)))), FLOATS, special=False),
    'SiLU': lambda: unary('SiLU', silu, FLOATS, special=False),
    'LogicalNot': lambda: unary('LogicalNot', np.logical_not, ALL, loose=False),
    'IsNan': lambda: unary('IsNan', np.isnan, FLOATS, loose=False),
    'IsInf': lambda: unary('IsInf', np.isinf, FLOATS, loose=False),
    'IsFinite': lambda: unary('IsFinite', np.isfinite, FLOATS, loose=False),
    'MatMul': matmul_cases,
    'BatchMatMul': lambda: bmm_cases('BatchMatMul'),
    'MatMulExt': lambda: bmm_cases('MatMulExt'),
    'BiasAdd': biasadd_cases,
    'ReduceSum': lambda: reduce_cases('ReduceSum', np.sum, ALL),
    'ReduceMean': lambda: reduce_cases('ReduceMean', np.mean, NUMS, nonempty=True),
    'ReduceProd': lambda: reduce_cases('ReduceProd', np.prod, ['float64', 'int32', 'int64', 'bool']),
    'ReduceMax': lambda: reduce_cases('ReduceMax', np.max, ALL, nonempty=True),
    'ReduceMin': lambda: reduce_cases('ReduceMin', np.min, ALL, nonempty=True),
    'ReduceAll': lambda: reduce_cases('ReduceAll', np.all, ALL),
    'ReduceAny': lambda: reduce_cases('ReduceAny', np.any, ALL),
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
    'Cast': lambda: shape_cases('Cast'),
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
    ev = e.reshape(-1).tolist()
    if len(values) != len(ev):
        return '%d values, numpy %d' % (len(values), len(ev))
    tol = (TOL_LOOSE if c.loose else TOL).get(dtype)
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
    pos = [a for i, a in enumerate(args) if not a.startswith('-') and (i == 0 or args[i - 1] != '-k')]
    build = pos[0] if pos else os.path.join(REPO, 'build')
    msc = os.path.join(build, 'msc') if os.path.isdir(build) else build
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for op in ops_def():
            if only and op != only:
                continue
            if op not in CASES:
                print('FAIL %s: no numpy differential case in tests/ops/opsdiff.py' % op)
                failed += 1
                continue
            cases = CASES[op]()
            path = os.path.join(tmp, op + '.py')
            with open(path, 'w') as f:
                f.write(script(cases))
            p = subprocess.run([msc, 'run', path], capture_output=True, text=True, timeout=300,
                               env=dict(os.environ, MSC_CHECK_LEAKS='1'))
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
