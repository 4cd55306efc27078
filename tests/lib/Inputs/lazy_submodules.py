import sys
import mindspore as ms
print('after import:', 'mindspore.train' in sys.modules, 'mindspore.dataset' in sys.modules)
print(hasattr(ms, 'Model'), hasattr(ms, 'LossMonitor'), hasattr(ms, 'no_such_name'))
from mindspore import Model, save_checkpoint
print(Model.__name__, save_checkpoint.__name__, ms.export.__name__, ms.load_param_into_net.__name__)
print(ms.train.Model is Model, ms.train.Accuracy is ms.Accuracy)
print(ms.dataset.GeneratorDataset.__name__, 'mindspore.dataset' in sys.modules)
import mindspore.dataset as ds
print(ds is ms.dataset)
ms.no_such_name
