# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str.format: automatic and explicit positional fields, keyword fields,
# indexing and attribute access inside fields, conversions, specs, nested
# specs, escaped braces.
print("{} + {} = {}".format(1, 2, 3))
print("{0}{1}{0}".format("ab", "-"), "{1} {0}".format("world", "hello"))
print("{name} is {age:d} years".format(name="Ann", age=30), "{x}{y}".format(y=2, x=1))
point = {"x": 3, "y": 4}
items = ["zero", "one"]
print("{0[x]},{0[y]} {1[1]}".format(point, items), "{p[x]}".format(p=point))
class O:
    attr = "attribute"
print("{.attr} {o.attr}".format(O(), o=O()))
print("{0!r} {0!s} {0!r:>8}".format("q"))
print("{:>8.3f}|{:<6}|{:^7}|{:+d}".format(3.14159, "ab", "mid", 5))
print("{:{}.{}f}".format(2.718281828, 10, 2), "{:{w}}|".format("x", w=4))
print("{{}} {{{}}}".format("in braces"))
print("{0:,} {0:_} {1:.1%} {2:#x} {2:08b}".format(1234567, 0.123, 10))
print("{} {}".format([1, 2], (3,)), "{}".format(None), "{!s:5}|".format(None))
print("{:*^11}".format(" hi "), "{:=+8.2f}".format(-1.5), "{:e}".format(12345.6789))
row = "{:<10}{:>8}{:>8}"
print(row.format("name", "qty", "price"))
for nm, q, pr in [("apple", 3, 1.5), ("kiwi", 12, 0.25)]:
    print(row.format(nm, q, "%.2f" % pr))
# CHECK: 1 + 2 = 3
# CHECK-NEXT: ab-ab hello world
# CHECK-NEXT: Ann is 30 years 12
# CHECK-NEXT: 3,4 one 3
# CHECK-NEXT: attribute attribute
# CHECK-NEXT: 'q' q      'q'
# CHECK-NEXT:    3.142|ab    |  mid  |+5
# CHECK-NEXT:       2.72 x   |
# CHECK-NEXT: {} {in braces}
# CHECK-NEXT: 1,234,567 1_234_567 12.3% 0xa 00001010
