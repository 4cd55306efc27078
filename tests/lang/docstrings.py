# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
"""Module docstring: an expression statement that does nothing."""
# (RUN lines above the docstring are comments, so it still is the first statement.)
def f(x):
    """Function docstring."""
    return x + 1
class C:
    """Class docstring."""
    def m(self):
        '''Method docstring, single-quoted.'''
        return "m"
def only_doc():
    """A function whose body is only a docstring returns None."""
"a string expression statement"
42
None
print(f(1), C().m(), only_doc())
# CHECK: 2 m None
