# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
from a import b, c,
import
from . import (x, y,)
from .. import *
from ...pkg.mod import z as w

# CHECK: {{.*}}import_errors.py:2:19: error: trailing comma not allowed without surrounding parentheses
# CHECK-NEXT: {{^}}from a import b, c,{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK-NEXT: {{.*}}import_errors.py:3:7: error: expected a name
# CHECK-NEXT: {{^}}import{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NOT: error
