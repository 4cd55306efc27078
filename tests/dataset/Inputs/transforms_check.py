"""Checks tests/dataset/transforms.py's saved results against numpy
implementations written here from the documented definitions (float64
arithmetic, then compared with a tolerance where float32 rounding may
differ; exactly where the operation is exact)."""
import sys
import numpy as np

d = sys.argv[1]
img = np.load(f'{d}/in_img.npy')
imgf = np.load(f'{d}/in_imgf.npy')
imgs = np.load(f'{d}/in_imgs.npy')
bad = []
count = [0]


def check(name, ref, exact=False, atol=1e-5, dtype=np.float32):
    count[0] += 1
    got = np.load(f'{d}/{name}.npy')
    ref = np.asarray(ref)
    if not exact and got.dtype != dtype:
        bad.append(f'{name}: dtype {got.dtype}, expected {np.dtype(dtype)}')
    if got.shape != ref.shape or (exact and got.dtype != ref.dtype):
        bad.append(f'{name}: {got.dtype}{list(got.shape)} vs {ref.dtype}{list(ref.shape)}')
        return
    if exact:
        ok = np.array_equal(got, ref)
    else:
        ok = np.allclose(got.astype(np.float64), ref.astype(np.float64), rtol=1e-5, atol=atol)
    if not ok:
        bad.append(f'{name}: max diff {np.abs(got.astype(np.float64) - ref.astype(np.float64)).max()}')


def bilinear(a, h, w):
    H, W = a.shape[:2]
    out = np.zeros((h, w) + a.shape[2:])
    for y in range(h):
        sy = min(max((y + 0.5) * H / h - 0.5, 0), H - 1)
        y0 = int(np.floor(sy)); y1 = min(y0 + 1, H - 1); fy = sy - y0
        for x in range(w):
            sx = min(max((x + 0.5) * W / w - 0.5, 0), W - 1)
            x0 = int(np.floor(sx)); x1 = min(x0 + 1, W - 1); fx = sx - x0
            top = a[y0, x0] * (1 - fx) + a[y0, x1] * fx
            bot = a[y1, x0] * (1 - fx) + a[y1, x1] * fx
            out[y, x] = top * (1 - fy) + bot * fy
    return out


x = img.astype(np.float64)
check('rescale', x / 255 - 0.5)
check('normalize', (x - [10, 20, 30]) / [2, 4, 8])
check('normalize_chw', (x.transpose(2, 0, 1) - np.array([1, 2, 3]).reshape(3, 1, 1)) /
      np.array([0.5, 0.25, 2]).reshape(3, 1, 1))
check('hwc2chw', img.transpose(2, 0, 1), exact=True)
check('resize_u8', bilinear(x, 4, 13), atol=1.0, dtype=np.uint8)   # rounded to uint8: within 1 of the exact value
check('resize_f', bilinear(imgf.astype(np.float64), 11, 3), atol=1e-5)
check('resize_short', bilinear(x, 4, 6), atol=1.0, dtype=np.uint8)   # 6x9: shorter side 6 -> 4, 9 -> int(4 * 9 / 6) = 6
ys = [int(np.floor(i * 6 / 4)) for i in range(4)]
xs = [int(np.floor(i * 9 / 5)) for i in range(5)]
check('resize_nearest', img[ys][:, xs], exact=True)
check('centercrop', img[1:4, 2:6], exact=True)
check('totensor', (x / 255).transpose(2, 0, 1))
rs = np.random.RandomState(5)
pad = np.zeros((8, 11, 3), np.uint8)
pad[1:7, 1:10] = img
for k in range(2):
    t = rs.randint(0, 8 - 4 + 1); l = rs.randint(0, 11 - 6 + 1)
    check(f'randomcrop{k}', pad[t:t + 4, l:l + 6], exact=True)
rs = np.random.RandomState(5)
check('hflip', np.stack([img[:, ::-1] if rs.rand() < 0.5 else img for _ in range(6)]), exact=True)
rs = np.random.RandomState(5)
check('vflip', np.stack([img[::-1] if rs.rand() < 0.7 else img for _ in range(6)]), exact=True)
check('typecast', img.astype(np.int16), exact=True)
check('onehot', np.eye(5, dtype=np.int32)[[3, 0, 4]], exact=True)
check('onehot_scalar', np.eye(4, dtype=np.uint32)[2], exact=True)
check('onehot_smooth', np.eye(4)[[1, 3]] * 0.8 + 0.05)
check('fill', np.full(img.shape, 7, np.uint8), exact=True)
check('compose', (x * 2 + 1).transpose(2, 0, 1))
check('pipe_images', ((imgs.astype(np.float64) / 255 - 0.5) / 0.25).transpose(0, 3, 1, 2))
check('pipe_labels', np.eye(3)[[0, 2, 1, 2, 0]].astype(np.float32), exact=True)
for b in bad:
    print('MISMATCH', b)
print(f'checked {count[0]} results, {len(bad)} mismatches')
