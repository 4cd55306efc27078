"""mindspore.train.Model: high-level training and evaluation (MindSpore 2.x
mindspore/train/model.py).

Model(network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
      eval_indexes=None, amp_level='O0')
  The train network: TrainOneStepCell(WithLossCell(network, loss_fn),
  optimizer) when both are given; TrainOneStepCell(network, optimizer) when
  only the optimizer is (the network returns the loss); the network itself
  otherwise. It is a Cell, so in GRAPH_MODE each step (forward, gradients,
  optimizer update) is one compiled graph, exactly as calling that
  TrainOneStepCell in a loop would be.
train(epoch, train_dataset, callbacks=None, dataset_sink_mode=False,
      sink_size=-1, initial_epoch=0)
  For each epoch from initial_epoch, each row of the dataset's tuple
  iterator (num_epochs = epoch - initial_epoch) is one step:
  train_network(*columns). Callbacks get on_train_begin, on_train_epoch_begin,
  on_train_step_begin, on_train_step_end, on_train_epoch_end, on_train_end
  (callback.py); request_stop() ends training after the current step
  (on_train_epoch_end and on_train_end still run). dataset_sink_mode is
  accepted and ignored (msc has no device queue).
eval(valid_dataset, callbacks=None, dataset_sink_mode=False) -> dict
  For each row (data..., label): outputs = eval network(data...); the loss
  metric gets loss_fn(outputs, label), the others (outputs, label) (or
  eval_network's outputs at eval_indexes [loss, output, label]); returns
  {name: metric.eval()}, e.g. {'accuracy': 0.96875}.
predict(*predict_data) -> the network's output, in inference mode.
fit(epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
    ...): train, evaluating on valid_dataset every valid_frequency epochs
    (and at the last one) before on_train_epoch_end; cb_params.eval_results
    holds the result, which LossMonitor prints and EarlyStopping reads.
"""
import _msc
from mindspore.nn.cell import Cell
from mindspore.train.callback import RunContext, _CallbackParams, _CallbackList
from mindspore.train.metrics import get_metrics, Loss


def _check_dataset(ds, what):
    from mindspore.dataset.engine import Dataset
    if not isinstance(ds, Dataset):
        raise TypeError(f"For 'Model.{what}', the dataset must be a mindspore.dataset Dataset, but got "
                        f"{type(ds).__name__}.")


def _check_epoch(epoch, initial_epoch):
    if not isinstance(epoch, int) or isinstance(epoch, bool) or epoch <= 0:
        raise ValueError(f"For 'Model.train', the argument 'epoch' must be positive int, but got {epoch}.")
    if not isinstance(initial_epoch, int) or isinstance(initial_epoch, bool) or initial_epoch < 0:
        raise ValueError(f"For 'Model.train', the argument 'initial_epoch' must be int and >= 0, but got "
                         f"{initial_epoch}.")
    if initial_epoch >= epoch:
        raise ValueError(f"For 'Model.train', the argument 'epoch' must be bigger than 'initial_epoch', but got "
                         f"'epoch' {epoch} and 'initial_epoch' {initial_epoch}.")


class Model:
    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None, eval_network=None, eval_indexes=None,
                 amp_level="O0", boost_level="O0", **kwargs):
        from mindspore.nn.optim.optimizer import Optimizer
        from mindspore.nn.wrap.cell_wrapper import WithLossCell, TrainOneStepCell
        if not isinstance(network, Cell):
            raise TypeError(f"For 'Model', the argument 'network' must be a Cell, but got {type(network).__name__}.")
        if optimizer is not None and not isinstance(optimizer, Optimizer):
            raise TypeError(f"For 'Model', the argument 'optimizer' must be an nn.Optimizer, but got "
                            f"{type(optimizer).__name__}.")
        if loss_fn is not None and not isinstance(loss_fn, Cell):
            raise TypeError(f"For 'Model', the argument 'loss_fn' must be a Cell (a loss), but got "
                            f"{type(loss_fn).__name__}.")
        if amp_level not in ('O0', None):
            raise NotImplementedError(f"msc: Model(amp_level={amp_level!r}): only 'O0' (no mixed precision) is "
                                      "supported.")
        for k in kwargs:
            if k not in ('loss_scale_manager', 'keep_batchnorm_fp32'):
                raise TypeError(f"Model.__init__() got an unexpected keyword argument '{k}'")
            if k == 'loss_scale_manager' and kwargs[k] is not None:
                raise NotImplementedError("msc: Model: loss_scale_manager is not supported.")
        if eval_network is not None and (eval_indexes is None or len(eval_indexes) != 3):
            raise ValueError("For 'Model', when the argument 'eval_network' is given, 'eval_indexes' must be a "
                             "list of 3 indexes [loss, output, label].")
        self._network = network
        self._loss_fn = loss_fn
        self._optimizer = optimizer
        self._metric_fns = get_metrics(metrics)
        self._eval_network = eval_network
        self._eval_indexes = eval_indexes
        if optimizer is not None:
            net = WithLossCell(network, loss_fn) if loss_fn is not None else network
            self._train_network = TrainOneStepCell(net, optimizer)
        else:
            self._train_network = network if loss_fn is None else WithLossCell(network, loss_fn)

    @property
    def train_network(self):
        return self._train_network

    @property
    def predict_network(self):
        return self._network

    @property
    def eval_network(self):
        return self._eval_network

    # ---- train ----
    def _params(self, epoch, dataset):
        p = _CallbackParams()
        p.train_network = self._train_network
        p.network = self._network
        p.optimizer = self._optimizer
        p.loss_fn = self._loss_fn
        p.train_dataset = dataset
        p.epoch_num = epoch
        p.batch_num = dataset.get_dataset_size()
        p.cur_epoch_num = 0
        p.cur_step_num = 0
        p.net_outputs = None
        p.mode = 'train'
        p.parallel_mode = 'stand_alone'
        p.device_number = 1
        p.dataset_sink_mode = False
        return p

    def _run_train(self, epoch, train_dataset, callbacks, initial_epoch, valid):
        _check_epoch(epoch, initial_epoch)
        _check_dataset(train_dataset, 'train')
        cbs = _CallbackList(callbacks)
        cb_params = self._params(epoch, train_dataset)
        cb_params.cur_epoch_num = initial_epoch
        cb_params.cur_step_num = initial_epoch * cb_params.batch_num
        run_context = RunContext(cb_params)
        net = self._train_network
        net.set_train(True)
        it = train_dataset.create_tuple_iterator(num_epochs=epoch - initial_epoch)
        cbs.call('on_train_begin', run_context)
        for ep in range(initial_epoch, epoch):
            cb_params.cur_epoch_num = ep + 1
            cbs.call('on_train_epoch_begin', run_context)
            stop = False
            for data in it:
                cb_params.cur_step_num += 1
                cbs.call('on_train_step_begin', run_context)
                cb_params.net_outputs = net(*data)
                cbs.call('on_train_step_end', run_context)
                if run_context.get_stop_requested():
                    stop = True
                    break
            if stop:
                # end the iterator's epoch so a later train starts cleanly
                it = None
            if valid is not None and ((ep + 1) % valid[1] == 0 or ep + 1 == epoch):
                res = self._run_eval(valid[0], None)
                cb_params.eval_results = res
                cb_params.metrics = res
                net.set_train(True)
            cbs.call('on_train_epoch_end', run_context)
            if stop or run_context.get_stop_requested():
                break
        cbs.call('on_train_end', run_context)

    def train(self, epoch, train_dataset, callbacks=None, dataset_sink_mode=False, sink_size=-1, initial_epoch=0):
        self._run_train(epoch, train_dataset, callbacks, initial_epoch, None)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1, callbacks=None,
            dataset_sink_mode=False, valid_dataset_sink_mode=False, initial_epoch=0, sink_size=-1):
        valid = None
        if valid_dataset is not None:
            _check_dataset(valid_dataset, 'fit')
            if not isinstance(valid_frequency, int) or isinstance(valid_frequency, bool) or valid_frequency < 1:
                raise ValueError(f"For 'Model.fit', the argument 'valid_frequency' must be positive int, but got "
                                 f"{valid_frequency}.")
            self._need_metrics('fit')
            valid = (valid_dataset, valid_frequency)
        self._run_train(epoch, train_dataset, callbacks, initial_epoch, valid)

    # ---- eval ----
    def _need_metrics(self, what):
        if not self._metric_fns:
            raise ValueError(f"For Model.{what}, the model argument 'metrics' can not be None or empty, you should "
                             "set the argument 'metrics' for model.")
        for name in self._metric_fns:
            if isinstance(self._metric_fns[name], Loss) and self._loss_fn is None and self._eval_network is None:
                raise ValueError(f"For Model.{what}, the metric '{name}' needs a loss: give Model a loss_fn.")

    def _eval_outputs(self, data):
        if self._eval_network is not None:
            out = self._eval_network(*data)
            i = self._eval_indexes
            return out[i[0]], out[i[1]], out[i[2]]
        outputs = self._network(*data[:-1])
        label = data[-1]
        loss = self._loss_fn(outputs, label) if self._loss_fn is not None else None
        return loss, outputs, label

    def _run_eval(self, valid_dataset, callbacks):
        _check_dataset(valid_dataset, 'eval')
        self._need_metrics('eval')
        cbs = _CallbackList(callbacks)
        cb_params = _CallbackParams()
        cb_params.eval_network = self._eval_network if self._eval_network is not None else self._network
        cb_params.valid_dataset = valid_dataset
        cb_params.batch_num = valid_dataset.get_dataset_size()
        cb_params.cur_step_num = 0
        cb_params.mode = 'eval'
        run_context = RunContext(cb_params)
        for name in self._metric_fns:
            self._metric_fns[name].clear()
        self._network.set_train(False)
        if self._eval_network is not None:
            self._eval_network.set_train(False)
        cbs.call('on_eval_begin', run_context)
        cbs.call('on_eval_epoch_begin', run_context)
        for data in valid_dataset.create_tuple_iterator(num_epochs=1):
            cb_params.cur_step_num += 1
            cbs.call('on_eval_step_begin', run_context)
            loss, outputs, label = self._eval_outputs(data)
            cb_params.net_outputs = (loss, outputs, label)
            for name in self._metric_fns:
                m = self._metric_fns[name]
                if isinstance(m, Loss):
                    m.update(loss)
                else:
                    m.update(outputs, label)
            cbs.call('on_eval_step_end', run_context)
        res = {}
        for name in self._metric_fns:
            res[name] = self._metric_fns[name].eval()
        cb_params.metrics = res
        cbs.call('on_eval_epoch_end', run_context)
        cbs.call('on_eval_end', run_context)
        return res

    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False):
        return self._run_eval(valid_dataset, callbacks)

    # ---- predict ----
    def predict(self, *predict_data, backend=None, config=None):
        self._network.set_train(False)
        return self._network(*predict_data)
