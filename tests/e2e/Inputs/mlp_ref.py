# numpy reference for samples/mlp.py: the same seeded draws in the same
# order, the same forward computation, printed the way MindSpore prints.
import numpy as np

np.random.seed(0)
w1 = np.random.randn(8, 16).astype(np.float32) * np.float32(0.3)
b1 = np.random.randn(8).astype(np.float32) * np.float32(0.1)
w2 = np.random.randn(3, 8).astype(np.float32) * np.float32(0.3)
b2 = np.random.randn(3).astype(np.float32) * np.float32(0.1)
for name, p in [("layers.0.weight", w1), ("layers.0.bias", b1),
                ("layers.2.weight", w2), ("layers.2.bias", b2)]:
    print(f"{name:16s} {str(p.shape):8s} Float32")
x = np.linspace(-1.0, 1.0, 2 * 16).reshape(2, 16).astype(np.float32)
h = np.maximum(x @ w1.T + b1, 0)
logits = h @ w2.T + b2
print("logits:", logits.shape, "Float32")
print(logits)
e = np.exp(logits - logits.max(axis=-1, keepdims=True))
probs = e / e.sum(axis=-1, keepdims=True)
print("probabilities:\n", probs)
print("predicted classes:", probs.argmax(axis=1))
