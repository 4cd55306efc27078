if x:
        if y:
                a = 1
	b = 2

# Dedent to a column whose tabs/spaces disagree with the block it
# returns to (8 spaces above, one tab here): TabError in CPython.
# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{.*}}tabs_inconsistent_dedent.py:4:9: error: inconsistent use of tabs and spaces in indentation
# CHECK-NEXT: {{^}}        b = 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NOT: error
# PY: line 4
# PY: TabError: inconsistent use of tabs and spaces in indentation
