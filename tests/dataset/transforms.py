# mindspore.dataset.vision and .transforms (issue 25) against numpy
# re-implementations of the documented operations (Inputs/transforms_check.py):
# Rescale, Normalize (HWC and CHW), HWC2CHW, Resize (bilinear at half-pixel
# centres, nearest; float and uint8; the shorter-side form), CenterCrop,
# RandomCrop (padding), RandomHorizontalFlip/RandomVerticalFlip (their seeded
# draws), ToTensor, TypeCast, OneHot (and smoothing), Fill, Compose, and the
# same transforms through Dataset.map. msc saves each result as .npy; the
# checker computes its own and compares (exactly where the result is exact).
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc run %s %t | FileCheck %s
# RUN: %python %S/Inputs/transforms_check.py %t | FileCheck --check-prefix=REF %s
# CHECK: saved 2{{[0-9]}} results
# REF: checked 2{{[0-9]}} results, 0 mismatches
# CHECK: one_api True True True
import sys
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.vision as vision
import mindspore.dataset.transforms as transforms

out = sys.argv[1]
rs = np.random.RandomState(11)
img = rs.randint(0, 256, (6, 9, 3)).astype(np.uint8)
imgf = rs.rand(7, 5, 3).astype(np.float32)
np.save(f'{out}/in_img.npy', img)
np.save(f'{out}/in_imgf.npy', imgf)
n = [0]


def save(name, a):
    np.save(f'{out}/{name}.npy', np.asarray(a))
    n[0] += 1


save('rescale', vision.Rescale(1.0 / 255, -0.5)(img))
save('normalize', vision.Normalize([10.0, 20.0, 30.0], [2.0, 4.0, 8.0])(img))
save('normalize_chw', vision.Normalize([1.0, 2.0, 3.0], [0.5, 0.25, 2.0], is_hwc=False)(
    np.ascontiguousarray(img.transpose(2, 0, 1))))
save('hwc2chw', vision.HWC2CHW()(img))
save('resize_u8', vision.Resize((4, 13))(img))
save('resize_f', vision.Resize((11, 3))(imgf))
save('resize_short', vision.Resize(4)(img))
save('resize_nearest', vision.Resize((4, 5), vision.Inter.NEAREST)(img))
save('centercrop', vision.CenterCrop((3, 4))(img))
save('totensor', vision.ToTensor()(img))
ds.config.set_seed(5)
crop = vision.RandomCrop((4, 6), padding=1)
save('randomcrop0', crop(img))
save('randomcrop1', crop(img))
hf = vision.RandomHorizontalFlip(0.5)
# peeking at the shapes through a pipeline does not take a draw
peek = ds.NumpySlicesDataset((img[None],), column_names=['image'], shuffle=False).map(hf)
assert peek.output_shapes() == [[6, 9, 3]]
save('hflip', np.stack([hf(img) for _ in range(6)]))
vf = vision.RandomVerticalFlip(0.7)
save('vflip', np.stack([vf(img) for _ in range(6)]))
save('typecast', transforms.TypeCast(ms.int16)(img))
save('onehot', transforms.OneHot(5)(np.array([3, 0, 4], dtype=np.int32)))
save('onehot_scalar', transforms.OneHot(4)(np.array(2, dtype=np.uint32)))
save('onehot_smooth', transforms.OneHot(4, smoothing_rate=0.2)(np.array([1, 3], dtype=np.int32)))
save('fill', transforms.Fill(7)(img))
save('compose', transforms.Compose([vision.Rescale(2.0, 1.0), vision.HWC2CHW()])(img))

# the same through a pipeline: batches of CHW float32 and one-hot labels
imgs = rs.randint(0, 256, (5, 4, 6, 3)).astype(np.uint8)
labels = np.array([0, 2, 1, 2, 0], dtype=np.int32)
np.save(f'{out}/in_imgs.npy', imgs)
data = ds.NumpySlicesDataset((imgs, labels), column_names=['image', 'label'], shuffle=False)
data = data.map([vision.Rescale(1.0 / 255.0, 0.0), vision.Normalize([0.5, 0.5, 0.5], [0.25, 0.25, 0.25]),
                 vision.HWC2CHW()], input_columns='image')
data = data.map(transforms.OneHot(3), input_columns='label').map(transforms.TypeCast(ms.float32), 'label')
batches = [b for b in data.batch(2).create_tuple_iterator(output_numpy=True)]
save('pipe_images', np.concatenate([b[0] for b in batches]))
save('pipe_labels', np.concatenate([b[1] for b in batches]))
print(f'saved {n[0]} results')
# the module paths of MindSpore 2.x and 1.x name the same classes
import mindspore.dataset.vision.c_transforms as c_vision
import mindspore.dataset.vision.transforms as v_transforms
import mindspore.dataset.transforms.c_transforms as c_transforms
print('one_api', c_vision.Resize is vision.Resize, v_transforms.HWC2CHW is ds.vision.HWC2CHW,
      c_transforms.TypeCast is transforms.TypeCast)
