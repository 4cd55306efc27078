import sys
import lazypkg
print('loaded:', 'lazypkg.heavy' in sys.modules)
print('eager:', lazypkg.eager, lazypkg.calls)
print('hasattr missing:', hasattr(lazypkg, 'missing'), lazypkg.calls)
print('getattr default:', getattr(lazypkg, 'other', 7))
from lazypkg import Thing
print('Thing:', Thing.__name__, 'loaded:', 'lazypkg.heavy' in sys.modules)
print('heavy:', lazypkg.heavy.Thing is Thing, lazypkg.calls[:3])
try:
    lazypkg.nope
except AttributeError as e:
    print('AttributeError:', e)
try:
    from lazypkg import nope2
except ImportError as e:
    print('ImportError:', str(e).split(' (')[0])
print(lazypkg.__getattr__('heavy') is lazypkg.heavy)
