"""graph_bench.py — one Graph-mode section of `make bench` (scripts/bench.sh).

    graph_bench.py MSC TITLE GRAPH_SCRIPT [NAME=KIND:FILE ...]

Runs GRAPH_SCRIPT (a model forward in Graph mode that prints lines
"batch B: SECONDS [CHECKSUM]") with `msc run -v` on a cold private JIT cache
and again on the warm cache, then each reference NAME (KIND msc: `msc run
FILE`; msc-pynative: `msc run --mode=pynative FILE`; msc-tN: `msc run FILE`
with MSC_NUM_THREADS=N, so its ratio is the speed-up of N threads; python: Debian's
python3 FILE, e.g. numpy or PyTorch eager; a python reference whose imports
are missing is reported as not installed), all in the same run, and prints
per batch the graph time beside each reference as a ratio graph/reference.
Then the compile cost from the -v log of the cold run (per graph: capture
to C text, and the cc run), and whether the warm run hit the cache with no
cc run. Reported, no targets; the exit status is non-zero only if a run
fails, the graph and msc-reference checksums differ, or the warm run
compiled again.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

PY3 = '/usr/bin/python3'
# the -v line of one compiled graph; "passes Y ms" since issue 6 (optional,
# so an msc without passes parses too)
COMPILE_RE = re.compile(r"msc: jit: compiling '([^']*)' \((.*?)\): (\d+) nodes, capture ([0-9.]+) ms, "
                        r"(?:passes ([0-9.]+) ms, )?codegen ([0-9.]+) ms")


def run(cmd, env=None):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    return time.perf_counter() - t0, r


def times(r):
    return {int(m.group(1)): (float(m.group(2)), m.group(3))
            for m in re.finditer(r'batch (\d+): ([0-9.]+)(?: (\S+))?', r.stdout)}


def main():
    msc, title, graph = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    refs, targets = [], []
    for spec in sys.argv[4:]:
        if spec.startswith('target='):  # target=NAME:BATCH:MAX_RATIO:TEXT
            tn, tb, tr, tt = spec[7:].split(':', 3)
            targets.append((tn, int(tb), float(tr), tt))
            continue
        name, rest = spec.split('=', 1)
        kind, path = rest.split(':', 1)
        refs.append((name, kind, path))
    core = os.environ.get('MSC_BENCH_BLAS_CORE')
    tcore = os.environ.get('MSC_BENCH_TORCH_CORE')
    labels = {}  # reference -> the BLAS core it runs on
    broken = {}  # reference -> REFERENCE BROKEN (scripts/bench_refs.py: its 1024^3 sgemm < 50 % of peak)
    bad = 0
    cache = tempfile.mkdtemp(prefix='msc-bench-cache.')
    try:
        cold_s, cold = run([msc, 'run', '-v', '--cache-dir=' + cache, graph])
        warm_s, warm = run([msc, 'run', '-v', '--cache-dir=' + cache, graph])
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    print(title)
    if cold.returncode != 0:
        print('graph mode: %s FAILED (exit %d): %s' % (
            os.path.basename(graph), cold.returncode, (cold.stderr.strip().splitlines() or [''])[-1][:200]))
        return 1
    results = []  # (name, kind, times or None, note)
    for name, kind, path in refs:
        if kind == 'python':
            mods = re.findall(r'^import (\w+)', open(path).read(), re.M)
            missing = [m for m in mods if subprocess.run([PY3, '-c', 'import ' + m], stdout=subprocess.DEVNULL,
                                                         stderr=subprocess.DEVNULL).returncode != 0]
            if missing:
                results.append((name, kind, None, 'not installed (%s)' % ', '.join(missing)))
                continue
            cmd = [PY3, path]
            if re.search(r'^import torch', open(path).read(), re.M):
                if tcore or core:
                    labels[name] = tcore or core
                broken[name] = os.environ.get('MSC_BENCH_TORCH_BROKEN', os.environ.get('MSC_BENCH_REF_BROKEN')) == '1'
            elif re.search(r'^import numpy', open(path).read(), re.M):
                if core:
                    labels[name] = core
                broken[name] = os.environ.get('MSC_BENCH_REF_BROKEN') == '1'
        elif kind == 'exe':  # a program of bench/ (bench/ref/handref MODE)
            cmd = path.split()
            broken[name] = os.environ.get('MSC_BENCH_HANDREF_BROKEN') == '1'
        else:
            cmd = [msc, 'run'] + (['--mode=pynative'] if kind == 'msc-pynative' else []) + [path]
        env = None
        if re.fullmatch(r'msc-t\d+', kind):  # the graph script with MSC_NUM_THREADS=N
            env = dict(os.environ, MSC_NUM_THREADS=kind[5:])
        r = run(cmd, env)[1]
        if r.returncode != 0:
            print('%s run FAILED: %s' % (name, r.stderr.strip()[-200:]))
            bad = 1
            results.append((name, kind, None, 'failed'))
        else:
            m = re.match(r'core (\S+)', r.stdout)
            if m:
                labels[name] = m.group(1)
            results.append((name, kind, times(r), ''))
    g = times(cold)
    head = '%-6s %10s' % ('batch', 'graph')
    for name, _, _, _ in results:
        lab = '%s[%s]' % (name, labels[name]) if name in labels else name
        head += ' %14s %7s' % (lab, 'ratio')
    print(head)
    if labels:
        print('       (ratio: graph time / reference time; [core]: the OpenBLAS kernel set the reference ran on%s)' % (
            ', OPENBLAS_CORETYPE=' + os.environ['OPENBLAS_CORETYPE'] if os.environ.get('OPENBLAS_CORETYPE') else ''))
    if not g:
        print('graph mode printed no time')
        bad = 1
    for b in sorted(g, reverse=True):  # the batch sizes the graph script timed
        row = '%-6d %8.1fus' % (b, g[b][0] * 1e6)
        for name, kind, t, note in results:
            if t is not None and b in t and broken.get(name):
                row += ' %12.1fus %s' % (t[b][0] * 1e6, 'REFERENCE BROKEN')
            elif t is not None and b in t:
                row += ' %12.1fus %6.2fx' % (t[b][0] * 1e6, g[b][0] / t[b][0])
            else:
                row += '  %s: %s' % (name, note or 'no time')
        print(row)
        for tn, tb, tr, tt in targets:
            t = next((x[2] for x in results if x[0] == tn), None)
            if tb != b or not t or b not in t:
                continue
            if broken.get(tn):
                print('       target %s: REFERENCE BROKEN (no ratio against %s)' % (tt, tn))
                continue
            verdict = 'ok' if g[b][0] / t[b][0] <= tr else 'MISSED'
            print('       target %s: %s (graph/%s %.2fx, needs <= %.2fx)' % (
                tt, verdict, tn, g[b][0] / t[b][0], tr))
        if os.environ.get('MSC_BENCH_JSONL'):
            import json
            with open(os.environ['MSC_BENCH_JSONL'], 'a') as f:
                f.write(json.dumps({'section': title, 'batch': b, 'graph_s': g[b][0], 'refs': {
                    name: {'s': t[b][0], 'core': labels.get(name), 'broken': broken.get(name, False)}
                    for name, kind, t, note in results if t is not None and b in t}}) + '\n')
        for name, kind, t, _ in results:
            if kind.startswith('msc') and t and b in t and t[b][1] != g[b][1]:
                print('       CHECKSUM DIFFERS: graph %s, %s %s' % (g[b][1], name, t[b][1]))
                bad = 1
    # compile cost, from the -v log of the cold run (each "compiling" line is
    # followed by its "cc" or "cache hit" line); the warm run must hit the cache
    comp = []
    for line in cold.stderr.splitlines():
        m = COMPILE_RE.match(line)
        if m:
            # capture + passes, as one "capture" figure (the C-text time)
            g_ = m.groups()
            comp.append([g_[0], g_[1], g_[2], '%.2f' % (float(g_[3]) + float(g_[4] or 0)), g_[5], None])
        m = re.match(r'msc: jit: cc ([0-9.]+) ms', line)
        if m and comp:
            comp[-1][5] = float(m.group(1))
    ccs = re.findall(r'msc: jit: cc ([0-9.]+) ms', cold.stderr)
    hits_cold = len(re.findall(r'msc: jit: cache hit', cold.stderr))
    print('compile (cold cache): %d graphs, %d cc runs, %d cache hits' % (len(comp), len(ccs), hits_cold))
    for i, (nm, why, nodes, cap, cg, cc) in enumerate(comp):
        c_ms = float(cap) + float(cg)
        line = "  '%s' (%s): %s nodes; capture+passes %.2f ms + codegen %.2f ms = %.2f ms to C text" % (
            nm, why[:100], nodes, float(cap), float(cg), c_ms)
        if cc is None:
            line += '; no cc run'
        else:
            line += '; cc %.1f ms (%.0fx the C-text time' % (cc, cc / max(c_ms, 1e-3))
            b = (64, 1)[i] if len(comp) == 2 else None
            if b in g:
                line += '; %.0f forwards of batch %d' % (cc / (g[b][0] * 1e3), b)
            line += ')'
        print(line)
    if not comp:
        print('  no "msc: jit: compiling" lines in the -v log (graph mode did not compile?)')
        bad = 1
    ccw = re.findall(r'msc: jit: cc ([0-9.]+) ms', warm.stderr)
    hits = len(re.findall(r'msc: jit: cache hit', warm.stderr))
    print('warm cache: %d cache hits, %d cc runs (%s); whole process %.2f s vs %.2f s cold (%.2fx)' % (
        hits, len(ccw), 'ok' if hits and not ccw else 'EXPECTED cache hits and no cc run', warm_s, cold_s,
        warm_s / cold_s))
    if warm.returncode != 0 or not hits or ccw:
        bad = 1
    return bad


# ---------------------------------------------------------------- issue 6 targets

LEVELS = ('O0', 'O1', 'O2')
MEM_RE = re.compile(r'memory plan for @(\S+): arena (\d+) bytes, lower bound (\d+) bytes')
MLP_WEIGHTS = 784 * 512 + 512 + 512 * 512 + 512 + 512 * 10 + 10
DT_SIZE = {'Float32': 4, 'Float64': 8, 'Float16': 2, 'Int32': 4, 'Int64': 8, 'Int8': 1, 'Int16': 2,
           'UInt8': 1, 'UInt16': 2, 'UInt32': 4, 'UInt64': 8, 'Bool': 1}


def verdict(ok):
    return 'ok' if ok else 'BELOW TARGET'


def compiles(stderr):
    """[(name, nodes, capture ms, passes ms or None, codegen ms)] from a -v log."""
    return [(m.group(1), int(m.group(3)), float(m.group(4)), float(m.group(5)) if m.group(5) else None,
             float(m.group(6))) for m in map(COMPILE_RE.match, stderr.splitlines()) if m]


def c_alone(msc, root, bdir, script, level, cache):
    """Times the generated C of each graph of SCRIPT alone: `msc run --dump-c`,
    then a harness that calls the function with random float inputs, built
    like the JIT builds it (cc -O2) with runtime/*.c. Returns {k-th graph:
    seconds per call} or a string saying why not."""
    r = run([msc, 'run', '-' + level, '--dump-c', '--cache-dir=' + cache, script])[1]
    if r.returncode != 0:
        return 'msc --dump-c failed'
    units = re.split(r'(?m)^(?=/\* msc_\w+: graph @)', r.stderr)
    res = {}
    for k, unit in enumerate(u for u in units if u.startswith('/* msc_')):
        fname = re.match(r'/\* (msc_\w+):', unit).group(1)
        args = []
        for m in re.finditer(r'(?m)^ \*   args\[(\d+)\]\s+[^<]*<(?:Ref\[)?Tensor\[(\w+)\]\]?, \(([^)]*)\)>', unit):
            n = 1
            for d in m.group(3).replace(',', ' ').split():
                n *= int(d)
            if m.group(2) not in DT_SIZE or int(m.group(1)) != len(args):
                return 'cannot read the argument list of %s' % fname
            args.append((n, DT_SIZE[m.group(2)], m.group(2).startswith('Float')))
        # Parameters passed packed too (after the outputs): the harness packs them
        packed = []
        for m in re.finditer(r'(?m)^ \*   args\[(\d+)\]\s+Parameter \S+ packed: msrt_gemm_pack_b\(transb (\d), '
                             r'K (\d+), N (\d+)\) of args\[(\d+)\]', unit):
            src = int(m.group(5))
            if int(m.group(1)) != len(args) or src >= len(args) or args[src][1] != 4:
                return 'cannot read the argument list of %s' % fname
            args.append((int(m.group(3)) * int(m.group(4)), 4, False))
            packed.append((int(m.group(1)), int(m.group(2)), int(m.group(3)), int(m.group(4)), src))
        ws = re.search(r'(?m)^ \*   ws\s+(\d+) bytes', unit)
        ws = int(ws.group(1)) if ws else 0
        # the C text ends where msc's next stderr line begins
        body = re.split(r'(?m)^msc: ', unit)[0]
        d = os.path.join(bdir, 'c_alone')
        os.makedirs(d, exist_ok=True)
        gc = os.path.join(d, '%s_%s_%d.c' % (os.path.basename(script)[:-3], level, k))
        with open(gc, 'w') as f:
            f.write(body)
        h = ['#define _POSIX_C_SOURCE 200112L', '#include <stdio.h>', '#include <stdlib.h>',
             '#include <string.h>', '#include <time.h>', '#include "msrt.h"',
             'int %s(void *const *args, void *ws);' % fname,
             'static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t);',
             '  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9; }',
             'int main(void) {',
             '  static const long n[%d] = {%s};' % (len(args), ', '.join(str(a[0]) for a in args)),
             '  static const int sz[%d] = {%s};' % (len(args), ', '.join(str(a[1]) for a in args)),
             '  static const int fl[%d] = {%s};' % (len(args), ', '.join(str(int(a[2])) for a in args)),
             '  void *a[%d]; void *ws = NULL;' % len(args),
             '  for (int i = 0; i < %d; i++) {' % len(args),
             '    if (posix_memalign(&a[i], 64, (size_t)(n[i] * sz[i]) + 64)) return 1;',
             '    memset(a[i], 0, (size_t)(n[i] * sz[i]));',
             '    if (fl[i] && sz[i] == 4) for (long j = 0; j < n[i]; j++) ((float *)a[i])[j] = (float)((j * 7 + i) % 13) * 0.01f - 0.05f;',
             '  }',
             '  if (posix_memalign(&ws, 64, %d + 64)) return 1;' % ws] + [
             '  msrt_gemm_pack_b(MSRT_FLOAT32, %d, %d, %d, a[%d], a[%d]);' % (tb, kk, nn, src, i)
             for i, tb, kk, nn, src in packed] + [
             '  if (%s(a, ws)) { printf("rc != 0\\n"); return 1; }' % fname,
             # the statistic of bench/mlp/mlp_graph.py's Graph-mode figure:
             # the best of 5 rounds of 200 calls (50 for a call over 100 us),
             # each round's mean, after 5 warm-up calls (the best of 10-call
             # batches over 0.5 s, as before, left out the occasional slow
             # call that the script's means include: 1 us of the 3.7 us
             # "call path" at batch 1 was that difference in statistic)
             '  for (int i = 0; i < 5; i++) %s(a, ws);' % fname,
             '  double t1 = now(); %s(a, ws); t1 = now() - t1;' % fname,
             '  long calls = t1 < 100e-6 ? 200 : 50; double best = 1e9;',
             '  for (int r = 0; r < 5; r++) {',
             '    double t0 = now();',
             '    for (long i = 0; i < calls; i++) %s(a, ws);' % fname,
             '    double t = (now() - t0) / (double)calls; if (t < best) best = t;',
             '  }',
             '  printf("c alone: %.9f\\n", best);',
             '  return 0;',
             '}', '']
        hc = os.path.join(d, 'harness_%s_%s_%d.c' % (os.path.basename(script)[:-3], level, k))
        with open(hc, 'w') as f:
            f.write('\n'.join(h))
        exe = hc[:-2]
        cc = os.environ.get('CC', 'cc').split()
        rt = sorted(os.path.join(root, 'runtime', x) for x in os.listdir(os.path.join(root, 'runtime'))
                    if x.endswith('.c'))
        b = subprocess.run(cc + ['-std=c99', '-O2', '-I' + os.path.join(root, 'runtime'), '-o', exe, hc, gc] + rt +
                           ['-lm', '-lpthread'], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if b.returncode != 0:
            return 'harness build failed: %s' % (b.stderr.strip().splitlines() or [''])[0][:120]
        o = subprocess.run([exe], stdout=subprocess.PIPE, text=True)
        m = re.search(r'c alone: ([0-9.]+)', o.stdout)
        if o.returncode != 0 or not m:
            return 'harness failed'
        res[k] = float(m.group(1))
    return res


def targets(argv):
    """graph_bench.py --targets MSC ROOT BDIR: the performance targets of
    issue 6 (see scripts/bench.sh). Reported, never asserted: the exit
    status is non-zero only when a run fails or prints nothing to measure."""
    msc, root, bdir = os.path.abspath(argv[0]), argv[1], argv[2]
    mlp = os.path.join(root, 'bench', 'mlp')
    lenet = os.path.join(root, 'bench', 'lenet', 'lenet_graph.py')
    bad = 0
    peak = 0.0
    for line in open(os.path.join(bdir, 'gemm_bench.out')):
        f = line.split()
        if f[:2] == ['peak', 'f32'] and len(f) == 3:
            peak = float(f[2])
    s = subprocess.run([os.path.join(bdir, 'stream_bench'), '0.5'], stdout=subprocess.PIPE, text=True)
    m = re.search(r'stream f32 (\d+) floats: ([0-9.]+) us', s.stdout)
    floor = float(m.group(2)) * 1e-6 if m and s.returncode == 0 else None
    if floor is None or int(m.group(1)) != MLP_WEIGHTS:
        print('stream_bench failed or read the wrong number of floats: %r' % s.stdout.strip())
        bad = 1
    tr = run([PY3, os.path.join(mlp, 'mlp_torch.py')])[1]
    torch_t = times(tr) if tr.returncode == 0 else {}
    if os.environ.get('MSC_BENCH_TORCH_BROKEN') == '1':  # scripts/bench_refs.py's 50 % rule
        print('PyTorch: REFERENCE BROKEN (its 1024^3 sgemm below 50% of peak): no ratio against it')
        torch_t = {}
    cache = tempfile.mkdtemp(prefix='msc-bench-cache.')
    per = {}  # level -> dict
    try:
        for lv in LEVELS:
            d = {}
            r = run([msc, 'run', '-' + lv, '-v', '--memory-report', '--cache-dir=' + cache,
                     os.path.join(mlp, 'mlp_graph.py')])[1]
            o = run([msc, 'run', '-' + lv, '--cache-dir=' + cache, os.path.join(mlp, 'jit_overhead.py')])[1]
            lr = run([msc, 'run', '-' + lv, '--memory-report', '--cache-dir=' + cache, lenet])[1]
            if r.returncode != 0 or o.returncode != 0 or lr.returncode != 0:
                bad = 1
                print('-%s: a run FAILED: %s' % (lv, ((r.stderr if r.returncode else o.stderr if o.returncode
                                                       else lr.stderr).strip().splitlines() or [''])[-1][:200]))
                continue
            d['t'] = times(r)
            m = re.search(r'overhead: ([0-9.]+)', o.stdout)
            d['overhead'] = float(m.group(1)) if m else None
            d['comp'] = compiles(r.stderr)
            d['mem'] = [tuple(int(x) for x in mm.groups()[1:]) for mm in MEM_RE.finditer(r.stderr)]
            d['lenet_mem'] = [tuple(int(x) for x in mm.groups()[1:]) for mm in MEM_RE.finditer(lr.stderr)]
            d['c'] = c_alone(msc, root, bdir, os.path.join(mlp, 'mlp_graph.py'), lv, cache)
            per[lv] = d
    finally:
        shutil.rmtree(cache, ignore_errors=True)

    flops64 = 2.0 * 64 * (784 * 512 + 512 * 512 + 512 * 10)
    t64 = torch_t.get(64, (0,))[0]
    print('seed MLP 784-512-512-10 forward, Graph mode, one core, batch 64 (peak %.1f GFLOP/s; PyTorch eager, '
          'one thread: %s)' % (peak, '%.1fus' % (t64 * 1e6) if t64 else 'not available'))
    print('%-5s %10s %9s %8s %11s  %-20s %s' % ('level', 'graph', 'GFLOP/s', 'of peak', 'PyTorch/gr',
                                              'target >= 1.1x', 'target >= 80% of peak'))
    for lv, d in per.items():
        if 64 not in d['t']:
            print('%-5s graph mode printed no batch-64 time' % lv)
            bad = 1
            continue
        t = d['t'][64][0]
        g = flops64 / t * 1e-9
        frac = g / peak if peak else 0
        sp = t64 / t if t64 else 0
        print('%-5s %8.1fus %9.1f %7.0f%% %10.2fx  %-20s %s' % (
            lv, t * 1e6, g, 100 * frac, sp, verdict(sp >= 1.1) if t64 else 'no PyTorch', verdict(frac >= 0.8)))

    t1 = torch_t.get(1, (0,))[0]
    print()
    print('seed MLP forward, batch 1: weight-streaming floor %s (bench/stream_bench.c: %d floats read once, '
          'warm cache); PyTorch eager %s' % ('%.1fus' % (floor * 1e6) if floor else '?', MLP_WEIGHTS,
                                             '%.1fus' % (t1 * 1e6) if t1 else 'not available'))
    print('  graph = the whole Graph-mode call as the script sees it; call = an almost empty Graph-mode call '
          '(bench/mlp/jit_overhead.py); C = the generated C alone (harness, no msc); PyTorch/gr > 1: faster')
    print('%-5s %10s %9s %9s %9s %9s %11s  %-18s %s' % ('level', 'graph', 'call', 'C', 'graph/flr', 'C/floor',
                                                     'PyTorch/gr', 'target <= 1.1x flr', 'target faster than PyTorch'))
    for lv, d in per.items():
        if 1 not in d['t']:
            print('%-5s graph mode printed no batch-1 time' % lv)
            bad = 1
            continue
        t = d['t'][1][0]
        c = d['c'][1] if isinstance(d['c'], dict) and 1 in d['c'] else None
        ov = d['overhead']
        print('%-5s %8.1fus %7.1fus %9s %8.2fx %9s %10.2fx  %-18s %s' % (
            lv, t * 1e6, (ov or 0) * 1e6, '%.1fus' % (c * 1e6) if c else '?',
            t / floor if floor else 0, '%.2fx' % (c / floor) if c and floor else '?', t1 / t if t1 else 0,
            verdict(floor and t <= 1.1 * floor) + ('' if c is None or not floor else ' (C alone: %s)' % verdict(
                c <= 1.1 * floor)), verdict(t1 and t < t1) if t1 else 'no PyTorch'))
        if not isinstance(d['c'], dict):
            print('      (C alone not measured: %s)' % d['c'])
        elif c:
            print('      graph - C alone: %.1f us (the call path; target <= 3 us: %s)' % (
                (t - c) * 1e6, verdict(t - c <= 3e-6)))

    print()
    print('arena vs lower bound (msc run --memory-report, the batch-64 graph; target <= 1.1x)')
    print('%-5s %-10s %12s %12s %7s  %s' % ('level', 'model', 'arena', 'lower bound', 'ratio', 'target'))
    for lv, d in per.items():
        for model, mem, ncomp in (('seed MLP', d['mem'], len(d['comp'])), ('LeNet-5', d['lenet_mem'], None)):
            if not mem or (ncomp is not None and len(mem) != ncomp):
                print('%-5s %-10s no "memory plan for @NAME: arena N bytes, lower bound M bytes" line%s' % (
                    lv, model, '' if not mem else ' per compiled graph'))
                bad = 1
                continue
            arena, lb = mem[0]  # batch 64 is compiled first
            ratio = arena / lb if lb else float('inf') if arena else 1.0
            print('%-5s %-10s %12d %12d %6.2fx  %s' % (lv, model, arena, lb, ratio, verdict(ratio <= 1.1)))

    print()
    print('capture to C text, seed MLP batch 64 (msc run -v: capture + passes + codegen; target < 20 ms)')
    for lv, d in per.items():
        if not d['comp']:
            print('%-5s no "msc: jit: compiling" line in the -v log' % lv)
            bad = 1
            continue
        nm, nodes, cap, ps, cg = d['comp'][0]
        tot = cap + (ps or 0) + cg
        print('%-5s %d nodes: capture %.2f ms + passes %s + codegen %.2f ms = %.2f ms  %s' % (
            lv, nodes, cap, '%.2f ms' % ps if ps is not None else '(not logged)', cg, tot, verdict(tot < 20)))

    print()
    bad |= scaling(msc, root)
    return bad


def scaling(msc, root):
    """Compile time against graph size: bench/scaling/gen_graph.py scripts
    of 250..2000 nodes, run with `msc run -v` at the default level on a
    private cache; the capture, passes and codegen figures (cc excluded)."""
    gen = os.path.join(root, 'bench', 'scaling', 'gen_graph.py')
    tmp = tempfile.mkdtemp(prefix='msc-bench-scaling.')
    rows, bad = [], 0
    try:
        for n in (250, 500, 1000, 2000):
            path = os.path.join(tmp, 'graph_%d.py' % n)
            subprocess.run([PY3, gen, str(n), path], check=True)
            # the captured graph's size (the -v line counts the nodes left
            # after the passes): the generator's count, NODES_PER_BLOCK per block
            m = re.search(r'^# generated by .*: (\d+) blocks \((\d+) nodes captured\)', open(path).read(), re.M)
            nodes = int(m.group(2))
            best = None
            for _ in range(5):  # best of 5 (the C text is cached after the first: cc runs once)
                r = run([msc, 'run', '-v', '--cache-dir=' + os.path.join(tmp, 'cache'), path])[1]
                c = compiles(r.stderr)
                if r.returncode != 0 or not c:
                    print('scaling: %d nodes: FAILED: %s' % (n, (r.stderr.strip().splitlines() or [''])[-1][:200]))
                    bad = 1
                    break
                _, after, cap, ps, cg = c[0]
                tot = cap + (ps or 0) + cg
                if best is None or tot < best[5]:
                    best = (nodes, after, cap, ps, cg, tot)
            if best:
                rows.append((n,) + best)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print('compile time vs graph size (bench/scaling/gen_graph.py; msc run -v, default level, cc excluded; '
          'best of 5; target: 2000 nodes < 1 s, per-node cost flat)')
    print('%-7s %7s %8s %10s %10s %10s %10s %10s' % ('target', 'nodes', 'after', 'capture', 'passes', 'codegen',
                                                     'total', 'us/node'))
    for n, nodes, after, cap, ps, cg, tot in rows:
        print('%-7d %7d %8d %8.2fms %10s %8.2fms %8.2fms %10.2f' % (
            n, nodes, after, cap, '%.2fms' % ps if ps is not None else '-', cg, tot, tot / max(nodes, 1) * 1e3))
    if rows:
        per = [tot / max(nodes, 1) for _, nodes, _, _, _, _, tot in rows]
        big = [r for r in rows if r[0] == 2000]
        print('("nodes": captured; "after": left after the passes, from the -v line)')
        print('largest/smallest per-node cost: %.2fx (%s); 2000 nodes: %s' % (
            max(per) / min(per), 'flat' if max(per) / min(per) <= 2.0 else 'NOT FLAT (> 2x)',
            ('%.1f ms, %s' % (big[0][6], 'ok' if big[0][6] < 1000 else 'ABOVE TARGET')) if big else 'not run'))
    return bad


if __name__ == '__main__':
    if len(sys.argv) > 1 and sys.argv[1] == '--targets':
        sys.exit(targets(sys.argv[2:]))
    sys.exit(main())
