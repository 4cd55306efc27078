# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Big but 64-bit integers: values near the limits that must stay exact.
big = 2 ** 62
print(big, big + (big - 1), -big - big)
print((2 ** 62 - 1) * 2 + 1, -(2 ** 62) * 2)
m = 9223372036854775807
print(m, m - 1, m // 3, m % 1000, -m, m // -7)
print(10 ** 18, 10 ** 18 * 9, 3 ** 39, 7 ** 22)
print(int("9223372036854775807"), int("-9223372036854775808"), int(" 42 "), int("-0"), int("+17"))
print(int("ff", 16), int("0x1f", 16), int("777", 8), int("0b101", 0), int("z", 36), int("1_000"))
print(int(9.223372036854775e18), int(-1e18), int(True), int(False))
print(4611686018427387904 - 1 + 4611686018427387904)
print(format(255, "x"), format(8, "o"), format(5, "b"))
print(abs(-9223372036854775807), m & 0xFF, m >> 60, (1 << 62) >> 1)
print(sum(range(1, 2000001)), 1000000007 * 1000000007)
# CHECK: 4611686018427387904 9223372036854775807 -9223372036854775808
# CHECK-NEXT: 9223372036854775807 -9223372036854775808
# CHECK-NEXT: 9223372036854775807 9223372036854775806 3074457345618258602 807 -9223372036854775807 -1317624576693539401
# CHECK-NEXT: 1000000000000000000 9000000000000000000 4052555153018976267 3909821048582988049
# CHECK: 255 31 511 5 35 1000
# CHECK: 9223372036854775807
# CHECK-NEXT: ff 10 101
# CHECK: 2000001000000 1000000014000000049
