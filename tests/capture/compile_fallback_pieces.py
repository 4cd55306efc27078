# msc compile refuses a JIT Fallback that runs as graph pieces (its result,
# a list here, cannot be an interpreted node's tensor), at its line, and
# writes nothing; msc run gives PyNative's result ([3. 5.]: numpy checks it).
import numpy as np
import mindspore as ms


@ms.jit
def f(x):
    y = x * 2
    s = y.asnumpy().tolist()
    return ms.Tensor(s) + 1


print(f(ms.Tensor(np.array([1.0, 2.0], np.float32))))
# RUN: rm -rf %t && %msc run %s | FileCheck --check-prefix=OUT %s
# RUN: %python -c "import numpy as np; print(np.array([1.0, 2.0], np.float32) * 2 + 1)" | FileCheck --check-prefix=OUT %s
# RUN: %msc compile %s -o %t > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck %s < %t.out
# RUN: test ! -e %t
# OUT: [3. 5.]
# CHECK: compile_fallback_pieces.py:11:9: error: JIT Fallback in 'f' (jit_syntax_level LAX): tolist() reads the value of a tensor computed in the graph; it would run in Python when the graph runs
# CHECK-NEXT: {{^}}    s = y.asnumpy().tolist(){{$}}
# CHECK: msc: error: 1 JIT Fallback (jit_syntax_level LAX): a compiled library cannot run Python; {{.*}}nothing was written
