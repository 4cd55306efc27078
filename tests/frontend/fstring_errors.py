# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
a = f"{}"
b = f"{x!z}"
c = f"{x"
d = f"}"
e = f"{x\n}"
g = f"{x#}"
h = f"{x)}"
i = f"{x(}"
j = f"{(x}"
k = f"{'x}"
l = f"{x:{y:{z}}}"
m = f"{x y}"
n = f"{x +}"
o = f"{x!r=}"
p = f"{*x}"
q = f"""{
x
+}"""

# CHECK: {{.*}}fstring_errors.py:2:7: error: f-string: empty expression not allowed
# CHECK-NEXT: {{^}}a = f"{}"{{$}}
# CHECK-NEXT: {{^}}      ^~{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:3:9: error: f-string: invalid conversion character: expected 's', 'r', or 'a'
# CHECK-NEXT: {{^}}b = f"{x!z}"{{$}}
# CHECK-NEXT: {{^}}        ^~{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:4:9: error: f-string: expecting '}'
# CHECK-NEXT: {{^}}c = f"{x"{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:5:7: error: f-string: single '}' is not allowed
# CHECK-NEXT: {{^}}d = f"}"{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:6:9: error: f-string expression part cannot include a backslash
# CHECK-NEXT: {{^}}e = f"{x\n}"{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:7:9: error: f-string expression part cannot include '#'
# CHECK-NEXT: {{^}}g = f"{x#}"{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:8:9: error: f-string: unmatched ')'
# CHECK-NEXT: {{^}}h = f"{x)}"{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:9:10: error: f-string: closing parenthesis '}' does not match opening parenthesis '('
# CHECK-NEXT: {{^}}i = f"{x(}"{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:10:10: error: f-string: closing parenthesis '}' does not match opening parenthesis '('
# CHECK-NEXT: {{^}}j = f"{(x}"{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:11:8: error: f-string: unterminated string
# CHECK-NEXT: {{^}}k = f"{'x}"{{$}}
# CHECK-NEXT: {{^}}       ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:12:13: error: f-string: expressions nested too deeply
# CHECK-NEXT: {{^}}l = f"{x:{y:{z}}}"{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:13:10: error: f-string: invalid syntax. Perhaps you forgot a comma?
# CHECK-NEXT: {{^}}m = f"{x y}"{{$}}
# CHECK-NEXT: {{^}}         ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:14:11: error: f-string: expected an expression
# CHECK-NEXT: {{^}}n = f"{x +}"{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:15:11: error: f-string: expecting '}'
# CHECK-NEXT: {{^}}o = f"{x!r=}"{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:16:8: error: f-string: can't use starred expression here
# CHECK-NEXT: {{^}}p = f"{*x}"{{$}}
# CHECK-NEXT: {{^}}       ^~{{$}}
# CHECK-NEXT: {{.*}}fstring_errors.py:19:2: error: f-string: expected an expression
# CHECK-NEXT: {{^}}+}{{\"\"\"}}{{$}}
# CHECK-NEXT: {{^}} ^{{$}}
# CHECK-NOT: error
