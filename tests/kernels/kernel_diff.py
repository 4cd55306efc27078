#!/usr/bin/python3
"""kernel_diff.py — numpy-differential test of runtime/kernels.c and gemm.c.

    kernel_diff.py DRIVER WORKDIR [--seed N] [--show N] [--only KIND]

Generates, with a fixed seed, cases for every kernel family of msrt.h
section 4 with Debian's numpy (1.24): every binop x dtype over broadcast
patterns, transposed / negative-step / sliced operands and 0-size shapes;
every unop x dtype; every cast pair; strided copies; every reduction x
dtype x [outer, r, inner] shape (r up to 20000, past numpy's 8192-element
summation block); softmax / log-softmax; batched matmul for every dtype;
and gemm with transposes, padded leading dimensions, alpha/beta, edge tiles
and the ws == NULL path. Unsupported combinations are included too and
must return MSRT_EINVAL.

The cases go to WORKDIR/cases.bin, `DRIVER WORKDIR/cases.bin` runs them,
and each result is compared with numpy's:
  exact        ints, bool, and float results numpy computes the same way
               (arithmetic, comparisons, casts, floor/mod, sums, ...);
  N ulp        libm vs numpy's own SIMD (SVML on AVX512 machines) for
               transcendental functions: |got - want| <= N * spacing(want);
  bound        matmul / gemm, any summation order:
               |got - exact| <= (K + 2) * eps * (|alpha| |A||B| + |beta C|).
The tolerances are the TOL table below. Prints the first few failures and
ends with "N passed, N failed" (exit 1 if any failed).
"""
import argparse
import math
import os
import struct
import subprocess
import sys

import warnings

import numpy as np

np.seterr(all="ignore")
warnings.filterwarnings("ignore", category=RuntimeWarning)

# msrt_dtype codes (runtime/msrt.h)
DT = {
    np.dtype(np.bool_): 0, np.dtype(np.int8): 1, np.dtype(np.uint8): 2,
    np.dtype(np.int16): 3, np.dtype(np.int32): 4, np.dtype(np.int64): 5,
    np.dtype(np.float16): 6, np.dtype(np.float32): 7,
    np.dtype(np.float64): 8, np.dtype(np.uint16): 9,
    np.dtype(np.uint32): 10, np.dtype(np.uint64): 11,
}
FLOATS = [np.dtype(t) for t in (np.float16, np.float32, np.float64)]
INTS = [np.dtype(t) for t in (np.int8, np.uint8, np.int16, np.uint16,
                              np.int32, np.uint32, np.int64, np.uint64)]
BOOL = np.dtype(np.bool_)
ALL = FLOATS + INTS + [BOOL]

K_BINARY, K_UNARY, K_CAST, K_COPY, K_REDUCE, K_MATMUL, K_SOFTMAX, K_GEMM = range(8)
KIND_NAMES = ["binary", "unary", "cast", "copy", "reduce", "matmul",
              "softmax", "gemm"]
NP_PARAMS = 48
EINVAL = -1

BINOPS = ["ADD", "SUB", "MUL", "DIV", "FLOORDIV", "MOD", "POW", "MAXIMUM",
          "MINIMUM", "ATAN2", "BITAND", "BITOR", "BITXOR", "LOGICAL_AND",
          "LOGICAL_OR", "EQ", "NE", "LT", "LE", "GT", "GE"]
UNOPS = ["NEG", "ABS", "SIGN", "SQUARE", "SQRT", "RSQRT", "RECIPROCAL", "EXP",
         "EXPM1", "LOG", "LOG1P", "LOG2", "LOG10", "SIN", "COS", "TAN", "ASIN",
         "ACOS", "ATAN", "SINH", "COSH", "TANH", "SIGMOID", "RELU", "RELU6",
         "SOFTPLUS", "ERF", "ERFC", "GELU", "SILU", "FLOOR", "CEIL", "ROUND",
         "TRUNC", "LOGICAL_NOT", "BITNOT", "ISNAN", "ISINF", "ISFINITE"]
REDOPS = ["SUM", "MEAN", "PROD", "MAX", "MIN", "ARGMAX", "ARGMIN", "ANY", "ALL"]

# ------------------------------------------------------------ tolerances
# ulps allowed per (op, dtype kind); anything not listed is exact.
# float32/float64: glibc libm against numpy 1.24's own implementations
# (AVX512F/SVML dispatch for exp/log/sin/cos/tan/.../power/arctan2):
# both are within a few ulp of the true value. float16 is computed in
# float and rounded, so one half-ulp covers a float-level difference that
# lands on the other side of a rounding boundary.
TRANSCENDENTAL = {"EXP", "EXPM1", "LOG", "LOG1P", "LOG2", "LOG10", "SIN",
                  "COS", "TAN", "ASIN", "ACOS", "ATAN", "SINH", "COSH",
                  "TANH", "POW", "ATAN2"}
# Reference computed in float64 (no numpy ufunc), rounded to the dtype.
COMPOSITE = {"SIGMOID", "SOFTPLUS", "ERF", "ERFC", "GELU", "SILU"}
TOL = {
    ("trans", "f16"): 1, ("trans", "f32"): 4, ("trans", "f64"): 4,
    ("comp", "f16"): 1, ("comp", "f32"): 4, ("comp", "f64"): 8,
    ("softmax", "f16"): 2, ("softmax", "f32"): 16, ("softmax", "f64"): 16,
}


def dkind(dt):
    return {2: "f16", 4: "f32", 8: "f64"}[dt.itemsize]


# ------------------------------------------------------------ values

def rand_vals(rng, dt, n, op=None, role=0):
    dt = np.dtype(dt)
    if dt == BOOL:
        return rng.random(n) < 0.5
    if dt.kind in "iu":
        info = np.iinfo(dt)
        r = rng.random()
        if op in ("POW",):
            if role == 1:
                return rng.integers(0, 9 if info.bits <= 16 else 40, n,
                                    endpoint=True).astype(dt)
            lo = max(int(info.min), -7)
            return rng.integers(lo, 8, n, endpoint=True).astype(dt)
        if r < 0.4:
            v = rng.integers(int(info.min), int(info.max), n, endpoint=True,
                             dtype=dt)
        elif r < 0.8:
            v = rng.integers(max(int(info.min), -10), min(int(info.max), 10),
                             n, endpoint=True).astype(dt)
        else:
            v = rng.integers(max(int(info.min), -1000),
                             min(int(info.max), 1000), n,
                             endpoint=True).astype(dt)
        if op in ("FLOORDIV", "MOD") and n:
            specials = [0, 1, int(info.max), int(info.min)]
            if info.min < 0:
                specials += [-1]
            m = rng.random(n) < 0.15
            v[m] = rng.choice(np.array(specials, dtype=dt), int(m.sum()))
        return v
    # floats
    kind = rng.random()
    if op in ("ASIN", "ACOS", "ATANH"):
        v = rng.uniform(-1.1, 1.1, n)
    elif op in ("LOG", "LOG2", "LOG10", "SQRT", "RSQRT", "LOG1P"):
        v = np.abs(rng.standard_normal(n)) * 10.0 ** rng.integers(-3, 4, n)
        v[rng.random(n) < 0.05] *= -1
    elif op in ("EXP", "EXPM1", "SINH", "COSH"):
        lim = {2: 11.0, 4: 88.0, 8: 709.0}[dt.itemsize]
        v = rng.uniform(-lim, lim, n) if kind < 0.5 else rng.standard_normal(n) * 3
    elif op == "POW":
        if role == 0:
            v = np.abs(rng.standard_normal(n)) * 3
            v[rng.random(n) < 0.2] *= -1
        else:
            v = rng.integers(-4, 5, n).astype(np.float64)
            m = rng.random(n) < 0.5
            v[m] = rng.uniform(-3, 3, int(m.sum()))
    elif op in ("SOFTPLUS", "SIGMOID", "SILU", "GELU", "ERF", "ERFC", "TANH"):
        v = rng.standard_normal(n) * 8
    elif op in ("ROUND", "FLOOR", "CEIL", "TRUNC"):
        v = rng.integers(-20, 20, n) / 2.0
        m = rng.random(n) < 0.5
        v[m] = rng.standard_normal(int(m.sum())) * 100
    elif kind < 0.7:
        v = rng.standard_normal(n) * 10.0 ** int(rng.integers(-2, 3))
    else:
        v = rng.integers(-6, 7, n).astype(np.float64)  # ties, zeros, exact
    with np.errstate(over="ignore", invalid="ignore"):
        a = v.astype(dt)
    if n and rng.random() < 0.3 and op not in ("EXP", "EXPM1", "SINH", "COSH"):
        specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0], dtype=dt)
        m = rng.random(n) < 0.1
        a[m] = rng.choice(specials, int(m.sum()))
    return a


# ------------------------------------------------------------ case file

class Case:
    def __init__(self, kind, op, dt, dt2, params, arrays, out_nbytes,
                 fparams=(0.0, 0.0, 0.0, 0.0)):
        self.kind, self.op, self.dt, self.dt2 = kind, op, dt, dt2
        self.params = list(params) + [0] * (NP_PARAMS - len(params))
        self.fparams = list(fparams)
        self.arrays = [np.ascontiguousarray(a) for a in arrays]
        self.out_nbytes = out_nbytes
        self.desc = ""
        self.want_rc = 0
        self.check = None  # callable(got_bytes) -> None or message

    def pack(self):
        b = [struct.pack("<4I", self.kind, self.op, self.dt, self.dt2),
             struct.pack("<%dq" % NP_PARAMS, *[int(x) for x in self.params]),
             struct.pack("<4d", *self.fparams),
             struct.pack("<I", len(self.arrays))]
        for a in self.arrays:
            raw = a.tobytes()
            b.append(struct.pack("<Q", len(raw)))
            b.append(raw)
        b.append(struct.pack("<Q", self.out_nbytes))
        return b"".join(b)


def fmt_first_diff(got, want, bad):
    i = int(np.flatnonzero(bad)[0])
    return "element %d of %d: got %r, want %r" % (i, bad.size, got.flat[i],
                                                   want.flat[i])


def checker_exact(want):
    want = np.ascontiguousarray(want)

    def check(raw):
        got = np.frombuffer(raw, dtype=want.dtype).reshape(want.shape)
        if want.dtype.kind == "f":
            bad = ~((got == want) | (np.isnan(got) & np.isnan(want)))
        elif want.dtype == BOOL:
            raw_u8 = np.frombuffer(raw, dtype=np.uint8).reshape(want.shape)
            bad = raw_u8 != want.view(np.uint8)
        else:
            bad = got != want
        if bad.any():
            return fmt_first_diff(got, want, bad)
        return None
    return check


def checker_ulp(want, ulps):
    want = np.ascontiguousarray(want)

    def check(raw):
        got = np.frombuffer(raw, dtype=want.dtype).reshape(want.shape)
        with np.errstate(invalid="ignore", over="ignore"):
            same = (got == want) | (np.isnan(got) & np.isnan(want))
            diff = np.abs(got.astype(np.float64) - want.astype(np.float64))
            sp = np.spacing(np.abs(want)).astype(np.float64)
            ok = same | (np.isfinite(got) & np.isfinite(want) &
                         (diff <= ulps * sp))
        if not ok.all():
            return fmt_first_diff(got, want, ~ok) + " (tol %d ulp)" % ulps
        return None
    return check


def checker_bound(exact, bound, dt):
    """|got - exact| <= bound (exact and bound in float64/longdouble)."""
    def check(raw):
        got = np.frombuffer(raw, dtype=dt).reshape(exact.shape)
        with np.errstate(invalid="ignore", over="ignore"):
            diff = np.abs(got.astype(np.longdouble) - exact)
            ok = (diff <= bound) | (np.isnan(got) & np.isnan(exact.astype(np.float64)))
        if not ok.all():
            i = int(np.flatnonzero(~ok)[0])
            return "element %d: got %r, want %r, bound %g" % (
                i, got.flat[i], float(exact.flat[i]), float(bound.flat[i]))
        return None
    return check


# ------------------------------------------------------------ layouts

def strided_operand(rng, base_vals_fn, shape, bcast_dims, style):
    """Builds a base array and (offset, strides) so that the view with
    those element strides has `shape` (0 strides on bcast_dims).
    style: 'c' contiguous, 'perm' permuted memory order, 'neg' some
    negative strides, 'step' every other element."""
    nd = len(shape)
    sizes = [1 if d in bcast_dims else shape[d] for d in range(nd)]
    order = list(range(nd))
    if style == "perm" and nd > 1:
        order = list(rng.permutation(nd))
    step = 2 if style == "step" else 1
    strides = [0] * nd
    run = step
    for d in reversed(order):  # innermost memory dim last in `order`
        strides[d] = 0 if d in bcast_dims else run
        run *= max(sizes[d], 1)
    total = run if all(s > 0 for s in sizes) else 0
    offset = 0
    if style == "neg":
        for d in range(nd):
            if d not in bcast_dims and sizes[d] > 1 and rng.random() < 0.6:
                offset += (sizes[d] - 1) * strides[d]
                strides[d] = -strides[d]
    base = base_vals_fn(max(total, 1))
    return base, offset, strides


def view_of(base, offset, shape, strides):
    it = base.dtype.itemsize
    if any(s == 0 for s in shape):
        return np.zeros(shape, dtype=base.dtype)
    return np.lib.stride_tricks.as_strided(
        base[offset:], shape=shape, strides=[s * it for s in strides])


def np_binop(op, x, y, dt):
    f = {"ADD": np.add, "SUB": np.subtract, "MUL": np.multiply,
         "DIV": np.true_divide, "FLOORDIV": np.floor_divide,
         "MOD": np.remainder, "POW": np.power, "MAXIMUM": np.maximum,
         "MINIMUM": np.minimum, "ATAN2": np.arctan2,
         "BITAND": np.bitwise_and, "BITOR": np.bitwise_or,
         "BITXOR": np.bitwise_xor, "LOGICAL_AND": np.logical_and,
         "LOGICAL_OR": np.logical_or, "EQ": np.equal, "NE": np.not_equal,
         "LT": np.less, "LE": np.less_equal, "GT": np.greater,
         "GE": np.greater_equal}[op]
    with np.errstate(all="ignore"):
        if dt == BOOL and op in ("ADD", "MUL", "MAXIMUM", "MINIMUM"):
            r = f(x, y)
        else:
            r = f(x, y)
    if op in ("EQ", "NE", "LT", "LE", "GT", "GE", "LOGICAL_AND", "LOGICAL_OR"):
        return r.astype(BOOL)
    return r.astype(dt)


def binop_supported(op, dt):
    if dt == BOOL:
        return op in ("ADD", "MUL", "MAXIMUM", "MINIMUM", "BITAND", "BITOR",
                      "BITXOR", "LOGICAL_AND", "LOGICAL_OR", "EQ", "NE", "LT",
                      "LE", "GT", "GE")
    if dt.kind in "iu":
        return op not in ("DIV", "ATAN2")
    return op not in ("BITAND", "BITOR", "BITXOR")


def tol_kind(op, dt):
    if dt.kind != "f":
        return 0
    if op in TRANSCENDENTAL:
        return TOL[("trans", dkind(dt))]
    if op in COMPOSITE:
        return TOL[("comp", dkind(dt))]
    return 0


def gen_binary(rng, cases):
    shapes = [
        ((), []), ((1,), []), ((7,), []), ((0,), []), ((3, 0), []),
        ((5, 6), []), ((4, 5), [0]), ((4, 5), [1]), ((2, 3, 4), [1]),
        ((3, 1, 5), []), ((2, 3, 4, 5), [0, 2]), ((33,), []), ((300,), []),
        ((17, 19), []), ((6, 7), [0, 1]),
    ]
    for op_i, op in enumerate(BINOPS):
        for dt in ALL:
            if not binop_supported(op, dt):
                a = rand_vals(rng, dt, 4)
                c = Case(K_BINARY, op_i, DT[dt], 0,
                         [1, 4] + [0] * 7 + [1] + [0] * 7 + [1] + [0] * 7 +
                         [1] + [0] * 7 + [0, 0, 1], [a, a], 8)
                c.want_rc = EINVAL
                c.desc = "binary %s %s unsupported" % (op, dt)
                cases.append(c)
                continue
            for shape, bdims in shapes:
                for trial in range(2):
                    styles = ["c", "perm", "neg", "step"]
                    sa = styles[int(rng.integers(0, 4))] if trial else "c"
                    sb = styles[int(rng.integers(0, 4))] if trial else "c"
                    # which operand broadcasts on bdims (a, b or split)
                    which = int(rng.integers(0, 3))
                    if not bdims:
                        ba, bb = [], []
                    elif which == 0:
                        ba, bb = bdims, []
                    elif which == 1:
                        ba, bb = [], bdims
                    else:
                        ba, bb = bdims[:1], bdims[1:]
                    # also: a scalar broadcast over everything
                    if trial == 1 and rng.random() < 0.25 and shape:
                        if rng.random() < 0.5:
                            ba = list(range(len(shape)))
                        else:
                            bb = list(range(len(shape)))
                    add_binary_case(rng, cases, op_i, op, dt, shape, ba, bb,
                                    sa, sb, out_perm=(trial == 1 and
                                                      rng.random() < 0.3))


def add_binary_case(rng, cases, op_i, op, dt, shape, ba, bb, sa, sb, out_perm):
    nd = len(shape)
    abase, aoff, ast = strided_operand(
        rng, lambda n: rand_vals(rng, dt, n, op, 0), shape, ba, sa)
    bbase, boff, bst = strided_operand(
        rng, lambda n: rand_vals(rng, dt, n, op, 1), shape, bb, sb)
    x = view_of(abase, aoff, shape, ast)
    y = view_of(bbase, boff, shape, bst)
    want = np_binop(op, x, y, dt)
    odt = want.dtype
    total = int(np.prod(shape)) if nd else 1
    # output strides: contiguous, or a permuted layout
    ost = [0] * nd
    order = list(rng.permutation(nd)) if out_perm and nd > 1 else list(range(nd))
    run = 1
    for d in reversed(order):
        ost[d] = run
        run *= max(shape[d], 1)
    obuf = np.zeros(total, dtype=odt)
    if total:
        ov = np.lib.stride_tricks.as_strided(
            obuf, shape=shape, strides=[s * odt.itemsize for s in ost])
        ov[...] = want
    null_out = not out_perm and rng.random() < 0.5
    p = [nd] + list(shape) + [0] * (8 - nd) + ast + [0] * (8 - nd) + bst + \
        [0] * (8 - nd) + ost + [0] * (8 - nd) + [aoff, boff, int(null_out)]
    c = Case(K_BINARY, op_i, DT[dt], 0, p, [abase, bbase], total * odt.itemsize)
    tol = tol_kind(op, dt)
    c.check = checker_ulp(obuf, tol) if tol else checker_exact(obuf)
    c.desc = "binary %s %s shape %s a:%s%s b:%s%s" % (op, dt, shape, sa, ba,
                                                       sb, bb)
    cases.append(c)


# ------------------------------------------------------------ unary

def np_unary(op, x, dt):
    """numpy's result, or a float64 reference rounded to dt (COMPOSITE)."""
    with np.errstate(all="ignore"):
        if op in COMPOSITE:
            xd = x.astype(np.float64)
            if op == "SIGMOID":
                r = 1.0 / (1.0 + np.exp(-xd))
            elif op == "SILU":
                r = xd / (1.0 + np.exp(-xd))
            elif op == "SOFTPLUS":
                r = np.where(xd > 20, xd, np.log1p(np.exp(xd)))
            elif op == "ERF":
                r = np.array([math.erf(v) if not math.isnan(v) else v
                              for v in xd.ravel()]).reshape(xd.shape)
            elif op == "ERFC":
                r = np.array([math.erfc(v) if not math.isnan(v) else v
                              for v in xd.ravel()]).reshape(xd.shape)
            else:  # GELU
                r = np.array([0.5 * v * math.erfc(-v / math.sqrt(2))
                              if not math.isnan(v) else v
                              for v in xd.ravel()]).reshape(xd.shape)
            return r.astype(dt)
        f = {"NEG": np.negative, "ABS": np.absolute, "SIGN": np.sign,
             "SQUARE": np.square, "SQRT": np.sqrt,
             # float16 is computed in float and rounded once
             "RSQRT": lambda v: (np.reciprocal(np.sqrt(v.astype(np.float32)))
                                 if v.dtype == np.float16
                                 else np.reciprocal(np.sqrt(v))),
             "RECIPROCAL": np.reciprocal, "EXP": np.exp, "EXPM1": np.expm1,
             "LOG": np.log, "LOG1P": np.log1p, "LOG2": np.log2,
             "LOG10": np.log10, "SIN": np.sin, "COS": np.cos, "TAN": np.tan,
             "ASIN": np.arcsin, "ACOS": np.arccos, "ATAN": np.arctan,
             "SINH": np.sinh, "COSH": np.cosh, "TANH": np.tanh,
             "RELU": lambda v: np.maximum(v, v.dtype.type(0)),
             "RELU6": lambda v: np.minimum(np.maximum(v, v.dtype.type(0)),
                                           v.dtype.type(6)),
             "FLOOR": np.floor, "CEIL": np.ceil, "ROUND": np.rint,
             "TRUNC": np.trunc, "LOGICAL_NOT": np.logical_not,
             "BITNOT": np.invert, "ISNAN": np.isnan, "ISINF": np.isinf,
             "ISFINITE": np.isfinite}[op]
        r = f(x)
        if op in ("LOGICAL_NOT", "ISNAN", "ISINF", "ISFINITE"):
            return r.astype(BOOL)
        return r.astype(dt)


def unop_supported(op, dt):
    if dt.kind == "f":
        return op != "BITNOT"
    if dt.kind in "iu":
        return op in ("NEG", "ABS", "SIGN", "SQUARE", "RELU", "RELU6",
                      "LOGICAL_NOT", "BITNOT", "ISNAN", "ISINF", "ISFINITE")
    return op in ("LOGICAL_NOT", "BITNOT", "ABS", "ISNAN", "ISINF", "ISFINITE")


def gen_unary(rng, cases):
    for op_i, op in enumerate(UNOPS):
        for dt in ALL:
            if not unop_supported(op, dt):
                c = Case(K_UNARY, op_i, DT[dt], 0, [3, 0],
                         [rand_vals(rng, dt, 3)], 3 * 8)
                c.want_rc = EINVAL
                c.desc = "unary %s %s unsupported" % (op, dt)
                cases.append(c)
                continue
            for n in (0, 1, 5, 64, 257, 1000):
                x = rand_vals(rng, dt, n, op)
                if dt == np.dtype(np.float16) and n == 1000 and op not in COMPOSITE:
                    # every float16 value once per op, in chunks
                    x = np.arange(65536, dtype=np.uint16).view(np.float16)
                    n = x.size
                want = np_unary(op, x, dt)
                inplace = int(want.dtype == dt and rng.random() < 0.3)
                c = Case(K_UNARY, op_i, DT[dt], 0, [n, inplace], [x],
                         n * want.dtype.itemsize)
                tol = tol_kind(op, dt)
                if op == "GELU" and dt == np.dtype(np.float64):
                    # erfc(-x/sqrt2) for x << 0 has condition number ~x^2:
                    # the rounding of x/sqrt2 alone moves it by x^2 eps
                    xd = x.astype(np.longdouble)
                    w = want.astype(np.longdouble)
                    bound = tol * np.longdouble(np.finfo(dt).eps) * np.abs(w) * (1 + xd * xd)
                    c.check = checker_bound(w, bound + np.longdouble(5e-324), dt)
                else:
                    c.check = checker_ulp(want, tol) if tol else checker_exact(want)
                c.desc = "unary %s %s n=%d%s" % (op, dt, n,
                                                  " in place" if inplace else "")
                cases.append(c)


# ------------------------------------------------------------ casts

def gen_cast(rng, cases):
    for src in ALL:
        for dst in ALL:
            for n in (0, 1, 300):
                if src.kind == "f" and dst.kind in "iu":
                    # mostly in range
                    info = np.iinfo(dst)
                    lo = max(float(info.min), -65000.0)
                    hi = min(float(info.max), 65000.0)
                    if dst.itemsize >= 4 and src.itemsize >= 4 and rng.random() < 0.5:
                        lo = max(float(info.min), -float(info.max)) * 0.99
                        hi = float(info.max) * 0.99
                    v = rng.uniform(lo, hi, n)
                    if rng.random() < 0.5:
                        v = np.round(v * 4) / 4
                    x = v.astype(src)
                    t = np.trunc(x.astype(np.float64))
                    x = x[(t >= float(info.min)) & (t <= float(info.max) * 0.999)]
                    if n == 300:
                        # and everywhere else: msrt_cast gives what numpy
                        # 1.24 gives on x86-64 (8/16-bit targets wrap,
                        # nan/inf/out-of-range as its conversions do)
                        with np.errstate(all="ignore"):
                            wild = np.concatenate([
                                rng.uniform(-3e9, 3e9, 40), rng.uniform(-1e20, 1e20, 20),
                                rng.choice([-1, 1], 40) * 10.0 ** rng.uniform(0, 40, 40),
                                [np.nan, np.inf, -np.inf, 2.0 ** 31, -2.0 ** 31, 2.0 ** 32, 2.0 ** 63,
                                 -2.0 ** 63, 2.0 ** 64, -1.0, -0.5, 65504.0, 65520.0, 1e39]]).astype(src)
                        x = np.concatenate([x, wild])
                    n = x.size
                elif src.kind == "f":
                    x = rand_vals(rng, src, n)
                    if dst == np.dtype(np.float16) and n:
                        # magnitudes across float16's range incl. subnormals
                        mag = 10.0 ** rng.uniform(-9, 5.2, n)
                        x = (rng.choice([-1, 1], n) * mag).astype(src)
                        x[: n // 10] = rand_vals(rng, src, n // 10)
                else:
                    x = rand_vals(rng, src, n)
                with np.errstate(all="ignore"):
                    want = x.astype(dst)
                c = Case(K_CAST, 0, DT[src], DT[dst], [n], [x], n * dst.itemsize)
                c.check = checker_exact(want)
                c.desc = "cast %s -> %s n=%d" % (src, dst, n)
                cases.append(c)
    # every float16 to every float type, and every float16 bit pattern back
    h = np.arange(65536, dtype=np.uint16).view(np.float16)
    for dst in (np.dtype(np.float32), np.dtype(np.float64)):
        c = Case(K_CAST, 0, DT[np.dtype(np.float16)], DT[dst], [h.size], [h],
                 h.size * dst.itemsize)
        c.check = checker_exact(h.astype(dst))
        c.desc = "cast all float16 -> %s" % dst
        cases.append(c)
        # round trip through float16 from points between halves
        mids = (h.astype(dst)[:-1] + h.astype(dst)[1:]) / 2
        fin = np.isfinite(mids)
        for x in (mids[fin], np.nextafter(mids[fin], dst.type(np.inf)),
                  np.nextafter(mids[fin], dst.type(-np.inf))):
            x = x.astype(dst)
            c = Case(K_CAST, 0, DT[dst], DT[np.dtype(np.float16)], [x.size],
                     [x], x.size * 2)
            c.check = checker_exact(x.astype(np.float16))
            c.desc = "cast %s halfway points -> float16" % dst
            cases.append(c)


# ------------------------------------------------------------ copies

def gen_copy(rng, cases):
    shapes = [(), (0,), (1,), (9,), (3, 4), (4, 0, 2), (2, 3, 4), (5, 1, 6),
              (2, 3, 2, 3, 2), (1, 1, 1, 1, 1, 1, 1, 7), (64, 33)]
    for dt in ALL:
        for shape in shapes:
            for style in ("c", "perm", "neg", "step", "bcast"):
                nd = len(shape)
                bd = [d for d in range(nd) if rng.random() < 0.4] \
                    if style == "bcast" else []
                base, off, st = strided_operand(
                    rng, lambda n: rand_vals(rng, dt, n), shape, bd,
                    "c" if style == "bcast" else style)
                x = view_of(base, off, shape, st)
                want = np.ascontiguousarray(x)
                total = int(np.prod(shape)) if nd else 1
                p = [nd] + list(shape) + [0] * (8 - nd) + st + [0] * (8 - nd)
                p += [0] * (33 - len(p)) + [off]
                c = Case(K_COPY, 0, DT[dt], 0, p, [base], total * dt.itemsize)
                c.check = checker_exact(want)
                c.desc = "copy %s %s %s" % (dt, shape, style)
                cases.append(c)
    c = Case(K_COPY, 0, DT[BOOL], 0, [9] + [1] * 9, [np.zeros(1, BOOL)], 1)
    c.want_rc = EINVAL
    c.desc = "copy ndim 9"
    cases.append(c)


# ------------------------------------------------------------ reductions

def red_out_dtypes(op, dt):
    """(out_dt, numpy kwargs) pairs to test for op on dt."""
    i64, u64, f64 = np.dtype(np.int64), np.dtype(np.uint64), np.dtype(np.float64)
    if op in ("SUM", "PROD"):
        if dt == BOOL:
            return [i64, BOOL]
        if dt.kind == "i":
            return [i64, dt, f64]
        if dt.kind == "u":
            return [u64, dt]
        if dt == np.dtype(np.float32):
            return [dt, f64]
        return [dt]
    if op == "MEAN":
        if dt.kind == "f":
            return [dt] + ([f64] if dt.itemsize == 4 else [])
        return [f64]
    if op in ("MAX", "MIN"):
        return [dt]
    if op in ("ARGMAX", "ARGMIN"):
        return [i64, np.dtype(np.int32)]
    return [BOOL]


def np_reduce(op, x3, out_dt):
    with np.errstate(all="ignore"):
        if op == "SUM":
            if out_dt == BOOL:
                return np.any(x3, axis=1)
            return np.sum(x3, axis=1, dtype=out_dt)
        if op == "PROD":
            if out_dt == BOOL:
                return np.all(x3, axis=1)
            return np.prod(x3, axis=1, dtype=out_dt)
        if op == "MEAN":
            if x3.dtype == np.float16 and out_dt == np.float16:
                return np.mean(x3, axis=1)
            return np.mean(x3, axis=1, dtype=out_dt).astype(out_dt)
        if op == "MAX":
            return np.max(x3, axis=1)
        if op == "MIN":
            return np.min(x3, axis=1)
        if op == "ARGMAX":
            return np.argmax(x3, axis=1).astype(out_dt)
        if op == "ARGMIN":
            return np.argmin(x3, axis=1).astype(out_dt)
        if op == "ANY":
            return np.any(x3, axis=1)
        return np.all(x3, axis=1)


def gen_reduce(rng, cases):
    shapes = [(1, 1, 1), (1, 7, 1), (3, 5, 1), (2, 4, 3), (1, 130, 1),
              (2, 1000, 1), (1, 300, 7), (4, 3, 300), (1, 20000, 1),
              (2, 9000, 1), (1, 0, 1), (3, 0, 2), (0, 5, 3), (5, 33, 2),
              (1, 8193, 1), (3, 129, 1)]
    for op_i, op in enumerate(REDOPS):
        for dt in ALL:
            for out_dt in red_out_dtypes(op, dt):
                for (outer, r, inner) in shapes:
                    n = outer * r * inner
                    if n > 5000 and dt.kind not in "f" and op not in ("SUM", "MAX", "ARGMAX"):
                        continue
                    if op == "PROD" and dt.kind == "f":
                        x = rng.uniform(0.9, 1.1, n).astype(dt)
                        if n and rng.random() < 0.2:
                            x[int(rng.integers(0, n))] = np.nan
                    elif op in ("MAX", "MIN", "ARGMAX", "ARGMIN") and dt.kind in "iu":
                        x = rng.integers(0, 4, n).astype(dt)  # many ties
                        if dt.kind == "i" and n:
                            x -= dt.type(2)
                    elif op in ("ANY", "ALL") and dt != BOOL:
                        x = (rng.random(n) < 0.95).astype(dt) if op == "ALL" \
                            else (rng.random(n) < 0.02).astype(dt)
                        if dt.kind == "f" and n:
                            x[rng.random(n) < 0.01] = np.nan
                    else:
                        x = rand_vals(rng, dt, n)
                        if dt.kind == "f" and op in ("SUM", "MEAN") and n:
                            x = (rng.standard_normal(n) * 1000 + 1e4).astype(dt)
                            if dt == np.dtype(np.float16):
                                x = rng.standard_normal(n).astype(dt)
                    if (op in ("MAX", "MIN", "ARGMAX", "ARGMIN") and dt.kind == "f"
                            and n and rng.random() < 0.5):
                        m = rng.random(n) < 0.01
                        x[m] = np.nan
                    x3 = x.reshape(outer, r, inner)
                    if r == 0 and op in ("MAX", "MIN", "ARGMAX", "ARGMIN"):
                        c = Case(K_REDUCE, op_i, DT[dt], DT[out_dt],
                                 [outer, r, inner], [x], 16)
                        c.want_rc = EINVAL if outer * inner else 0
                        c.desc = "reduce %s %s empty" % (op, dt)
                        if outer * inner == 0:
                            c.out_nbytes = 0
                        cases.append(c)
                        continue
                    want = np.asarray(np_reduce(op, x3, out_dt))
                    want = want.reshape(outer, inner)
                    c = Case(K_REDUCE, op_i, DT[dt], DT[out_dt],
                             [outer, r, inner], [x],
                             want.size * want.dtype.itemsize)
                    c.check = checker_exact(want)
                    c.desc = "reduce %s %s -> %s [%d, %d, %d]" % (
                        op, dt, out_dt, outer, r, inner)
                    cases.append(c)
    for op, dt, out_dt in (("MEAN", np.dtype(np.int32), np.dtype(np.int32)),
                           ("ANY", np.dtype(np.int32), np.dtype(np.int32)),
                           ("MAX", np.dtype(np.int32), np.dtype(np.int64)),
                           ("ARGMAX", np.dtype(np.int32), np.dtype(np.float32))):
        c = Case(K_REDUCE, REDOPS.index(op), DT[dt], DT[out_dt], [1, 3, 1],
                 [np.zeros(3, dt)], 8)
        c.want_rc = EINVAL
        c.desc = "reduce %s %s -> %s unsupported" % (op, dt, out_dt)
        cases.append(c)


# ------------------------------------------------------------ softmax

def gen_softmax(rng, cases):
    for dt in FLOATS:
        for lg in (0, 1):
            for (outer, n, inner) in [(1, 1, 1), (1, 10, 1), (4, 33, 1),
                                      (2, 5, 3), (3, 7, 300), (1, 1000, 1),
                                      (0, 3, 1), (2, 0, 2)]:
                x = (rng.standard_normal(outer * n * inner) * 3).astype(dt)
                x3 = x.reshape(outer, n, inner).astype(np.float64)
                with np.errstate(all="ignore"):
                    mx = x3.max(axis=1, keepdims=True) if n else x3
                    e = np.exp(x3 - mx)
                    s = e.sum(axis=1, keepdims=True)
                    want = (x3 - mx) - np.log(s) if lg else e / s
                want = want.astype(dt)
                c = Case(K_SOFTMAX, lg, DT[dt], DT[dt], [outer, n, inner], [x],
                         x.size * dt.itemsize)
                tol = TOL[("softmax", dkind(dt))]
                if lg:  # absolute: eps * (|x - max| + log(sum)) scale
                    ex = want.astype(np.float64)
                    bound = tol * np.finfo(dt).eps * (np.abs(ex) + 1.0)
                    c.check = checker_bound(ex.astype(np.longdouble),
                                            bound.astype(np.longdouble), dt)
                else:
                    c.check = checker_ulp(want, tol)
                c.desc = "softmax log=%d %s [%d, %d, %d]" % (lg, dt, outer, n, inner)
                cases.append(c)
    c = Case(K_SOFTMAX, 0, DT[np.dtype(np.int32)], 0, [1, 2, 1],
             [np.zeros(2, np.int32)], 8)
    c.want_rc = EINVAL
    c.desc = "softmax int32"
    cases.append(c)


# ------------------------------------------------------------ matmul, gemm

def mm_bound(A, B, K, dt, extra=None, alpha=1.0):
    """exact product (longdouble) and (K+2) eps |alpha| |A||B| bound."""
    ex = np.matmul(A.astype(np.longdouble), B.astype(np.longdouble))
    mag = np.matmul(np.abs(A).astype(np.longdouble),
                    np.abs(B).astype(np.longdouble)) * abs(alpha)
    eps = np.longdouble(np.finfo(dt).eps)
    bound = (K + 2) * eps * mag
    if extra is not None:
        bound = bound + extra
    # results that underflow: allow the smallest normal
    return ex, bound + np.longdouble(np.finfo(dt).tiny) * 4


def gen_matmul(rng, cases):
    shapes = [(1, 1, 1, 1), (1, 7, 17, 65), (2, 3, 5, 4), (3, 17, 7, 1),
              (1, 65, 1, 17), (2, 0, 3, 4), (1, 4, 0, 3), (1, 3, 4, 0),
              (2, 33, 70, 40), (1, 64, 100, 130), (0, 2, 2, 2)]
    for dt in ALL:
        for (batch, M, N, K) in shapes:
            if dt.kind != "f" and M * N * K > 50000:
                continue
            for ta in (0, 1):
                for tb in (0, 1):
                    bca = rng.random() < 0.2
                    bcb = not bca and rng.random() < 0.2
                    if dt.kind == "f":
                        A = rng.standard_normal((1 if bca else batch, M, K)).astype(dt)
                        B = rng.standard_normal((1 if bcb else batch, K, N)).astype(dt)
                    elif dt == BOOL:
                        A = rng.random((1 if bca else batch, M, K)) < 0.3
                        B = rng.random((1 if bcb else batch, K, N)) < 0.3
                    else:
                        A = rand_vals(rng, dt, (1 if bca else batch) * M * K).reshape(
                            (1 if bca else batch, M, K))
                        B = rand_vals(rng, dt, (1 if bcb else batch) * K * N).reshape(
                            (1 if bcb else batch, K, N))
                    Ast = np.ascontiguousarray(A.transpose(0, 2, 1)) if ta else A
                    Bst = np.ascontiguousarray(B.transpose(0, 2, 1)) if tb else B
                    with np.errstate(all="ignore"):
                        Ab = np.broadcast_to(A, (batch, M, K))
                        Bb = np.broadcast_to(B, (batch, K, N))
                        if dt == BOOL or dt.kind in "iu":
                            want = np.matmul(Ab, Bb)
                        else:
                            want = np.matmul(Ab, Bb)
                    use_ws = int(rng.random() < 0.7)
                    p = [ta, tb, batch, M, N, K, 0 if bca else M * K,
                         0 if bcb else K * N, use_ws]
                    c = Case(K_MATMUL, 0, DT[dt], 0, p, [Ast, Bst],
                             batch * M * N * dt.itemsize)
                    if dt in (np.dtype(np.float32), np.dtype(np.float64)):
                        ex, bound = mm_bound(Ab, Bb, K, dt)
                        c.check = checker_bound(ex, bound, dt)
                    else:
                        c.check = checker_exact(want.astype(dt))
                    c.desc = "matmul %s ta=%d tb=%d batch=%d M=%d N=%d K=%d ws=%d%s%s" % (
                        dt, ta, tb, batch, M, N, K, use_ws,
                        " bcastA" if bca else "", " bcastB" if bcb else "")
                    cases.append(c)


def gen_gemm(rng, cases):
    dims = [1, 2, 5, 7, 16, 17, 65, 100]
    combos = [(m, n, k) for m in dims for n in dims for k in dims]
    rng.shuffle(combos)
    combos = combos[:120] + [(64, 512, 784), (200, 300, 600), (7, 4100, 3),
                             (170, 33, 257), (1, 784, 512), (1, 1, 300),
                             (13, 4097, 5), (337, 17, 1), (64, 10, 512)]
    for dt in (np.dtype(np.float32), np.dtype(np.float64)):
        for (M, N, K) in combos:
            ta, tb = int(rng.integers(0, 2)), int(rng.integers(0, 2))
            pad = [0, 0, 0] if rng.random() < 0.5 else list(rng.integers(0, 5, 3))
            alpha, beta = [(1.0, 0.0), (1.0, 1.0), (0.5, -2.0), (-1.5, 0.0),
                           (0.0, 0.5), (2.0, 1.0)][int(rng.integers(0, 6))]
            lda = (M if ta else K) + int(pad[0])
            ldb = (K if tb else N) + int(pad[1])
            ldc = N + int(pad[2])
            rowsA = K if ta else M
            rowsB = N if tb else K
            Abuf = rng.standard_normal(rowsA * lda).astype(dt)
            Bbuf = rng.standard_normal(rowsB * ldb).astype(dt)
            Cbuf = rng.standard_normal(M * ldc).astype(dt)
            if beta == 0.0 and rng.random() < 0.5:
                Cbuf[:] = np.nan  # beta == 0: C must not be read
            A = Abuf.reshape(rowsA, lda)[:, :(M if ta else K)]
            B = Bbuf.reshape(rowsB, ldb)[:, :(K if tb else N)]
            opA = A.T if ta else A
            opB = B.T if tb else B
            C0 = Cbuf.reshape(M, ldc)
            ex, bound = mm_bound(opA, opB, K, dt, alpha=alpha)
            ex = ex * np.longdouble(alpha)
            c0 = C0[:, :N].astype(np.longdouble)
            if beta != 0.0:
                ex = ex + np.longdouble(beta) * c0
                bound = bound + 2 * np.longdouble(np.finfo(dt).eps) * np.abs(
                    np.longdouble(beta) * c0)
            full_ex = C0.astype(np.longdouble).copy()
            full_bd = np.zeros_like(full_ex)
            full_ex[:, :N] = ex
            full_bd[:, :N] = bound
            use_ws = int(rng.random() < 0.75)
            misalign = int(use_ws and rng.random() < 0.3)
            p = [ta, tb, M, N, K, lda, ldb, ldc, use_ws, misalign]
            c = Case(K_GEMM, 0, DT[dt], 0, p, [Abuf, Bbuf, Cbuf],
                     Cbuf.size * dt.itemsize, (alpha, beta, 0.0, 0.0))
            c.check = checker_bound(full_ex, full_bd, dt)
            c.desc = "gemm %s ta=%d tb=%d M=%d N=%d K=%d ld=%d,%d,%d alpha=%g beta=%g ws=%d%s" % (
                dt, ta, tb, M, N, K, lda, ldb, ldc, alpha, beta, use_ws,
                " misaligned" if misalign else "")
            cases.append(c)


# ------------------------------------------------------------ main

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("driver")
    ap.add_argument("workdir")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--show", type=int, default=10)
    ap.add_argument("--only", choices=KIND_NAMES)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    cases = []
    gens = [("binary", gen_binary), ("unary", gen_unary), ("cast", gen_cast),
            ("copy", gen_copy), ("reduce", gen_reduce),
            ("softmax", gen_softmax), ("matmul", gen_matmul),
            ("gemm", gen_gemm)]
    for name, g in gens:
        if args.only is None or args.only == name:
            g(rng, cases)
    path = os.path.join(args.workdir, "cases.bin")
    with open(path, "wb") as f:
        for c in cases:
            f.write(c.pack())
    r = subprocess.run([args.driver, path], stdout=subprocess.PIPE)
    data = r.stdout
    pos = 0
    passed = failed = 0
    shown = 0
    per_kind = {}
    for i, c in enumerate(cases):
        msg = None
        if pos + 12 > len(data):
            msg = "driver produced no result (exit %d)" % r.returncode
        else:
            rc, nb = struct.unpack_from("<iQ", data, pos)
            pos += 12
            raw = data[pos:pos + nb]
            pos += nb
            if rc != c.want_rc:
                msg = "rc %d, want %d" % (rc, c.want_rc)
            elif rc == 0 and c.check is not None:
                msg = c.check(raw)
        k = per_kind.setdefault(KIND_NAMES[c.kind], [0, 0])
        if msg:
            failed += 1
            k[1] += 1
            if shown < args.show:
                print("FAIL %s: %s" % (c.desc, msg))
                shown += 1
        else:
            passed += 1
            k[0] += 1
    for name in KIND_NAMES:
        if name in per_kind:
            print("  %-8s %5d passed, %d failed" % (name, *per_kind[name]))
    if r.returncode != 0:
        print("driver exited with %d" % r.returncode)
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
