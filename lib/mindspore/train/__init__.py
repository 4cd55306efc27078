"""mindspore.train: Model (model.py), callbacks (callback.py), metrics
(metrics.py), and ms.export, ms.load and the checkpoint functions
(serialization.py)."""
from mindspore.train.serialization import (export, load, save_checkpoint, load_checkpoint,
                                           load_param_into_net)
from mindspore.train.model import Model
from mindspore.train.callback import (Callback, RunContext, LossMonitor, TimeMonitor, ModelCheckpoint,
                                      CheckpointConfig, EarlyStopping)
from mindspore.train.metrics import (Metric, Accuracy, Loss, Precision, Recall, MAE, MSE,
                                     TopKCategoricalAccuracy, Top1CategoricalAccuracy,
                                     Top5CategoricalAccuracy, get_metric_fn)
