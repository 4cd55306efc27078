# Conformance corpus (issue 19): a04_vmap
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/mindspore/mindspore.vmap.html
# block:  Examples
import numpy as np
from mindspore import Tensor, vmap


def test_vmap(x, y, z):                                              # ([a],[a],[a]) -> [a]
    return x + y + z


x = Tensor(np.array([[1, 2], [3, 4], [5, 6]]).astype(np.float32))    # [b, a]
y = Tensor(np.array([[-3, -2, -1], [3, 2, 1]]).astype(np.float32))   # [a, b]
z = Tensor(np.array([0, 3]).astype(np.float32))                      # [a]
output = vmap(test_vmap, in_axes=(0, 1, None), out_axes=1)(x, y, z)  # ([b, a],[a, b],[a]) -> [a, b]
print(output)
