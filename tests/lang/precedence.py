# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# The operator precedence ladder, lowest to highest: lambda, if-else, or, and,
# not, comparisons, |, ^, &, shifts, + -, * @ / // %, unary + - ~, **, await-
# free primaries (calls, subscripts, attributes).
class M:
    def __init__(self, v):
        self.v = v
    def __matmul__(self, o):
        return M(self.v * o.v)
    def __mul__(self, o):
        return M(self.v + o.v)
    def __repr__(self):
        return "M(%d)" % self.v
print(2 + 3 * 4, (2 + 3) * 4, 2 * 3 ** 2, (2 * 3) ** 2, -2 ** 2, (-2) ** 2, 2 ** -1)
print(10 - 4 - 3, 2 ** 2 ** 3, 100 / 10 / 5, 7 // 2 * 2, 7 % 4 * 3, -7 // 2, -(7 // 2))
print(1 + 2 << 3, 1 + (2 << 3), 1 | 2 ^ 3 & 4, (1 | 2) ^ (3 & 4), 6 & 3 << 1, ~1 + 1, -~5)
print(1 < 2 == True, not 1 == 2, not 1 + 1 == 3, (not 1) + 1, 5 > 3 and 2 > 1 or 0)
print(0 or 1 and 2, (0 or 1) and 2, not 0 and 0, 1 if 0 else 2 if 0 else 3, 1 | 0 == 1)
print(M(2) @ M(3) * M(4), M(2) * M(3) @ M(4), [1, 2, 3][1] ** 2, "ab"[0] * 2 + "c")
f = lambda x: x if x > 0 else -x
print(f(-5), (lambda: 1 or 2)(), 3 - -3, 3 + +3, - - 4, 2 * -1, 10 & -2)
a = [[1, 2], [3, 4]]
print(a[1][0] + a[0][1] * 2, -a[0][0] ** 2, len("abc") * 2 - 1, not a, not not a)
print(1 + 2 in [3], (1 + 2) in [3], 2 * 3 in range(7), "a" + "b" in "xaby", 1 < 2 < 3 == 3)
print(True + 1 * 2, 3 > 2 > 1 == True, 4 >> 1 + 1, (4 >> 1) + 1, 2 ** 3 % 5, 5 % 3 ** 2)
# CHECK: 14 20 18 36 -4 4 0.5
# CHECK-NEXT: 3 256 2.0 6 9 -4 -3
# CHECK-NEXT: 24 17 3 3 6 -1 6
# CHECK-NEXT: False True True 1 True
# CHECK-NEXT: 2 2 0 3 True
# CHECK-NEXT: M(10) M(20) 4 aac
# CHECK-NEXT: 5 1 6 6 4 -2 10
# CHECK-NEXT: 7 -1 5 False True
# CHECK-NEXT: True True True True True
# CHECK-NEXT: 3 True 1 3 3 5
