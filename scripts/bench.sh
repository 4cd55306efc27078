#!/bin/sh
# bench.sh MSC — `make bench`: pure-Python workloads in msc and in CPython
# (Debian's /usr/bin/python3) in the same run. Never part of `make test`.
#
# For each bench/*.py: best of 3 wall-clock times in each interpreter (whole
# process, so startup is included), checked that both print the same
# checksum, then a table "workload msc cpython ratio". Then the startup time
# of `msc run` on an empty script (mean of 50 runs). The targets of issue 2
# (ratio <= 2.0, startup < 5 ms) are reported, never asserted: the exit
# status is non-zero only if a workload fails or the outputs disagree.
set -u
[ $# -ge 1 ] || { echo "usage: $0 MSC" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
exec /usr/bin/python3 - "$1" "$root/bench" <<'PY'
import glob, os, subprocess, sys, tempfile, time

msc, bench_dir = os.path.abspath(sys.argv[1]), sys.argv[2]
PY3 = '/usr/bin/python3'
REPS = 3

def run(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return time.perf_counter() - t0, r

def best(cmd):
    times, out = [], None
    for _ in range(REPS):
        t, r = run(cmd)
        if r.returncode != 0:
            return None, r
        times.append(t)
        out = r
    return min(times), out

bad = 0
print('%-12s %9s %9s %7s  %s' % ('workload', 'msc', 'cpython', 'ratio', 'target <= 2.0x'))
for path in sorted(glob.glob(os.path.join(bench_dir, '*.py'))):
    name = os.path.splitext(os.path.basename(path))[0]
    tm, rm = best([msc, 'run', path])
    tp, rp = best([PY3, path])
    if tm is None or tp is None:
        r = rm if tm is None else rp
        who = 'msc' if tm is None else 'cpython'
        print('%-12s FAILED in %s (exit %d): %s' % (name, who, r.returncode,
              r.stderr.decode('utf-8', 'replace').strip().splitlines()[:1]))
        bad += 1
        continue
    if rm.stdout != rp.stdout:
        print('%-12s OUTPUT DIFFERS: msc %r vs cpython %r' % (name, rm.stdout[:80], rp.stdout[:80]))
        bad += 1
        continue
    ratio = tm / tp
    print('%-12s %8.3fs %8.3fs %6.2fx  %s' % (name, tm, tp, ratio, 'ok' if ratio <= 2.0 else 'SLOWER THAN TARGET'))

with tempfile.NamedTemporaryFile('w', suffix='.py', delete=False) as f:
    empty = f.name
N = 50
run([msc, 'run', empty])  # warm the page cache
t0 = time.perf_counter()
for _ in range(N):
    subprocess.run([msc, 'run', empty])
ms = (time.perf_counter() - t0) / N * 1000
t0 = time.perf_counter()
for _ in range(N):
    subprocess.run([PY3, '-S', '-c', ''])
pms = (time.perf_counter() - t0) / N * 1000
os.unlink(empty)
print('startup: msc run on an empty script %.2f ms (mean of %d; target < 5 ms: %s); '
      'python3 -S -c "" %.2f ms' % (ms, N, 'ok' if ms < 5 else 'ABOVE TARGET', pms))
sys.exit(1 if bad else 0)
PY
