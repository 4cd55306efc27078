# Bad inputs to the NCHW neural-network primitives raise a clear error at
# the script line (file:line:col, source line, caret) with exit status 1,
# never a crash. One case per run, selected by argv[1].
import sys
import _msc


def t(shape, dt='float32'):
    n = 1
    for d in shape:
        n *= d
    return _msc.array([0.5] * n, dt, 'ms').reshape(shape)


case = sys.argv[1]
x = t((1, 3, 4, 4))
if case == 'kernel':
    y = _msc.prim('Conv2D', x, t((2, 3, 5, 5)), pad=(0, 0, 0, 0))
elif case == 'channels':
    y = _msc.prim('Conv2D', x, t((2, 2, 3, 3)))
elif case == 'group':
    y = _msc.prim('Conv2D', x, t((4, 1, 3, 3)), group=2)
elif case == 'ndim':
    y = _msc.prim('Conv2D', t((3, 4, 4)), t((2, 3, 3, 3)))
elif case == 'dtype':
    y = _msc.prim('Conv2D', t((1, 3, 4, 4), 'int32'), t((2, 3, 3, 3), 'int32'))
elif case == 'mixed':
    y = _msc.prim('Conv2D', x, t((2, 3, 3, 3), 'float64'))
elif case == 'stride':
    y = _msc.prim('Conv2D', x, t((2, 3, 3, 3)), stride=0)
elif case == 'pad':
    y = _msc.prim('Conv2D', x, t((2, 3, 3, 3)), pad=-1)
elif case == 'pool_kernel':
    y = _msc.prim('MaxPool', x, kernel_size=5)
elif case == 'pool_pad':
    y = _msc.prim('AvgPool', x, kernel_size=2, pad=2)
elif case == 'pool_ndim':
    y = _msc.prim('MaxPool', t((3, 4)), kernel_size=2)
elif case == 'avg_dtype':
    y = _msc.prim('AvgPool', t((1, 3, 4, 4), 'int32'), kernel_size=2)
elif case == 'bn_shape':
    c = t((3,))
    y = _msc.prim('BatchNorm', x, c, c, t((4,)), c)
elif case == 'ln_axis':
    g = t((4,))
    y = _msc.prim('LayerNorm', x, g, g, begin_norm_axis=4)
elif case == 'ln_gamma':
    g = t((4,))
    y = _msc.prim('LayerNorm', x, g, g, begin_norm_axis=2, begin_params_axis=2)
print('not reached')

# ----------------------------------------------------------------------
# RUN: %msc run %s kernel > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s kernel 2>&1 | FileCheck --strict-whitespace --check-prefix=KERNEL %s
# KERNEL: {{^.*}}bad_inputs.py:18:9: error: ValueError: Conv2D: kernel size (5, 5) is larger than the padded input (4, 4){{$}}
# KERNEL-NEXT: {{^}}    y = _msc.prim('Conv2D', x, t((2, 3, 5, 5)), pad=(0, 0, 0, 0)){{$}}
# KERNEL-NEXT: {{^}}        ^~~~~~~~~{{~*$}}
# KERNEL-NOT: not reached
#
# RUN: %msc run %s channels > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s channels 2>&1 | FileCheck --strict-whitespace --check-prefix=CHANNELS %s
# CHANNELS: {{^.*}}bad_inputs.py:20:9: error: ValueError: Conv2D: x has 3 channels but weight (2, 2, 3, 3) with group 1 expects 2 (weight.shape[1] * group){{$}}
# CHANNELS-NEXT: {{^}}    y = _msc.prim('Conv2D', x, t((2, 2, 3, 3))){{$}}
# CHANNELS-NEXT: {{^}}        ^~~~~~~~~{{~*$}}
#
# RUN: %msc run %s group > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s group 2>&1 | FileCheck --strict-whitespace --check-prefix=GROUP %s
# GROUP: {{^.*}}bad_inputs.py:22:9: error: ValueError: Conv2D: group 2 does not divide the input channels 3{{$}}
# GROUP-NEXT: {{^}}    y = _msc.prim('Conv2D', x, t((4, 1, 3, 3)), group=2){{$}}
# GROUP-NEXT: {{^}}        ^~~~~~~~~{{~*$}}
#
# RUN: %msc run %s ndim > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s ndim 2>&1 | FileCheck --strict-whitespace --check-prefix=NDIM %s
# NDIM: {{^.*}}bad_inputs.py:24:9: error: ValueError: Conv2D: 'x' must be 4-D (N, C, H, W), got shape (3, 4, 4){{$}}
# NDIM-NEXT: {{^}}    y = _msc.prim('Conv2D', t((3, 4, 4)), t((2, 3, 3, 3))){{$}}
# NDIM-NEXT: {{^}}        ^~~~~~~~~{{~*$}}
#
# RUN: %msc run %s dtype > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s dtype 2>&1 | FileCheck --strict-whitespace --check-prefix=DTYPE %s
# DTYPE: {{^.*}}bad_inputs.py:26:9: error: TypeError: Conv2D: 'x' must be a float tensor, got Int32{{$}}
# DTYPE-NEXT: {{^}}    y = _msc.prim('Conv2D', t((1, 3, 4, 4), 'int32'), t((2, 3, 3, 3), 'int32')){{$}}
# DTYPE-NEXT: {{^}}        ^~~~~~~~~{{~*$}}
#
# RUN: %msc run %s mixed > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s mixed 2>&1 | FileCheck --check-prefix=MIXED %s
# MIXED: bad_inputs.py:28:9: error: TypeError: Conv2D: 'x' and 'weight' must have the same dtype, got Float32 and Float64
#
# RUN: %msc run %s stride > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s stride 2>&1 | FileCheck --check-prefix=STRIDE %s
# STRIDE: bad_inputs.py:30:9: error: ValueError: Conv2D: stride must be positive, got (0, 0)
#
# RUN: %msc run %s pad > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s pad 2>&1 | FileCheck --check-prefix=PAD %s
# PAD: bad_inputs.py:32:9: error: ValueError: Conv2D: pad must be non-negative, got (-1, -1, -1, -1)
#
# RUN: %msc run %s pool_kernel > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s pool_kernel 2>&1 | FileCheck --strict-whitespace --check-prefix=PKERNEL %s
# PKERNEL: {{^.*}}bad_inputs.py:34:9: error: ValueError: MaxPool: kernel_size (5, 5) is larger than the padded input (4, 4){{$}}
# PKERNEL-NEXT: {{^}}    y = _msc.prim('MaxPool', x, kernel_size=5){{$}}
# PKERNEL-NEXT: {{^}}        ^~~~~~~~~{{~*$}}
#
# RUN: %msc run %s pool_pad > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s pool_pad 2>&1 | FileCheck --check-prefix=PPAD %s
# PPAD: bad_inputs.py:36:9: error: ValueError: AvgPool: pad (2, 2, 2, 2) must be smaller than kernel_size (2, 2)
#
# RUN: %msc run %s pool_ndim > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s pool_ndim 2>&1 | FileCheck --check-prefix=PNDIM %s
# PNDIM: bad_inputs.py:38:9: error: ValueError: MaxPool: 'x' must be 4-D (N, C, H, W), got shape (3, 4)
#
# RUN: %msc run %s avg_dtype > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s avg_dtype 2>&1 | FileCheck --check-prefix=ADTYPE %s
# ADTYPE: bad_inputs.py:40:9: error: TypeError: AvgPool: 'x' must be a float tensor, got Int32
#
# RUN: %msc run %s bn_shape > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s bn_shape 2>&1 | FileCheck --check-prefix=BN %s
# BN: bad_inputs.py:43:9: error: ValueError: BatchNorm: 'mean' has shape (4,), expected (3,) (the channels of x (1, 3, 4, 4))
#
# RUN: %msc run %s ln_axis > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s ln_axis 2>&1 | FileCheck --check-prefix=LNAXIS %s
# LNAXIS: bad_inputs.py:46:9: error: ValueError: LayerNorm: begin_norm_axis 4 is out of range for x of dimension 4
#
# RUN: %msc run %s ln_gamma > /dev/null 2>&1; test $? -eq 1
# RUN: not %msc run %s ln_gamma 2>&1 | FileCheck --check-prefix=LNGAMMA %s
# LNGAMMA: bad_inputs.py:49:9: error: ValueError: LayerNorm: 'gamma' has shape (4,), expected (4, 4) (x.shape[begin_params_axis:])
