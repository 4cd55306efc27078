# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
# Bytes literals are accepted (tests/lang/bytes_basic.py); these are the
# errors CPython reports at compile time.
x = b"abc" rb'\d'
y = b"é"
z = b'a' 'b'
w = 'a' b'b'

# CHECK: {{.*}}bytes_literal.py:5:7: error: bytes can only contain ASCII literal characters
# CHECK-NEXT: {{^}}y = b"é"{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}bytes_literal.py:6:5: error: cannot mix bytes and nonbytes literals
# CHECK-NEXT: {{^}}z = b'a' 'b'{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}bytes_literal.py:7:5: error: cannot mix bytes and nonbytes literals
# CHECK-NEXT: {{^}}w = 'a' b'b'{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~{{$}}
# CHECK-NOT: error
