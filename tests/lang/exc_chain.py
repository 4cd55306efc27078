# Uncaught chained exceptions (issue 24) are reported as CPython prints
# them: the chain outermost first, each exception at its line (msc's
# diagnostic with "called from here" notes for the frames CPython's
# traceback holds: from where it was caught to where it was raised), joined
# by CPython's "The above exception was the direct cause of the following
# exception:" (raise ... from) or "During handling of the above exception,
# another exception occurred:" (raised in an except clause or __exit__);
# `from None` and a context seen twice end the chain. The sequence of
# exception lines and separators is diffed against CPython's.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: for m in cause context nested nocause fromnone with finally custom loop; do \
# RUN:   not %msc run %s $m 2> %t/msc.$m; \
# RUN:   sed -n -e 's/^.*: error: //p' -e '/^The above\|^During/p' %t/msc.$m > %t/msc.seq.$m; \
# RUN:   not %python %s $m 2> %t/py.$m; \
# RUN:   grep -v -e '^ ' -e '^Traceback' -e '^$' %t/py.$m > %t/py.seq.$m; \
# RUN:   diff %t/msc.seq.$m %t/py.seq.$m || exit 1; done
# RUN: FileCheck --check-prefix=NESTED --strict-whitespace %s < %t/msc.nested
# NESTED: exc_chain.py:49:12: error: ZeroDivisionError: division by zero
# NESTED-NEXT: {{^}}    return 1 / x{{$}}
# NESTED: exc_chain.py:54:9: note: called from here
# NESTED-NEXT: {{^}}        inv(0){{$}}
# NESTED-NEXT: {{^}}        ^~~~~~{{$}}
# NESTED-EMPTY:
# NESTED-NEXT: The above exception was the direct cause of the following exception:
# NESTED-EMPTY:
# NESTED-NEXT: exc_chain.py:56:9: error: ValueError: bad value
# NESTED: exc_chain.py:61:9: note: called from here
# NESTED-NEXT: {{^}}        g(){{$}}
# NESTED-NEXT: {{^}}        ^~~{{$}}
# NESTED-EMPTY:
# NESTED-NEXT: During handling of the above exception, another exception occurred:
# NESTED-EMPTY:
# NESTED-NEXT: exc_chain.py:64:9: error: KeyError: 'k'
# NESTED: exc_chain.py:77:5: note: called from here
# NESTED-NOT: note
# RUN: FileCheck --check-prefix=NOCAUSE %s < %t/msc.nocause
# NOCAUSE: msc: error: TypeError: never raised
# NOCAUSE-EMPTY:
# NOCAUSE-NEXT: The above exception was the direct cause of the following exception:
# RUN: FileCheck --check-prefix=WITH %s < %t/msc.with
# WITH: error: KeyError: 'inner'
# WITH: During handling of the above exception, another exception occurred:
# WITH: error: OSError: exit failed
import sys


def inv(x):
    return 1 / x


def g():
    try:
        inv(0)
    except ZeroDivisionError as e:
        raise ValueError("bad value") from e


def h():
    try:
        g()
    except ValueError:
        d = {}
        d["k"]


def f():
    raise KeyError("inner")


class MyError(Exception):
    pass


case = sys.argv[1]
if case == "nested":
    h()
elif case == "cause":
    try:
        f()
    except KeyError as e:
        raise RuntimeError("wrapped") from e
elif case == "context":
    try:
        f()
    except KeyError:
        [][1]
elif case == "nocause":
    raise ValueError("outer") from TypeError("never raised")
elif case == "fromnone":
    try:
        f()
    except KeyError:
        raise ValueError("clean") from None
elif case == "with":
    class CM:
        def __enter__(self):
            return self

        def __exit__(self, *a):
            raise OSError("exit failed")
    with CM():
        f()
elif case == "finally":
    try:
        f()
    finally:
        print("cleanup")
elif case == "custom":
    try:
        try:
            raise MyError("first")
        except MyError as e:
            raise MyError("second") from e
    except MyError as e2:
        raise TypeError("third")
elif case == "loop":
    a = ValueError("a")
    b = ValueError("b")
    a.__context__ = b
    b.__context__ = a
    raise a
