# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str case methods: upper, lower, capitalize, title, swapcase, casefold.
s = "hello World, it's 3 PM"
print(s.upper())
print(s.lower())
print(s.capitalize())
print(s.title())
print(s.swapcase())
print(s.casefold())
print("".upper(), "123".title(), "mIxEd".capitalize(), "a-b_c d".title(), "ab1cd".title())
print("already UPPER".upper() == "ALREADY UPPER", "x".upper().lower())
# CHECK: HELLO WORLD, IT'S 3 PM
# CHECK-NEXT: hello world, it's 3 pm
# CHECK-NEXT: Hello world, it's 3 pm
# CHECK-NEXT: Hello World, It'S 3 Pm
# CHECK-NEXT: HELLO wORLD, IT'S 3 pm
# CHECK-NEXT: hello world, it's 3 pm
# CHECK-NEXT:  123 Mixed A-B_C D Ab1Cd
# CHECK-NEXT: True x
