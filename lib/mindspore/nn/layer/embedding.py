"""mindspore.nn.layer.embedding: Embedding.

Embedding(vocab_size, embedding_size, use_one_hot=False,
embedding_table='normal', dtype=mstype.int32, padding_idx=None): the table
is a Parameter 'embedding_table' of shape (vocab_size, embedding_size)
(row padding_idx zeroed at init); the output is the table's rows at the
input indices (a Gather; use_one_hot gives the same values).
https://www.mindspore.cn/docs/en/r2.3.0/api_python/nn/mindspore.nn.Embedding.html
"""
import _msc
from mindspore.common import dtype as mstype
from mindspore.common.parameter import Parameter
from mindspore.common.initializer import initializer
from mindspore.nn.cell import Cell

Tensor = _msc.Tensor


class Embedding(Cell):
    def __init__(self, vocab_size, embedding_size, use_one_hot=False, embedding_table='normal',
                 dtype=mstype.int32, padding_idx=None):
        super().__init__()
        for n, v in (('vocab_size', vocab_size), ('embedding_size', embedding_size)):
            if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
                raise ValueError(f"For 'Embedding', the '{n}' must be a positive int, but got {v}.")
        if not isinstance(use_one_hot, bool):
            raise TypeError(f"For 'Embedding', the 'use_one_hot' must be bool, but got {type(use_one_hot).__name__}.")
        self.vocab_size = vocab_size
        self.embedding_size = embedding_size
        self.use_one_hot = use_one_hot
        self.dtype = dtype
        self.padding_idx = padding_idx
        table = initializer(embedding_table, [vocab_size, embedding_size])
        if padding_idx is not None:
            if not isinstance(padding_idx, int) or isinstance(padding_idx, bool) or padding_idx < -vocab_size \
                    or padding_idx >= vocab_size:
                raise ValueError(f"For 'Embedding', the 'padding_idx' must be an int in range [{-vocab_size}, "
                                 f"{vocab_size}), but got {padding_idx}.")
            rows = table.asnumpy()
            rows[padding_idx] = 0
            table = Tensor(rows)
        self.embedding_table = Parameter(table, name='embedding_table')

    def construct(self, ids):
        return _msc.prim('Gather', self.embedding_table, ids, axis=0)

    def extend_repr(self):
        return f'vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, use_one_hot={self.use_one_hot}, ' \
               f'embedding_table={self.embedding_table}, dtype={self.dtype}, padding_idx={self.padding_idx}'
