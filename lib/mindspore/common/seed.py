"""mindspore.common.seed: set_seed / get_seed.

ms.set_seed(n) stores the global seed and, as MindSpore does, also seeds
numpy's global random stream (np.random.seed(n)). msc's default initializers
draw from that stream, so after ms.set_seed(n) a network's initial weights
are reproducible run to run.
"""
import _msc

_seed = [None]


def set_seed(seed):
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"For 'set_seed', the argument 'seed' must be int, but got {type(seed).__name__}.")
    if seed < 0:
        raise ValueError(f"For 'set_seed', the argument 'seed' must be non-negative, but got {seed}.")
    _seed[0] = seed
    _msc.seed(seed)


def get_seed():
    return _seed[0]
