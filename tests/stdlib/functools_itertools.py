# functools and itertools. Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: 24 10
# CHECK: 1548008755920 CacheInfo(hits=58, misses=61, maxsize=None, currsize=61)
import functools
import itertools
from functools import partial, reduce, wraps, lru_cache
from itertools import chain, product, permutations, combinations, islice, count, repeat, zip_longest
print(reduce(lambda a, b: a * b, [1, 2, 3, 4]), reduce(lambda a, b: a + b, [], 10))
try:
    reduce(max, [])
except TypeError as e:
    print(e)
def power(base, exp):
    return base ** exp
sq = partial(power, exp=2)
print(sq(5), partial(power, 2)(10), sq.args, sq.keywords)
def deco(f):
    @wraps(f)
    def inner(*a):
        """inner doc"""
        return f(*a) + 1
    return inner
@deco
def h(x):
    """h's doc"""
    return x
print(h(1), h.__name__, h.__doc__)
@lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60), fib.cache_info())
@functools.lru_cache(maxsize=2)
def sq2(x):
    return x * x
print([sq2(i) for i in [1, 2, 1, 3, 2]], sq2.cache_info())
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
print(list(chain([1, 2], "ab", (3,))), list(chain.from_iterable([[1], [2, 3]])))
print(list(product("ab", [0, 1])), len(list(product(range(3), repeat=2))))
print(list(permutations([1, 2, 3])), list(permutations("abc", 2)))
print(list(combinations(range(4), 2)), list(itertools.combinations_with_replacement("ab", 2)))
print(list(islice(count(10, 5), 3)), list(islice("abcdefg", 1, 6, 2)), list(islice(range(10), 4)))
print(list(repeat("x", 3)), list(zip(count(), "abc")))
print(list(zip_longest("abc", [1], fillvalue="-")))
print(list(itertools.accumulate([1, 2, 3, 4])), list(itertools.accumulate([1, 2, 3], lambda a, b: a * b)))
print([(k, list(g)) for k, g in itertools.groupby("aabbbc")])
print(list(itertools.takewhile(lambda x: x < 3, [1, 2, 5, 1])), list(itertools.dropwhile(lambda x: x < 3, [1, 2, 5, 1])))
print(list(itertools.starmap(pow, [(2, 3), (3, 2)])), list(itertools.pairwise([1, 2, 3])))
print(list(islice(itertools.cycle("ab"), 5)), list(itertools.compress("abcd", [1, 0, 1, 0])))
print(list(itertools.filterfalse(lambda x: x % 2, range(6))))
a, b = itertools.tee([1, 2])
print(list(a), list(b))
