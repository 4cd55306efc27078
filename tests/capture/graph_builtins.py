# RUN: %msc run --backend=ref %s | FileCheck %s
# RUN: %msc run --mode=pynative %s | FileCheck %s --check-prefix=PY
# Python builtins inside a graph give what MindSpore's graphs give, each
# with the output MindSpore's documentation prints for the same code
# (tutorials/source_en/compile/python_builtin_functions.md "map", "zip",
# "range", "enumerate", "filter"; static_graph.md "List Index Value",
# "List.extend"): map a tuple (a list over lists), zip and enumerate
# tuples of tuples, filter a list, range a tuple; a list indexed by a
# constant Tensor; list.extend(Tensor) appends its shape-[1] slices.
# PyNative runs the same code as Python does (iterator objects).
import numpy as np
import mindspore
from mindspore import Tensor

def add(x, y):
    return x + y

def is_odd(x):
    if x % 2:
        return True
    return False

y = mindspore.tensor(np.array([[1, 2], [3, 4], [5, 6]]))

@mindspore.jit
def seqs():
    ret1 = map(add, (1, 2, 3), (4, 5, 6))
    ret2 = map(add, [0, 1, 2], [6, 7, 8])
    z = zip((1, 2, 3), (4, 5, 6))
    f1 = filter(is_odd, (1, 2, 3, 4, 5))
    f2 = filter(is_odd, [6, 7, 8, 9, 10])
    m = enumerate((100, 200, 300, 400), 3)
    n = enumerate(y)
    r = range(0, 6, 2)
    return ret1, ret2, z, f1, f2, m, n, r

ret1, ret2, z, f1, f2, m, n, r = seqs()
print('ret1:{}'.format(ret1))
# CHECK: ret1:(5, 7, 9)
# PY: ret1:<map object at
print('ret2:{}'.format(ret2))
# CHECK-NEXT: ret2:[6, 8, 10]
print('ret:{}'.format(z))
# CHECK-NEXT: ret:((1, 4), (2, 5), (3, 6))
print('ret1:{}'.format(f1))
# CHECK-NEXT: ret1:[1, 3, 5]
print('ret2:{}'.format(f2))
# CHECK-NEXT: ret2:[7, 9]
print('m:{}'.format(m))
# CHECK-NEXT: m:((3, 100), (4, 200), (5, 300), (6, 400))
print('n:{}'.format(n))
# CHECK-NEXT: n:((0, Tensor(shape=[2], dtype=Int64, value= [1, 2])), (1, Tensor(shape=[2], dtype=Int64, value= [3, 4])), (2, Tensor(shape=[2], dtype=Int64, value= [5, 6])))
print('x:{}'.format(r))
# CHECK-NEXT: x:(0, 2, 4)
# PY: x:range(0, 6, 2)

@mindspore.jit
def lists(t):
    x = [[1, 2], 3, 4]
    b = x[0][mindspore.tensor([1])]
    x2 = [1, 2, 3]
    x2.extend(mindspore.tensor([4, 5]))
    x3 = [t, t * 2, t * 3]
    c = x3[Tensor(2)]
    s = 0
    for i, v in enumerate(x3):      # a graph tensor in the enumerated list
        s = s + v * i
    return b, x2, c, s

b, x2, c, s = lists(Tensor([1.0]))
print('b:{}'.format(b))
# CHECK-NEXT: b:2
print('output2:{}'.format(x2))
# CHECK-NEXT: output2:[1, 2, 3, Tensor(shape=[1], dtype=Int64, value= [4]), Tensor(shape=[1], dtype=Int64, value= [5])]
# PY: output2:[1, 2, 3, Tensor(shape=[], dtype=Int64, value= 4), Tensor(shape=[], dtype=Int64, value= 5)]
print(c, s)
# CHECK-NEXT: [3.] [8.]
