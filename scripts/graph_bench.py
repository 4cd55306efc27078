"""graph_bench.py — one Graph-mode section of `make bench` (scripts/bench.sh).

    graph_bench.py MSC TITLE GRAPH_SCRIPT [NAME=KIND:FILE ...]

Runs GRAPH_SCRIPT (a model forward in Graph mode that prints lines
"batch B: SECONDS [CHECKSUM]") with `msc run -v` on a cold private JIT cache
and again on the warm cache, then each reference NAME (KIND msc: `msc run
FILE`; msc-pynative: `msc run --mode=pynative FILE`; python: Debian's
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


def run(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return time.perf_counter() - t0, r


def times(r):
    return {int(m.group(1)): (float(m.group(2)), m.group(3))
            for m in re.finditer(r'batch (\d+): ([0-9.]+)(?: (\S+))?', r.stdout)}


def main():
    msc, title, graph = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    refs = []
    for spec in sys.argv[4:]:
        name, rest = spec.split('=', 1)
        kind, path = rest.split(':', 1)
        refs.append((name, kind, path))
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
        else:
            cmd = [msc, 'run'] + (['--mode=pynative'] if kind == 'msc-pynative' else []) + [path]
        r = run(cmd)[1]
        if r.returncode != 0:
            print('%s run FAILED: %s' % (name, r.stderr.strip()[-200:]))
            bad = 1
            results.append((name, kind, None, 'failed'))
        else:
            results.append((name, kind, times(r), ''))
    g = times(cold)
    head = '%-6s %10s' % ('batch', 'graph')
    for name, _, _, _ in results:
        head += ' %10s %7s' % (name, 'ratio')
    print(head)
    for b in (64, 1):
        if b not in g:
            print('%-6d graph mode printed no time' % b)
            bad = 1
            continue
        row = '%-6d %8.1fus' % (b, g[b][0] * 1e6)
        for name, kind, t, note in results:
            if t is not None and b in t:
                row += ' %8.1fus %6.2fx' % (t[b][0] * 1e6, g[b][0] / t[b][0])
            else:
                row += '  %s: %s' % (name, note or 'no time')
        print(row)
        for name, kind, t, _ in results:
            if kind.startswith('msc') and t and b in t and t[b][1] != g[b][1]:
                print('       CHECKSUM DIFFERS: graph %s, %s %s' % (g[b][1], name, t[b][1]))
                bad = 1
    # compile cost, from the -v log of the cold run (each "compiling" line is
    # followed by its "cc" or "cache hit" line); the warm run must hit the cache
    comp = []
    for line in cold.stderr.splitlines():
        m = re.match(r"msc: jit: compiling '([^']*)' \((.*?)\): (\d+) nodes, capture ([0-9.]+) ms, "
                     r"codegen ([0-9.]+) ms", line)
        if m:
            comp.append(list(m.groups()) + [None])
        m = re.match(r'msc: jit: cc ([0-9.]+) ms', line)
        if m and comp:
            comp[-1][5] = float(m.group(1))
    ccs = re.findall(r'msc: jit: cc ([0-9.]+) ms', cold.stderr)
    hits_cold = len(re.findall(r'msc: jit: cache hit', cold.stderr))
    print('compile (cold cache): %d graphs, %d cc runs, %d cache hits' % (len(comp), len(ccs), hits_cold))
    for i, (nm, why, nodes, cap, cg, cc) in enumerate(comp):
        c_ms = float(cap) + float(cg)
        line = "  '%s' (%s): %s nodes; capture %.2f ms + codegen %.2f ms = %.2f ms to C text" % (
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


if __name__ == '__main__':
    sys.exit(main())
