# Conformance corpus (issue 19): p02_momentum_filter_params
# source: https://www.mindspore.cn/tutorials/application/en/r2.0/cv/resnet50.html
# block:  "Model Training": the optimizer over filter(lambda p: p.requires_grad, ...) (the network here is the LeNet5 of the model zoo)
# check:  exit status only: the documented block prints nothing (it builds the optimizer and loss that Model uses later): a clean exit is the check
import mindspore.nn as nn


class LeNet5(nn.Cell):
    def __init__(self, num_class=10, num_channel=1):
        super(LeNet5, self).__init__()
        self.conv1 = nn.Conv2d(num_channel, 6, 5, pad_mode='valid')
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
        self.fc1 = nn.Dense(16 * 5 * 5, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, num_class)
        self.relu = nn.ReLU()
        self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.max_pool2d(self.relu(self.conv1(x)))
        x = self.max_pool2d(self.relu(self.conv2(x)))
        x = self.flatten(x)
        x = self.relu(self.fc1(x))
        x = self.relu(self.fc2(x))
        x = self.fc3(x)
        return x


net = LeNet5()
opt = nn.Momentum(params=filter(lambda p: p.requires_grad, net.get_parameters()), learning_rate=0.01, momentum=0.9)
loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
