# Conformance corpus (issue 19): o07_ops_topk
# source: https://www.mindspore.cn/docs/en/r2.3.1/api_python/ops/mindspore.ops.topk.html
# block:  Examples
import mindspore as ms
from mindspore import ops

x = ms.Tensor([[0.5368, 0.2447, 0.4302, 0.9673],
               [0.4388, 0.6525, 0.4685, 0.1868],
               [0.3563, 0.5152, 0.9675, 0.8230]], dtype=ms.float32)
output = ops.topk(x, 2, dim=1)
print(output)
