"""train_ref.py DIR — the numpy reference of train_net.py: three Momentum
steps (lr 0.1, momentum 0.9: accum = 0.9 * accum + grad, w -= 0.1 * accum)
of a Dense(4, 3) under the mean sparse softmax cross-entropy, and two
training-mode BatchNorm1d calls (batch statistics, biased variance for the
output, moving = 0.9 * moving + 0.1 * batch with the unbiased variance).
Compares with what msc saved (the GraphCell's losses, the checkpoint it
wrote, the BatchNorm outputs and moving statistics)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import pb  # noqa: E402

d = sys.argv[1]


def err(e):
    return f'{e:.1e} ' + ('ok' if e < 1e-5 else 'FAIL')



ld = lambda n: np.load(os.path.join(d, n))  # noqa: E731
x, y = ld('x.npy').astype(np.float64), ld('y.npy')
w, b = ld('w0.npy').astype(np.float64), ld('b0.npy').astype(np.float64)
aw, ab = np.zeros_like(w), np.zeros_like(b)
losses = []
for _ in range(3):
    z = x @ w.T + b
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    losses.append(-np.log(p[np.arange(len(y)), y]).mean())
    g = p.copy()
    g[np.arange(len(y)), y] -= 1
    g /= len(y)
    aw, ab = 0.9 * aw + g.T @ x, 0.9 * ab + g.sum(axis=0)
    w, b = w - 0.1 * aw, b - 0.1 * ab
print('losses', ' '.join(f'{v:.5f}' for v in losses),
      'max error', err(np.abs(ld("losses.npy") - np.array(losses)).max()))

# the checkpoint save_checkpoint(graph_cell) wrote, read by Python's protobuf
ck = pb.ckpt.Checkpoint()
ck.ParseFromString(open(os.path.join(d, 'trained.ckpt'), 'rb').read())
vals = {v.tag: np.frombuffer(v.tensor.tensor_content, np.float32).reshape(list(v.tensor.dims)) for v in ck.value}
print('checkpoint', sorted(vals))
print('weights max error', err(max(np.abs(vals["fc.weight"] - w).max(), np.abs(vals["fc.bias"] - b).max())),
      'moments max error', err(max(np.abs(vals["moments.fc.weight"] - aw).max(), np.abs(vals["moments.fc.bias"] - ab).max())))

h = x @ ld('bw0.npy').astype(np.float64).T + ld('bb0.npy')
mean, var = h.mean(axis=0), h.var(axis=0)
out = np.maximum((h - mean) / np.sqrt(var + 1e-5), 0)
mm, mv = np.zeros(6), np.ones(6)
for _ in range(2):
    mm, mv = 0.9 * mm + 0.1 * mean, 0.9 * mv + 0.1 * h.var(axis=0, ddof=1)
print('batchnorm out max error', err(max(np.abs(ld("bn_out0.npy") - out).max(), np.abs(ld("bn_out1.npy") - out).max())),
      'moving max error', err(max(np.abs(ld("bn_mean.npy") - mm).max(), np.abs(ld("bn_var.npy") - mv).max())))
