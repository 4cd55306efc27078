# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Simple statements separated by ';', trailing ';', comments and blank lines
# anywhere, backslash continuation, tabs for indentation, bracket continuation.
a = 1; b = 2; print(a + b);


def f(x):   # a comment after the header

    # a comment line inside the body, then a blank line

    y = x * 2; return y
print(f(4))
if a:
	print("tab-indented")
	if b:
		print("two tabs")
total = 1 + \
        2 + \
    3
print(total)
values = [1,
    2,
          3,   # comments inside brackets
]
print(values, (4,
5), {"k":
"v"})
def g(): return "one-liner"
print(g())
if a == 1: print("inline if")
while a < 3: a += 1
print(a)
for i in range(2): print("loop", i)
class K: pass
print(type(K()).__name__)
# CHECK: 3
# CHECK-NEXT: 8
# CHECK-NEXT: tab-indented
# CHECK-NEXT: two tabs
# CHECK-NEXT: 6
# CHECK-NEXT: [1, 2, 3] (4, 5) {'k': 'v'}
# CHECK-NEXT: one-liner
# CHECK-NEXT: inline if
# CHECK-NEXT: 3
# CHECK-NEXT: loop 0
# CHECK-NEXT: loop 1
# CHECK-NEXT: K
