# msc compile of graphs whose outputs are Parameters (issue 26 item 1): a
# training step returns the Parameter it updates (a Load after the Assign),
# a view of it and of a read-only Parameter, and its input; an inference
# Cell returns its weight through an identity Transpose (removed by
# simplify: the output is the Parameter). The self-tests pass; then a C
# caller (Inputs/param_output_main.c) writes into the returned buffers and
# checks the Parameters held in RAM and the weights did not change (the
# caller's buffers are copies, never the weights), and the next call
# returns the right values. The numbers are checked against numpy
# (Inputs/param_output_ref.py) through msc run.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %S/Inputs/param_output_ref.py > %t/ref
# RUN: %msc run %s > %t/run && diff %t/ref %t/run
# RUN: %msc run --backend=ref %s > %t/run-ref && diff %t/ref %t/run-ref
# RUN: %msc compile %s -o %t/out --name pout > %t/compile && diff %t/ref %t/compile
# RUN: bash %S/Inputs/check-lib.sh --quick %t/out pout | FileCheck --check-prefix=TEST %s
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -I%t/out %S/Inputs/param_output_main.c %t/out/pout.c -lm -o %t/main
# RUN: %t/main | FileCheck --check-prefix=MAIN %s
# RUN: %msc compile -O0 %s -o %t/out0 --name pout > /dev/null
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -I%t/out0 %S/Inputs/param_output_main.c %t/out0/pout.c -lm -o %t/main0
# RUN: %t/main0 | FileCheck --check-prefix=MAIN %s
# RUN: %msc compile -O2 %s -o %t/out2 --name pout > /dev/null
# RUN: cc -std=c99 -Wall -Wextra -Wpedantic -Wconversion -Werror -I%t/out2 %S/Inputs/param_output_main.c %t/out2/pout.c -lm -o %t/main2
# RUN: %t/main2 | FileCheck --check-prefix=MAIN %s
import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, ops, nn

ms.set_context(mode=ms.GRAPH_MODE)
w = Parameter(Tensor(np.array([[0.5, -0.25, 0.1], [1.0, 2.0, 3.0]], np.float32)), name="w")
v = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="v")


@ms.jit
def step(x):
    ops.assign(w, w + x)
    return w, ops.reshape(v, (2, 1)), ops.transpose(w, (0, 1)), x, v


class Infer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.k = Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) - 2), name="k")

    def construct(self, x):
        return ops.transpose(self.k, (0, 1)), ops.expand_dims(x, 0)


for i in range(2):
    o = step(Tensor(np.full((2, 3), 0.5, np.float32)))
    print("step", i, [t.asnumpy().reshape(-1).tolist() for t in o])
o = Infer()(Tensor(np.array([1.5, -2.0], np.float32)))
print("infer", [t.asnumpy().reshape(-1).tolist() for t in o])

# TEST: == gcc
# TEST-NEXT: pout_step: ok (2 calls, 5 outputs each, 1 Parameter, max abs error 0)
# TEST-NEXT: pout_Infer_construct: ok
# TEST: check-lib: ok

# MAIN: step 1: out0 is w: 1
# MAIN-NEXT: step 1: after writing the outputs: w unchanged 1, v unchanged 1
# MAIN-NEXT: step 2: out0 = w0 + 1: 1, out2 = out0: 1, out1 and out4 are v: 1
# MAIN-NEXT: infer: out0 is k: 1
# MAIN-NEXT: infer again after writing out0: out0 is k: 1
