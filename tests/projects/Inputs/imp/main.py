# A multi-file program: packages, relative imports, module caching,
# __name__, circular imports and sys.path extended by the script.
import sys
print("main:", __name__)
import helper
import helper as h2
print(helper is h2, helper.NAME, helper.double(21))
print("helper" in sys.modules, sys.modules["helper"] is helper)

import pkg
print(pkg.VERSION, pkg.a.f(2))
from pkg.a import f, CONST
print(f(5), CONST)
from pkg import a as pa
print(pa is pkg.a)
import pkg.sub.b
print(pkg.sub.b.g(3), pkg.sub.b.__name__, pkg.sub.__name__)
from pkg.sub import b
print(b.rel(), b.up())
from pkg.sub.b import g as gg
print(gg(10))

# circular: cyc_a imports cyc_b which imports cyc_a (partly initialised)
import cyc_a
print(cyc_a.A, cyc_a.b_seen_a)

# the script extends sys.path
sys.path.append(__file__.rsplit("/", 1)[0] + "/extra")
import extra_mod
print(extra_mod.hello())

# a namespace package (a directory without __init__.py)
from nspkg import plain
print(plain.X, plain.__name__)

# __package__ and __name__ of modules
print(pkg.__package__, pkg.a.__package__, pkg.sub.b.__package__, helper.__package__)
print(helper.run_as_main)

# errors as CPython raises them
try:
    from pkg import missing_name
except ImportError as e:
    print("ImportError:", str(e).split(" (")[0])
try:
    import pkg.nothere
except ModuleNotFoundError as e:
    print("ModuleNotFoundError:", str(e).split(" (")[0])
try:
    from cyc_c import C
except ImportError as e:
    print("ImportError:", str(e).split(" (")[0])
