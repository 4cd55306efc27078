# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# print: sep, end, several arguments, no arguments, str() of each argument.
print("hello", "world")
print(1, 2.5, None, True, "x")
print()
print("a", "b", "c", sep="-")
print("no newline", end="")
print(" continued")
print("x", "y", sep="", end="!\n")
print(*[1, 2, 3])
print(*[1, 2, 3], sep=", ")
print("sep None", "ok", sep=None, end=None)
print([1, "two", 3.0], (4,), {"k": "v"})
print("")
print("tab\tsep", 'quote"s', "it's")
# CHECK: hello world
# CHECK-NEXT: 1 2.5 None True x
# CHECK-EMPTY:
# CHECK-NEXT: a-b-c
# CHECK-NEXT: no newline continued
# CHECK-NEXT: xy!
# CHECK-NEXT: 1 2 3
# CHECK-NEXT: 1, 2, 3
# CHECK-NEXT: sep None ok
# CHECK-NEXT: [1, 'two', 3.0] (4,) {'k': 'v'}
