# mindspore.ops: functional ops with MindSpore 2.x names/defaults, and
# primitive classes. Decisions (see lib/mindspore/ops/functional.py):
# ops.max returns (values, indices); ops.ones(5, dtype) is shape (5,).
import numpy as np
import mindspore as ms
from mindspore import ops, Tensor

x = ops.ones(5, ms.float32)
print(x, x.shape, x.dtype)
print(ops.zeros((2, 3)).dtype, ops.ones([2]).dtype, ops.zeros(2, ms.int32))
print(ops.fill(ms.int32, (2, 2), 7), ops.full((3,), 2.5), ops.full((2,), 1).dtype)
a = Tensor(np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]), ms.float32)
print(ops.ones_like(a).shape, ops.zeros_like(a, dtype=ms.int64).dtype)
print(ops.add(a, 1.0))
print(ops.mul(a, a))
print(ops.relu(a))
print(ops.neg(ops.abs(a)))
print(ops.square(ops.sub(a, a)).sum())
print(ops.div(Tensor([7.0, -7.0]), 2.0), ops.div(Tensor([7.0, -7.0]), 2.0, rounding_mode='floor'))
print(ops.maximum(a, 0.0), ops.minimum(a, 0.0).min())
print(ops.reshape(a, (3, 2)).shape, ops.transpose(a, (1, 0)).shape, ops.flatten(a).shape)
print(ops.concat((a, a)).shape, ops.concat((a, a), axis=1).shape, ops.stack([a, a]).shape)
print(ops.expand_dims(a, 0).shape, ops.squeeze(ops.expand_dims(a, 1)).shape, ops.unsqueeze(a, -1).shape)
print(ops.sum(a), ops.sum(a, dim=1), ops.sum(a, 0, keepdim=True).shape, ops.reduce_sum(a, 1))
print(ops.mean(a), ops.mean(a, axis=0))
v, i = ops.max(a, axis=1)
print(v, i, i.dtype)
v, i = ops.max(a)
print(v, i)
print(ops.argmax(a), ops.argmax(a, dim=1), ops.argmax(a, dim=1).dtype)
print(ops.softmax(Tensor([1.0, 2.0, 3.0])))
print(ops.log_softmax(Tensor([1.0, 2.0, 3.0])).shape)
print(ops.cast(a, ms.int32).dtype, ops.equal(a, a).dtype, ops.less(a, 0.0), ops.greater(a, 0.0).sum())
print(ops.exp(Tensor([0.0])), ops.log(Tensor([1.0])), ops.sqrt(Tensor([4.0])), ops.pow(Tensor([2.0]), 3.0))
print(ops.sigmoid(Tensor([0.0])), ops.tanh(Tensor([0.0])))
m = ops.matmul(Tensor(np.ones([2, 3]), ms.float32), Tensor(np.ones([3, 4]), ms.float32))
print(m.shape, ops.matmul(ops.ones(3), ops.ones((3, 2))).shape, ops.matmul(ops.ones((2, 3)), ops.ones(3)).shape)

# Primitive classes.
add = ops.Add()
print(add(a, a).shape, ops.Mul()(a, 2.0).dtype, add, ops.MatMul(transpose_b=True))
mm = ops.MatMul(transpose_b=True)
print(mm(a, a).shape, ops.MatMul(transpose_a=True)(a, a).shape)
print(ops.ReLU()(a).min(), ops.Reshape()(a, (6,)).shape, ops.Transpose()(a, (1, 0)).shape)
print(ops.ReduceSum()(a), ops.ReduceSum(keep_dims=True)(a, 1).shape, ops.ReduceMean()(a, 0))
print(ops.Softmax()(Tensor([0.0, 0.0])), ops.Cast()(a, ms.float64).dtype)
print(ops.BiasAdd()(a, Tensor([1.0, 1.0, 1.0])))
print(ops.Shape()(a), ops.ExpandDims()(a, 0).shape, ops.Squeeze(0)(ops.ExpandDims()(a, 0)).shape)
print(ops.Concat(1)((a, a)).shape, ops.Argmax()(a), ops.Argmax(output_type=ms.int64)(a).dtype)

# ----------------------------------------------------------------------
# RUN: %msc run %s | FileCheck %s
# CHECK: [1. 1. 1. 1. 1.] (5,) Float32
# CHECK-NEXT: Float32 Float32 [0 0]
# CHECK-NEXT: {{\[\[}}7 7]
# CHECK-NEXT:  [7 7]] [2.5 2.5 2.5] Int64
# CHECK-NEXT: (2, 3) Int64
# CHECK-NEXT: {{\[\[}} 2. -1.  4.]
# CHECK-NEXT:  [ 5.  6. -5.]]
# CHECK-NEXT: {{\[\[}} 1.  4.  9.]
# CHECK-NEXT:  [16. 25. 36.]]
# CHECK-NEXT: {{\[\[}}1. 0. 3.]
# CHECK-NEXT:  [4. 5. 0.]]
# CHECK-NEXT: {{\[\[}}-1. -2. -3.]
# CHECK-NEXT:  [-4. -5. -6.]]
# CHECK-NEXT: 0.0
# CHECK-NEXT: [ 3.5 -3.5] [ 3. -4.]
# CHECK-NEXT: {{\[\[}}1. 0. 3.]
# CHECK-NEXT:  [4. 5. 0.]] -6.0
# CHECK-NEXT: (3, 2) (3, 2) (2, 3)
# CHECK-NEXT: (4, 3) (2, 6) (2, 2, 3)
# CHECK-NEXT: (1, 2, 3) (2, 3) (2, 3, 1)
# CHECK-NEXT: 5.0 [2. 3.] (1, 3) [2. 3.]
# CHECK-NEXT: 0.8333333 [ 2.5  1.5 -1.5]
# CHECK-NEXT: [3. 5.] [2 1] Int64
# CHECK-NEXT: 5.0 0
# CHECK-NEXT: 4 [2 1] Int64
# CHECK-NEXT: [0.09003057 0.24472848 0.66524094]
# CHECK-NEXT: (3,)
# CHECK-NEXT: Int32 Bool {{\[\[}}False  True False]
# CHECK-NEXT:  [False False  True]] 4
# CHECK-NEXT: [1.] [0.] [2.] [8.]
# CHECK-NEXT: [0.5] [0.]
# CHECK-NEXT: (2, 4) (2,) (2,)
# CHECK-NEXT: (2, 3) Float32 Prim[Add] Prim[MatMul]<transpose_a=False, transpose_b=True>
# CHECK-NEXT: (2, 2) (3, 3)
# CHECK-NEXT: 0.0 (6,) (3, 2)
# CHECK-NEXT: 5.0 (2, 1) [ 2.5  1.5 -1.5]
# CHECK-NEXT: [0.5 0.5] Float64
# CHECK-NEXT: {{\[\[}} 2. -1.  4.]
# CHECK-NEXT:  [ 5.  6. -5.]]
# CHECK-NEXT: (2, 3) (1, 2, 3) (2, 3)
# CHECK-NEXT: (2, 6) [2 1] Int64
