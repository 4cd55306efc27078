# try inside a graph is MindSpore's "Unsupported statement 'Try'." at the
# statement; the same function runs in PyNative mode (--mode=pynative).
import numpy as np
import mindspore as ms


@ms.jit
def f(x):
    try:
        y = x * 2
    except ValueError:
        y = x
    return y


print(f(ms.Tensor(np.ones(2, np.float32))))

# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: %msc run --mode=pynative %s | FileCheck --check-prefix=PYN %s
# CHECK: {{^.*/}}graph_try.py:9:5: error: RuntimeError: Unsupported statement 'Try'. (MindSpore's static graph syntax has no try; move it out of the @ms.jit function or construct, or run in PyNative mode){{$}}
# CHECK-NEXT: {{^}}    try:{{$}}
# PYN: [2. 2.]
