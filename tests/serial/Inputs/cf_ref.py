# cf_ref.py — numpy's outputs of Inputs/cf_net.py's network, printed as
# msc prints them.
import numpy as np

w = np.array([0.5, -1.0, 2.0], np.float32)
for tag in ("net", "graphcell", "jit"):
    for x in (np.array([1.0, 2.0, -0.5], np.float32), np.array([-1.0, -2.0, 0.5], np.float32),
              np.array([0.1, 0.1, 0.1], np.float32)):
        y = x * w if x.sum() > 0 else x - w
        n = 0
        while np.abs(y).sum() < 20.0:
            y = (y * np.float32(2.0) + np.float32(1.0)).astype(np.float32)
            n += 1
        print(tag, y.tolist(), n)
