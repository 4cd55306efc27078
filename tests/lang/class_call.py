# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# __call__ makes instances callable, with any parameter shape; instances as
# callbacks, in map(), and callable() on them.
class Adder:
    def __init__(self, n):
        self.n = n
        self.calls = 0
    def __call__(self, x, *rest, scale=1):
        self.calls += 1
        return (x + self.n + sum(rest)) * scale
add5 = Adder(5)
print(add5(1), add5(1, 2, 3), add5(1, scale=10), add5.calls)
print(list(map(add5, [0, 10])), callable(add5), callable(Adder))
class Pipeline:
    def __init__(self, *stages):
        self.stages = stages
    def __call__(self, v):
        for s in self.stages:
            v = s(v)
        return v
p = Pipeline(Adder(1), lambda v: v * 2, Adder(-3), str)
print(repr(p(10)))
class Layer:
    def construct(self, x):
        return x * 3
    def __call__(self, *args):
        return self.construct(*args)
class Sub(Layer):
    def construct(self, x):
        return super().construct(x) + 1
print(Layer()(2), Sub()(2))
# CHECK: 6 11 60 3
# CHECK-NEXT: [5, 15] True True
# CHECK-NEXT: '19'
# CHECK-NEXT: 6 7
