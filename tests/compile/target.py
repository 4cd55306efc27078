# msc compile --target (issue 21): cortex-m4/m7/m0plus call runtime/mcu.c's
# float32 kernels (dense over weights packed for it, direct convolution
# without an im2col workspace, max pooling), NAME.h records the target and
# refuses other architectures unless NAME_ANY_TARGET is defined; the
# self-test built on the host that way matches the reference executor bit
# for bit (max abs error 0). --target=generic writes what no --target
# writes. --fold-bn folds the BatchNorms into the convolutions (no
# msrt_batchnorm left; the header says so; within tolerance). An unknown
# target lists the valid ones.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: not %msc compile --target=cortex-m9 %s -o %t/bad --name=cb 2>&1 | FileCheck --check-prefix=BAD %s
# RUN: test ! -e %t/bad
# RUN: %msc compile %s -o %t/gen --name=cb --memory-report 2> %t/gen.report > /dev/null
# RUN: %msc compile --target=generic %s -o %t/gen2 --name=cb > /dev/null
# RUN: for f in cb.h cb.c cb_test.c; do cmp %t/gen/$f %t/gen2/$f || exit 1; done
# RUN: %msc compile --target=cortex-m4 %s -o %t/m4 --name=cb --memory-report 2> %t/m4.report > /dev/null
# RUN: FileCheck --check-prefix=GEN-REPORT %s < %t/gen.report
# RUN: FileCheck --check-prefix=M4-REPORT %s < %t/m4.report
# RUN: FileCheck --check-prefix=HDR %s < %t/m4/cb.h
# RUN: FileCheck --check-prefix=C %s < %t/m4/cb.c
# RUN: not gcc -std=c99 -c %t/m4/cb.c -o %t/m4/refused.o 2>&1 | FileCheck --check-prefix=REFUSED %s
# RUN: cd %t/m4 && gcc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O2 -DCB_ANY_TARGET cb.c cb_test.c -lm -o gcc-test && ./gcc-test | FileCheck --check-prefix=EXACT %s
# RUN: cd %t/m4 && clang -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O2 -DCB_ANY_TARGET cb.c cb_test.c -lm -o clang-test && ./clang-test | FileCheck --check-prefix=EXACT %s
# RUN: if command -v arm-none-eabi-gcc > /dev/null; then arm-none-eabi-gcc -mcpu=cortex-m4 -mthumb -mfpu=fpv4-sp-d16 -mfloat-abi=hard -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O2 -c %t/m4/cb.c -o %t/m4/arm.o; fi
# RUN: %msc compile --target=cortex-m0plus --fold-bn %s -o %t/fold --name=cb > /dev/null
# RUN: FileCheck --check-prefix=FOLD-HDR %s < %t/fold/cb.h
# RUN: test $(grep -c msrt_batchnorm\( %t/fold/cb.c) -eq 0
# RUN: cd %t/fold && gcc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -O2 -DCB_ANY_TARGET cb.c cb_test.c -lm -o fold-test && ./fold-test | FileCheck --check-prefix=OK %s
# RUN: if command -v arm-none-eabi-gcc > /dev/null; then arm-none-eabi-gcc -mcpu=cortex-m0plus -mthumb -mfloat-abi=soft -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -Os -c %t/fold/cb.c -o %t/fold/arm.o; fi
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

ms.set_context(mode=ms.GRAPH_MODE)


class ConvBN(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(2, 6, 3, pad_mode='same')
        self.bn1 = nn.BatchNorm2d(6)
        self.conv2 = nn.Conv2d(6, 5, 3, stride=2, pad_mode='pad', padding=1, has_bias=True)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(5 * 2 * 2, 13)

    def construct(self, x):
        x = self.pool(self.relu(self.bn1(self.conv1(x))))
        x = self.relu(self.conv2(x))
        return self.fc(self.flatten(x))


net = ConvBN()
net.set_train(False)
rng = np.random.RandomState(5)
for name, p in net.parameters_and_names():
    lo = 0.5 if name.endswith(('moving_variance', 'gamma')) else -0.5
    p.set_data(Tensor(rng.uniform(lo, lo + 1.0, p.asnumpy().shape).astype(np.float32)))
out = net(Tensor(rng.uniform(-1.0, 1.0, (1, 2, 8, 8)).astype(np.float32)))
print(out.shape)

# BAD: msc: error: unknown --target=cortex-m9 (valid targets: generic, cortex-m4, cortex-m7, cortex-m0plus)

# the generic plan holds conv1's im2col workspace; the Cortex-M4's none
# GEN-REPORT: scratch {{.*}} conv workspace
# M4-REPORT-NOT: conv workspace
# (the activations' lower bound: the scratch-inclusive one without scratch)
# GEN-REPORT: msc: compile: entry cb_ConvBN_construct: arena {{[0-9]+}} bytes, lower bound {{[0-9]+}} bytes, weights {{[0-9]+}} bytes; activations alone {{[0-9]+}} bytes
# M4-REPORT: msc: compile: entry cb_ConvBN_construct: arena {{[0-9]+}} bytes, lower bound [[L:[0-9]+]] bytes, weights {{[0-9]+}} bytes; activations alone [[L]] bytes

# HDR: #define CB_TARGET "cortex-m4"
# HDR-NEXT: #if !defined(__ARM_ARCH_7EM__) && !defined(CB_ANY_TARGET)
# HDR-NEXT: #error "cb.c was generated for --target=cortex-m4

# C: packed for msrt_mcu_dense_f32
# C: static const int32_t geo[15] = {1, 2, 8, 8, 6, 3, 3, 8, 8, 1, 1, 1, 1, 1, 1};
# C-NEXT: rc = msrt_mcu_conv3_f32(geo,
# C: rc = msrt_batchnorm(
# C: rc = msrt_mcu_maxpool_f32(geo,
# C: rc = msrt_mcu_conv2d_f32(geo, {{.*}}, &ep);
# C: rc = msrt_mcu_dense_f32(1, 13, 20,
# C-NOT: msrt_conv2d_ep(MSRT

# REFUSED: error: #error "cb.c was generated for --target=cortex-m4 (Armv7E-M (Cortex-M4/M7)): build it for that target, or define CB_ANY_TARGET"

# EXACT: cb_ConvBN_construct: ok (1 output, max abs error 0)

# FOLD-HDR: msc compile --fold-bn: BatchNorm folded into the convolution
# OK: cb_ConvBN_construct: ok (1 output,
