# msc compile of a LeNet-like network (Conv2d, ReLU, MaxPool2d, Flatten,
# Dense) in GRAPH_MODE at batch 1, and an @ms.jit function with two outputs
# (float32 and int32): built with gcc and clang under the generated-code
# flags, self-test passes, nm clean; --entry picks one entry.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc compile %s -o %t/out > %t/stdout
# RUN: FileCheck --check-prefix=HDR %s < %t/out/lenet.h
# RUN: bash %S/Inputs/check-lib.sh %t/out lenet | FileCheck --check-prefix=TEST %s
# RUN: %msc compile %s -o %t/one --entry=LeNet_construct > /dev/null
# RUN: FileCheck --check-prefix=ONE %s < %t/one/lenet.h
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
np.random.seed(1)


class LeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 4, 3, pad_mode='valid')
        self.conv2 = nn.Conv2d(4, 8, 3, pad_mode='valid')
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(8 * 2 * 2, 16)
        self.fc2 = nn.Dense(16, 10)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        return self.fc2(x)


@ms.jit
def scores(x, y):
    s = ops.tanh(x) * y + 1.0
    return s, ops.argmax(s, 1)


net = LeNet()
img = Tensor(np.random.randn(1, 1, 14, 14).astype(np.float32))
print(net(img).shape)
a = Tensor(np.random.randn(3, 5).astype(np.float32))
b = Tensor(np.random.randn(3, 5).astype(np.float32))
print(scores(a, b)[1])

# HDR: #define LENET_NUM_ENTRIES 2
# HDR: /* entry lenet_LeNet_construct: graph @LeNet_construct
# HDR: #define LENET_LENET_CONSTRUCT_IN0_SHAPE {1, 1, 14, 14}
# HDR: #define LENET_LENET_CONSTRUCT_OUT0_SHAPE {1, 10}
# HDR: int lenet_LeNet_construct(const float *x, float *out0);
# HDR: /* entry lenet_scores: graph @scores
# HDR: #define LENET_SCORES_NUM_OUTPUTS 2
# HDR: int lenet_scores(const float *x, const float *y, float *out0, int{{(32|64)}}_t *out1);

# TEST: == gcc
# TEST-NEXT: lenet_LeNet_construct: ok (1 output,
# TEST-NEXT: lenet_scores: ok (2 outputs,
# TEST: == clang
# TEST: check-lib: ok

# ONE: #define LENET_NUM_ENTRIES 1
# ONE-NOT: scores
