"""mindspore.train's metrics (MindSpore 2.x mindspore/train/metrics/).

Each has clear(), update(*inputs) (Tensors or numpy arrays) and eval():
Accuracy(eval_type='classification')  update(y_pred, y): y class indices
    (N,) or one-hot (N, C); correct predictions argmax(y_pred) / samples
Loss()                                update(loss): the mean of the losses
Precision(eval_type='classification') update(y_pred, y); eval(average=False)
Recall(eval_type='classification')    per class: tp / (predicted or actual
    positives + eps), a numpy array (average=True: their mean)
MAE(), MSE()                          update(y_pred, y): mean absolute /
    squared error per sample (sums over each sample's elements)
TopKCategoricalAccuracy(k), Top1CategoricalAccuracy(),
Top5CategoricalAccuracy()             y_pred's k largest contain y (the
    true class counts when fewer than k classes score strictly higher)
get_metric_fn(name) / names as Model takes them: 'accuracy' (or 'acc'),
'loss', 'precision', 'recall', 'mae', 'mse', 'top_1_accuracy',
'top_5_accuracy'. An eval() before any update raises RuntimeError with
MindSpore's text.
"""
_FLOAT_MIN = 2.2250738585072014e-308   # sys.float_info.min, MindSpore's eps
import numpy as np
import _msc


def _np(x):
    if isinstance(x, np.ndarray):
        return x
    if _msc.is_tensor(x):
        return x.asnumpy()
    if isinstance(x, (list, tuple)):
        return np.array(x)
    if isinstance(x, (int, float)):
        return np.array(x)
    raise TypeError(f"The input data type must be a tensor, list or numpy.ndarray, but got {type(x).__name__}.")


class Metric:
    def __init__(self):
        self._indexes = None

    def _convert_data(self, data):
        return _np(data)

    def set_indexes(self, indexes):
        self._indexes = indexes
        return self

    @property
    def indexes(self):
        return self._indexes

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()


def _check_two(name, inputs):
    if len(inputs) != 2:
        raise ValueError(f"For '{name}.update', it needs 2 inputs (predicted value, true value), but got "
                         f"{len(inputs)}.")


def _class_indices(name, y_pred, y):
    """argmax of y_pred and y as indices (y may be one-hot)."""
    if y_pred.ndim != 2:
        raise ValueError(f"For '{name}.update', the predicted value should be 2-D (N, C), but got shape "
                         f"{list(y_pred.shape)}.")
    if y.ndim == y_pred.ndim:
        y = y.argmax(axis=1)
    y = y.reshape(-1)
    if y.shape[0] != y_pred.shape[0]:
        raise ValueError(f"For '{name}.update', the predicted value has {y_pred.shape[0]} samples but the true "
                         f"value {y.shape[0]}.")
    return y_pred.argmax(axis=1), y


class Accuracy(Metric):
    def __init__(self, eval_type='classification'):
        Metric.__init__(self)
        if eval_type not in ('classification', 'multilabel'):
            raise ValueError(f"The 'eval_type' must be 'classification' or 'multilabel', but got {eval_type}.")
        if eval_type == 'multilabel':
            raise NotImplementedError("msc: Accuracy(eval_type='multilabel') is not supported.")
        self.eval_type = eval_type
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._total_num = 0

    def update(self, *inputs):
        _check_two('Accuracy', inputs)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        pred, lab = _class_indices('Accuracy', y_pred, y)
        self._correct_num += int((pred == lab.astype(pred.dtype)).sum())
        self._total_num += int(lab.shape[0])

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Accuracy' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, or "
                               "has called update method before calling eval method.")
        return self._correct_num / self._total_num


class Loss(Metric):
    def __init__(self):
        Metric.__init__(self)
        self.clear()

    def clear(self):
        self._sum_loss = 0.0
        self._total_num = 0

    def update(self, *inputs):
        if len(inputs) != 1:
            raise ValueError(f"For 'Loss.update', it needs 1 input (loss), but got {len(inputs)}.")
        loss = self._convert_data(inputs[0])
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError(f"For 'Loss.update', the dimension of your input (predicted value) must be 0 or 1, "
                             f"but got {loss.ndim}.")
        self._sum_loss += float(loss.mean(-1))
        self._total_num += 1

    def eval(self):
        if self._total_num == 0:
            raise RuntimeError("The 'Loss' can not be calculated, because the number of samples is 0, please "
                               "check whether has called update method before calling eval method.")
        return self._sum_loss / self._total_num


class _ClassCounts(Metric):
    _name = ''

    def __init__(self, eval_type='classification'):
        Metric.__init__(self)
        if eval_type != 'classification':
            raise NotImplementedError(f"msc: {self._name}(eval_type={eval_type!r}) is not supported.")
        self.eval_type = eval_type
        self.clear()

    def clear(self):
        self._tp = None
        self._pos = None
        self._class_num = 0

    def update(self, *inputs):
        _check_two(self._name, inputs)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        pred, lab = _class_indices(self._name, y_pred, y)
        c = y_pred.shape[1]
        if self._class_num == 0:
            self._class_num = c
            self._tp = np.zeros(c, dtype=np.float64)
            self._pos = np.zeros(c, dtype=np.float64)
        elif c != self._class_num:
            raise ValueError(f"For '{self._name}.update', the class number of the predicted value ({c}) differs "
                             f"from the previous ones ({self._class_num}).")
        classes = np.arange(c).reshape(1, c)
        p1 = (pred.reshape(-1, 1) == classes).astype(np.float64)
        y1 = (lab.astype(np.int64).reshape(-1, 1) == classes).astype(np.float64)
        self._tp = self._tp + (p1 * y1).sum(axis=0)
        self._pos = self._pos + self._positives(p1, y1).sum(axis=0)

    def eval(self, average=False):
        if self._class_num == 0:
            raise RuntimeError(f"The '{self._name}' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, or has "
                               "called update method before calling eval method.")
        res = self._tp / (self._pos + _FLOAT_MIN)
        if average:
            return float(res.mean())
        return res


class Precision(_ClassCounts):
    _name = 'Precision'

    def _positives(self, p1, y1):
        return p1


class Recall(_ClassCounts):
    _name = 'Recall'

    def _positives(self, p1, y1):
        return y1


class _ErrorMetric(Metric):
    _name = ''

    def __init__(self):
        Metric.__init__(self)
        self.clear()

    def clear(self):
        self._error_sum = 0.0
        self._samples_num = 0

    def update(self, *inputs):
        _check_two(self._name, inputs)
        y_pred = self._convert_data(inputs[0]).astype(np.float64)
        y = self._convert_data(inputs[1]).astype(np.float64)
        if y.size != y_pred.size:
            raise ValueError(f"For '{self._name}.update', the predicted value has {y_pred.size} elements but the "
                             f"true value {y.size}.")
        d = y.reshape(y_pred.shape) - y_pred
        self._error_sum += float(self._err(d).sum())
        self._samples_num += int(y.shape[0]) if y.ndim > 0 else 1

    def eval(self):
        if self._samples_num == 0:
            raise RuntimeError(f"The '{self._name}' can not be calculated, because the number of samples is 0, "
                               "please check whether your inputs(predicted value, true value) are empty, or has "
                               "called update method before calling eval method.")
        return self._error_sum / self._samples_num


class MAE(_ErrorMetric):
    _name = 'MAE'

    def _err(self, d):
        return np.abs(d)


class MSE(_ErrorMetric):
    _name = 'MSE'

    def _err(self, d):
        return d * d


class TopKCategoricalAccuracy(Metric):
    def __init__(self, k):
        Metric.__init__(self)
        if not isinstance(k, int) or isinstance(k, bool):
            raise TypeError(f"For 'TopKCategoricalAccuracy', the type of 'k' must be int, but got {type(k).__name__}.")
        if k < 1:
            raise ValueError(f"For 'TopKCategoricalAccuracy', the argument 'k' must be greater than or equal "
                             f"to 1, but got {k}.")
        self.k = k
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._samples_num = 0

    def update(self, *inputs):
        _check_two('TopKCategoricalAccuracy', inputs)
        y_pred = self._convert_data(inputs[0])
        y = self._convert_data(inputs[1])
        if y.ndim == y_pred.ndim:
            y = y.argmax(axis=1)
        y = y.reshape(-1).astype(np.int64)
        # the true class is in the top k when fewer than k classes score higher
        t = np.take_along_axis(y_pred, y.reshape(-1, 1), axis=1)
        higher = (y_pred > t).sum(axis=1)
        self._correct_num += int((higher < self.k).sum())
        self._samples_num += int(y.shape[0])

    def eval(self):
        if self._samples_num == 0:
            raise RuntimeError("The 'TopKCategoricalAccuracy' can not be calculated, because the number of samples "
                               "is 0, please check whether your inputs(predicted value, true value) are empty, or "
                               "has called update method before calling eval method.")
        return self._correct_num / self._samples_num


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self):
        TopKCategoricalAccuracy.__init__(self, 1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self):
        TopKCategoricalAccuracy.__init__(self, 5)


_METRICS = {
    'accuracy': Accuracy, 'acc': Accuracy, 'loss': Loss, 'precision': Precision, 'recall': Recall,
    'mae': MAE, 'mse': MSE, 'top_1_accuracy': Top1CategoricalAccuracy, 'top_5_accuracy': Top5CategoricalAccuracy,
}


def get_metric_fn(name, *args, **kwargs):
    if name not in _METRICS:
        raise KeyError(f"Unknown Metric function {name}: msc provides {sorted(_METRICS.keys())}.")
    return _METRICS[name](*args, **kwargs)


def get_metrics(metrics):
    """Model's metrics argument ({names} set, list, or {name: Metric} dict) as a dict."""
    if metrics is None:
        return None
    out = {}
    if isinstance(metrics, dict):
        for name in metrics:
            m = metrics[name]
            if not isinstance(m, Metric):
                raise TypeError(f"The value in 'metrics' should be a Metric, but got {type(m).__name__}.")
            out[name] = m
        return out
    if isinstance(metrics, (set, list, tuple)):
        for name in sorted(list(metrics)):
            if not isinstance(name, str):
                raise TypeError(f"The metric name should be a str, but got {type(name).__name__}.")
            out[name] = get_metric_fn(name)
        return out
    raise TypeError(f"The 'metrics' should be None, a dict or a set, but got {type(metrics).__name__}.")
