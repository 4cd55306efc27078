# try statements parse with CPython's rules: a try needs an except or a
# finally block, a bare except must be the last handler; errors inside the
# clauses are still found.
# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
try:
    x = 1
except ValueError as e:
    y = )
except:
    pass
else:
    pass
finally:
    pass
try:
    pass
except:
    pass
except KeyError:
    pass
try:
    pass
x = 2

# CHECK: {{.*}}try_syntax.py:8:9: error: unmatched ')'
# CHECK-NEXT: {{^}}    y = ){{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}try_syntax.py:17:1: error: default 'except:' must be last
# CHECK-NEXT: {{^}}except:{{$}}
# CHECK-NEXT: {{^}}^~~~~~{{$}}
# CHECK-NEXT: {{.*}}try_syntax.py:21:1: error: expected 'except' or 'finally' block
# CHECK-NOT: error
