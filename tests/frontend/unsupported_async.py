# RUN: not %msc run --syntax-only %s 2>&1 | FileCheck --strict-whitespace %s
async def f():
    await g()
    async for x in y:
        pass
    async with a:
        pass
@dec
async def h():
    pass

# CHECK: {{.*}}unsupported_async.py:2:1: error: 'async' functions are not supported by msc
# CHECK-NEXT: {{^}}async def f():{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_async.py:3:5: error: 'await' expressions are not supported by msc
# CHECK-NEXT: {{^}}    await g(){{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_async.py:4:5: error: 'async' functions are not supported by msc
# CHECK-NEXT: {{^}}    async for x in y:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_async.py:6:5: error: 'async' functions are not supported by msc
# CHECK-NEXT: {{^}}    async with a:{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{.*}}unsupported_async.py:9:1: error: 'async' functions are not supported by msc
# CHECK-NEXT: {{^}}async def h():{{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NOT: error
