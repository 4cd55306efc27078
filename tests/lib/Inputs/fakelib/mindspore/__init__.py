# A stand-in lib/ tree for tests/lib/lib_path_*.py (MSC_LIB_PATH).
from mindspore import nn
VERSION = 'from disk'
