# A plain module (not a package) of the stand-in tree.
def check(n):
    return _inner(n)


def _inner(n):
    if n < 0:
        raise ValueError("n must be non-negative, got " + str(n))
    return n
