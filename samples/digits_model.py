# The digits classifier of digits_train.py, trained the high-level MindSpore
# way: a dataset pipeline with transforms (vision.Rescale on the images,
# transforms.TypeCast on the labels, shuffle, batch) and
# mindspore.train.Model with LossMonitor and the accuracy metric. In
# GRAPH_MODE each training step (forward, gradients, Adam update) is one
# compiled graph, as TrainOneStepCell is.
#
#   msc run samples/digits_model.py            # from the repository root
#   msc run digits_model.py data               # from samples/
#
# The data (samples/data/README.md): 1437 training and 360 test images of
# scikit-learn's 8x8 digits, pixels 0..16, labels 0..9.
import sys
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
import mindspore.dataset.transforms as transforms
from mindspore import nn
from mindspore.train import Model, LossMonitor

ms.set_context(mode=ms.GRAPH_MODE)
ms.set_seed(1)      # the initial weights and the shuffle order
data_dir = sys.argv[1] if len(sys.argv) > 1 else 'samples/data'


def pipeline(split, training):
    data = np.load(f'{data_dir}/digits_{split}.npz')
    dataset = ds.NumpySlicesDataset((data['x'], data['y']), column_names=['image', 'label'], shuffle=False)
    dataset = dataset.map(vision.Rescale(1.0 / 16.0, 0.0), input_columns='image')
    dataset = dataset.map(transforms.TypeCast(ms.int32), input_columns='label')
    if training:
        dataset = dataset.shuffle(buffer_size=2000)
    return dataset.batch(64, drop_remainder=training)


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(64, 128)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(128, 10)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


net = MLP()
model = Model(net, nn.CrossEntropyLoss(), nn.Adam(net.trainable_params(), learning_rate=0.01),
              metrics={'accuracy'})
train = pipeline('train', True)
model.train(10, train, callbacks=[LossMonitor(per_print_times=train.get_dataset_size())])
print('test', model.eval(pipeline('test', False)))
