# Checks the output of samples/digits_train.py (or of Inputs/digits_ref.py).
# usage: digits_check.py DATA_DIR OUT [REF]
# OUT must hold 10 lines "epoch K: loss L" with strictly decreasing losses,
# then "test accuracy: A (C/360)" with A >= 0.95; A and C are recomputed from
# the "predictions:" line, when OUT has one, against the labels in
# DATA_DIR/digits_test.npz. With REF (the numpy reference's output): every
# epoch loss within a relative 1e-4 of REF's, the same accuracy, and the same
# predictions when both print them (the smallest gap between the two largest
# logits of the reference is 0.017, far above float32 rounding).
import re
import sys
import numpy as np

EPOCHS, MIN_ACC, RTOL = 10, 0.95, 1e-4


def parse(path):
    text = open(path).read()
    losses = [float(v) for v in re.findall(r'^epoch \d+: loss (\S+)$', text, re.M)]
    epochs = [int(v) for v in re.findall(r'^epoch (\d+):', text, re.M)]
    acc = re.findall(r'^test accuracy: (\S+) \((\d+)/(\d+)\)$', text, re.M)
    pred = re.findall(r'^predictions: ([0-9 ]+)$', text, re.M)
    if epochs != list(range(1, EPOCHS + 1)) or len(losses) != EPOCHS:
        sys.exit(f'{path}: expected epochs 1..{EPOCHS} with a loss each, got {epochs}')
    if len(acc) != 1:
        sys.exit(f'{path}: expected one "test accuracy:" line')
    a, c, n = float(acc[0][0]), int(acc[0][1]), int(acc[0][2])
    return losses, (a, c, n), ([int(p) for p in pred[0].split()] if pred else None)


def fail(msg):
    print('FAIL:', msg)
    sys.exit(1)


data_dir, out = sys.argv[1], sys.argv[2]
test_y = np.load(f'{data_dir}/digits_test.npz')['y']
losses, (acc, correct, n), pred = parse(out)
for k in range(1, EPOCHS):
    if not losses[k] < losses[k - 1]:
        fail(f'epoch {k + 1} loss {losses[k]} does not decrease from {losses[k - 1]}')
if n != len(test_y) or abs(acc - correct / n) > 5e-5:
    fail(f'accuracy line {acc} ({correct}/{n}) is inconsistent')
if acc < MIN_ACC:
    fail(f'test accuracy {acc} < {MIN_ACC}')
if pred is not None:
    if len(pred) != len(test_y):
        fail(f'{len(pred)} predictions, want {len(test_y)}')
    if int((np.array(pred) == test_y).sum()) != correct:
        fail(f'the predictions give {int((np.array(pred) == test_y).sum())} correct, the script says {correct}')
if len(sys.argv) > 3:
    ref_losses, (ref_acc, ref_correct, _), ref_pred = parse(sys.argv[3])
    for k, (g, w) in enumerate(zip(losses, ref_losses)):
        if abs(g - w) > RTOL * abs(w):
            fail(f'epoch {k + 1}: loss {g}, reference {w} (relative {abs(g - w) / abs(w):.2e} > {RTOL})')
    if correct != ref_correct:
        fail(f'{correct} correct, reference {ref_correct}')
    if pred is not None and ref_pred is not None and pred != ref_pred:
        bad = [i for i in range(len(pred)) if pred[i] != ref_pred[i]]
        fail(f'predictions differ from the reference at rows {bad[:10]}')
print(f'ok: losses {losses[0]:.4f} -> {losses[-1]:.4f}, accuracy {acc:.4f}'
      + (', matches the reference' if len(sys.argv) > 3 else ''))
