# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# str.maketrans and str.translate (mapping, deletion), str.format_map,
# and the remaining str methods not covered elsewhere.
table = str.maketrans("abc", "xyz")
print("aabbcc-abc".translate(table))
print("hello world".translate(str.maketrans("", "", "lo")))
print("hello".translate({ord("h"): "J", ord("o"): None}))
print("{name} is {age}".format_map({"name": "Ann", "age": 30}))
print("a1b2".isalnum(), "ABC".lower().islower(), "x".center(3).isspace())
# CHECK: xxyyzz-xyz
# CHECK-NEXT: he wrd
# CHECK-NEXT: Jell
# CHECK-NEXT: Ann is 30
# CHECK-NEXT: True True False
