# rnn_projection_ref.py OUT: checks tests/controlflow/rnn_projection.py's
# printed values (each float32 element's exact repr) against the same RNN in numpy
# (float64 products rounded to float32 per step; 1e-5 relative).
import sys
import numpy as np

H, T = 16, 7
r = np.random.RandomState(0)
wx = (r.randn(H, H) * 0.3).astype(np.float32)
wh = (r.randn(H, H) * 0.3).astype(np.float32)
b = (r.randn(1, H) * 0.1).astype(np.float32)
xs = np.random.RandomState(1).randn(T, 1, H).astype(np.float32)
got = {}
for line in open(sys.argv[1]):
    f = line.split()
    got[int(f[0])] = np.array([float(v) for v in f[1:]], np.float32)
for n in (T, 3, 0):
    h = np.zeros((1, H), np.float32)
    for i in range(n):
        h = np.tanh(xs[i].astype(np.float64) @ wx + h.astype(np.float64) @ wh + b).astype(np.float32)
    if not np.allclose(got[n], h.reshape(-1), rtol=1e-5, atol=1e-6):
        sys.exit('n=%d: msc %s, numpy %s' % (n, got[n], h.reshape(-1)))
print('ok')
