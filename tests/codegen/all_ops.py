# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s --msc "%msc" --out %t
#
# C generation for EVERY primitive of ir/ops.def (several cases for the
# interesting ones): each case is a .mir graph built by Inputs/mirgen.py
# with a numpy reference; the test
#   1. fails when an op of ops.def has no case here;
#   2. runs `msc opt --verify-each --emit-c` on each case (it parses and
#      verifies first; an op without an emission rule fails here);
#   3. compiles all the C with gcc AND clang (and arm-none-eabi-gcc when
#      installed) under -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror;
#   4. links it with runtime/*.c (mirgen.runtime_objs) and a generated main(), runs every graph
#      on deterministic inputs and compares the outputs (and Parameters
#      written by Assign, and Print's text) with numpy.
import argparse
import os
import re
import shlex
import shutil
import subprocess
import sys
import warnings
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, 'Inputs'))
from mirgen import DT, FLOATS, Graph  # noqa: E402

CFLAGS = ['-std=c99', '-Wall', '-Wextra', '-Wpedantic', '-Wconversion', '-Werror']

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def rng(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def data(r, dt, shape, lo=-2.0, hi=2.0):
    if dt == 'Bool':
        return r.integers(0, 2, size=shape).astype(np.bool_)
    if dt in FLOATS:
        return r.uniform(lo, hi, size=shape).astype(DT[dt])
    return r.integers(int(lo), int(hi) + 1, size=shape).astype(DT[dt])


def quiet(f, *a):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return f(*a)


def f64(a):
    return np.asarray(a, np.float64)


# ---- elementwise binary ---------------------------------------------------

BIN = {
    'Add': np.add, 'Sub': np.subtract, 'Mul': np.multiply, 'RealDiv': np.true_divide,
    'Div': np.true_divide, 'FloorDiv': np.floor_divide, 'FloorMod': np.mod,
    'Pow': np.power, 'Maximum': np.maximum, 'Minimum': np.minimum, 'Atan2': np.arctan2,
    'BitwiseAnd': np.bitwise_and, 'BitwiseOr': np.bitwise_or, 'BitwiseXor': np.bitwise_xor,
    'Equal': np.equal, 'NotEqual': np.not_equal, 'Less': np.less, 'LessEqual': np.less_equal,
    'Greater': np.greater, 'GreaterEqual': np.greater_equal,
    'LogicalAnd': np.logical_and, 'LogicalOr': np.logical_or,
}
CMP = {'Equal', 'NotEqual', 'Less', 'LessEqual', 'Greater', 'GreaterEqual', 'LogicalAnd', 'LogicalOr'}


def binary_case(op, dt, sa, sb, lo=-4, hi=4, blo=None, bhi=None, suffix=''):
    name = 'bin_%s_%s%s' % (op, dt, suffix)

    def build():
        g = Graph(name)
        r = rng(name)
        a = g.param('a', dt, data(r, dt, sa, lo, hi))
        b = g.param('b', dt, data(r, dt, sb, lo if blo is None else blo, hi if bhi is None else bhi))
        with np.errstate(all='ignore'):
            ref = BIN[op](a.value, b.value)
        out_dt = 'Bool' if op in CMP else dt
        g.ret_(g.node(op, [a, b], out_dt, ref))
        return g
    build.__name__ = name
    CASES.append(build)


for op in ['Add', 'Sub', 'Mul', 'Maximum', 'Minimum']:
    binary_case(op, 'Float32', (2, 3), (3,))
    binary_case(op, 'Int32', (4, 1), (3,))
binary_case('Add', 'Int8', (2, 1, 3), (4, 1))
binary_case('Add', 'UInt64', (5,), (5,), 0, 100)
binary_case('Add', 'Float16', (3, 2), (3, 1))
binary_case('Add', 'Float64', (3,), (), suffix='_0d')
binary_case('Mul', 'Bool', (2, 3), (2, 3))
for op in ['RealDiv', 'Div']:
    binary_case(op, 'Float32', (2, 3), (2, 1), blo=0.5, bhi=3)
    binary_case(op, 'Float64', (4,), (4,), blo=-3, bhi=-0.5)
binary_case('FloorDiv', 'Int32', (2, 4), (4,), -9, 9, 1, 4)
binary_case('FloorDiv', 'Int64', (6,), (6,), -9, 9, -4, -1)
binary_case('FloorDiv', 'Float32', (2, 3), (3,), -5, 5, 0.5, 2)
binary_case('FloorMod', 'Int32', (2, 4), (4,), -9, 9, 1, 4)
binary_case('FloorMod', 'Int16', (6,), (6,), -9, 9, -4, -1)
binary_case('FloorMod', 'Float64', (2, 3), (3,), -5, 5, 0.5, 2)
binary_case('Pow', 'Float32', (2, 3), (3,), 0.1, 3)
binary_case('Pow', 'Int64', (5,), (5,), -3, 3, 0, 3)
binary_case('Atan2', 'Float32', (2, 3), (2, 3))
binary_case('Atan2', 'Float64', (3,), (1,))
for op in ['BitwiseAnd', 'BitwiseOr', 'BitwiseXor']:
    binary_case(op, 'Int32', (2, 3), (3,), -100, 100)
    binary_case(op, 'UInt8', (4,), (4,), 0, 255)
    binary_case(op, 'Bool', (2, 2), (2,))
for op in ['Equal', 'NotEqual', 'Less', 'LessEqual', 'Greater', 'GreaterEqual']:
    binary_case(op, 'Float32', (2, 3), (3,), -1, 1)
    binary_case(op, 'Int64', (3, 1), (1, 4), -2, 2)
for op in ['LogicalAnd', 'LogicalOr']:
    binary_case(op, 'Bool', (2, 3), (3,))
    binary_case(op, 'Float32', (4,), (4,), -1, 1)

# ---- elementwise unary ----------------------------------------------------


def erf(x):
    import math
    return np.vectorize(math.erf, otypes=[np.float64])(x)


def sigmoid(x):
    return 1 / (1 + np.exp(-x))


UN = {
    'Neg': np.negative, 'Abs': np.abs, 'Sign': np.sign, 'Square': np.square,
    'ReLU': lambda x: np.maximum(x, 0).astype(x.dtype), 'Invert': np.invert,
    'Round': np.round, 'Floor': np.floor, 'Ceil': np.ceil, 'Trunc': np.trunc,
    'Sqrt': lambda x: np.sqrt(f64(x)), 'Rsqrt': lambda x: 1 / np.sqrt(f64(x)),
    'Reciprocal': lambda x: 1 / f64(x), 'Exp': lambda x: np.exp(f64(x)),
    'Expm1': lambda x: np.expm1(f64(x)), 'Log': lambda x: np.log(f64(x)),
    'Log1p': lambda x: np.log1p(f64(x)), 'Sin': lambda x: np.sin(f64(x)),
    'Cos': lambda x: np.cos(f64(x)), 'Tan': lambda x: np.tan(f64(x)),
    'Tanh': lambda x: np.tanh(f64(x)), 'Sigmoid': lambda x: sigmoid(f64(x)),
    'Softplus': lambda x: np.log1p(np.exp(f64(x))), 'Erf': lambda x: erf(f64(x)), 'Erfc': lambda x: 1 - erf(f64(x)), 'LogSigmoid': lambda x: -np.logaddexp(0, -f64(x)), 'Mish': lambda x: f64(x) * np.tanh(np.log1p(np.exp(f64(x)))), 'SeLU': lambda x: np.where(f64(x) > 0, 1.0507009873554804934 * f64(x), 1.7580993408473768599 * np.expm1(f64(x))), 'Softsign': lambda x: f64(x) / (1 + np.abs(f64(x))), 'HSigmoid': lambda x: np.where(f64(x) + 3 <= 0, 0, np.where(f64(x) >= 3, 1, (f64(x) + 3) / 6)), 'HSwish': lambda x: np.where(f64(x) + 3 <= 0, 0, np.where(f64(x) >= 3, f64(x), f64(x) * (f64(x) + 3) / 6)),
    'GeLU': lambda x: f64(x) * 0.5 * (1 + erf(f64(x) / np.sqrt(2))),
    'SiLU': lambda x: f64(x) * sigmoid(f64(x)),
    'LogicalNot': np.logical_not, 'IsNan': np.isnan, 'IsInf': np.isinf, 'IsFinite': np.isfinite,
}
BOOL_OUT = {'LogicalNot', 'IsNan', 'IsInf', 'IsFinite'}


def unary_case(op, dt, shape, lo=-2, hi=2, special=False, suffix=''):
    name = 'un_%s_%s%s' % (op, dt, suffix)

    def build():
        g = Graph(name)
        x = data(rng(name), dt, shape, lo, hi)
        if special:  # nan, inf, halves
            flat = x.reshape(-1)
            flat[:6] = [np.nan, np.inf, -np.inf, 0.5, -2.5, 1.5]
        a = g.param('x', dt, x)
        with np.errstate(all='ignore'):
            ref = UN[op](a.value)
        g.ret_(g.node(op, [a], 'Bool' if op in BOOL_OUT else dt, ref))
        return g
    build.__name__ = name
    CASES.append(build)


# complex64/complex128 (issue 26): the complex ops and a few that take
# complex operands; the parts compared as floats
def complex_case(op, dt, shapes, out_dt, fn):
    name = 'cx_%s_%s' % (op, dt)

    def build():
        g = Graph(name)
        r = rng(name)
        part = np.float32 if dt in ('Complex64', 'Float32') else np.float64
        ins = []
        for i, sh in enumerate(shapes):
            v = r.uniform(-2, 2, size=sh).astype(part)
            if dt.startswith('Complex'):
                v = (v + 1j * r.uniform(-2, 2, size=sh).astype(part)).astype(DT[dt])
            ins.append(g.param('x%d' % i, dt, v))
        g.ret_(g.node(op, ins, out_dt, fn(*[a.value for a in ins])))
        return g
    build.__name__ = name
    CASES.append(build)


complex_case('Complex', 'Float32', [(2, 3), (3,)], 'Complex64',
             lambda a, b: (a + np.complex64(1j) * b).astype(np.complex64))
complex_case('Complex', 'Float64', [(4,), (4,)], 'Complex128', lambda a, b: a + 1j * b)
complex_case('Real', 'Complex64', [(2, 3)], 'Float32', np.real)
complex_case('Imag', 'Complex128', [(5,)], 'Float64', np.imag)
complex_case('Conj', 'Complex64', [(3, 2)], 'Complex64', np.conj)
complex_case('Abs', 'Complex128', [(4,)], 'Float64', np.abs)
complex_case('Square', 'Complex64', [(2, 2)], 'Complex64', np.square)
complex_case('Mul', 'Complex128', [(2, 3), (3,)], 'Complex128', np.multiply)
complex_case('RealDiv', 'Complex64', [(2, 3), (2, 1)], 'Complex64', np.true_divide)
complex_case('Equal', 'Complex64', [(4,), (4,)], 'Bool', np.equal)


for op in ['Neg', 'Abs', 'Sign', 'Square', 'ReLU']:
    unary_case(op, 'Float32', (2, 3))
    unary_case(op, 'Int32', (5,), -5, 5)
unary_case('Invert', 'Int16', (2, 3), -50, 50)
unary_case('Invert', 'Bool', (4,))
unary_case('Invert', 'UInt8', (4,), 0, 255)
unary_case('Round', 'Float32', (2, 4), -3, 3, special=True)
unary_case('Round', 'Int32', (5,), -5, 5)
for op in ['Floor', 'Ceil', 'Trunc']:
    unary_case(op, 'Float64', (2, 4), -3, 3, special=True)
for op in ['Sqrt', 'Rsqrt', 'Log', 'Log1p']:
    unary_case(op, 'Float32', (2, 3), 0.1, 4)
unary_case('Sqrt', 'Float16', (6,), 0.1, 4)
unary_case('Log', 'Float64', (6,), 0.1, 4)
for op in ['Reciprocal', 'Exp', 'Expm1', 'Sin', 'Cos', 'Tan', 'Tanh', 'Sigmoid', 'Softplus',
           'Erf', 'Erfc', 'LogSigmoid', 'Mish', 'SeLU', 'Softsign', 'HSigmoid', 'HSwish', 'GeLU', 'SiLU']:
    unary_case(op, 'Float32', (2, 3), 0.2, 1.2)
unary_case('Tanh', 'Float64', (7,))
unary_case('Exp', 'Float16', (5,))
unary_case('LogicalNot', 'Bool', (2, 3))
unary_case('LogicalNot', 'Int32', (6,), -1, 1)
for op in ['IsNan', 'IsInf', 'IsFinite']:
    unary_case(op, 'Float32', (2, 4), special=True)
unary_case('IsNan', 'Float64', (8,), special=True)

# ---- linear algebra -------------------------------------------------------


def mm_case(op, dt, sa, sb, ta=False, tb=False, suffix=''):
    name = 'mm_%s_%s%s' % (op, dt, suffix)

    def build():
        g = Graph(name)
        r = rng(name)
        a = g.param('x', dt, data(r, dt, sa, -3, 3))
        b = g.param('y', dt, data(r, dt, sb, -3, 3))
        av = np.swapaxes(a.value, -1, -2) if ta else a.value
        bv = np.swapaxes(b.value, -1, -2) if tb else b.value
        ref = np.matmul(f64(av), f64(bv)) if dt in FLOATS else np.matmul(av, bv)
        attrs = []
        if ta:
            attrs.append(('transpose_a', True))
        if tb:
            attrs.append(('transpose_b', True))
        g.ret_(g.node(op, [a, b], dt, ref, attrs))
        return g
    build.__name__ = name
    CASES.append(build)


mm_case('MatMul', 'Float32', (2, 3), (3, 4))
mm_case('MatMul', 'Float32', (3, 2), (4, 3), True, True, '_tt')
mm_case('MatMul', 'Float64', (5, 3), (5, 2), True, False, '_ta')
mm_case('MatMul', 'Int32', (2, 3), (4, 3), False, True, '_tb')
mm_case('MatMul', 'Float32', (2, 0), (0, 3), suffix='_k0')
mm_case('BatchMatMul', 'Float32', (2, 3, 4), (2, 4, 5))
mm_case('BatchMatMul', 'Float32', (2, 1, 3, 4), (5, 4, 2), suffix='_bcast')
mm_case('BatchMatMul', 'Float64', (1, 3, 4), (2, 5, 4), False, True, '_one')
mm_case('BatchMatMul', 'Int64', (3, 2, 2), (2, 3), True, False, '_y2d')
mm_case('MatMulExt', 'Float32', (4,), (4, 3), suffix='_vm')
mm_case('MatMulExt', 'Float32', (2, 3, 4), (4,), suffix='_mv')
mm_case('MatMulExt', 'Float64', (5,), (5,), suffix='_dot')
mm_case('MatMulExt', 'Float32', (3, 1, 2, 3), (4, 3, 2), suffix='_bcast')


def biasadd_case(dt, shape):
    name = 'biasadd_%s_%dd' % (dt, len(shape))

    def build():
        g = Graph(name)
        r = rng(name)
        x = g.param('x', dt, data(r, dt, shape))
        b = g.param('b', dt, data(r, dt, (shape[1],)))
        bshape = [1] * len(shape)
        bshape[1] = shape[1]
        g.ret_(g.node('BiasAdd', [x, b], dt, x.value + b.value.reshape(bshape)))
        return g
    build.__name__ = name
    CASES.append(build)


biasadd_case('Float32', (2, 4))
biasadd_case('Float64', (2, 3, 4, 5))

# ---- reductions -----------------------------------------------------------

RED = {'ReduceSum': np.sum, 'ReduceMean': np.mean, 'ReduceProd': np.prod, 'ReduceMax': np.max,
       'ReduceMin': np.min, 'ReduceAll': np.all, 'ReduceAny': np.any}


def reduce_case(op, dt, shape, axis, keep=False, out_dt=None, suffix='', lo=-2, hi=2):
    name = 'red_%s_%s%s' % (op, dt, suffix)

    def build():
        g = Graph(name)
        x = g.param('x', dt, data(rng(name), dt, shape, lo, hi))
        attrs = []
        if axis is not None:
            attrs.append(('axis', axis))
        if keep:
            attrs.append(('keep_dims', True))
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            v = f64(x.value) if op == 'ReduceMean' else x.value
            ref = RED[op](v, axis=axis, keepdims=keep)
        g.ret_(g.node(op, [x], out_dt or dt, ref, attrs))
        return g
    build.__name__ = name
    CASES.append(build)


reduce_case('ReduceSum', 'Float32', (3, 4, 5), (0, 2), suffix='_noncontig')
reduce_case('ReduceSum', 'Float32', (3, 4, 5), (1, 2), True, suffix='_keep')
reduce_case('ReduceSum', 'Int32', (4, 6), None, suffix='_all', lo=-9, hi=9)
reduce_case('ReduceSum', 'Bool', (3, 4), 1, out_dt='Int64')
reduce_case('ReduceSum', 'Float32', (2, 0, 3), 1, suffix='_empty')
reduce_case('ReduceMean', 'Float32', (3, 4, 5), (0, 2), True, suffix='_noncontig')
reduce_case('ReduceMean', 'Float64', (4, 6), -1)
reduce_case('ReduceMean', 'Float32', (2, 0), 1, suffix='_empty')
reduce_case('ReduceProd', 'Int64', (3, 4), 0, lo=-3, hi=3)
reduce_case('ReduceProd', 'Float32', (0, 3), 0, suffix='_empty')
reduce_case('ReduceMax', 'Float32', (2, 3, 4), (0, 2), suffix='_noncontig')
reduce_case('ReduceMax', 'Int16', (5, 3), -1, lo=-100, hi=100)
reduce_case('ReduceMin', 'Float64', (2, 3, 4), 1, True)
reduce_case('ReduceMin', 'UInt8', (5, 3), None, lo=0, hi=255)
reduce_case('ReduceAll', 'Bool', (3, 4), 1)
reduce_case('ReduceAll', 'Bool', (3, 0), 1, suffix='_empty', out_dt='Bool')
reduce_case('ReduceAny', 'Bool', (2, 3, 4), (0, 2), suffix='_noncontig')
reduce_case('ReduceAny', 'Bool', (4, 5), None, True, suffix='_all')


def arg_case(op, dt, shape, axis, keep=False, out='Int32', suffix=''):
    name = 'arg_%s_%s%s' % (op, dt, suffix)

    def build():
        g = Graph(name)
        x = g.param('x', dt, data(rng(name), dt, shape, -50, 50))
        attrs = []
        if axis is not None:
            attrs.append(('axis', axis))
        attrs.append(('output_type', out))
        if keep:
            attrs.append(('keep_dims', True))
        f = np.argmax if op == 'Argmax' else np.argmin
        ref = f(x.value, axis=axis, keepdims=keep)
        g.ret_(g.node(op, [x], out, ref, attrs))
        return g
    build.__name__ = name
    CASES.append(build)


arg_case('Argmax', 'Float32', (3, 4, 5), 1)
arg_case('Argmax', 'Int32', (4, 6), None, True, 'Int64', '_none_keep')
arg_case('Argmin', 'Float64', (3, 5), -1, True, 'Int64')
arg_case('Argmin', 'Int8', (7,), 0)


def softmax_case(op, dt, shape, axis):
    name = 'sm_%s_%s_%dd' % (op, dt, len(shape))

    def build():
        g = Graph(name)
        x = g.param('x', dt, data(rng(name), dt, shape, -3, 3))
        v = f64(x.value)
        ax = -1 if axis is None else axis
        e = np.exp(v - v.max(axis=ax, keepdims=True))
        s = e / e.sum(axis=ax, keepdims=True)
        ref = np.log(s) if op == 'LogSoftmax' else s
        g.ret_(g.node(op, [x], dt, ref, [] if axis is None else [('axis', axis)]))
        return g
    build.__name__ = name
    CASES.append(build)


softmax_case('Softmax', 'Float32', (2, 5), None)
softmax_case('Softmax', 'Float64', (3, 4, 2), 1)
softmax_case('LogSoftmax', 'Float32', (3, 4, 2), 0)
softmax_case('LogSoftmax', 'Float64', (6,), -1)

# ---- shape and data movement ------------------------------------------------


def simple(name, op, dt, shape, attrs, fn, out_dt=None, lo=-5, hi=5):
    def build():
        g = Graph(name)
        x = g.param('x', dt, data(rng(name), dt, shape, lo, hi))
        g.ret_(g.node(op, [x], out_dt or dt, fn(x.value), attrs))
        return g
    build.__name__ = name
    CASES.append(build)


simple('reshape', 'Reshape', 'Float32', (2, 6), [('shape', (3, 4))], lambda x: x.reshape(3, 4))
simple('reshape_i8', 'Reshape', 'Int8', (2, 3, 2), [('shape', (12,))], lambda x: x.reshape(12))
simple('transpose', 'Transpose', 'Float32', (2, 3, 4), [('perm', (2, 0, 1))],
       lambda x: x.transpose(2, 0, 1))
simple('transpose_rev', 'Transpose', 'Int64', (2, 3, 4), [], lambda x: x.transpose())
simple('transpose_neg', 'Transpose', 'Float16', (3, 2), [('perm', (-1, 0))], lambda x: x.T)
simple('expand_dims', 'ExpandDims', 'Float32', (2, 3), [('axis', 1)], lambda x: x[:, None])
simple('expand_dims_neg', 'ExpandDims', 'Bool', (2, 3), [('axis', -1)], lambda x: x[..., None])
simple('squeeze', 'Squeeze', 'Float32', (1, 3, 1), [], lambda x: x.reshape(3))
simple('squeeze_axis', 'Squeeze', 'Int32', (1, 3, 1), [('axis', (2,))], lambda x: x.reshape(1, 3))
simple('flatten', 'Flatten', 'Float64', (2, 3, 4), [], lambda x: x.reshape(2, 12))
simple('broadcast_to', 'BroadcastTo', 'Float32', (3, 1), [('shape', (2, 3, 4))],
       lambda x: np.broadcast_to(x, (2, 3, 4)))
simple('broadcast_to_0d', 'BroadcastTo', 'Int16', (), [('shape', (2, 2))],
       lambda x: np.broadcast_to(x, (2, 2)))
simple('broadcast_to_m1', 'BroadcastTo', 'UInt8', (1, 4), [('shape', (3, -1))],
       lambda x: np.broadcast_to(x, (3, 4)), lo=0, hi=200)
simple('identity', 'Identity', 'Float32', (2, 3), [], lambda x: x)
simple('cast_f32_f16', 'Cast', 'Float32', (2, 5), [('dtype', 'Float16')], lambda x: quiet(x.astype, np.float16),
       'Float16', -70000, 70000)
simple('cast_f32_i32', 'Cast', 'Float32', (2, 5), [('dtype', 'Int32')], lambda x: x.astype(np.int32),
       'Int32', -9, 9)
# (a dtype attribute of Bool does not read back yet: the .mir parser takes
# `dtype: Bool` for the start of `Bool(1)`)
simple('cast_bool_f32', 'Cast', 'Bool', (2, 3), [('dtype', 'Float32')], lambda x: x.astype(np.float32),
       'Float32')
simple('cast_f64_f32', 'Cast', 'Float64', (2, 3), [('dtype', 'Float32')], lambda x: x.astype(np.float32),
       'Float32')
simple('cast_f16_f64', 'Cast', 'Float16', (4,), [('dtype', 'Float64')], lambda x: x.astype(np.float64),
       'Float64')


def concat_case(name, op, dt, shapes, axis):
    def build():
        g = Graph(name)
        r = rng(name)
        xs = [g.param('x%d' % i, dt, data(r, dt, s, -9, 9)) for i, s in enumerate(shapes)]
        f = np.concatenate if op == 'Concat' else np.stack
        ref = f([x.value for x in xs], axis=0 if axis is None else axis)
        g.ret_(g.node(op, xs, dt, ref, [] if axis is None else [('axis', axis)]))
        return g
    build.__name__ = name
    CASES.append(build)


concat_case('concat_ax1', 'Concat', 'Float32', [(2, 3), (2, 2)], 1)
concat_case('concat_ax0', 'Concat', 'Int32', [(1, 3), (2, 3), (3, 3)], None)
concat_case('concat_3d_neg', 'Concat', 'Float16', [(2, 1, 2), (2, 3, 2)], -2)
concat_case('concat_empty', 'Concat', 'Float32', [(2, 0), (2, 3)], 1)
concat_case('stack_ax0', 'Stack', 'Float32', [(2, 3), (2, 3)], None)
concat_case('stack_neg', 'Stack', 'Int64', [(2, 3), (2, 3), (2, 3)], -1)
concat_case('stack_mid', 'Stack', 'Bool', [(2, 2), (2, 2)], 1)


def strided(name, dt, shape, items):
    def build():
        g = Graph(name)
        x = g.param('x', dt, data(rng(name), dt, shape, -9, 9))
        begin, end, strides, new_axis = [], [], [], []
        shrink = 0
        d = rpos = 0
        for it in items:
            if it is None:
                new_axis.append(rpos)
                rpos += 1
            elif isinstance(it, int):
                n = shape[d]
                i = it + n if it < 0 else it
                begin.append(i)
                end.append(i + 1)
                strides.append(1)
                shrink |= 1 << d
                d += 1
            else:
                b, e, s = it.indices(shape[d])
                begin.append(b)
                end.append(e)
                strides.append(s)
                d += 1
                rpos += 1
        while d < len(shape):
            begin.append(0)
            end.append(shape[d])
            strides.append(1)
            d += 1
        attrs = [('begin', tuple(begin)), ('end', tuple(end)), ('strides', tuple(strides))]
        if shrink:
            attrs.append(('shrink_axis_mask', shrink))
        if new_axis:
            attrs.append(('new_axis', tuple(new_axis)))
        g.ret_(g.node('StridedSlice', [x], dt, x.value[tuple(items)], attrs))
        return g
    build.__name__ = name
    CASES.append(build)


strided('ss_basic', 'Float32', (4, 5), [slice(1, 3), slice(None, None, 2)])
strided('ss_neg', 'Float32', (4, 5, 6), [slice(3, 0, -1), None, slice(None, None, -1), 2])
strided('ss_shrink_all', 'Int32', (3, 4), [-1, 2])
strided('ss_rev_newfirst', 'Int64', (6,), [None, slice(None, None, -2)])
strided('ss_empty', 'Float64', (4, 3), [slice(2, 2)])

# ---- creation ---------------------------------------------------------------


def create(name, op, dt, attrs, ref, ins=None):
    def build():
        g = Graph(name)
        xs = []
        if ins is not None:
            xs = [g.param('x', ins[0], data(rng(name), ins[0], ins[1]))]
        g.ret_(g.node(op, xs, dt, ref, attrs))
        return g
    build.__name__ = name
    CASES.append(build)


create('fill_f32', 'Fill', 'Float32', [('shape', (2, 3)), ('dtype', 'Float32'), ('value', 2.5)],
       np.full((2, 3), 2.5))
create('fill_i64', 'Fill', 'Int64', [('shape', (4,)), ('dtype', 'Int64'), ('value', -7)], np.full(4, -7))
create('fill_zero_0d', 'Fill', 'Int32', [('shape', ()), ('dtype', 'Int32'), ('value', 0)], np.array(0))
create('fill_f16_neg0', 'Fill', 'Float16', [('shape', (3,)), ('dtype', 'Float16'), ('value', -0.0)],
       np.full(3, -0.0))
create('ones_i32', 'Ones', 'Int32', [('shape', (2, 3)), ('dtype', 'Int32')], np.ones((2, 3)))
create('ones_f64', 'Ones', 'Float64', [('shape', (3,)), ('dtype', 'Float64')], np.ones(3))
create('zeros_f32', 'Zeros', 'Float32', [('shape', (2, 2)), ('dtype', 'Float32')], np.zeros((2, 2)))
create('ones_like_f16', 'OnesLike', 'Float16', [('dtype', 'Float16')], np.ones((2, 3)), ('Float32', (2, 3)))
create('ones_like_same', 'OnesLike', 'Int8', [], np.ones(4), ('Int8', (4,)))
create('zeros_like_bool', 'ZerosLike', 'Bool', [], np.zeros((3, 1)), ('Bool', (3, 1)))
create('range_int', 'Range', 'Int64', [('start', 1), ('limit', 10), ('delta', 3)], np.arange(1, 10, 3))
create('range_neg_i32', 'Range', 'Int32', [('start', 5), ('limit', -4), ('delta', -2), ('dtype', 'Int32')],
       np.arange(5, -4, -2))
create('range_float', 'Range', 'Float32', [('start', 0.5), ('limit', 2.3), ('delta', 0.3), ('dtype', 'Float32')],
       np.arange(0.5, 2.3, 0.3))
create('range_f64_big', 'Range', 'Float64', [('start', 0.0), ('limit', 3.0), ('delta', 0.125)],
       np.arange(0.0, 3.0, 0.125))
create('linspace_f32', 'LinSpace', 'Float32', [('start', 0.0), ('stop', 1.0), ('num', 5), ('dtype', 'Float32')],
       np.linspace(0.0, 1.0, 5))
create('linspace_f64', 'LinSpace', 'Float64', [('start', -1), ('stop', 2), ('num', 7), ('dtype', 'Float64')],
       np.linspace(-1, 2, 7))
create('linspace_one', 'LinSpace', 'Float32', [('start', 3.0), ('stop', 4.0), ('num', 1), ('dtype', 'Float32')],
       np.linspace(3.0, 4.0, 1))

# ---- int8 quantization (the reference: scripts/tflite_int8.py) ----------------

sys.path.insert(0, os.path.join(REPO, 'scripts'))
import tflite_int8 as T8  # noqa: E402


@case
def quantize_int8():
    g = Graph('quantize_int8')
    r = rng('quantize_int8')
    x = g.param('x', 'Float32', (data(r, 'Float32', (3, 5)) * 3).astype(np.float32))
    q = g.node('QuantizeInt8', [x], 'Int8', T8.quantize(x.value, 0.03125, -3), [('scale', 0.03125), ('zero_point', -3)])
    g.ret_(q, g.node('DequantizeInt8', [q], 'Float32', T8.dequantize(q.value, 0.0123, 5),
                     [('scale', 0.0123), ('zero_point', 5)]))
    return g


@case
def quant_dense():
    g = Graph('quant_dense')
    r = rng('quant_dense')
    M, N, K = 3, 7, 19
    x = g.param('x', 'Int8', r.integers(-128, 128, size=(M, K)).astype(np.int8))
    w = g.const('Int8', r.integers(-127, 128, size=(N, K)).astype(np.int8))
    b = g.const('Int32', r.integers(-5000, 5000, size=N).astype(np.int32))
    ms = [T8.quantize_multiplier(float(np.exp(v))) for v in r.uniform(-10, 0, size=N)]
    mult = g.const('Int32', np.array([m for m, _ in ms], np.int32))
    shift = g.const('Int32', np.array([sh for _, sh in ms], np.int32))
    ref = T8.dense(x.value, w.value, b.value, mult.value, shift.value, -7, 11, 11, 127)
    g.ret_(g.node('QuantDense', [x, w, b, mult, shift], 'Int8', ref,
                  [('x_zero_point', -7), ('out_zero_point', 11), ('act_min', 11), ('act_max', 127)]))
    return g


@case
def quant_avgpool():
    g = Graph('quant_avgpool')
    r = rng('quant_avgpool')
    x = g.param('x', 'Int8', r.integers(-128, 128, size=(1, 2, 8, 7)).astype(np.int8))
    # ceil_mode and count_include_pad: pool_len's output size 4 x 3 (AvgPool's rules)
    ref = T8.avgpool(x.value, (3, 2), (2, 3), (1, 0, 0, 1), -9, True, (4, 3))
    g.ret_(g.node('QuantAvgPool', [x], 'Int8', ref,
                  [('kernel_size', (3, 2)), ('stride', (2, 3)), ('pad', (1, 0, 0, 1)), ('ceil_mode', True),
                   ('count_include_pad', True), ('zero_point', -9)]))
    return g


@case
def quant_conv2d():
    g = Graph('quant_conv2d')
    r = rng('quant_conv2d')
    x = g.param('x', 'Int8', r.integers(-128, 128, size=(1, 2, 6, 5)).astype(np.int8))
    w = g.const('Int8', r.integers(-127, 128, size=(3, 2, 3, 3)).astype(np.int8))
    b = g.const('Int32', r.integers(-2000, 2000, size=3).astype(np.int32))
    ms = [T8.quantize_multiplier(float(np.exp(v))) for v in r.uniform(-9, -3, size=3)]
    mult = g.const('Int32', np.array([m for m, _ in ms], np.int32))
    shift = g.const('Int32', np.array([sh for _, sh in ms], np.int32))
    ref = T8.conv2d(x.value, w.value, b.value, mult.value, shift.value, 4, -2, -128, 127, (1, 2), (1, 1, 0, 1))
    g.ret_(g.node('QuantConv2D', [x, w, b, mult, shift], 'Int8', ref,
                  [('stride', (1, 2)), ('pad', (1, 1, 0, 1)), ('dilation', (1, 1)), ('group', 1), ('x_zero_point', 4),
                   ('out_zero_point', -2), ('act_min', -128), ('act_max', 127)]))
    return g


# ---- graphs of several nodes, structural ops ----------------------------------


@case
def dense_relu():
    g = Graph('dense_relu')
    r = rng('dense_relu')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3)))
    w = g.param('w', 'Float32', data(r, 'Float32', (4, 3)), parameter=True)
    b = g.param('b', 'Float32', data(r, 'Float32', (4,)), parameter=True)
    lw = g.load(w)
    lb = g.load(b)
    y = g.node('MatMul', [x, lw], 'Float32', f64(x.value) @ f64(w.value).T, [('transpose_b', True)])
    z = g.node('BiasAdd', [y, lb], 'Float32', y.value + b.value)
    g.ret_(g.node('ReLU', [z], 'Float32', np.maximum(z.value, 0)))
    return g


@case
def chain_reuse():
    # a chain long enough for workspace reuse; returns an input, a constant,
    # a node twice and a node once
    g = Graph('chain_reuse')
    r = rng('chain_reuse')
    x = g.param('x', 'Float32', data(r, 'Float32', (3, 4)))
    c = g.const('Float32', [[0.5, -1.0, 2.0, 0.25]])
    v = x
    for i in range(6):
        v = g.node('Mul' if i % 2 else 'Add', [v, c], 'Float32', (v.value * c.value) if i % 2 else (v.value + c.value))
    s = g.node('ReduceSum', [v], 'Float32', v.value.sum(axis=1), [('axis', 1)])
    g.ret_(v, x, c, s, v)
    return g


@case
def big_const():
    g = Graph('big_const')
    r = rng('big_const')
    x = g.param('x', 'Float32', data(r, 'Float32', (5, 4)))
    k = g.const('Float32', data(r, 'Float32', (5, 4)))
    k2 = g.const('Int32', np.arange(3))
    y = g.node('Mul', [x, k], 'Float32', x.value * k.value)
    z = g.node('Sub', [y, k], 'Float32', y.value - k.value)
    i = g.node('Cast', [k2], 'Float32', k2.value.astype(np.float32), [('dtype', 'Float32')])
    g.ret_(z, i)
    return g


@case
def special_consts():
    g = Graph('special_consts')
    x = g.param('x', 'Float64', np.array([1.0, 2.0, 3.0, 4.0]))
    c = g.const('Float64', [np.inf, -np.inf, -0.0, 1e-310])
    h = g.const('Float16', [1.5, -2.0, np.inf, 65504.0])
    i8 = g.const('Int64', [-2 ** 63, 2 ** 63 - 1, -5, 0])
    u = g.const('UInt64', [2 ** 64 - 1, 0, 7, 2 ** 63])
    a = g.node('Add', [x, c], 'Float64', x.value + c.value)
    hc = g.node('Cast', [h], 'Float32', h.value.astype(np.float32), [('dtype', 'Float32')])
    ii = g.node('Identity', [i8], 'Int64', i8.value)
    uu = g.node('BitwiseXor', [u, u], 'UInt64', u.value ^ u.value)
    g.ret_(a, hc, ii, uu)
    return g


@case
def print_graph():
    g = Graph('print_graph')
    r = rng('print_graph')
    x = g.param('x', 'Float32', np.array([[1.0, 2.5, -3.0], [0.0, 4.0, 5.0]]))
    w = g.param('w', 'Int32', np.array([3, 4]), parameter=True)
    lw = g.load(w)
    y = g.node('Neg', [x], 'Float32', -x.value)
    g.print_('value of "y": ??=', y, lw)
    g.print_(x)
    g.ret_(y)
    g.expect_print = ['== print_graph\nvalue of "y": ??=\nTensor(shape=[2, 3], dtype=Float32, value=\n',
                      'Tensor(shape=[2], dtype=Int32, value=[3 4], name=w)\n',
                      'Tensor(shape=[2, 3], dtype=Float32, value=\n[[ 1.00000000e+00  2.50000000e+00 -3.00000000e+00]\n'
                      ' [ 0.00000000e+00  4.00000000e+00  5.00000000e+00]])\n']
    del r
    return g


@case
def assign_param():
    # Load before Assign keeps the old value; the Parameter gets the new one
    g = Graph('assign_param')
    r = rng('assign_param')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 2)))
    w = g.param('w', 'Float32', data(r, 'Float32', (2, 2)), parameter=True)
    old = g.load(w)
    new = g.node('Add', [old, x], 'Float32', w.value + x.value)
    g.assign(w, new)
    again = g.load(w)
    both = g.node('Sub', [again, old], 'Float32', new.value - w.value)
    g.ret_(both, old)
    g.final = {'w': new.value}
    return g


@case
def tuple_items():
    g = Graph('tuple_items')
    r = rng('tuple_items')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3)))
    a = g.node('Exp', [x], 'Float32', np.exp(f64(x.value)))
    b = g.node('Abs', [x], 'Float32', np.abs(x.value))
    t = g.make_tuple([a, b])
    a2 = g.get_item(t, 1)
    c = g.node('Mul', [a2, a2], 'Float32', b.value * b.value)
    g.ret_(c)
    return g


# ---- the issue-5 op families -------------------------------------------------
# Their cases live in Inputs/all_ops_index.py and Inputs/all_ops_nn.py; each
# runs in this module's namespace (it uses case, simple, data, rng, Graph...).
for _f in ('all_ops_index.py', 'all_ops_nn.py'):
    with open(os.path.join(HERE, 'Inputs', _f)) as _fh:
        exec(compile(_fh.read(), os.path.join(HERE, 'Inputs', _f), 'exec'))


# ---- the driver -------------------------------------------------------------------

TOL = {'Float16': (2e-3, 1e-3), 'Float32': (2e-5, 1e-6), 'Float64': (1e-11, 1e-13)}


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--msc', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    msc = shlex.split(args.msc)
    out = args.out
    os.makedirs(out, exist_ok=True)
    failures = []

    ops = re.findall(r'^OP\((\w+),', open(os.path.join(REPO, 'ir', 'ops.def')).read(), re.M)
    graphs = [build() for build in CASES]
    names = [g.name for g in graphs]
    assert len(set(names)) == len(names), 'duplicate case names'
    covered = set().union(*(g.ops for g in graphs))
    missing = [op for op in ops if op not in covered]
    if missing:
        failures.append('ops of ir/ops.def without a case: ' + ', '.join(missing))
    print('%d ops, %d cases' % (len(ops), len(graphs)))

    sources = []
    for g in graphs:
        mir = os.path.join(out, g.name + '.mir')
        with open(mir, 'w') as f:
            f.write(g.text())
        # --emit-c parses and verifies before it emits
        p = sh(msc + ['opt', '--verify-each', '--emit-c', mir])
        if p.returncode:
            failures.append('%s: msc opt --verify-each --emit-c failed:\n%s' % (g.name, p.stderr.decode()))
            g.c = None
            continue
        g.c = p.stdout.decode()
        m = re.search(r'ws +(\d+) bytes of workspace', g.c)
        g.ws_size = int(m.group(1)) if m else 0
        if 'int msc_%s(void *const *args, void *ws) {' % g.name not in g.c:
            failures.append('%s: no function msc_%s in the C' % (g.name, g.name))
        nconst = len(re.findall(r'args\[\d+\]  constant:', g.c))
        if nconst != len(g.ptr_consts):
            failures.append('%s: %d constants passed by pointer, expected %d' % (g.name, nconst, len(g.ptr_consts)))
        cfile = os.path.join(out, g.name + '.c')
        with open(cfile, 'w') as f:
            f.write(g.c)
        sources.append(cfile)
    ok_graphs = [g for g in graphs if g.c is not None]
    allc = os.path.join(out, 'all.c')
    with open(allc, 'w') as f:
        for g in ok_graphs:
            f.write(g.c)
    inc = ['-I', os.path.join(REPO, 'runtime')]
    # DESIGN.md: gcc, clang and (when installed) arm-none-eabi-gcc, a 32-bit
    # target where -Wconversion sees int64_t -> size_t narrowing
    compilers = [['gcc'], ['clang']]
    if shutil.which('arm-none-eabi-gcc'):
        compilers.append(['arm-none-eabi-gcc', '-mcpu=cortex-m4'])
    for cc in compilers:
        p = sh(cc + CFLAGS + inc + ['-c', allc, '-o', os.path.join(out, 'all-%s.o' % cc[0])])
        if p.returncode:
            bad = [s for s in sources if sh(cc + CFLAGS + inc + ['-c', s, '-o', os.devnull]).returncode]
            failures.append('%s rejects the C of %s:\n%s' % (cc[0], ', '.join(os.path.basename(b) for b in bad),
                                                             p.stderr.decode()[:4000]))
    if failures:
        print('\n'.join(failures))
        return 1
    print('verified, emitted and compiled (%s) %d graphs' % (', '.join(c[0] for c in compilers), len(ok_graphs)))

    # numerical check
    mainc = os.path.join(out, 'main.c')
    from mirgen import c_main
    with open(mainc, 'w') as f:
        f.write(c_main(ok_graphs))
    prog = os.path.join(out, 'prog')
    from mirgen import runtime_objs
    p = sh(['gcc', '-std=c11', '-O1', '-w'] + inc + [allc, mainc] + runtime_objs(REPO, out) + ['-lm', '-o', prog])
    if p.returncode:
        print('linking the harness failed:\n' + p.stderr.decode()[:4000])
        return 1
    inb = os.path.join(out, 'in.bin')
    with open(inb, 'wb') as f:
        for g in ok_graphs:
            for _, v in g.params:
                f.write(np.ascontiguousarray(v.value).tobytes())
            for v in g.ptr_consts:
                f.write(np.ascontiguousarray(v.value).tobytes())
    outb = os.path.join(out, 'out.bin')
    p = sh([prog, inb, outb])
    if p.returncode:
        print('the harness failed (status %d):\n%s' % (p.returncode, p.stderr.decode()))
        return 1
    printed = p.stdout.decode()
    raw = open(outb, 'rb').read()
    pos = 0

    def take(dt, shape):
        nonlocal pos
        a = np.frombuffer(raw, DT[dt], count=int(np.prod(shape, dtype=np.int64)), offset=pos).reshape(shape)
        pos += a.nbytes
        return a

    def compare(g, what, got, want, dt):
        if dt in ('Complex64', 'Complex128'):  # the parts as floats
            dt = 'Float32' if dt == 'Complex64' else 'Float64'
            got, want = got.view(DT[dt]), np.ascontiguousarray(want).view(DT[dt])
        if dt in FLOATS:
            rtol, atol = TOL[dt]
            w = want.astype(np.float64)
            gg = got.astype(np.float64)
            ok = np.allclose(gg, w, rtol=rtol, atol=atol, equal_nan=True) and \
                np.array_equal(np.isnan(gg), np.isnan(w))
        else:
            ok = np.array_equal(got, want)
        if not ok:
            failures.append('%s: %s differs from numpy\n  got  %r\n  want %r' % (g.name, what, got, want))

    for g in ok_graphs:
        rc = int(np.frombuffer(raw, np.int32, count=1, offset=pos)[0])
        pos += 4
        if rc:
            failures.append('%s: returned %d' % (g.name, rc))
        for k, v in enumerate(g.outs):
            got = take(v.dt, v.shape)
            compare(g, 'output %d' % k, got, v.value, v.dt)
        for name, v in g.params:
            if v.ref:
                got = take(v.dt, v.shape)
                want = getattr(g, 'final', {}).get(name, v.value)
                compare(g, 'Parameter %s after the call' % name, got, np.asarray(want, DT[v.dt]), v.dt)
        sect = printed.split('== %s\n' % g.name, 1)[1].split('\n== ', 1)[0] + '\n'
        for s in g.expect_print:
            s = s.split('== %s\n' % g.name, 1)[-1]
            if s not in sect:
                failures.append('%s: printed\n%s\nwhich lacks\n%s' % (g.name, sect, s))
    if pos != len(raw):
        failures.append('harness output has %d bytes, expected %d' % (len(raw), pos))
    if failures:
        print('\n'.join(failures))
        return 1
    print('numerics match numpy for %d graphs' % len(ok_graphs))
    return 0


if __name__ == '__main__':
    sys.exit(main())
