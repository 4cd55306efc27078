# RUN: rm -rf %t.cache
# RUN: %msc run --cache-dir=%t.cache %s > %t.plain 2> %t.plain.err
# RUN: count 0 < %t.plain.err
# RUN: %msc run --cache-dir=%t.cache -O2 --print-after-all --print-before=cse --time-passes --verify-each --dump-ir %s > %t.dumps 2> %t.err
# RUN: diff %t.plain %t.dumps
# RUN: FileCheck %s --input-file %t.plain
# RUN: FileCheck %s --check-prefix=ERR --input-file %t.err
# RUN: %msc run --cache-dir=%t.cache -O0 --passes=cse --print-after=cse %s 2> %t.err2 | diff %t.plain -
# RUN: FileCheck %s --check-prefix=ONLY --input-file %t.err2
# Pass dumps, the timing table and --dump-ir go to stderr: the script's
# stdout (graph-mode print included) is byte-identical with and without
# them. The values are checked by hand: x = [1, 2], w = [3, 4]:
# x*w + x*w = [6, 16], printed in the graph, then returned + 1.
# --passes= replaces the level's pipeline (only cse runs, even at -O0).
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor, Parameter

ms.set_context(mode=ms.GRAPH_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([3.0, 4.0], np.float32)), name='w')

    def construct(self, x):
        s = x * self.w + x * self.w
        print("s:", s)
        return s + 1


net = Net()
print(net(Tensor(np.array([1.0, 2.0], np.float32))))
# CHECK: s:
# CHECK-NEXT: Tensor(shape=[2], dtype=Float32, value=[ 6.00000000e+00  1.60000000e+01])
# CHECK-NEXT: [ 7. 17.]
#
# ERR: // -----// IR Dump After inline //----- //
# ERR: // -----// IR Dump Before cse //----- //
# ERR: = PrimFunc_Mul(%para1_x, %0)
# ERR-NEXT: : (
# ERR-NEXT: # In file
# ERR-NEXT: = PrimFunc_Mul(%para1_x, %0)
# ERR: // -----// IR Dump After cse //----- //
# ERR: %1(CNode_1) = PrimFunc_Mul(%para1_x, %0)
# ERR-NEXT: : (
# ERR-NEXT: # In file
# ERR-NEXT: %2(CNode_2$s) = PrimFunc_Add(%1, %1)
# ERR: // -----// IR Dump After layout //----- //
# ERR: Pass execution timing report
# ERR: {{^# IR entry: @Net_construct}}
#
# ONLY: // -----// IR Dump After cse //----- //
# ONLY-NOT: IR Dump
