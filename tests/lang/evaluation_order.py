# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Evaluation order is left to right: call arguments (positional, then
# keyword, in source order), operands, display items, dict keys before
# values, subscripts (object, then index), and the right-hand side of an
# assignment before its targets.
log = []
def t(tag, v=None):
    log.append(tag)
    return tag if v is None else v
def f(*a, **k):
    return None
f(t("a1"), t("a2"), k1=t("k1"), k2=t("k2"))
print(log)
log.clear()
r = t("l", 1) + t("m", 2) * t("r", 3)
print(r, log)
log.clear()
lst = [t("x"), t("y"), (t("z1"), t("z2"))]
print(log)
log.clear()
d = {t("key1"): t("val1"), t("key2"): t("val2")}
print(log)
log.clear()
v = t("obj", [10, 20])[t("idx", 1)]
print(v, log)
log.clear()
class O:
    pass
o = O()
t("target", o).attr = t("value", 5)
print(o.attr, log)
log.clear()
arr = [0, 0]
t("arr", arr)[t("i", 0)] = t("rhs", 9)
print(arr, log)
log.clear()
ok = t("c1", 1) < t("c2", 2) < t("c3", 3)
print(ok, log)
log.clear()
s = t("cond", True) and t("then", "yes") or t("else", "no")
print(s, log)
log.clear()
a, b = t("p", 1), t("q", 2)
print(a, b, log)
# CHECK: ['a1', 'a2', 'k1', 'k2']
# CHECK-NEXT: 7 ['l', 'm', 'r']
# CHECK-NEXT: ['x', 'y', 'z1', 'z2']
# CHECK-NEXT: ['key1', 'val1', 'key2', 'val2']
# CHECK-NEXT: 20 ['obj', 'idx']
# CHECK-NEXT: 5 ['value', 'target']
# CHECK-NEXT: [9, 0] ['rhs', 'arr', 'i']
# CHECK-NEXT: True ['c1', 'c2', 'c3']
# CHECK-NEXT: yes ['cond', 'then']
# CHECK-NEXT: 1 2 ['p', 'q']
