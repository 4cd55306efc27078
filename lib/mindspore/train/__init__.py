"""mindspore.train: ms.export (serialization.py). Model, callbacks and
checkpoints are not provided yet."""
from mindspore.train.serialization import export
