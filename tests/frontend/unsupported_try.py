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
finally:
    pass
try:
    pass
try:
    pass
except KeyError:
    pass

# CHECK: {{.*}}unsupported_try.py:2:1: error: 'try' statements are not supported by msc
# CHECK-NEXT: {{^}}try:{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_try.py:5:9: error: unmatched ')'
# CHECK-NEXT: {{^}}    y = ){{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{.*}}unsupported_try.py:12:1: error: 'try' statements are not supported by msc
# CHECK-NEXT: {{^}}try:{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_try.py:16:1: error: 'try' statements are not supported by msc
# CHECK-NEXT: {{^}}try:{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_try.py:18:1: error: 'try' statements are not supported by msc
# CHECK-NEXT: {{^}}try:{{$}}
# CHECK-NEXT: {{^}}^~~{{$}}
# CHECK-NOT: error
