# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Generator expressions: lazy, single-use, consumed by sum/any/all/min/max/
# list/tuple/sorted/join; as the sole argument without extra parentheses.
g = (x * x for x in range(5))
print(sum(g), sum(g))
print(list(c for c in "abc"), tuple(i for i in range(3)))
print(any(x > 3 for x in [1, 2, 5]), all(x > 0 for x in [1, 2, -1]))
print(min(len(w) for w in ["aa", "b", "ccc"]), max((n % 7 for n in range(20))))
print(",".join(str(i) for i in range(5)))
print(sorted((-x for x in [3, 1, 2])), sum(x for x in range(101) if x % 2 == 0))
seen = []
def note(x):
    seen.append(x)
    return x
lazy = (note(i) for i in range(5))
print(seen)
print(any(v == 2 for v in lazy), seen)
print(list(lazy), seen)
print(dict((k, len(k)) for k in ["ab", "cde"]))
print(sum(a * b for a, b in zip([1, 2, 3], [4, 5, 6])))
nested = (x + y for x in "ab" for y in "12")
print(list(nested))
print(list(n for n in range(10) if n % 3 == 0 if n))
# CHECK: 30 0
# CHECK-NEXT: ['a', 'b', 'c'] (0, 1, 2)
# CHECK-NEXT: True False
# CHECK-NEXT: 1 6
# CHECK-NEXT: 0,1,2,3,4
# CHECK-NEXT: [-3, -2, -1] 2550
# CHECK-NEXT: []
# CHECK-NEXT: True [0, 1, 2]
# CHECK-NEXT: [3, 4] [0, 1, 2, 3, 4]
# CHECK-NEXT: {'ab': 2, 'cde': 3}
# CHECK-NEXT: 32
# CHECK-NEXT: ['a1', 'a2', 'b1', 'b2']
# CHECK-NEXT: [3, 6, 9]
