# RUN: %msc run --dump-ast %s 2>&1 | FileCheck --strict-whitespace %s
if x:
	a = 1
	if y:
		b = 2
	c = 3

# CHECK: {{^}}Module @{{.*}}
# CHECK-NEXT: {{^}}  If @2:1-6:14{{$}}
# CHECK-NEXT: {{^}}    test: Name x @2:4-2:5{{$}}
# CHECK-NEXT: {{^}}    body: Assign @3:9-3:14{{$}}
# CHECK-NEXT: {{^}}      target: Name a @3:9-3:10{{$}}
# CHECK-NEXT: {{^}}      value: Int 1 @3:13-3:14{{$}}
# CHECK-NEXT: {{^}}    body: If @4:9-5:22{{$}}
# CHECK-NEXT: {{^}}      test: Name y @4:12-4:13{{$}}
# CHECK-NEXT: {{^}}      body: Assign @5:17-5:22{{$}}
# CHECK-NEXT: {{^}}        target: Name b @5:17-5:18{{$}}
# CHECK-NEXT: {{^}}        value: Int 2 @5:21-5:22{{$}}
# CHECK-NEXT: {{^}}    body: Assign @6:9-6:14{{$}}
# CHECK-NEXT: {{^}}      target: Name c @6:9-6:10{{$}}
# CHECK-NEXT: {{^}}      value: Int 3 @6:13-6:14{{$}}
