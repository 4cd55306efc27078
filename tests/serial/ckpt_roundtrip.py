# Checkpoints: ms.save_checkpoint / load_checkpoint / load_param_into_net.
# The script saves a Cell, a list of {"name", "data"} dicts of every dtype
# (0-d, empty and strings included) and a dict, with and without crc_check,
# and writes each tensor as .npy too. Independent checks:
#  - Inputs/ckpt_check.py decodes every .ckpt with Python's protobuf and
#    compares each value with its .npy, then re-encodes the same values the
#    way MindSpore's serialization.py does (Inputs/pb.py ckpt_bytes) and
#    requires msc's file to be byte-identical to it;
#  - protoc --decode reads each file with our .proto;
#  - a second run writes byte-identical files.
# RUN: rm -rf %t && mkdir -p %t/a %t/b
# RUN: cd %t/a && %msc run %s > %t/out.txt
# RUN: FileCheck %s < %t/out.txt
# RUN: %python %S/Inputs/ckpt_check.py %t/a net.ckpt list.ckpt dict.ckpt crc.ckpt
# RUN: head -c -17 %t/a/crc.ckpt | protoc --decode=Checkpoint -I%S/../../serial/proto %S/../../serial/proto/checkpoint.proto | FileCheck --check-prefix=PROTOC %s
# RUN: protoc --decode=Checkpoint -I%S/../../serial/proto %S/../../serial/proto/checkpoint.proto < %t/a/list.ckpt > /dev/null
# RUN: cd %t/b && %msc run %s > /dev/null && cmp %t/a/net.ckpt %t/b/net.ckpt && cmp %t/a/list.ckpt %t/b/list.ckpt && cmp %t/a/crc.ckpt %t/b/crc.ckpt
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, has_bias=True)
        self.bn = nn.BatchNorm2d(2)
        self.fc = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc(x)


np.random.seed(7)
net = Net()
ms.save_checkpoint(net, "net.ckpt")
for _, p in net.parameters_and_names():
    np.save("net." + p.name + ".npy", p.asnumpy())

arrays = [
    ("f32", np.random.randn(3, 4).astype(np.float32)),
    ("f16", np.random.randn(5).astype(np.float16)),
    ("f64", np.random.randn(2, 2).astype(np.float64)),
    ("i8", np.arange(-3, 3).astype(np.int8)),
    ("u8", np.arange(6).astype(np.uint8).reshape(2, 3)),
    ("i16", np.arange(4).astype(np.int16)),
    ("u16", np.arange(4).astype(np.uint16)),
    ("i32", np.arange(-2, 2).astype(np.int32)),
    ("u32", np.arange(3).astype(np.uint32)),
    ("i64", np.array([1, -1, 2 ** 40]).astype(np.int64)),
    ("u64", np.array([3, 4]).astype(np.uint64)),
    ("b", np.array([True, False, True])),
    ("scalar", np.array(2.5, dtype=np.float32)),
    ("big", np.arange(3000).astype(np.float32).reshape(3, 10, 100)),
]
ms.save_checkpoint([{"name": n, "data": Tensor(a)} for n, a in arrays], "list")  # '.ckpt' is added
for n, a in arrays:
    np.save("list." + n + ".npy", a)
ms.save_checkpoint({"w": ms.Parameter(Tensor(arrays[0][1]), name="w"), "note": "naïve ✓ text"}, "dict.ckpt")
np.save("dict.w.npy", arrays[0][1])
ms.save_checkpoint(net, "crc.ckpt", append_dict={"epoch": 3, "lr": 0.5, "tag": "v1", "ok": True}, crc_check=True)
for _, p in net.parameters_and_names():
    np.save("crc." + p.name + ".npy", p.asnumpy())

# load: Parameters named after the file's tags, in file order
d = ms.load_checkpoint("list.ckpt")
for k, v in d.items():
    print(k, v.dtype, v.shape, bool((v.asnumpy() == dict(arrays)[k]).all()))
# CHECK: f32 Float32 (3, 4) True
# CHECK: f16 Float16 (5,) True
# CHECK: f64 Float64 (2, 2) True
# CHECK: i8 Int8 (6,) True
# CHECK: u8 UInt8 (2, 3) True
# CHECK: i16 Int16 (4,) True
# CHECK: u16 UInt16 (4,) True
# CHECK: i32 Int32 (4,) True
# CHECK: u32 UInt32 (3,) True
# CHECK: i64 Int64 (3,) True
# CHECK: u64 UInt64 (2,) True
# CHECK: b Bool (3,) True
# CHECK: scalar Float32 () True
# CHECK: big Float32 (3, 10, 100) True
print(d["f32"])
# CHECK: Parameter (name=f32, shape=(3, 4), dtype=Float32, requires_grad=True)
d = ms.load_checkpoint("crc.ckpt", crc_check=True)
print(list(d.keys()))
# CHECK: ['conv.weight', 'conv.bias', 'bn.moving_mean', 'bn.moving_variance', 'bn.gamma', 'bn.beta', 'fc.weight', 'fc.bias', 'epoch', 'lr', 'tag', 'ok']
print(d["epoch"].dtype, d["epoch"].asnumpy(), d["lr"].dtype, d["tag"], d["ok"].asnumpy())
# CHECK: Int64 3 Float32 v1 True
print(ms.load_checkpoint("dict.ckpt")["note"])
# CHECK: naïve ✓ text

# into a fresh net: every Parameter loaded; the extras are reported
net2 = Net()
print(ms.load_param_into_net(net2, d))
# CHECK: ([], ['epoch', 'lr', 'tag', 'ok'])
print(all((a.asnumpy() == b.asnumpy()).all() for (_, a), (_, b) in zip(net.parameters_and_names(), net2.parameters_and_names())))
# CHECK: True
# load_checkpoint(net=...) and the filters
net3 = Net()
d = ms.load_checkpoint("net.ckpt", net=net3, filter_prefix="bn")
print(sorted(d.keys()))
# CHECK: ['conv.bias', 'conv.weight', 'fc.bias', 'fc.weight']
print(sorted(ms.load_checkpoint("net.ckpt", specify_prefix=("fc", "conv.b")).keys()))
# CHECK: ['conv.bias', 'fc.bias', 'fc.weight']
print(sorted(ms.load_checkpoint("net.ckpt", choice_func=lambda n: n.endswith("weight")).keys()))
# CHECK: ['conv.weight', 'fc.weight']
# missing names are returned (and warned about); a prefix the net lacks is stripped
param_not_load, ckpt_not_load = ms.load_param_into_net(Net(), {"fc.weight": d["fc.weight"]})
print(param_not_load, ckpt_not_load)
# CHECK: ['conv.weight', 'conv.bias', 'bn.moving_mean', 'bn.moving_variance', 'bn.gamma', 'bn.beta', 'fc.bias'] []
net4 = Net()
pre = {"backbone." + k: v for k, v in ms.load_checkpoint("net.ckpt").items()}
print(ms.load_param_into_net(net4, pre)[0], (net4.fc.bias.asnumpy() == net.fc.bias.asnumpy()).all())
# CHECK: [] True
# dtype: converted between float types unless strict_load
h = {"fc.weight": ms.Parameter(Tensor(net.fc.weight.asnumpy().astype(np.float16)), name="fc.weight")}
net5 = Net()
ms.load_param_into_net(net5, h)
print(net5.fc.weight.dtype, np.abs(net5.fc.weight.asnumpy() - net.fc.weight.asnumpy()).max() < 1e-3)
# CHECK: Float32 True

# PROTOC: value {
# PROTOC-NEXT:   tag: "conv.weight"
# PROTOC-NEXT:   tensor {
# PROTOC-NEXT:     dims: 2
# PROTOC-NEXT:     dims: 1
# PROTOC-NEXT:     dims: 3
# PROTOC-NEXT:     dims: 3
# PROTOC-NEXT:     tensor_type: "Float32"
# PROTOC:   tag: "epoch"
# PROTOC-NEXT:   tensor {
# PROTOC-NEXT:     tensor_type: "Int64"
# PROTOC-NEXT:     tensor_content: "\003\000\000\000\000\000\000\000"
# PROTOC:   tag: "tag"
# PROTOC-NEXT:   tensor {
# PROTOC-NEXT:     dims: 0
# PROTOC-NEXT:     tensor_type: "str"
# PROTOC-NEXT:     tensor_content: "v\000\000\0001\000\000\000"
