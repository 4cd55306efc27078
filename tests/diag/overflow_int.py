# OverflowError: msc integers are 64-bit, so a result outside the int64 range
# is an error (CPython would print a big integer; the PY check pins that
# this script really overflows 64 bits).
big = 2 ** 62
print(big)
bigger = big * 4
print(bigger)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: %python %s | FileCheck --check-prefix=PYOUT %s
# CHECK: {{^.*/}}overflow_int.py:6:10: error: OverflowError: {{.+}}{{$}}
# CHECK-NEXT: {{^}}bigger = big * 4{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PYOUT: 4611686018427387904
# PYOUT-NEXT: 18446744073709551616
