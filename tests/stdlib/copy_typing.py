# copy (copy/deepcopy with shared and cyclic references) and typing's names
# in annotations. Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: {'n': 2, 'y': None}
import copy
from typing import List, Optional, Dict, Any, Tuple, Union, Callable
def f(x: List[int], y: Optional[str] = None) -> Dict[str, Any]:
    return {"n": len(x), "y": y}
print(f([1, 2]))
a = [1, [2, 3], {"k": [4]}]
b = copy.copy(a)
c = copy.deepcopy(a)
a[1].append(9)
a[2]["k"].append(5)
print(b, c)
class Node:
    def __init__(self, v):
        self.v = v
        self.kids = []
n = Node(1)
n.kids.append(Node(2))
n.kids.append(n.kids[0])
m = copy.deepcopy(n)
print(m.v, m.kids[0].v, m.kids[0] is m.kids[1], m.kids[0] is n.kids[0])
s = copy.copy(n)
print(s.kids is n.kids, s.v)
t = (1, [2])
print(copy.deepcopy(t), copy.deepcopy(t) is t, copy.copy(t) is t)
