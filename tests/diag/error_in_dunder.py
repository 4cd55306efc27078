# An error raised inside a user __add__ called by the + operator.
class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)

total = Money(5) + 3

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}error_in_dunder.py:7:35: error: AttributeError: 'int' object has no attribute 'cents'{{$}}
# CHECK-NEXT: {{^}}        return Money(self.cents + other.cents){{$}}
# CHECK-NEXT: {{^}}                                  ^~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}error_in_dunder.py:9:9: note: called from here{{$}}
# CHECK-NEXT: {{^}}total = Money(5) + 3{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 7, in 
# PY: AttributeError: 'int' object has no attribute 'cents'
