# A suspended generator whose last reference is a local of a frame an
# exception unwinds is closed (its finally runs), and the exception goes on
# to its handler unchanged, with its traceback (it was a SIGSEGV: closing
# raised and caught GeneratorExit over the exception in flight). msc drops
# the unwound frames' locals at once, CPython with the exception's
# traceback at the end of the except clause: the log is printed after.
#
# RUN: not %msc run %s > %t.msc 2> %t.err
# RUN: not %python %s > %t.py 2> /dev/null
# RUN: diff %t.msc %t.py
# RUN: FileCheck %s --check-prefix=ERR < %t.err
log = []


def gen(tag):
    try:
        yield 1
        yield 2
    finally:
        log.append('finally %s' % tag)


def drop_while_raising(tag):
    g = gen(tag)
    next(g)
    raise KeyError(tag)


for i in range(3):
    try:
        drop_while_raising(i)
    except KeyError as e:
        print('caught', repr(e), e.__traceback__ is not None)
    print(log)
    log.clear()


def inner():
    g = gen('inner')
    next(g)
    return [][5]


def outer():
    h = gen('outer')
    next(h)
    inner()


try:
    outer()
except IndexError as e:
    print('caught', e)
print(sorted(log))
g = gen('last')
next(g)
del g
print(log[-1])
drop_while_raising('uncaught')
# ERR: error: KeyError: 'uncaught'
