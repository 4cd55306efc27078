# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# while: conditions, break, continue, nested loops, loops that never run.
n = 0
while n < 5:
    n += 1
    if n == 2:
        continue
    print("n", n)
while True:
    n -= 1
    if n < 3:
        break
print("n after", n)
while False:
    print("never")
a, b = 0, 1
fibs = []
while a < 100:
    fibs.append(a)
    a, b = b, a + b
print(fibs)
i = 0
found = None
while i < 4:
    j = 0
    while j < 4:
        if i * j == 6:
            found = (i, j)
            break
        j += 1
    if found:
        break
    i += 1
print(found)
stack = [1, 2, 3]
while stack:
    print("pop", stack.pop())
# Collatz steps
x, steps = 27, 0
while x != 1:
    x = x // 2 if x % 2 == 0 else 3 * x + 1
    steps += 1
print(steps)
# CHECK: n 1
# CHECK-NEXT: n 3
# CHECK-NEXT: n 4
# CHECK-NEXT: n 5
# CHECK-NEXT: n after 2
# CHECK-NEXT: [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89]
# CHECK-NEXT: (2, 3)
# CHECK-NEXT: pop 3
# CHECK: 111
