"""bench_refs.py — the references of `make bench`, made honest (issue 17).

    bench_refs.py ROOT BDIR

1. The FMA peak of this core for each vector width it has (bench/gemm_bench,
   run by scripts/bench.sh before this: BDIR/gemm_bench.out, lines "peak
   f32 wNNN G"); "% of peak" uses the widest.
2. OpenBLAS's kernel set: the one Debian's OpenBLAS picks as installed
   (openblas_get_corename() through ctypes in numpy's process), then each
   candidate OPENBLAS_CORETYPE measured on one 1024^3 sgemm through numpy,
   one thread (a candidate the CPU cannot run dies of SIGILL and is
   reported as such). The fastest is chosen by measurement, not by a
   CPU-name table, and used by every reference after this (numpy, PyTorch,
   whose BLAS is the same libblas, and bench/ref/handref).
3. If the chosen 1024^3 sgemm still runs below 50 % of the widest peak,
   the BLAS references are REFERENCE BROKEN: bench sections print that
   instead of a ratio against them.
4. bench/ref/handref.c (hand-written C references: seed MLP forward,
   training step, LeNet-5) built with cc -O3 -march=native.

Writes BDIR/refs.env (sourced by scripts/bench.sh: OPENBLAS_CORETYPE,
MSC_BENCH_BLAS_CORE, MSC_BENCH_REF_BROKEN) and BDIR/refs.json (for
build/bench.json). Reported, never asserted; exit status non-zero only if
nothing could be measured.

    bench_refs.py --blas ROOT BDIR

Steps 1 to 3 only, for a bench run on its own (bench/rnn/rnn.sh outside
`make bench`): bench/gemm_bench is built and run for the peak when
BDIR/gemm_bench.out is missing; BDIR/refs.env is written the same way.
A reference script names the kernel set it ran on with openblas_core()
(import this file) and prints it as "core NAME".
"""
import json
import os
import platform
import subprocess
import sys

PY3 = '/usr/bin/python3'
HERE = os.path.dirname(os.path.abspath(__file__))
# OpenBLAS 0.3.21's DYNAMIC_ARCH x86-64 kernel sets worth trying on a
# machine with AVX2 or better (and Prescott, the fallback of an
# unrecognised CPU, for information).
CANDIDATES = ['Haswell', 'Zen', 'SkylakeX', 'Cooperlake', 'SapphireRapids', 'Sandybridge', 'Prescott']

SGEMM_PY = r'''
import sys, time
import numpy as np
sys.path.insert(0, %r)
from bench_refs import openblas_core
core = openblas_core()
n = 1024
rng = np.random.default_rng(0)
a = rng.standard_normal((n, n)).astype(np.float32)
b = rng.standard_normal((n, n)).astype(np.float32)
a @ b
best = 1e30
for _ in range(int(sys.argv[1])):
    t = time.perf_counter()
    a @ b
    best = min(best, time.perf_counter() - t)
print(core, 2.0 * n ** 3 / best * 1e-9)
''' % HERE

TORCH_PY = r'''
import sys, time
import torch
torch.set_num_threads(1)
sys.path.insert(0, %r)
from bench_refs import openblas_core
core = openblas_core()
n = 1024
a = torch.rand(n, n)
b = torch.rand(n, n)
a @ b
best = 1e30
for _ in range(3):
    t = time.perf_counter()
    a @ b
    best = min(best, time.perf_counter() - t)
print(core, 2.0 * n ** 3 / best * 1e-9)
''' % HERE


def openblas_core():
    """The kernel set OpenBLAS runs in this process (openblas_get_corename()
    of the libblas numpy or PyTorch loaded), or '?'."""
    import ctypes
    for line in open('/proc/self/maps'):
        p = line.split()[-1]
        if 'blas' in p and p.startswith('/'):
            try:
                f = ctypes.CDLL(p).openblas_get_corename
                f.restype = ctypes.c_char_p
                return f().decode()
            except (OSError, AttributeError):
                pass
    return '?'


def env1(core=None):
    e = dict(os.environ, OPENBLAS_NUM_THREADS='1', OMP_NUM_THREADS='1', MKL_NUM_THREADS='1')
    e.pop('OPENBLAS_CORETYPE', None)
    if core:
        e['OPENBLAS_CORETYPE'] = core
    return e


def measure(code, core, reps='8', timeout=120):
    """(core name in use, GFLOP/s) or (None, why)."""
    try:
        r = subprocess.run([PY3, '-c', code, reps], env=env1(core), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, 'timed out'
    if r.returncode != 0:
        if r.returncode < 0:
            return None, 'died of signal %d (the CPU lacks its instructions)' % -r.returncode
        return None, (r.stderr.strip().splitlines() or ['exit %d' % r.returncode])[-1][:100]
    f = r.stdout.split()
    return f[0], float(f[1])


def cpu_model():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cpu_flags():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('flags'):
                fl = line.split(':', 1)[1].split()
                return [f for f in ('sse4_2', 'avx', 'avx2', 'fma', 'avx512f', 'avx512vl', 'avx512bw') if f in fl]
    except OSError:
        pass
    return []


def read_peaks(root, bdir, build):
    """{'wNNN': GFLOP/s} and the widest, from BDIR/gemm_bench.out (built and
    run here first when build and it is missing, as scripts/bench.sh does)."""
    out = os.path.join(bdir, 'gemm_bench.out')
    if build and not os.path.exists(out):
        os.makedirs(bdir, exist_ok=True)
        exe = os.path.join(bdir, 'gemm_bench')
        rt = sorted(os.path.join(root, 'runtime', f) for f in os.listdir(os.path.join(root, 'runtime'))
                    if f.endswith('.c'))
        subprocess.run([os.environ.get('CC', 'cc'), '-std=c99', '-O2', '-g', '-I' + root, '-o', exe,
                        os.path.join(root, 'bench', 'gemm_bench.c')] + rt + ['-lm'], check=True)
        with open(out, 'w') as f:
            subprocess.run([exe, '1.0'], stdout=f, check=True)
    peaks, widest = {}, 0.0
    for line in open(out):
        f = line.split()
        if f[:2] == ['peak', 'f32'] and len(f) == 4:
            peaks[f[2]] = float(f[3])
        elif f[:2] == ['peak', 'f32'] and len(f) == 3:
            widest = float(f[2])
    return peaks, widest


def choose_blas(res, widest):
    """Steps 2 and 3: res['blas'], res['blas_broken']; returns the chosen
    OPENBLAS_CORETYPE (None: as installed), its core name and whether the
    references are broken."""
    installed = measure(SGEMM_PY, None)
    print('OpenBLAS through numpy, one thread, 1024^3 sgemm:')
    if installed[0] is None:
        print('  numpy failed: %s' % installed[1])
        res['blas'] = {'error': installed[1]}
        chosen, best = None, 0.0
    else:
        print('  %-16s core %-14s %7.1f GFLOP/s  (%3.0f%% of peak)' % (
            'as installed', installed[0], installed[1], 100 * installed[1] / widest if widest else 0))
        cands = {}
        chosen, best = None, installed[1]
        for c in CANDIDATES:
            core, g = measure(SGEMM_PY, c)
            if core is None:
                print('  %-16s %s' % ('CORETYPE=' + c, g))
                cands[c] = {'error': g}
                continue
            cands[c] = {'core': core, 'gflops': g}
            print('  %-16s core %-14s %7.1f GFLOP/s  (%3.0f%% of peak)' % (
                'CORETYPE=' + c, core, g, 100 * g / widest if widest else 0))
            if g > best:
                chosen, best = c, g
        chosen_core = cands[chosen]['core'] if chosen else installed[0]
        res['blas'] = {'installed_core': installed[0], 'installed_gflops': installed[1], 'candidates': cands,
                       'chosen_coretype': chosen, 'core': chosen_core, 'sgemm1024_gflops': best}
        print('  chosen: %s (core %s, %.1f GFLOP/s)' % (
            'OPENBLAS_CORETYPE=' + chosen if chosen else 'as installed', chosen_core, best))
    broken = bool(widest) and best < 0.5 * widest
    res['blas_broken'] = broken
    if broken:
        print('  REFERENCE BROKEN: the best OpenBLAS kernel set reaches %.0f%% of the widest peak (< 50%%): '
              'no ratio is printed against numpy or PyTorch' % (100 * best / widest))
    return chosen, res.get('blas', {}).get('core', 'none'), broken


def write_env(bdir, chosen, core_name, broken, handref=None):
    with open(os.path.join(bdir, 'refs.env'), 'w') as f:
        if chosen:
            f.write('OPENBLAS_CORETYPE=%s; export OPENBLAS_CORETYPE\n' % chosen)
        else:  # as installed: not a CORETYPE the environment may carry
            f.write('unset OPENBLAS_CORETYPE\n')
        f.write('MSC_BENCH_BLAS_CORE=%s; export MSC_BENCH_BLAS_CORE\n' % core_name)
        f.write('MSC_BENCH_REF_BROKEN=%d; export MSC_BENCH_REF_BROKEN\n' % int(broken))
        if handref:
            f.write('MSC_BENCH_HANDREF=%s; export MSC_BENCH_HANDREF\n' % handref)


def main():
    if sys.argv[1:2] == ['--blas']:
        root, bdir = sys.argv[2], sys.argv[3]
        res = {}
        _, widest = read_peaks(root, bdir, True)
        chosen, core_name, broken = choose_blas(res, widest)
        write_env(bdir, chosen, core_name, broken)
        return 0 if res['blas'].get('core') else 1
    root, bdir = sys.argv[1], sys.argv[2]
    peaks, widest = read_peaks(root, bdir, False)
    res = {'machine': {'cpu': cpu_model(), 'flags': cpu_flags(), 'cores': os.cpu_count()},
           'peak_gflops': peaks, 'peak_widest_gflops': widest}
    print('machine: %s (%s), %s logical cores' % (res['machine']['cpu'], ' '.join(res['machine']['flags']),
                                                  os.cpu_count()))
    print('FMA peak, one core, float32: %s; "%% of peak" below uses %.1f GFLOP/s' % (
        ', '.join('%s-bit %.1f GFLOP/s' % (w[1:], g) for w, g in sorted(peaks.items())) or 'not measured',
        widest))

    # ---- OpenBLAS kernel sets
    chosen, core_name, broken = choose_blas(res, widest)

    # ---- PyTorch's BLAS with that choice
    tcore, tg = measure(TORCH_PY, chosen)
    if tcore is None:
        print('PyTorch: %s' % tg)
        res['torch'] = {'error': tg}
    else:
        print('PyTorch 1024^3 matmul, one thread: core %s, %.1f GFLOP/s (%.0f%% of peak)' % (
            tcore, tg, 100 * tg / widest if widest else 0))
        res['torch'] = {'core': tcore, 'gflops': tg}

    # ---- bench/'s hand-written C
    exe = os.path.join(bdir, 'handref')
    cc = os.environ.get('CC', 'cc')
    b = subprocess.run([cc, '-std=c99', '-O3', '-march=native', '-fno-math-errno', '-o', exe,
                        os.path.join(root, 'bench', 'ref', 'handref.c'), '-ldl', '-lm'],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if b.returncode != 0:
        print('bench/ref/handref.c: build FAILED: %s' % b.stdout.strip()[-300:])
        res['handref'] = {'error': 'build failed'}
    else:
        r = subprocess.run([exe, 'sgemm'], env=env1(chosen), stdout=subprocess.PIPE, text=True)
        hcore = r.stdout.split()[1] if r.stdout.startswith('core') else '?'
        g = float(r.stdout.split()[-2]) if r.returncode == 0 else 0.0
        print('bench/ref/handref (cc -O3 -march=native, cblas_sgemm): core %s, 1024^3 sgemm %.1f GFLOP/s' % (
            hcore, g))
        res['handref'] = {'core': hcore, 'sgemm1024_gflops': g, 'exe': exe}
    with open(os.path.join(bdir, 'refs.json'), 'w') as f:
        json.dump(res, f, indent=1, sort_keys=True)
    write_env(bdir, chosen, core_name, broken, exe)
    return 0 if res['blas'].get('installed_core') else 1


if __name__ == '__main__':
    sys.exit(main())
