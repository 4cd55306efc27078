# collections' OrderedDict, defaultdict and Counter are dict subclasses and
# namedtuple classes tuple subclasses (issue 24): isinstance, equality
# across kinds, json, copy/deepcopy, ** and * unpacking, sorting, hashing.
# Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: True True True True
from collections import OrderedDict, defaultdict, Counter, namedtuple
import json, copy
od = OrderedDict([("b", 1), ("a", 2)])
dd = defaultdict(list, {"k": [1]})
c = Counter("hello")
print(isinstance(od, dict), isinstance(dd, dict), isinstance(c, dict), issubclass(Counter, dict))
print(od == {"a": 2, "b": 1}, od == OrderedDict([("a", 2), ("b", 1)]), od != OrderedDict([("a", 2), ("b", 1)]), {"a": 2, "b": 1} == od)
print(json.dumps(od), json.dumps(c, sort_keys=True), dict(dd), sorted(c), len(c), list(od.items()), {**od})
print(copy.copy(od), copy.deepcopy(dd), copy.copy(c), od.copy(), dd.copy(), c.copy(), type(od.copy()).__name__)
dd["new"].append(2)
print(dd, "new" in dd, dd.pop("new"), c["zz"], "zz" in c, c.get("l"))
Pt = namedtuple("Pt", "x y")
p = Pt(1, 2)
print(isinstance(p, tuple), p, p.x, p[1], p + (3,), p * 2, sorted([Pt(2, 1), Pt(1, 5)]), hash(p) == hash((1, 2)), p == (1, 2))
print(dict([p]), max(p), list(reversed(p)), p.count(1), p.index(2), json.dumps(p), copy.copy(p), copy.deepcopy(p), Pt._make([3, 4]))
print(str(p), repr(p), f"{p}", {p: "v"}[(1, 2)], type(p).__name__, Pt._fields, p._asdict())
try:
    p.x = 5
except AttributeError as e:
    print("AttributeError")
try:
    p.z = 5
except AttributeError as e:
    print(e)
def f(a, b):
    return a - b
print(f(*p), f(**od), f(**{"a": 5, "b": 1}))
a, *rest = Pt(7, 8)
print(a, rest, od.popitem(last=False), od, dd.get("k"), dd.setdefault("k2", 3), sorted(dd.items()))
P = namedtuple("P", "a b")
ps = [P(i, i * i) for i in range(5)]
c = Counter(p.b % 3 for p in ps)
od = OrderedDict((p.a, p) for p in ps)
dd = defaultdict(list)
for p in ps:
    dd[p.a % 2].append(p)
class L(list):
    pass
l = L([1, 2])
l.append(3)
print(c, od[2], dict(dd), l, sorted(c.elements()))
