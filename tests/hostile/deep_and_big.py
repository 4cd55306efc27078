# Issue 18, classes 4 and 7: comparison of deeply nested sequences counts
# against the recursion limit (RecursionError as CPython, not a C stack
# overflow); sizes that depend on the input are a MemoryError naming the
# limit (never "internal error ... out of memory", SIGABRT, or a run-away
# one-byte-at-a-time growth).
import sys

case = sys.argv[1]
if case == 'eq':
    a = []
    b = []
    for i in range(100000):
        a = [a]
        b = [b]
    print(a == b)
if case == 'lt':
    t = ()
    u = ()
    for i in range(100000):
        t = (t,)
        u = (u,)
    print(t < u)
if case == 'shallow':
    a = [[[[1]]]]
    print(a == [[[[1]]]], (((1,),),) < (((2,),),))
if case == 'range':
    print(len(list(range(2**40))))
if case == 'repeat':
    x = [0] * (2**40)
if case == 'append':
    x = []
    for i in range(2000):
        x.append(i)
if case == 'center':
    x = "a".center(2**62)
if case == 'zfill':
    x = "1".zfill(2**40)
if case == 'strmul':
    x = "ab" * (2**40)

# RUN: %msc run %s eq 2>&1 | FileCheck --check-prefix=EQ %s; test ${PIPESTATUS[0]} -eq 1
# RUN: not %python %s eq 2>&1 | FileCheck --check-prefix=PYREC %s
# EQ: deep_and_big.py:15:11: error: RecursionError: maximum recursion depth exceeded in comparison
# PYREC: RecursionError: maximum recursion depth exceeded
# RUN: %msc run %s lt 2>&1 | FileCheck --check-prefix=LT %s; test ${PIPESTATUS[0]} -eq 1
# RUN: not %python %s lt 2>&1 | FileCheck --check-prefix=PYREC %s
# LT: deep_and_big.py:22:11: error: RecursionError: maximum recursion depth exceeded in comparison
# RUN: %msc run %s shallow > %t.msc && %python %s shallow > %t.py && diff %t.msc %t.py
# RUN: %msc run --limit=seq-len=100000 %s range 2>&1 | FileCheck --check-prefix=RANGE %s; test ${PIPESTATUS[0]} -eq 1
# RANGE: deep_and_big.py:27:15: error: MemoryError: a sequence of more than 100000 items (raise the limit with --limit=seq-len=N)
# RUN: %msc run %s repeat 2>&1 | FileCheck --check-prefix=REPEAT %s; test ${PIPESTATUS[0]} -eq 1
# REPEAT: deep_and_big.py:29:9: error: MemoryError: a sequence of more than 268435456 items
# RUN: %msc run --limit=seq-len=1000 %s append 2>&1 | FileCheck --check-prefix=APPEND %s; test ${PIPESTATUS[0]} -eq 1
# APPEND: deep_and_big.py:33:9: error: MemoryError: a sequence of more than 1000 items (raise the limit with --limit=seq-len=N)
# RUN: %msc run %s center 2>&1 | FileCheck --check-prefix=CENTER %s; test ${PIPESTATUS[0]} -eq 1
# CENTER: deep_and_big.py:35:9: error: MemoryError: a str of more than 1073741824 bytes (raise the limit with --limit=str-bytes=N)
# RUN: %msc run %s zfill 2>&1 | FileCheck --check-prefix=ZFILL %s; test ${PIPESTATUS[0]} -eq 1
# ZFILL: deep_and_big.py:37:9: error: MemoryError: a str of more than 1073741824 bytes
# RUN: %msc run %s strmul 2>&1 | FileCheck --check-prefix=STRMUL %s; test ${PIPESTATUS[0]} -eq 1
# STRMUL: deep_and_big.py:39:9: error: MemoryError
