# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s --msc "%msc" --out %t
#
# The memory plan (passes/memplan.c, read by codegen/emit.c) against numpy:
# graphs where views alias buffers, elementwise nodes write in place into
# their dying operand, a view of a Load keeps the value from before an
# Assign (a snapshot), values are computed straight into the Parameter an
# Assign updates or into an output, and buffers are reused. The driver of all_ops.py emits, compiles (gcc,
# clang, -Wconversion -Werror), runs and compares with numpy; then the C is
# checked for what the plan must (and must not) have done.
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import all_ops  # noqa: E402
from all_ops import Graph, data, f64, rng  # noqa: E402

all_ops.CASES[:] = []
EXPECT = {}  # case -> (in-place count, view count, arena or None)


def case(n_inplace, n_view, arena=None):
    def deco(fn):
        all_ops.CASES.append(fn)
        EXPECT[fn.__name__] = (n_inplace, n_view, arena)
        return fn
    return deco


@case(6, 0)
def mp_inplace_chain():
    # every elementwise step writes into the buffer of the step before
    g = Graph('mp_inplace_chain')
    r = rng('mp_inplace_chain')
    x = g.param('x', 'Float32', data(r, 'Float32', (4, 8)))
    k = g.const('Float32', data(r, 'Float32', (4,)))
    t = g.node('Transpose', [x], 'Float32', x.value.T, [('perm', (1, 0))])
    a = g.node('Neg', [t], 'Float32', -t.value)
    b = g.node('Exp', [a], 'Float32', np.exp(f64(a.value)))
    c = g.node('Add', [b, k], 'Float32', b.value + k.value)
    d = g.node('Cast', [c], 'Int32', (c.value * 1).astype(np.int32), [('dtype', 'Int32')])
    e = g.node('Cast', [d], 'Float32', d.value.astype(np.float32), [('dtype', 'Float32')])
    f = g.node('Mul', [e, e], 'Float32', e.value * e.value)
    g.ret_(g.node('Transpose', [f], 'Float32', f.value.T, [('perm', (1, 0))]))
    return g


@case(1, 0)
def mp_inplace_not():
    # t is still read after Neg (no in place there); Sub takes t's buffer;
    # a comparison (bool result) and a widening Cast never run in place
    g = Graph('mp_inplace_not')
    r = rng('mp_inplace_not')
    x = g.param('x', 'Float32', data(r, 'Float32', (3, 5)))
    t = g.node('Transpose', [x], 'Float32', x.value.T, [('perm', (1, 0))])
    a = g.node('Neg', [t], 'Float32', -t.value)
    b = g.node('Sub', [t, a], 'Float32', t.value - a.value)
    c = g.node('Greater', [b, g.const('Float32', 0.5)], 'Bool', b.value > 0.5)
    d = g.node('Cast', [b], 'Float64', b.value.astype(np.float64), [('dtype', 'Float64')])
    e = g.node('Neg', [x], 'Float32', -x.value)  # a param: never overwritten
    g.ret_(c, g.node('Neg', [d], 'Float64', -d.value), g.node('Abs', [e], 'Float32', np.abs(e.value)), x)
    return g


@case(1, 6)
def mp_views():
    # views of a param and of a workspace buffer (chained); the buffer
    # lives as long as its views; a view returned is copied to the output
    g = Graph('mp_views')
    r = rng('mp_views')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3, 4)))
    v = g.node('Reshape', [x], 'Float32', x.value.reshape(6, 4), [('shape', (6, 4))])
    a = g.node('Neg', [v], 'Float32', -v.value)
    rr = g.node('Reshape', [a], 'Float32', a.value.reshape(24), [('shape', (24,))])
    e = g.node('ExpandDims', [rr], 'Float32', rr.value[None], [('axis', 0)])
    b = g.node('Exp', [a], 'Float32', np.exp(f64(a.value)))  # a is read later through e
    s = g.node('Squeeze', [e], 'Float32', e.value.reshape(24), [])
    m = g.node('Mul', [s, s], 'Float32', s.value * s.value)  # a's buffer dies here
    i = g.node('Identity', [b], 'Float32', b.value)
    f = g.node('Flatten', [i], 'Float32', i.value.reshape(6, 4), [])
    out = g.node('Reshape', [m], 'Float32', m.value.reshape(4, 6), [('shape', (4, 6))])
    g.ret_(out, g.node('Transpose', [f], 'Float32', f.value.T, [('perm', (1, 0))]))
    return g


@case(0, 1)
def mp_snap_view():
    # a view of a Load of a Parameter the graph assigns later sees the
    # value from before the Assign
    g = Graph('mp_snap_view')
    r = rng('mp_snap_view')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3)))
    w = g.param('w', 'Float32', data(r, 'Float32', (2, 3)), parameter=True)
    old = g.load(w)
    v = g.node('Reshape', [old], 'Float32', w.value.reshape(3, 2), [('shape', (3, 2))])
    n = g.node('Neg', [x], 'Float32', -x.value)
    g.assign(w, n)
    g.ret_(g.node('Neg', [v], 'Float32', -v.value))
    g.final = {'w': n.value}
    return g


@case(0, 0, arena=64)
def mp_snapshot():
    # the first Load is read after the Assign: a copy (64 bytes of arena);
    # the second is read before it only: the Parameter's data; Exp of it
    # is computed straight into the Parameter (in place, elementwise)
    g = Graph('mp_snapshot')
    r = rng('mp_snapshot')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3)))
    w = g.param('w', 'Float32', data(r, 'Float32', (2, 3)), parameter=True)
    old = g.load(w)
    cur = g.load(w)
    e = g.node('Exp', [cur], 'Float32', np.exp(f64(w.value)))
    g.assign(w, e)
    g.ret_(g.node('Sub', [old, x], 'Float32', w.value - x.value))
    g.final = {'w': e.value}
    return g


@case(0, 0)
def mp_param_out_returned():
    # a value an Assign stores and the graph returns (through the Assign)
    # is computed into the output, and the Assign copies it into the
    # Parameter (before the plan, the Parameter was never written)
    g = Graph('mp_param_out_returned')
    r = rng('mp_param_out_returned')
    x = g.param('x', 'Float32', data(r, 'Float32', (2, 3)))
    w = g.param('w', 'Float32', data(r, 'Float32', (2, 3)), parameter=True)
    n = g.node('Neg', [x], 'Float32', -x.value)
    g.ret_(g.assign(w, n))
    g.final = {'w': n.value}
    return g


def _moment_graph(name, second_assign):
    # an optimizer's moment: m2 = m * 0.5 + x is stored into m and read
    # again by w's update w2 = w - m2 * 0.25 (also stored): m2 is computed
    # straight into m and the update reads it there; with second_assign, m
    # is assigned again before the update reads m2, so m2 keeps a buffer
    g = Graph(name)
    r = rng(name)
    x = g.param('x', 'Float32', data(r, 'Float32', (4, 8)))
    w = g.param('w', 'Float32', data(r, 'Float32', (4, 8)), parameter=True)
    m = g.param('m', 'Float32', data(r, 'Float32', (4, 8)), parameter=True)
    lm, lw = g.load(m), g.load(w)
    f32 = np.float32
    a = g.node('Mul', [lm, g.const('Float32', np.full((4, 8), 0.5))], 'Float32', m.value * f32(0.5))
    m2 = g.node('Add', [a, x], 'Float32', a.value + x.value)
    g.assign(m, m2)
    if second_assign:
        g.assign(m, a)
    d = g.node('Mul', [m2, g.const('Float32', np.full((4, 8), 0.25))], 'Float32', m2.value * f32(0.25))
    w2 = g.node('Sub', [lw, d], 'Float32', w.value - d.value)
    g.assign(w, w2)
    g.ret_(g.node('Neg', [m2], 'Float32', -m2.value))
    g.final = {'m': (a if second_assign else m2).value, 'w': w2.value}
    return g


@case(0, 0)
def mp_param_out_moment():
    return _moment_graph('mp_param_out_moment', False)


@case(0, 0)
def mp_param_out_moment_refused():
    return _moment_graph('mp_param_out_moment_refused', True)


@case(0, 0, arena=12288)
def mp_greedy():
    # greedy by size (12288 bytes, the lower bound) beats first fit in
    # node order (16384): first fit puts the 8 KiB buffer above the 4 KiB
    # one that outlives the first transpose
    g = Graph('mp_greedy')
    r = rng('mp_greedy')
    x = g.param('x', 'Float32', data(r, 'Float32', (32, 32)))
    y = g.param('y', 'Float32', data(r, 'Float32', (2, 32, 32)))
    a = g.node('Transpose', [x], 'Float32', x.value.T, [('perm', (1, 0))])
    b = g.node('Transpose', [a], 'Float32', a.value.T, [('perm', (1, 0))])
    c = g.node('Neg', [y], 'Float32', -y.value)
    g.ret_(g.node('Add', [c, b], 'Float32', c.value + b.value))
    return g


@case(1, 0)
def mp_diamond():
    g = Graph('mp_diamond')
    r = rng('mp_diamond')
    x = g.param('x', 'Float32', data(r, 'Float32', (4, 8)))
    t = g.node('Transpose', [x], 'Float32', x.value.T, [('perm', (1, 0))])
    a = g.node('Neg', [t], 'Float32', -t.value)
    b = g.node('Exp', [t], 'Float32', np.exp(f64(t.value)))  # t dies here: in place
    g.ret_(g.node('Add', [a, b], 'Float32', a.value + b.value))
    return g


# all_ops.main() fails when a case set misses an op of ops.def: these cases
# are about the plan, not about op coverage
class _Re:
    def __getattr__(self, name):
        return getattr(re, name)

    @staticmethod
    def findall(pat, s, *a):
        return [] if pat.startswith(r'^OP\(') else re.findall(pat, s, *a)


def main():
    all_ops.re = _Re()
    rc = all_ops.main()
    if rc:
        return rc
    out = sys.argv[sys.argv.index('--out') + 1]
    bad = []
    for name, (n_inplace, n_view, arena) in EXPECT.items():
        c = open(os.path.join(out, name + '.c')).read()
        got_in = c.count('(in place) */')
        got_view = c.count('(a view of its operand: no copy) */')
        if got_in != n_inplace:
            bad.append('%s: %d nodes in place, expected %d' % (name, got_in, n_inplace))
        if got_view != n_view:
            bad.append('%s: %d views, expected %d' % (name, got_view, n_view))
        if name.startswith('mp_param_out_moment'):
            want = 2 if name.endswith('refused') else 0
            got = c.count('memcpy(args[')
            if got != want:
                bad.append('%s: %d copies into Parameters, expected %d' % (name, got, want))
        m = re.search(r'arena (\d+) bytes, lower bound (\d+) bytes', c)
        if not m:
            bad.append('%s: no plan summary in the header comment' % name)
        elif arena is not None and (int(m.group(1)), int(m.group(2))) != (arena, arena):
            bad.append('%s: arena %s, lower bound %s, expected %d for both' % (name, m.group(1), m.group(2), arena))
    if bad:
        print('\n'.join(bad))
        return 1
    print('plans as expected for %d graphs' % len(EXPECT))
    return 0


if __name__ == '__main__':
    sys.exit(main())
