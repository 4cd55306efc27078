# contextlib: contextmanager (setup, teardown in finally, exceptions thrown
# into the generator, swallowed ones), suppress, nullcontext, ExitStack.
# Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: <a>
# CHECK-NEXT: inside A
# CHECK-NEXT: </a>
# CHECK: swallowed 'k'
from contextlib import contextmanager, suppress, nullcontext, ExitStack


@contextmanager
def tag(name):
    print("<" + name + ">")
    try:
        yield name.upper()
    finally:
        print("</" + name + ">")


with tag("a") as t:
    print("inside", t)
try:
    with tag("b"):
        raise ValueError("in b")
except ValueError as e:
    print("propagated", e)


@contextmanager
def swallow():
    try:
        yield
    except KeyError as e:
        print("swallowed", e)


with swallow():
    raise KeyError("k")
print("after swallow")
with suppress(ZeroDivisionError):
    1 / 0
print("suppressed")
with nullcontext(5) as n:
    print(n)
with ExitStack() as stack:
    x = stack.enter_context(tag("x"))
    y = stack.enter_context(tag("y"))
    print(x, y)
