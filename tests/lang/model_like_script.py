# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# A model-script-shaped program with no tensors: a config dict, a layer class
# hierarchy with construct/__call__, a parameter registry, a fake training
# loop with the tutorial's progress line, and a main guard.
import math
import sys

config = {"lr": 0.05, "epochs": 3, "batch": 16, "size": 64}

class Cell:
    def __init__(self):
        self._params = {}
        self._cells = {}
    def register(self, name, value):
        self._params[name] = value
        return value
    def add_cell(self, name, cell):
        self._cells[name] = cell
        return cell
    def parameters_and_names(self, prefix=""):
        out = [(prefix + k, v) for k, v in self._params.items()]
        for cname, c in self._cells.items():
            out += c.parameters_and_names(prefix + cname + ".")
        return out
    def __call__(self, *args):
        return self.construct(*args)

class Dense(Cell):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.w = self.register("weight", [[(i + j) % 3 - 1 for j in range(n_in)] for i in range(n_out)])
        self.b = self.register("bias", [0.0] * n_out)
    def construct(self, x):
        return [sum(wi * xi for wi, xi in zip(row, x)) + bi for row, bi in zip(self.w, self.b)]

class ReLU(Cell):
    def construct(self, x):
        return [v if v > 0 else 0.0 for v in x]

class Net(Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = self.add_cell("fc1", Dense(4, 3))
        self.act = self.add_cell("act", ReLU())
        self.fc2 = self.add_cell("fc2", Dense(3, 2))
    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))

def loss_fn(out, target):
    return sum((o - t) ** 2 for o, t in zip(out, target)) / len(out)

def train(net, data, cfg):
    size = cfg["size"]
    for epoch in range(cfg["epochs"]):
        print(f"Epoch {epoch + 1}\n-------------------------------")
        for batch, (x, y) in enumerate(data):
            loss = loss_fn(net(x), y) * math.exp(-epoch * cfg["lr"])
            if batch % 2 == 0:
                current = (batch + 1) * cfg["batch"]
                print(f"loss: {loss:>7f}  [{current:>3d}/{size:>3d}]")
    return loss

def main(argv):
    net = Net()
    for name, p in net.parameters_and_names():
        print(f"Layer: {name} | Size: {(len(p), len(p[0])) if isinstance(p[0], list) else (len(p),)}")
    data = [([i, i + 1, i * 0.5, -i], [1.0, i % 2]) for i in range(4)]
    final = train(net, data, config)
    print("final %.6f" % final, "args:", len(argv) - 1)
    return 0

if __name__ == "__main__":
    status = main(sys.argv)
    print("Done!" if status == 0 else "failed")
# CHECK: Layer: fc1.weight | Size: (3, 4)
# CHECK-NEXT: Layer: fc1.bias | Size: (3,)
# CHECK-NEXT: Layer: fc2.weight | Size: (2, 3)
# CHECK: Epoch 1
# CHECK-NEXT: -------------------------------
# CHECK-NEXT: loss: 1.000000  [ 16/ 64]
# CHECK: Epoch 3
# CHECK: Done!
