# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s --msc "%msc" --out %t
#
# Fusion end to end through C generation: each case is a .mir graph built by
# Inputs/mirgen.py with a numpy reference. The test emits its C twice,
#   unfused: msc opt --emit-c
#   fused:   msc opt --verify-each --passes=fuse-epilogue,fuse-elementwise --emit-c
# checks that the fused C has the expected number of Fusion nodes (and the
# msrt_*_ep calls / one loop nest), compiles both with gcc AND clang under
# -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror, runs both on the
# same inputs and requires
#   1. the fused outputs BYTE-IDENTICAL to the unfused ones (fusion changes
#      no rounding: NaN, inf, -0 included), and
#   2. both close to numpy (float64 reference).
import argparse
import os
import re
import shlex
import subprocess
import sys
import warnings
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, 'Inputs'))
from mirgen import DT, Graph, c_main, runtime_objs  # noqa: E402

CFLAGS = ['-std=c99', '-Wall', '-Wextra', '-Wpedantic', '-Wconversion', '-Werror']
TOL = {'Float32': (2e-5, 1e-6), 'Float64': (1e-11, 1e-13)}
CASES = []


def case(nfused, *must):
    def deco(fn):
        CASES.append((fn, nfused, must))
        return fn
    return deco


def rng(name):
    return np.random.default_rng(zlib.crc32(name.encode()))


def data(r, dt, shape, lo=-2.0, hi=2.0):
    return r.uniform(lo, hi, size=shape).astype(DT[dt])


def f64(a):
    return np.asarray(a, np.float64)


def q(f, *a):
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return f(*a)


def erf(x):
    import math
    return np.vectorize(math.erf)(f64(x))


def sigmoid(x):
    return 1 / (1 + np.exp(-f64(x)))


def gelu(x):
    return 0.5 * f64(x) * (1 + erf(f64(x) / np.sqrt(2)))


def conv2d(x, w, stride, pad):
    x = np.pad(f64(x), ((0, 0), (0, 0), (pad[0], pad[1]), (pad[2], pad[3])))
    n, c, h, wd = x.shape
    co, ci, kh, kw = w.shape
    oh, ow = (h - kh) // stride[0] + 1, (wd - kw) // stride[1] + 1
    out = np.zeros((n, co, oh, ow))
    for i in range(oh):
        for j in range(ow):
            patch = x[:, :, i * stride[0]:i * stride[0] + kh, j * stride[1]:j * stride[1] + kw]
            out[:, :, i, j] = np.tensordot(patch, f64(w), axes=([1, 2, 3], [1, 2, 3]))
    return out


# ---- epilogue ----------------------------------------------------------------

@case(1, 'msrt_matmul_ep(MSRT_FLOAT32, 0, 1,', 'MSRT_RELU}')
def dense_relu():
    g = Graph('dense_relu')
    r = rng('dense_relu')
    x = g.param('x', 'Float32', data(r, 'Float32', (4, 6)))
    w = g.param('w', 'Float32', data(r, 'Float32', (5, 6)), parameter=True)
    b = g.param('b', 'Float32', data(r, 'Float32', (5,)), parameter=True)
    lw, lb = g.load(w), g.load(b)
    y = g.node('MatMul', [x, lw], 'Float32', f64(x.value) @ f64(w.value).T, [('transpose_b', True)])
    z = g.node('BiasAdd', [y, lb], 'Float32', y.value + b.value)
    g.ret_(g.node('ReLU', [z], 'Float32', np.maximum(z.value, 0)))
    return g


@case(1, 'msrt_matmul_ep(MSRT_FLOAT64, 1, 0,', 'MSRT_GELU}')
def matmul_add_gelu_f64():
    g = Graph('matmul_add_gelu_f64')
    r = rng('matmul_add_gelu_f64')
    a = g.param('a', 'Float64', data(r, 'Float64', (7, 3)))
    bm = g.param('bm', 'Float64', data(r, 'Float64', (7, 5)))
    bias = g.param('bias', 'Float64', data(r, 'Float64', (5,)))
    y = g.node('MatMul', [a, bm], 'Float64', f64(a.value).T @ f64(bm.value), [('transpose_a', True)])
    z = g.node('Add', [y, bias], 'Float64', y.value + bias.value)
    g.ret_(g.node('GeLU', [z], 'Float64', gelu(z.value)))
    return g


@case(1, 'msrt_matmul_ep(MSRT_FLOAT32, 1, 1,', '{(const void *)0, MSRT_TANH}')
def matmul_tanh():
    g = Graph('matmul_tanh')
    r = rng('matmul_tanh')
    a = g.param('a', 'Float32', data(r, 'Float32', (3, 4)))
    b = g.param('b', 'Float32', data(r, 'Float32', (2, 3)))
    y = g.node('MatMul', [a, b], 'Float32', f64(a.value).T @ f64(b.value).T,
               [('transpose_a', True), ('transpose_b', True)])
    g.ret_(g.node('Tanh', [y], 'Float32', np.tanh(y.value)))
    return g


@case(1, 'msrt_conv2d_ep(MSRT_FLOAT32', 'MSRT_RELU}')
def conv_bias_relu():
    g = Graph('conv_bias_relu')
    r = rng('conv_bias_relu')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3, 6, 5)))
    w = g.param('w', 'Float32', data(r, 'Float32', (4, 3, 3, 3)), parameter=True)
    b = g.param('b', 'Float32', data(r, 'Float32', (4,)), parameter=True)
    lw, lb = g.load(w), g.load(b)
    y = g.node('Conv2D', [x, lw], 'Float32', conv2d(x.value, w.value, (2, 1), (1, 1, 0, 2)),
               [('stride', (2, 1)), ('pad', (1, 1, 0, 2)), ('dilation', (1, 1)), ('group', 1)])
    z = g.node('BiasAdd', [y, lb], 'Float32', y.value + b.value.reshape(1, 4, 1, 1))
    g.ret_(g.node('ReLU', [z], 'Float32', np.maximum(z.value, 0)))
    return g


@case(1, 'msrt_conv2d_ep(MSRT_FLOAT64', '{(const void *)0, MSRT_SILU}')
def conv_silu_f64():
    g = Graph('conv_silu_f64')
    r = rng('conv_silu_f64')
    x = g.param('x', 'Float64', data(r, 'Float64', (1, 2, 5, 5)))
    w = g.param('w', 'Float64', data(r, 'Float64', (3, 2, 2, 2)))
    y = g.node('Conv2D', [x, w], 'Float64', conv2d(x.value, w.value, (1, 1), (0, 0, 0, 0)),
               [('stride', (1, 1)), ('pad', (0, 0, 0, 0)), ('dilation', (1, 1)), ('group', 1)])
    g.ret_(g.node('SiLU', [y], 'Float64', y.value * sigmoid(y.value)))
    return g


# ---- elementwise -------------------------------------------------------------

@case(1, 'for (i0 = 0; i0 < 2; i0++)', 'a1 = p1[i1]')
def ew_chain_bcast():
    # five ops, a bias broadcast over the rows, a 0-d constant inside
    g = Graph('ew_chain_bcast')
    r = rng('ew_chain_bcast')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3)))
    b = g.param('b', 'Float32', data(r, 'Float32', (3,)))
    c = g.const('Float32', 2.0)
    h = g.const('Float32', 1.5)
    y = g.node('Mul', [x, c], 'Float32', x.value * 2)
    y = g.node('Add', [y, b], 'Float32', y.value + b.value)
    y = g.node('ReLU', [y], 'Float32', np.maximum(y.value, 0))
    y = g.node('Sub', [y, h], 'Float32', y.value - 1.5)
    g.ret_(g.node('Sigmoid', [y], 'Float32', sigmoid(y.value)))
    return g


SPECIAL = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-30, -3.5, 40.0, -40.0, 0.5, 2.0]


@case(1)
def ew_special_f32():
    # NaN/inf/-0 through Maximum/Minimum (NaN from either side), ReLU, Abs,
    # Neg, Square, Div, Reciprocal, Rsqrt, Sqrt, Exp, Log, Sigmoid, Tanh,
    # SiLU, GeLU, Erf
    g = Graph('ew_special_f32')
    xv = np.array(SPECIAL, np.float32).reshape(3, 4)
    yv = np.array(SPECIAL[::-1], np.float32).reshape(3, 4)
    x = g.param('x', 'Float32', xv)
    y = g.param('y', 'Float32', yv)
    X, Y = f64(xv), f64(yv)
    a = g.node('Maximum', [x, y], 'Float32', q(np.maximum, X, Y))
    b = g.node('Minimum', [y, x], 'Float32', q(np.minimum, Y, X))
    s = g.node('Sub', [a, b], 'Float32', q(np.subtract, a.value, b.value))
    rl = g.node('ReLU', [s], 'Float32', q(np.maximum, s.value, 0))
    ab = g.node('Abs', [x], 'Float32', np.abs(X))
    ng = g.node('Neg', [ab], 'Float32', -ab.value)
    sq = g.node('Square', [ng], 'Float32', q(np.square, ng.value))
    dv = g.node('RealDiv', [rl, sq], 'Float32', q(np.true_divide, rl.value, sq.value))
    rc = g.node('Reciprocal', [dv], 'Float32', q(np.true_divide, 1, dv.value))
    rs = g.node('Rsqrt', [rc], 'Float32', q(lambda v: 1 / np.sqrt(v), rc.value))
    sg = g.node('Sigmoid', [rs], 'Float32', q(sigmoid, rs.value))
    th = g.node('Tanh', [y], 'Float32', np.tanh(Y))
    si = g.node('SiLU', [th], 'Float32', th.value * sigmoid(th.value))
    ge = g.node('GeLU', [si], 'Float32', gelu(si.value))
    ef = g.node('Erf', [ge], 'Float32', erf(ge.value))
    ex = g.node('Exp', [ef], 'Float32', np.exp(ef.value))
    lg = g.node('Log', [ex], 'Float32', q(np.log, ex.value))
    sq2 = g.node('Sqrt', [lg], 'Float32', q(np.sqrt, lg.value))
    g.ret_(g.node('Mul', [sg, sq2], 'Float32', q(np.multiply, sg.value, sq2.value)))
    g.tol = 'loose'
    return g


@case(2, 'int64_t i0, i1, i2;')
def ew_bcast_f64():
    # both operands broadcast: (3,1,4) op (1,5,4) -> (3,5,4); float64 math;
    # %w has two uses: it ends the first group; Ceil(y), Log1p(x) have other
    # shapes and stay outside as single ops
    g = Graph('ew_bcast_f64')
    r = rng('ew_bcast_f64')
    x = g.param('x', 'Float64', data(r, 'Float64', (3, 1, 4)))
    y = g.param('y', 'Float64', data(r, 'Float64', (1, 5, 4)))
    X, Y = f64(x.value), f64(y.value)
    a = g.node('Add', [x, y], 'Float64', X + Y)
    m = g.node('Div', [a, y], 'Float64', a.value / Y)
    e = g.node('Expm1', [m], 'Float64', np.expm1(m.value))
    l1 = g.node('Log1p', [x], 'Float64', q(np.log1p, X))
    w = g.node('Sub', [e, l1], 'Float64', q(np.subtract, e.value, l1.value))
    fl = g.node('Floor', [w], 'Float64', np.floor(w.value))
    ce = g.node('Ceil', [y], 'Float64', np.ceil(Y))
    tr = g.node('Trunc', [w], 'Float64', np.trunc(w.value))
    s = g.node('Sin', [fl], 'Float64', np.sin(fl.value))
    c = g.node('Cos', [tr], 'Float64', np.cos(tr.value))
    t = g.node('Add', [s, c], 'Float64', s.value + c.value)
    g.ret_(g.node('Maximum', [t, ce], 'Float64', np.maximum(t.value, ce.value)))
    g.tol = 'loose'
    return g


def sign_ref(v):
    # kernels.c sign_f32/f64: 1, -1, 0 for +-0, NaN stays NaN
    return np.where(v > 0, 1.0, np.where(v < 0, -1.0, np.where(v == 0, 0.0, v)))


@case(1, 'msrt_sign_f32(')
def ew_relu_grad_sign():
    # ReLU's gradient as passes/grad.c builds it, dy * Sign(relu(x)), fused
    # into one loop; special values (NaN, +-inf, +-0, tiny) included
    g = Graph('ew_relu_grad_sign')
    xv = np.array(SPECIAL, np.float32).reshape(3, 4)
    dv = np.array(SPECIAL[::-1], np.float32).reshape(3, 4)
    x = g.param('x', 'Float32', xv)
    dy = g.param('dy', 'Float32', dv)
    X = f64(xv)
    r = g.node('ReLU', [x], 'Float32', q(np.maximum, X, 0))
    sg = g.node('Sign', [r], 'Float32', sign_ref(r.value))
    g.ret_(g.node('Mul', [dy, sg], 'Float32', q(np.multiply, f64(dv), sg.value)))
    return g


@case(1, 'msrt_sign_f64(')
def ew_sign_f64():
    g = Graph('ew_sign_f64')
    xv = np.array(SPECIAL, np.float64).reshape(3, 4)
    x = g.param('x', 'Float64', xv)
    sg = g.node('Sign', [x], 'Float64', sign_ref(xv))
    g.ret_(g.node('Add', [sg, x], 'Float64', q(np.add, sg.value, xv)))
    return g


@case(2)
def two_groups_shared():
    # %z has two uses: it ends one group and feeds two branches of another
    g = Graph('two_groups_shared')
    r = rng('two_groups_shared')
    x = g.param('x', 'Float32', data(r, 'Float32', (4, 4)))
    a = g.node('Exp', [x], 'Float32', np.exp(f64(x.value)))
    z = g.node('Mul', [a, x], 'Float32', a.value * f64(x.value))
    s = g.node('Sigmoid', [z], 'Float32', sigmoid(z.value))
    t = g.node('Tanh', [z], 'Float32', np.tanh(z.value))
    g.ret_(g.node('Mul', [s, t], 'Float32', s.value * t.value))
    return g


# ---- optimizer updates -----------------------------------------------------
# Adam's update of one Parameter (nn.Adam's formulas): m and v are stored
# and read again by p's update; each of m, v, p is computed into its
# Parameter, and C generation runs the three Fusions as one loop
# (codegen/emit.c emit_updates) unless an array may overlap one it writes:
# a gradient that is a graph input (the caller's buffer) keeps them apart.
# The final Parameters are checked against numpy (g.final).

def _adam(name, dt, shape, grad_input):
    g = Graph(name)
    r = rng(name)
    x = g.param('x', dt, data(r, dt, shape))
    p = g.param('p', dt, data(r, dt, shape), parameter=True)
    m = g.param('m', dt, data(r, dt, shape, -0.1, 0.1), parameter=True)
    v = g.param('v', dt, data(r, dt, shape, 0.0, 0.1), parameter=True)
    lr = g.param('lr', dt, data(r, dt, (), 0.01, 0.02), parameter=True)
    lp, lm, lv, llr = g.load(p), g.load(m), g.load(v), g.load(lr)
    T = DT[dt]

    def k(val):
        return g.const(dt, np.full((), val, T))
    gr = x if grad_input else g.node('Mul', [x, k(0.5)], dt, x.value * T(0.5))
    d = g.node('Sub', [gr, lm], dt, gr.value - m.value)
    e = g.node('Mul', [d, k(0.1)], dt, d.value * T(0.1))
    m2 = g.node('Add', [lm, e], dt, m.value + e.value)
    sq = g.node('Mul', [gr, gr], dt, gr.value * gr.value)
    f = g.node('Sub', [sq, lv], dt, sq.value - v.value)
    h = g.node('Mul', [f, k(0.001)], dt, f.value * T(0.001))
    v2 = g.node('Add', [lv, h], dt, v.value + h.value)
    g.assign(m, m2)
    g.assign(v, v2)
    s = g.node('Sqrt', [v2], dt, np.sqrt(v2.value))
    t = g.node('Add', [s, k(1e-8)], dt, s.value + T(1e-8))
    u = g.node('RealDiv', [m2, t], dt, m2.value / t.value)
    w = g.node('Mul', [llr, u], dt, lr.value * u.value)
    p2 = g.node('Sub', [lp, w], dt, p.value - w.value)
    g.assign(p, p2)
    g.ret_(g.node('Neg', [x], dt, -x.value))
    g.final = {'p': p2.value, 'm': m2.value, 'v': v2.value}
    return g


@case(3, 'static void msc_adam_f32_f', '(float *restrict q0, ', 'for (i0 = 0; i0 < 24; i0++) {', 'const float a2 = s')
def adam_f32():
    return _adam('adam_f32', 'Float32', (4, 6), False)


@case(3, 'for (i0 = 0; i0 < 15; i0++) {', '(double *restrict q0, ')
def adam_f64():
    return _adam('adam_f64', 'Float64', (3, 5), False)


@case(3, 'const float *restrict p0')
def adam_grad_input():
    return _adam('adam_grad_input', 'Float32', (8,), True)


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def canon_nan(g, raw):
    """raw with every float NaN made the one quiet NaN: the sign of a NaN
    result is not specified by IEEE 754 for * and + and a C compiler may
    commute their operands in one loop and not in another; every other bit
    must be the same."""
    parts, pos = [raw[:4]], 4
    for v in list(g.outs) + [v for _, v in g.params if v.ref]:
        a = np.frombuffer(raw[pos:pos + v.value.nbytes], dtype=v.value.dtype).copy()
        if a.dtype.kind == 'f':
            a[np.isnan(a)] = np.nan
        parts.append(a.tobytes())
        pos += v.value.nbytes
    return b''.join(parts)


def build_and_run(graphs, key, out, failures):
    """Compiles the `key` C of every graph (gcc and clang, strict), links a
    harness, runs it; returns the raw output bytes per graph."""
    inc = ['-I', os.path.join(REPO, 'runtime')]
    allc = os.path.join(out, 'all_%s.c' % key)
    with open(allc, 'w') as f:
        for g in graphs:
            f.write(g.c[key])
    for cc in ('gcc', 'clang'):
        p = sh([cc] + CFLAGS + inc + ['-c', allc, '-o', os.path.join(out, '%s_%s.o' % (key, cc))])
        if p.returncode:
            failures.append('%s rejects the %s C:\n%s' % (cc, key, p.stderr.decode()[:4000]))
            return None
    for g in graphs:
        g.ws_size = g.ws[key]
    mainc = os.path.join(out, 'main_%s.c' % key)
    with open(mainc, 'w') as f:
        f.write(c_main(graphs))
    prog = os.path.join(out, 'prog_%s' % key)
    p = sh(['gcc', '-std=c11', '-O1', '-w'] + inc + [allc, mainc] + runtime_objs(REPO, out) + ['-lm', '-o', prog])
    if p.returncode:
        failures.append('linking the %s harness failed:\n%s' % (key, p.stderr.decode()[:4000]))
        return None
    inb = os.path.join(out, 'in.bin')
    with open(inb, 'wb') as f:
        for g in graphs:
            for _, v in g.params:
                f.write(np.ascontiguousarray(v.value).tobytes())
    outb = os.path.join(out, 'out_%s.bin' % key)
    p = sh([prog, inb, outb])
    if p.returncode:
        failures.append('the %s harness failed (status %d):\n%s' % (key, p.returncode, p.stderr.decode()))
        return None
    raw = open(outb, 'rb').read()
    res, pos = {}, 0
    for g in graphs:
        n = 4 + sum(v.value.nbytes for v in g.outs) + sum(v.value.nbytes for _, v in g.params if v.ref)
        res[g.name] = raw[pos:pos + n]
        pos += n
    if pos != len(raw):
        failures.append('%s harness output has %d bytes, expected %d' % (key, len(raw), pos))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--msc', required=True)
    ap.add_argument('--out', required=True)
    args = ap.parse_args()
    msc = shlex.split(args.msc)
    out = args.out
    os.makedirs(out, exist_ok=True)
    failures = []
    graphs = []
    for build, nfused, must in CASES:
        g = build()
        g.c, g.ws = {}, {}
        mir = os.path.join(out, g.name + '.mir')
        with open(mir, 'w') as f:
            f.write(g.text())
        for key, extra in (('unfused', []), ('fused', ['--passes=fuse-epilogue,fuse-elementwise'])):
            p = sh(msc + ['opt', '--verify-each'] + extra + ['--emit-c', mir])
            if p.returncode:
                failures.append('%s: msc opt %s --emit-c failed:\n%s' % (g.name, ' '.join(extra), p.stderr.decode()))
                continue
            g.c[key] = p.stdout.decode()
            m = re.search(r'ws +(\d+) bytes of workspace', g.c[key])
            g.ws[key] = int(m.group(1)) if m else 0
        if len(g.c) != 2:
            continue
        n = len(re.findall(r'/\* %\d+ = Fusion', g.c['fused']))
        if n != nfused:
            failures.append('%s: %d Fusion nodes in the fused C, expected %d' % (g.name, n, nfused))
        if 'Fusion' in g.c['unfused']:
            failures.append('%s: the unfused C has a Fusion' % g.name)
        for s in must:
            if s not in g.c['fused']:
                failures.append('%s: the fused C lacks %r:\n%s' % (g.name, s, g.c['fused']))
        graphs.append(g)
    if failures:
        print('\n'.join(failures))
        return 1
    res = {k: build_and_run(graphs, k, out, failures) for k in ('unfused', 'fused')}
    if failures:
        print('\n'.join(failures))
        return 1
    for g in graphs:
        a, b = canon_nan(g, res['unfused'][g.name]), canon_nan(g, res['fused'][g.name])
        if a != b:
            failures.append('%s: fused output bytes differ from the unfused ones' % g.name)
        rc = int(np.frombuffer(b, np.int32, count=1)[0])
        if rc:
            failures.append('%s: returned %d' % (g.name, rc))
        pos = 4
        for k, v in enumerate(g.outs):
            got = np.frombuffer(b, DT[v.dt], count=v.value.size, offset=pos).reshape(v.shape)
            pos += v.value.nbytes
            rtol, atol = TOL[v.dt]
            if g.tol == 'loose':  # long chains through exp/log: numpy in float64 differs more
                rtol, atol = 1e-4, 1e-5
            w = f64(v.value)
            ok = np.allclose(f64(got), w, rtol=rtol, atol=atol, equal_nan=True) and \
                np.array_equal(np.isnan(f64(got)), np.isnan(w))
            if not ok:
                failures.append('%s: output %d differs from numpy\n  got  %r\n  want %r' % (g.name, k, got, w))
        for name, v in g.params:  # Parameters, written back after the outputs
            if not v.ref:
                continue
            got = np.frombuffer(b, DT[v.dt], count=v.value.size, offset=pos).reshape(v.shape)
            pos += v.value.nbytes
            want = getattr(g, 'final', {}).get(name)
            rtol, atol = TOL[v.dt]
            if want is not None and not np.allclose(f64(got), f64(want), rtol=rtol, atol=atol):
                failures.append('%s: Parameter %s differs from numpy\n  got  %r\n  want %r' % (g.name, name, got, want))
    if failures:
        print('\n'.join(failures))
        return 1
    print('%d graphs: fused C byte-identical to unfused, both match numpy' % len(graphs))
    return 0


if __name__ == '__main__':
    sys.exit(main())
