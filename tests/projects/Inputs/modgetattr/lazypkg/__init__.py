# PEP 562: the package's own __getattr__ answers names its dict lacks,
# importing its heavy submodule only when one of them is first used.
import sys

eager = 'here'
calls = []


def __getattr__(name):
    calls.append(name)
    if name == 'heavy':
        import lazypkg.heavy as heavy
        return heavy
    if name == 'Thing':
        import lazypkg.heavy as heavy
        return heavy.Thing
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
