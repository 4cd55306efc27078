# Issue 18, class 13: len() of a range with more than 2^63 - 1 items is an
# OverflowError (CPython's wording), not 2^63 - 1; indexing it likewise (msc
# integers are 64-bit; CPython would index it).
import sys

lo = -9223372036854775807 - 1
hi = 9223372036854775807
case = sys.argv[1]
if case == 'len':
    print(len(range(lo, hi)))
if case == 'down':
    print(len(range(hi, lo, -1)))
if case == 'index':
    print(range(lo, hi)[-1])
if case == 'fits':
    print(len(range(lo, hi, 3)), len(range(0, hi)), range(lo, hi, 3)[-1])

# RUN: %msc run %s len 2>&1 | FileCheck --check-prefix=LEN %s; test ${PIPESTATUS[0]} -eq 1
# RUN: not %python %s len 2>&1 | FileCheck --check-prefix=PY %s
# LEN: range_len.py:10:11: error: OverflowError: Python int too large to convert to C ssize_t
# PY: OverflowError: Python int too large to convert to C ssize_t
# RUN: %msc run %s down 2>&1 | FileCheck --check-prefix=DOWN %s; test ${PIPESTATUS[0]} -eq 1
# DOWN: range_len.py:12:11: error: OverflowError: Python int too large to convert to C ssize_t
# RUN: %msc run %s index 2>&1 | FileCheck --check-prefix=INDEX %s; test ${PIPESTATUS[0]} -eq 1
# INDEX: range_len.py:14:11: error: OverflowError: Python int too large to convert to C ssize_t
# RUN: %msc run %s fits > %t.msc && %python %s fits > %t.py && diff %t.msc %t.py
