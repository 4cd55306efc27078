# from-import of an unknown dotted module.
from tensorflow_nonexistent.nn import Linear

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}import_from_unknown.py:2:1: error: ModuleNotFoundError: No module named 'tensorflow_nonexistent' (looked in '{{.*}}diag'; msc provides: {{.*}}math, mindspore, numpy{{.*}}){{$}}
# CHECK-NEXT: {{^}}from tensorflow_nonexistent.nn import Linear{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
# PY: line 2, in 
# PY: ModuleNotFoundError: No module named 'tensorflow_nonexistent'
