"""mindspore.train's callbacks (MindSpore 2.x mindspore/train/callback/).

Callback: hooks on_train_begin, on_train_epoch_begin, on_train_step_begin,
on_train_step_end, on_train_epoch_end, on_train_end (by default they call
the 1.x names begin, epoch_begin, step_begin, step_end, epoch_end, end),
and on_eval_begin, on_eval_epoch_begin, on_eval_step_begin,
on_eval_step_end, on_eval_epoch_end, on_eval_end (no-ops). Each gets a
RunContext: original_args() returns the callback parameters (attributes
and .get(name): train_network, epoch_num, batch_num, cur_epoch_num,
cur_step_num, net_outputs, optimizer, loss_fn, train_dataset,
eval_results / metrics in fit), request_stop() ends training after the
current step.

LossMonitor(per_print_times=1)      "epoch: 1 step: 10, loss is 2.30..."
                                    (the loss's mean as a Python float;
                                    NaN/Inf stops with ValueError)
TimeMonitor(data_size=None)         "epoch time: 12.345 ms, per step time:
                                    1.234 ms" at each epoch end
ModelCheckpoint(prefix='CKP', directory=None, config=None)
                                    PREFIX-EPOCH_STEP.ckpt every
                                    save_checkpoint_steps steps (and at the
                                    end of training if the last step was not
                                    saved); at most keep_checkpoint_max files
                                    (the oldest removed); a prefix whose files
                                    exist becomes PREFIX_1, PREFIX_2, ... as
                                    MindSpore does. Files are written by
                                    ms.save_checkpoint (all or nothing).
CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=5, ...)
EarlyStopping(monitor='eval_loss', min_delta=0, patience=0, verbose=False,
              mode='auto', baseline=None, restore_best_weights=False)
The printed formats are MindSpore 2.x's (_loss_monitor.py, _time_monitor.py,
_early_stop.py).
"""
import os
import time
import numpy as np
import _msc


class _CallbackParams:
    """The callback parameters: attributes, and get(name, default)."""

    def get(self, key, default=None):
        return getattr(self, key, default)

    def __getitem__(self, key):
        return getattr(self, key)

    def __setitem__(self, key, value):
        setattr(self, key, value)

    def __contains__(self, key):
        return hasattr(self, key)


class RunContext:
    def __init__(self, original_args):
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        return self._original_args

    def request_stop(self):
        self._stop_requested = True

    def get_stop_requested(self):
        return self._stop_requested


class Callback:
    def __enter__(self):
        return self

    def __exit__(self, *err):
        return None

    def begin(self, run_context):
        pass

    def epoch_begin(self, run_context):
        pass

    def epoch_end(self, run_context):
        pass

    def step_begin(self, run_context):
        pass

    def step_end(self, run_context):
        pass

    def end(self, run_context):
        pass

    def on_train_begin(self, run_context):
        self.begin(run_context)

    def on_train_epoch_begin(self, run_context):
        self.epoch_begin(run_context)

    def on_train_epoch_end(self, run_context):
        self.epoch_end(run_context)

    def on_train_step_begin(self, run_context):
        self.step_begin(run_context)

    def on_train_step_end(self, run_context):
        self.step_end(run_context)

    def on_train_end(self, run_context):
        self.end(run_context)

    def on_eval_begin(self, run_context):
        pass

    def on_eval_epoch_begin(self, run_context):
        pass

    def on_eval_epoch_end(self, run_context):
        pass

    def on_eval_step_begin(self, run_context):
        pass

    def on_eval_step_end(self, run_context):
        pass

    def on_eval_end(self, run_context):
        pass


class _CallbackList:
    """Calls a hook on every callback in order."""

    def __init__(self, callbacks):
        if callbacks is None:
            cbs = []
        elif isinstance(callbacks, Callback):
            cbs = [callbacks]
        elif isinstance(callbacks, (list, tuple)):
            cbs = list(callbacks)
            for cb in cbs:
                if not isinstance(cb, Callback):
                    raise TypeError("When the 'callbacks' is a list, the elements in 'callbacks' must be "
                                    "Callback functions.")
        else:
            raise TypeError("The 'callbacks' is not a Callback or a list of Callback.")
        self.cbs = cbs

    def call(self, hook, run_context):
        for cb in self.cbs:
            getattr(cb, hook)(run_context)


def _handle_loss(loss):
    """The loss of net_outputs as a Python float (its mean), or the value."""
    if isinstance(loss, (tuple, list)) and len(loss) > 0 and _msc.is_tensor(loss[0]):
        loss = loss[0]
    if _msc.is_tensor(loss):
        a = loss.asnumpy() if not isinstance(loss, np.ndarray) else loss
        return float(np.mean(a))
    return loss


def _check_pos_int(name, v, allow_zero):
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or (v == 0 and not allow_zero):
        raise ValueError(f"The argument '{name}' must be int and {'>= 0' if allow_zero else '> 0'}, "
                         f"but got {v}")


class LossMonitor(Callback):
    def __init__(self, per_print_times=1):
        _check_pos_int('per_print_times', per_print_times, True)
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        loss = _handle_loss(cb_params.net_outputs)
        cur_step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError(f"epoch: {cb_params.cur_epoch_num} step: {cur_step_in_epoch}. Invalid loss, "
                             "terminating training.")
        if self._per_print_times != 0 and cb_params.cur_step_num - self._last_print_time >= self._per_print_times:
            self._last_print_time = cb_params.cur_step_num
            print(f"epoch: {cb_params.cur_epoch_num} step: {cur_step_in_epoch}, loss is {loss}")

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        metrics = cb_params.get('metrics')
        if metrics:
            print(f"Eval result: epoch {cb_params.cur_epoch_num}, metrics: {metrics}")
        self.epoch_end(run_context)


class TimeMonitor(Callback):
    def __init__(self, data_size=None):
        self.data_size = data_size
        self.epoch_time = time.time()

    def epoch_begin(self, run_context):
        self.epoch_time = time.time()

    def epoch_end(self, run_context):
        epoch_ms = (time.time() - self.epoch_time) * 1000
        step_size = self.data_size
        cb_params = run_context.original_args()
        bn = cb_params.get('batch_num')
        if isinstance(bn, int) and bn > 0:
            step_size = bn
        if not isinstance(step_size, int) or step_size < 1:
            raise ValueError(f"For 'TimeMonitor', step size must be positive integer, but got {step_size}.")
        print(f"epoch time: {epoch_ms:5.3f} ms, per step time: {epoch_ms / step_size:5.3f} ms")


class CheckpointConfig:
    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0, keep_checkpoint_max=5,
                 keep_checkpoint_per_n_minutes=0, integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode='AES-GCM', exception_save=False, **kwargs):
        if save_checkpoint_steps is not None:
            _check_pos_int('save_checkpoint_steps', save_checkpoint_steps, False)
        if keep_checkpoint_max is not None:
            _check_pos_int('keep_checkpoint_max', keep_checkpoint_max, False)
        if save_checkpoint_seconds:
            raise NotImplementedError("msc: CheckpointConfig: save_checkpoint_seconds is not supported "
                                      "(save_checkpoint_steps is).")
        if not save_checkpoint_steps:
            raise ValueError("The input arguments 'save_checkpoint_steps', 'save_checkpoint_seconds', "
                             "'keep_checkpoint_max' and 'keep_checkpoint_per_n_minutes' can't be all None or 0.")
        self.save_checkpoint_steps = save_checkpoint_steps
        self.keep_checkpoint_max = keep_checkpoint_max
        self.integrated_save = integrated_save
        self.saved_network = saved_network
        self.append_info = append_info


class ModelCheckpoint(Callback):
    def __init__(self, prefix='CKP', directory=None, config=None):
        if not isinstance(prefix, str) or prefix == '' or '/' in prefix:
            raise ValueError(f"For 'ModelCheckpoint', the argument 'prefix' for checkpoint file name is "
                             f"invalid, it must be string and does not contain '/', but got {prefix!r}.")
        if config is None:
            config = CheckpointConfig()
        if not isinstance(config, CheckpointConfig):
            raise TypeError(f"For 'ModelCheckpoint', the type of argument 'config' must be CheckpointConfig, "
                            f"but got {type(config).__name__}.")
        self._directory = directory if directory is not None else '.'
        if directory is not None:
            os.makedirs(directory, exist_ok=True)
        self._prefix = self._free_prefix(prefix)
        self._config = config
        self._saved = []
        self._last_saved_step = 0
        self.latest_ckpt_file_name = ''

    def _free_prefix(self, prefix):
        """prefix, or prefix_N when files of prefix are already there (MindSpore's rule)."""
        names = os.listdir(self._directory)

        def used(p):
            for f in names:
                if f.startswith(p + '-') and f.endswith('.ckpt'):
                    return True
            return False
        if not used(prefix):
            return prefix
        n = 1
        while used(f"{prefix}_{n}"):
            n += 1
        return f"{prefix}_{n}"

    def _save(self, cb_params):
        from mindspore.train.serialization import save_checkpoint
        step_in_epoch = (cb_params.cur_step_num - 1) % cb_params.batch_num + 1
        name = f"{self._prefix}-{cb_params.cur_epoch_num}_{step_in_epoch}.ckpt"
        path = os.path.join(self._directory, name)
        net = self._config.saved_network if self._config.saved_network is not None else cb_params.train_network
        save_checkpoint(net, path)
        self._saved.append(path)
        keep = self._config.keep_checkpoint_max
        # the oldest go only once the new file is complete
        while keep is not None and len(self._saved) > keep:
            old = self._saved.pop(0)
            if os.path.exists(old):
                os.remove(old)
        self._last_saved_step = cb_params.cur_step_num
        self.latest_ckpt_file_name = path

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_step_num % self._config.save_checkpoint_steps == 0:
            self._save(cb_params)

    def end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.cur_step_num > self._last_saved_step:
            self._save(cb_params)


_SMALLER_BETTER = ['hausdorff_distance', 'mae', 'mse', 'loss', 'perplexity', 'mean_surface_distance',
                   'root_mean_square_distance', 'eval_loss']


class EarlyStopping(Callback):
    def __init__(self, monitor='eval_loss', min_delta=0, patience=0, verbose=False, mode='auto', baseline=None,
                 restore_best_weights=False):
        if not isinstance(monitor, str):
            raise TypeError(f"The type of 'monitor' must be str, but got {type(monitor).__name__}.")
        _check_pos_int('patience', patience, True)
        if mode not in ['auto', 'min', 'max']:
            raise ValueError(f"mode should be 'auto', 'min' or 'max', but got {mode}.")
        self.monitor = monitor
        self.min_delta = abs(min_delta)
        self.patience = patience
        self.verbose = verbose
        self.mode = mode
        self.baseline = baseline
        self.restore_best_weights = restore_best_weights
        self._min = mode == 'min' or (mode == 'auto' and monitor in _SMALLER_BETTER)
        self.wait = 0
        self.stopped_epoch = 0
        self.best = float('inf') if self._min else -float('inf')
        self._best_weights = None

    def _better(self, a, b):
        if self._min:
            return a < b - self.min_delta
        return a > b + self.min_delta

    def on_train_begin(self, run_context):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = float('inf') if self._min else -float('inf')
        self._best_weights = None

    def _snapshot(self, net):
        out = {}
        for p in net.get_parameters():
            out[p.name] = p.asnumpy().copy()
        return out

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        if self.monitor == 'loss':
            current = _handle_loss(cb_params.get('net_outputs'))
            cands = {}
        else:
            cands = cb_params.get('eval_results', {}) or {}
            current = cands.get(self.monitor)
        if current is None:
            print(f"[WARNING] Early stopping is conditioned on {self.monitor}, which is not available. "
                  f"Available choices are: {set(['loss'] + list(cands.keys()))}")
            return
        current = float(current)
        net = cb_params.train_network
        if self.restore_best_weights and self._best_weights is None:
            self._best_weights = self._snapshot(net)
        self.wait += 1
        if self._better(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self._best_weights = self._snapshot(net)
            if self.baseline is None or self._better(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb_params.cur_epoch_num
            run_context.request_stop()
            if self.restore_best_weights and self._best_weights is not None:
                if self.verbose:
                    print('Restoring model weights from the end of the best epoch.')
                for p in net.get_parameters():
                    if p.name in self._best_weights:
                        p.set_data(_msc.Tensor(self._best_weights[p.name]))

    def on_train_end(self, run_context):
        if self.stopped_epoch > 0 and self.verbose:
            print('Epoch %05d: early stopping' % self.stopped_epoch)
