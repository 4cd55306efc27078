"""mindspore.dataset.vision.c_transforms (MindSpore 1.x's name): the same
transforms as mindspore.dataset.vision."""
from mindspore.dataset.vision.transforms import (Inter, Border, Decode, Rescale, Normalize, HWC2CHW, Resize,
                                                 CenterCrop, RandomCrop, RandomHorizontalFlip,
                                                 RandomVerticalFlip, ToTensor)
