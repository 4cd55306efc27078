# What a try body stores before it raises stays alive after the except
# clause (issue 18: a caught exception releases the temporaries of the C
# frames it unwound, and only those). Values made inside the try and kept
# by older containers, globals, closures, function and class attributes,
# instances, suspended generators, the exception itself and its arguments,
# a with block's manager; each is used after the catch, repeatedly, so a
# value released too early would be reused by later allocations. Diffed
# against CPython; under ASan a use after free is reported.
#
# RUN: env MSC_CHECK_RECLAIM=1 %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
import numpy as np

kept = []
table = {}
seen = set()
G = None


class Box:
    pass


box = Box()


def f():
    pass


def stores(i):
    global G
    try:
        kept.append(['list', i])
        table['k%d' % i] = ('tuple', i)
        seen.add('s%d' % i)
        G = {'g': [i]}
        box.attr = [i, 'attr']
        f.attr = 'fattr%d' % i
        Box.cattr = ['cls', i]
        [][i]
    except IndexError as e:
        kept.append(e)


def closure(i):
    cell = None

    def set_it():
        nonlocal cell
        cell = ['cell', i]
        raise KeyError(i)
    try:
        set_it()
    except KeyError:
        pass
    return cell


def gen(i):
    try:
        yield ['yielded', i]
        yield 2
    finally:
        kept.append('closed %d' % i)


def suspended(i):
    g = gen(i)
    first = next(g)
    try:
        int('x%d' % i)
    except ValueError as e:
        msg = str(e)
    return g, first, msg


def args_kept(i):
    try:
        raise ValueError(['arg', i], {'d': i})
    except ValueError as e:
        return e.args


class Mgr:
    def __enter__(self):
        self.inside = ['entered']
        return self

    def __exit__(self, *a):
        self.inside.append('exit')
        return True


def with_block(i):
    m = Mgr()
    with m:
        m.inside.append(i)
        {}[i]
    return m.inside


def tensors(i):
    a = np.arange(6.0).reshape(2, 3)
    try:
        b = a * 2
        tag = [i, b]
        b @ b
    except ValueError:
        pass
    return b, tag


total = 0
for i in range(300):
    stores(i)
    c = closure(i)
    g, first, msg = suspended(i)
    args = args_kept(i)
    inside = with_block(i)
    b, tag = tensors(i)
    junk = [[j, 'junk%d' % j] for j in range(20)]  # reuses anything freed too early
    total += c[1] + first[1] + args[0][1] + args[1]['d'] + inside[1] + tag[0] + int(b.sum())
    g.close()
print(total)
print(kept[:3], kept[-3:], len(kept))
print(type(kept[1]).__name__, kept[1].args)
print(len(table), table['k7'], len(seen), 's9' in seen)
print(G, box.attr, f.attr, Box.cattr)
print(c, first, msg, args, inside, tag)
# CHECK: ['list', 0]
# CHECK: 300 ('tuple', 7) 300 True
# CHECK: {'g': [299]} [299, 'attr'] fattr299 ['cls', 299]
# CHECK: ['cell', 299] ['yielded', 299] invalid literal for int() with base 10: 'x299'
