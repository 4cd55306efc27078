"""Checks the metrics tests/dataset/model_train.py saved against numpy
formulas written here from MindSpore's definitions, and its Model.train
losses against PyTorch (the same Dense, cross-entropy and SGD)."""
import sys
import numpy as np

d = sys.argv[1]
z = np.load(f'{d}/logits.npy').astype(np.float64)
y = np.load(f'{d}/labels.npy')
pred = z.argmax(1)
onehot = np.eye(3)[y]
tp = np.array([((pred == c) & (y == c)).sum() for c in range(3)], np.float64)
ref = {
    'accuracy': (pred == y).mean(),
    'accuracy_onehot': (pred == y).mean(),
    'precision': tp / (np.array([(pred == c).sum() for c in range(3)]) + sys.float_info.min),
    'recall': tp / (np.array([(y == c).sum() for c in range(3)]) + sys.float_info.min),
    'top2': np.mean([y[i] in np.argsort(-z[i])[:2] for i in range(len(y))]),
    'mae': np.abs(onehot - z).sum() / len(y),
    'mse': ((onehot - z) ** 2).sum() / len(y),
}
ref['precision_avg'] = ref['precision'].mean()
bad = []
for k in ref:
    got = np.load(f'{d}/metric_{k}.npy')
    if got.shape != np.shape(ref[k]) or not np.allclose(got, ref[k], rtol=1e-5, atol=1e-6):
        bad.append(f'{k}: {got} vs {ref[k]}')
for b in bad:
    print('MISMATCH', b)
print(f'checked {len(ref)} metrics, {len(bad)} mismatches')

import torch
w = torch.tensor(np.load(f'{d}/w0.npy'), requires_grad=True)
b = torch.tensor(np.load(f'{d}/b0.npy'), requires_grad=True)
xs = torch.tensor(np.load(f'{d}/x.npy'))
ys = torch.tensor(y.astype(np.int64))
opt = torch.optim.SGD([w, b], lr=0.5)
ref_losses = []
for _ in range(2):
    for k in range(4):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(xs[8 * k:8 * k + 8] @ w.T + b, ys[8 * k:8 * k + 8])
        loss.backward()
        opt.step()
        ref_losses.append(float(loss))
got = np.load(f'{d}/ms_losses.npy')
if got.shape == (8,) and np.allclose(got, ref_losses, rtol=1e-5, atol=1e-6):
    print(f'torch losses match: {len(ref_losses)} steps')
else:
    print('torch losses MISMATCH', got.tolist(), ref_losses)
