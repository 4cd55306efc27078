# A Graph-mode call must not grow memory: run_entry checked each argument's
# type with ir_type_deref, which makes a new IrType in the module's arena
# for a Parameter's Ref type on every call -- 180 bytes per call of a
# one-Dense Cell (27 MB over 150,000 calls, and the kernel clearing the
# fresh pages was an eighth of the call's time). After a warm-up, 30,000
# calls of a Cell with six Parameters (the seed MLP's count) grow the
# resident set by less than 512 KB (before: 16 MB). The warm-up is 30,000
# calls: under ASan (quarantine 1 MB) the resident set settles once, by
# about 2.3 MB, within the first ~20,000 calls of a Graph-mode call that
# makes few allocations (the Cell call in C), then stays flat (checked to
# 90,000 calls).
# RUN: env ASAN_OPTIONS=$ASAN_OPTIONS:quarantine_size_mb=1 %msc run %s | FileCheck %s
# CHECK: 30000 calls: bounded
import os
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'Inputs'))
from rss import rss_kb  # noqa: E402

ms.set_context(mode=ms.GRAPH_MODE)


class Tiny(nn.Cell):
    def __init__(self):
        super().__init__()
        self.s = nn.SequentialCell(nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 3), nn.ReLU(), nn.Dense(3, 1))

    def construct(self, x):
        return self.s(x)


model = Tiny()
x = Tensor(np.ones((1, 2), np.float32))
for i in range(30000):
    out = model(x)
before = rss_kb()
for i in range(30000):
    out = model(x)
grown = rss_kb() - before
print('30000 calls: %s' % ('bounded' if grown < 512 else 'grew by %d KB' % grown))
