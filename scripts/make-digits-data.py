#!/usr/bin/python3
"""Convert scikit-learn's 8x8 handwritten digits into samples/data/.

Run once (the outputs are committed):

    /usr/bin/python3 scripts/make-digits-data.py [OUTDIR]     # default samples/data

Input: digits.csv.gz as shipped by Debian's python3-sklearn
(sklearn/datasets/data/digits.csv.gz: 1797 rows of 64 pixel values 0..16 and
the label 0..9; the UCI "Optical Recognition of Handwritten Digits" test set,
the same data `sklearn.datasets.load_digits()` returns).

Outputs (numpy .npz archives, members stored deflated):
    digits_train.npz   x: uint8 (1437, 64), pixels 0..16   y: int32 (1437,), labels 0..9
    digits_test.npz    x: uint8 (360, 64)                   y: int32 (360,)

The split is fixed: perm = numpy.random.RandomState(0).permutation(1797)
(numpy's legacy MT19937 stream, stable across numpy versions); the rows
perm[:1437] are the training split and perm[1437:] the test split, each in
that permuted order. Scripts scale the pixels themselves:
x.astype(np.float32) / 16 gives features in [0, 1].

The archives are byte-reproducible: the zip entries carry a fixed timestamp
(1980-01-01 00:00:00), so rerunning the script gives identical files.
"""
import gzip
import importlib.util
import io
import os
import sys
import zipfile

import numpy as np

N_TEST = 360
SPLIT_SEED = 0


def find_csv():
    candidates = ['/usr/lib/python3/dist-packages/sklearn/datasets/data/digits.csv.gz']
    spec = importlib.util.find_spec('sklearn')
    if spec is not None and spec.origin:
        candidates.append(os.path.join(os.path.dirname(spec.origin), 'datasets', 'data', 'digits.csv.gz'))
    for c in candidates:
        if os.path.exists(c):
            return c
    sys.exit('make-digits-data: digits.csv.gz not found; install python3-sklearn (apt-get install python3-sklearn)')


def save_npz(path, arrays):
    """np.savez_compressed with a fixed zip timestamp (reproducible bytes)."""
    with zipfile.ZipFile(path, 'w', compression=zipfile.ZIP_DEFLATED) as zf:
        for name, arr in arrays:
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(arr), allow_pickle=False)
            info = zipfile.ZipInfo(name + '.npy', date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, buf.getvalue())


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'samples', 'data')
    src = find_csv()
    with gzip.open(src, 'rt') as f:
        table = np.loadtxt(f, delimiter=',', dtype=np.int64)
    if table.shape != (1797, 65):
        sys.exit(f'make-digits-data: unexpected shape {table.shape} in {src}')
    x = table[:, :64]
    y = table[:, 64]
    if x.min() < 0 or x.max() > 16 or y.min() < 0 or y.max() > 9:
        sys.exit('make-digits-data: values out of range')
    x = x.astype(np.uint8)
    y = y.astype(np.int32)
    perm = np.random.RandomState(SPLIT_SEED).permutation(len(y))
    train, test = perm[:len(y) - N_TEST], perm[len(y) - N_TEST:]
    os.makedirs(outdir, exist_ok=True)
    save_npz(os.path.join(outdir, 'digits_train.npz'), [('x', x[train]), ('y', y[train])])
    save_npz(os.path.join(outdir, 'digits_test.npz'), [('x', x[test]), ('y', y[test])])
    print(f'{src}: {len(y)} samples -> {outdir}/digits_train.npz ({len(train)}), '
          f'{outdir}/digits_test.npz ({len(test)})')
    print('train label counts:', np.bincount(y[train], minlength=10).tolist())
    print('test label counts: ', np.bincount(y[test], minlength=10).tolist())


if __name__ == '__main__':
    main()
