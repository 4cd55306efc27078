# Misuse of Cell is reported at the user's line, MindSpore's message.
import mindspore.nn as nn


class Bad(nn.Cell):
    def __init__(self):
        self.fc = nn.Dense(2, 2)

    def construct(self, x):
        return x


Bad()

# ----------------------------------------------------------------------
# RUN: not %msc run %s 2>&1 | FileCheck %s
# CHECK: cell_errors.py:7:9: error: AttributeError: For 'Cell', can not assign cells before Cell.__init__() is called.
# CHECK-NEXT: self.fc = nn.Dense(2, 2)
# CHECK: cell_errors.py:13:1: note: called from here
# CHECK: <msc-lib>/mindspore/nn/cell.py:{{.*}}: note: raised here, in library code
# RUN: printf 'import mindspore.nn as nn\nclass N(nn.Cell):\n    pass\nN()(1)\n' > %t.noconstruct.py
# RUN: not %msc run %t.noconstruct.py 2>&1 | FileCheck --check-prefix=NOCON %s
# NOCON: noconstruct.py:4:1: error: AttributeError: For 'Cell', the method 'construct' is not defined.
# RUN: printf 'import mindspore.nn as nn\nn = nn.ReLU()\nprint(n.missing)\n' > %t.attr.py
# RUN: not %msc run %t.attr.py 2>&1 | FileCheck --check-prefix=ATTR %s
# ATTR: attr.py:3:7: error: AttributeError: The 'ReLU' object has no attribute 'missing'.
