"""copy: copy and deepcopy (with the memo that keeps shared and cyclic
references), __copy__/__deepcopy__ honoured."""


class Error(Exception):
    pass


_atomic = (type(None), int, float, bool, str, type, range, type(len))


def _subclass(x):
    """A subclass of dict, list or tuple (not one of them exactly)."""
    t = type(x)
    return t is not dict and t is not list and t is not tuple and isinstance(x, (dict, list, tuple))


def _reconstruct(x, deep, memo):
    """What CPython's copy does with __reduce_ex__(4) of a subclass of dict,
    list or tuple: a new object of the class (tuple: made from its
    __getnewargs__), the instance attributes, then the items through the
    class's own __setitem__ / append."""
    cls = type(x)
    cp = (lambda v: deepcopy(v, memo)) if deep else (lambda v: v)
    if isinstance(x, tuple):
        args = x.__getnewargs__() if hasattr(x, "__getnewargs__") else (tuple(x),)
        y = cls.__new__(cls, *[cp(a) for a in args])
        if deep:
            memo[id(x)] = y
        return y
    y = cls.__new__(cls)
    if deep:
        memo[id(x)] = y
    for k, v in x.__dict__.items():
        y.__dict__[k] = cp(v)
    if isinstance(x, dict):
        for k, v in x.items():
            y[cp(k)] = cp(v)
    else:
        for v in x:
            y.append(cp(v))
    return y


def copy(x):
    if isinstance(x, _atomic) or callable(x) and not hasattr(x, "__dict__"):
        return x
    if hasattr(x, "__copy__"):
        return x.__copy__()
    if _subclass(x):
        return _reconstruct(x, False, None)
    if isinstance(x, list):
        return list(x)
    if isinstance(x, dict):
        return dict(x)
    if isinstance(x, set):
        return set(x)
    if isinstance(x, tuple):
        return x
    if hasattr(x, "copy") and callable(x.copy) and type(x).__module__ == "builtins":
        return x.copy()
    cls = type(x)
    y = cls.__new__(cls)
    y.__dict__.update(x.__dict__)
    return y


def deepcopy(x, memo=None):
    if memo is None:
        memo = {}
    i = id(x)
    if i in memo:
        return memo[i]
    if isinstance(x, _atomic) or type(x).__name__ in ("function", "builtin_function_or_method", "module"):
        return x
    if hasattr(x, "__deepcopy__"):
        y = x.__deepcopy__(memo)
    elif _subclass(x):
        y = _reconstruct(x, True, memo)
    elif isinstance(x, list):
        y = []
        memo[i] = y
        for v in x:
            y.append(deepcopy(v, memo))
    elif isinstance(x, dict):
        y = {}
        memo[i] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif isinstance(x, set):
        y = {deepcopy(v, memo) for v in x}
    elif isinstance(x, tuple):
        y = tuple(deepcopy(v, memo) for v in x)
        if all(a is b for a, b in zip(x, y)):
            y = x
    elif hasattr(x, "copy") and type(x).__module__ != "builtins" and not hasattr(x, "__dict__"):
        y = x.copy()
    else:
        cls = type(x)
        y = cls.__new__(cls)
        memo[i] = y
        for k, v in x.__dict__.items():
            setattr(y, k, deepcopy(v, memo))
    memo[i] = y
    return y
