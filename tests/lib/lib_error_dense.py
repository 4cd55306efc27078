# A shape error raised inside lib/ (nn.Dense's MatMul) is reported at the
# user's line, with the user's callers and then the library frames as notes
# (DESIGN.md "Rules the interpreter keeps"; issue 3 item 7).
import numpy as np
import mindspore as ms
from mindspore import nn


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 4)

    def construct(self, x):
        return self.fc(x)


net = Net()
x = ms.Tensor(np.ones((2, 5)), ms.float32)
y = net(x)

# ----------------------------------------------------------------------
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# CHECK: {{^.*}}lib_error_dense.py:15:16: error: ValueError: MatMul: {{.*}}(2, 5){{.*}}{{$}}
# CHECK-NEXT: {{^}}        return self.fc(x){{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*}}lib_error_dense.py:20:5: note: called from here{{$}}
# CHECK-NEXT: {{^}}y = net(x){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{^}}<msc-lib>/mindspore/nn/cell.py:{{[0-9]+}}:{{[0-9]+}}: note: in library code{{$}}
# CHECK-NEXT: {{^}}        return self.construct(*args, **kwargs){{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NEXT: {{^}}<msc-lib>/mindspore/nn/layer/basic.py:{{[0-9]+}}:{{[0-9]+}}: note: in library code{{$}}
# CHECK-NEXT: {{^}}        x = self.matmul(x, self.weight){{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NEXT: {{^}}<msc-lib>/mindspore/ops/primitive.py:{{[0-9]+}}:{{[0-9]+}}: note: raised here, in library code{{$}}
# CHECK-NEXT: {{^.*}}_msc.prim({{.*$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
