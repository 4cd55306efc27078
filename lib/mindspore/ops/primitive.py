"""mindspore.ops.primitive: the Primitive base class.

A primitive instance is a callable op with attributes: `ops.MatMul(
transpose_b=True)(x, w)`. Calling it runs `_msc.prim(name, *inputs,
**attrs)`, the tensor core's single dispatch point (DESIGN.md, prim_call),
which checks shapes and dtypes and runs the kernel now (PyNative) — or, in
graph mode (next issue), records the op.
"""
import _msc

# Attributes MindSpore keeps out of a primitive's repr.
_REPR_IGNORE = ('input_names', 'output_names')


class Primitive:
    """A primitive op named as MindSpore names it ('Add', 'MatMul', ...)."""

    def __init__(self, name):
        self.name = name
        self.attrs = {}
        self._op_kwargs = {}  # attrs passed to _msc.prim (kept in step with attrs)
        self.instance_name = ''

    def add_prim_attr(self, name, value):
        self.attrs[name] = value
        if name not in _REPR_IGNORE:
            self._op_kwargs[name] = value
        return self

    def del_prim_attr(self, name):
        if name in self.attrs:
            del self.attrs[name]
        if name in self._op_kwargs:
            del self._op_kwargs[name]
        return self

    def set_prim_instance_name(self, instance_name):
        self.instance_name = instance_name
        return self

    def init_prim_io_names(self, inputs, outputs):
        self.add_prim_attr('input_names', inputs)
        self.add_prim_attr('output_names', outputs)

    def __call__(self, *inputs):
        return _msc.prim(self.name, *inputs, **self._op_kwargs)

    def __repr__(self):
        attrs = self._op_kwargs
        s = 'Prim[' + self.name + ']'
        if attrs:
            s += '<' + ', '.join([k + '=' + str(attrs[k]) for k in attrs]) + '>'
        return s


class PrimitiveWithInfer(Primitive):
    pass


class PrimitiveWithCheck(Primitive):
    pass


def prim_attr_register(fn):
    """MindSpore's decorator for primitive __init__; a no-op here."""
    return fn


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """@constexpr: evaluated at compile time in graph mode; a plain call here."""
    if fn is None:
        def decorate(f):
            return f
        return decorate
    return fn
