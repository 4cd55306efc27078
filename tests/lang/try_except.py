# try/except/else/finally, exception hierarchies and user exceptions, raise
# ... from (__cause__), implicit chaining (__context__), bare raise, return
# and continue through finally. Diffed against CPython.
#
# RUN: %msc run %s > %t.msc && %python %s > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
class MyError(ValueError):
    def __init__(self, msg, code):
        super().__init__(msg)
        self.code = code

def f(x):
    try:
        if x == 0:
            raise MyError("zero", 7)
        r = 10 // x
    except MyError as e:
        print("my", e, e.code, e.args, isinstance(e, ValueError))
        return -1
    except (ZeroDivisionError, TypeError) as e:
        print("other", type(e).__name__, e)
        return -2
    else:
        print("else", r)
        return r
    finally:
        print("finally", x)

print(f(0), f(5), f("a"))
try:
    try:
        {}["k"]
    except KeyError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError as e:
    print(repr(e), repr(e.__cause__), e.__suppress_context__)
try:
    try:
        1 / 0
    except ZeroDivisionError:
        undefined_name
except NameError as e:
    print(e, type(e.__context__).__name__, e.__cause__)
def g():
    try:
        return "body"
    finally:
        print("cleanup")
print(g())
def h():
    for i in range(3):
        try:
            if i == 1:
                continue
            print("i", i)
        finally:
            print("fin", i)
h()
try:
    raise
except RuntimeError as e:
    print(e)
try:
    try:
        raise ValueError("inner")
    except ValueError:
        print("re-raising")
        raise
except ValueError as e:
    print("outer got", e)
try:
    pass
except:
    pass
else:
    print("else without error")


class AppError(Exception):
    """A hierarchy as scripts define them."""


class ConfigError(AppError):
    def __init__(self, key):
        super().__init__(f"bad key {key!r}")
        self.key = key


for exc in (ConfigError("lr"), AppError("app"), LookupError("lk")):
    try:
        raise exc
    except ConfigError as e:
        print("config", e, e.key, isinstance(e, AppError), isinstance(e, Exception))
    except AppError as e:
        print("app", e, type(e).__mro__[1].__name__)
    except Exception as e:
        print("generic", repr(e))
print(issubclass(FileNotFoundError, OSError), issubclass(ModuleNotFoundError, ImportError))
print(issubclass(StopIteration, Exception), issubclass(GeneratorExit, Exception))
try:
    try:
        raise TypeError("not caught by ValueError")
    except ValueError:
        print("wrong")
    finally:
        print("finally runs on the way out")
except TypeError as e:
    print("outer", e)
try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args)
e = "kept"
try:
    raise KeyError(1)
except KeyError as e:
    pass
try:
    print(e)
except NameError as err:
    print("NameError:", err)
try:
    try:
        raise ValueError("v")
    except ValueError:
        raise KeyError("k") from None
except KeyError as e:
    print(e.__cause__, e.__suppress_context__, type(e.__context__).__name__)
try:
    try:
        raise ValueError
    except 42:
        pass
except TypeError as e:
    print(e)
print(OSError(2, "No such file or directory", "x.txt").filename)
# CHECK: my zero 7 ('zero',) True
# CHECK-NEXT: finally 0
# CHECK: RuntimeError('wrapped') KeyError('k') True
# CHECK: config bad key 'lr' lr True True
# CHECK: catching classes that do not inherit from BaseException is not allowed
