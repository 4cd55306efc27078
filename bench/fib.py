# Recursive calls: fib(25), a few times.
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

total = 0
for i in range(20):
    total += fib(25)
print("fib checksum", total)
