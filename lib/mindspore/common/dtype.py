"""mindspore.common.dtype (also mindspore.dtype, mstype): MindSpore's data types.

The dtype objects are the tensor core's (_msc.dtype): they print as MindSpore
names them (Float32, Int64, Bool) and compare equal to themselves only.
"""
import _msc

bool_ = _msc.dtype('bool', 'ms')
int8 = _msc.dtype('int8', 'ms')
int16 = _msc.dtype('int16', 'ms')
int32 = _msc.dtype('int32', 'ms')
int64 = _msc.dtype('int64', 'ms')
uint8 = _msc.dtype('uint8', 'ms')
uint16 = _msc.dtype('uint16', 'ms')
uint32 = _msc.dtype('uint32', 'ms')
uint64 = _msc.dtype('uint64', 'ms')
float16 = _msc.dtype('float16', 'ms')
float32 = _msc.dtype('float32', 'ms')
float64 = _msc.dtype('float64', 'ms')
complex64 = _msc.dtype('complex64', 'ms')
complex128 = _msc.dtype('complex128', 'ms')

# MindSpore's aliases.
half = float16
single = float32
double = float64
int_ = int64
float_ = float32

int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64)
complex_type = (complex64, complex128)
number_type = int_type + uint_type + float_type + complex_type
all_types = (bool_,) + number_type

_by_pytype = {bool: bool_, int: int64, float: float32, complex: complex128}


def pytype_to_dtype(obj):
    """Python type (bool, int, float) or dtype -> MindSpore dtype."""
    if obj in _by_pytype:
        return _by_pytype[obj]
    for t in all_types:
        if obj == t:
            return t
    raise NotImplementedError(f"The python type {obj} cannot be converted to MindSpore type.")


def is_float(t):
    return t in float_type
