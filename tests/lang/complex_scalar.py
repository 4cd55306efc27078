# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Python's complex (issue 26 item 3): literals, complex(), arithmetic with
# ints and floats (Smith's division, integral and polar powers, a negative
# float to a fractional power), ==, hash, repr as CPython writes it (no
# ".0", signed zeros, inf/nan parts), real/imag/conjugate, abs; and the
# errors CPython raises (caught here by isinstance checks on values only:
# msc has no try/except, so errors are tested in tests/lang/err_complex_*.py).
a = 1+2j
print(a, complex(1, 2), abs(3+4j), a.real, a.imag, a.conjugate(), a * a)
# CHECK: (1+2j) (1+2j) 5.0 1.0 2.0 (1-2j) (-3+4j)
print(repr(1j), -1j, 0j, complex(-0.0, 1), complex(1, -0.0), complex(), complex(2.5), complex(1j, 1j))
print(complex(-0.0, -0.0), complex(0.0, -0.0), complex(imag=2), complex(real=1.5, imag=-1), complex(True, 3))
print((1+2j) / (3-4j), (1+2j) ** 2, (1+2j) ** 0.5, 2 ** (1j), (1+1j) ** -3, 1j ** 101, 1j ** 200)
print((2+0j) ** 0.5, (-1+0j) ** 0.5, (1e-3+1e3j) / (1e300+1e-300j), 1 / (1+1j), 2.5 / 1j, (1+2j) ** (1+1j))
print((-8) ** 0.5, (-2.0) ** 1.5, (-1) ** (1 / 3), 2 ** 0.5)
print(1+2j == complex(1, 2), 1+0j == 1, 2.0 == 2+0j, (1+2j) != 1, hash(1+0j) == hash(1), hash(2.5+0j) == hash(2.5))
print(hash(1+2j), hash(-1.5-3j), hash(0j), bool(0j), bool(1j), bool(-0.0+0j), type(1j), type(1j).__name__)
print(isinstance(1j, complex), isinstance(1j, (int, float)), 1j in [1j], 2 in {2+0j: 1})
print(3 - 1j, 2.5 * 1j, 1e300j, 1.5e-7+1j, complex(float('inf'), float('nan')), -(1+2j), +(1j))
print(complex(float('-inf'), -0.0), complex(1e16, 1e-16), 123456789012345678j, 0.1j + 0.2j)
print({1j: 'a'}[1j], [1j, 2], (1j,), str(1j), f"{1+1j}", 1_000j, 1.5J, '%s %r' % (1j, 2j))
print((1e200+1e200j) ** 2, abs(complex(1e308, 1e308)), abs(complex(float('nan'), float('inf'))))
x = 1j
x += 1
x *= 2
x -= 0.5
x /= 1 - 1j
print(x, x == (0.25+1.75j), sum([1j, 2, 3.5]), max(abs(1j), 0.5))
# CHECK: (-0.25+1.75j) False (5.5+1j) 1.0
