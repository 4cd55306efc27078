# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# None and Ellipsis: repr, identity, as default and return value, in
# containers, comparisons by identity and equality.
def nothing():
    pass
def explicit():
    return
print(None, repr(None), nothing(), explicit(), nothing() is None, None == None, None != 0)
print(..., Ellipsis, ... is Ellipsis, [None, ...], type(None).__name__, type(...).__name__)
x = None
print(x is None, x is not None, not x, x or "default", [x] == [None], {None: 1}[None])
print(str(None) + "!", f"{None}", "%s" % None, bool(...))
# CHECK: None None None None True True True
# CHECK-NEXT: Ellipsis Ellipsis True [None, Ellipsis] NoneType ellipsis
# CHECK-NEXT: True False True default True 1
# CHECK-NEXT: None! None None True
