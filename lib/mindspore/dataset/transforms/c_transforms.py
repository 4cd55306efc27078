"""mindspore.dataset.transforms.c_transforms (MindSpore 1.x's name): the
same transforms as mindspore.dataset.transforms."""
from mindspore.dataset.transforms.transforms import TypeCast, Compose, OneHot, Fill
