"""functools: partial, reduce, wraps/update_wrapper, lru_cache/cache,
cmp_to_key, total_ordering (CPython's behaviour, written in msc's Python)."""

WRAPPER_ASSIGNMENTS = ("__module__", "__name__", "__qualname__", "__doc__")
_initial_missing = object()


def reduce(function, sequence, initial=_initial_missing):
    it = iter(sequence)
    if initial is _initial_missing:
        try:
            value = next(it)
        except StopIteration:
            raise TypeError("reduce() of empty iterable with no initial value") from None
    else:
        value = initial
    for element in it:
        value = function(value, element)
    return value


class partial:
    def __init__(self, func, *args, **keywords):
        if not callable(func):
            raise TypeError("the first argument must be callable")
        if isinstance(func, partial):
            args = func.args + args
            keywords = {**func.keywords, **keywords}
            func = func.func
        self.func = func
        self.args = args
        self.keywords = keywords

    def __call__(self, *args, **keywords):
        return self.func(*self.args, *args, **{**self.keywords, **keywords})

    def __repr__(self):
        parts = [repr(self.func)] + [repr(a) for a in self.args] + \
            [f"{k}={v!r}" for k, v in self.keywords.items()]
        return "functools.partial(" + ", ".join(parts) + ")"


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=()):
    for attr in assigned:
        try:
            value = getattr(wrapped, attr)
        except AttributeError:
            pass
        else:
            try:
                setattr(wrapper, attr, value)
            except (AttributeError, TypeError):
                pass
    try:
        wrapper.__wrapped__ = wrapped
    except (AttributeError, TypeError):
        pass
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=()):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


class _CacheInfo:
    def __init__(self, hits, misses, maxsize, currsize):
        self.hits, self.misses, self.maxsize, self.currsize = hits, misses, maxsize, currsize

    def __repr__(self):
        return (f"CacheInfo(hits={self.hits}, misses={self.misses}, maxsize={self.maxsize}, "
                f"currsize={self.currsize})")

    def __eq__(self, other):
        return (self.hits, self.misses, self.maxsize, self.currsize) == tuple(other)

    def __iter__(self):
        return iter((self.hits, self.misses, self.maxsize, self.currsize))


class _LruWrapper:
    def __init__(self, func, maxsize, typed):
        self.__wrapped__ = func
        self._func = func
        self._maxsize = maxsize
        self._typed = typed
        self._cache = {}
        self._order = []
        self._hits = 0
        self._misses = 0
        update_wrapper(self, func)

    def __call__(self, *args, **kwds):
        key = args
        if kwds:
            key = key + (_kwd_mark,) + tuple(sorted(kwds.items()))
        if self._typed:
            key = key + tuple(type(a) for a in args)
        if key in self._cache:
            self._hits += 1
            if self._maxsize is not None:
                self._order.remove(key)
                self._order.append(key)
            return self._cache[key]
        self._misses += 1
        result = self._func(*args, **kwds)
        if self._maxsize is None or self._maxsize > 0:
            self._cache[key] = result
            if self._maxsize is not None:
                self._order.append(key)
                if len(self._order) > self._maxsize:
                    old = self._order.pop(0)
                    del self._cache[old]
        return result

    def cache_info(self):
        return _CacheInfo(self._hits, self._misses, self._maxsize, len(self._cache))

    def cache_clear(self):
        self._cache = {}
        self._order = []
        self._hits = self._misses = 0

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return partial(self, obj)


_kwd_mark = object()


def lru_cache(maxsize=128, typed=False):
    if callable(maxsize) and isinstance(typed, bool):
        return _LruWrapper(maxsize, 128, False)
    if maxsize is not None and not isinstance(maxsize, int):
        raise TypeError("Expected first argument to be an integer, a callable, or None")
    if maxsize is not None and maxsize < 0:
        maxsize = 0

    def decorating_function(user_function):
        return _LruWrapper(user_function, maxsize, typed)
    return decorating_function


def cache(user_function):
    return _LruWrapper(user_function, None, False)


def cmp_to_key(mycmp):
    class K:
        __slots__ = ["obj"]

        def __init__(self, obj):
            self.obj = obj

        def __lt__(self, other):
            return mycmp(self.obj, other.obj) < 0

        def __gt__(self, other):
            return mycmp(self.obj, other.obj) > 0

        def __eq__(self, other):
            return mycmp(self.obj, other.obj) == 0

        def __le__(self, other):
            return mycmp(self.obj, other.obj) <= 0

        def __ge__(self, other):
            return mycmp(self.obj, other.obj) >= 0
    return K


def total_ordering(cls):
    d = cls.__dict__
    if "__lt__" in d:
        if "__gt__" not in d:
            cls.__gt__ = lambda self, other: not (self < other) and self != other
        if "__le__" not in d:
            cls.__le__ = lambda self, other: self < other or self == other
        if "__ge__" not in d:
            cls.__ge__ = lambda self, other: not (self < other)
    elif "__gt__" in d:
        if "__lt__" not in d:
            cls.__lt__ = lambda self, other: not (self > other) and self != other
        if "__ge__" not in d:
            cls.__ge__ = lambda self, other: self > other or self == other
        if "__le__" not in d:
            cls.__le__ = lambda self, other: not (self > other)
    else:
        raise ValueError("must define at least one ordering operation: < > <= >=")
    return cls
