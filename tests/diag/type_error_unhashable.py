# TypeError: a list used as a dict key.
cache = {}
key = [1, 2]
cache[key] = "v"

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}type_error_unhashable.py:4:1: error: TypeError: unhashable type: 'list'{{$}}
# CHECK-NEXT: {{^}}cache[key] = "v"{{$}}
# CHECK-NEXT: {{^ *\^~*$}}
# CHECK-NOT: {{.}}
# PY: line 4, in 
# PY: TypeError: unhashable type: 'list'
