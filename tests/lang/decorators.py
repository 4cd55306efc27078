# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Decorators: plain, with arguments, stacked (applied bottom-up), on methods,
# preserving behaviour; the decorator runs once at def time.
log = []
def trace(fn):
    log.append("decorating " + fn.__name__)
    def wrapper(*args, **kwargs):
        log.append("call " + fn.__name__)
        return fn(*args, **kwargs)
    return wrapper
def repeat(times):
    def deco(fn):
        def wrapper(*args):
            return [fn(*args) for _ in range(times)]
        return wrapper
    return deco
def tag(name):
    def deco(fn):
        return lambda *a: "<" + name + ">" + fn(*a) + "</" + name + ">"
    return deco
@trace
def add(a, b):
    return a + b
@repeat(3)
def hello(who):
    return "hi " + who
@tag("b")
@tag("i")
def text(s):
    return s
print(add(2, 3), add(b=1, a=2))
print(log)
print(hello("bob"))
print(text("x"))
registry = {}
def register(fn):
    registry[fn.__name__] = fn
    return fn
@register
def one():
    return 1
@register
def two():
    return 2
print(sorted(registry), registry["two"]())
class Svc:
    @trace
    def run(self, x):
        return x * 2
print(Svc().run(21), log[-1])
# CHECK: 5 3
# CHECK-NEXT: ['decorating add', 'call add', 'call add']
# CHECK-NEXT: ['hi bob', 'hi bob', 'hi bob']
# CHECK-NEXT: <b><i>x</i></b>
# CHECK-NEXT: ['one', 'two'] 2
# CHECK-NEXT: 42 call run
