# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# %-formatting: d i s r f e g x o c %, flags (- + space 0 #), width and
# precision (also from *), single values, tuples, dict mapping keys.
print("%d %i %s %r %f" % (42, -7, "str", "repr", 3.14159))
print("%5d|%-5d|%05d|%+d|% d|%x|%X|%#x|%o|%#o" % (42, 42, 42, 42, 42, 255, 255, 255, 8, 8))
print("%.2f|%8.3f|%-8.1f|%e|%.2E|%g|%G|%g" % (3.14159, 3.14159, 3.14159, 12345.678, 0.000123, 0.0001, 1e-10, 1234567.0))
print("%s" % "single", "%s" % (1,), "%s and %s" % ("a", "b"), "%r" % [1, "x"], "%s" % None)
print("%c%c" % (72, "i"), "100%%", "%d%%" % 50, "%(name)s is %(age)d" % {"name": "Bo", "age": 5})
print("%*d|%-*d|%.*f" % (5, 1, 4, 2, 3, 2.0))
print("%s %s" % ([1, 2], (3, 4)), "%s" % ((1, 2),), "%5s|%-5s|%.2s" % ("ab", "ab", "abcdef"))
print("%d" % 3.99, "%d" % True, "%s" % True, "%.0f" % 2.5, "%.0f" % 3.5, "%f" % 1e16)
print("Epoch %d/%d, loss %.4f, acc %5.1f%%" % (3, 10, 0.123456, 97.25))
# CHECK: 42 -7 str 'repr' 3.141590
# CHECK-NEXT:    42|42   |00042|+42| 42|ff|FF|0xff|10|0o10
# CHECK-NEXT: 3.14|   3.142|3.1     |1.234568e+04|1.23E-04|0.0001|1E-10|1.23457e+06
# CHECK-NEXT: single 1 a and b [1, 'x'] None
# CHECK-NEXT: Hi 100%% 50% Bo is 5
# CHECK-NEXT:     1|2   |2.000
# CHECK-NEXT: [1, 2] (3, 4) (1, 2)    ab|ab   |ab
# CHECK-NEXT: 3 1 True 2 4 10000000000000000.000000
# CHECK-NEXT: Epoch 3/10, loss 0.1235, acc  97.2%
