"""A tiny neural network in plain Python.

Until tensors arrive, this is what `make demo` runs: a 2-4-1 perceptron
learns XOR with hand-written backpropagation -- classes, closures, list and
dict comprehensions, f-strings and the math module. It prints the same
thing under msc and under CPython.
"""
import math
import sys


class Rng:
    """A linear congruential generator: every run (and CPython) agrees."""

    def __init__(self, seed):
        self.state = seed

    def next_float(self):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return self.state / 2147483648

    def uniform(self, lo, hi):
        return lo + (hi - lo) * self.next_float()


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))


ACTIVATIONS = {
    "tanh": (math.tanh, lambda y: 1.0 - y * y),
    "sigmoid": (sigmoid, lambda y: y * (1.0 - y)),
}


class Dense:
    """y = act(W x + b), remembering what backward() needs."""

    def __init__(self, n_in, n_out, rng, activation="tanh"):
        bound = 1.0 / math.sqrt(n_in)
        self.w = [[rng.uniform(-bound, bound) for _ in range(n_in)] for _ in range(n_out)]
        self.b = [0.0] * n_out
        self.act, self.dact = ACTIVATIONS[activation]
        self.name = f"Dense({n_in}->{n_out}, {activation})"

    def __call__(self, x):
        self.x = x
        self.y = [self.act(sum([wi * xi for wi, xi in zip(row, x)]) + b)
                  for row, b in zip(self.w, self.b)]
        return self.y

    def backward(self, grad_y, lr):
        grad_z = [g * self.dact(y) for g, y in zip(grad_y, self.y)]
        grad_x = [sum([self.w[j][i] * grad_z[j] for j in range(len(grad_z))])
                  for i in range(len(self.x))]
        for j, gz in enumerate(grad_z):
            self.b[j] -= lr * gz
            for i, xi in enumerate(self.x):
                self.w[j][i] -= lr * gz * xi
        return grad_x

    def __repr__(self):
        return self.name


class Sequential:
    def __init__(self, *layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def backward(self, grad, lr):
        for layer in reversed(self.layers):
            grad = layer.backward(grad, lr)

    def __len__(self):
        return sum([len(l.w) * len(l.w[0]) + len(l.b) for l in self.layers])


def make_schedule(lr0, decay, every):
    """A step-decay learning rate, as a closure."""
    def lr_at(epoch):
        return lr0 * decay ** (epoch // every)
    return lr_at


def train(net, data, epochs, schedule, report_every):
    history = []
    for epoch in range(1, epochs + 1):
        lr = schedule(epoch)
        total = 0.0
        for x, target in data:
            (out,) = net(x)
            err = out - target
            total += err * err
            net.backward([2.0 * err], lr)
        loss = total / len(data)
        history.append(loss)
        if epoch % report_every == 0 or epoch == 1:
            bar = "#" * max(1, round(12 * math.log10(history[0] / loss)))
            print(f"epoch {epoch:>5}  lr {lr:.4f}  loss {loss:.6f}  {bar}")
    return history


def main(argv):
    epochs = int(argv[1]) if len(argv) > 1 else 2000
    rng = Rng(2024)
    net = Sequential(Dense(2, 4, rng), Dense(4, 1, rng, activation="sigmoid"))
    print("network:", net.layers, f"({len(net)} parameters)")

    xor = [([a, b], float(a ^ b)) for a in (0, 1) for b in (0, 1)]
    history = train(net, xor, epochs, make_schedule(0.5, 0.9, 500), epochs // 5)

    print()
    print(" a  b | target  output")
    correct = 0
    for x, target in xor:
        (out,) = net(x)
        ok = round(out) == target
        correct += ok
        print(f" {x[0]}  {x[1]} | {target:>6.1f}  {out:.4f} {'ok' if ok else 'MISS'}")
    best = min(range(len(history)), key=lambda i: history[i])
    print(f"\n{correct}/{len(xor)} correct; lowest loss {history[best]:.3e} at epoch {best + 1}")
    drops = {f"x{k}": round(history[0] / history[k * len(history) // 4 - 1], 1)
             for k in range(1, 5)}
    print("loss reduction by quarter:", drops)
    return 0 if correct == len(xor) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
