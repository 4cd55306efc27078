# Generator functions: yield, return value (StopIteration.value), send,
# yield from (values and the sub-generator's return), close/finally (also
# when a for loop breaks or the generator is dropped), throw, exceptions
# escaping a generator, PEP 479, infinite and recursive generators, __iter__
# written as a generator. Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
def count(n):
    print("start")
    i = 0
    while i < n:
        yield i
        i += 1
    print("end")
    return "done"

g = count(3)
print(type(g).__name__)
print(next(g), next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print("stop", e.value)
print(list(count(4)), sum(count(5)))
for x in count(2):
    print("for", x)

def echo():
    total = 0
    while True:
        x = yield total
        if x is None:
            break
        total += x
    return total

e = echo()
print(next(e), e.send(3), e.send(4))
try:
    e.send(None)
except StopIteration as s:
    print("final", s.value)

def inner():
    yield 1
    yield 2
    return "inner-ret"

def outer():
    r = yield from inner()
    print("got", r)
    yield from [10, 20]
    yield from (c for c in "ab")

print(list(outer()))

def with_finally():
    try:
        yield 1
        yield 2
    finally:
        print("cleanup")

g = with_finally()
print(next(g))
g.close()
print("closed")
g = with_finally()
print(next(g))
del g
print("deleted")
for v in with_finally():
    print("v", v)
    break
print("after break")

def thrower():
    try:
        yield 1
    except ValueError as e:
        print("caught in gen", e)
        yield 99

t = thrower()
next(t)
print(t.throw(ValueError("boom")))

def bad():
    yield 1
    raise KeyError("k")

try:
    for v in bad():
        print("bad", v)
except KeyError as e:
    print("KeyError", e)

def stopper():
    yield 1
    raise StopIteration

try:
    list(stopper())
except RuntimeError as e:
    print("RuntimeError", e)

def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b

f = fib()
print([next(f) for _ in range(10)])

def nested(n):
    if n == 0:
        yield "leaf"
        return
    for x in nested(n - 1):
        yield x + str(n)

print(list(nested(5)))
gens = [count(1) for _ in range(3)]
print([next(x) for x in gens])
class Tree:
    def __init__(self, v, kids=()):
        self.v = v
        self.kids = kids
    def __iter__(self):
        yield self.v
        for k in self.kids:
            yield from k
print(list(Tree(1, [Tree(2, [Tree(3)]), Tree(4)])))
print(dict(zip("abc", count(3))))
def deep(n):
    if n == 0:
        return 0
    return 1 + deep(n - 1)
def rec_gen():
    yield deep(300)
print(list(rec_gen()))
# CHECK: start
# CHECK-NEXT: 0 1 2
# CHECK-NEXT: end
# CHECK-NEXT: stop done
# CHECK: 0 3 7
# CHECK: [1, 2, 10, 20, 'a', 'b']
# CHECK: cleanup
# CHECK-NEXT: closed
# CHECK: RuntimeError generator raised StopIteration
