# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
@dataclass
class Point:
    x: int = 0

# CHECK: {{.*}}unsupported_class_decorator.py:2:1: error: class decorators are not supported by msc
# CHECK-NEXT: {{^}}@dataclass{{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~{{$}}
# CHECK-NOT: error
