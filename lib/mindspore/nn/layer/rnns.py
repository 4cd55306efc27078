"""mindspore.nn.layer.rnns: RNN, LSTM, GRU (single and multi-layer,
bidirectional), MindSpore 2.x's signatures:
RNN(input_size, hidden_size, num_layers=1, nonlinearity='tanh', has_bias=True,
batch_first=False, dropout=0.0, bidirectional=False), LSTM and GRU the same
without nonlinearity. https://www.mindspore.cn/docs/en/r2.3.1/api_python/nn/mindspore.nn.LSTM.html

Parameters as MindSpore names and draws them: for each layer k and direction
('' then '_reverse'), weight_ih_l{k}{d} (G * hidden, in), weight_hh_l{k}{d}
(G * hidden, hidden), bias_ih_l{k}{d}, bias_hh_l{k}{d} (G * hidden), each
uniform(-1/sqrt(hidden), 1/sqrt(hidden)) from numpy's global stream in that
order (G = 1, 4, 3; the gates in PyTorch's order: LSTM i, f, g, o; GRU r, z, n).

The recurrence is a Python loop over the time steps: eager in PyNative mode;
in a graph (a GRAPH_MODE construct, @ms.jit) the sequence length is the
input's static shape, so the loop unrolls at capture. (MindSpore builds a
`while` over a tensor counter.) seq_length (a (batch,) int Tensor) masks
each sequence's padded steps as MindSpore's variable_recurrent does: the
state stops at the last valid step, the outputs past it are 0, and the
reverse direction starts at the last valid step.
"""
import math

import _msc
import numpy as np
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter, ParameterTuple
from mindspore.nn.cell import Cell
from mindspore.ops import functional as F

Tensor = _msc.Tensor


def _rnn_tanh_cell(x, h, w_ih, w_hh, b_ih, b_hh):
    return F.tanh(_linear(x, w_ih, b_ih) + _linear(h, w_hh, b_hh))


def _rnn_relu_cell(x, h, w_ih, w_hh, b_ih, b_hh):
    return F.relu(_linear(x, w_ih, b_ih) + _linear(h, w_hh, b_hh))


def _linear(x, w, b):
    y = _msc.prim('MatMul', x, w, transpose_a=False, transpose_b=True)
    return y if b is None else _msc.prim('BiasAdd', y, b)


def _gru_cell(x, h, w_ih, w_hh, b_ih, b_hh):
    gi = _linear(x, w_ih, b_ih)
    gh = _linear(h, w_hh, b_hh)
    i_r, i_z, i_n = F.chunk(gi, 3, 1)
    h_r, h_z, h_n = F.chunk(gh, 3, 1)
    r = F.sigmoid(i_r + h_r)
    z = F.sigmoid(i_z + h_z)
    n = F.tanh(i_n + r * h_n)
    return n + z * (h - n)


def _lstm_cell(x, hc, w_ih, w_hh, b_ih, b_hh):
    h, c = hc
    gates = _linear(x, w_ih, b_ih) + _linear(h, w_hh, b_hh)
    i, f, g, o = F.chunk(gates, 4, 1)
    i = F.sigmoid(i)
    f = F.sigmoid(f)
    g = F.tanh(g)
    o = F.sigmoid(o)
    c2 = f * c + i * g
    return o * F.tanh(c2), c2


def _check_int(name, arg, v, minimum=1):
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"For '{name}', the '{arg}' must be an int, but got {type(v).__name__}.")
    if v < minimum:
        raise ValueError(f"For '{name}', the '{arg}' must be at least {minimum}, but got {v}.")
    return v


def _check_bool(name, arg, v):
    if not isinstance(v, bool):
        raise TypeError(f"For '{name}', the '{arg}' must be a bool, but got {type(v).__name__}.")
    return v


class _RNNBase(Cell):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, dtype=mstype.float32):
        super().__init__()
        name = {'RNN_TANH': 'RNN', 'RNN_RELU': 'RNN'}.get(mode, mode)
        _check_int(name, 'input_size', input_size)
        _check_int(name, 'hidden_size', hidden_size)
        _check_int(name, 'num_layers', num_layers)
        _check_bool(name, 'has_bias', has_bias)
        _check_bool(name, 'batch_first', batch_first)
        _check_bool(name, 'bidirectional', bidirectional)
        if not isinstance(dropout, (int, float)) or isinstance(dropout, bool):
            raise TypeError(f"For '{name}', the 'dropout' must be a float, but got {type(dropout).__name__}.")
        if dropout < 0 or dropout >= 1:
            raise ValueError(f"For '{name}', the 'dropout' must be a number in range [0, 1), but got {dropout}.")
        self.mode = mode
        self.name_ = name
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.has_bias = has_bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.is_lstm = mode == 'LSTM'
        gate = {'LSTM': 4, 'GRU': 3}.get(mode, 1)
        self.cell_fn = {'LSTM': _lstm_cell, 'GRU': _gru_cell, 'RNN_TANH': _rnn_tanh_cell,
                        'RNN_RELU': _rnn_relu_cell}[mode]
        num_dir = 2 if bidirectional else 1
        stdv = 1 / math.sqrt(hidden_size)
        w_ih, w_hh, b_ih, b_hh = [], [], [], []
        for layer in range(num_layers):
            for d in range(num_dir):
                in_size = input_size if layer == 0 else hidden_size * num_dir
                suffix = '_reverse' if d == 1 else ''

                def param(shape, pname):
                    data = np.random.uniform(-stdv, stdv, shape).astype(np.float32)
                    return Parameter(Tensor(data, dtype), name=f'{pname}_l{layer}{suffix}')
                w_ih.append(param((gate * hidden_size, in_size), 'weight_ih'))
                w_hh.append(param((gate * hidden_size, hidden_size), 'weight_hh'))
                if has_bias:
                    b_ih.append(param((gate * hidden_size,), 'bias_ih'))
                    b_hh.append(param((gate * hidden_size,), 'bias_hh'))
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih)
        self.b_hh_list = ParameterTuple(b_hh)

    def _run_direction(self, x, h, idx, reverse, seq_length):
        w_ih = self.w_ih_list[idx]
        w_hh = self.w_hh_list[idx]
        b_ih = self.b_ih_list[idx] if self.has_bias else None
        b_hh = self.b_hh_list[idx] if self.has_bias else None
        steps = x.shape[0]
        outs = [None] * steps
        order = range(steps - 1, -1, -1) if reverse else range(steps)
        if seq_length is not None:
            hshape = h[0].shape if self.is_lstm else h.shape
            lens = F.reshape(seq_length, (-1, 1))
            zero = _msc.fill(hshape, 0, x.dtype, 'ms')
        for t in order:
            hn = self.cell_fn(x[t], h, w_ih, w_hh, b_ih, b_hh)
            if seq_length is None:
                h = hn
                outs[t] = h[0] if self.is_lstm else h
                continue
            # MindSpore's variable_recurrent: past a sequence's length its
            # state is kept and its output is 0; run backwards, the reverse
            # direction starts at each sequence's last valid step (what
            # MindSpore's ReverseSequence of input and output gives)
            keep = F.broadcast_to(lens > t, hshape)
            if self.is_lstm:
                h = (F.select(keep, hn[0], h[0]), F.select(keep, hn[1], h[1]))
                outs[t] = F.select(keep, hn[0], zero)
            else:
                h = F.select(keep, hn, h)
                outs[t] = F.select(keep, hn, zero)
        return F.stack(outs, 0), h

    def construct(self, x, hx=None, seq_length=None):
        name = self.name_
        if not isinstance(x, Tensor) or x.ndim != 3:
            raise ValueError(f"For '{name}', the input 'x' must be a 3-D Tensor, but got "
                             f"{x.shape if isinstance(x, Tensor) else type(x).__name__}.")
        if self.batch_first:
            x = F.transpose(x, (1, 0, 2))
        if seq_length is not None:
            if not isinstance(seq_length, Tensor):
                raise TypeError(f"For '{name}', the 'seq_length' must be a Tensor, but got "
                                f"{type(seq_length).__name__}.")
            if seq_length.dtype not in (mstype.int32, mstype.int64):
                raise TypeError(f"For '{name}', the dtype of 'seq_length' must be int32 or int64, but got "
                                f"{seq_length.dtype}.")
            if tuple(seq_length.shape) != (x.shape[1],):
                raise ValueError(f"For '{name}', the shape of 'seq_length' must be (batch_size,) = ({x.shape[1]},), "
                                 f"but got {seq_length.shape}.")
        if x.shape[2] != self.input_size:
            raise ValueError(f"For '{name}', the last dim of 'x' must be 'input_size' {self.input_size}, but got "
                             f"shape {x.shape}.")
        num_dir = 2 if self.bidirectional else 1
        batch = x.shape[1]
        hshape = (self.num_layers * num_dir, batch, self.hidden_size)
        if hx is None:
            h0 = _msc.fill(hshape, 0, x.dtype, 'ms')
            hx = (h0, h0) if self.is_lstm else h0
        hs = hx if self.is_lstm else (hx,)
        for h in hs:
            if not isinstance(h, Tensor) or tuple(h.shape) != hshape:
                raise ValueError(f"For '{name}', the initial state must have shape {hshape}, but got "
                                 f"{h.shape if isinstance(h, Tensor) else type(h).__name__}.")
            if h.dtype != x.dtype:
                raise TypeError(f"For '{name}', the dtype of the initial state must be the same as 'x' {x.dtype}, "
                                f"but got {h.dtype}.")
        layer_in = x
        h_n, c_n = [], []
        for layer in range(self.num_layers):
            outs = []
            for d in range(num_dir):
                idx = layer * num_dir + d
                h0 = (hx[0][idx], hx[1][idx]) if self.is_lstm else hx[idx]
                out, h = self._run_direction(layer_in, h0, idx, d == 1, seq_length)
                outs.append(out)
                if self.is_lstm:
                    h_n.append(h[0])
                    c_n.append(h[1])
                else:
                    h_n.append(h)
            layer_in = outs[0] if num_dir == 1 else F.concat(outs, 2)
            if self.dropout and self.training and layer < self.num_layers - 1:
                layer_in = F.dropout(layer_in, self.dropout, True)
        out = layer_in
        if self.batch_first:
            out = F.transpose(out, (1, 0, 2))
        if self.is_lstm:
            return out, (F.stack(h_n, 0), F.stack(c_n, 0))
        return out, F.stack(h_n, 0)

    def extend_repr(self):
        return ''


class RNN(_RNNBase):
    """Stacked Elman RNN: h_t = tanh(W_ih x_t + b_ih + W_hh h_(t-1) + b_hh)
    (nonlinearity 'relu': ReLU instead)."""

    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop('nonlinearity', 'tanh')
        if len(args) > 3 and isinstance(args[3], str):
            nonlinearity = args[3]
            args = args[:3] + args[4:]
        if nonlinearity not in ('tanh', 'relu'):
            raise ValueError(f"For 'RNN', the 'nonlinearity' must be 'tanh' or 'relu', but got {nonlinearity}.")
        super().__init__('RNN_TANH' if nonlinearity == 'tanh' else 'RNN_RELU', *args, **kwargs)


class GRU(_RNNBase):
    """Stacked GRU: r, z = sigmoid(...), n = tanh(W_in x + b_in + r (W_hn h + b_hn)),
    h_t = (1 - z) n + z h_(t-1)."""

    def __init__(self, *args, **kwargs):
        super().__init__('GRU', *args, **kwargs)


class LSTM(_RNNBase):
    """Stacked LSTM; hx = (h_0, c_0); returns (output, (h_n, c_n))."""

    def __init__(self, *args, **kwargs):
        super().__init__('LSTM', *args, **kwargs)
