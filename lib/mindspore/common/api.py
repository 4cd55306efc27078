"""mindspore.common.api: jit, mutable, JitConfig.

Graph mode (ast/bytecode/trace capture) is the next issue. Until then
`@ms.jit` (in all its forms: `@ms.jit`, `@ms.jit(capture_mode=...)`,
`ms.jit(fn)`, on functions and on `construct`) checks its options and
returns the function unchanged, so decorated code runs eagerly, as in
PyNative mode; `mutable(x)` returns x.
"""

_CAPTURE_MODES = ('ast', 'bytecode', 'trace')


def _check_jit_options(capture_mode, jit_level):
    if capture_mode not in _CAPTURE_MODES:
        raise ValueError("For 'jit', the argument 'capture_mode' must be one of ['ast', 'bytecode', "
                         f"'trace'], but got '{capture_mode}'.")
    if jit_level not in ('O0', 'O1', 'O2', ''):
        raise ValueError(f"For 'jit', the argument 'jit_level' must be 'O0', 'O1' or 'O2', but got '{jit_level}'.")


def jit(function=None, *, capture_mode='ast', jit_level='O0', dynamic=0, fullgraph=False,
        backend='', **options):
    """Marks a function (or construct) for graph compilation; for now it runs eagerly."""
    _check_jit_options(capture_mode, jit_level)
    if function is None:
        def decorate(fn):
            return fn
        return decorate
    if not callable(function):
        raise TypeError(f"For 'jit', the argument 'function' must be a function, but got {type(function).__name__}.")
    return function


def mutable(input_data, dynamic_len=False):
    """Marks a graph input as a variable; identity until graph mode exists."""
    return input_data


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
