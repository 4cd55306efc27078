# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# ndarray operators, broadcasting and numpy 1.24's type promotion
# (value-based casting for Python scalars and 0-d arrays).
import numpy as np

f32 = np.array([1.5, -2.0, 3.25], dtype=np.float32)
f64 = np.array([0.5, 1.0, -1.5])
i32 = np.array([1, -2, 3], dtype=np.int32)
i64 = np.array([4, 5, -6])
b = np.array([True, False, True])

for name, v in [('f32', f32), ('f64', f64), ('i32', i32), ('i64', i64), ('b', b)]:
    print(name, v + 1, (v + 1).dtype, (v * 2.0).dtype, (v + True).dtype, (v / 2).dtype)
    print(' ', (v + 100000).dtype, (v - 1.5).dtype, (v + np.float32(1)).dtype, (v * np.float64(2)).dtype)
    print(' ', (v + f32).dtype, (v + i32).dtype, (v + i64).dtype, (v + b).dtype)

print(f32 + f64, (f32 + f64).dtype)
print(i32 + f32, (i32 + f32).dtype, i64 * f32, (i64 * f32).dtype)
print(i64 // 4, i64 % 4, -i64 // 4, i64 % -4, i32 ** 2, f64 ** 2)
print(f32 / 3, f64 / 3, i32 / 2, 7 / i32)
print(2 - f32, 2.5 * i32, 1 / f64, 10 // i64, 3 % i64, 2 ** abs(i32))
print(-f32, -i64, abs(f32), abs(i32), ~i32, ~b)
print(f32 > 0, i32 == 3, f64 <= 0.5, i32 != i64, b == True)
print(i32 & 6, i64 | 1, b ^ True, b & b)

m = np.arange(6.0).reshape(2, 3)
v = np.array([10.0, 20.0, 30.0])
c = np.array([[1.0], [2.0]])
print(m + v)
print(m * c)
print(c + v)
print(m @ m.T, (m @ v), v @ v)
print(np.float32(2.5) * 2, (np.float32(2.5) * 2).dtype, np.int32(7) + 1, (np.int32(7) + 1).dtype)

x = np.array([1.0, 2.0])
y = x
x += 1
print(x, y)
x *= 3
print(y)
k = np.array([1, 2, 3])
k += 2
print(k, k.dtype)
