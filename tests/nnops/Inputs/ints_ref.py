# numpy reference output of ../numpy_flavour_ints.py.
import numpy as np

x = np.arange(1, 17, dtype=np.int32).reshape(1, 1, 4, 4)
w = np.array([[[[1, 0], [0, -1]]]], np.int32)
xd = x.astype(np.float64)
c = xd[:, :, :3, :3] * w[0, 0, 0, 0] + xd[:, :, 1:, 1:] * w[0, 0, 1, 1]
print(c.dtype, c.shape, c.reshape(-1).tolist())
a = xd.reshape(1, 1, 2, 2, 2, 2).mean(axis=(3, 5))
print(a.dtype, a.shape, a.reshape(-1).tolist())
m = np.array([[[[x[0, 0, i:i + 3, j:j + 3].max() for j in range(2)] for i in range(2)]]])
m = m.astype(np.int32)
print(m.dtype, m.shape, m.reshape(-1).tolist())
h = np.array([[[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]]], np.float16)
k = np.array([[[[0.7, -0.3]]]], np.float16)
hf, kf = h.astype(np.float32), k.astype(np.float32)
r = (hf[..., :2] * kf[0, 0, 0, 0] + hf[..., 1:] * kf[0, 0, 0, 1]).astype(np.float16)
print(r.dtype, r.shape, r.reshape(-1).tolist())
