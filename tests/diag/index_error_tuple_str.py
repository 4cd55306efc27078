# IndexError on a string index.
word = "abc"
ch = word[3]

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}index_error_tuple_str.py:3:6: error: IndexError: string index out of range{{$}}
# CHECK-NEXT: {{^}}ch = word[3]{{$}}
# CHECK-NEXT: {{^}}     ^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 3, in 
# PY: IndexError: string index out of range
