"""mindspore.dataset.config: the data pipeline's global settings.

set_seed(seed) fixes the seed of every random operation of the pipeline
(the shuffling of a source, `Dataset.shuffle`). get_seed() returns, in
order: the seed given to ds.config.set_seed; else the global seed of
ms.set_seed (msc also honours that one, so a script that calls only
ms.set_seed gets a reproducible pipeline); else std::mt19937's default
seed 5489, which is MindSpore's kCfgDefaultSeed. msc has no unseeded
(random-device) mode: without any seed the order is still the same run to
run. The seed is read when an operation first starts iterating.

The parallelism settings are accepted and recorded; msc's pipeline runs in
the calling thread.
"""
from mindspore.common import seed as _ms_seed

_DEFAULT_SEED = 5489   # std::mt19937::default_seed, MindSpore's kCfgDefaultSeed
_UINT32_MAX = 4294967295

_state = {'seed': None, 'num_parallel_workers': 8, 'prefetch_size': 16}


def _check_uint32(name, value, low):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} with value {value!r} is not of type [<class 'int'>], "
                        f"but got {type(value)}.")
    if value < low or value > _UINT32_MAX:
        raise ValueError(f"{name} is not within the required interval of [{low}, {_UINT32_MAX}].")


def set_seed(seed):
    """Seed of the pipeline's random operations (an int in [0, 2**32 - 1])."""
    _check_uint32('seed', seed, 0)
    _state['seed'] = seed


def get_seed():
    if _state['seed'] is not None:
        return _state['seed']
    s = _ms_seed.get_seed()
    if s is not None:
        return s % (_UINT32_MAX + 1)
    return _DEFAULT_SEED


def set_num_parallel_workers(num):
    _check_uint32('num_parallel_workers', num, 1)
    _state['num_parallel_workers'] = num


def get_num_parallel_workers():
    return _state['num_parallel_workers']


def set_prefetch_size(size):
    _check_uint32('size', size, 1)
    _state['prefetch_size'] = size


def get_prefetch_size():
    return _state['prefetch_size']
