# A library module with a syntax error.
def f(:
    pass
