# IndexError on a string index.
word = "abc"
ch = word[3]

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: not %msc run %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: %msc run %s > /dev/null 2>&1; test $? -eq 1
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}index_error_tuple_str.py:3:6: error: IndexError: string index out of range{{$}}
# CHECK-NEXT: {{^}}ch = word[3]{{$}}
# CHECK-NEXT: {{^}}     ^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: IndexError: string index out of range
