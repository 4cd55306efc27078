# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
x = $y
a = b ? c
s = a – b
total = 5 € 3

# CHECK: {{.*}}invalid_char.py:2:5: error: invalid character '$' (U+0024)
# CHECK-NEXT: {{^}}x = $y{{$}}
# CHECK-NEXT: {{^}}    ^{{$}}
# CHECK-NEXT: {{.*}}invalid_char.py:3:7: error: invalid character '?' (U+003F)
# CHECK-NEXT: {{^}}a = b ? c{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}invalid_char.py:4:7: error: invalid character '–' (U+2013)
# CHECK-NEXT: {{^}}s = a – b{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}invalid_char.py:5:11: error: invalid character '€' (U+20AC)
# CHECK-NEXT: {{^}}total = 5 € 3{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NOT: error
