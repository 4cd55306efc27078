"""dataclasses: @dataclass (init, repr, eq, order, frozen), field (default,
default_factory, init, repr, compare), fields, asdict, astuple, replace,
is_dataclass. Fields come from the class's __annotations__ (kept as source
text by msc, as under `from __future__ import annotations`)."""


class _Missing:
    def __repr__(self):
        return "MISSING"


MISSING = _Missing()


class FrozenInstanceError(AttributeError):
    pass


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata, kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = metadata
        self.kw_only = kw_only

    def __repr__(self):
        return (f"Field(name={self.name!r},type={self.type!r},default={self.default!r},"
                f"default_factory={self.default_factory!r},init={self.init!r},repr={self.repr!r},"
                f"hash={self.hash!r},compare={self.compare!r},metadata={self.metadata!r},"
                f"kw_only={self.kw_only!r},_field_type=_FIELD)")


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
          metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(t):
    return isinstance(t, str) and (t.startswith("ClassVar") or t.startswith("typing.ClassVar"))


def _process(cls, init, repr_, eq, order, frozen):
    fields = {}
    for b in reversed(cls.__mro__[1:]):
        for f in getattr(b, "__dataclass_fields__", {}).values():
            fields[f.name] = f
    ann = cls.__dict__.get("__annotations__", {})
    for name, typ in ann.items():
        if _is_classvar(typ):
            continue
        default = cls.__dict__.get(name, MISSING)
        if isinstance(default, Field):
            f = default
        else:
            f = Field(default, MISSING, True, True, None, True, None, False)
        f.name = name
        f.type = typ
        if isinstance(f.default, (list, dict, set)):
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: "
                             f"use default_factory")
        fields[name] = f
        if isinstance(default, Field):
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    cls.__dataclass_fields__ = fields
    flist = list(fields.values())
    seen_default = False
    for f in flist:
        if not f.init:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    qual = cls.__qualname__

    if init:
        def __init__(self, *args, **kwargs):
            init_fields = [f for f in flist if f.init]
            if len(args) > len(init_fields):
                raise TypeError(f"{qual}.__init__() takes {len(init_fields) + 1} positional arguments "
                                f"but {len(args) + 1} were given")
            values = {}
            for f, a in zip(init_fields, args):
                values[f.name] = a
            for k, v in kwargs.items():
                if k in values:
                    raise TypeError(f"{qual}.__init__() got multiple values for argument {k!r}")
                if k not in fields or not fields[k].init:
                    raise TypeError(f"{qual}.__init__() got an unexpected keyword argument {k!r}")
                values[k] = v
            missing = [f.name for f in init_fields if f.name not in values and f.default is MISSING
                       and f.default_factory is MISSING]
            if missing:
                n = len(missing)
                names = " and ".join(repr(m) for m in missing) if n <= 2 else \
                    ", ".join(repr(m) for m in missing[:-1]) + ", and " + repr(missing[-1])
                raise TypeError(f"{qual}.__init__() missing {n} required positional argument"
                                f"{'s' if n > 1 else ''}: {names}")
            for f in flist:
                if f.name in values:
                    v = values[f.name]
                elif f.default_factory is not MISSING:
                    v = f.default_factory()
                elif f.default is not MISSING:
                    v = f.default
                else:
                    continue
                object.__setattr__(self, f.name, v)
            post = getattr(self, "__post_init__", None)
            if post is not None:
                post()
        cls.__init__ = __init__

    if repr_ and "__repr__" not in cls.__dict__:
        def __repr__(self):
            return qual + "(" + ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in flist if f.repr) + ")"
        cls.__repr__ = __repr__

    def _key(self):
        return tuple(getattr(self, f.name) for f in flist if f.compare)

    if eq and "__eq__" not in cls.__dict__:
        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return _key(self) == _key(other)
            return NotImplemented
        cls.__eq__ = __eq__
    if order:
        def __lt__(self, other):
            return _key(self) < _key(other)

        def __le__(self, other):
            return _key(self) <= _key(other)

        def __gt__(self, other):
            return _key(self) > _key(other)

        def __ge__(self, other):
            return _key(self) >= _key(other)
        cls.__lt__, cls.__le__, cls.__gt__, cls.__ge__ = __lt__, __le__, __gt__, __ge__
    if frozen:
        def __setattr__(self, name, value):
            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self, name):
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        cls.__setattr__ = __setattr__
        cls.__delattr__ = __delattr__
        cls.__hash__ = lambda self: hash(_key(self))
    return cls


def dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False,
              match_args=True, kw_only=False, slots=False):
    def wrap(c):
        return _process(c, init, repr, eq, order, frozen)
    if cls is None:
        return wrap
    return wrap(cls)


def fields(class_or_instance):
    fs = getattr(class_or_instance, "__dataclass_fields__", None)
    if fs is None:
        raise TypeError("must be called with a dataclass type or instance")
    return tuple(fs.values())


def is_dataclass(obj):
    return hasattr(obj, "__dataclass_fields__")


def _asdict_inner(obj, factory):
    if is_dataclass(obj) and not isinstance(obj, type):
        return factory([(f.name, _asdict_inner(getattr(obj, f.name), factory)) for f in fields(obj)])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_asdict_inner(v, factory) for v in obj)
    if isinstance(obj, dict):
        return {_asdict_inner(k, factory): _asdict_inner(v, factory) for k, v in obj.items()}
    return obj


def asdict(obj, *, dict_factory=dict):
    if not is_dataclass(obj) or isinstance(obj, type):
        raise TypeError("asdict() should be called on dataclass instances")
    return _asdict_inner(obj, dict_factory)


def astuple(obj, *, tuple_factory=tuple):
    if not is_dataclass(obj) or isinstance(obj, type):
        raise TypeError("astuple() should be called on dataclass instances")
    return tuple_factory(_asdict_inner(getattr(obj, f.name), lambda x: x) for f in fields(obj))


def replace(obj, **changes):
    for f in fields(obj):
        if f.init and f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
