# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# and / or return an operand and short-circuit; not returns a bool.
def t(x):
    print("eval", x)
    return x
print(1 and 2, 0 and 2, 1 or 2, 0 or 2, None or "d", "" or [] or 0)
print([] and t("never"), 3 or t("never"))
r = t(0) or t("") or t("last")
print(r)
r = t(1) and t(2) and t(0) and t(3)
print(r)
print(not 0, not 1, not "", not "a", not [], not None, not not 5)
print(True and False, True or False, not True or True, not (True or True))
x = 7
print(x > 5 and "big" or "small", x > 10 and "big" or "small")
print(0 or 0.0 or None)
print(1 if [] else 2, 1 if [0] else 2)
# CHECK: 2 0 1 2 d 0
# CHECK-NEXT: [] 3
# CHECK-NEXT: eval 0
# CHECK-NEXT: eval
# CHECK-NEXT: eval last
# CHECK-NEXT: last
# CHECK-NEXT: eval 1
# CHECK-NEXT: eval 2
# CHECK-NEXT: eval 0
# CHECK-NEXT: 0
# CHECK-NEXT: True False True False True True True
