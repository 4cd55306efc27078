# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
match command.split():
    case [action]:
        pass
    case [action, obj]:
        pass
    case _:
        pass
match = {"a": 1}
print(match["a"])
match(x)
if x:
    match x:
        case 1:
            y = 2
    z = 3

# CHECK: {{.*}}unsupported_match.py:2:1: error: 'match' statements are not supported by msc
# CHECK-NEXT: {{^}}match command.split():{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_match.py:13:5: error: 'match' statements are not supported by msc
# CHECK-NEXT: {{^}}    match x:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NOT: error
