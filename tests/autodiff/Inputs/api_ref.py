# numpy's analytic gradients for tests/autodiff/api.py (float64 math on
# the same float32 inputs), printed in the same format.
import numpy as np


def show(name, a):
    a = np.asarray(a, dtype=np.float64)
    print(name, a.shape, [float(v) for v in a.reshape(-1)])


f32 = lambda a: np.array(a, np.float32).astype(np.float64)
x = f32([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
y = f32([[1.0, 2.0, -1.0], [0.5, -0.5, 3.0]])
xc = f32([[1.0], [2.0], [-3.0]])
yr = f32([[0.5, -1.0, 2.0, 0.25]])
m = f32([[0.11, 3.3, 1.1], [1.1, 0.2, 1.4], [1.1, 2.2, 0.3]])
sens = f32([[1.0, 0.5, -1.0], [2.0, 0.0, 1.0]])
w = f32(np.arange(12).reshape(3, 4) / 10.0 - 0.5)
b = f32([0.1, -0.2, 0.3, 0.05])

dx1, dy1 = y + np.cos(x), x
pre = x @ w + b
g = (pre > 0) / pre.size
dw, db, dxn = x.T @ g, g.sum(0), g @ w.T

show('f1_default', dx1)
print('f1_all', 'tuple', 2)
show('f1_dx', dx1)
show('f1_dy', dy1)
show('f1_second', dy1)
show('vg_value', np.sum(x * y + np.sin(x)))
show('vg_dx', dx1)
show('vg_dy', dy1)
show('bcast_dx', np.full((3, 1), np.sum(yr * yr)))
show('bcast_dy', 2 * yr * np.sum(xc))
show('tuple_dx', y + np.exp(x))
show('tuple_dy', x)
print('aux', 'tuple', 2, 'tuple', 1)
show('aux_dx', y)
show('aux_z', x * y)
show('vaux_value0', np.sum(x * y))
show('vaux_value1', x * y)
show('vaux_dy', x)
show('mm_dx', np.ones((2, 3)) @ m.T)
show('mms_dx', sens @ m.T)
show('mms_dy', x.T @ sens)
print('net_weights', 'tuple', 2)
show('net_dw', dw)
show('net_db', db)
print('net_both', 'tuple', 2, 'tuple', 2)
show('net_both_dx', dxn)
show('net_both_dw', dw)
show('net_one_dw', dw)
show('list_dw', dw)
show('list_db', db)
show('gb_dx', dxn)
show('gb_db', db)
