# ms.export(net, *inputs, file_name=F, file_format=...) under msc compile
# adds net (a Cell, or an @ms.jit function) as an entry named after F's base
# name (suffix dropped, made C-safe), for the inputs' shapes; it is compiled
# for the export (not run for the script) even when the script already ran
# that signature. MINDIR writes the .mindir file (its directory created, the
# suffix added when missing) under msc run and msc compile alike
# (tests/serial checks the files; tests/serial/export_formats.py the
# errors of 'AIR' and 'ONNX'). An unknown format is MindSpore's ValueError.
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %s > %t/run.out 2> %t/run.err
# RUN: FileCheck --check-prefix=OUT %s < %t/run.out
# RUN: test ! -s %t/run.err
# RUN: test -s %t/models/my-net.v2.mindir && test -s %t/net1.mindir && test -s %t/gfun.mindir && test -s %t/fn/gfun_again.mindir && test ! -e %t/out
# RUN: rm %t/net1.mindir
# RUN: %msc compile %s -o %t/out > %t/compile.out 2> %t/compile.err
# RUN: FileCheck --check-prefix=OUT %s < %t/compile.out
# RUN: test ! -s %t/compile.err
# RUN: test -s %t/net1.mindir
# RUN: FileCheck --check-prefix=HDR %s < %t/out/export.h
# RUN: bash %S/Inputs/check-lib.sh --quick %t/out export | FileCheck --check-prefix=TEST %s
# --entry picks an export by its name
# RUN: %msc compile %s -o %t/one --entry my_net_v2 > /dev/null 2>&1
# RUN: grep '^int export_' %t/one/export.h | FileCheck --check-prefix=ONE %s
# an unknown format
# RUN: %msc run %S/Inputs/export_bad.py > /dev/null 2> %t/bad.err; test $? -eq 1
# RUN: FileCheck --check-prefix=BAD %s < %t/bad.err
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2, weight_init=Tensor(np.arange(8).reshape(2, 4).astype(np.float32) * 0.1),
                              bias_init=Tensor(np.array([0.5, -0.5]).astype(np.float32)))

    def construct(self, x):
        return ops.relu(self.dense(x))


@ms.jit
def g(x, y):
    return x * y + 1.0


net = Net()
x = Tensor(np.ones((3, 4)).astype(np.float32))
print(net(x))
ms.export(net, x, file_name="models/my-net.v2.mindir", file_format="MINDIR")
ms.export(net, Tensor(np.ones((1, 4)).astype(np.float32)), file_name="net1")
ms.export(g, x, x, file_name="gfun", file_format="MINDIR")
ms.export(g, x, x, file_name="fn/gfun_again.mindir")
print("done")

# OUT: {{\[\[}}1.1 1.7]
# OUT: done

# the Cell as the script ran it, and the three exports
# HDR: #define EXPORT_NUM_ENTRIES 5
# HDR: int export_Net_construct(const float *x, float *out0);
# HDR: #define EXPORT_MY_NET_V2_IN0_SHAPE {3, 4}
# HDR: int export_my_net_v2(const float *x, float *out0);
# HDR: #define EXPORT_NET1_IN0_SHAPE {1, 4}
# HDR: int export_net1(const float *x, float *out0);
# HDR: int export_gfun(const float *x, const float *y, float *out0);
# HDR: int export_gfun_again(const float *x, const float *y, float *out0);

# TEST: == gcc
# TEST-NEXT: export_Net_construct: ok
# TEST-NEXT: export_my_net_v2: ok
# TEST-NEXT: export_net1: ok
# TEST-NEXT: export_gfun: ok
# TEST-NEXT: export_gfun_again: ok
# TEST: check-lib: ok

# ONE: int export_my_net_v2(const float *x, float *out0);
# ONE-NEXT: int export_my_net_v2_ws(
# ONE-NOT: int

# BAD: export_bad.py:{{[0-9]+}}:1: error: ValueError: For 'export', 'file_format' must be one of ['AIR', 'ONNX', 'MINDIR'], but got PNG.
