"""mindspore.dataset.vision: the image transforms (transforms.py); also
importable as mindspore.dataset.vision.transforms and, as MindSpore 1.x
scripts write it, mindspore.dataset.vision.c_transforms."""
from mindspore.dataset.vision.transforms import (Inter, Border, Decode, Rescale, Normalize, HWC2CHW, Resize,
                                                 CenterCrop, RandomCrop, RandomHorizontalFlip,
                                                 RandomVerticalFlip, ToTensor)
