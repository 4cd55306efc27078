# Conformance corpus (issue 19): o17_ops_prod_keepdims
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.prod.html
# block:  Examples, case 1 (shape)
import numpy as np
from mindspore import Tensor, ops

x = Tensor(np.random.randn(3, 4, 5, 6).astype(np.float32))
output = ops.prod(x, 1, keep_dims=True)
result = output.shape
print(result)
