# The numpy reference of tests/compile/train.py: the same data, loss,
# hand-written gradient and updates (float32 throughout).
import numpy as np

np.random.seed(1)
xs = np.random.randn(5, 8, 3).astype(np.float32)
ys = np.random.randn(5, 8, 1).astype(np.float32)
w = np.array([[0.5], [-0.25], [0.1]], np.float32)
b = np.array([0.2], np.float32)
scale = np.float32(1.5)
lr = np.float32(0.1)
for i in range(5):
    x, y = xs[i], ys[i]
    err = (x @ w) * scale + b - y
    loss = np.mean(err * err)
    gw = (x.T @ err) * np.float32(2.0 / 8.0) * scale
    gb = np.mean(err, 0) * np.float32(2.0)
    w = w - lr * gw
    b = b - lr * gb
    print(f"step {i} loss {float(loss):.6f}")
print("w", w.reshape(-1))
print("b", b.reshape(-1))
