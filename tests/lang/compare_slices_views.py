# Slices compare as the tuples (start, stop, step), every operator; keys()
# and items() views compare with each other and with sets by length and
# containment, as CPython's dictview_richcompare does, so items() views of
# dicts holding unhashable values (dicts, lists) compare instead of raising
# "unhashable type". The expected lines are CPython 3.11's output (the same
# script under /usr/bin/python3: the second RUN line).
# RUN: %msc run %s | FileCheck %s
# RUN: %python %s | FileCheck %s
print(slice(0) == slice(0), slice(1, 2, 3) == slice(1, 2, 3), slice(1) == slice(2))
# CHECK: True True False
print(slice(slice(0)) == slice(slice(0)), slice(1, 2) != slice(1, 2), slice(None, 2) == slice(2))
# CHECK-NEXT: True False True
print(slice(1, 2) < slice(1, 3), slice(3, 4) >= slice(1, 5), slice(1, 2) == (1, 2, None))
# CHECK-NEXT: True True False
try:
    slice(None) < slice(1)
except TypeError as e:
    print('TypeError:', e)
# CHECK-NEXT: TypeError: '<' not supported between instances of 'NoneType' and 'int'
a = {'x': {'y': 1}, 'z': [1, 2]}
b = {'z': [1, 2], 'x': {'y': 1}}
c = {'x': {'y': 2}, 'z': [1, 2]}
print(a.items() == b.items(), a.items() == c.items(), a.items() != c.items())
# CHECK-NEXT: True False True
d = {1: 'a', 2: 'b'}
print(d.items() < {1: 'a', 2: 'b', 3: 'c'}.items(), d.items() <= d.items(), d.items() > {2: 'b'}.items())
# CHECK-NEXT: True True True
print(d.keys() == {1, 2}, d.keys() < {1, 2, 3}, {1, 2} == d.keys(), d.items() == {(1, 'a'), (2, 'b')})
# CHECK-NEXT: True True True True
print(d.keys() >= {1}, d.keys() == [1, 2], d.values() == d.values())
# CHECK-NEXT: True False False
