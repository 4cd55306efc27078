# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
a = 012
b = 1__0
c = 1_
d = 0x
e = 0b102
f = 0o9
g = 1e
h = 3jk
i = 99999999999999999999
j = 9223372036854775808
k = -9223372036854775808
l = 0xffffffffffffffffff
m = 12abc

# CHECK: {{.*}}numbers.py:2:5: error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers
# CHECK-NEXT: {{^}}a = 012{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:3:5: error: invalid decimal literal
# CHECK-NEXT: {{^}}b = 1__0{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:4:5: error: invalid decimal literal
# CHECK-NEXT: {{^}}c = 1_{{$}}
# CHECK-NEXT: {{^}}    ^~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:5:5: error: invalid hexadecimal literal
# CHECK-NEXT: {{^}}d = 0x{{$}}
# CHECK-NEXT: {{^}}    ^~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:6:5: error: invalid digit '2' in binary literal
# CHECK-NEXT: {{^}}e = 0b102{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:7:5: error: invalid digit '9' in octal literal
# CHECK-NEXT: {{^}}f = 0o9{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:8:5: error: invalid decimal literal
# CHECK-NEXT: {{^}}g = 1e{{$}}
# CHECK-NEXT: {{^}}    ^~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:9:5: error: invalid imaginary literal
# CHECK-NEXT: {{^}}h = 3jk{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:10:5: error: integer literal is too large (msc integers are 64-bit)
# CHECK-NEXT: {{^}}i = 99999999999999999999{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:11:5: error: integer literal is too large (msc integers are 64-bit)
# CHECK-NEXT: {{^}}j = 9223372036854775808{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:13:5: error: integer literal is too large (msc integers are 64-bit)
# CHECK-NEXT: {{^}}l = 0xffffffffffffffffff{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}numbers.py:14:5: error: invalid decimal literal
# CHECK-NEXT: {{^}}m = 12abc{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
