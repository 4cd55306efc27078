# dataclasses (fields from annotations, defaults, default_factory, order,
# frozen, inheritance, asdict/astuple/replace) and class decorators.
# Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: Config(name='lenet', lr=0.01, layers=[64, 10], epochs=5) 0.01 [64, 10]
# CHECK: Config.__init__() missing 1 required positional argument: 'name'
from dataclasses import dataclass, field, asdict, astuple, fields, replace
from typing import List


@dataclass
class Config:
    name: str
    lr: float = 0.01
    layers: List[int] = field(default_factory=lambda: [64, 10])
    epochs: int = 5


c = Config("lenet")
print(c, c.lr, c.layers)
print(asdict(c), astuple(c), [f.name for f in fields(c)])
print(c == Config("lenet"), c == Config("x"), replace(c, lr=0.5))
try:
    Config()
except TypeError as e:
    print(e)


@dataclass(order=True, frozen=True)
class P:
    x: int
    y: int = 0


print(sorted([P(2, 1), P(1, 5), P(1, 2)]), P(1) < P(2))
try:
    P(1).x = 3
except AttributeError as e:
    print(type(e).__name__, e)


@dataclass
class Child(Config):
    extra: bool = False


print(Child("c", extra=True))


def deco(cls):
    cls.tag = "decorated"
    return cls


@deco
class K:
    pass


print(K.tag, K.__name__)
