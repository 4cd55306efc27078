# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# for: over lists, tuples, strings, ranges, dicts, tuple targets, nested loops,
# break / continue, the loop variable after the loop, modifying other lists.
for x in [1, 2, 3]:
    print("list", x)
for ch in "ab":
    print("str", ch)
for k in {"one": 1, "two": 2}:
    print("key", k)
for k, v in {"one": 1, "two": 2}.items():
    print("item", k, v)
for i, (a, b) in enumerate([("x", 1), ("y", 2)], 1):
    print(i, a, b)
for i in range(10):
    if i == 2:
        continue
    if i == 5:
        break
    print("i", i)
print("after", i)
for i in range(3):
    for j in range(3):
        if j > i:
            break
        print(i, j, end="; ")
print()
for _ in []:
    print("never")
total = 0
for n in range(1, 101):
    total += n
print(total)
out = []
for a, *rest in [(1, 2, 3), (4,)]:
    out.append((a, rest))
print(out)
for x in (10,):
    pass
print(x)
# CHECK: list 1
# CHECK: str b
# CHECK-NEXT: key one
# CHECK-NEXT: key two
# CHECK-NEXT: item one 1
# CHECK-NEXT: item two 2
# CHECK-NEXT: 1 x 1
# CHECK-NEXT: 2 y 2
# CHECK-NEXT: i 0
# CHECK-NEXT: i 1
# CHECK-NEXT: i 3
# CHECK-NEXT: i 4
# CHECK-NEXT: after 5
# CHECK-NEXT: 0 0; 1 0; 1 1; 2 0; 2 1; 2 2;
# CHECK-NEXT: 5050
# CHECK-NEXT: [(1, [2, 3]), (4, [])]
# CHECK-NEXT: 10
