# An exception escaping a generator: reported where the body raised, with
# the generator's consumer as the caller (as CPython's traceback); exit 1.
def rows(n):
    for i in range(n):
        if i == 2:
            raise ValueError(f"bad row {i}")
        yield i


total = 0
for r in rows(5):
    total += r
print(total)

# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}generator_escape.py:6:13: error: ValueError: bad row 2{{$}}
# CHECK-NEXT: {{^}}            raise ValueError(f"bad row {i}"){{$}}
# CHECK: {{^.*/}}generator_escape.py:11:10: note: called from here{{$}}
# CHECK-NOT: {{^[0-9]}}
# PY: line 11, in <module>
# PY: line 6, in rows
# PY: ValueError: bad row 2
