# Calling a generator function inside a graph is MindSpore's "Unsupported
# expression 'Yield'." at the yield; a generator consumed outside the graph
# feeds it normally.
import numpy as np
import mindspore as ms


def scales():
    yield 2.0
    yield 3.0


@ms.jit
def f(x, s):
    return x * s


for s in scales():
    print(f(ms.Tensor(np.ones(2, np.float32)), s))


@ms.jit
def g(x):
    for s in scales():
        x = x * s
    return x


print(g(ms.Tensor(np.ones(2, np.float32))))

# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: [2. 2.]
# CHECK-NEXT: [3. 3.]
# CHECK-NEXT: {{^.*/}}graph_yield.py:9:5: error: RuntimeError: Unsupported expression 'Yield'. (MindSpore's static graph syntax has no generators; call the generator outside the @ms.jit function or construct, or run in PyNative mode){{$}}
# CHECK-NEXT: {{^}}    yield 2.0{{$}}
# CHECK: {{^.*/}}graph_yield.py:24:14: note: called from here{{$}}
