# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# format(value, spec): the built-in used by f-strings, on ints, floats, strs.
print(format(42), format(42, "5d"), format(42, "<5") + "|", format(42, "^7") + "|", format(42, "+d"), format(-42, " d"))
print(format(3.14159, ".2f"), format(3.14159, "10.3f"), format(1234567.891, ",.2f"), format(0.5, "%"), format(0.25, ".1%"))
print(format(255, "x"), format(255, "X"), format(255, "#x"), format(8, "o"), format(8, "#o"), format(5, "b"), format(5, "#010b"))
print(format("hi", "5") + "|", format("hi", ">5"), format("hi", "*^6"), format("long string", ".4"))
print(format(1e10, "e"), format(12345.678, ".2e"), format(0.0001234, "g"), format(123456789.0, "g"), format(1.5, "G"))
print(format(1234567, ","), format(1234567, "_"), format(-1234567.5, ",.1f"), format(True), format(None))
print(format(7, "03d"), format(-7, "03d"), format(7.0, "08.3f"), format(-7.0, "=+9.2f"))
# CHECK: 42    42 42   |   42  | +42 -42
# CHECK-NEXT: 3.14      3.142 1,234,567.89 50.000000% 25.0%
# CHECK-NEXT: ff FF 0xff 10 0o10 101 0b00000101
# CHECK-NEXT: hi   |    hi **hi** long
# CHECK-NEXT: 1.000000e+10 1.23e+04 0.0001234 1.23457e+08 1.5
# CHECK-NEXT: 1,234,567 1_234_567 -1,234,567.5 True None
# CHECK-NEXT: 007 -07 0007.000 -    7.00
