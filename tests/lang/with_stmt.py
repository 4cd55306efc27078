# with statements: __enter__/__exit__ (the as-target, several items, the
# exception passed to __exit__, suppression by a true result), nesting with
# try/finally and return, and the error for an object that is no context
# manager. Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
class CM:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, t, v, tb):
        print("exit", self.name, t.__name__ if t else None, v)
        return self.suppress
with CM("a") as a, CM("b") as b:
    print("body", a.name, b.name)
with CM("s", True):
    raise ValueError("swallowed")
print("after")
try:
    with CM("p"):
        raise KeyError("x")
except KeyError as e:
    print("propagated", e)
try:
    with 5:
        pass
except TypeError as e:
    print(e)


class Timer:
    log = []

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        Timer.log.append("start " + self.name)
        return self.name.upper()

    def __exit__(self, exc_type, exc, tb):
        Timer.log.append("stop " + self.name + (" with " + exc_type.__name__ if exc_type else ""))
        return False


def work(fail):
    with Timer("outer") as o:
        with Timer("inner") as i:
            if fail:
                raise ValueError(o + i)
            return o + "/" + i


print(work(False))
try:
    work(True)
except ValueError as e:
    print("error", e)
print(Timer.log)
for k in range(3):
    with CM("loop" + str(k)):
        if k == 1:
            continue
        print("k", k)
# CHECK: enter a
# CHECK-NEXT: enter b
# CHECK-NEXT: body a b
# CHECK-NEXT: exit b None None
# CHECK-NEXT: exit a None None
# CHECK: exit s ValueError swallowed
# CHECK-NEXT: after
# CHECK: 'int' object does not support the context manager protocol
