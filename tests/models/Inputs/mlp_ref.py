# mlp_ref.py OUT...: checks the logits, probabilities and predicted classes
# that samples/mlp.py printed (each OUT: one run's stdout) against a numpy
# forward of the same model in float64 (the weights drawn exactly as the
# sample draws them: np.random.seed(0), randn in the same order).
# Tolerance: |got - want| <= 1e-6 + 1e-5 * |want| (float32 printing and
# float32 arithmetic in any order stay far inside it; a pass that changes a
# result does not). Exits 1 naming the file and the first bad number.
import re
import sys
import numpy as np

np.random.seed(0)
w0 = (np.random.randn(8, 16).astype(np.float32) * 0.3).astype(np.float64)
b0 = (np.random.randn(8).astype(np.float32) * 0.1).astype(np.float64)
w1 = (np.random.randn(3, 8).astype(np.float32) * 0.3).astype(np.float64)
b1 = (np.random.randn(3).astype(np.float32) * 0.1).astype(np.float64)
x = np.linspace(-1.0, 1.0, 2 * 16).reshape(2, 16).astype(np.float32).astype(np.float64)
logits = np.maximum(x @ w0.T + b0, 0) @ w1.T + b1
e = np.exp(logits - logits.max(axis=1, keepdims=True))
probs = e / e.sum(axis=1, keepdims=True)
classes = probs.argmax(axis=1)

NUM = re.compile(r'[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?')
bad = 0
for path in sys.argv[1:]:
    text = open(path).read()
    m = re.search(r'(\[\[[^a-z]*?\]\])\s*probabilities:\s*(\[\[[^a-z]*?\]\])\s*predicted classes: (\[[^\]]*\])',
                  text)
    if not m:
        print('%s: no "logits ... probabilities: ... predicted classes:" block in:\n%s' % (path, text))
        bad = 1
        continue
    for what, want, block in (('logits', logits, m.group(1)), ('probabilities', probs, m.group(2)),
                              ('classes', classes, m.group(3))):
        got = [float(v) for v in NUM.findall(block)]
        want = want.reshape(-1).tolist()
        if len(got) != len(want):
            print('%s: %s: %d numbers, expected %d' % (path, what, len(got), len(want)))
            bad = 1
            continue
        for i, (g, w) in enumerate(zip(got, want)):
            if not abs(g - w) <= 1e-6 + 1e-5 * abs(w):
                print('%s: %s[%d] = %r, numpy says %r' % (path, what, i, g, w))
                bad = 1
                break
sys.exit(bad)
