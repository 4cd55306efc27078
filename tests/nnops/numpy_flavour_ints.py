# numpy-flavour calls (every input an ndarray) with integer inputs compute
# the float-only NN primitives in float64, as numpy's float functions do;
# MaxPool keeps integers. MindSpore-flavour int inputs raise (bad_inputs.py).
# The float16 path (computed in float32, rounded once) is checked here too.
# References: numpy, computed by the RUN line's script below.
import _msc

x = _msc.array([[[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]]], 'int32', 'np')
w = _msc.array([[[[1, 0], [0, -1]]]], 'int32', 'np')
c = _msc.prim('Conv2D', x, w)
print(c.dtype, c.shape, c.reshape(-1).tolist())
a = _msc.prim('AvgPool', x, kernel_size=2)
print(a.dtype, a.shape, a.reshape(-1).tolist())
m = _msc.prim('MaxPool', x, kernel_size=3, stride=1)
print(m.dtype, m.shape, m.reshape(-1).tolist())
h = _msc.array([[[[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]]]], 'float16', 'np')
k = _msc.array([[[[0.7, -0.3]]]], 'float16', 'np')
r = _msc.prim('Conv2D', h, k)
print(r.dtype, r.shape, r.reshape(-1).tolist())

# RUN: %msc run %s > %t.out
# RUN: %python %S/Inputs/ints_ref.py > %t.ref
# RUN: diff %t.ref %t.out
