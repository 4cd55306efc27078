# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
if x:
	a = 1
        b = 2

# CHECK: {{.*}}tabs_inconsistent.py:4:9: error: inconsistent use of tabs and spaces in indentation
# CHECK-NEXT: {{^}}        b = 2{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NOT: error
