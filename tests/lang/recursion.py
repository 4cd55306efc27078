# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# Recursion: direct, mutual, deep (below CPython's default limit of 1000),
# recursion over nested data.
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(0), fact(1), fact(10), fact(20))
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
print([fib(i) for i in range(15)])
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(10), is_odd(7), is_even(7))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(900))
def flatten(x):
    if isinstance(x, list):
        out = []
        for item in x:
            out.extend(flatten(item))
        return out
    return [x]
print(flatten([1, [2, [3, [4, []]], 5], [[6]]]))
def hanoi(n, a, b, c, moves):
    if n:
        hanoi(n - 1, a, c, b, moves)
        moves.append((a, c))
        hanoi(n - 1, b, a, c, moves)
    return moves
print(len(hanoi(10, "A", "B", "C", [])), hanoi(2, "A", "B", "C", []))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3))
def perms(s):
    if len(s) <= 1:
        return [s]
    return [s[i] + p for i in range(len(s)) for p in perms(s[:i] + s[i + 1:])]
print(perms("abc"))
# CHECK: 1 1 3628800 2432902008176640000
# CHECK-NEXT: [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377]
# CHECK-NEXT: True True False
# CHECK-NEXT: 900
# CHECK-NEXT: [1, 2, 3, 4, 5, 6]
# CHECK-NEXT: 1023 [('A', 'B'), ('A', 'C'), ('B', 'C')]
# CHECK-NEXT: 9
# CHECK-NEXT: ['abc', 'acb', 'bac', 'bca', 'cab', 'cba']
