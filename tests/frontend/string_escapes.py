# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
a = '\x4'
b = '\u12'
c = '\U1234'
d = '\U00110000'
e = '\N{NOT A CHAR}'
f = '\N'
g = '\d is kept'
h = '\N{}'
i = '\N{BULLET'

# CHECK: {{.*}}string_escapes.py:2:6: error: truncated \xXX escape
# CHECK-NEXT: {{^}}a = '\x4'{{$}}
# CHECK-NEXT: {{^}}     ^~~{{$}}
# CHECK-NEXT: {{.*}}string_escapes.py:3:6: error: truncated \uXXXX escape
# CHECK-NEXT: {{^}}b = '\u12'{{$}}
# CHECK-NEXT: {{^}}     ^~~~{{$}}
# CHECK-NEXT: {{.*}}string_escapes.py:4:6: error: truncated \UXXXXXXXX escape
# CHECK-NEXT: {{^}}c = '\U1234'{{$}}
# CHECK-NEXT: {{^}}     ^~~~~~{{$}}
# CHECK-NEXT: {{.*}}string_escapes.py:5:6: error: illegal Unicode character
# CHECK-NEXT: {{^}}d = '\U00110000'{{$}}
# CHECK-NEXT: {{^}}     ^~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}string_escapes.py:6:6: error: unknown Unicode character name
# CHECK-NEXT: {{^}}e = '\N{NOT A CHAR}'{{$}}
# CHECK-NEXT: {{^}}     ^~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}string_escapes.py:7:6: error: malformed \N character escape
# CHECK-NEXT: {{^}}f = '\N'{{$}}
# CHECK-NEXT: {{^}}     ^~{{$}}
# CHECK-NEXT: {{.*}}string_escapes.py:9:6: error: malformed \N character escape
# CHECK-NEXT: {{^}}h = '\N{}'{{$}}
# CHECK-NEXT: {{^}}     ^~~{{$}}
# CHECK-NEXT: {{.*}}string_escapes.py:10:6: error: malformed \N character escape
# CHECK-NEXT: {{^}}i = '\N{BULLET'{{$}}
# CHECK-NEXT: {{^}}     ^~~~~~~~~{{$}}
# CHECK-NOT: error
