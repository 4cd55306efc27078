# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# if / elif / else, nesting, truthiness of conditions, pass in branches.
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        if n % 2 == 0:
            return "small even"
        else:
            return "small odd"
    else:
        pass
    return "large"
for n in [-5, 0, 4, 7, 100]:
    print(n, classify(n))
if []:
    print("empty list is true?")
elif {}:
    print("empty dict is true?")
elif "x":
    print("non-empty string is true")
if None:
    print("no")
else:
    print("None is false")
if 0.0 or 0 or "":
    print("no")
if not ():
    print("empty tuple is false")
# CHECK: -5 negative
# CHECK-NEXT: 0 zero
# CHECK-NEXT: 4 small even
# CHECK-NEXT: 7 small odd
# CHECK-NEXT: 100 large
# CHECK-NEXT: non-empty string is true
# CHECK-NEXT: None is false
# CHECK-NEXT: empty tuple is false
