import mindspore as ms
from mindspore import Tensor
import numpy as np

@ms.jit
def f(x):
    for i in range(100):
        x = x * 2.0
    return x

print(f(Tensor(np.ones(2, np.float32))))
# Issue 18: the graph-nodes limit bounds a captured jit graph: a clear MemoryError at the line.
# RUN: %msc run --limit=graph-nodes=50 %s 2>&1 | FileCheck %s; test ${PIPESTATUS[0]} -eq 1
# CHECK: graph_nodes.py:8:13: error: MemoryError: jit: the captured graph has more than 50 nodes (raise the limit with --limit=graph-nodes=N)
