# A top-level module of the stand-in tree.
def twice(f, x):
    return f(f(x))
