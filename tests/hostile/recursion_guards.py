# Issue 18: the runtime's recursive walks of nested values share one depth
# guard (rt_recursion_enter: the recursion limit and the C stack), so a
# deeply nested value is a RecursionError, never a C stack overflow: dict
# equality (which had no guard: SIGSEGV at 3*10^6 levels), list and tuple
# comparison, repr/str/format, hashing. Part 'limit': 5000 levels and
# cyclic containers under the default limit, checked against CPython. Part
# 'stack': the limit raised to 10^8, where only the C stack guard stops the
# comparison of cyclic containers (CPython itself may crash there, so msc
# only; before, dict == dict was a SIGSEGV there).
import sys


def nest_list(n):
    a = []
    for i in range(n):
        a = [a]
    return a


def nest_dict(n):
    a = {}
    for i in range(n):
        a = {'k': a}
    return a


def nest_tuple(n):
    t = ()
    for i in range(n):
        t = (t,)
    return t


def attempt(name, f):
    try:
        f()
        print(name, 'ok')
    except RecursionError as e:
        print(name, 'RecursionError')


def cyclic():
    da, db = {}, {}
    da['k'] = da
    db['k'] = db
    la, lb = [], []
    la.append(la)
    lb.append(lb)
    ma, mb = [{}], [{}]
    ma[0]['k'] = ma
    mb[0]['k'] = mb
    attempt('cyclic dict ==', lambda: da == db)
    attempt('cyclic list ==', lambda: la == lb)
    attempt('cyclic list <', lambda: la < lb)
    attempt('cyclic mixed ==', lambda: ma == mb)
    print('cyclic repr', repr(da), repr(la), repr(ma))


def run(n):
    la, lb = nest_list(n), nest_list(n)
    da, db = nest_dict(n), nest_dict(n)
    ta = nest_tuple(n)
    attempt('dict ==', lambda: da == db)
    attempt('dict !=', lambda: da != db)
    attempt('list ==', lambda: la == lb)
    attempt('list <', lambda: la < lb)
    attempt('in', lambda: la in [lb])
    attempt('repr list', lambda: repr(la))
    attempt('repr dict', lambda: repr(da))
    attempt('str tuple', lambda: str(ta))
    attempt('format', lambda: '%s' % (la,))
    attempt('f-string', lambda: f'{da}')
    print('shallow', {'a': [1, (2,)]} == {'a': [1, (2,)]}, repr({'a': [1, (2,)]}))


if sys.argv[1] == 'limit':
    run(5000)
    cyclic()
else:
    sys.setrecursionlimit(100000000)
    cyclic()

# RUN: %msc run %s limit > %t.msc && %python %s limit > %t.py && diff %t.msc %t.py
# Under ASan the 'stack' part is skipped: ASan's own bookkeeping fails
# (CHECK failed in asan_thread.cpp) unwinding ~10^6 frames of a 512 MB stack.
# RUN: grep -qa __asan_init %msc-raw || (%msc run %s stack | FileCheck --check-prefix=STACK %s)
# STACK: cyclic dict == RecursionError
# STACK-NEXT: cyclic list == RecursionError
# STACK-NEXT: cyclic list < RecursionError
# STACK-NEXT: cyclic mixed == RecursionError
# STACK-NEXT: cyclic repr {'k': {...}}
