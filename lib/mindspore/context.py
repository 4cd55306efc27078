"""mindspore.context: execution mode and the other context settings.

GRAPH_MODE = 0 and PYNATIVE_MODE = 1 as in MindSpore; 2.x starts in
PYNATIVE_MODE. set_context accepts every keyword MindSpore documents and
stores it (get_context returns it); only `mode` and `jit_syntax_level`
change what msc does, the others (device_target, device_id, save_graphs...)
have no effect on a CPU-only compiler.

`msc run --mode=pynative` makes set_context(mode=GRAPH_MODE) a no-op (the
PyNative run of any script); `--mode=graph` starts in GRAPH_MODE.
"""
import _msc

GRAPH_MODE = 0
PYNATIVE_MODE = 1

# jit_syntax_level values (mindspore.STRICT / COMPATIBLE / LAX).
STRICT = 0
COMPATIBLE = 1
LAX = 2

_run_mode = _msc.run_mode()

_context = {
    'mode': GRAPH_MODE if _run_mode == 'graph' else PYNATIVE_MODE,
    'device_target': 'CPU',
    'device_id': 0,
    'jit_syntax_level': LAX,
    'save_graphs': False,
    'save_graphs_path': '.',
    'max_call_depth': 1000,
    'pynative_synchronize': False,
    'enable_graph_kernel': False,
    'precompile_only': False,
    'check_bprop': False,
    'max_device_memory': '1024GB',
    'deterministic': 'OFF',
    'runtime_num_threads': 1,
}


def _check_mode(mode):
    if type(mode) is not int or mode not in (GRAPH_MODE, PYNATIVE_MODE):
        raise ValueError("For 'context.set_context', the argument 'mode' should be "
                         f"context.GRAPH_MODE (0) or context.PYNATIVE_MODE (1), but got {mode}.")


def _check_target(target):
    if not isinstance(target, str) or target.lower() not in ('cpu', 'gpu', 'ascend'):
        raise ValueError("For 'context.set_context', the argument 'device_target' must be one of "
                         f"['CPU', 'GPU', 'Ascend'], but got {target}.")


def set_context(**kwargs):
    """Sets context keys (mode=GRAPH_MODE|PYNATIVE_MODE, device_target, ...)."""
    for key in kwargs:
        value = kwargs[key]
        if key == 'mode':
            _check_mode(value)
            if _run_mode == 'pynative':
                continue
        elif key == 'device_target':
            _check_target(value)
        elif key == 'jit_syntax_level':
            if value not in (STRICT, COMPATIBLE, LAX):
                raise ValueError("For 'context.set_context', the argument 'jit_syntax_level' must be "
                                 f"mindspore.STRICT, mindspore.COMPATIBLE or mindspore.LAX, but got {value}.")
            _msc.set_syntax_level(value)
        _context[key] = value


def get_context(attr_key):
    """The value of one context key; ValueError for a key never known or set."""
    if attr_key in _context:
        return _context[attr_key]
    raise ValueError(f"For 'context.get_context', the argument '{attr_key}' is not supported, "
                     "it must be a key of set_context.")


def _get_mode():
    return _context['mode']


def reset_auto_parallel_context():
    pass


def set_auto_parallel_context(**kwargs):
    pass


class ParallelMode:
    STAND_ALONE = 'stand_alone'
    DATA_PARALLEL = 'data_parallel'
    HYBRID_PARALLEL = 'hybrid_parallel'
    SEMI_AUTO_PARALLEL = 'semi_auto_parallel'
    AUTO_PARALLEL = 'auto_parallel'
