# RUN: for c in range neg setrange float floatlist shape bcast setshape setmask boolscalar graphmask graphset; do \
# RUN:   %msc run %s $c > /dev/null 2> %t.$c; test $? -eq 1 || { echo "$c: exit status"; exit 1; }; \
# RUN: done
# RUN: FileCheck %s --check-prefix=RANGE < %t.range
# RUN: FileCheck %s --check-prefix=NEG < %t.neg
# RUN: FileCheck %s --check-prefix=SETRANGE < %t.setrange
# RUN: FileCheck %s --check-prefix=FLOAT < %t.float
# RUN: FileCheck %s --check-prefix=FLOATLIST < %t.floatlist
# RUN: FileCheck %s --check-prefix=SHAPE < %t.shape
# RUN: FileCheck %s --check-prefix=BCAST < %t.bcast
# RUN: FileCheck %s --check-prefix=SETSHAPE < %t.setshape
# RUN: FileCheck %s --check-prefix=SETMASK < %t.setmask
# RUN: FileCheck %s --check-prefix=BOOLSCALAR < %t.boolscalar
# RUN: FileCheck %s --check-prefix=GRAPHMASK < %t.graphmask
# RUN: FileCheck %s --check-prefix=GRAPHSET < %t.graphset
# Bad advanced indices: a clear error at the script line (numpy's texts).
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

a = np.arange(12).reshape(3, 4)
t = Tensor(np.arange(12).reshape(3, 4).astype(np.float32))


@ms.jit
def masked(x):
    return x[x > 3]


@ms.jit
def setit(x):
    x[[0]] = 1.0
    return x


c = sys.argv[1]; ms.set_context(jit_syntax_level=ms.STRICT)  # no JIT Fallback in graphmask, graphset
if c == 'range':
    print(a[[0, 7]])
elif c == 'neg':
    print(t[:, Tensor(np.array([1, -5]), ms.int32)])
elif c == 'setrange':
    a[np.array([0]), np.array([4])] = 0
elif c == 'float':
    print(a[np.array([1.0])])
elif c == 'floatlist':
    print(t[[0.5, 1]])
elif c == 'shape':
    print(a[np.array([True, False])])
elif c == 'bcast':
    print(a[np.array([0, 1]), np.array([0, 1, 2])])
elif c == 'setshape':
    a[np.array([0, 1])] = np.ones(3)
elif c == 'setmask':
    a[a > 5] = np.array([1, 2])
elif c == 'boolscalar':
    print(a[True])
elif c == 'graphmask':
    print(masked(t))
elif c == 'graphset':
    print(setit(t))
# RANGE: err_index.py:39:11: error: IndexError: index 7 is out of bounds for axis 0 with size 3{{$}}
# RANGE-NEXT: {{^}}    print(a{{\[\[}}0, 7]]){{$}}
# NEG: err_index.py:41:11: error: IndexError: index -5 is out of bounds for axis 1 with size 4{{$}}
# SETRANGE: err_index.py:43:5: error: IndexError: index 4 is out of bounds for axis 1 with size 4{{$}}
# FLOAT: err_index.py:45:11: error: IndexError: arrays used as indices must be of integer (or boolean) type{{$}}
# FLOATLIST: err_index.py:47:11: error: IndexError: arrays used as indices must be of integer (or boolean) type{{$}}
# SHAPE: err_index.py:49:11: error: IndexError: boolean index did not match indexed array along dimension 0; dimension is 3 but corresponding boolean dimension is 2{{$}}
# BCAST: err_index.py:51:11: error: IndexError: shape mismatch: indexing arrays could not be broadcast together with shapes (2,) (3,){{$}}
# SETSHAPE: err_index.py:53:5: error: ValueError: shape mismatch: value array of shape (3,) could not be broadcast to indexing result of shape (2,4){{$}}
# SETMASK: err_index.py:55:5: error: ValueError: NumPy boolean array indexing assignment cannot assign 2 input values to the 6 output values where the mask is true{{$}}
# BOOLSCALAR: err_index.py:57:11: error: TypeError: indexing with a boolean scalar (x[True]) is not supported; use a boolean array with the shape of the indexed dimensions{{$}}
# GRAPHMASK: err_index.py:28:12: error: TypeError: indexing with a boolean mask needs the value of a tensor computed in the graph
# GRAPHMASK-NEXT: {{^}}    return x[x > 3]{{$}}
# GRAPHSET: err_index.py:33:5: error: TypeError: assigning to tensor elements needs the value of a tensor computed in the graph
