"""collections: OrderedDict, defaultdict, Counter, deque, namedtuple.

msc cannot subclass the built-in dict and tuple, so these are classes that
wrap one and implement the same protocols and methods (isinstance(x, dict)
is False for them: see README "Deliberate differences")."""


class _DictLike:
    """The dict protocol over self._d (a dict)."""

    def __init__(self, *args, **kwargs):
        self._d = {}
        self.update(*args, **kwargs)

    def update(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError(f"update expected at most 1 argument, got {len(args)}")
        if args:
            other = args[0]
            if isinstance(other, _DictLike):
                other = other._d
            if hasattr(other, "keys"):
                for k in other.keys():
                    self[k] = other[k]
            else:
                for k, v in other:
                    self[k] = v
        for k, v in kwargs.items():
            self[k] = v

    def __getitem__(self, key):
        if key in self._d:
            return self._d[key]
        return self.__missing__(key)

    def __missing__(self, key):
        raise KeyError(key)

    def __setitem__(self, key, value):
        self._d[key] = value

    def __delitem__(self, key):
        del self._d[key]

    def __contains__(self, key):
        return key in self._d

    def __len__(self):
        return len(self._d)

    def __iter__(self):
        return iter(self._d)

    def __eq__(self, other):
        if isinstance(other, _DictLike):
            other = other._d
        return self._d == other

    def __bool__(self):
        return len(self._d) > 0

    def keys(self):
        return self._d.keys()

    def values(self):
        return self._d.values()

    def items(self):
        return self._d.items()

    def get(self, key, default=None):
        return self._d.get(key, default)

    def pop(self, key, *default):
        return self._d.pop(key, *default)

    def popitem(self):
        return self._d.popitem()

    def setdefault(self, key, default=None):
        if key not in self._d:
            self[key] = default
        return self._d[key]

    def clear(self):
        self._d.clear()

    def copy(self):
        c = self.__class__.__new__(self.__class__)
        c.__dict__.update(self.__dict__)
        c._d = dict(self._d)
        return c

    def __repr__(self):
        return f"{type(self).__name__}({self._d!r})"


class OrderedDict(_DictLike):
    def __repr__(self):
        if not self._d:
            return "OrderedDict()"
        return "OrderedDict(" + repr(list(self._d.items())) + ")"

    def move_to_end(self, key, last=True):
        value = self._d.pop(key)
        if last:
            self._d[key] = value
        else:
            rest = list(self._d.items())
            self._d = {key: value}
            for k, v in rest:
                self._d[k] = v

    def popitem(self, last=True):
        if not self._d:
            raise KeyError("dictionary is empty")
        key = list(self._d)[-1] if last else next(iter(self._d))
        return key, self._d.pop(key)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(self._d.items()) == list(other._d.items())
        return _DictLike.__eq__(self, other)


class defaultdict(_DictLike):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        self.default_factory = default_factory
        _DictLike.__init__(self, *args, **kwargs)

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self._d[key] = value
        return value

    def __repr__(self):
        f = self.default_factory
        fr = "None" if f is None else (f"<class '{f.__name__}'>" if isinstance(f, type) else repr(f))
        return f"defaultdict({fr}, {self._d!r})"


class Counter(_DictLike):
    def __init__(self, iterable=None, **kwds):
        self._d = {}
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def update(self, iterable=None, **kwds):
        if iterable is not None:
            if isinstance(iterable, _DictLike) or hasattr(iterable, "keys"):
                for elem in iterable.keys():
                    self._d[elem] = self._d.get(elem, 0) + iterable[elem]
            else:
                for elem in iterable:
                    self._d[elem] = self._d.get(elem, 0) + 1
        for k, v in kwds.items():
            self._d[k] = self._d.get(k, 0) + v

    def subtract(self, iterable=None, **kwds):
        if iterable is not None:
            if isinstance(iterable, _DictLike) or hasattr(iterable, "keys"):
                for elem in iterable.keys():
                    self._d[elem] = self._d.get(elem, 0) - iterable[elem]
            else:
                for elem in iterable:
                    self._d[elem] = self._d.get(elem, 0) - 1
        for k, v in kwds.items():
            self._d[k] = self._d.get(k, 0) - v

    def most_common(self, n=None):
        items = sorted(self._d.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:n]

    def elements(self):
        for k, v in self._d.items():
            for _ in range(v):
                yield k

    def total(self):
        return sum(self._d.values())

    def __add__(self, other):
        result = Counter()
        for k, v in self._d.items():
            n = v + other[k]
            if n > 0:
                result[k] = n
        for k, v in other.items():
            if k not in self._d and v > 0:
                result[k] = v
        return result

    def __sub__(self, other):
        result = Counter()
        for k, v in self._d.items():
            n = v - other[k]
            if n > 0:
                result[k] = n
        for k, v in other.items():
            if k not in self._d and v < 0:
                result[k] = -v
        return result

    def __repr__(self):
        if not self._d:
            return "Counter()"
        return "Counter({" + ", ".join(f"{k!r}: {v!r}" for k, v in self.most_common()) + "})"


class deque:
    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None and maxlen < 0:
            raise ValueError("maxlen must be non-negative")
        self.maxlen = maxlen
        self._items = []
        for x in iterable:
            self.append(x)

    def append(self, x):
        self._items.append(x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop(0)

    def appendleft(self, x):
        self._items.insert(0, x)
        if self.maxlen is not None and len(self._items) > self.maxlen:
            self._items.pop()

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop(0)

    def extend(self, iterable):
        for x in iterable:
            self.append(x)

    def extendleft(self, iterable):
        for x in iterable:
            self.appendleft(x)

    def rotate(self, n=1):
        if self._items:
            n %= len(self._items)
            self._items[:] = self._items[-n:] + self._items[:-n]

    def clear(self):
        self._items.clear()

    def count(self, x):
        return self._items.count(x)

    def remove(self, x):
        self._items.remove(x)

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __reversed__(self):
        return reversed(self._items)

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def __contains__(self, x):
        return x in self._items

    def __bool__(self):
        return bool(self._items)

    def __eq__(self, other):
        return isinstance(other, deque) and self._items == other._items

    def __repr__(self):
        if self.maxlen is None:
            return f"deque({self._items!r})"
        return f"deque({self._items!r}, maxlen={self.maxlen})"


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    fields = tuple(field_names)
    for name in (typename,) + fields:
        if not name.isidentifier():
            raise ValueError(f"Type names and field names must be valid identifiers: {name!r}")
    seen = set()
    for name in fields:
        if name.startswith("_"):
            raise ValueError(f"Field names cannot start with an underscore: {name!r}")
        if name in seen:
            raise ValueError(f"Encountered duplicate field name: {name!r}")
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(fields):
            raise TypeError("Got more default values than field names")
        field_defaults = dict(zip(fields[len(fields) - len(defaults):], defaults))

    def __init__(self, *args, **kwargs):
        if len(args) > len(fields):
            raise TypeError(f"{typename}.__new__() takes {len(fields) + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        values = list(args)
        for name in fields[len(args):]:
            if name in kwargs:
                values.append(kwargs.pop(name))
            elif name in field_defaults:
                values.append(field_defaults[name])
            else:
                missing = [n for n in fields[len(values):] if n not in kwargs and n not in field_defaults]
                raise TypeError(f"{typename}.__new__() missing {len(missing)} required positional "
                                f"argument{'s' if len(missing) > 1 else ''}: " +
                                " and ".join(repr(m) for m in missing))
        if kwargs:
            raise TypeError(f"{typename}.__new__() got an unexpected keyword argument "
                            f"{next(iter(kwargs))!r}")
        object.__setattr__(self, "_values", tuple(values))

    def __getattr__(self, name):
        if name in fields:
            return self._values[fields.index(name)]
        raise AttributeError(f"'{typename}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        raise AttributeError("can't set attribute")

    def __repr__(self):
        return typename + "(" + ", ".join(f"{n}={v!r}" for n, v in zip(fields, self._values)) + ")"

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(fields)

    def __getitem__(self, i):
        return self._values[i]

    def __eq__(self, other):
        return tuple(self) == tuple(other)

    def __lt__(self, other):
        return tuple(self) < tuple(other)

    def __hash__(self):
        return hash(self._values)

    def _asdict(self):
        return dict(zip(fields, self._values))

    def _replace(self, **kwargs):
        values = [kwargs.pop(n, v) for n, v in zip(fields, self._values)]
        if kwargs:
            raise ValueError(f"Got unexpected field names: {list(kwargs)!r}")
        return cls(*values)

    def _make(iterable):
        return cls(*iterable)

    ns = {"__init__": __init__, "__getattr__": __getattr__, "__setattr__": __setattr__,
          "__repr__": __repr__, "__iter__": __iter__, "__len__": __len__, "__getitem__": __getitem__,
          "__eq__": __eq__, "__lt__": __lt__, "__hash__": __hash__, "_asdict": _asdict,
          "_replace": _replace, "_make": staticmethod(_make), "_fields": fields,
          "_field_defaults": field_defaults}
    cls = type(typename, (object,), ns)
    return cls
