# Reference for ../dataset_digits.py: the same pipeline in numpy. Order: the
# shuffled source's epochs are numpy.random.RandomState(11).permutation(1437)
# in turn; batches are 64 consecutive rows of that order, the last partial
# batch dropped; Dense(64, 10) with all-ones weights and zero bias, times 0.5.
import sys
import numpy as np

root = sys.argv[1]
tr = np.load(root + '/digits_train.npz')
te = np.load(root + '/digits_test.npz')
for name, f in (('train', tr), ('test', te)):
    x, y = f['x'], f['y']
    print(name, x.dtype, x.shape, y.dtype, y.shape, int(x.min()), int(x.max()), int(y.min()), int(y.max()),
          int(x.astype(np.int64).sum()), int(y.astype(np.int64).sum()))
x = tr['x'].astype(np.float32) / 16
y = tr['y']
print('size', 1437 // 64, 'cols', ['image', 'label'])
rs = np.random.RandomState(11)
for epoch in range(2):
    perm = rs.permutation(1437)
    k = 0
    for s in range(0, 1437 - 63, 64):
        idx = perm[s:s + 64]
        img, lab = x[idx], y[idx]
        out = (img.astype(np.float64) @ np.ones((64, 10))) * 0.5
        if k < 3 or k == 21:
            print('b', epoch, k, img.shape, lab.tolist()[:8], int(lab.sum()), float(img.sum()), float(out.sum()))
        k += 1
    print('epoch', epoch, 'batches', k)
