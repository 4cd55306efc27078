# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# len, type, isinstance (with tuples of classes, bool is an int), callable.
print(len("abc"), len([1, 2]), len((1,)), len({}), len({"a": 1}), len(range(5)), len(range(10, 0, -3)), len(""), len({1, 2}))
print(type(1), type(1.0), type("s"), type(None), type(True), type([]), type(()), type({}), type(range(1)))
print(type(1) is int, type(True) is bool, type(True) is int, type("a") == str)
print(isinstance(1, int), isinstance(True, int), isinstance(1, float), isinstance(1.0, (int, float)))
print(isinstance("x", str), isinstance([], (tuple, list)), isinstance(None, type(None)), isinstance({}, dict))
class A:
    pass
class B(A):
    pass
b = B()
print(isinstance(b, B), isinstance(b, A), isinstance(A(), B), isinstance(b, (int, A)), isinstance(b, object))
print(type(b) is B, type(b).__name__, type(A()).__name__, A.__name__)
print(callable(len), callable(A), callable(b), callable(lambda: 0), callable(3), callable("s"), callable(b.__init__))
print(type(len).__name__, type(lambda: 0).__name__)
print(int, float, str, list, tuple, dict, bool, type(None).__name__)
print(A, type(b))
# CHECK: 3 2 1 0 1 5 4 0 2
# CHECK-NEXT: <class 'int'> <class 'float'> <class 'str'> <class 'NoneType'> <class 'bool'> <class 'list'> <class 'tuple'> <class 'dict'> <class 'range'>
# CHECK-NEXT: True True False True
# CHECK-NEXT: True True False True
# CHECK-NEXT: True True True True
# CHECK-NEXT: True True False True True
# CHECK-NEXT: True B A A
# CHECK-NEXT: True True False True False False True
# CHECK: <class 'int'> <class 'float'> <class 'str'> <class 'list'> <class 'tuple'> <class 'dict'> <class 'bool'> NoneType
# CHECK-NEXT: <class '__main__.A'> <class '__main__.B'>
