"""train.py of a model-zoo layout: the network, config and data come from src/."""
import sys
import mindspore as ms
from mindspore import nn
from src.lenet import LeNet5
from src.config import lenet_cfg as cfg
from src import dataset

if __name__ == "__main__":
    ms.set_seed(1)
    ms.set_context(mode=ms.GRAPH_MODE)
    print(cfg)
    net = LeNet5(num_class=cfg.num_classes)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), cfg.lr, cfg.momentum)
    train_net = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    data = dataset.create_dataset()
    first = last = None
    for epoch in range(cfg.epochs):
        losses = [float(train_net(x, y)) for x, y in data.create_tuple_iterator()]
        mean = sum(losses) / len(losses)
        first = mean if first is None else first
        last = mean
        print(f"epoch {epoch + 1}: {len(losses)} steps")
    print("loss decreased:", last < first)
    correct = 0
    for x, y in dataset.create_dataset(16, seed=7).create_tuple_iterator():
        correct += int((net(x).argmax(axis=1) == y).sum())
    print("accuracy >= 0.75:", correct / 16 >= 0.75)
    ms.export(net, next(data.create_tuple_iterator())[0], file_name="lenet", file_format="MINDIR")
