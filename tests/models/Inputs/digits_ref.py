# numpy reference for samples/digits_train.py: the same training, written out
# by hand in float64 from the documented algorithms, not by running msc:
# - initial weights: ms.set_seed(1) seeds numpy's legacy global stream, and
#   nn.Dense draws weight then bias with numpy.random.uniform (float64, cast to
#   float32): weight HeUniform(sqrt(5)) and bias Uniform, both
#   U(-1/sqrt(in), 1/sqrt(in)) (lib/mindspore/common/initializer.py);
# - order of the rows: Dataset.shuffle(buffer_size) with
#   rs = RandomState(seed) over the whole run and its buffer algorithm
#   (lib/mindspore/dataset/engine.py), then batches of 64, remainder dropped;
# - forward Dense-ReLU-Dense, mean cross-entropy, the hand-derived backward,
#   MindSpore's Adam (SEMANTICS.md §5: beta powers multiplied before the
#   update, eps added to sqrt(v)), lr 0.01.
# Prints what the sample prints (epoch losses, test accuracy, predictions).
# usage: digits_ref.py DATA_DIR [OUTDIR]
# With OUTDIR, also writes the inputs of Inputs/digits_harness.c there:
# train_x.f32, train_y.i32, test_x.f32, test_y.i32 (the scaled float32
# features and the labels, native byte order) and order.i32 (the rows of
# every batch of every epoch, in training order).
import sys
import numpy as np

SEED, EPOCHS, BATCH, LR = 1, 10, 64, 0.01
BETA1, BETA2, EPS = 0.9, 0.999, 1e-8
d = sys.argv[1]
tr, te = np.load(f'{d}/digits_train.npz'), np.load(f'{d}/digits_test.npz')
f32 = lambda a: np.asarray(a, np.float32).astype(np.float64)
train_x, train_y = f32(tr['x'].astype(np.float32) / 16), tr['y']
test_x, test_y = f32(te['x'].astype(np.float32) / 16), te['y']

np.random.seed(SEED)


def dense(n_in, n_out):
    b = 1 / np.sqrt(n_in)
    w = f32(np.random.uniform(-b, b, (n_out, n_in)))
    return w, f32(np.random.uniform(-b, b, (n_out,)))


W1, b1 = dense(64, 128)
W2, b2 = dense(128, 10)
params = [W1, b1, W2, b2]
m = [np.zeros_like(p) for p in params]
v = [np.zeros_like(p) for p in params]
p1 = p2 = 1.0

rs = np.random.RandomState(SEED)


def shuffled(n):
    """Dataset.shuffle with buffer_size n over n rows: one epoch's order."""
    buf, out = list(range(n)), []
    while buf:
        j = int(rs.randint(0, len(buf)))
        out.append(buf[j])
        last = buf.pop()
        if j < len(buf):
            buf[j] = last
    return out


def forward(x):
    W1, b1, W2, b2 = params
    pre = x @ W1.T + b1
    h = np.maximum(pre, 0)
    return pre, h, h @ W2.T + b2


n = len(train_y)
orders = []
for epoch in range(EPOCHS):
    order = shuffled(n)
    orders.append(order[:n // BATCH * BATCH])
    losses = []
    for k in range(n // BATCH):
        idx = order[k * BATCH:(k + 1) * BATCH]
        x, y = train_x[idx], train_y[idx]
        pre, h, logits = forward(x)
        z = logits - logits.max(1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(1, keepdims=True))
        losses.append(-logp[np.arange(BATCH), y].mean())
        g = np.exp(logp)
        g[np.arange(BATCH), y] -= 1
        g /= BATCH
        dh = (g @ params[2]) * (pre > 0)
        grads = [dh.T @ x, dh.sum(0), g.T @ h, g.sum(0)]
        p1 *= BETA1
        p2 *= BETA2
        lt = LR * np.sqrt(1 - p2) / (1 - p1)
        for i, gi in enumerate(grads):
            m[i] = BETA1 * m[i] + (1 - BETA1) * gi
            v[i] = BETA2 * v[i] + (1 - BETA2) * gi * gi
            params[i] = params[i] - lt * m[i] / (np.sqrt(v[i]) + EPS)
    print(f'epoch {epoch + 1}: loss {np.mean(losses):.6f}')

pred = forward(test_x)[2].argmax(1)
correct = int((pred == test_y).sum())
print(f'test accuracy: {correct / len(test_y):.4f} ({correct}/{len(test_y)})')
print('predictions:', ' '.join(str(int(p)) for p in pred))

if len(sys.argv) > 2:
    out = sys.argv[2]
    (tr['x'].astype(np.float32) / 16).tofile(f'{out}/train_x.f32')
    tr['y'].astype(np.int32).tofile(f'{out}/train_y.i32')
    (te['x'].astype(np.float32) / 16).tofile(f'{out}/test_x.f32')
    te['y'].astype(np.int32).tofile(f'{out}/test_y.i32')
    np.array(orders, np.int32).tofile(f'{out}/order.i32')
