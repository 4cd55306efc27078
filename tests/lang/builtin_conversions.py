# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# int, float, bool, str, repr conversions between the basic types.
print(int(), int(7), int(-7.99), int(7.99), int("123"), int("-45"), int("  8  "), int(True))
print(int("1010", 2), int("ff", 16), int("FF", 16), int("0o17", 8), int("0x10", 0), int("10", 0), int("-z", 36))
print(float(), float(3), float("2.5"), float("-1e-3"), float(" 7 "), float(True), float("inf"))
print(bool(), bool(0), bool(1), bool(-1), bool(0.0), bool(0.1), bool(""), bool(" "), bool([]), bool([0]), bool(None), bool({}), bool(()))
print(str(), str(12), str(-1.5), str(True), str(None), str([1, "a"]), str((1,)), str({"k": 1.0}))
print(repr(12), repr("a'b"), repr('a"b'), repr("\n\t\\"), repr([1, "x"]), repr(None), repr(1.0))
print(str("already"), repr(str("q")), str(3.0), repr(-0.0))
print(int(3.0) == 3, int("0"), float("0"), str(0) + str(0.0))
print(int(float("1e10")), float(int("12345678901")), int(-0.5), int(0.999))
print(bool("False"), str(False), int(False), float(False))
print(list(map(str, [1, 2.5, None])))
# CHECK: 0 7 -7 7 123 -45 8 1
# CHECK-NEXT: 10 255 255 15 16 10 -35
# CHECK-NEXT: 0.0 3.0 2.5 -0.001 7.0 1.0 inf
# CHECK-NEXT: False False True True False True False True False True False False False
# CHECK-NEXT: {{^}} 12 -1.5 True None [1, 'a'] (1,) {'k': 1.0}
# CHECK-NEXT: 12 "a'b" 'a"b' '\n\t\\' [1, 'x'] None 1.0
