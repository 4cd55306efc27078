"""mindspore.dataset.vision: image transforms on numpy arrays (H x W x C,
or H x W), usable in Dataset.map and called directly on an array.

Decode()                    encoded JPEG/PNG bytes (1-D uint8) -> H x W x 3
                            RGB uint8 (libjpeg-turbo, libpng; eval/dsio.c)
Rescale(rescale, shift)     image * rescale + shift, float32
Normalize(mean, std, is_hwc=True)
                            (image - mean) / std per channel, float32
HWC2CHW()                   H x W x C -> C x H x W (H x W unchanged)
Resize(size, interpolation=Inter.LINEAR)
                            size (h, w), or an int: the shorter side becomes
                            size and the other int(size * long / short)
CenterCrop(size)            the centred size window (top (H - h) // 2)
RandomCrop(size, padding=None, pad_if_needed=False, fill_value=0)
RandomHorizontalFlip(prob=0.5), RandomVerticalFlip(prob=0.5)
ToTensor(output_type=np.float32)
                            H x W x C (uint8 0..255) -> C x H x W / 255
Interpolation (Inter): LINEAR/BILINEAR samples at half-pixel centres,
src = (dst + 0.5) * in / out - 0.5 clamped to the image, and blends the two
neighbours in float32 (integer images: rounded half away from zero, then
clipped to the dtype); NEAREST takes src = floor(dst * in / out), as
OpenCV's INTER_NEAREST. DIFFERENCE: OpenCV's uint8 bilinear uses 11-bit
fixed-point weights, so msc's uint8 results may differ from MindSpore's by
1 in a few pixels; CUBIC, AREA and PILCUBIC are not provided.

Random transforms each hold a numpy RandomState(ds.config.get_seed()),
created at their first call: RandomCrop draws top = rs.randint(0, H - h +
1), then left = rs.randint(0, W - w + 1); the flips draw rs.rand() and flip
when it is < prob. So a seed gives the same crops and flips run to run.
"""
import numpy as np
from mindspore.dataset import config
import _msc


class Inter:
    NEAREST = 0
    LINEAR = 1
    BILINEAR = 1
    CUBIC = 2
    AREA = 3
    PILCUBIC = 4


class Border:
    CONSTANT = 'constant'
    EDGE = 'edge'
    REFLECT = 'reflect'
    SYMMETRIC = 'symmetric'


def _image(op, img):
    """img as an H x W or H x W x C numpy array, or a clear error."""
    if _msc.is_tensor(img) and not isinstance(img, np.ndarray):
        img = img.asnumpy()
    if not isinstance(img, np.ndarray):
        raise TypeError(f"{op}: the input should be a numpy array (an image), but got {type(img).__name__}.")
    if img.ndim not in (2, 3):
        raise RuntimeError(f"{op}: the input should be an image of shape <H, W> or <H, W, C>, but got shape "
                           f"{list(img.shape)} (an undecoded image? map vision.Decode() first).")
    return img


def _size2(op, size):
    if isinstance(size, int) and not isinstance(size, bool):
        if size <= 0:
            raise ValueError(f"{op}: size should be positive, but got {size}.")
        return (size, size)
    if isinstance(size, (list, tuple)) and len(size) == 2:
        for s in size:
            if not isinstance(s, int) or isinstance(s, bool) or s <= 0:
                raise ValueError(f"{op}: size should be positive integers, but got {size}.")
        return (size[0], size[1])
    raise TypeError(f"{op}: size should be an int or a (height, width) sequence, but got {size!r}.")


def _per_channel(op, v, c, what):
    a = np.asarray(v, dtype=np.float32).reshape(-1)
    if a.shape[0] == 1:
        return np.full((c,), float(a[0]), dtype=np.float32)
    if a.shape[0] != c:
        raise RuntimeError(f"{op}: {what} has {a.shape[0]} values but the image has {c} channel(s).")
    return a


def _round_to(x, dtype):
    """Float results back to an integer dtype: round half away from zero, clip."""
    if dtype == np.float32 or dtype == np.float64 or dtype == np.float16:
        return x.astype(dtype)
    info = {np.dtype(np.uint8): (0, 255), np.dtype(np.int8): (-128, 127), np.dtype(np.uint16): (0, 65535),
            np.dtype(np.int16): (-32768, 32767)}
    r = np.sign(x) * np.floor(np.abs(x) + 0.5)
    lo_hi = info.get(np.dtype(dtype))
    if lo_hi is not None:
        r = np.clip(r, lo_hi[0], lo_hi[1])
    return r.astype(dtype)


class _Transform:
    def __repr__(self):
        return f"{type(self).__name__}()"


class Decode(_Transform):
    def __init__(self, to_pil=False):
        if to_pil:
            raise NotImplementedError("msc: vision.Decode(to_pil=True): msc has no PIL images.")

    def __call__(self, img):
        return _msc.ds_decode(img)


class Rescale(_Transform):
    def __init__(self, rescale, shift):
        for name, v in (('rescale', rescale), ('shift', shift)):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise TypeError(f"Argument {name} with value {v!r} is not of type [<class 'float'>, "
                                "<class 'int'>].")
        self.rescale = float(rescale)
        self.shift = float(shift)

    def __call__(self, img):
        if _msc.is_tensor(img) and not isinstance(img, np.ndarray):
            img = img.asnumpy()
        a = np.asarray(img).astype(np.float32)
        return a * np.float32(self.rescale) + np.float32(self.shift)


class Normalize(_Transform):
    def __init__(self, mean, std, is_hwc=True):
        if not isinstance(mean, (list, tuple)) or not isinstance(std, (list, tuple)) or len(mean) != len(std):
            raise TypeError("Normalize: mean and std should be lists (or tuples) of the same length.")
        for s in std:
            if s <= 0:
                raise ValueError(f"Normalize: std values should be positive, but got {std}.")
        self.mean = list(mean)
        self.std = list(std)
        self.is_hwc = is_hwc

    def __call__(self, img):
        img = _image('Normalize', img)
        a = img.astype(np.float32)
        if img.ndim == 2:
            c = 1
        else:
            c = img.shape[2] if self.is_hwc else img.shape[0]
        m = _per_channel('Normalize', self.mean, c, 'mean')
        s = _per_channel('Normalize', self.std, c, 'std')
        if img.ndim == 2:
            return (a - m[0]) / s[0]
        if self.is_hwc:
            return (a - m) / s
        return (a - m.reshape(c, 1, 1)) / s.reshape(c, 1, 1)


class HWC2CHW(_Transform):
    def __call__(self, img):
        img = _image('HWC2CHW', img)
        if img.ndim == 2:
            return img
        return np.ascontiguousarray(img.transpose(2, 0, 1))


def _lin_coords(n_in, n_out):
    """Source indices i0, i1 and weight of i1 for half-pixel bilinear."""
    d = np.arange(n_out).astype(np.float32)
    src = (d + np.float32(0.5)) * np.float32(n_in / n_out) - np.float32(0.5)
    src = np.clip(src, 0, n_in - 1)
    i0 = np.floor(src).astype(np.int64)
    i1 = np.minimum(i0 + 1, n_in - 1)
    return i0, i1, (src - i0.astype(np.float32)).astype(np.float32)


def _resize(img, h, w, interp):
    H = img.shape[0]
    W = img.shape[1]
    if interp == Inter.NEAREST:
        ys = np.minimum(np.floor(np.arange(h) * (H / h)).astype(np.int64), H - 1)
        xs = np.minimum(np.floor(np.arange(w) * (W / w)).astype(np.int64), W - 1)
        return np.take(np.take(img, ys, axis=0), xs, axis=1)
    if interp != Inter.LINEAR:
        raise NotImplementedError(f"msc: vision.Resize: interpolation {interp} is not supported "
                                  "(Inter.LINEAR and Inter.NEAREST are).")
    a = img.astype(np.float32)
    y0, y1, wy = _lin_coords(H, h)
    x0, x1, wx = _lin_coords(W, w)
    shp_y = (h, 1, 1) if img.ndim == 3 else (h, 1)
    shp_x = (1, w, 1) if img.ndim == 3 else (1, w)
    wy = wy.reshape(shp_y)
    wx = wx.reshape(shp_x)
    top = np.take(a, y0, axis=0)
    bot = np.take(a, y1, axis=0)
    rows = top + (bot - top) * wy
    left = np.take(rows, x0, axis=1)
    right = np.take(rows, x1, axis=1)
    out = left + (right - left) * wx
    return _round_to(out, img.dtype)


class Resize(_Transform):
    def __init__(self, size, interpolation=Inter.LINEAR):
        if isinstance(size, int) and not isinstance(size, bool):
            if size <= 0:
                raise ValueError(f"Resize: size should be positive, but got {size}.")
            self.size = size
        else:
            self.size = _size2('Resize', size)
        self.interpolation = interpolation

    def __call__(self, img):
        img = _image('Resize', img)
        H = img.shape[0]
        W = img.shape[1]
        if isinstance(self.size, int):
            if H <= W:
                h, w = self.size, int(self.size * W / H)
            else:
                h, w = int(self.size * H / W), self.size
        else:
            h, w = self.size
        return _resize(img, h, w, self.interpolation)


class CenterCrop(_Transform):
    def __init__(self, size):
        self.size = _size2('CenterCrop', size)

    def __call__(self, img):
        img = _image('CenterCrop', img)
        h, w = self.size
        H = img.shape[0]
        W = img.shape[1]
        if h > H or w > W:
            raise RuntimeError(f"CenterCrop: the crop size {[h, w]} is larger than the image {[H, W]}.")
        top = (H - h) // 2
        left = (W - w) // 2
        return img[top:top + h, left:left + w]


class _RandomTransform(_Transform):
    _rs = None

    def _rng(self):
        from mindspore.dataset.engine import _peeking
        if _peeking[0]:     # output_shapes()/output_types() do not advance the draws
            return np.random.RandomState(config.get_seed())
        if self._rs is None:
            self._rs = np.random.RandomState(config.get_seed())
        return self._rs


def _pad(img, top, bottom, left, right, fill):
    H = img.shape[0]
    W = img.shape[1]
    shape = [H + top + bottom, W + left + right] + list(img.shape[2:])
    out = np.zeros(tuple(shape), dtype=img.dtype)
    if fill != 0:
        out = out + np.asarray(fill).astype(img.dtype)
        out = out.astype(img.dtype)
    out[top:top + H, left:left + W] = img
    return out


class RandomCrop(_RandomTransform):
    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = _size2('RandomCrop', size)
        if padding is None:
            self.padding = (0, 0, 0, 0)
        elif isinstance(padding, int):
            self.padding = (padding, padding, padding, padding)
        elif len(padding) == 2:
            self.padding = (padding[0], padding[1], padding[0], padding[1])
        else:
            self.padding = tuple(padding)   # left, top, right, bottom
        if padding_mode != Border.CONSTANT:
            raise NotImplementedError("msc: vision.RandomCrop: only padding_mode=Border.CONSTANT is supported.")
        self.pad_if_needed = pad_if_needed
        self.fill_value = fill_value

    def __call__(self, img):
        img = _image('RandomCrop', img)
        l, t, r, b = self.padding
        if l or t or r or b:
            img = _pad(img, t, b, l, r, self.fill_value)
        h, w = self.size
        if self.pad_if_needed and (img.shape[0] < h or img.shape[1] < w):
            dh = max(0, h - img.shape[0])
            dw = max(0, w - img.shape[1])
            img = _pad(img, dh, dh, dw, dw, self.fill_value)
        H = img.shape[0]
        W = img.shape[1]
        if h > H or w > W:
            raise RuntimeError(f"RandomCrop: the crop size {[h, w]} is larger than the (padded) image {[H, W]}.")
        rs = self._rng()
        top = int(rs.randint(0, H - h + 1))
        left = int(rs.randint(0, W - w + 1))
        return img[top:top + h, left:left + w]


class RandomHorizontalFlip(_RandomTransform):
    def __init__(self, prob=0.5):
        if prob < 0 or prob > 1:
            raise ValueError(f"RandomHorizontalFlip: prob should be in [0, 1], but got {prob}.")
        self.prob = prob

    def __call__(self, img):
        img = _image('RandomHorizontalFlip', img)
        if float(self._rng().rand()) < self.prob:
            return np.ascontiguousarray(img[:, ::-1])
        return img


class RandomVerticalFlip(_RandomTransform):
    def __init__(self, prob=0.5):
        if prob < 0 or prob > 1:
            raise ValueError(f"RandomVerticalFlip: prob should be in [0, 1], but got {prob}.")
        self.prob = prob

    def __call__(self, img):
        img = _image('RandomVerticalFlip', img)
        if float(self._rng().rand()) < self.prob:
            return np.ascontiguousarray(img[::-1])
        return img


class ToTensor(_Transform):
    def __init__(self, output_type=np.float32):
        self.output_type = output_type

    def __call__(self, img):
        img = _image('ToTensor', img)
        a = img.astype(np.float32) / np.float32(255.0)
        if a.ndim == 2:
            a = a.reshape(1, a.shape[0], a.shape[1])
        else:
            a = np.ascontiguousarray(a.transpose(2, 0, 1))
        return a.astype(self.output_type)
