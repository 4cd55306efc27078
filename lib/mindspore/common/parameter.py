"""mindspore.common.parameter: Parameter and ParameterTuple.

Parameter is the tensor core's class (_msc.Parameter, a subclass of Tensor):
`Parameter(default_input, name=None, requires_grad=True)` with a settable
`name`, `requires_grad`, `set_data` and MindSpore's str form
`Parameter (name=w, shape=(5, 3), dtype=Float32, requires_grad=True)`.

ParameterTuple is a tuple subclass in MindSpore; msc's language cannot
subclass tuple, so here it is a small immutable sequence class (indexing,
len, iteration, +, ==, clone) and `isinstance(pt, tuple)` is False.
"""
import _msc

Parameter = _msc.Parameter

# The name a Parameter gets when none is given (MindSpore:
# PARAMETER_NAME_DEFAULT); a Cell renames such parameters after the
# attribute they are stored in.
PARAMETER_NAME_DEFAULT = "Parameter"


def _is_parameter_generated(name):
    return name is None or name == '' or name == PARAMETER_NAME_DEFAULT or name.startswith('Parameter$')


class ParameterTuple:
    """An immutable sequence of Parameters (see the module docstring)."""

    def __init__(self, iterable=()):
        items = tuple(iterable)
        names = set()
        for x in items:
            if not isinstance(x, Parameter):
                raise TypeError("For ParameterTuple initialization, ParameterTuple input should be "
                                f"'Parameter' collection, but got a {type(x).__name__}.")
        self._items = items

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return ParameterTuple(self._items[index])
        return self._items[index]

    def __iter__(self):
        return iter(self._items)

    def __contains__(self, x):
        for p in self._items:
            if p is x:
                return True
        return False

    def __add__(self, other):
        return ParameterTuple(self._items + tuple(other))

    def __eq__(self, other):
        if isinstance(other, ParameterTuple):
            other = other._items
        return self._items == other

    def __bool__(self):
        return len(self._items) > 0

    def __repr__(self):
        return repr(self._items)

    def clone(self, prefix, init='same'):
        """A ParameterTuple of copies named prefix + '.' + name."""
        out = []
        for p in self._items:
            q = Parameter(p.copy() if init == 'same' else p, name=prefix + '.' + p.name,
                          requires_grad=p.requires_grad)
            out.append(q)
        return ParameterTuple(out)
