"""mindspore.dataset.transforms: the general transforms (transforms.py);
also importable as mindspore.dataset.transforms.transforms and, as
MindSpore 1.x scripts write it, mindspore.dataset.transforms.c_transforms."""
from mindspore.dataset.transforms.transforms import TypeCast, Compose, OneHot, Fill
