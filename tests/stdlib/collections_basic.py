# collections: OrderedDict, defaultdict, Counter, deque, namedtuple. Diffed
# against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: Point(x=1, y=2) 1 2
from collections import OrderedDict, defaultdict, Counter, deque, namedtuple
import collections
od = OrderedDict()
od["b"] = 1
od["a"] = 2
od.update([("c", 3)])
print(od, list(od), od["a"], len(od), "a" in od)
od.move_to_end("b")
print(list(od.keys()), od.popitem(), od.popitem(last=False), od)
dd = defaultdict(list)
for k, v in [("x", 1), ("y", 2), ("x", 3)]:
    dd[k].append(v)
print(dd, dd["x"], sorted(dd.items()), dd.get("zz"), len(dd))
di = defaultdict(int)
for ch in "hello":
    di[ch] += 1
print(dict(di.items()))
try:
    defaultdict(None)["q"]
except KeyError as e:
    print("KeyError", e)
c = Counter("abracadabra")
print(c, c["a"], c["z"], c.most_common(2), sum(c.values()))
c.update("aaz")
print(c.most_common(1), Counter(a=3, b=1) + Counter(a=1, c=2), Counter(a=3, b=1) - Counter(a=1, b=2))
print(sorted(Counter([1, 1, 2]).elements()))
d = deque([1, 2, 3], maxlen=4)
d.append(4)
d.append(5)
d.appendleft(0)
print(d, d.pop(), d.popleft(), len(d), d[0], list(d))
d2 = deque(range(5))
d2.rotate(2)
print(d2)
d2.rotate(-1)
print(d2, deque())
Point = namedtuple("Point", ["x", "y"])
p = Point(1, y=2)
print(p, p.x, p.y, p[0], tuple(p), p == (1, 2), p._asdict(), p._replace(x=5), Point._fields)
x, y = p
print(x + y, len(p))
P3 = collections.namedtuple("P3", "a b c", defaults=[0])
print(P3(1, 2), P3._make([4, 5, 6]))
try:
    Point(1)
except TypeError as e:
    print(e)
try:
    p.x = 3
except AttributeError as e:
    print("AttributeError")
