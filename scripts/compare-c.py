#!/usr/bin/python3
"""compare-c.py OLD_MSC NEW_MSC [OUTDIR] — two msc builds' generated C for
the bench models (bench/compare/*.py: the MLP forward and LeNet-5 forward at
batch 64, the MLP training step with Adam), side by side in one process.

For each model both binaries run `msc compile` (libraries named old_M and
new_M, so they link together), a generated harness feeds both entries the
same inputs and checks their outputs are bit-identical (a training step:
every output of several consecutive steps, from the same initial state),
then times them interleaved: rounds of N calls of one, N calls of the
other, alternating which goes first, and reports the ratio of the medians
new/old. Built as the README tells a user to build: cc -std=c99 -O2.

A maintenance tool for refactors of the code generator (the core redesign's
"old and new generated C within 3 %"); not part of make test (timing)."""
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = ['mlp_fwd', 'lenet_fwd', 'train_step']
CTYPE = {'float': 'float', 'double': 'double', 'int32_t': 'int32_t', 'int64_t': 'int64_t',
         'uint8_t': 'uint8_t', 'int8_t': 'int8_t', 'int16_t': 'int16_t', 'uint16_t': 'uint16_t'}


def sh(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)
    if p.returncode:
        sys.exit('compare-c: %s failed:\n%s%s' % (' '.join(cmd), p.stdout.decode(), p.stderr.decode()))
    return p.stdout.decode()


def entries(hdr, lib):
    """[(entry, [(ctype, nelems, is_output)], workspace bytes)] of a generated header."""
    text = open(hdr).read()
    out = []
    for m in re.finditer(r'^int (%s_\w+)_ws\(void \*ws, (.*)\);$' % lib, text, re.M):
        name, args = m.group(1), m.group(2)
        up = name.upper()
        ws = int(re.search(r'#define %s_WORKSPACE_SIZE (\d+)' % up, text).group(1))
        params, kin, kout = [], 0, 0
        for a in args.split(','):
            a = a.strip()
            t = re.match(r'(const )?(\w+) \*', a).group(2)
            is_out = not a.startswith('const ')
            key = '%s_OUT%d_SIZE' % (up, kout) if is_out else '%s_IN%d_SIZE' % (up, kin)
            n = int(re.search(r'#define %s (\d+)' % key, text).group(1))
            params.append((CTYPE[t], n, is_out))
            kout += is_out
            kin += not is_out
        out.append((name, params, ws))
    return out


def harness(model, old, new):
    """C text calling old_M and new_M entries alternately."""
    L = ['#define _POSIX_C_SOURCE 200809L', '#include <stdio.h>', '#include <stdlib.h>', '#include <string.h>',
         '#include <stdint.h>', '#include <time.h>', '#include "old_%s.h"' % model, '#include "new_%s.h"' % model,
         'static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);'
         ' return (double)t.tv_sec + (double)t.tv_nsec * 1e-9; }',
         'static int cmp_d(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b;'
         ' return (x > y) - (x < y); }',
         'int main(void) {', '  int bad = 0; unsigned seed = 1;']
    for (eo, po, wso), (en, pn, wsn) in zip(old, new):
        assert [p[:2] for p in po] == [p[:2] for p in pn], 'entries differ: %s %s' % (eo, en)
        tag = eo[len('old_%s_' % model):]
        L.append('  { /* %s */' % tag)
        L.append('    void *wso = NULL, *wsn = NULL;')
        L.append('    if (posix_memalign(&wso, 64, %d + 64) || posix_memalign(&wsn, 64, %d + 64)) return 1;' % (wso, wsn))
        args_o, args_n = [], []
        for i, (t, n, is_out) in enumerate(po):
            L.append('    %s *a%d = calloc(%d, sizeof(%s)), *b%d = calloc(%d, sizeof(%s));' % (t, i, n, t, i, n, t))
            if not is_out:
                if t in ('float', 'double'):
                    L.append('    for (int k = 0; k < %d; k++) a%d[k] = b%d[k] = (%s)((double)(rand_r(&seed) %% 2001) / 1000.0 - 1.0);' % (n, i, i, t))
                else:
                    L.append('    for (int k = 0; k < %d; k++) a%d[k] = b%d[k] = (%s)(rand_r(&seed) %% 10);' % (n, i, i, t))
            args_o.append('a%d' % i)
            args_n.append('b%d' % i)
        call_o = '%s_ws(wso, %s)' % (eo, ', '.join(args_o))
        call_n = '%s_ws(wsn, %s)' % (en, ', '.join(args_n))
        outs = [(i, t, n) for i, (t, n, o) in enumerate(po) if o]
        L.append('    for (int s = 0; s < 3; s++) {')
        L.append('      if (%s || %s) { printf("%s: an entry failed\\n"); return 1; }' % (call_o, call_n, tag))
        for i, t, n in outs:
            L.append('      if (memcmp(a%d, b%d, %d * sizeof(%s))) { printf("%s: output %d differs\\n"); bad = 1; }'
                     % (i, i, n, t, tag, i))
        L.append('    }')
        L.append('    enum { R = 15 }; double to[R], tn[R]; int n = 1;')
        L.append('    double t0 = now(); (void)%s; n = (int)(0.05 / (now() - t0 + 1e-9)) + 1;' % call_o)
        L.append('    for (int r = 0; r < R; r++) {')
        L.append('      double a, b;')
        L.append('      if (r & 1) { a = now(); for (int k = 0; k < n; k++) (void)%s; b = now(); tn[r] = (b - a) / n;'
                 ' a = now(); for (int k = 0; k < n; k++) (void)%s; to[r] = (now() - a) / n; }' % (call_n, call_o))
        L.append('      else { a = now(); for (int k = 0; k < n; k++) (void)%s; b = now(); to[r] = (b - a) / n;'
                 ' a = now(); for (int k = 0; k < n; k++) (void)%s; tn[r] = (now() - a) / n; }' % (call_o, call_n))
        L.append('    }')
        L.append('    qsort(to, R, sizeof(double), cmp_d); qsort(tn, R, sizeof(double), cmp_d);')
        L.append('    printf("%%-32s old %%9.1f us  new %%9.1f us  new/old %%.3f  outputs %%s\\n", "%s %s", to[R / 2] * 1e6,'
                 ' tn[R / 2] * 1e6, tn[R / 2] / to[R / 2], bad ? "DIFFER" : "bit-identical");' % (model, tag))
        L.append('  }')
    L.append('  return bad;')
    L.append('}')
    return '\n'.join(L) + '\n'


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old_msc, new_msc = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    out = os.path.abspath(sys.argv[3] if len(sys.argv) > 3 else os.path.join(REPO, 'build', 'compare-c'))
    status = 0
    for model in MODELS:
        d = os.path.join(out, model)
        sh(['rm', '-rf', d])
        os.makedirs(d)
        script = os.path.join(REPO, 'bench', 'compare', model + '.py')
        for tag, msc in (('old', old_msc), ('new', new_msc)):
            sh([msc, 'compile', script, '-o', os.path.join(d, tag), '--name', '%s_%s' % (tag, model)])
        eo = entries(os.path.join(d, 'old', 'old_%s.h' % model), 'old_' + model)
        en = entries(os.path.join(d, 'new', 'new_%s.h' % model), 'new_' + model)
        with open(os.path.join(d, 'main.c'), 'w') as f:
            f.write(harness(model, eo, en))
        prog = os.path.join(d, 'prog')
        sh(['cc', '-std=c99', '-O2', '-Wall', '-Werror', '-I', os.path.join(d, 'old'), '-I', os.path.join(d, 'new'),
            os.path.join(d, 'old', 'old_%s.c' % model), os.path.join(d, 'new', 'new_%s.c' % model),
            os.path.join(d, 'main.c'), '-lm', '-o', prog])
        p = subprocess.run([prog], stdout=subprocess.PIPE)
        sys.stdout.write(p.stdout.decode())
        status |= p.returncode
    return status


if __name__ == '__main__':
    sys.exit(main())
