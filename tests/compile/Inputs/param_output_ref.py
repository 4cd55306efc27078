# numpy's numbers for tests/compile/param_output.py.
import numpy as np
w = np.array([[0.5, -0.25, 0.1], [1.0, 2.0, 3.0]], np.float32)
v = np.array([1.0, 2.0], np.float32)
x = np.full((2, 3), 0.5, np.float32)
for i in range(2):
    w = w + x
    o = [w, v.reshape(2, 1), w, x, v]
    print("step", i, [t.reshape(-1).astype(float).tolist() for t in o])
k = np.arange(6, dtype=np.float32).reshape(3, 2) - 2
xi = np.array([1.5, -2.0], np.float32)
print("infer", [t.reshape(-1).astype(float).tolist() for t in (k, xi[None])])
