"""mindspore.common.api: jit, mutable, JitConfig.

`@ms.jit` (in all its forms: `@ms.jit`, `@ms.jit(capture_mode=...)`,
`ms.jit(fn)`, on functions and on `construct`) registers the function with
the graph compiler (_msc.jit_new) and returns a wrapper whose calls go
through _msc.jit_call: the first call with a new signature captures a graph
(capture_mode 'ast' stages the body with symbolic tensors; 'trace' runs it
once and records), compiles it to C and runs it; later calls with the same
signature run the compiled graph. 'bytecode' stages every call as 'ast'
does but ends the graph where a statement cannot be staged (a graph break:
the graph so far runs, the statement runs eagerly, staging resumes), its
pieces compiled once each; fullgraph=True makes it 'ast', so a break is
ast's error. Inside a graph being captured, a jit function is inlined.
"""
import _msc

_CAPTURE_MODES = ('ast', 'bytecode', 'trace')


def _check_jit_options(capture_mode, jit_level):
    if jit_level is None:
        jit_level = ''
    if capture_mode not in _CAPTURE_MODES:
        raise ValueError("For 'jit', the argument 'capture_mode' must be one of ['ast', 'bytecode', "
                         f"'trace'], but got '{capture_mode}'.")
    if jit_level not in ('O0', 'O1', 'O2', ''):
        raise ValueError(f"For 'jit', the argument 'jit_level' must be 'O0', 'O1' or 'O2', but got '{jit_level}'.")


def jit(function=None, *, capture_mode='ast', jit_level=None, dynamic=0, fullgraph=False,
        backend='', **options):
    """Compiles a function (or construct) to a graph on its first call with each signature.

    jit_level 'O0' | 'O1' | 'O2' picks the graph's pass pipeline; left unset,
    the graph gets msc run's -O level (default O1)."""
    _check_jit_options(capture_mode, jit_level)

    def wrap(fn):
        if not callable(fn):
            raise TypeError(f"For 'jit', the argument 'function' must be a function, but got {type(fn).__name__}.")
        mode = 'ast' if fullgraph and capture_mode == 'bytecode' else capture_mode
        gid = _msc.jit_new(fn, mode, jit_level if jit_level else '', None, '',
                           bool(fullgraph) and capture_mode == 'bytecode')

        def jit_wrapper(*args, **kwargs):
            return _msc.jit_call(gid, args, kwargs)
        return jit_wrapper

    if function is None:
        return wrap
    return wrap(function)


_graph_ids = {}


def _graph_id(fn, name, jit_level='', jit_syntax_level=''):
    """The graph-function id of a Cell class's construct (one per function,
    jit_level and jit_syntax_level: a Cell's JitConfig(jit_level=...,
    jit_syntax_level=...); '' for msc run's -O and the context's level)."""
    key = (fn, jit_level, jit_syntax_level)
    gid = _graph_ids.get(key)
    if gid is None:
        gid = _msc.jit_new(fn, 'ast', jit_level, name, jit_syntax_level)
        _graph_ids[key] = gid
    return gid


def mutable(input_data, dynamic_len=False):
    """Marks a graph input as a variable: a Python number becomes a 0-d Tensor
    (a graph input, so a new value does not recompile); tensors and tuples or
    lists of them are graph inputs already and are returned unchanged."""
    if isinstance(input_data, bool) or not isinstance(input_data, (int, float)):
        return input_data
    return _msc.Tensor(input_data)


class JitConfig:
    """ms.JitConfig(jit_level='', exc_mode='auto', jit_syntax_level='', debug_level='RELEASE', ...)."""

    def __init__(self, jit_level='', exc_mode='auto', jit_syntax_level='', debug_level='RELEASE',
                 infer_boost='off', **kwargs):
        if jit_level not in ('', 'O0', 'O1', 'O2'):
            raise ValueError(f"For 'jit_level' must be one of ['O0', 'O1', 'O2'], but got {jit_level}.")
        if exc_mode not in ('auto', 'sink', 'no_sink'):
            raise ValueError(f"For 'exc_mode' must be one of ['auto', 'sink', 'no_sink'], but got {exc_mode}.")
        if jit_syntax_level not in ('', 'STRICT', 'LAX'):
            raise ValueError(f"For 'jit_syntax_level' must be one of ['STRICT', 'LAX'], but got {jit_syntax_level}.")
        self.jit_config_dict = dict(kwargs)
        self.jit_config_dict['jit_level'] = jit_level
        self.jit_config_dict['exc_mode'] = exc_mode
        self.jit_config_dict['jit_syntax_level'] = jit_syntax_level
        self.jit_config_dict['debug_level'] = debug_level
        self.jit_config_dict['infer_boost'] = infer_boost


def jit_class(cls):
    """@ms.jit_class: marks a user class as usable in graphs (MindSpore's
    common/api.py checks and marks it; msc's graphs already stage Python objects)."""
    if not isinstance(cls, type):
        raise TypeError(f'Decorator jit_class can only be used for class type, but got {cls}.')
    from mindspore import nn
    if issubclass(cls, nn.Cell):
        raise TypeError(f"Decorator jit_class is used for user-defined classes and cannot be used for nn.Cell: {cls}.")
    setattr(cls, '__ms_class__', True)
    return cls
