# RUN: %msc run %s 2>&1 | FileCheck %s
# RUN: not %msc run %s bad_index 2>&1 | FileCheck %s --check-prefix=BADIX
# RUN: not %msc run %s size 2>&1 | FileCheck %s --check-prefix=SIZE
# RUN: not %msc run %s scalar_index 2>&1 | FileCheck %s --check-prefix=SCALARIX
# RUN: not %msc run %s nindex 2>&1 | FileCheck %s --check-prefix=NINDEX
# Tensor.item and Tensor.tolist as MindSpore 2.0-2.2 have them
# (mindspore/_extends/parse/compile_utils.py tensor_item; Tensor.item's page:
# "Tensor.item returns a Tensor scalar instead of a Python scalar. And if
# the tensor is a Tensor scalar, Tensor.item will return the numpy.ndarray";
# the printed values are the pages' (r2.0-r2.2 item, r2.1 api_mapping item:
# `ms.Tensor([1.0]).item()` prints 1.0). tolist is asnumpy().tolist():
# Python numbers of numpy's conversion (float32 1.2 -> 1.2000000476837158).
import sys
import numpy as np
import mindspore as ms
from mindspore import Tensor

case = sys.argv[1] if len(sys.argv) > 1 else ''
x = Tensor([[1, 2, 3], [4, 5, 6]], ms.float32)
if case == 'bad_index':
    x.item((0, 1.5))
# BADIX: tensor_item.py:[[@LINE-1]]:5: error: TypeError: The index object cannot be interpreted as an integer
if case == 'size':
    x.item()
# SIZE: tensor_item.py:[[@LINE-1]]:5: error: ValueError: Can only convert an array of size 1 to a Python scalar
if case == 'scalar_index':
    Tensor(1.5).item(0)
# SCALARIX: tensor_item.py:[[@LINE-1]]:5: error: ValueError: For item, the index of scalar Tensor should not be set.
if case == 'nindex':
    x.item((0, 1, 2))
# NINDEX: tensor_item.py:[[@LINE-1]]:5: error: ValueError: Incorrect number of indices for array

e = x.item((0, 1))
print(e, type(e), e.dtype, e.shape)
# CHECK: 2.0 <class 'mindspore.common.tensor.Tensor'> Float32 ()
print(x.item(4), x.item((1, -1)), Tensor([7], ms.int32).item(0).dtype)
# CHECK-NEXT: 5.0 6.0 Int32
y = Tensor(1.2, ms.float32).item()
print(y, type(y), y.dtype, y + 1)
# CHECK-NEXT: 1.2 <class 'numpy.ndarray'> float32 2.200000047683716{{$}}
print(Tensor([1.0]).item(), Tensor(np.array([1.2], np.float32)).item(), Tensor([3], ms.int64).item(),
      Tensor(True).item(), Tensor(1.5).item(()), float(Tensor(2.5).item()), f'{Tensor(0.25).item():.3f}')
# CHECK-NEXT: 1.0 1.2 3 True 1.5 2.5 0.250
t = Tensor([[1.2, 2.5], [3.0, 4.0]], ms.float32)
print(t.tolist(), Tensor(1.2, ms.float32).tolist(), Tensor([1, 2], ms.int32).tolist(), Tensor([True]).tolist())
# CHECK-NEXT: {{\[\[}}1.2000000476837158, 2.5], [3.0, 4.0]] 1.2000000476837158 [1, 2] [True]
print(type(Tensor(3, ms.int32).tolist()), type(t.tolist()[0][0]))
# CHECK-NEXT: <class 'int'> <class 'float'>
