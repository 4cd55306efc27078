# Importing a module msc does not provide (msc's own wording).
import math
import foo

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}import_unknown.py:3:1: error: ModuleNotFoundError: No module named 'foo' (looked in '{{.*}}diag'; msc provides: {{.*}}math, mindspore, numpy{{.*}}){{$}}
# CHECK-NEXT: {{^}}import foo{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: ModuleNotFoundError: No module named 'foo'
