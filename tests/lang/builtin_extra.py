# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Builtins beyond issue 2's floor that model scripts commonly use: iter/next,
# chr/ord, hex/oct/bin, hash of equal values, issubclass, id-free identity,
# int.bit_length-free conversions, min/max over dict items, abs of bools.
it = iter([1, 2])
print(next(it), next(it), next(it, "done"))
print(chr(65), ord("a"), hex(255), oct(8), bin(10), hex(-1), bin(-5))
class A:
    pass
class B(A):
    pass
print(issubclass(B, A), issubclass(A, B), issubclass(B, object), issubclass(bool, int))
print(hash(7) == hash(7.0), hash("k") == hash("k"), hash((1, "a")) == hash((1, "a")))
print(isinstance(iter([]), object), list(iter(range(3))), list(iter("ab")))
print(sorted({"b": 2, "a": 1}.items()), max({"x": 3, "y": 9}.items(), key=lambda kv: kv[1]))
# CHECK: 1 2 done
# CHECK-NEXT: A 97 0xff 0o10 0b1010 -0x1 -0b101
# CHECK-NEXT: True False True True
# CHECK-NEXT: True True True
# CHECK-NEXT: True [0, 1, 2] ['a', 'b']
# CHECK-NEXT: [('a', 1), ('b', 2)] ('y', 9)
