# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Augmented assignment: every operator; in place for lists; targets that are
# names, attributes and subscripts (the target expression is evaluated once).
x = 10
x += 5
print(x)
x -= 3
print(x)
x *= 2
print(x)
x /= 4
print(x)
x //= 2
print(x)
x = 17
x %= 5
print(x)
x **= 3
print(x)
x <<= 2
print(x)
x >>= 1
print(x)
x &= 0b1100
print(x)
x |= 0b0011
print(x)
x ^= 0b0101
print(x)
s = "ab"
s += "cd"
s *= 2
print(s)
l = [1]
alias = l
l += [2, 3]
print(l, alias, l is alias)
t = (1,)
talias = t
t += (2,)
print(t, talias)
l *= 2
print(alias)
class C:
    n = 0
c = C()
c.n += 1
c.n += 1
print(c.n, C.n)
calls = []
def idx():
    calls.append("idx")
    return 1
arr = [1, 2, 3]
arr[idx()] += 40
print(arr, calls)
d = {"a": 1}
d["a"] += 1
d.setdefault("b", [])
d["b"] += ["x"]
print(d)
f = 1.5
f *= 2
f -= 0.5
print(f)
# CHECK: 15
# CHECK-NEXT: 12
# CHECK-NEXT: 24
# CHECK-NEXT: 6.0
# CHECK-NEXT: 3.0
# CHECK: abcdabcd
# CHECK-NEXT: [1, 2, 3] [1, 2, 3] True
# CHECK-NEXT: (1, 2) (1,)
# CHECK-NEXT: [1, 2, 3, 1, 2, 3]
# CHECK-NEXT: 2 0
# CHECK-NEXT: [1, 42, 3] ['idx']
# CHECK-NEXT: {'a': 2, 'b': ['x']}
# CHECK-NEXT: 2.5
