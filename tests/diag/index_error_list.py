# IndexError: list index out of range, via a method.
class Buffer:
    def __init__(self):
        self.items = [1, 2]

    def third(self):
        return self.items[2]

b = Buffer()
print(b.third())

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}index_error_list.py:7:16: error: IndexError: list index out of range{{$}}
# CHECK-NEXT: {{^}}        return self.items[2]{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^.*/}}index_error_list.py:10:7: note: called from here{{$}}
# CHECK-NEXT: {{^}}print(b.third()){{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 7, in 
# PY: IndexError: list index out of range
