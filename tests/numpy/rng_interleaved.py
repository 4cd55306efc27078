# numpy's legacy RandomState, bit for bit: the same script runs in msc and in
# Debian's numpy and the outputs must be identical. For each seed, about 10^5
# draws with the functions interleaved (the Gaussian cache, the 32/64-bit
# randint paths and the rejection loops all shift the stream).
import sys
import numpy as np

seed = int(sys.argv[1])
np.random.seed(seed)
pop = np.arange(10, 23) * 1.5
p = np.array([0.05, 0.1, 0.15, 0.2, 0.05, 0.05, 0.1, 0.05, 0.05, 0.05, 0.05, 0.05, 0.05])
n = 0
for it in range(120):
    k = it % 7 + 1
    print(it, 'randn', np.random.randn(k).tolist(), repr(np.random.randn()))
    print(it, 'rand', np.random.rand(k, 2).tolist(), repr(np.random.rand()))
    print(it, 'random', np.random.random(k).tolist(), repr(np.random.random_sample()))
    print(it, 'randint', np.random.randint(0, 10, 50).tolist(), np.random.randint(-7, 1000001, 30).tolist())
    print(it, 'randint', np.random.randint(1, 2**33 + 5, 20).tolist(), int(np.random.randint(2**31)))
    print(it, 'randint', np.random.randint(-2**62, 2**62, 8).tolist(), np.random.randint(5, size=(2, 3)).tolist())
    print(it, 'randint32', np.random.randint(-5, 2**31 - 1, 6, dtype=np.int32).tolist(),
          np.random.randint(0, 2**32, 4, dtype=np.uint32).tolist())
    print(it, 'randint8', np.random.randint(-100, 100, 9, dtype=np.int8).tolist(),
          np.random.randint(0, 300, 7, dtype=np.int16).tolist(), np.random.randint(0, 2, 5, dtype=bool).tolist())
    print(it, 'uniform', np.random.uniform(-3, 5, k).tolist(), repr(np.random.uniform()))
    print(it, 'normal', np.random.normal(2.5, 0.5, k).tolist(), repr(np.random.normal()))
    print(it, 'stdnorm', np.random.standard_normal((k, 3)).tolist())
    print(it, 'choice', np.random.choice(13, 40).tolist(), np.random.choice(pop, 5).tolist(), int(np.random.choice(9)))
    print(it, 'choice-norep', np.random.choice(100, 10, replace=False).tolist(),
          np.random.choice(pop, (2, 2), replace=False).tolist())
    print(it, 'choice-p', np.random.choice(13, 30, p=p).tolist(), np.random.choice(pop, 4, replace=False, p=p).tolist(),
          repr(float(np.random.choice(pop, p=p))))
    print(it, 'perm', np.random.permutation(17).tolist(), np.random.permutation(pop).tolist())
    print(it, 'perm2d', np.random.permutation(np.arange(12).reshape(4, 3)).tolist())
    a = np.arange(3000 + it)
    np.random.shuffle(a)
    b = np.arange(20).reshape(5, 4) * 0.5
    np.random.shuffle(b)
    lst = list(range(9))
    np.random.shuffle(lst)
    print(it, 'shuffle', a[:10].tolist(), int(a.sum()), b.tolist(), lst)
print('big', np.random.rand(20000)[-5:].tolist(), np.random.randn(5001)[-3:].tolist())
r = np.random.RandomState(seed)
print('rs', r.randn(3).tolist(), r.randint(0, 2**40, 3).tolist(), r.choice(9, 3, replace=False).tolist(),
      r.permutation(6).tolist(), repr(r.uniform(1, 2)), repr(np.random.rand()))
print('end', repr(np.random.rand()))

# RUN: %msc run %s 0 > %t.msc0 && %python %s 0 > %t.np0 && %python %S/Inputs/cmp_lines.py %t.msc0 %t.np0
# RUN: %msc run %s 1 > %t.msc1 && %python %s 1 > %t.np1 && %python %S/Inputs/cmp_lines.py %t.msc1 %t.np1
# RUN: %msc run %s 42 > %t.msc42 && %python %s 42 > %t.np42 && %python %S/Inputs/cmp_lines.py %t.msc42 %t.np42
# RUN: %msc run %s 4294967295 > %t.mscM && %python %s 4294967295 > %t.npM && %python %S/Inputs/cmp_lines.py %t.mscM %t.npM
