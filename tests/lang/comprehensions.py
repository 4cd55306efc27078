# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# List, dict and set comprehensions: filters, nesting (left-to-right), tuple
# targets, own scope (the loop variable does not leak; outer names visible).
print([x * x for x in range(6)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print([(i, j) for i in range(3) for j in range(i)])
print([[i * j for j in range(3)] for i in range(3)])
print({k: v for k, v in [("a", 1), ("b", 2)]})
print({x: x ** 2 for x in range(5) if x != 2})
print(sorted({x % 4 for x in range(10)}))
print([c.upper() for c in "abc"], [w[0] for w in "the quick fox".split()])
x = "outer x"
squares = [x for x in range(3)]
print(x, squares)
k = 10
print([k + i for i in range(3)])
def in_function(n):
    scale = 2
    return [scale * i for i in range(n)], {i: scale for i in range(2)}
print(in_function(3))
m = [[1, 2, 3], [4, 5, 6]]
print([row[i] for i in range(3) for row in m])
print([[row[i] for row in m] for i in range(3)])
print([y for row in m for y in row if y % 2])
print({(a, b): a * b for a in range(2) for b in range(2)})
print([v for v in []], {k: 1 for k in ""}, len({1 for _ in range(5)}))
print([a + b for a, b in zip("xyz", "123")])
print([n if n > 0 else 0 for n in [-1, 2, -3, 4]])
funcs = [lambda: i for i in range(3)]
print([f() for f in funcs])
print({c: i for i, c in enumerate("hello")})
# CHECK: [0, 1, 4, 9, 16, 25]
# CHECK-NEXT: [0, 6, 12, 18]
# CHECK-NEXT: [(1, 0), (2, 0), (2, 1)]
# CHECK-NEXT: {{\[\[0, 0, 0\], \[0, 1, 2\], \[0, 2, 4\]\]}}
# CHECK-NEXT: {'a': 1, 'b': 2}
# CHECK-NEXT: {0: 0, 1: 1, 3: 9, 4: 16}
# CHECK-NEXT: [0, 1, 2, 3]
# CHECK-NEXT: ['A', 'B', 'C'] ['t', 'q', 'f']
# CHECK-NEXT: outer x [0, 1, 2]
# CHECK: {'h': 0, 'e': 1, 'l': 3, 'o': 4}
