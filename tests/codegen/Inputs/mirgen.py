"""mirgen.py — builds .mir graphs with numpy reference values for the C
generation tests (tests/codegen/all_ops.py).

A Graph collects params, constants and primitive nodes; every node gets its
result type from the numpy reference computed here (shape from numpy, dtype
as given), so a wrong type in a case shows up as a numerical mismatch or an
emission error rather than as silently wrong C.
"""
import math
import os

import numpy as np

DT = {  # msc name -> numpy dtype
    'Bool': np.bool_, 'Int8': np.int8, 'UInt8': np.uint8, 'Int16': np.int16,
    'Int32': np.int32, 'Int64': np.int64, 'Float16': np.float16,
    'Float32': np.float32, 'Float64': np.float64, 'UInt16': np.uint16,
    'UInt32': np.uint32, 'UInt64': np.uint64, 'Complex64': np.complex64, 'Complex128': np.complex128,
}
FLOATS = ('Float16', 'Float32', 'Float64')


def shape_text(shape):
    return '(' + ', '.join(str(d) for d in shape) + ')'


def ttype(dt, shape, ref=False):
    if ref:
        return '<Ref[Tensor[%s]], %s>' % (dt, shape_text(shape))
    return '<Tensor[%s], %s>' % (dt, shape_text(shape))


def fmt_elem(dt, v):
    if dt == 'Bool':
        return 'True' if v else 'False'
    if dt in FLOATS:
        v = float(v)
        if math.isnan(v):
            return 'nan'
        if math.isinf(v):
            return 'inf' if v > 0 else '-inf'
        return repr(float(np.array(v, DT[dt]).item())) if dt != 'Float64' else repr(v)
    return str(int(v))


def fmt_values(dt, a):
    if a.ndim == 0:
        return fmt_elem(dt, a.item())
    return '[' + ', '.join(fmt_values(dt, a[i]) for i in range(a.shape[0])) + ']'


class Val:
    def __init__(self, text, dt, value, ref=False, is_param=False, tensor_const=False):
        self.text = text          # operand text
        self.dt = dt
        self.value = np.asarray(value, DT[dt])
        self.ref = ref            # a Parameter (Ref type)
        self.is_param = is_param
        self.tensor_const = tensor_const

    @property
    def shape(self):
        return tuple(self.value.shape)

    def type(self):
        return ttype(self.dt, self.shape, self.ref)


def attr_text(attrs):
    parts = []
    for k, v in attrs:
        if isinstance(v, bool):
            parts.append('%s: Bool(%d)' % (k, v))
        elif isinstance(v, int):
            parts.append('%s: I64(%d)' % (k, v))
        elif isinstance(v, float):
            parts.append('%s: F64(%r)' % (k, v))
        elif isinstance(v, tuple):
            parts.append('%s: (%s)' % (k, ', '.join(str(int(x)) for x in v)))
        elif isinstance(v, str):  # a dtype name
            parts.append('%s: %s' % (k, v))
        else:
            raise TypeError(v)
    return ' {' + ', '.join(parts) + '}' if parts else ''


class Graph:
    def __init__(self, name, inline_max=16):
        self.name = name
        self.params = []
        self.lines = []
        self.n = 0
        self.ret = None
        self.ptr_consts = []      # constants passed by pointer, first-use order
        self.inline_max = inline_max
        self.ops = set()
        self.numeric = True       # compare with numpy
        self.tol = {}             # output index -> (rtol, atol)
        self.expect_print = []    # substrings of the printed text

    def param(self, name, dt, value, parameter=False):
        v = Val('%%para%d_%s' % (len(self.params) + 1, name), dt, value, ref=parameter,
                is_param=True)
        self.params.append((name, v))
        return v

    def const(self, dt, value):
        a = np.asarray(value, DT[dt])
        text = 'Tensor(shape=[%s], dtype=%s, value=%s)' % (
            ', '.join(str(d) for d in a.shape), dt, fmt_values(dt, a))
        v = Val(text, dt, a, tensor_const=True)
        return v

    def _note_use(self, ins):
        for v in ins:
            if v.tensor_const and v.value.size > self.inline_max and \
                    not any(v is c for c in self.ptr_consts):
                self.ptr_consts.append(v)

    def node(self, op, ins, out_dt, value, attrs=(), loc=None):
        """A primitive node; value: the numpy reference (its shape is the
        result shape)."""
        self._note_use(ins)
        self.ops.add(op)
        out = Val('%%%d' % self.n, out_dt, np.asarray(value).astype(DT[out_dt]))
        self.lines.append('  %%%d(CNode_%d) = PrimFunc_%s(%s)%s' % (
            self.n, self.n, op, ', '.join(v.text for v in ins), attr_text(attrs)))
        self.lines.append('      : (%s) -> (%s)' % (', '.join(v.type() for v in ins), out.type()))
        self.lines.append('      # In file %s' % (loc or 'cases.py:%d:5' % (self.n + 1)))
        self.n += 1
        return out

    def struct(self, op, ins, out_type, result=None):
        self.lines.append('  %%%d(CNode_%d) = %s(%s)' % (self.n, self.n, op,
                                                        ', '.join(v.text for v in ins)))
        self.lines.append('      : (%s) -> (%s)' % (', '.join(x.type() for x in ins), out_type))
        self.lines.append('      # In file cases.py:%d:1' % (self.n + 1))
        r = result
        if r is not None:
            r = Val('%%%d' % self.n, r.dt, r.value)
        self.n += 1
        return r

    def load(self, p):
        return self.struct('Load', [p], ttype(p.dt, p.shape), p)

    def assign(self, p, v):
        self._note_use([v])
        return self.struct('Assign', [p, v], ttype(p.dt, p.shape), v)

    def print_(self, *vals):
        ins = []
        for v in vals:
            if isinstance(v, str):
                ins.append(StrVal(v))
            else:
                ins.append(v)
        self._note_use([v for v in ins if isinstance(v, Val)])
        self.struct('Print', ins, '<None, NoShape>')

    def make_tuple(self, vals):
        t = '<Tuple[%s]>' % ', '.join(v.type() for v in vals)
        self.struct('MakeTuple', vals, t)
        return TupleVal('%%%d' % (self.n - 1), t, vals)

    def get_item(self, tup, i):
        v = tup.vals[i]
        self.lines.append('  %%%d(CNode_%d) = TupleGetItem(%s, I64(%d))' % (self.n, self.n, tup.text, i))
        self.lines.append('      : (%s, <Int64, NoShape>) -> (%s)' % (tup.t, v.type()))
        r = Val('%%%d' % self.n, v.dt, v.value)
        self.n += 1
        return r

    def ret_(self, *vals):
        self._note_use(vals)
        self.outs = list(vals)
        if len(vals) == 1:
            self.ret = (vals[0].text, vals[0].type())
        else:
            t = self.make_tuple(list(vals))
            self.ret = (t.text, t.t)

    def text(self):
        out = ['# IR entry: @%s' % self.name, '# Total subgraphs: 1',
               '# Total params: %d' % len(self.params), '# Params:']
        for _, v in self.params:
            out.append('%s: %s' % (v.text, v.type()))
        out.append('')
        out.append('# In file cases.py:1:1')
        out.append('subgraph @%s() {' % self.name)
        out += self.lines
        out.append('  Return(%s)' % self.ret[0])
        out.append('      : (%s)' % self.ret[1])
        out.append('}')
        return '\n'.join(out) + '\n'


class StrVal:
    def __init__(self, s):
        self.s = s
        self.text = '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'

    def type(self):
        return '<String, NoShape>'


class TupleVal:
    def __init__(self, text, t, vals):
        self.text, self.t, self.vals = text, t, vals

    def type(self):
        return self.t


# ---- the C harness --------------------------------------------------------

def c_main(graphs):
    """A main() that runs every graph: inputs (params, then constants passed
    by pointer) are read from argv[1] in order, the return code and the
    outputs are written to argv[2]; Print goes to stdout."""
    L = ['#include <stdio.h>', '#include <stdlib.h>', '#include <string.h>',
         '#include "msrt.h"', '']
    for g in graphs:
        L.append('int msc_%s(void *const *args, void *ws);' % g.name)
    L += ['',
          'static void wr(void *ctx, const char *s, size_t n) { fwrite(s, 1, n, (FILE *)ctx); }',
          'static void *buf(size_t n) {',
          '  void *p = aligned_alloc(64, (n + 64) / 64 * 64);',
          '  memset(p, 0xa5, (n + 64) / 64 * 64);',
          '  return p;',
          '}',
          'static void *rd(FILE *f, size_t n) {',
          '  void *p = buf(n);',
          '  if (fread(p, 1, n, f) != n) { fprintf(stderr, "short input\\n"); exit(2); }',
          '  return p;',
          '}',
          'int main(int argc, char **argv) {',
          '  FILE *fi, *fo;',
          '  if (argc != 3) return 2;',
          '  fi = fopen(argv[1], "rb");',
          '  fo = fopen(argv[2], "wb");',
          '  if (!fi || !fo) return 2;',
          '  msrt_set_output(wr, stdout);']
    for g in graphs:
        ins = [v for _, v in g.params] + g.ptr_consts
        nargs = len(ins) + len(g.outs)
        L.append('  { /* %s */' % g.name)
        L.append('    void *args[%d];' % max(nargs, 1))
        L.append('    void *ws = buf(%d);' % g.ws_size)
        L.append('    int rc;')
        for i, v in enumerate(ins):
            L.append('    args[%d] = rd(fi, %d);' % (i, v.value.nbytes))
        for k, v in enumerate(g.outs):
            L.append('    args[%d] = buf(%d);' % (len(ins) + k, v.value.nbytes))
        L.append('    printf("== %s\\n");' % g.name)
        L.append('    rc = msc_%s(args, ws);' % g.name)
        L.append('    fflush(stdout);')
        L.append('    fwrite(&rc, sizeof rc, 1, fo);')
        for k, v in enumerate(g.outs):
            L.append('    fwrite(args[%d], 1, %d, fo);' % (len(ins) + k, v.value.nbytes))
        for i, v in enumerate(ins):
            if v.ref:  # Parameters may be assigned: written back too
                L.append('    fwrite(args[%d], 1, %d, fo);' % (i, v.value.nbytes))
        L.append('    for (rc = 0; rc < %d; rc++) free(args[rc]);' % nargs)
        L.append('    free(ws);')
        L.append('  }')
    L += ['  fclose(fi);', '  fclose(fo);', '  return 0;', '}', '']
    return '\n'.join(L)


def runtime_objs(repo, out):
    """runtime/*.c compiled once each (gcc -std=c11 -O1 -w -c, into OUT/rt)
    for the harnesses of tests/codegen: one command per file, so the run's
    cc-cache (tests/lit-tools/cc-cache) answers the next test that asks."""
    import glob
    import subprocess
    import sys
    rt = os.path.join(out, 'rt')
    objs = []
    for c in sorted(glob.glob(os.path.join(repo, 'runtime', '*.c'))):
        o = os.path.join(rt, os.path.basename(c)[:-2] + '.o')
        if not os.path.exists(o):
            os.makedirs(rt, exist_ok=True)
            p = subprocess.run(['gcc', '-std=c11', '-O1', '-w', '-c', c, '-o', o],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if p.returncode:
                sys.exit('compiling %s failed:\n%s' % (c, p.stderr.decode()[:4000]))
        objs.append(o)
    return objs
