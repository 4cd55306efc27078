#!/bin/sh
# rnn.sh MSC — the control-flow bench (issue 16): an RNN cell, hidden 128,
# batch 1, 100 time steps by a `while` on a tensor counter, in Graph mode
# against msc's PyNative and PyTorch eager (one thread). The three run in
# turn, ROUNDS times (default 3), each printing its fastest call; the
# table has the best of each and the two ratios beside their targets
# (>= 5x, >= 2x); the checksums of the three must agree. PyTorch's BLAS
# runs on the OpenBLAS kernel set scripts/bench_refs.py chose by
# measurement: make bench's choice (its refs.env, in the environment), or,
# run on its own, the same choice made here (bench_refs.py --blas); the
# core name is printed beside its row, and REFERENCE BROKEN instead of its
# ratio when the best set is below half the FMA peak. Never part of
# `make test`.
set -eu
msc=$1
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ -z "${MSC_BENCH_BLAS_CORE:-}" ]; then
  bdir=$(cd "$(dirname "$msc")" && pwd)/bench/rnn
  mkdir -p "$bdir"
  if ! /usr/bin/python3 "$root/scripts/bench_refs.py" --blas "$root" "$bdir" >"$bdir/refs.log" 2>&1; then
    cat "$bdir/refs.log"
    exit 1
  fi
  grep -E 'chosen:|REFERENCE BROKEN' "$bdir/refs.log"
  # shellcheck disable=SC1091
  . "$bdir/refs.env"
fi
OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 MKL_NUM_THREADS=1
export OPENBLAS_NUM_THREADS OMP_NUM_THREADS MKL_NUM_THREADS
/usr/bin/python3 - "$msc" "$here" "${ROUNDS:-3}" <<'PY'
import os, subprocess, sys
msc, here, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
cmds = {'graph': [msc, 'run', here + '/rnn.py', 'graph', '200'],
        'pynative': [msc, 'run', here + '/rnn.py', 'pynative', '50'],
        'torch': ['/usr/bin/python3', here + '/rnn_torch.py', '50']}
best, sums, core = {}, {}, '?'
for _ in range(rounds):  # in turn: a load change hits all three alike
    for k, cmd in cmds.items():
        out = subprocess.run(cmd, stdout=subprocess.PIPE, check=True, text=True).stdout.split('\n')
        best[k] = min(best.get(k, 1e30), float(out[0]))
        sums[k] = float(out[1])
        if k == 'torch' and out[2].startswith('core '):
            core = out[2].split()[1]
g, p, t = best['graph'], best['pynative'], best['torch']
ok = abs(sums['graph'] - sums['torch']) < 1e-3 and abs(sums['pynative'] - sums['torch']) < 1e-3
broken = os.environ.get('MSC_BENCH_TORCH_BROKEN') == '1'  # refs.env: torch's own 1024^3 check
print('rnn (hidden 128, 100 steps by while; best call of %d rounds in turn): graph %.3f ms, '
      'msc pynative %.3f ms, torch eager[%s] %.3f ms' % (rounds, g, p, core, t))
print('  graph vs msc pynative: %.2fx (target >= 5x)' % (p / g))
if broken:
    print('  graph vs torch eager[%s]: REFERENCE BROKEN (target >= 2x)' % core)
else:
    print('  graph vs torch eager[%s]: %.2fx (target >= 2x; [core]: its OpenBLAS kernel set%s)' % (
        core, t / g, ', OPENBLAS_CORETYPE=' + os.environ['OPENBLAS_CORETYPE'] if os.environ.get('OPENBLAS_CORETYPE') else ''))
print('  checksums agree' if ok else '  CHECKSUMS DIFFER: %s' % sums)
if os.environ.get('MSC_BENCH_JSONL'):  # make bench: into build/bench.json
    import json
    with open(os.environ['MSC_BENCH_JSONL'], 'a') as f:
        f.write(json.dumps({'section': 'rnn cell, hidden 128, 100 steps by while (issue 16)', 'batch': 1,
                            'graph_s': g * 1e-3, 'refs': {
                                'PyNative': {'s': p * 1e-3, 'core': None, 'broken': False},
                                'PyTorch': {'s': t * 1e-3, 'core': core, 'broken': broken}}}) + '\n')
sys.exit(0 if ok else 1)
PY
