print("init pkg.a")
CONST = 7


def f(x):
    return x * CONST
