"""mindspore.train: ms.export, ms.load and the checkpoint functions
(serialization.py). Model and callbacks are not provided yet."""
from mindspore.train.serialization import (export, load, save_checkpoint, load_checkpoint,
                                           load_param_into_net)
