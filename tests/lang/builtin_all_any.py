# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# all and any: empty iterables, short-circuit, truthiness of elements.
print(all([]), any([]), all([1, "a", [0]]), all([1, 0]), any([0, "", None]), any([0, 1]))
print(all("abc"), any(""), all(x > 0 for x in [1, 2]), any(x > 5 for x in [1, 2]))
consumed = []
def check(x):
    consumed.append(x)
    return x
print(any(check(x) for x in [0, 0, 3, 4]), consumed)
consumed.clear()
print(all(check(x) for x in [1, 2, 0, 4]), consumed)
print(all({}), any({0: "a"}), any({1: 0}), all(range(1, 4)), all(range(0, 4)))
# CHECK: True False True False False True
# CHECK-NEXT: True False True False
# CHECK-NEXT: True [0, 0, 3]
# CHECK-NEXT: False [1, 2, 0]
# CHECK-NEXT: True False True True False
