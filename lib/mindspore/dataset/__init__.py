"""mindspore.dataset: the data pipeline as training scripts use it.

    import mindspore.dataset as ds
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=True)
    data = data.map(scale, input_columns="x").batch(32, drop_remainder=True)
    for xb, yb in data: ...                          # one epoch, Tensors
    it = data.create_tuple_iterator(num_epochs=5)    # or create_dict_iterator()

Readers of files (readers.py): MnistDataset, Cifar10Dataset,
Cifar100Dataset, ImageFolderDataset, CSVDataset; samplers (samplers.py):
SequentialSampler, RandomSampler, SubsetSampler, SubsetRandomSampler,
WeightedRandomSampler, DistributedSampler. Transforms: vision/ (Decode,
Resize, Rescale, Normalize, HWC2CHW, crops, flips, ToTensor) and
transforms/ (TypeCast, Compose, OneHot, Fill).

Sources: NumpySlicesDataset, GeneratorDataset (random-accessible classes,
lists, iterables, callables; no `yield` generators — msc's language has
none). Operations: batch(batch_size, drop_remainder=False), shuffle(buffer_size),
map(operations, input_columns=None, output_columns=None), repeat(count),
take, skip, project, rename. Information: get_dataset_size(),
get_col_names() / column_names, get_batch_size(), output_shapes(),
output_types(). Iteration: `for ... in dataset` (one epoch, a list of
Tensors per row), create_tuple_iterator(columns=None, num_epochs=-1,
output_numpy=False), create_dict_iterator(num_epochs=-1, output_numpy=False).

Shuffling is deterministic, seeded by ds.config.set_seed or ms.set_seed;
the algorithms are documented in mindspore/dataset/engine.py.
"""
from mindspore.dataset import config
from mindspore.dataset.engine import (Dataset, NumpySlicesDataset, GeneratorDataset, BatchDataset,
                                      ShuffleDataset, MapDataset, RepeatDataset, TakeDataset,
                                      SkipDataset, ProjectDataset, RenameDataset, TupleIterator,
                                      DictIterator)
from mindspore.dataset.samplers import (Sampler, SequentialSampler, RandomSampler, SubsetSampler,
                                        SubsetRandomSampler, WeightedRandomSampler, DistributedSampler)
from mindspore.dataset.readers import (MnistDataset, Cifar10Dataset, Cifar100Dataset, ImageFolderDataset,
                                       CSVDataset, Shuffle)
from mindspore.dataset import transforms
from mindspore.dataset import vision
