# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Iterators (zip, map, filter, enumerate, reversed, iter()) are single-use,
# like CPython's; containers, ranges and dict views can be iterated again.
z = zip([1, 2], "ab")
print(list(z), list(z))
m = map(str, [1, 2])
print(list(m), list(m))
f = filter(None, [0, 1, 2])
print(list(f), list(f))
e = enumerate("xy")
print(list(e), list(e))
r = reversed([1, 2, 3])
print(list(r), list(r))
it = iter([10, 20, 30])
print(next(it), list(it), list(it), next(it, "exhausted"))
rng = range(3)
print(list(rng), list(rng))
d = {"k": 1}
ks = d.keys()
print(list(ks), list(ks), list(d.items()), list(d.items()))
partial = iter("abcdef")
first_two = [next(partial), next(partial)]
print(first_two, "".join(partial))
pairs = zip(range(3), range(3))
for a, b in pairs:
    if a == 1:
        break
print(list(pairs))
gen = (x for x in range(4))
print(3 in gen, list(gen))
mm = map(lambda v: v * 2, [1, 2, 3])
print(next(mm), sum(mm))
same = iter([1, 2])
print(iter(same) is same)
# CHECK: [(1, 'a'), (2, 'b')] []
# CHECK-NEXT: ['1', '2'] []
# CHECK-NEXT: [1, 2] []
# CHECK-NEXT: [(0, 'x'), (1, 'y')] []
# CHECK-NEXT: [3, 2, 1] []
# CHECK-NEXT: 10 [20, 30] [] exhausted
# CHECK-NEXT: [0, 1, 2] [0, 1, 2]
# CHECK-NEXT: ['k'] ['k'] [('k', 1)] [('k', 1)]
# CHECK-NEXT: ['a', 'b'] cdef
# CHECK-NEXT: [(2, 2)]
# CHECK-NEXT: True []
# CHECK-NEXT: 2 10
# CHECK-NEXT: True
