# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Comparisons: chains evaluate each operand once and short-circuit;
# is / is not / in / not in; mixed numeric types; sequences compare lexically.
calls = []
def v(x):
    calls.append(x)
    return x
print(1 < 2 < 3, 1 < 3 < 2, 3 > 2 > 1 >= 1, 1 == 1.0 != 2, 1 < 2 > 0)
print(v(1) < v(2) < v(3), calls)
calls.clear()
print(v(3) < v(2) < v(5), calls)
calls.clear()
print(v(1) == v(1) == v(2) == v(9), calls)
a = [1, 2]
b = a
c = [1, 2]
print(a is b, a is c, a == c, a is not c, None is None, None is not None)
print(2 in a, 5 in a, 5 not in a, "ell" in "hello", "z" not in "hello")
print(1 in {1: "x"}, "x" in {1: "x"}, 3 in (1, 2, 3), 3 in range(5), 7 in range(0, 10, 2))
print([1, 2, 3] < [1, 2, 4], [1, 2] < [1, 2, 0], (1, "b") > (1, "a"), "abc" < "abd", "Z" < "a")
print([] == [], () == (), [1] == (1,), {1: 2} == {1: 2}, {1: 2} != {1: 3})
print(0 < 1 <= 1 < 2 == 2 != 3 > -1 >= -1)
x = 5
print(0 <= x < 10, 0 <= x < 5, not 0 <= x < 10)
print(True == 1, False == 0, True is True, 1.5 >= 1, -1 < -0.5)
print(1 < 2 in [True], (1 < 2) in [True])
# CHECK: True False True True True
# CHECK-NEXT: True [1, 2, 3]
# CHECK-NEXT: False [3, 2]
# CHECK-NEXT: False [1, 1, 2]
# CHECK-NEXT: True False True True True False
# CHECK-NEXT: True False True True True
# CHECK: True True True True True
# CHECK-NEXT: True True False True True
# CHECK-NEXT: True
