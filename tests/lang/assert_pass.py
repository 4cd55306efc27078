# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# assert that holds (with and without message) does nothing; pass everywhere.
assert True
assert 1 == 1, "never shown"
assert [0], "non-empty list is true"
x = 5
assert x > 0 and x < 10
def f():
    pass
class C:
    pass
if x:
    pass
for i in range(2):
    pass
while False:
    pass
print(f(), type(C()).__name__, i)
assert f() is None, f"message {x} not evaluated"
print("done")
# CHECK: None C 1
# CHECK-NEXT: done
