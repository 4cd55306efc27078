# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# The math module: constants and functions, with CPython's results and types.
import math
print(math.pi, math.e, math.tau, math.inf, -math.inf, math.isnan(math.nan))
print(math.sqrt(2), math.sqrt(0.25), math.exp(1), math.exp(0), math.log(math.e), math.log(8, 2), math.log(100, 10))
print(math.log2(1024), math.log10(0.001), math.log1p(0), math.expm1(0), math.pow(2, 10), math.pow(2.0, -2))
print(math.sin(0), math.cos(0), math.tan(0), math.sin(math.pi / 2), math.cos(math.pi))
print(math.asin(1), math.acos(1), math.atan(1), math.atan2(1, 1), math.atan2(-1, -1))
print(math.sinh(0), math.cosh(0), math.tanh(0), math.tanh(1))
print(math.floor(2.5), math.floor(-2.5), math.ceil(2.1), math.ceil(-2.1), math.trunc(-2.7), math.trunc(2.7))
print(type(math.floor(2.5)).__name__, type(math.ceil(2.5)).__name__, math.floor(7), math.ceil(7))
print(math.fabs(-2), math.fabs(3.5), math.fmod(7, 3), math.fmod(-7, 3), math.copysign(3, -0.0))
print(math.isinf(math.inf), math.isinf(1e308), math.isfinite(1.0), math.isfinite(math.nan))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isclose(1, 1.05, rel_tol=0.1))
print(math.gcd(12, 18), math.gcd(0, 5), math.factorial(10), math.factorial(0))
print(math.hypot(3, 4), math.degrees(math.pi), math.radians(180))
print(math.prod([1, 2, 3, 4]), math.fsum([0.1] * 10), sum([0.1] * 10))
print(math.comb(5, 2), math.perm(5, 2), math.isqrt(17), math.modf(2.5), math.frexp(8.0), math.ldexp(0.5, 4))
print(math.erf(0), math.gamma(5), math.lgamma(1))
print(math.sqrt(4) == 2, math.exp(-1000), math.inf > 1e308, math.nan != math.nan)
# CHECK: 3.141592653589793 2.718281828459045 6.283185307179586 inf -inf True
# CHECK-NEXT: 1.4142135623730951 0.5 2.718281828459045 1.0 1.0 3.0 2.0
# CHECK: 2 -3 3 -2 -2 2
# CHECK-NEXT: int int 7 7
# CHECK: 6 5 3628800 1
# CHECK-NEXT: 5.0 180.0 3.141592653589793
