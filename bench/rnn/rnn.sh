#!/bin/sh
# rnn.sh MSC — the control-flow bench (issue 16): an RNN cell, hidden 128,
# batch 1, 100 time steps by a `while` on a tensor counter, in Graph mode
# against msc's PyNative and PyTorch eager (one thread). Prints the mean
# time of one call and the two ratios beside their targets (>= 5x, >= 2x);
# the checksums of the three must agree. Never part of `make test`.
set -eu
msc=$1
here=$(cd "$(dirname "$0")" && pwd)
g=$("$msc" run "$here/rnn.py" graph 50)
p=$("$msc" run "$here/rnn.py" pynative 10)
t=$(/usr/bin/python3 "$here/rnn_torch.py" 20)
/usr/bin/python3 - "$g" "$p" "$t" <<'PY'
import sys
(g, gs), (p, ps), (t, ts) = (s.split() for s in sys.argv[1:4])
g, p, t = float(g), float(p), float(t)
ok = abs(float(gs) - float(ts)) < 1e-3 and abs(float(ps) - float(ts)) < 1e-3
print('rnn (hidden 128, 100 steps by while): graph %.3f ms, msc pynative %.3f ms, torch eager %.3f ms' % (g, p, t))
print('  graph vs msc pynative: %.2fx (target >= 5x)' % (p / g))
print('  graph vs torch eager:  %.2fx (target >= 2x)' % (t / g))
print('  checksums agree' if ok else '  CHECKSUMS DIFFER: %s %s %s' % (gs, ps, ts))
sys.exit(0 if ok else 1)
PY
