# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str search methods: find, rfind, index, rindex, count, startswith,
# endswith (with tuples and start/end), the in operator.
s = "abracadabra"
print(s.find("bra"), s.find("bra", 2), s.find("zz"), s.find("a", 1, 3), s.find(""), s.find("", 20))
print(s.rfind("bra"), s.rfind("a", 0, 5), s.rfind("x"), s.index("cad"), s.rindex("a"), s.index("a", 4))
print(s.count("a"), s.count("bra"), s.count("a", 5), s.count(""), "aaaa".count("aa"), s.count("a", 2, 8))
print(s.startswith("abr"), s.startswith("bra"), s.startswith("bra", 1), s.startswith(("x", "ab")), s.startswith(""))
print(s.endswith("bra"), s.endswith("cad", 0, 7), s.endswith(("x", "y")), s.endswith("a", 0, 1))
print("cad" in s, "dab" not in s, "" in s, "A" in s)
# CHECK: 1 8 -1 -1 0 -1
# CHECK-NEXT: 8 3 -1 4 10 5
# CHECK-NEXT: 5 2 3 12 2 3
# CHECK-NEXT: True False True True True
# CHECK-NEXT: True True False True
# CHECK-NEXT: True False True False
