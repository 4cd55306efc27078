"""Writes the dataset fixtures of tests/dataset into OUT, with tools other
than msc, following the published layouts, and prints nothing.

  OUT/mnist/      train-images-idx3-ubyte, train-labels-idx1-ubyte (plain),
                  t10k-images-idx3-ubyte.gz, t10k-labels-idx1-ubyte.gz
                  (idx: magic 0x00000803 / 0x00000801, big-endian sizes)
  OUT/cifar10/    data_batch_1..5.bin, test_batch.bin (1 label byte + 3072)
  OUT/cifar100/   train.bin, test.bin (coarse, fine label bytes + 3072)
  OUT/folder/     ImageFolder tree: JPEGs by Debian's cjpeg (from PPM/PGM),
                  PNGs written here with zlib (grey, RGB, palette, grey+alpha,
                  16-bit RGBA, interlaced), and a .txt that extensions filter out
  OUT/pixels/     NAME.npy: what each PNG must decode to (computed from the
                  samples written, not by a decoder); JPEGs are checked
                  against djpeg by readers_ref.py
  OUT/data.csv, OUT/data2.csv
Usage: mkdata.py OUT
"""
import gzip
import os
import struct
import subprocess
import sys
import zlib

import numpy as np

out = sys.argv[1]
rs = np.random.RandomState(7)


def idx(path, arr, code, gz=False):
    head = struct.pack('>BBBB', 0, 0, code, arr.ndim) + struct.pack('>' + 'I' * arr.ndim, *arr.shape)
    data = head + arr.astype(arr.dtype.newbyteorder('>')).tobytes()
    if gz:
        with gzip.open(path + '.gz', 'wb') as f:
            f.write(data)
    else:
        with open(path, 'wb') as f:
            f.write(data)


def mnist():
    d = os.path.join(out, 'mnist')
    os.makedirs(d, exist_ok=True)
    tr = rs.randint(0, 256, (6, 28, 28)).astype(np.uint8)
    te = rs.randint(0, 256, (3, 28, 28)).astype(np.uint8)
    idx(os.path.join(d, 'train-images-idx3-ubyte'), tr, 8)
    idx(os.path.join(d, 'train-labels-idx1-ubyte'), rs.randint(0, 10, 6).astype(np.uint8), 8)
    idx(os.path.join(d, 't10k-images-idx3-ubyte'), te, 8, gz=True)
    idx(os.path.join(d, 't10k-labels-idx1-ubyte'), rs.randint(0, 10, 3).astype(np.uint8), 8, gz=True)


def cifar():
    d = os.path.join(out, 'cifar10')
    os.makedirs(d, exist_ok=True)
    names = [f'data_batch_{k}.bin' for k in range(1, 6)] + ['test_batch.bin']
    for n in names:
        recs = b''
        for _ in range(2):
            recs += bytes([rs.randint(0, 10)]) + rs.randint(0, 256, 3072).astype(np.uint8).tobytes()
        with open(os.path.join(d, n), 'wb') as f:
            f.write(recs)
    d = os.path.join(out, 'cifar100')
    os.makedirs(d, exist_ok=True)
    for n, k in (('train.bin', 3), ('test.bin', 2)):
        recs = b''
        for _ in range(k):
            recs += bytes([rs.randint(0, 20), rs.randint(0, 100)]) + rs.randint(0, 256, 3072).astype(np.uint8).tobytes()
        with open(os.path.join(d, n), 'wb') as f:
            f.write(recs)


def chunk(tag, data):
    c = struct.pack('>I', len(data)) + tag + data
    return c + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)


def png(path, samples, color_type, depth, palette=None, interlace=False):
    """samples: H x W x channels array of the stored sample values."""
    h, w = samples.shape[0], samples.shape[1]
    dt = '>u2' if depth == 16 else 'u1'

    def rows_of(img):
        raw = b''
        for y in range(img.shape[0]):
            raw += b'\x00' + img[y].astype(dt).tobytes()
        return raw
    if interlace:   # Adam7: the seven passes, each filtered by rows
        raw = b''
        for (x0, y0, dx, dy) in ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4),
                                 (1, 0, 2, 2), (0, 1, 1, 2)):
            sub = samples[y0::dy, x0::dx]
            if sub.shape[0] and sub.shape[1]:
                raw += rows_of(sub)
    else:
        raw = rows_of(samples)
    ihdr = struct.pack('>IIBBBBB', w, h, depth, color_type, 0, 0, 1 if interlace else 0)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr)
    if palette is not None:
        data += chunk(b'PLTE', palette.astype(np.uint8).tobytes())
    data += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(data)


def pnm(path, img):
    if img.ndim == 2:
        head = b'P5\n%d %d\n255\n' % (img.shape[1], img.shape[0])
    else:
        head = b'P6\n%d %d\n255\n' % (img.shape[1], img.shape[0])
    with open(path, 'wb') as f:
        f.write(head + img.astype(np.uint8).tobytes())


def folder():
    d = os.path.join(out, 'folder')
    px = os.path.join(out, 'pixels')
    for sub in ('cat', 'dog', 'empty'):
        os.makedirs(os.path.join(d, sub), exist_ok=True)
    os.makedirs(px, exist_ok=True)
    # a smooth picture so JPEG's pixels are meaningful
    yy, xx = np.mgrid[0:13, 0:17]
    rgb = np.stack([(xx * 15) % 256, (yy * 19) % 256, ((xx + yy) * 7) % 256], axis=2).astype(np.uint8)
    pnm(os.path.join(out, 'a.ppm'), rgb)
    subprocess.check_call(['cjpeg', '-quality', '90', '-outfile', os.path.join(d, 'cat', 'a.jpg'),
                           os.path.join(out, 'a.ppm')])
    pnm(os.path.join(out, 'g.pgm'), rgb[:, :, 1])
    subprocess.check_call(['cjpeg', '-quality', '85', '-outfile', os.path.join(d, 'dog', 'g.jpg'),
                           os.path.join(out, 'g.pgm')])
    # PNGs: RGB 8-bit, grey 8-bit, palette, grey+alpha, RGBA 16-bit, interlaced RGB
    img = rs.randint(0, 256, (5, 7, 3))
    png(os.path.join(d, 'cat', 'b.png'), img, 2, 8)
    np.save(os.path.join(px, 'b.npy'), img.astype(np.uint8))
    g = rs.randint(0, 256, (4, 6, 1))
    png(os.path.join(d, 'dog', 'c.png'), g, 0, 8)
    np.save(os.path.join(px, 'c.npy'), np.repeat(g, 3, axis=2).astype(np.uint8))
    pal = rs.randint(0, 256, (4, 3))
    ind = rs.randint(0, 4, (3, 5, 1))
    png(os.path.join(d, 'dog', 'd.png'), ind, 3, 8, palette=pal)
    np.save(os.path.join(px, 'd.npy'), pal[ind[:, :, 0]].astype(np.uint8))
    ga = rs.randint(0, 256, (3, 4, 2))
    png(os.path.join(d, 'dog', 'e.png'), ga, 4, 8)
    np.save(os.path.join(px, 'e.npy'), np.repeat(ga[:, :, :1], 3, axis=2).astype(np.uint8))
    rgba16 = rs.randint(0, 65536, (4, 3, 4))
    png(os.path.join(d, 'dog', 'f.png'), rgba16, 6, 16)
    np.save(os.path.join(px, 'f.npy'), (rgba16[:, :, :3] >> 8).astype(np.uint8))
    il = rs.randint(0, 256, (9, 11, 3))
    png(os.path.join(d, 'cat', 'h.png'), il, 2, 8, interlace=True)
    np.save(os.path.join(px, 'h.npy'), il.astype(np.uint8))
    with open(os.path.join(d, 'cat', 'notes.txt'), 'w') as f:
        f.write('not an image\n')


def csv():
    with open(os.path.join(out, 'data.csv'), 'w') as f:
        f.write('id,score,weight\n1,0.5,3\n2,,4\n3,"2.25",\n4,-1e2,7\n')
    with open(os.path.join(out, 'data2.csv'), 'w') as f:
        f.write('5;1.5;9\n6;2.5;10\n')


os.makedirs(out, exist_ok=True)
mnist()
cifar()
folder()
csv()
