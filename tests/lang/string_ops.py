# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str values: immutability (methods return new strings), building strings in
# loops, comparison and sorting, min/max, multiplication tables, join vs +=,
# str() of numbers in text, membership and counting characters.
s = "Hello"
t = s.upper()
print(s, t, s + ", " + t.lower() + "!")
acc = ""
for i in range(5):
    acc += str(i) * i
print(acc, len(acc))
parts = []
for word in "the quick brown fox".split():
    parts.append(word[::-1].capitalize())
print(" ".join(parts))
names = ["bob", "Alice", "carol", "Dave", "alice"]
print(sorted(names), sorted(names, key=str.lower), min(names), max(names))
print("apple" < "banana", "apple" < "Apple", "a" * 3 == "aaa", "abc" > "ab", "" < "a")
freq = {}
for ch in "mississippi":
    freq[ch] = freq.get(ch, 0) + 1
print(freq)
table = "\n".join(" ".join("%3d" % (r * c) for c in range(1, 5)) for r in range(1, 4))
print(table)
print("x=" + str(1.5) + ", n=" + str(-3) + ", ok=" + str(True))
print("-" * 20)
print(" | ".join(["%-6s" % w for w in ["a", "bb", "ccc"]]) + "|")
# CHECK: Hello HELLO Hello, hello!
# CHECK-NEXT: 1223334444 10
# CHECK-NEXT: Eht Kciuq Nworb Xof
# CHECK-NEXT: ['Alice', 'Dave', 'alice', 'bob', 'carol'] ['Alice', 'alice', 'bob', 'carol', 'Dave'] Alice carol
# CHECK-NEXT: True False True True True
# CHECK-NEXT: {'m': 1, 'i': 4, 's': 4, 'p': 2}
# CHECK-NEXT:   1   2   3   4
# CHECK-NEXT:   2   4   6   8
# CHECK-NEXT:   3   6   9  12
