# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
with open("f") as f, lock:
    data = f.read()

# CHECK: {{.*}}unsupported_with.py:2:1: error: 'with' statements are not supported by msc
# CHECK-NEXT: {{^}}with open("f") as f, lock:{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NOT: error
