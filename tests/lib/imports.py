# The import forms model scripts use for mindspore and numpy: packages,
# submodules as attributes, aliases, from-imports of classes and modules.
import sys
import mindspore as ms
import mindspore.nn as nn
import mindspore.ops as ops
import numpy as np
from mindspore import nn as nn2, ops as ops2, Tensor, Parameter
from mindspore import dtype as mstype
from mindspore.ops import operations as P
from mindspore.ops import functional as F
from mindspore.common.initializer import initializer, HeUniform, Normal
from mindspore.common.parameter import ParameterTuple
import mindspore.common.dtype as mstype2
from mindspore.nn import Cell, Dense
import numpy.random

print(ms.__name__, nn.__name__, ops.__name__, np.__name__, np.random.__name__)
print(nn is nn2, ops is ops2, ms.nn is nn, ms.ops is ops, Tensor is ms.Tensor, Parameter is ms.Parameter)
print(mstype is mstype2, mstype is ms.dtype, ms.mstype is mstype, mstype.float32 is ms.float32)
print(P.MatMul is ops.MatMul, F.matmul is ops.matmul, Cell is nn.Cell, Dense is nn.Dense)
print(ms.float32, ms.float64, ms.int32, ms.int64, ms.bool_, ms.float16, ms.int8, ms.uint8, ms.int16)
print(np.float32, np.float64, np.int32, np.int64)
print(ms.__file__, nn.__file__)
print(sorted(k for k in sys.modules if k.startswith('mindspore.nn')))
print(ms.GRAPH_MODE, ms.PYNATIVE_MODE, ms.get_context('mode'))

# ----------------------------------------------------------------------
# RUN: %msc run %s | FileCheck %s
# CHECK: mindspore mindspore.nn mindspore.ops numpy numpy.random
# CHECK-NEXT: True True True True True True
# CHECK-NEXT: True True True True
# CHECK-NEXT: True True True True
# CHECK-NEXT: Float32 Float64 Int32 Int64 Bool Float16 Int8 UInt8 Int16
# CHECK-NEXT: <class 'numpy.float32'> <class 'numpy.float64'> <class 'numpy.int32'> <class 'numpy.int64'>
# CHECK-NEXT: <msc-lib>/mindspore/__init__.py <msc-lib>/mindspore/nn/__init__.py
# CHECK-NEXT: ['mindspore.nn', 'mindspore.nn.cell', 'mindspore.nn.layer', 'mindspore.nn.layer.activation', 'mindspore.nn.layer.basic', 'mindspore.nn.layer.container', 'mindspore.nn.layer.conv', 'mindspore.nn.layer.embedding', 'mindspore.nn.layer.normalization', 'mindspore.nn.layer.pooling', 'mindspore.nn.layer.rnns', 'mindspore.nn.loss', 'mindspore.nn.loss.loss', 'mindspore.nn.optim', 'mindspore.nn.optim.adam', 'mindspore.nn.optim.momentum', 'mindspore.nn.optim.optimizer', 'mindspore.nn.optim.sgd', 'mindspore.nn.wrap', 'mindspore.nn.wrap.cell_wrapper']
# CHECK-NEXT: 0 1 1
