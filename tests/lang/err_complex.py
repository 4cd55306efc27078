# Errors of Python's complex, with CPython's messages (issue 26 item 3), and
# of complex tensors: an op that does not take them names itself and the dtype.
# Each case is one line run from stdin.
# RUN: echo '1j // 2' | not %msc run - 2>&1 | FileCheck --check-prefix=FLOORDIV %s
# FLOORDIV: error: TypeError: unsupported operand type(s) for //: 'complex' and 'int'
# RUN: echo '1j < 2' | not %msc run - 2>&1 | FileCheck --check-prefix=LT %s
# LT: error: TypeError: '<' not supported between instances of 'complex' and 'int'
# RUN: echo 'sorted([2j, 1j])' | not %msc run - 2>&1 | FileCheck --check-prefix=SORT %s
# SORT: error: TypeError: '<' not supported between instances of 'complex' and 'complex'
# RUN: echo 'float(1j)' | not %msc run - 2>&1 | FileCheck --check-prefix=FLOAT %s
# FLOAT: error: TypeError: float() argument must be a string or a real number, not 'complex'
# RUN: echo 'int(1j)' | not %msc run - 2>&1 | FileCheck --check-prefix=INT %s
# INT: error: TypeError: int() argument must be a string, a bytes-like object or a real number, not 'complex'
# RUN: echo '(1+1j) / 0' | not %msc run - 2>&1 | FileCheck --check-prefix=DIV0 %s
# DIV0: error: ZeroDivisionError: complex division by zero
# RUN: echo '0j ** -1' | not %msc run - 2>&1 | FileCheck --check-prefix=POW0 %s
# POW0: error: ZeroDivisionError: 0.0 to a negative or complex power
# RUN: echo '(10+0j) ** 400' | not %msc run - 2>&1 | FileCheck --check-prefix=POWOV %s
# POWOV: error: OverflowError: complex exponentiation
# RUN: echo '~1j' | not %msc run - 2>&1 | FileCheck --check-prefix=INV %s
# INV: error: TypeError: bad operand type for unary ~: 'complex'
# RUN: echo 'complex(1, "a")' | not %msc run - 2>&1 | FileCheck --check-prefix=ARG2 %s
# ARG2: error: TypeError: complex() second arg can't be a string
# RUN: echo 'complex([1])' | not %msc run - 2>&1 | FileCheck --check-prefix=ARG1 %s
# ARG1: error: TypeError: complex() first argument must be a string or a number, not 'list'
# RUN: echo 'import math; math.sqrt(1j)' | not %msc run - 2>&1 | FileCheck --check-prefix=MATH %s
# MATH: error: TypeError: must be real number, not complex
# RUN: echo 'x = 3jk' | not %msc run - 2>&1 | FileCheck --check-prefix=LIT %s
# LIT: error: invalid imaginary literal
# complex tensors (complex64/complex128): the ops that do not take them are a
# TypeError naming the op and the dtype (MindSpore's exception type)
# RUN: echo 'import mindspore as ms; ms.Tensor([1j]) < ms.Tensor([2j])' | not %msc run - 2>&1 | FileCheck --check-prefix=LESS %s
# LESS: error: TypeError: Less: complex tensors (Complex128) are not supported by this operation (complex dtypes have Add, Sub, Mul, Div, Equal, NotEqual)
# RUN: echo 'import numpy as np; np.exp(np.array([1j], np.complex64))' | not %msc run - 2>&1 | FileCheck --check-prefix=EXP %s
# EXP: error: TypeError: Exp: complex tensors (Complex64) are not supported by this operation (complex dtypes have Neg, Square, Abs, Real, Imag, Conj)
# RUN: echo 'import mindspore as ms; from mindspore import ops; ops.ReduceSum()(ms.Tensor([1j]))' | not %msc run - 2>&1 | FileCheck --check-prefix=RSUM %s
# RSUM: error: TypeError: ReduceSum: complex tensors (Complex128) are not supported by this operation
# RUN: echo 'import mindspore as ms; from mindspore import ops; ops.matmul(ms.Tensor([[1j]]), ms.Tensor([[1j]]))' | not %msc run - 2>&1 | FileCheck --check-prefix=MATMUL %s
# MATMUL: error: TypeError: MatMulExt: complex tensors (Complex128) are not supported by this operation
# RUN: echo 'import mindspore as ms; from mindspore import ops; ops.Complex()(ms.Tensor([1.0], ms.float32), ms.Tensor([1.0], ms.float64))' | not %msc run - 2>&1 | FileCheck --check-prefix=CPLX %s
# CPLX: error: TypeError: Complex: real and imag must both be float32 or both float64, got Float32 and Float64
# RUN: echo 'import mindspore as ms; ms.Tensor([1j], ms.float32)' | not %msc run - 2>&1 | FileCheck --check-prefix=TOFLOAT %s
# RUN: echo 'import mindspore as ms; float(ms.Tensor(1j))' | not %msc run - 2>&1 | FileCheck --check-prefix=TOFLOAT %s
# TOFLOAT: error: TypeError: can't convert complex to float
# RUN: echo 'import numpy as np; np.complex64("1+2j")' | not %msc run - 2>&1 | FileCheck --check-prefix=STR %s
# STR: error: ValueError: msc: complex64() of a string is not supported; write complex64(complex(real, imag))
# and in a graph, at the line that uses it
# RUN: not %msc run %s 2>&1 | FileCheck --check-prefix=GRAPH %s
# GRAPH: err_complex.py:[[@LINE+4]]:12: error: TypeError: Less: complex tensors (Complex64) are not supported by this operation
import mindspore as ms
@ms.jit
def f(x):
    return x * (1 + 2j) < x
f(ms.Tensor([1.0]))
