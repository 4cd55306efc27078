"""make_mindirs.py DIR — MindIR files written with Python's protobuf in the
layouts MindSpore 2.x writes (mindspore/ccsrc/transform/express_ir/
mindir_exporter.cc), not by msc, with numpy's outputs for a seeded input:

  ms22.mindir  MindSpore <= 2.2: primitive arguments as PrimitiveProto
               attributes (Conv2D 'same' with 4-tuples, BatchNorm's 5-tuple,
               MaxPool 'VALID', MatMul's transpose_x1/x2 names too, BiasAdd
               format), weights read through Load(param, U) with
               UpdateState and Depend, Reshape's shape a constant operand
  ms23.mindir  MindSpore 2.3+ prim functions: arguments as trailing constant
               operands (MatMul(x, w, False, True), ReduceMean(x, (1,), True),
               Softmax(x, (-1,)), BiasAdd(x, b, 0), Cast(x, Float64)),
               "PrimFunc_" names, a Python float operand, two outputs
  ms24.mindir  MindSpore 2.3+/2.4 spellings of msc's layers (op defs in
               mindspore/core/ops/ops_def/*.yaml): Conv2DExt (mint.nn.Conv2d:
               bias, stride, padding, dilation, groups operands), Conv2D with
               group 2, pad_mode 'pad', pad_list, out_channel, kernel_size,
               mode and format attributes, BatchNorm and LayerNorm with their
               arguments as constant operands and their 5 / 3 outputs,
               ReLU6, AvgPool with pad_mode and data_format as enum ints
               (PadMode VALID = 2, Format NCHW = 0), MaxPool 'SAME' with
               (1, 1, h, w) kernel_size/strides, Flatten, Dense(x, w, b)
  cf0.mindir   control flow in MindSpore's layout (graphs in
               ModelProto.functions): a plain call of a function graph, an
               if as Switch(cond, Partial(@t, x, w), Partial(@f, x)) called
               with one more operand, a while as a recursive header graph
  mstrain.mindir  a training step in MindSpore's own gradient and
               optimizer primitives: ReluGrad, SigmoidGrad, TanhGrad,
               BiasAddGrad, MatMul of the gradient, ApplyMomentum on two
               Parameters (U monads, UpdateState, Depend); numpy's outputs
               and Parameters after each of two calls
  dynamic.mindir  ms23's first part with input dims [-1, 8]
  bad_ops.mindir  two unknown primitives and an unknown attribute
  and the malformed files of mindir_golden_bad.py
DIR/NAME.in.npy, DIR/NAME.out<k>.npy: the input and numpy's outputs."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import pb  # noqa: E402

M = pb.mindir
A = M.AttributeProto
D = sys.argv[1]
rng = np.random.RandomState(5)
CODE = {np.dtype(np.float32): 1, np.dtype(np.int64): 7, np.dtype(np.int32): 6, np.dtype(np.float64): 11}


class Builder:
    def __init__(self, gname):
        self.m = M.ModelProto(ir_version='0.1.1', producer_name='MindSpore', model_version='2.2.14',
                              little_endian=True, mind_ir_version=1)
        self.g = self.m.graph
        self.g.name = gname
        self.gname = gname
        self.uid = 0
        self.k = 0

    def input(self, name, dtype, dims):
        i = self.g.input.add(name=self.gname + ':' + name)
        i.tensor.add(data_type=dtype, dims=dims)
        return i.name

    def weight(self, name, arr):
        p = self.g.parameter.add(name=self.gname + ':' + name, data_type=CODE[arr.dtype], dims=arr.shape)
        p.raw_data = arr.tobytes()
        return p.name

    def const(self, fill):
        self.k += 1
        n = self.g.node.add(op_type='Constant', name=f'{self.gname}:ValueNode_{self.k}')
        n.output.append(n.name)
        a = n.attribute.add(name='value')
        fill(a)
        return n.name

    def ints(self, *v):
        def f(a):
            a.type = A.TUPLE
            for x in v:
                a.values.add(type=A.INT64, ints=[x])
        return self.const(f)

    def scalar(self, kind, v):
        def f(a):
            a.type = kind
            if kind == A.FLOAT:
                a.f = v
            else:
                a.i = int(v)
        return self.const(f)

    def dtype(self, code):
        def f(a):
            a.type = A.TENSORS
            a.tensors.add(name='value0', data_type=code)
        return self.const(f)

    def monad(self):
        return self.const(lambda a: setattr(a, 'type', A.UMONAD))

    def node(self, op, inputs, attrs=(), shape=None, prim_name=None):
        self.uid += 1
        pname = f'{prim_name or op}:{self.uid}'
        prim = self.m.primitives.add(name=pname, op_type=prim_name or op, instance_name='')
        for a in attrs:
            prim.attribute.append(a)
        self.uid += 1
        self.k += 1
        n = self.g.node.add(op_type='REF::' + pname, name=f'{self.gname}:CNode_{self.k}:{self.uid}',
                            domain='Default/' + op)
        n.output.append(n.name)
        n.input.extend(inputs)
        if shape is not None:
            s = n.attribute.add(name='shape', type=A.TENSORS)
            s.tensors.add(data_type=1, dims=shape)
        return n.name

    def output(self, name, dims=None):
        o = self.g.output.add(name=name)
        if dims is not None:
            o.tensor.add(data_type=1, dims=dims)

    def save(self, fname):
        with open(os.path.join(D, fname), 'wb') as f:
            f.write(self.m.SerializeToString())


def attr(name, kind, v=None, **kw):
    a = A(name=name, type=kind, **kw)
    if kind == A.STRING:
        a.s = v.encode()
    elif kind in (A.INT64, A.BOOL):
        a.i = int(v)
    elif kind == A.FLOAT:
        a.f = v
    elif kind == A.TUPLE:
        for x in v:
            a.values.add(type=A.INT64, ints=[x])
    return a


def strings(name, v):
    a = A(name=name, type=A.LIST)
    for s in v:
        a.values.add(type=A.STRING, strings=[s.encode()])
    return a


# ---- ms22: Conv2D(same, stride 2) + BatchNorm + ReLU + MaxPool + Reshape + Dense + Softmax
b = Builder('1_2_LeNet_construct_7')
x = b.input('x', 1, [1, 1, 8, 8])
cw = (rng.randn(2, 1, 3, 3) * 0.5).astype(np.float32)
gam = rng.rand(2).astype(np.float32) + 0.5
bet = rng.randn(2).astype(np.float32)
mea = rng.randn(2).astype(np.float32) * 0.1
var = rng.rand(2).astype(np.float32) + 0.5
fw = (rng.randn(3, 8) * 0.5).astype(np.float32)
fb = rng.randn(3).astype(np.float32)
P = {n: b.weight(n, a) for n, a in [('conv.weight', cw), ('bn.gamma', gam), ('bn.beta', bet),
                                     ('bn.moving_mean', mea), ('bn.moving_variance', var),
                                     ('fc.weight', fw), ('fc.bias', fb)]}
u = b.monad()
lw = b.node('Load', [P['conv.weight'], u])
st = b.node('UpdateState', [u, lw])
conv = b.node('Conv2D', [x, lw], [attr('kernel_size', A.TUPLE, (3, 3)), attr('mode', A.INT64, 1),
                                  attr('out_channel', A.INT64, 2), attr('pad_mode', A.STRING, 'same'),
                                  attr('pad', A.TUPLE, (0, 0, 0, 0)), attr('pad_list', A.TUPLE, (1, 1, 1, 1)),
                                  attr('stride', A.TUPLE, (1, 1, 2, 2)), attr('dilation', A.TUPLE, (1, 1, 1, 1)),
                                  attr('group', A.INT64, 1), attr('groups', A.INT64, 1),
                                  attr('format', A.STRING, 'NCHW'), strings('input_names', ['x', 'w']),
                                  strings('output_names', ['output'])], [1, 2, 4, 4])
bn = b.node('BatchNorm', [conv, P['bn.gamma'], P['bn.beta'], P['bn.moving_mean'], P['bn.moving_variance']],
            [attr('is_training', A.BOOL, 0), attr('epsilon', A.FLOAT, 1e-5), attr('momentum', A.FLOAT, 0.1),
             attr('format', A.STRING, 'NCHW')])
y = b.node('TupleGetItem', [bn, b.scalar(A.INT64, 0)], prim_name='TupleGetItem')
r = b.node('ReLU', [y])
mp = b.node('MaxPool', [r], [attr('kernel_size', A.TUPLE, (1, 1, 2, 2)), attr('strides', A.TUPLE, (1, 1, 2, 2)),
                             attr('pad_mode', A.STRING, 'VALID'), attr('format', A.STRING, 'NCHW')])
rs = b.node('Reshape', [mp, b.ints(1, -1)])
lf = b.node('Load', [P['fc.weight'], st])
mm = b.node('MatMul', [rs, lf], [attr('transpose_a', A.BOOL, 0), attr('transpose_b', A.BOOL, 1),
                                 attr('transpose_x1', A.BOOL, 0), attr('transpose_x2', A.BOOL, 1)])
ba = b.node('BiasAdd', [mm, P['fc.bias']], [attr('format', A.STRING, 'NCHW'), attr('data_format', A.STRING, 'NCHW')])
sm = b.node('Softmax', [ba], [attr('axis', A.TUPLE, (-1,))])
out = b.node('Depend', [sm, st])
b.output(out, [1, 3])
b.save('ms22.mindir')
xi = rng.randn(1, 1, 8, 8).astype(np.float32)
np.save(os.path.join(D, 'ms22.in.npy'), xi)


def conv2d(x, w, s, pad):
    x = np.pad(x, ((0, 0), (0, 0), (pad[0], pad[1]), (pad[2], pad[3])))
    n, c, h, wd = x.shape
    o, _, kh, kw = w.shape
    oh, ow = (h - kh) // s + 1, (wd - kw) // s + 1
    out = np.zeros((n, o, oh, ow), np.float64)
    for i in range(oh):
        for j in range(ow):
            out[:, :, i, j] = np.einsum('nchw,ochw->no', x[:, :, i * s:i * s + kh, j * s:j * s + kw], w)
    return out


# 'same' with stride 2 on 8: out 4, pad needed (4-1)*2+3-8 = 1 -> top 0, bottom 1
h = conv2d(xi.astype(np.float64), cw.astype(np.float64), 2, (0, 1, 0, 1))
h = (h - mea[None, :, None, None]) / np.sqrt(var[None, :, None, None] + 1e-5) * gam[None, :, None, None] + \
    bet[None, :, None, None]
h = np.maximum(h, 0)
h = h.reshape(1, 2, 2, 2, 2, 2).max(axis=(3, 5))
h = h.reshape(1, -1) @ fw.T.astype(np.float64) + fb
h = np.exp(h - h.max(axis=-1, keepdims=True))
np.save(os.path.join(D, 'ms22.out0.npy'), (h / h.sum(axis=-1, keepdims=True)).astype(np.float32))

# ---- ms23: prim functions with constant operands, two outputs
def ms23(dims, fname):
    b = Builder('5_net_construct_11')
    x = b.input('x', 1, dims)
    w = (rng.randn(4, 8) * 0.5).astype(np.float32)
    bias = rng.randn(4).astype(np.float32)
    W = b.weight('dense.weight', w)
    B = b.weight('dense.bias', bias)
    mm = b.node('MatMul', [x, W, b.scalar(A.BOOL, 0), b.scalar(A.BOOL, 1)], prim_name='PrimFunc_MatMul')
    ba = b.node('BiasAdd', [mm, B, b.scalar(A.INT64, 0)])
    r = b.node('ReLU', [ba], prim_name='PrimFunc_ReLU')
    me = b.node('ReduceMean', [r, b.ints(1), b.scalar(A.BOOL, 1)])
    sb = b.node('Sub', [r, me])
    mu = b.node('Mul', [sb, b.scalar(A.FLOAT, 0.5)])
    sm = b.node('Softmax', [mu, b.ints(-1)])
    c64 = b.node('Cast', [sm, b.dtype(11)])
    tu = b.node('MakeTuple', [sm, c64])
    b.output(tu)
    b.save(fname)
    return w, bias


w, bias = ms23([2, 8], 'ms23.mindir')
xi = rng.randn(2, 8).astype(np.float32)
np.save(os.path.join(D, 'ms23.in.npy'), xi)
h = np.maximum(xi.astype(np.float64) @ w.T + bias, 0)
h = (h - h.mean(axis=1, keepdims=True)) * 0.5
h = np.exp(h - h.max(axis=-1, keepdims=True))
h = h / h.sum(axis=-1, keepdims=True)
np.save(os.path.join(D, 'ms23.out0.npy'), h.astype(np.float32))
np.save(os.path.join(D, 'ms23.out1.npy'), h.astype(np.float32).astype(np.float64))
w, bias = ms23([-1, 8], 'dynamic.mindir')
xi = rng.randn(3, 8).astype(np.float32)
np.save(os.path.join(D, 'dynamic.in.npy'), xi)
h = np.maximum(xi.astype(np.float64) @ w.T + bias, 0)
h = (h - h.mean(axis=1, keepdims=True)) * 0.5
h = np.exp(h - h.max(axis=-1, keepdims=True))
h = (h / h.sum(axis=-1, keepdims=True)).astype(np.float32)
np.save(os.path.join(D, 'dynamic.out0.npy'), h)
np.save(os.path.join(D, 'dynamic.out1.npy'), h.astype(np.float64))

# ---- ms24: MindSpore 2.3+/2.4 spellings of the layers
b = Builder('3_Net24_construct_9')
x = b.input('x', 1, [1, 2, 6, 6])
w1 = (rng.randn(4, 2, 3, 3) * 0.4).astype(np.float32)
b1 = rng.randn(4).astype(np.float32) * 0.1
w2 = (rng.randn(4, 2, 3, 3) * 0.4).astype(np.float32)
gam = rng.rand(4).astype(np.float32) + 0.5
bet = rng.randn(4).astype(np.float32)
mea = rng.randn(4).astype(np.float32) * 0.1
var = rng.rand(4).astype(np.float32) + 0.5
dw = (rng.randn(6, 16) * 0.3).astype(np.float32)
db = rng.randn(6).astype(np.float32)
lg = rng.rand(6).astype(np.float32) + 0.5
lb = rng.randn(6).astype(np.float32) * 0.1
P = {n: b.weight(n, a) for n, a in [('conv1.weight', w1), ('conv1.bias', b1), ('conv2.weight', w2),
                                     ('bn.gamma', gam), ('bn.beta', bet), ('bn.moving_mean', mea),
                                     ('bn.moving_variance', var), ('fc.weight', dw), ('fc.bias', db),
                                     ('ln.gamma', lg), ('ln.beta', lb)]}
c1 = b.node('Conv2DExt', [x, P['conv1.weight'], P['conv1.bias'], b.ints(1, 1), b.ints(1, 1), b.ints(1, 1),
                          b.scalar(A.INT64, 1)])
c2 = b.node('Conv2D', [c1, P['conv2.weight']],
            [attr('kernel_size', A.TUPLE, (3, 3)), attr('mode', A.INT64, 1), attr('out_channel', A.INT64, 4),
             attr('pad_mode', A.STRING, 'pad'), attr('pad', A.TUPLE, (1, 1, 1, 1)),
             attr('pad_list', A.TUPLE, (1, 1, 1, 1)), attr('stride', A.TUPLE, (1, 1, 1, 1)),
             attr('dilation', A.TUPLE, (1, 1, 1, 1)), attr('group', A.INT64, 2), attr('groups', A.INT64, 2),
             attr('format', A.STRING, 'NCHW')], [1, 4, 6, 6])
bn = b.node('BatchNorm', [c2, P['bn.gamma'], P['bn.beta'], P['bn.moving_mean'], P['bn.moving_variance'],
                          b.scalar(A.BOOL, 0), b.scalar(A.FLOAT, 1e-5), b.scalar(A.FLOAT, 0.1),
                          b.scalar(A.INT64, 0)], prim_name='PrimFunc_BatchNorm')
y = b.node('TupleGetItem', [bn, b.scalar(A.INT64, 0)], prim_name='TupleGetItem')
r6 = b.node('ReLU6', [y], prim_name='PrimFunc_ReLU6')
ap = b.node('AvgPool', [r6, b.ints(2, 2), b.ints(2, 2), b.scalar(A.INT64, 2), b.scalar(A.INT64, 0)],
            prim_name='PrimFunc_AvgPool')
mp = b.node('MaxPool', [ap], [attr('kernel_size', A.TUPLE, (1, 1, 2, 2)), attr('strides', A.TUPLE, (1, 1, 2, 2)),
                              attr('pad_mode', A.STRING, 'SAME'), attr('format', A.STRING, 'NCHW')])
fl = b.node('Flatten', [mp], prim_name='PrimFunc_Flatten')
de = b.node('Dense', [fl, P['fc.weight'], P['fc.bias']], prim_name='PrimFunc_Dense')
ln = b.node('LayerNorm', [de, P['ln.gamma'], P['ln.beta'], b.scalar(A.INT64, 1), b.scalar(A.INT64, 1),
                          b.scalar(A.FLOAT, 1e-5)], prim_name='PrimFunc_LayerNorm')
lny = b.node('TupleGetItem', [ln, b.scalar(A.INT64, 0)], prim_name='TupleGetItem')
sm = b.node('Softmax', [lny, b.ints(-1)], prim_name='PrimFunc_Softmax')
b.output(sm, [1, 6])
b.save('ms24.mindir')
xi = rng.randn(1, 2, 6, 6).astype(np.float32)
np.save(os.path.join(D, 'ms24.in.npy'), xi)


def grouped(x, w, groups, pad):
    ci, co = x.shape[1] // groups, w.shape[0] // groups
    return np.concatenate([conv2d(x[:, g * ci:(g + 1) * ci], w[g * co:(g + 1) * co], 1, pad)
                           for g in range(groups)], axis=1)


h = conv2d(xi.astype(np.float64), w1.astype(np.float64), 1, (1, 1, 1, 1)) + b1[None, :, None, None]
h = grouped(h, w2.astype(np.float64), 2, (1, 1, 1, 1))
h = (h - mea[None, :, None, None]) / np.sqrt(var[None, :, None, None] + 1e-5) * gam[None, :, None, None] + \
    bet[None, :, None, None]
h = np.clip(h, 0, 6)
h = h.reshape(1, 4, 3, 2, 3, 2).mean(axis=(3, 5))
# MaxPool 'SAME', k 2, s 2 on 3: out 2, pad (2-1)*2+2-3 = 1 at the end (-inf)
h = np.pad(h, ((0, 0), (0, 0), (0, 1), (0, 1)), constant_values=-np.inf).reshape(1, 4, 2, 2, 2, 2).max(axis=(3, 5))
h = h.reshape(1, -1) @ dw.T.astype(np.float64) + db
h = (h - h.mean(axis=-1, keepdims=True)) / np.sqrt(h.var(axis=-1, keepdims=True) + 1e-5) * lg + lb
h = np.exp(h - h.max(axis=-1, keepdims=True))
np.save(os.path.join(D, 'ms24.out0.npy'), (h / h.sum(axis=-1, keepdims=True)).astype(np.float32))

# ---- cf: control flow in MindSpore's layout
def func(b, name, inputs):
    """A Builder writing function graph `name` of b's model (b.uid shared
    through b.sync)."""
    import copy
    fb = copy.copy(b)
    fb.g = b.m.functions.add()
    fb.g.name = name
    fb.gname = name
    fb.k = 0
    for i in inputs:
        fb.g.input.add(name=name + ':' + i)
    return fb


def call(b, target, inputs, shape=None):
    """A node whose op_type is REF::<target> (a graph or a node)."""
    b.uid += 1
    b.k += 1
    n = b.g.node.add(op_type='REF::' + target, name=f'{b.gname}:CNode_{b.k}:{b.uid}')
    n.output.append(n.name)
    n.input.extend(inputs)
    return n.name


b = Builder('7_CfNet_construct_3')
x = b.input('x', 1, [3])
wv = np.array([0.5, -1.0, 2.0], np.float32)
W = b.weight('w', wv)
# helper(v) = ReLU(v), called plainly
h = func(b, '7_helper_4', ['v'])
h.output(h.node('ReLU', ['7_helper_4:v']))
b.uid = h.uid
# if sum(x) > 0: t(x, w, c) = x * w + c  else: f(x, c) = x - c
t = func(b, '7_true_5', ['x', 'w', 'c'])
t.output(t.node('Add', [t.node('Mul', ['7_true_5:x', '7_true_5:w']), '7_true_5:c']))
b.uid = t.uid
f = func(b, '7_false_6', ['x', 'c'])
f.output(f.node('Sub', ['7_false_6:x', '7_false_6:c']))
b.uid = f.uid
cond = b.node('Greater', [b.node('ReduceSum', [x, b.ints(0), b.scalar(A.BOOL, 0)]), b.scalar(A.FLOAT, 0.0)])
sw = b.node('Switch', [cond, b.node('Partial', ['7_true_5', x, W]), b.node('Partial', ['7_false_6', x])])
y = call(b, sw, [call(b, '7_helper_4', [x])])
# while i < 3: y = y * 2 + 1; i = i + 1  (header / body / after)
hd = func(b, '7_while_header_7', ['i', 'y'])
c2 = hd.node('Less', ['7_while_header_7:i', hd.scalar(A.INT64, 3)])
bs = hd.node('Partial', ['7_while_body_8', '7_while_header_7:i', '7_while_header_7:y'])
af = hd.node('Partial', ['7_while_after_9', '7_while_header_7:i', '7_while_header_7:y'])
hd.output(call(hd, hd.node('Switch', [c2, bs, af]), []))
b.uid = hd.uid
bd = func(b, '7_while_body_8', ['i', 'y'])
ni = bd.node('Add', ['7_while_body_8:i', bd.scalar(A.INT64, 1)])
ny = bd.node('Add', [bd.node('Mul', ['7_while_body_8:y', bd.scalar(A.FLOAT, 2.0)]), bd.scalar(A.FLOAT, 1.0)])
bd.output(call(bd, '7_while_header_7', [ni, ny]))
b.uid = bd.uid
at = func(b, '7_while_after_9', ['i', 'y'])
at.output(at.node('MakeTuple', ['7_while_after_9:y', '7_while_after_9:i']))
b.uid = at.uid


def i32(v):
    def fill(a):
        a.type = A.TENSORS
        a.tensors.add(name='value0', data_type=6, raw_data=np.array(v, np.int32).tobytes())
    return fill


b.output(call(b, '7_while_header_7', [b.const(i32(0)), y]))
b.save('cf0.mindir')
b.save('cf1.mindir')  # the same model, for the second input
for k, xi in enumerate([np.array([1.0, 2.0, -0.5], np.float32), np.array([-1.0, -2.0, 0.5], np.float32)]):
    np.save(os.path.join(D, f'cf{k}.in.npy'), xi)
    c = np.maximum(xi, 0)
    yv = xi * wv + c if xi.sum() > 0 else xi - c
    for _ in range(3):
        yv = (yv * np.float32(2) + np.float32(1)).astype(np.float32)
    np.save(os.path.join(D, f'cf{k}.out0.npy'), yv)
    np.save(os.path.join(D, f'cf{k}.out1.npy'), np.array(3, np.int32))

# ---- mstrain: MindSpore's gradient and optimizer primitives
b = Builder('9_TrainStep_construct_2')
x = b.input('x', 1, [4, 3])
tg = b.input('t', 1, [4, 2])
wv = (rng.randn(2, 3) * 0.5).astype(np.float32)
bv = (rng.randn(2) * 0.1).astype(np.float32)
P = {n: b.weight(n, a) for n, a in [('fc.weight', wv), ('fc.bias', bv),
                                     ('moments.fc.weight', np.zeros((2, 3), np.float32)),
                                     ('moments.fc.bias', np.zeros(2, np.float32)),
                                     ('learning_rate', np.array(0.1, np.float32)),
                                     ('momentum', np.array(0.9, np.float32))]}
u = b.monad()
lw = b.node('Load', [P['fc.weight'], u])
lb = b.node('Load', [P['fc.bias'], u])
h = b.node('BiasAdd', [b.node('MatMul', [x, lw], [attr('transpose_a', A.BOOL, 0), attr('transpose_b', A.BOOL, 1)]),
                       lb], [attr('format', A.STRING, 'NCHW')])
a = b.node('ReLU', [h])
da = b.node('Sub', [a, tg])
dh = b.node('ReluGrad', [da, a])
db = b.node('BiasAddGrad', [dh], [attr('format', A.STRING, 'NCHW')])
dw = b.node('MatMul', [dh, x], [attr('transpose_a', A.BOOL, 1), attr('transpose_b', A.BOOL, 0)])
sg = b.node('SigmoidGrad', [b.node('Sigmoid', [h]), da])
tgr = b.node('TanhGrad', [b.node('Tanh', [h]), da])
u = b.node('UpdateState', [u, lw])
m1 = b.node('ApplyMomentum', [P['fc.weight'], P['moments.fc.weight'], P['learning_rate'], dw, P['momentum'], u],
            [attr('use_nesterov', A.BOOL, 0), attr('use_locking', A.BOOL, 0), attr('gradient_scale', A.FLOAT, 1.0),
             attr('side_effect_mem', A.BOOL, 1)])
u = b.node('UpdateState', [u, m1])
m2 = b.node('ApplyMomentum', [P['fc.bias'], P['moments.fc.bias'], P['learning_rate'], db, P['momentum'], u],
            [attr('use_nesterov', A.BOOL, 0), attr('use_locking', A.BOOL, 0), attr('gradient_scale', A.FLOAT, 1.0),
             attr('side_effect_mem', A.BOOL, 1)])
u = b.node('UpdateState', [u, m2])
b.output(b.node('Depend', [b.node('MakeTuple', [a, sg, tgr]), u]))
b.save('mstrain.mindir')
W, B = wv.astype(np.float64), bv.astype(np.float64)
AW, AB = np.zeros((2, 3)), np.zeros(2)
for k in range(2):
    xi = rng.randn(4, 3).astype(np.float32)
    ti = rng.randn(4, 2).astype(np.float32)
    np.save(os.path.join(D, f'mstrain.x{k}.npy'), xi)
    np.save(os.path.join(D, f'mstrain.t{k}.npy'), ti)
    hv = xi.astype(np.float64) @ W.T + B
    av = np.maximum(hv, 0)
    dav = av - ti
    dhv = np.where(av > 0, dav, 0)
    sv, thv = 1 / (1 + np.exp(-hv)), np.tanh(hv)
    np.save(os.path.join(D, f'mstrain.out{k}.npy'), np.stack([av, dav * sv * (1 - sv), dav * (1 - thv * thv)]))
    AW = AW * 0.9 + dhv.T @ xi
    AB = AB * 0.9 + dhv.sum(axis=0)
    W = W - 0.1 * AW
    B = B - 0.1 * AB
    np.save(os.path.join(D, f'mstrain.params{k}.npy'), np.concatenate([W.ravel(), B, AW.ravel(), AB]))

# ---- bad_ops: unknown primitives and attributes, listed together
b = Builder('net')
x = b.input('x', 1, [1, 4])
a1 = b.node('FancyOp', [x])
a2 = b.node('ReLU', [x])
a3 = b.node('Erfinv', [a2])
a4 = b.node('Softmax', [a2], [attr('axis', A.TUPLE, (-1,)), attr('temperature', A.FLOAT, 2.0)])
a5 = b.node('Conv2D', [x, x], [attr('pad_mode', A.STRING, 'pad'), attr('format', A.STRING, 'NHWC')])
b.output(b.node('MakeTuple', [a1, a3, a4, a5]))
b.save('bad_ops.mindir')

# ---- mspoolgrad: MindSpore's MaxPoolGrad(x, out, dout) with MaxPool's attributes
b = Builder('9_PoolGrad_construct_4')
x = b.input('x', 1, [1, 2, 4, 4])
pa = [attr('kernel_size', A.TUPLE, (1, 1, 2, 2)), attr('strides', A.TUPLE, (1, 1, 2, 2)),
      attr('pad_mode', A.STRING, 'VALID'), attr('format', A.STRING, 'NCHW')]
mo = b.node('MaxPool', [x], pa)
b.output(b.node('MaxPoolGrad', [x, mo, b.node('Mul', [mo, b.scalar(A.FLOAT, 3.0)])], pa))
b.save('mspoolgrad.mindir')
xi = rng.randn(1, 2, 4, 4).astype(np.float32)
np.save(os.path.join(D, 'mspoolgrad.in.npy'), xi)
g = np.zeros_like(xi)
for c in range(2):
    for i in range(2):
        for j in range(2):
            win = xi[0, c, 2 * i:2 * i + 2, 2 * j:2 * j + 2]
            r, q = np.unravel_index(np.argmax(win), (2, 2))
            g[0, c, 2 * i + r, 2 * j + q] = win.max() * np.float32(3.0)
np.save(os.path.join(D, 'mspoolgrad.out0.npy'), g)

# ---- msgelu: MindSpore's GeLU primitive is the tanh approximation
b = Builder('9_Gelu_construct_5')
x = b.input('x', 1, [7])
b.output(b.node('GeLU', [x], prim_name='PrimFunc_GeLU'))
b.save('msgelu.mindir')
xi = np.linspace(-3, 3, 7).astype(np.float32)
np.save(os.path.join(D, 'msgelu.in.npy'), xi)
xd = xi.astype(np.float64)
np.save(os.path.join(D, 'msgelu.out0.npy'), 0.5 * xd * (1 + np.tanh(np.sqrt(2 / np.pi) * (xd + 0.044715 * xd ** 3))))

# ---- bad_train: training primitives msc has no import of, listed together
b = Builder('net')
x = b.input('x', 1, [2, 4])
lab = b.input('y', 6, [2])
w = b.weight('w', np.ones((4, 4), np.float32))
m = b.weight('m', np.zeros((4, 4), np.float32))
v = b.weight('v', np.zeros((4, 4), np.float32))
l1 = b.node('SparseSoftmaxCrossEntropyWithLogits', [x, lab], [attr('is_grad', A.BOOL, 0)])
l2 = b.node('Adam', [w, m, v, x, x, x, x, x, x, x])
l3 = b.node('MaxPoolGrad', [x, x, x], [attr('kernel_size', A.TUPLE, (1, 1, 2, 2))])
l4 = b.node('ReluGrad', [x, x])
b.output(b.node('MakeTuple', [l1, l2, l3, l4]))
b.save('bad_train.mindir')

# ---- bad_assign: Assign to an input, Assign of the wrong shape (listed together)
b = Builder('net')
x = b.input('x', 1, [1, 4])
w = b.weight('w', np.ones(4, np.float32))
u = b.monad()
a1 = b.node('Assign', [x, x, u])
u = b.node('UpdateState', [u, a1])
a2 = b.node('Assign', [w, x, u])
u = b.node('UpdateState', [u, a2])
b.output(b.node('Depend', [b.node('ReLU', [x]), u]))
b.save('bad_assign.mindir')

# ---- recursion that is not a loop: a graph calling itself, and calls
# fanning out 2^29 times (both refused, quickly)
def selfcall(fname, levels):
    m = M.ModelProto(ir_version='0.1.1', producer_name='MindSpore')
    m.graph.name = 'main'
    m.graph.input.add(name='main:x').tensor.add(data_type=1, dims=[2])
    m.primitives.add(name='Add:1', op_type='Add')
    for k in range(levels):
        e = m.functions.add(name=f'e{k}')
        e.input.add(name=f'e{k}:v')
        callee = f'e{k + 1}' if levels > 1 else 'e0'
        if k < levels - 1 or levels == 1:
            for j in (1, 2):
                n = e.node.add(op_type='REF::' + callee, name=f'e{k}:c{j}')
                n.output.append(n.name)
                n.input.append(f'e{k}:v')
            n = e.node.add(op_type='REF::Add:1', name=f'e{k}:add')
            n.output.append(n.name)
            n.input.extend([f'e{k}:c1', f'e{k}:c2'])
            e.output.add(name=f'e{k}:add')
        else:
            e.output.add(name=f'e{k}:v')
    n = m.graph.node.add(op_type='REF::e0', name='main:call')
    n.output.append(n.name)
    n.input.append('main:x')
    m.graph.output.add(name='main:call')
    open(os.path.join(D, fname), 'wb').write(m.SerializeToString())


selfcall('selfcall.mindir', 1)
selfcall('fanout.mindir', 30)

# ---- malformed files
good = open(os.path.join(D, 'ms23.mindir'), 'rb').read()
open(os.path.join(D, 'truncated.mindir'), 'wb').write(good[:len(good) // 2])
open(os.path.join(D, 'ckpt.mindir'), 'wb').write(pb.ckpt_bytes([('w', np.ones(3, np.float32))]))
open(os.path.join(D, 'encrypted.mindir'), 'wb').write(b'\xd9\x5e\x3a\x7f' + bytes(40))
open(os.path.join(D, 'empty.mindir'), 'wb').write(b'')
m = M.ModelProto()
m.ParseFromString(good)
m.graph.parameter[0].raw_data = bytes(16)
open(os.path.join(D, 'oversized.mindir'), 'wb').write(m.SerializeToString())
refs = [i for i, n in enumerate(m.graph.node) if n.op_type.startswith('REF::')]
m.ParseFromString(good)
m.graph.node[refs[1]].input[0] = '5_net_construct_11:nowhere'
open(os.path.join(D, 'undefined.mindir'), 'wb').write(m.SerializeToString())
m.ParseFromString(good)
m.graph.node[refs[2]].output[0] = m.graph.node[refs[0]].output[0]
open(os.path.join(D, 'duplicate.mindir'), 'wb').write(m.SerializeToString())
m.ParseFromString(good)
m.graph.input[0].tensor[0].dims[1] = 5
open(os.path.join(D, 'mismatch.mindir'), 'wb').write(m.SerializeToString())
