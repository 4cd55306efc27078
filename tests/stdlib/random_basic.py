# random: CPython's MT19937 and seeding, so seeded draws equal CPython's
# (random, randint, choice, uniform, randrange, shuffle, sample, gauss,
# normalvariate, choices, getrandbits, Random instances, get/setstate).
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: 0.6394267984578837 0.025010755222666936
# CHECK-NEXT: [5, 4, 4, 3, 2, 9, 2, 10, 7, 1]
import random
random.seed(42)
print(random.random(), random.random())
print([random.randint(1, 10) for _ in range(10)])
print(random.choice("abcdef"), random.uniform(2.0, 3.0), random.randrange(0, 100, 5))
x = list(range(10))
random.shuffle(x)
print(x)
print(random.sample(range(100), 5), random.sample(range(30), 10))
print(random.gauss(0, 1), random.gauss(0, 1), random.normalvariate(1, 2))
print(random.choices("abc", k=5), random.choices("abc", weights=[1, 5, 1], k=5))
print(random.getrandbits(8), random.getrandbits(40))
random.seed(2**40 + 7)
print(random.random())
r = random.Random(0)
print(r.random(), r.randint(0, 1000))
random.seed(123)
s = random.getstate()
a = random.random()
random.setstate(s)
print(a == random.random())
