"""graphdiff.py — differential test: Graph mode computes what PyNative computes.

Run with Debian's python3 (it imports numpy, for opsdiff's case tables):
    /usr/bin/python3 tests/graph/graphdiff.py [BUILD_DIR|MSC] [-v] [-k NAME] [-j N]
        [--ways=pynative,cc,ref] [--levels=O0,O1,O2] [--cache-dir=DIR] [--no-models]
        [--no-ops] [--keep] [--sample=K/N [--seed=S]]
(scripts/graph-diff.sh BUILD_DIR does this.)

THE OP SUITE. For every primitive of ir/ops.def it takes the cases of
tests/ops/opsdiff.py (its CASES table: dtypes, broadcasting pairs, 0-d
operands, size-0 dims, attributes, nan/inf operands), plus mixed-dtype
promotion cases for the binary families, the creation ops added to a
graph input, and the first three small cases again with their inputs written
as constant tensors inside the function (constant folding), and writes a script where each case is
    _msc.prim('Op', a0, a1, attr=...)
inside an `@ms.jit` function whose tensor arguments are mindspore Tensors
built outside it with ms.Tensor(<literal list>, dtype=...) — symbolic graph
inputs. Cases are batched: one jit function ("unit") evaluates up to CHUNK
cases and returns them as one tuple, so a whole op costs one graph (one cc
run). The 'extras' group has one jit function per case: Python scalar
operands (x + 2, 2.5 * x, int tensor + float scalar), constant tensors
created inside the function, tuple returns, the public mindspore.ops API and
Tensor operators/methods, and short op chains.

Each script prints, per case, "CASE id dtype shape [flattened values]"
(values via .asnumpy().reshape(-1).tolist(): msc prints floats with repr,
the shortest round-trip form, so the text is exact), and "UNIT k" after a
unit's results. It runs in three ways ("--ways", first = reference):
    pynative   msc run -v --mode=pynative FILE   (every jit function eager)
    cc         msc run -v --backend=cc FILE      (graphs compiled by cc)
    ref        msc run -v --backend=ref FILE     (reference IR executor)
(and, for validating the harness on an msc without those options, "plain":
msc run FILE with no option.) --levels=O0,O1,O2 (or GRAPHDIFF_LEVELS) runs
every graph way once per optimisation level instead, as ways named
"cc-O0", "cc-O1", ..., "ref-O2" (msc run -O<n> ...), each compared with the
reference way, which runs once (PyNative has no passes); without it the graph
ways run at msc's default level. The cache is private: MSC_CACHE_DIR is a
temporary directory shared by every run of one harness invocation (or
--cache-dir=DIR, to keep it warm across invocations).

Comparison against the reference way: dtype and shape exactly; ints and
bools exactly; floats BIT-EXACT (equal values and equal sign of zero; any
nan matches any nan). No tolerance: a graph runs the same runtime kernels as
PyNative on the same inputs, so any difference is a bug (a changed
summation order, a fused chain rounding differently, a wrong promotion).
A case whose reference run raises fails (unless marked `raises`: then the
graph ways must raise the same exception type), so a broken case cannot
pass by testing nothing.

A failing unit is bisected: the script is rerun with the unit split in
halves (and the remaining units after it), down to single cases, so one
unsupported case costs a few extra compiles, not the whole op. Once
BISECT_SAME single cases of a group failed with the same message, a unit
failing with that message again is not bisected (all its cases fail with
"[not bisected]"): that is graph mode failing wholesale, and bisecting every
case would take minutes. A unit that
printed results in a graph way without a "msc: jit: compiling 'g_..." line
in the -v log FAILS (it ran eagerly: the test would otherwise prove
nothing); in the pynative way, any compiling line fails. A memory leak
report (MSC_CHECK_LEAKS=1) fails the op.

An op of ir/ops.def without cases here is a failure, so the table cannot
silently fall behind ops.def.

THE MODEL SUITE runs whole scripts: samples/*.py, tests/graph/models/*.py
and the seed examples of ../shared/seed-examples whose names contain
"graph", "jit" or "s004_tensor_cal" (not yet the grad/train ones: issue 8), once with --mode=pynative and once per
graph way with --mode=graph --backend=X, and compares their stdout as token
streams:
  * graph-mode print inside a graph writes Tensor(shape=[..], dtype=D,
    value=...) where PyNative prints numpy's format, and each print
    argument on its own line. So, in both outputs alike, the
    "Tensor(shape=[..], dtype=D, value=" wrappers and ", name=..." tails are
    removed, then the text is split into tokens: numbers, words, and single
    punctuation characters, ignoring whitespace, brackets, parentheses and
    commas. Words and punctuation must be equal; numbers must agree within
    rtol 1e-5 (+ atol 1e-7; the seed examples' own rule, for reordered float
    arithmetic across graph optimisations). Consequences: text outside
    graph prints is compared token by token (numbers with that tolerance);
    a tensor that one side summarises with "..." and the other does not
    (numpy: > 1000 elements; graph Print: > 6 in a row) gives different
    token counts and fails — no model script prints such a tensor inside a
    graph.
  * random weights: the script is run from a copy with
    "import numpy as np; np.random.seed(0)" prepended. msc's initializers
    (default Dense init, np.random.*) draw from numpy's global stream, and
    Cells are built eagerly in both modes, so both runs get the same weights
    whether or not the script seeds itself (a script that seeds itself
    simply reseeds).
  * a script that uses jit or GRAPH_MODE must compile at least one graph in
    the graph ways (-v log), else it fails.

Self-check: before the suites, the comparators are run on perturbed
results (one ulp, sign of zero, nan, dtype, shape, a number off by 1e-3, a
missing token) and must report each as a mismatch.

Output: one "FAIL ..." line per failing case with the difference, then
"N passed, N failed"; exit status 1 on any failure. -k NAME runs one op,
"extras", "models", or one model script (by base name). -v lists passes.
--keep keeps the generated scripts (CACHE/graphdiff-scripts/GROUP_HASH.py,
named by content so that a warm --cache-dir hits) for reproducing a
failure by hand.

--sample=K/N [--seed=S] (default seed 1) runs K/N of the op groups and K/N
of the model scripts, drawn with a fixed seed (the same ones on every run of
the same tree), and says so on a "sample: ..." line (scripts/run-tests.sh
does this in the sanitizer pass; the plain pass runs everything).
"""
import concurrent.futures
import hashlib
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, 'tests', 'ops'))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import opsdiff  # noqa: E402  (the case tables of the numpy-differential test)

SHARED = os.environ.get('MSC_SHARED', os.path.join(os.path.dirname(REPO), 'shared'))
CHUNK = 120         # cases per jit function (one graph; 40 compiled 356 objects, 120 248)
TIMEOUT = 600       # seconds per msc process
BISECT_SAME = 6     # stop bisecting a group's units after this many single cases failed with one message

# way name -> (extra msc run options for op scripts, for model scripts, is a graph way)
WAYS = {
    'pynative': (['-v', '--mode=pynative'], ['-v', '--mode=pynative'], False),
    'cc': (['-v', '--backend=cc'], ['-v', '--mode=graph', '--backend=cc'], True),
    'ref': (['-v', '--backend=ref'], ['-v', '--mode=graph', '--backend=ref'], True),
    # no options at all: to validate the harness on an msc without graph mode
    'plain': ([], [], None),
}

MS_DT = {'float32': 'ms.float32', 'float64': 'ms.float64', 'float16': 'ms.float16',
         'int32': 'ms.int32', 'int64': 'ms.int64', 'int8': 'ms.int8', 'int16': 'ms.int16',
         'uint8': 'ms.uint8', 'uint16': 'ms.uint16', 'uint32': 'ms.uint32', 'uint64': 'ms.uint64',
         'bool': 'ms.bool_', 'complex64': 'ms.complex64', 'complex128': 'ms.complex128'}


# ---------------------------------------------------------------- cases

class GCase:
    """One case: input arrays (become ms.Tensor graph arguments), a body
    expression over {0}, {1}, ... (the arguments), the number of results."""

    def __init__(self, inputs, body, note, nout=1):
        self.inputs = [np.asarray(a) for a in inputs]
        self.body, self.note, self.nout = body, note, nout
        self.raises = False  # True: the reference is expected to raise (the ways must agree)


def ops_def():
    """[(name, nin, group)] in ops.def order."""
    out = []
    with open(os.path.join(REPO, 'ir', 'ops.def')) as f:
        for line in f:
            m = re.match(r'\s*OP\((\w+),\s*(-?\d+),\s*(\w+)', line)
            if m:
                out.append((m.group(1), int(m.group(2)), m.group(3)))
    return out


def attr_lit(v):
    if isinstance(v, np.dtype) or (isinstance(v, type) and issubclass(v, np.generic)):
        return MS_DT[np.dtype(v).name]
    return repr(v)


def prim_body(op, nin, attrs):
    args = [repr(op)] + ['{%d}' % i for i in range(nin)]
    args += ['%s=%s' % (k, attr_lit(v)) for k, v in attrs.items()]
    return '_msc.prim(%s)' % ', '.join(args)


def from_opsdiff(c):
    return GCase(c.inputs, prim_body(c.op, len(c.inputs), c.attrs), c.note)


def rand(shape, dt, kind='any'):
    return opsdiff.rand(shape, dt, kind)


PROMO = {  # mixed-dtype operand pairs per ops.def group (type promotion in graph inference)
    'BINARY': [('int32', 'float32'), ('bool', 'int64'), ('float32', 'float64'), ('int32', 'int64'),
                   ('int8', 'uint8'), ('uint8', 'int16'), ('int8', 'float16'), ('float16', 'float32'),
                   ('bool', 'uint8')],
    'DIV': [('int32', 'float32'), ('int64', 'int64'), ('float32', 'float64')],
    'COMPARE': [('int32', 'float32'), ('bool', 'int64'), ('float32', 'float64')],
    'BITWISE': [('bool', 'int32'), ('int32', 'int64')],
}


def promo_cases(op, group):
    cases = []
    for da, db in PROMO.get(group, []) if op != 'Complex' else []:  # Complex: float parts of one dtype
        kb = 'pos' if op in ('FloorDiv', 'FloorMod', 'Div', 'RealDiv') else ('exp' if op == 'Pow' else 'any')
        a, b = rand((3, 4), da, 'pos' if op == 'Pow' else 'any'), rand((4,), db, kb)
        cases.append(GCase([a, b], prim_body(op, 2, {}), 'promote %s,%s' % (da, db)))
        cases.append(GCase([b, a], prim_body(op, 2, {}), 'promote %s,%s' % (db, da)))
    return cases


def creation_extra(op):
    """A creation op (no tensor input) used together with a graph input."""
    x = rand((2, 3), 'float32')
    i = rand((2, 3), 'int32')
    body = {
        'Fill': "_msc.prim('Fill', shape=(2, 3), dtype=ms.float32, value=1.5) + {0}",
        'Ones': "_msc.prim('Ones', shape=(2, 3), dtype=ms.float32) * {0}",
        'Zeros': "_msc.prim('Zeros', shape=(3,), dtype=ms.float32) - {0}",
        'Range': "_msc.prim('Range', start=0, limit=3, delta=1) + {0}",
        'LinSpace': "_msc.prim('LinSpace', start=0.0, stop=1.0, num=3) * {0}",
    }.get(op)
    if body is None:
        return []
    return [GCase([x], body, 'with input f32'), GCase([i], body, 'with input i32')]


def op_cases(op, nin, group):
    if op not in opsdiff.CASES:
        return None
    opsdiff.RNG.seed(zlib.crc32(op.encode()))  # the same data with or without -k
    cases = [from_opsdiff(c) for c in opsdiff.CASES[op]()]
    cases += promo_cases(op, group)
    if nin == 0:
        cases += creation_extra(op)
    cases += const_cases(cases)
    return cases


def const_cases(cases, n=3, max_elems=24):
    """The first n cases with small inputs again, the inputs now constant
    tensors written inside the function (constant folding / constant inputs
    in the graph instead of graph parameters)."""
    out = []
    for c in cases:
        if len(out) >= n:
            break
        if c.inputs and all(0 < a.size for a in c.inputs) and sum(a.size for a in c.inputs) <= max_elems:
            out.append(GCase([], c.body.format(*[ms_lit(a) for a in c.inputs]), c.note + ' constant inputs'))
    return out


def extras():
    """Single-function cases: scalars, constants made inside, tuple results, public API."""
    opsdiff.RNG.seed(4242)
    f = lambda *s: rand(s, 'float32')
    d = lambda *s: rand(s, 'float64')
    i = lambda *s: rand(s, 'int32')
    l = lambda *s: rand(s, 'int64')
    b = lambda *s: rand(s, 'bool')
    p = lambda *s: rand(s, 'float32', 'pos')
    E = []

    def e(inputs, body, note, nout=1):
        E.append(GCase(inputs, body, note, nout))

    # Python scalar operands (implicit conversion rules)
    e([f(3, 4)], '{0} + 2', 'f32 + int scalar')
    e([f(3, 4)], '2.5 * {0}', 'float scalar * f32')
    e([d(5)], '{0} - 0.1', 'f64 - float scalar')
    e([i(2, 3)], '{0} + 1.5', 'i32 + float scalar -> f32')
    e([l(4)], '{0} * 3', 'i64 * int scalar')
    e([i(4)], '{0} / 2', 'i32 / int scalar')
    e([p(4)], '1 / {0}', 'int scalar / f32')
    e([f(2, 2)], '{0} ** 2', 'f32 ** 2')
    e([b(5)], '{0} + 1', 'bool + int scalar')
    e([b(5)], '{0} * 0.5', 'bool * float scalar')
    e([f(6)], '({0} > 0.5) & ({0} < 2)', 'compare with scalars, and')
    e([i(6)], '{0} // 4 + {0} % 4', 'int floordiv/mod scalar')
    e([f(3)], '-{0} + abs({0})', 'unary minus, abs()')
    e([f(3)], '{0} * SCALE + OFFSET', 'module-level Python constants')
    # constant tensors made inside the function
    e([f(3)], '{0} + ms.Tensor([1.0, 2.0, 3.0], ms.float32)', 'constant tensor inside')
    e([f(2, 3)], '{0} * ms.Tensor([[1, 2, 3], [4, 5, 6]], ms.int32)', 'constant int tensor inside')
    e([f(2, 3)], 'ops.ones((2, 3), ms.float32) + {0}', 'ops.ones inside')
    e([i(2, 3)], 'ops.zeros_like({0}) + ops.fill(ms.int32, (2, 3), 7)', 'zeros_like + fill')
    e([], 'ms.Tensor([1.5, -2.0]) * 2', 'no inputs: constant only')
    # tuple returns
    e([f(3, 4), f(3, 4)], '({0} + {1}, {0} * {1})', 'tuple of two results', 2)
    e([f(2, 3), i(2, 3)], '({0}.sum(), {1}.max(axis=1), {0} - 1)', 'tuple of three, mixed dtypes', 3)
    e([f(4)], '({0}, {0} + 0)', 'tuple: an input returned as is', 2)
    # public API, operators, methods
    e([f(3, 4), f(4, 5)], '{0} @ {1}', '@ operator')
    e([f(3, 4), f(4, 5), f(5)], 'ops.relu(ops.matmul({0}, {1}) + {2})', 'matmul + bias + relu chain')
    e([f(4, 3), f(5, 3), f(5)], 'ops.dense({0}, {1}, {2})', 'ops.dense')
    e([f(2, 3, 4)], '{0}.reshape((6, 4)).T', 'reshape + .T')
    e([f(2, 3, 4)], '{0}[1:, ::2, 1]', 'basic indexing (StridedSlice)')
    e([f(2, 3, 4)], '{0}[0]', 'integer index')
    e([f(3, 5)], 'ops.softmax({0}, axis=-1)', 'ops.softmax')
    e([f(3, 5)], 'ops.log_softmax({0})', 'ops.log_softmax')
    e([f(3, 5)], '{0}.mean(axis=0, keep_dims=True)', 'Tensor.mean')
    e([f(3, 5)], 'ops.argmax({0}, dim=1)', 'ops.argmax')
    e([f(3, 5), f(3, 5)], 'ops.concat(({0}, {1}), axis=1)', 'ops.concat of a tuple')
    e([f(3, 5), f(3, 5)], 'ops.stack([{0}, {1}])', 'ops.stack of a list')
    e([i(3, 5)], 'ops.cast({0}, ms.float32) * 0.5', 'ops.cast')
    e([f(3, 5)], 'ops.clamp({0}, -1.0, 1.0)', 'ops.clamp')
    e([f(3, 5)], 'ops.sigmoid({0}) * ops.tanh({0}) + ops.exp(-ops.square({0}))', 'elementwise chain')
    e([f(2, 3)], 'ops.reduce_sum(ops.expand_dims({0}, 0) * 2, (0, 2))', 'expand_dims + reduce_sum')
    e([f(4, 1, 3)], 'ops.squeeze(ops.transpose({0}, (1, 0, 2)))', 'transpose + squeeze')
    e([f(2, 8)], 'ops.addn([{0}, {0}, {0}])', 'ops.addn')
    e([f(3, 4)], 'ops.Mul()({0}, {0})', 'primitive object ops.Mul()')
    e([f(3, 4), f(4, 3)], 'ops.MatMul(transpose_b=True)({0}, {1}.T)', 'ops.MatMul(transpose_b=True)')
    e([f(4), f(4)], 'ops.maximum({0}, {1}) - ops.minimum({0}, {1})', 'maximum - minimum')
    # statement bodies (the last line returns): aliasing of outputs, reuse
    e([f(3)], 't = {0} + 1\nreturn t, t', 'one node returned twice', 2)
    e([i(2, 3)], 'return {0}', 'an input returned alone')
    e([i(2, 3)], 't = {0} * 2\nu = t + t\nreturn u, t, {0}', 'intermediate reused and returned', 3)
    e([f(2, 5)], 't = ops.exp({0})\nreturn t / t.sum(axis=-1, keepdims=True)', 'hand-written softmax')
    e([f(4)], 'for k in range(3):\n    {0} = {0} * 0.5 + k\nreturn {0}', 'for over a constant range')
    e([f(2, 3)], 'if {0}.shape[0] == 2:\n    return {0} * 2\nreturn {0}', 'if on a constant shape')
    e([f(2, 3), f(3)], 'y = {0}\nfor k in range(2):\n    y = ops.relu(y + {1}) - 1\nreturn y.mean()', 'loop with reuse')
    e([f(0, 3)], '{0} * 2 + 1', 'size-0 chain')
    e([f()], '{0} * {0} + 1', '0-d chain')
    return E


# ---------------------------------------------------------------- scripts

def lit_values(a):
    def v(x):
        if isinstance(x, complex):
            return 'complex(%s, %s)' % (v(x.real), v(x.imag))
        if isinstance(x, float):
            if math.isnan(x):
                return 'nan'
            if math.isinf(x):
                return 'inf' if x > 0 else '-inf'
        return repr(x)
    return [v(x) for x in a.reshape(-1).tolist()]


def ms_lit(a):
    """A mindspore Tensor of array a, from a literal list."""
    dt = MS_DT[a.dtype.name]
    vals = lit_values(a)
    if a.ndim == 0:
        return 'ms.Tensor(%s, dtype=%s)' % (vals[0], dt)
    return 'ms.Tensor([%s], dtype=%s).reshape(%r)' % (', '.join(vals), dt, tuple(a.shape))


HEADER = '''import mindspore as ms
from mindspore import ops
import _msc
nan = float('nan')
inf = float('inf')
SCALE = 1.5
OFFSET = -2


def show(i, r):
    v = r.asnumpy().reshape(-1).tolist()
    print('CASE', i, r.dtype, r.shape, [(z.real, z.imag) if isinstance(z, complex) else z for z in v])


'''


def unit_name(group, k):
    return 'g_%s_u%d' % (re.sub(r'\W', '_', group), k)


def script(group, units, cases):
    """units: [(k, [case index])] -> script text."""
    out = [HEADER]
    for k, idxs in units:
        args, params, exprs = [], [], []
        for ci in idxs:
            c = cases[ci]
            names = []
            for j, a in enumerate(c.inputs):
                t = 'T%d_%d' % (ci, j)
                out.append('%s = %s' % (t, ms_lit(a)))
                args.append(t)
                names.append('a%d_%d' % (ci, j))
            params += names
            exprs.append(c.body.format(*names))
        fn = unit_name(group, k)
        out.append('\n\n@ms.jit\ndef %s(%s):' % (fn, ', '.join(params)))
        if len(idxs) == 1 and ('\n' in exprs[0] or exprs[0].startswith('return ')):  # statements ending in a return
            out.append(''.join('    %s\n' % x for x in exprs[0].split('\n')))
        elif len(idxs) == 1:
            out.append('    return %s\n\n' % exprs[0])
        else:
            out.append('    return (%s)\n\n' % ', '.join(exprs))
        out.append('r = %s(%s)' % (fn, ', '.join(args)))
        if len(idxs) == 1 and cases[idxs[0]].nout == 1:
            out.append('show(%r, r)' % str(idxs[0]))
        elif len(idxs) == 1:
            for j in range(cases[idxs[0]].nout):
                out.append('show(%r, r[%d])' % ('%d.%d' % (idxs[0], j), j))
        else:
            for j, ci in enumerate(idxs):
                assert cases[ci].nout == 1
                out.append('show(%r, r[%d])' % (str(ci), j))
        out.append("print('UNIT', %d)" % k)
    return '\n'.join(out) + '\n'


# ---------------------------------------------------------------- running

CASE_RE = re.compile(r'CASE (\S+) (\S+) (\(.*?\)) (\[.*\])$')
ENV_EVAL = {'nan': float('nan'), 'inf': float('inf'), 'True': True, 'False': False, '__builtins__': {}}


PARSED = {}  # "dtype shape [values]" text -> its parse, shared by the ways (threads)


def parse_case(line):
    """(case id, (dtype, shape, values)) of a CASE line, else None. The
    same text from several ways is parsed once and gives the same object
    (compare_result: the same object is equal to itself, as its values are)."""
    m = CASE_RE.match(line)
    if not m:
        return None
    key = line[m.start(2):]
    r = PARSED.get(key)
    if r is None:
        r = PARSED.setdefault(key, (m.group(2), tuple(eval(m.group(3), ENV_EVAL)), eval(m.group(4), ENV_EVAL)))
    return m.group(1), r


def error_of(stderr):
    """(exception type or '', first error line) from msc's stderr."""
    for line in stderr.splitlines():
        if line.startswith('msc: jit:'):
            continue
        if 'error' in line or 'Error' in line or 'Sanitizer' in line:
            m = re.search(r'error: (\w+(?:Error|Exception))\b', line)
            return (m.group(1) if m else line.split('error:')[-1].strip()[:60]), line.strip()
    lines = [x for x in stderr.splitlines() if not x.startswith('msc: jit:')]
    return 'crash', (lines[-1].strip() if lines else 'no message')


class Runner:
    def __init__(self, msc, tmp, cache):
        self.msc, self.tmp, self.cache = msc, tmp, cache
        self.env = dict(os.environ, MSC_CHECK_LEAKS='1', MSC_CACHE_DIR=cache, XDG_CACHE_HOME=cache)
        self.lock = threading.Lock()
        self.seq = 0
        self.runs = 0
        self.scripts = {}  # (group, units) -> the script's path

    def write(self, stem, text):
        """Writes a script under a name made from its content: msc's C
        comments (and so the JIT cache key) carry the script's path, so a
        warm --cache-dir only hits when the same script has the same path."""
        d = os.path.join(self.cache, 'graphdiff-scripts')
        os.makedirs(d, exist_ok=True)
        path = os.path.join(d, '%s_%s.py' % (stem, hashlib.sha1(text.encode()).hexdigest()[:16]))
        if not os.path.exists(path):
            with self.lock:
                self.seq += 1
                part = '%s.%d.part' % (path, self.seq)
            with open(part, 'w') as f:
                f.write(text)
            os.replace(part, path)
        return path

    def run(self, opts, path):
        with self.lock:
            self.runs += 1
        try:
            p = subprocess.run([self.msc, 'run'] + opts + [path], capture_output=True, text=True,
                               timeout=TIMEOUT, env=self.env)
            return p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            return -1, '', 'error: TimeoutError: msc ran longer than %d s' % TIMEOUT


def run_group(runner, group, cases, way, single):
    """Runs every case of a group in one way, bisecting failing units.
    Returns ({case id: ('ok', (dtype, shape, values)) | ('err', type, line)}, [problems])."""
    opts, _, graph = WAYS[way]
    if single:
        units = [[i] for i in range(len(cases))]
    else:
        units = [list(range(s, min(s + CHUNK, len(cases)))) for s in range(0, len(cases), CHUNK)]
    res, problems = {}, []
    leaf_msgs = {}  # error message -> number of single cases that failed with it
    next_k = [0]

    def number(us):
        out = []
        for u in us:
            out.append((next_k[0], u))
            next_k[0] += 1
        return out

    queue = [number(units)]
    while queue:
        us = queue.pop()
        key = (group, tuple((k, tuple(idxs)) for k, idxs in us))
        path = runner.scripts.get(key)
        if path is None:  # the ways of a group run the same scripts: written once
            path = runner.scripts.setdefault(key, runner.write(group, script(group, us, cases)))
        rc, out, err = runner.run(opts, path)
        got, done = {}, set()
        for line in out.splitlines():
            r = parse_case(line)
            if r:
                got[r[0]] = r[1]
            elif line.startswith('UNIT '):
                done.add(int(line.split()[1]))
        compiled = set(re.findall(r"msc: jit: compiling '(?:[\w.]*\.)?(g_\w+?)'", err))
        if 'leaked' in err or 'Sanitizer' in err:
            problems.append('%s: %s' % (way, [x for x in err.splitlines() if 'leak' in x or 'Sanitizer' in x][-1]))
        for pos, (k, idxs) in enumerate(us):
            if k in done:
                fn = unit_name(group, k)
                if graph is True and fn not in compiled:
                    problems.append('%s: %s printed results but was not compiled (no "msc: jit: compiling \'%s\'" '
                                    'in the -v log: ran eagerly?)' % (way, fn, fn))
                if graph is False and compiled:
                    problems.append('%s: graphs were compiled under --mode=pynative: %s' % (way, sorted(compiled)[:3]))
                    graph = None  # report once
                for ci in idxs:
                    ids = [str(ci)] if cases[ci].nout == 1 else ['%d.%d' % (ci, j) for j in range(cases[ci].nout)]
                    if all(x in got for x in ids):
                        res[ci] = ('ok', [got[x] for x in ids])
                    else:
                        res[ci] = ('err', 'noresult', 'unit finished without printing case %d' % ci)
                continue
            # the first unit that did not finish: bisect it; rerun what follows
            rest = us[pos + 1:]
            et, line = error_of(err)
            msg = re.sub(r'^\S+:\d+:\d+: ', '', line)
            if len(idxs) > 1 and rc != 0 and leaf_msgs.get(msg, 0) >= BISECT_SAME:
                # the error every bisected case so far had: a whole-graph-mode
                # failure, not one case's; do not spend more runs on it
                for ci in idxs:
                    res[ci] = ('err', et, line.replace(os.path.join(runner.cache, 'graphdiff-scripts') + os.sep, '') + ' [not bisected]')
                if rest:
                    queue.append(rest)
            elif len(idxs) > 1:
                h = len(idxs) // 2
                queue.append(number([idxs[:h], idxs[h:]]) + rest)
            else:
                if rc == 0:
                    et, line = 'noresult', 'exit 0 without finishing unit %d' % k
                else:
                    leaf_msgs[msg] = leaf_msgs.get(msg, 0) + 1
                res[idxs[0]] = ('err', et, line.replace(os.path.join(runner.cache, 'graphdiff-scripts') + os.sep, ''))
                if rest:
                    queue.append(rest)
            break
    return res, problems


def way_chains(ways):
    """The ways grouped into chains run one after another: the -O levels of
    one backend (cc-O0, cc-O1, cc-O2) in one chain. Their graphs are mostly
    the same C (the passes leave a batch of independent ops alone), so the
    later levels load the first one's objects from the shared JIT cache;
    run concurrently (two workers picking a group's ways in turn) each
    missed the cache and ran the C compiler on the same text: 611 compiles
    for 356 distinct objects."""
    chains = {}
    for w in ways:
        chains.setdefault(w.split('-')[0], []).append(w)
    return list(chains.values())


def run_chain(runner, group, cases, chain, single):
    return [run_group(runner, group, cases, w, single) for w in chain]


# ---------------------------------------------------------------- comparison

def same_float(x, y):
    if isinstance(x, float) and math.isnan(x):
        return isinstance(y, float) and math.isnan(y)
    if isinstance(y, float) and math.isnan(y):
        return False
    return x == y and math.copysign(1.0, x) == math.copysign(1.0, y)


def compare_result(ref, got):
    """None if got equals ref (dtype, shape exact; values bit-exact), else a message."""
    if got is ref:  # the same printed text (parse_case): equal dtype, shape and bits
        return None
    (dt0, sh0, v0), (dt1, sh1, v1) = ref, got
    if dt0 != dt1:
        return 'dtype %s, reference %s' % (dt1, dt0)
    if sh0 != sh1:
        return 'shape %s, reference %s' % (sh1, sh0)
    if len(v0) != len(v1):
        return '%d values, reference %d' % (len(v1), len(v0))
    isf = dt0.lower().startswith('float')
    if dt0.lower().startswith('complex'):  # (real, imag) pairs, each bit-exact
        isf = True
        v0, v1 = [p for z in v0 for p in z], [p for z in v1 for p in z]
    for i, (x, y) in enumerate(zip(v1, v0)):
        ok = same_float(float(x), float(y)) if isf else (x == y and type(x) == type(y))
        if not ok:
            return 'element %d of %d: %r, reference %r' % (i, len(v0), x, y)
    return None


def compare_case(ref, got):
    if ref[0] == 'err':
        if got[0] != 'err':
            return 'reference raised (%s) but this way returned a result' % ref[2]
        if got[1] != ref[1]:
            return 'raised %s (%s), reference raised %s (%s)' % (got[1], got[2], ref[1], ref[2])
        return None
    if got[0] == 'err':
        return 'raised: %s' % got[2]
    if len(got[1]) != len(ref[1]):
        return '%d results, reference %d' % (len(got[1]), len(ref[1]))
    for j, (r, g) in enumerate(zip(ref[1], got[1])):
        why = compare_result(r, g)
        if why:
            return (('result %d: ' % j) if len(ref[1]) > 1 else '') + why
    return None


# --- model scripts: token streams

GRAPH_WRAP = re.compile(r'Tensor\(shape=\[[^\]]*\], dtype=\w+, value=')
NAME_TAIL = re.compile(r', name=[^)\s]*\)')
TOKEN = re.compile(r'[A-Za-z_][\w.]*|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[^\s\[\](),]')
NUM = re.compile(r'[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$')
RTOL, ATOL = 1e-5, 1e-7


def tokens(text):
    """[(token, line number, is number)] of stdout, graph-print wrappers removed."""
    out = []
    for ln, line in enumerate(text.split('\n'), 1):
        line = NAME_TAIL.sub(')', GRAPH_WRAP.sub(' ', line))
        toks = TOKEN.findall(line)
        k = 0
        while k < len(toks):
            t = toks[k]
            if t in ('-', '+') and k + 1 < len(toks) and toks[k + 1] in ('inf', 'nan'):
                t = t + toks[k + 1]
                k += 1
            isnum = bool(NUM.match(t)) or t.lstrip('+-') in ('inf', 'nan')
            out.append((t, ln, isnum))
            k += 1
    return out


def close(a, b):
    x, y = float(a), float(b)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= ATOL + RTOL * max(abs(x), abs(y))


def compare_text(ref, got):
    """None if the outputs agree under the model rule, else a message."""
    a, b = tokens(ref), tokens(got)
    for i in range(min(len(a), len(b))):
        (ta, la, na), (tb, lb, nb) = a[i], b[i]
        if na and nb:
            if not close(ta, tb):
                return 'token %d: %s (line %d), reference %s (line %d) [rtol %g]' % (i, tb, lb, ta, la, RTOL)
        elif ta != tb:
            return 'token %d: %r (line %d), reference %r (line %d)' % (i, tb, lb, ta, la)
    if len(a) != len(b):
        extra = (b if len(b) > len(a) else a)[min(len(a), len(b))]
        return '%d tokens, reference %d (first unmatched %r on line %d of the %s)' % (
            len(b), len(a), extra[0], extra[1], 'output' if len(b) > len(a) else 'reference')
    return None


def self_check():
    """The comparators must catch perturbed results. Returns a list of failures."""
    bad = []
    base = ('Float32', (2,), [1.5, 0.0])
    muts = {
        'one ulp': ('Float32', (2,), [1.5000000000000002, 0.0]),
        'sign of zero': ('Float32', (2,), [1.5, -0.0]),
        'nan': ('Float32', (2,), [float('nan'), 0.0]),
        'dtype': ('Float64', (2,), [1.5, 0.0]),
        'shape': ('Float32', (2, 1), [1.5, 0.0]),
        'length': ('Float32', (2,), [1.5]),
    }
    if compare_case(('ok', [base]), ('ok', [base])) is not None:
        bad.append('identical results reported as different')
    for k, m in muts.items():
        if compare_case(('ok', [base]), ('ok', [m])) is None:
            bad.append('perturbation "%s" not detected' % k)
    ib = ('Int32', (3,), [1, 2, 3])
    if compare_case(('ok', [ib]), ('ok', [('Int32', (3,), [1, 2, 4])])) is None:
        bad.append('int perturbation not detected')
    if compare_case(('ok', [('Bool', (1,), [True])]), ('ok', [('Bool', (1,), [False])])) is None:
        bad.append('bool perturbation not detected')
    if compare_case(('ok', [base]), ('err', 'ValueError', 'x')) is None:
        bad.append('an error where the reference has a result not detected')
    if compare_case(('err', 'TypeError', 'x'), ('err', 'ValueError', 'y')) is None:
        bad.append('a different exception type not detected')
    nanv = ('Float64', (1,), [float('nan')])
    if compare_case(('ok', [nanv]), ('ok', [nanv])) is not None:
        bad.append('nan vs nan reported as different')
    # a real perturbed output line through the parser
    r = parse_case("CASE 3 Float32 (2, 2) [1.0, nan, -0.0, 0.30000001192092896]")
    g = parse_case("CASE 3 Float32 (2, 2) [1.0, nan, -0.0, 0.30000004172325134]")
    if r is None or compare_result(r[1], g[1]) is None:
        bad.append('parsed float32 one-ulp perturbation not detected')
    pyn = 'matmul:  [ 1.5 -2.  3. ]\nout:  [[1. 2.]\n [3. 4.]]\n'
    gra = ('matmul: \nTensor(shape=[3], dtype=Float32, value=[ 1.50000000e+00 -2.00000000e+00  3.00000000e+00])\n'
           'out:  [[1. 2.]\n [3. 4.]]\n')
    if compare_text(pyn, gra) is not None:
        bad.append('graph print format reported as different: %s' % compare_text(pyn, gra))
    for k, t in {'number 1e-3 off': pyn.replace('3.', '3.003'), 'missing token': pyn.replace('out:', 'out'),
                 'word': pyn.replace('matmul', 'matmux'), 'extra number': pyn + '5\n'}.items():
        if compare_text(pyn, t) is None:
            bad.append('text perturbation "%s" not detected' % k)
    return bad


# ---------------------------------------------------------------- models

def model_scripts():
    out = []
    # samples/digits_mindir.py reads the MindIR file digits_train.py exports
    # (an input of its own, not a self-contained script): tests/models/
    # digits_compile.py and make demo run it after the export
    needs_input = {'digits_mindir.py'}
    for d in (os.path.join(REPO, 'samples'), os.path.join(HERE, 'models')):
        if os.path.isdir(d):
            out += [os.path.join(d, f) for f in sorted(os.listdir(d))
                    if f.endswith('.py') and f not in needs_input]
    seeds = os.path.join(SHARED, 'seed-examples')
    if os.path.isdir(seeds):
        for f in sorted(os.listdir(seeds)):
            # gradients (GradOperation) arrive with issue 8: its seed
            # examples join once PyNative runs them
            if (f.endswith('.py') and re.search(r'graph|jit|s004_tensor_cal', f)
                    and not re.search(r'grad|train', f)):
                out.append(os.path.join(seeds, f))
    return out


def run_model(runner, path, ways):
    """Returns [failure messages]."""
    name = os.path.splitext(os.path.basename(path))[0]
    with open(path) as f:
        text = f.read()
    wants_graph = bool(re.search(r'\bjit\b|GRAPH_MODE', text))
    seeded = 'import numpy as np\nnp.random.seed(0)\n' + text
    # a stable path (the JIT cache key covers the C text, which names it)
    d = os.path.join(runner.cache, 'graphdiff-scripts', 'm_' + hashlib.sha1(seeded.encode()).hexdigest()[:16])
    os.makedirs(d, exist_ok=True)
    copy = os.path.join(d, os.path.basename(path))
    if not os.path.exists(copy):
        with open(copy + '.part', 'w') as f:
            f.write(seeded)
        os.replace(copy + '.part', copy)
    outs, fails = {}, []
    for way in ways:
        _, opts, graph = WAYS[way]
        rc, out, err = runner.run(opts, copy)
        outs[way] = out
        if rc != 0:
            fails.append('%s [%s]: exit %d: %s' % (name, way, rc, error_of(err)[1].replace(copy, path)))
            continue
        # ms.export compiles its network in PyNative too (MindSpore does)
        nc = len(re.findall(r"msc: jit: compiling '[^\n]*\((?![^)\n]*for ms\.export)", err))
        if graph is True and wants_graph and nc == 0:
            fails.append('%s [%s]: no graph compiled (no "msc: jit: compiling" in the -v log)' % (name, way))
        if graph is False and nc:
            fails.append('%s [%s]: %d graphs compiled under --mode=pynative' % (name, way, nc))
        if 'leaked' in err:
            fails.append('%s [%s]: %s' % (name, way, [x for x in err.splitlines() if 'leak' in x][-1]))
        if way != ways[0] and ways[0] in outs:
            why = compare_text(outs[ways[0]], out)
            if why:
                fails.append('%s [%s vs %s]: %s' % (name, way, ways[0], why))
    # the same message from several ways once, with the ways listed
    merged = {}
    for f in fails:
        m = re.match(r'(\S+) \[([\w-]+)\]: (.*)$', f, re.S)
        key = m.group(3) if m else f
        if m and key in merged:
            merged[key][1].append(m.group(2))
        else:
            merged[key] = (m.group(1) if m else None, [m.group(2)] if m else [])
    return ['%s [%s]: %s' % (n, ','.join(w), k) if n else k for k, (n, w) in merged.items()]


# ---------------------------------------------------------------- main

def take_sample(groups, models, sample, seed):
    """K/N of the op groups (ops, 'extras') and K/N of the model scripts (at
    least one of each), drawn with random.Random(seed): the same sample on
    every run of the same tree. Prints what it took."""
    import random
    k, n = sample
    rng = random.Random(seed)

    def take(xs):
        if not xs or k == n:
            return xs
        keep = set(rng.sample(range(len(xs)), max(1, (len(xs) * k + n - 1) // n)))
        return [x for i, x in enumerate(xs) if i in keep]

    g, m = take(groups), take(models)
    print('sample: %d/%d, seed %d: %d of %d op groups (%d of %d cases), %d of %d model scripts' % (
        k, n, seed, len(g), len(groups), sum(len(x[1]) for x in g), sum(len(x[1]) for x in groups),
        len(m), len(models)))
    sys.stdout.flush()
    return g, m


def main():
    args = sys.argv[1:]
    verbose = '-v' in args
    only = args[args.index('-k') + 1] if '-k' in args else None
    jobs = int(args[args.index('-j') + 1]) if '-j' in args else 2
    ways = os.environ.get('GRAPHDIFF_WAYS', 'pynative,cc,ref')
    levels = os.environ.get('GRAPHDIFF_LEVELS', '')
    cache = None
    sample, seed = None, 1
    for a in args:
        if a.startswith('--sample='):
            m = re.match(r'(\d+)/(\d+)$', a.split('=', 1)[1])
            if not m or not 0 < int(m.group(1)) <= int(m.group(2)):
                sys.exit('graphdiff: --sample=K/N with 0 < K <= N, not %r' % a)
            sample = (int(m.group(1)), int(m.group(2)))
        if a.startswith('--seed='):
            seed = int(a.split('=', 1)[1])
        if a.startswith('--ways='):
            ways = a.split('=', 1)[1]
        if a.startswith('--levels='):
            levels = a.split('=', 1)[1]
        if a.startswith('--cache-dir='):
            cache = os.path.abspath(a.split('=', 1)[1])
    ways = ways.split(',')
    for w in ways:
        if w not in WAYS:
            sys.exit('graphdiff: unknown way %r (known: %s)' % (w, ', '.join(WAYS)))
    if levels:
        levels = levels.split(',')
        for lv in levels:
            if lv not in ('O0', 'O1', 'O2'):
                sys.exit('graphdiff: unknown level %r in --levels (known: O0, O1, O2)' % lv)
        expanded = []
        for w in ways:
            op_opts, model_opts, graph = WAYS[w]
            if graph is not True:
                expanded.append(w)
                continue
            for lv in levels:
                WAYS['%s-%s' % (w, lv)] = (op_opts + ['-' + lv], model_opts + ['-' + lv], graph)
                expanded.append('%s-%s' % (w, lv))
        ways = expanded
    pos = [a for i, a in enumerate(args)
           if not a.startswith('-') and (i == 0 or args[i - 1] not in ('-k', '-j'))]
    build = pos[0] if pos else os.path.join(REPO, 'build')
    msc = os.path.abspath(os.path.join(build, 'msc') if os.path.isdir(build) else build)
    do_ops = '--no-ops' not in args
    keep = '--keep' in args
    do_models = '--no-models' not in args

    passed = failed = 0
    lines = []

    bad = self_check()
    for b in bad:
        lines.append('FAIL self-check: %s' % b)
    failed += len(bad)
    passed += 0 if bad else 1

    tmp = tempfile.mkdtemp(prefix='graphdiff.')
    if cache is None:
        cache = os.path.join(tmp, 'cache')
    os.makedirs(cache, exist_ok=True)
    runner = Runner(msc, tmp, cache)

    groups = []  # (name, cases, single)
    if do_ops:
        for op, nin, group in ops_def():
            if only and only != op:
                continue
            cs = op_cases(op, nin, group)
            if cs is None:
                lines.append('FAIL %s: no case in tests/ops/opsdiff.py CASES (graphdiff reuses its table)' % op)
                failed += 1
                continue
            groups.append((op, cs, False))
        if not only or only == 'extras':
            groups.append(('extras', extras(), True))
    models = []
    if do_models:
        models = [m for m in model_scripts() if not only or only == 'models' or
                  only == os.path.splitext(os.path.basename(m))[0]]
    if only and not groups and not models:
        sys.exit('graphdiff: -k %s matches no op of ir/ops.def, "extras", "models" or a model script' % only)
    if sample:
        groups, models = take_sample(groups, models, sample, seed)

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
            futs = {}
            for name, cs, single in groups:
                for chain in way_chains(ways):
                    fu = ex.submit(run_chain, runner, name, cs, chain, single)
                    for j, w in enumerate(chain):
                        futs[(name, w)] = (fu, j)
            mfuts = [(m, ex.submit(run_model, runner, m, ways)) for m in models]
            for name, cs, single in groups:
                rs = {w: futs[(name, w)][0].result()[futs[(name, w)][1]] for w in ways}
                ref, _ = rs[ways[0]]
                for w in ways:
                    for pmsg in sorted(set(rs[w][1])):
                        lines.append('FAIL %s: %s' % (name, pmsg))
                        failed += 1
                for i, c in enumerate(cs):
                    whys = []
                    if ref[i][0] == 'err' and not c.raises:
                        # every case is meant to compute something: a reference
                        # that raises tests nothing (a broken case or a PyNative bug)
                        whys.append('%s (the reference) raised: %s' % (ways[0], ref[i][2]))
                    for w in ways[1:]:
                        why = compare_case(ref[i], rs[w][0][i])
                        if why:
                            whys.append('%s: %s' % (w, why))
                    label = '%s [%s]' % (name, c.note) if name != 'extras' else 'extras [%s: %s]' % (
                        c.note, c.body.format(*['x%d' % j for j in range(len(c.inputs))]).replace('\n', '; '))
                    if whys:
                        failed += 1
                        lines.append('FAIL %s: %s' % (label, '; '.join(whys)))
                    else:
                        passed += 1
                        if verbose:
                            lines.append('PASS %s%s' % (label, '' if ref[i][0] == 'ok' else
                                                        ' (raises in every way: %s)' % ref[i][1]))
                for ln in lines:
                    print(ln)
                lines = []
                sys.stdout.flush()
            for m, fu in mfuts:
                fails = fu.result()
                name = os.path.splitext(os.path.basename(m))[0]
                if fails:
                    failed += 1
                    for f in fails:
                        print('FAIL model %s' % f)
                else:
                    passed += 1
                    if verbose:
                        print('PASS model %s' % name)
    finally:
        for ln in lines:
            print(ln)
        if verbose:
            print('graphdiff: %d msc runs, cache %s' % (runner.runs, cache))
        if keep:
            print('graphdiff: scripts kept in %s' % os.path.join(cache, 'graphdiff-scripts'))
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
