# A long-running script that catches many errors keeps bounded memory: 100,000
# exceptions raised and caught in one process (np.load of a file that is not
# .npy, int('x') raised two frames down and re-raised `from` it, an
# IndexError through a finally, its __traceback__ read) leave nothing behind
# -- no raised exception kept in a last-exception slot, a traceback list or
# the interned strings. (The operands being evaluated when a native raises,
# as in [][i] or int('x%d' % i), are another matter: exc_temporaries.py.)
# The resident set is read from /proc/self/status after a warm-up and
# after the 100,000; CPython prints the same. (Issue 18: the .npy fuzz
# target grew to 2.5 GB; that was a stale fuzz build, see README
# "Fuzzing", but this is what would show the interpreter doing it.)
# Under ASan the quarantine of freed blocks is made small, so that what
# grows is only what is kept.
import sys
import numpy as np


import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'Inputs'))
from rss import rss_kb  # noqa: E402


class Bad(Exception):
    pass


def inner(i):
    if i % 2:
        raise Bad('odd', i)
    return int('x')


def outer(i):
    try:
        return inner(i)
    except (Bad, ValueError) as e:
        raise KeyError(i) from e


def churn(path, n):
    caught = 0
    for i in range(n):
        try:
            np.load(path)
        except ValueError:
            caught += 1
        try:
            outer(i)
        except KeyError as e:
            if isinstance(e.__cause__, (Bad, ValueError)):
                caught += 1
        try:
            try:
                raise IndexError(i)
            finally:
                caught += 1
        except IndexError as e:
            if e.__traceback__ is not None:
                caught += 1
    return caught


path = sys.argv[1]
churn(path, 1000)
before = rss_kb()
caught = churn(path, 25000)
grown = rss_kb() - before
print(caught, 'caught;', 'memory grew by %d KB' % grown if grown > 2048 else 'memory bounded')

# RUN: printf 'not an npy file' > %t.npy
# RUN: env ASAN_OPTIONS=$ASAN_OPTIONS:quarantine_size_mb=1 %msc run %s %t.npy > %t.msc
# RUN: FileCheck %s < %t.msc
# RUN: %python %s %t.npy | diff %t.msc -
# CHECK: 100000 caught; memory bounded
