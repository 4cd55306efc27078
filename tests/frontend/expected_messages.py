# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
for x y:
    pass
x = a if b
import
def (x):
    pass
x = 
del
f(,)
from x import (a,,)
y = 1
else:
    pass

# CHECK: {{.*}}expected_messages.py:2:6: error: expected 'in'
# CHECK-NEXT: {{^}}for x y:{{$}}
# CHECK-NEXT: {{^}}     ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:4:11: error: expected 'else' after 'if' expression
# CHECK-NEXT: {{^}}x = a if b{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:5:7: error: expected a name
# CHECK-NEXT: {{^}}import{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:6:5: error: expected a name
# CHECK-NEXT: {{^}}def (x):{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:8:4: error: expected an expression
# CHECK-NEXT: {{^}}x = {{$}}
# CHECK-NEXT: {{^}}   ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:9:4: error: expected an expression
# CHECK-NEXT: {{^}}del{{$}}
# CHECK-NEXT: {{^}}   ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:10:3: error: expected an expression
# CHECK-NEXT: {{^}}f(,){{$}}
# CHECK-NEXT: {{^}}  ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:11:18: error: unexpected ','
# CHECK-NEXT: {{^}}from x import (a,,){{$}}
# CHECK-NEXT: {{^}}                 ^{{$}}
# CHECK-NEXT: {{.*}}expected_messages.py:13:1: error: invalid syntax
# CHECK-NEXT: {{^}}else:{{$}}
# CHECK-NEXT: {{^}}^~~~{{$}}
# CHECK-NOT: error
