"""Complex64/complex128 cases (issue 26) for opsdiff.py: the Complex, Real,
Imag and Conj primitives, and complex operands of the ops that take them
(Add, Sub, Mul, RealDiv, Div, Equal, NotEqual, Neg, Square, Abs, Cast),
against numpy 1.24. Complex data has random real and imaginary parts, plus
the special values (nan, inf, -0.) in either part; Abs is hypot (MindSpore's
CPU kernel, std::abs; numpy's AVX-512 loop rounds differently in the last
bit), so its cases are loose."""
import warnings

import numpy as np

CX = ['complex64', 'complex128']
PART = {'complex64': np.float32, 'complex128': np.float64}


def cases(h):
    Case, rand = h.Case, h.rand

    def crand(shape, dt, kind='any'):
        p = PART[dt]
        return (rand(shape, p, kind) + 1j * rand(shape, p, kind)).astype(dt)

    def special(dt):
        p = PART[dt]
        re = np.array([np.nan, 1.5, np.inf, -0.0, 0.0, -2.0, 3.0, -np.inf], p)
        im = np.array([0.5, np.nan, -1.0, -0.0, 2.0, np.inf, -0.0, 0.25], p)
        return _join(re, im, dt)

    def _join(re, im, dt):
        z = np.empty(re.shape, dt)
        z.real, z.imag = re, im
        return z

    def make(a, b):  # numpy has no Complex ufunc: the parts, broadcast
        a, b = np.broadcast_arrays(a, b)
        return _join(a, b, 'complex64' if a.dtype == np.float32 else 'complex128')

    def binary(op, fn, loose=False):
        cs = []
        for dt in CX:
            for sa, sb in h.BIN_SHAPES:
                a, b = crand(sa, dt), crand(sb, dt)
                with np.errstate(all='ignore'):
                    cs.append(Case(op, [a, b], {}, fn(a, b), loose, '%s %s %s' % (dt, sa, sb)))
            a, b = special(dt), crand((8,), dt)
            with np.errstate(all='ignore'):
                cs.append(Case(op, [a, b], {}, fn(a, b), loose, dt + ' special'))
                cs.append(Case(op, [b, a], {}, fn(b, a), loose, dt + ' special, swapped'))
        # a real operand with a complex one: numpy's promotion
        for da, db in [('float32', 'complex64'), ('float64', 'complex64'), ('int32', 'complex64'),
                       ('int16', 'complex64'), ('complex128', 'float32'), ('bool', 'complex128')]:
            a = crand((2, 3), da) if da in CX else rand((2, 3), da)
            b = crand((3,), db) if db in CX else rand((3,), db)
            with np.errstate(all='ignore'):
                cs.append(Case(op, [a, b], {}, fn(a, b), loose, 'mixed %s %s' % (da, db)))
        return cs

    def unary(op, fn, loose=False):
        cs = []
        for dt in CX:
            for s in h.UN_SHAPES:
                a = crand(s, dt)
                cs.append(Case(op, [a], {}, fn(a), loose, '%s %s' % (dt, s)))
            with np.errstate(all='ignore'):
                cs.append(Case(op, [special(dt)], {}, fn(special(dt)), loose, dt + ' special'))
        return cs

    def of_real(op, fn):  # Real/Imag/Conj of a real tensor: MindSpore returns it, zeros, it
        cs = []
        for dt in ['float32', 'float64', 'int32', 'bool']:
            a = rand((2, 3), dt)
            cs.append(Case(op, [a], {}, fn(a), False, dt + ' (a real tensor)'))
        return cs

    def complex_cases():
        cs = []
        for dt in ['float32', 'float64']:
            for sa, sb in h.BIN_SHAPES:
                a, b = rand(sa, dt), rand(sb, dt)
                cs.append(Case('Complex', [a, b], {}, make(a, b), False, '%s %s %s' % (dt, sa, sb)))
            a = np.array([np.nan, np.inf, -0.0, 1.5], dt)
            b = np.array([-0.0, np.nan, -np.inf, 2.0], dt)
            cs.append(Case('Complex', [a, b], {}, make(a, b), False, dt + ' special'))
        return cs

    def cast_cases():
        cs = []
        for src in CX:
            a = special(src)
            for to in ['bool', 'int32', 'int64', 'float16', 'float32', 'float64', 'complex64', 'complex128']:
                if to in ('int32', 'int64'):
                    a = crand((3, 4), src)  # finite: numpy's nan -> int is undefined
                with np.errstate(all='ignore'), warnings.catch_warnings():
                    warnings.simplefilter('ignore')  # numpy's ComplexWarning: the real part is kept
                    e = a.astype(to)
                cs.append(Case('Cast', [a], {'dtype': np.dtype(to)}, e, False, '%s -> %s' % (src, to)))
        for src in ['bool', 'int8', 'uint8', 'int32', 'int64', 'float16', 'float32', 'float64']:
            a = rand((2, 5), src)
            for to in CX:
                cs.append(Case('Cast', [a], {'dtype': np.dtype(to)}, a.astype(to), False, '%s -> %s' % (src, to)))
        return cs

    def extend(op, more):
        prev = h.CASES[op]
        return lambda: prev() + more()

    out = {
        'Complex': complex_cases,
        'Real': lambda: unary('Real', np.real) + of_real('Real', np.copy),
        'Imag': lambda: unary('Imag', np.imag) + of_real('Imag', np.zeros_like),
        'Conj': lambda: unary('Conj', np.conj) + of_real('Conj', np.copy),  # numpy: int8 of bool
    }
    for op, fn in [('Add', np.add), ('Sub', np.subtract), ('Mul', np.multiply), ('RealDiv', np.true_divide),
                   ('Div', np.true_divide), ('Equal', np.equal), ('NotEqual', np.not_equal)]:
        out[op] = extend(op, (lambda op, fn: lambda: binary(op, fn))(op, fn))
    for op, fn, loose in [('Neg', np.negative, False), ('Square', np.square, False), ('Abs', np.abs, True)]:
        out[op] = extend(op, (lambda op, fn, loose: lambda: unary(op, fn, loose))(op, fn, loose))
    out['Cast'] = extend('Cast', cast_cases)
    return out
