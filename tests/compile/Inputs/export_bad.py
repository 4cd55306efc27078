# ms.export with a format MindSpore does not know: ValueError at this line.
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

net = nn.ReLU()
ms.export(net, Tensor(np.ones(3).astype(np.float32)), file_name="relu", file_format="PNG")
