"""typing: the names scripts import for annotations. msc ignores
annotations, so each name is a placeholder that can be subscripted
(List[int], Optional[str], Dict[str, Any], ...)."""


class _Special:
    def __init__(self, name):
        self._name = name

    def __getitem__(self, params):
        return self

    def __call__(self, *args, **kwargs):
        return args[0] if len(args) == 1 and not kwargs else None

    def __repr__(self):
        return "typing." + self._name


Any = _Special("Any")
Union = _Special("Union")
Optional = _Special("Optional")
List = _Special("List")
Dict = _Special("Dict")
Tuple = _Special("Tuple")
Set = _Special("Set")
FrozenSet = _Special("FrozenSet")
Callable = _Special("Callable")
Iterable = _Special("Iterable")
Iterator = _Special("Iterator")
Generator = _Special("Generator")
Sequence = _Special("Sequence")
Mapping = _Special("Mapping")
Type = _Special("Type")
NoReturn = _Special("NoReturn")
ClassVar = _Special("ClassVar")
Final = _Special("Final")
Literal = _Special("Literal")
NamedTuple = _Special("NamedTuple")
TYPE_CHECKING = False


def TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False):
    return _Special(name)


def cast(typ, val):
    return val


def overload(func):
    return func


def no_type_check(func):
    return func
