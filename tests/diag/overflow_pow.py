# OverflowError from ** beyond 64 bits.
x = 3 ** 40

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: %python -c "print(3 ** 40 > 2 ** 63 - 1)" | FileCheck --check-prefix=PYOUT %s
# CHECK: {{^.*/}}overflow_pow.py:2:5: error: OverflowError: {{.+}}{{$}}
# CHECK-NEXT: {{^}}x = 3 ** 40{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PYOUT: True
