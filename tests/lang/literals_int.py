# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Integer literals: decimal, hex, octal, binary, underscores, 64-bit range.
print(0, 7, 42, 1_000_000)
print(0x1F, 0XfF, 0o17, 0O777, 0b1011, 0B1)
print(0x_ff, 0b_1010_1010, 0o_7_7)
print(9223372036854775807)
print(-9223372036854775807 - 1)
print(0x7FFF_FFFF_FFFF_FFFF)
print(1_2_3 + 0)
print(00, 0_0)
print(type(10).__name__)
# CHECK: 0 7 42 1000000
# CHECK-NEXT: 31 255 15 511 11 1
# CHECK-NEXT: 255 170 63
# CHECK-NEXT: 9223372036854775807
# CHECK-NEXT: -9223372036854775808
# CHECK-NEXT: 9223372036854775807
# CHECK-NEXT: 123
# CHECK-NEXT: 0 0
# CHECK-NEXT: int
