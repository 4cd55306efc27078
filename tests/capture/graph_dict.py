# RUN: %msc run --backend=ref %s | FileCheck %s
# RUN: not %msc run --mode=pynative %s 2>&1 | FileCheck %s --check-prefix=PY
# dict methods inside a graph as MindSpore documents them, with the output
# static_graph.md ("Dictionary", "Supported APIs") prints for this code:
# keys() and values() give tuples, items() a list of tuples, has_key()
# exists. PyNative is Python 3's dict: no has_key.
import numpy as np
import mindspore
from mindspore import nn

x = {"a": mindspore.tensor(np.array([1, 2, 3])), "b": mindspore.tensor(np.array([4, 5, 6])), "c": mindspore.tensor(np.array([7, 8, 9]))}

class Net(nn.Cell):
   @mindspore.jit
   def construct(self):
      x_keys = x.keys()
      x_values = x.values()
      x_items = x.items()
      value_a = x.get("a")
      check_key = x.has_key("a")
      y = {"a": mindspore.tensor(np.array([0, 0, 0]))}
      x.update(y)
      new_dict = x.fromkeys("abcd", 123)
      return x_keys, x_values, x_items, value_a, check_key, x, new_dict

net = Net()
x_keys, x_values, x_items, value_a, check_key, new_x, new_dict = net()
print('x_keys:{}'.format(x_keys))
print('x_values:{}'.format(x_values))
print('x_items:{}'.format(x_items))
print('value_a:{}'.format(value_a))
print('check_key:{}'.format(check_key))
print('new_x:{}'.format(new_x))
print('new_dict:{}'.format(new_dict))
# CHECK: x_keys:('a', 'b', 'c')
# CHECK-NEXT: x_values:(Tensor(shape=[3], dtype=Int64, value= [1, 2, 3]), Tensor(shape=[3], dtype=Int64, value= [4, 5, 6]), Tensor(shape=[3], dtype=Int64, value= [7, 8, 9]))
# CHECK-NEXT: x_items:[('a', Tensor(shape=[3], dtype=Int64, value= [1, 2, 3])), ('b', Tensor(shape=[3], dtype=Int64, value= [4, 5, 6])), ('c', Tensor(shape=[3], dtype=Int64, value= [7, 8, 9]))]
# CHECK-NEXT: value_a:[1 2 3]
# CHECK-NEXT: check_key:True
# CHECK-NEXT: new_x:{'a': Tensor(shape=[3], dtype=Int64, value= [0, 0, 0]), 'b': Tensor(shape=[3], dtype=Int64, value= [4, 5, 6]), 'c': Tensor(shape=[3], dtype=Int64, value= [7, 8, 9])}
# CHECK-NEXT: new_dict:{'a': 123, 'b': 123, 'c': 123, 'd': 123}
# PY: graph_dict.py:20:19: error: AttributeError: 'dict' object has no attribute 'has_key'
