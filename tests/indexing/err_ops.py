# RUN: for c in gather_range gatherd_range gathernd_range scatter_range gather_bool gather_float gatherd_shape gathernd_k scatter_shape onehot_depth cumsum_axis argsort_dtype select_bcast tile_neg; do \
# RUN:   %msc run %s $c > /dev/null 2> %t.$c; test $? -eq 1 || { echo "$c: exit status"; exit 1; }; \
# RUN: done
# RUN: cat %t.gather_range %t.gatherd_range %t.gathernd_range %t.scatter_range %t.gather_bool %t.gather_float \
# RUN:     %t.gatherd_shape %t.gathernd_k %t.scatter_shape %t.onehot_depth %t.cumsum_axis %t.argsort_dtype \
# RUN:     %t.select_bcast %t.tile_neg | FileCheck %s
# Operand errors of the indexing primitives (eager): IndexError for an
# out-of-range index (numpy's text), TypeError for non-integer indices,
# ValueError for shapes, at the script line.
import sys
import numpy as np
import _msc

x = np.arange(12.0).reshape(3, 4)
c = sys.argv[1]
if c == 'gather_range':
    _msc.prim('Gather', x, np.array([0, 7]), axis=0)
elif c == 'gatherd_range':
    _msc.prim('GatherD', x, np.array([[0, 1, 2, -5]] * 3), axis=1)
elif c == 'gathernd_range':
    _msc.prim('GatherNd', x, np.array([[2, 3], [3, 0]]))
elif c == 'scatter_range':
    _msc.prim('TensorScatterAdd', x, np.array([[1], [-4]]), np.ones((2, 4)))
elif c == 'gather_bool':
    _msc.prim('Gather', x, np.array([True, False]))
elif c == 'gather_float':
    _msc.prim('Gather', x, np.array([1.0]))
elif c == 'gatherd_shape':
    _msc.prim('GatherD', x, np.zeros((2, 2), np.int64), axis=1)
elif c == 'gathernd_k':
    _msc.prim('GatherNd', x, np.zeros((2, 3), np.int64))
elif c == 'scatter_shape':
    _msc.prim('TensorScatterUpdate', x, np.array([[0], [1]]), np.ones((2, 3)))
elif c == 'onehot_depth':
    _msc.prim('OneHot', np.array([0, 1]), depth=-1)
elif c == 'cumsum_axis':
    _msc.prim('CumSum', x, axis=2)
elif c == 'argsort_dtype':
    _msc.prim('ArgSort', x, dtype=np.float32)
elif c == 'select_bcast':
    _msc.prim('Select', np.array([True, False]), x, 0.0)
elif c == 'tile_neg':
    _msc.prim('Tile', x, multiples=(1, -2))
# CHECK: err_ops.py:17:5: error: IndexError: Gather: index 7 is out of bounds for axis 0 with size 3{{$}}
# CHECK: err_ops.py:19:5: error: IndexError: GatherD: index -5 is out of bounds for axis 1 with size 4{{$}}
# CHECK: err_ops.py:21:5: error: IndexError: GatherNd: index 3 is out of bounds for axis 0 with size 3{{$}}
# CHECK: err_ops.py:23:5: error: IndexError: TensorScatterAdd: index -4 is out of bounds for axis 0 with size 3{{$}}
# CHECK: err_ops.py:25:5: error: TypeError: Gather: indices must be integers, not Bool{{$}}
# CHECK: err_ops.py:27:5: error: TypeError: Gather: indices must be integers, not Float64{{$}}
# CHECK: err_ops.py:29:5: error: ValueError: GatherD: index (2, 2) must have the shape of x (3, 4) except along axis 1{{$}}
# CHECK: err_ops.py:31:5: error: ValueError: GatherNd: indices.shape[-1] = 3 exceeds the 2 dimensions of x (3, 4){{$}}
# CHECK: err_ops.py:33:5: error: ValueError: TensorScatterUpdate: updates shape (2, 3) does not match indices.shape[:-1] + x.shape[1:] = (2, 4){{$}}
# CHECK: err_ops.py:35:5: error: ValueError: OneHot: depth must be non-negative, got -1{{$}}
# CHECK: err_ops.py:37:5: error: ValueError: CumSum: axis 2 is out of bounds for array of dimension 2{{$}}
# CHECK: err_ops.py:39:5: error: TypeError: ArgSort: dtype must be int32 or int64, not Float32{{$}}
# CHECK: err_ops.py:41:5: error: ValueError: Select: operands could not be broadcast together with shapes (2,) (3, 4) (){{$}}
# CHECK: err_ops.py:43:5: error: ValueError: Tile: multiples must be non-negative, got (1, -2){{$}}
