"""collections: OrderedDict, defaultdict, Counter, deque, namedtuple.

OrderedDict, defaultdict and Counter are subclasses of dict and namedtuple
classes subclasses of tuple, as in CPython (isinstance(x, dict) is True;
msc's interpreter lets a class derive from dict, list or tuple:
eval/subclass.c). deque wraps a list."""


class OrderedDict(dict):
    def __repr__(self):
        if not self:
            return "OrderedDict()"
        return "OrderedDict(" + repr(list(self.items())) + ")"

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
        else:
            rest = list(self.items())
            dict.clear(self)
            dict.__setitem__(self, key, value)
            for k, v in rest:
                dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        key = list(self)[-1] if last else next(iter(self))
        return key, dict.pop(self, key)

    def copy(self):
        return self.__class__(self)

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return list(self.items()) == list(other.items())
        return dict(self) == other

    def __ne__(self, other):
        return not self == other


class defaultdict(dict):
    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        return defaultdict(self.default_factory, self)

    def __repr__(self):
        f = self.default_factory
        fr = "None" if f is None else (f"<class '{f.__name__}'>" if isinstance(f, type) else repr(f))
        return f"defaultdict({fr}, {dict(self)!r})"


class Counter(dict):
    def __init__(self, iterable=None, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def update(self, iterable=None, **kwds):
        if iterable is not None:
            if hasattr(iterable, "keys"):
                for elem in iterable.keys():
                    self[elem] = self.get(elem, 0) + iterable[elem]
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        for k, v in kwds.items():
            self[k] = self.get(k, 0) + v

    def subtract(self, iterable=None, **kwds):
        if iterable is not None:
            if hasattr(iterable, "keys"):
                for elem in iterable.keys():
                    self[elem] = self.get(elem, 0) - iterable[elem]
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        for k, v in kwds.items():
            self[k] = self.get(k, 0) - v

    def most_common(self, n=None):
        items = sorted(self.items(), key=lambda kv: kv[1], reverse=True)
        return items if n is None else items[:n]

    def elements(self):
        for k, v in self.items():
            for _ in range(v):
                yield k

    def total(self):
        return sum(self.values())

    def copy(self):
        return Counter(self)

    def __add__(self, other):
        result = Counter()
        for k, v in self.items():
            n = v + other[k]
            if n > 0:
                result[k] = n
        for k, v in other.items():
            if k not in self and v > 0:
                result[k] = v
        return result

    def __sub__(self, other):
        result = Counter()
        for k, v in self.items():
            n = v - other[k]
            if n > 0:
                result[k] = n
        for k, v in other.items():
            if k not in self and v < 0:
                result[k] = -v
        return result

    def __repr__(self):
        if not self:
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


def _getter(index):
    return lambda self: self[index]


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

    def __new__(cls_, *args, **kwargs):
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
        return tuple.__new__(cls_, values)

    def __setattr__(self, name, value):
        if name in fields:
            raise AttributeError("can't set attribute")
        raise AttributeError(f"'{typename}' object has no attribute '{name}'")

    def __repr__(self):
        return typename + "(" + ", ".join(f"{n}={v!r}" for n, v in zip(fields, self)) + ")"

    def _asdict(self):
        return dict(zip(fields, self))

    def _replace(self, **kwargs):
        values = [kwargs.pop(n, v) for n, v in zip(fields, self)]
        if kwargs:
            raise ValueError(f"Got unexpected field names: {list(kwargs)!r}")
        return cls(*values)

    def _make(iterable):
        return cls(*iterable)

    def __getnewargs__(self):
        return tuple(self)

    ns = {"__new__": __new__, "__setattr__": __setattr__, "__repr__": __repr__, "_asdict": _asdict,
          "_replace": _replace, "_make": staticmethod(_make), "_fields": fields,
          "_field_defaults": field_defaults, "__getnewargs__": __getnewargs__, "__slots__": ()}
    for index, name in enumerate(fields):
        ns[name] = property(_getter(index), doc=f"Alias for field number {index}")
    cls = type(typename, (tuple,), ns)
    if module is not None:
        cls.__module__ = module
    return cls
