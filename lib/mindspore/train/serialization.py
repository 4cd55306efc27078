"""ms.export(net, *inputs, file_name, file_format='MINDIR', **kwargs).

msc writes no model files yet. Under `msc compile`, ms.export adds `net` (a
Cell, or a @ms.jit function) to the exported C library as an entry named
after file_name's base name (without its .mindir/.air/.onnx suffix, made a C
identifier), compiled for the shapes and dtypes of `inputs`: the graph is
compiled and run once by the reference executor for the self-test (not for
the script: nothing is printed and the call returns nothing). It is an entry
of its own even when the script called `net` with the same signature. Under
`msc run` it does nothing. The formats MindSpore knows ('MINDIR', 'AIR',
'ONNX') print one warning per format that the file is not written; any other
format raises ValueError as MindSpore does.
"""
import _msc
from mindspore.common.api import jit as _jit

_SUPPORTED_FORMATS = ['AIR', 'ONNX', 'MINDIR']
_FORMAT_NAMES = {'MINDIR': 'MindIR', 'AIR': 'AIR', 'ONNX': 'ONNX'}
_warned = {}


def _entry_name(file_name):
    base = file_name.replace('\\', '/').split('/')[-1]
    low = base.lower()
    for suffix in ('.mindir', '.air', '.onnx'):
        if low.endswith(suffix) and len(base) > len(suffix):
            base = base[:len(base) - len(suffix)]
            break
    out = ''
    for ch in base:
        if ('a' <= ch <= 'z') or ('A' <= ch <= 'Z') or ('0' <= ch <= '9') or ch == '_':
            out += ch
        else:
            out += '_'
    if not out or ('0' <= out[0] <= '9'):
        out = '_' + out
    return out


def export(net, *inputs, file_name, file_format='MINDIR', **kwargs):
    """Exports `net` for `inputs` (see the module's docstring)."""
    if file_format not in _SUPPORTED_FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of {_SUPPORTED_FORMATS}, but got {file_format}.")
    if not isinstance(file_name, str):
        raise TypeError(f"For 'export', the argument 'file_name' must be str, but got {type(file_name).__name__}.")
    if not _warned.get(file_format):
        _warned[file_format] = True
        _msc.warn(f"ms.export: {_FORMAT_NAMES[file_format]} files are not written yet; "
                  "`msc compile` exports this network as C")
    if _msc.capturing():
        return None
    from mindspore.nn.cell import Cell
    if not isinstance(net, Cell) and not callable(net):
        raise TypeError(f"For 'export', the argument 'net' must be a Cell or a function, but got "
                        f"{type(net).__name__}.")
    if not _msc.export_name(_entry_name(file_name)):
        return None  # msc run: nothing to write
    if isinstance(net, Cell):
        _msc.jit_compile(net._graph_id(), (net,) + inputs, {})
    elif getattr(net, '__name__', '') == 'jit_wrapper':
        net(*inputs)  # a @ms.jit function: compiled, not run (export mode)
    else:
        _jit(net)(*inputs)
    _msc.export_name(None)
    return None
