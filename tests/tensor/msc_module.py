# The _msc module contract lib/ is written against (eval/mod_msc.c).
import _msc

x = _msc.array([[1.0, 2.0], [3.0, 4.0]], None, 'np')
t = _msc.Tensor([[1.0, 2.0], [3.0, 4.0]])
print(_msc.flavour(x), _msc.flavour(t), _msc.flavour(1.0), _msc.is_tensor(x), _msc.is_tensor([1]))
# inputs first, then attributes positionally (ops.def order) or by keyword
print(_msc.prim('Reshape', x, (4,)), _msc.prim('Cast', t, _msc.dtype('int32', 'ms')).dtype)
print(_msc.prim('ReduceSum', t, axis=1, keepdims=True))
print(_msc.prim('Transpose', x, perm=(1, 0)))
# result flavour: np only when every tensor input is an ndarray
print(_msc.flavour(_msc.prim('Add', x, t)), _msc.flavour(_msc.prim('Add', x, 1)), _msc.flavour(_msc.prim('Add', x, [1, 2])))
print(_msc.prim('Concat', x, x, axis=0).shape, _msc.prim('Stack', [x, x, x], axis=2).shape)
print(_msc.prim('Zeros', shape=(2,), dtype=_msc.dtype('int32', 'np'), flavour='np'), _msc.flavour(_msc.prim('Ones', shape=(1,), dtype=_msc.dtype('float32', 'ms'))))
print(_msc.fill((2, 2), 7, None, 'ms'), _msc.fill((2,), 1.5, None, 'np').dtype, _msc.fill((1,), True, None, 'np').dtype)
print(_msc.arange(0, 5, 2, None, 'np'), _msc.arange(0, 1, 0.25, None, 'np'), _msc.linspace(0, 1, 5, None, 'ms'))
print(_msc.dtype('float32', 'np') == _msc.dtype('float32', 'ms'), _msc.dtype('float32', 'np') is _msc.dtype('float32', 'np'))
print(_msc.array([1, 2], None, 'ms').dtype, _msc.array([1.5], None, 'ms').dtype, _msc.array([1.5], None, 'np').dtype)
print('MatMulExt' in _msc.ops(), len(_msc.ops()) > 80)
print(_msc.prim('NoSuchOp', x))

# ----------------------------------------------------------------------
# RUN: not %msc run %s > %t.out 2> %t.err
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: FileCheck --check-prefix=ERR %s < %t.err
# CHECK: {{^}}np ms None True False{{$}}
# CHECK-NEXT: {{^}}[1. 2. 3. 4.] Int32{{$}}
# CHECK-NEXT: {{^}}{{\[\[}}3.]{{$}}
# CHECK-NEXT: {{^}} [7.]]{{$}}
# CHECK-NEXT: {{^}}{{\[\[}}1. 3.]{{$}}
# CHECK-NEXT: {{^}} [2. 4.]]{{$}}
# CHECK-NEXT: {{^}}ms np np{{$}}
# CHECK-NEXT: {{^}}(4, 2) (2, 2, 3){{$}}
# CHECK-NEXT: {{^}}[0 0] ms{{$}}
# CHECK-NEXT: {{^}}{{\[\[}}7 7]{{$}}
# CHECK-NEXT: {{^}} [7 7]] float64 bool{{$}}
# CHECK-NEXT: {{^}}[0 2 4] [0.   0.25 0.5  0.75] [0.   0.25 0.5  0.75 1.  ]{{$}}
# CHECK-NEXT: {{^}}False True{{$}}
# CHECK-NEXT: {{^}}Int64 Float32 float64{{$}}
# CHECK-NEXT: {{^}}True True{{$}}
# ERR: {{^.*/}}msc_module.py:20:7: error: ValueError: prim: unknown primitive 'NoSuchOp'{{$}}
