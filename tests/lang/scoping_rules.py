# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Name resolution: LEGB (local, enclosing, global, builtin), class bodies run
# top to bottom and their names are not visible inside methods, shadowing a
# builtin, parameters are locals, a name bound anywhere in a function is local
# throughout it.
x = "global"
def f():
    x = "enclosing"
    def g():
        return x
    return g()
print(f(), x)
def uses_builtin():
    return len("abc")
def shadows_builtin():
    len = lambda s: -1
    return len("abc")
print(uses_builtin(), shadows_builtin(), len("ab"))
class K:
    a = 1
    b = a + 1
    items = [a, b]
    def method(self):
        return x
    def sees_class_attr(self):
        return self.b, K.a
print(K.b, K.items, K().method(), K().sees_class_attr())
def param_is_local(x):
    x = x + "!"
    return x
print(param_is_local("p"), x)
def later_assignment(flag):
    if flag:
        y = "assigned"
    else:
        y = "other branch"
    return y
print(later_assignment(True), later_assignment(False))
max = "shadowed builtin"
print(max)
del max
print(max(1, 2))
def counter_factory():
    count = [0]
    def inc():
        count[0] += 1
        return count[0]
    return inc
c = counter_factory()
c()
print(c())
for loop_var in range(3):
    pass
print(loop_var)
# CHECK: enclosing global
# CHECK-NEXT: 3 -1 2
# CHECK-NEXT: 2 [1, 2] global (2, 1)
# CHECK-NEXT: p! global
# CHECK-NEXT: assigned other branch
# CHECK-NEXT: shadowed builtin
# CHECK-NEXT: 2
# CHECK-NEXT: 2
# CHECK-NEXT: 2
