# mindspore.train.Model (issue 25): train's losses are bit-identical to the
# explicit loop over TrainOneStepCell(WithLossCell(net, loss), opt) on the
# same pipeline (GRAPH_MODE: one compiled step); LossMonitor's and the user
# Callback's hooks in MindSpore's order and format; eval's metrics dict and
# the metrics alone against numpy (Inputs/metrics_check.py); predict;
# ModelCheckpoint's files (names, keep_checkpoint_max, the _1 prefix of a
# second run); EarlyStopping on the loss and in fit on eval results;
# TimeMonitor's line; Model.train's losses against PyTorch (Dense, softmax
# cross-entropy, plain SGD from the same weights on the same batches).
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %s %t > %t/out.txt
# RUN: FileCheck %s --input-file %t/out.txt
# RUN: %python %S/Inputs/metrics_check.py %t | FileCheck --check-prefix=REF %s
# CHECK: begin epochs=3 batches=4
# CHECK-NEXT: epoch_begin 1
# CHECK-NEXT: epoch: 1 step: 1, loss is {{[0-9.]+}}
# CHECK-NEXT: step_end 1
# CHECK: epoch: 1 step: 4, loss is
# CHECK: epoch_end 1
# CHECK: epoch: 3 step: 4, loss is
# CHECK: end 12
# CHECK: same_losses True 12
# CHECK: eval {'accuracy': {{0\.[0-9]+|1\.0}}, 'loss': {{[0-9.]+}}}
# CHECK: eval_network_same True
# CHECK: eval_matches_metrics True
# CHECK: predict (8, 3) Float32 True
# CHECK: ckpt ['CKP-2_4.ckpt', 'CKP-3_2.ckpt', 'CKP-3_4.ckpt']
# CHECK: ckpt2 ['net_1-1_4.ckpt']
# CHECK: ckpt_loads True
# CHECK: early_stop_steps 8
# CHECK: Eval result: epoch 1, metrics:
# CHECK: fit_eval_keys ['acc']
# CHECK: epoch time: {{[0-9]+\.[0-9][0-9][0-9]}} ms, per step time: {{[0-9]+\.[0-9][0-9][0-9]}} ms
# CHECK-NEXT: epoch time: {{[0-9]+\.[0-9][0-9][0-9]}} ms, per step time:
# REF: checked 8 metrics, 0 mismatches
# REF: torch losses match: 8 steps
import os
import sys
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, Tensor
from mindspore.train import (Model, Callback, LossMonitor, ModelCheckpoint, CheckpointConfig, EarlyStopping,
                             Accuracy, Loss, Precision, Recall, MAE, MSE, TopKCategoricalAccuracy)

out = sys.argv[1]
ms.set_context(mode=ms.GRAPH_MODE)
rs = np.random.RandomState(4)
x = rs.randn(32, 6).astype(np.float32)
y = (np.abs(x[:, 0]) * 2).astype(np.int32) % 3


def dataset():
    return ds.NumpySlicesDataset((x, y), column_names=['x', 'y'], shuffle=True).batch(8)


def make():
    ms.set_seed(2)
    net = nn.Dense(6, 3)
    return net, nn.CrossEntropyLoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9)


class Hooks(Callback):
    def __init__(self):
        self.losses = []

    def on_train_begin(self, rc):
        p = rc.original_args()
        print(f'begin epochs={p.epoch_num} batches={p.batch_num}')

    def on_train_epoch_begin(self, rc):
        print('epoch_begin', rc.original_args().cur_epoch_num)

    def step_end(self, rc):
        p = rc.original_args()
        self.losses.append(float(p.net_outputs.asnumpy()))
        print('step_end', p.cur_step_num)

    def on_train_epoch_end(self, rc):
        print('epoch_end', rc.original_args().cur_epoch_num)

    def on_train_end(self, rc):
        print('end', rc.original_args().cur_step_num)


ds.config.set_seed(9)
net, loss, opt = make()
model = Model(net, loss, opt, metrics={'accuracy', 'loss'})
hooks = Hooks()
model.train(3, dataset(), callbacks=[LossMonitor(), hooks])

ds.config.set_seed(9)
net2, loss2, opt2 = make()
step = nn.TrainOneStepCell(nn.WithLossCell(net2, loss2), opt2)
step.set_train()
ref = []
it = dataset().create_tuple_iterator(num_epochs=3)
for _ in range(3):
    for xb, yb in it:
        ref.append(float(step(xb, yb).asnumpy()))
print('same_losses', ref == hooks.losses, len(ref))

res = model.eval(ds.NumpySlicesDataset((x, y), column_names=['x', 'y'], shuffle=False).batch(8))
print('eval', res)
logits = net(Tensor(x)).asnumpy()
np.save(f'{out}/logits.npy', logits)
np.save(f'{out}/labels.npy', y)
acc = Accuracy()
acc.update(logits, y)
lm = Loss()
for k in range(4):
    lm.update(loss(Tensor(logits[8 * k:8 * k + 8]), Tensor(y[8 * k:8 * k + 8])))
res2 = Model(net, eval_network=nn.WithEvalCell(net, loss), eval_indexes=[0, 1, 2],
             metrics={'accuracy', 'loss'}).eval(ds.NumpySlicesDataset((x, y), column_names=['x', 'y'],
                                                                      shuffle=False).batch(8))
print('eval_network_same', res2 == res)
print('eval_matches_metrics', res['accuracy'] == acc.eval() and abs(res['loss'] - lm.eval()) < 1e-6)
metrics = {'accuracy': acc.eval()}
for name, m in (('precision', Precision()), ('recall', Recall()), ('top2', TopKCategoricalAccuracy(2))):
    m.update(Tensor(logits[:20]), Tensor(y[:20]))
    m.update(logits[20:], y[20:])
    metrics[name] = m.eval()
onehot = np.eye(3, dtype=np.float32)[y]
metrics['accuracy_onehot'] = Accuracy()(logits, onehot)
mae = MAE()
mse = MSE()
mae.update(logits, onehot)
mse.update(logits, onehot)
metrics['mae'] = mae.eval()
metrics['mse'] = mse.eval()
p = Precision()
p.update(logits, y)
metrics['precision_avg'] = p.eval(average=True)
for k in metrics:
    np.save(f'{out}/metric_{k}.npy', np.asarray(metrics[k], dtype=np.float64))

pred = model.predict(Tensor(x[:8]))
print('predict', pred.shape, pred.dtype, bool(np.allclose(pred.asnumpy(), logits[:8])))

cfg = CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=3)
ck = ModelCheckpoint(prefix='CKP', directory=f'{out}/ck', config=cfg)
model.train(3, dataset(), callbacks=[ck])
print('ckpt', sorted(os.listdir(f'{out}/ck')))
os.makedirs(f'{out}/ck2')
open(f'{out}/ck2/net-1_1.ckpt', 'w').close()
model.train(1, dataset(), callbacks=[ModelCheckpoint(prefix='net', directory=f'{out}/ck2',
                                                     config=CheckpointConfig(save_checkpoint_steps=100))])
print('ckpt2', sorted([f for f in os.listdir(f'{out}/ck2') if f != 'net-1_1.ckpt']))
params = ms.load_checkpoint(f'{out}/ck2/net_1-1_4.ckpt')
print('ckpt_loads', bool(np.array_equal(params['weight'].asnumpy(), net.weight.asnumpy())))


class Count(Callback):
    def __init__(self):
        self.n = 0

    def step_end(self, rc):
        self.n += 1


c = Count()
# the loss must decrease by 10 within one epoch (patience 1): stops after epoch 2
Model(*make()).train(5, dataset(), callbacks=[EarlyStopping(monitor='loss', min_delta=10, patience=1), c])
print('early_stop_steps', c.n)
seen = {}


class Keys(Callback):
    def on_train_epoch_end(self, rc):
        seen['keys'] = sorted(rc.original_args().eval_results.keys())


n3, l3, o3 = make()
Model(n3, l3, o3, metrics={'acc'}).fit(2, dataset(), dataset(), callbacks=[LossMonitor(4), Keys()])
print('fit_eval_keys', seen['keys'])

from mindspore.train import TimeMonitor
Model(*make()).train(2, dataset(), callbacks=[TimeMonitor()])

# the PyTorch comparison: unshuffled batches, plain SGD
ms.set_seed(3)
net4 = nn.Dense(6, 3)
np.save(f'{out}/w0.npy', net4.weight.asnumpy())
np.save(f'{out}/b0.npy', net4.bias.asnumpy())
np.save(f'{out}/x.npy', x)
losses = []


class Record(Callback):
    def step_end(self, rc):
        losses.append(float(rc.original_args().net_outputs.asnumpy()))


plain = ds.NumpySlicesDataset((x, y), column_names=['x', 'y'], shuffle=False).batch(8)
Model(net4, nn.CrossEntropyLoss(), nn.SGD(net4.trainable_params(), 0.5)).train(2, plain, callbacks=[Record()])
np.save(f'{out}/ms_losses.npy', np.array(losses, dtype=np.float64))
