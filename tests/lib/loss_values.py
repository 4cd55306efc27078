# The loss Cells (nn.MSELoss, L1Loss, BCELoss, BCEWithLogitsLoss,
# CrossEntropyLoss, NLLLoss, SoftmaxCrossEntropyWithLogits) and the loss
# functionals (ops.mse_loss, ops.cross_entropy, ...) on several shapes,
# reductions, weights, ignore_index and label_smoothing values, against
# numpy re-implementations of MindSpore's formulas in Inputs/loss_ref.py
# (which also asserts agreement with torch.nn.functional where the formulas
# coincide). pynative, and graph mode (each loss Cell call compiles its
# construct) with cc and the reference executor.
# RUN: %python %S/Inputs/loss_ref.py > %t.ref
# RUN: %msc run %s pynative > %t.pyn
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.pyn
# RUN: %msc run %s graph > %t.cc
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.cc
# RUN: %msc run --backend=ref %s graph > %t.refexec
# RUN: %python %S/../e2e/Inputs/numeq.py %t.ref %t.refexec
# RUN: FileCheck %s --input-file %t.pyn
# CHECK: mse_mean float32 () [
# CHECK: sce_default float32 (4,) [
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

if sys.argv[1] == 'graph':
    ms.set_context(mode=ms.GRAPH_MODE)

np.random.seed(3)
f32 = np.float32
a = np.random.randn(2, 3).astype(f32)
b = np.random.randn(2, 3).astype(f32)
row = np.random.randn(3).astype(f32)
p = np.random.rand(3, 4).astype(f32) * 0.98 + 0.01
y = (np.random.rand(3, 4) > 0.5).astype(f32)
p_edge = np.array([0.0, 1.0, 0.0, 1.0, 0.5], f32)
y_edge = np.array([1.0, 1.0, 0.0, 0.0, 1.0], f32)
bw = np.random.rand(3, 4).astype(f32)
z = (np.random.randn(3, 4) * 3).astype(f32)
z[0, 0], z[0, 1] = 50.0, -50.0
pw = np.random.rand(4).astype(f32) + 0.5
x = np.random.randn(5, 4).astype(f32)
t = np.array([1, 0, 3, 3, 2], np.int32)
t_ign = np.array([1, -100, 3, 0, 2], np.int32)
cw = np.random.rand(4).astype(f32) + 0.2
prob = np.random.rand(5, 4).astype(f32)
prob = prob / prob.sum(1, keepdims=True)
x4 = np.random.randn(2, 3, 2, 2).astype(f32)
t4 = np.random.randint(0, 3, (2, 2, 2)).astype(np.int64)
t4[0, 0, 1] = 1
x1 = np.random.randn(4).astype(f32)
logp = np.log(np.exp(x) / np.exp(x).sum(1, keepdims=True)).astype(f32)


def show(name, v):
    v = v.asnumpy()
    print(name, str(v.dtype), v.shape, v.reshape(-1).tolist())


T = Tensor
show('mse_mean', nn.MSELoss()(T(a), T(b)))
show('mse_sum', nn.MSELoss(reduction='sum')(T(a), T(b)))
show('mse_bcast_none', nn.MSELoss(reduction='none')(T(row), T(a)))
show('l1_mean', nn.L1Loss()(T(a), T(b)))
show('l1_none', nn.L1Loss(reduction='none')(T(a), T(row)))
show('bce_mean', nn.BCELoss()(T(p), T(y)))
show('bce_weight_none', nn.BCELoss(weight=T(bw), reduction='none')(T(p), T(y)))
show('bce_weight_sum', nn.BCELoss(weight=T(bw), reduction='sum')(T(p), T(y)))
show('bce_edges', nn.BCELoss(reduction='none')(T(p_edge), T(y_edge)))
show('bcel_mean', nn.BCEWithLogitsLoss()(T(z), T(y)))
show('bcel_w_pw_none', nn.BCEWithLogitsLoss(reduction='none', weight=T(bw), pos_weight=T(pw))(T(z), T(y)))
show('bcel_pw_sum', nn.BCEWithLogitsLoss(reduction='sum', pos_weight=T(pw))(T(z), T(y)))
show('ce_mean', nn.CrossEntropyLoss()(T(x), T(t)))
show('ce_w_ign_mean', nn.CrossEntropyLoss(weight=T(cw))(T(x), T(t_ign)))
show('ce_w_ign_sum', nn.CrossEntropyLoss(weight=T(cw), reduction='sum')(T(x), T(t_ign)))
show('ce_ign_none', nn.CrossEntropyLoss(reduction='none')(T(x), T(t_ign)))
show('ce_ls_mean', nn.CrossEntropyLoss(label_smoothing=0.1)(T(x), T(t)))
show('ce_ls_w_ign_mean', nn.CrossEntropyLoss(weight=T(cw), label_smoothing=0.2)(T(x), T(t_ign)))
show('ce_ls_ign_none', nn.CrossEntropyLoss(reduction='none', label_smoothing=0.2)(T(x), T(t_ign)))
show('ce_prob_mean', nn.CrossEntropyLoss()(T(x), T(prob)))
show('ce_prob_w_sum', nn.CrossEntropyLoss(weight=T(cw), reduction='sum')(T(x), T(prob)))
show('ce_prob_ls_none', nn.CrossEntropyLoss(reduction='none', label_smoothing=0.3)(T(x), T(prob)))
show('ce_4d_mean', nn.CrossEntropyLoss(ignore_index=1)(T(x4), T(t4)))
show('ce_4d_none', nn.CrossEntropyLoss(reduction='none')(T(x4), T(t4)))
show('ce_1d', nn.CrossEntropyLoss()(T(x1), T(np.array(2, np.int32))))
show('nll_mean', nn.NLLLoss()(T(logp), T(t)))
show('nll_w_ign_mean', nn.NLLLoss(weight=T(cw))(T(logp), T(t_ign)))
show('nll_none', nn.NLLLoss(reduction='none', ignore_index=3)(T(logp), T(t)))
show('sce_default', nn.SoftmaxCrossEntropyWithLogits()(T(x[:4]), T(prob[:4])))
show('sce_sparse_mean', nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')(T(x), T(t)))
show('sce_sparse_sum', nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='sum')(T(x), T(t.astype(np.int64))))
show('ops_mse', ops.mse_loss(T(a), T(b), reduction='none'))
show('ops_l1', ops.l1_loss(T(a), T(b)))
show('ops_bce', ops.binary_cross_entropy(T(p), T(y), T(bw)))
show('ops_bcel', ops.binary_cross_entropy_with_logits(T(z), T(y), T(bw), T(pw)))
show('ops_ce', ops.cross_entropy(T(x), T(t_ign), T(cw), reduction='none', label_smoothing=0.1))
show('ops_nll', ops.nll_loss(T(logp), T(t), reduction='sum'))
