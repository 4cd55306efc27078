"""Damaged fixtures for tests/dataset/errors.py, derived from mkdata.py's
good ones in OUT: OUT/bad/mnist (bad idx magic), OUT/bad/mnist_missing
(no test files), OUT/bad/cifar10 (a batch of the wrong size),
OUT/bad/folder/x/{cut.jpg (truncated), crc.png (CRC error), junk.png (not an image)}."""
import os
import shutil
import sys

out = sys.argv[1]
b = os.path.join(out, 'bad')
os.makedirs(os.path.join(b, 'mnist'))
shutil.copytree(os.path.join(out, 'mnist'), os.path.join(b, 'mnist_missing'))
os.remove(os.path.join(b, 'mnist_missing', 't10k-images-idx3-ubyte.gz'))
for n in os.listdir(os.path.join(out, 'mnist')):
    shutil.copy(os.path.join(out, 'mnist', n), os.path.join(b, 'mnist', n))
with open(os.path.join(b, 'mnist', 'train-images-idx3-ubyte'), 'r+b') as f:
    f.write(b'\x01\x02')
shutil.copytree(os.path.join(out, 'cifar10'), os.path.join(b, 'cifar10'))
with open(os.path.join(b, 'cifar10', 'data_batch_3.bin'), 'ab') as f:
    f.write(b'\x00' * 7)
for sub in ('cut', 'crc', 'junk'):
    os.makedirs(os.path.join(b, sub, 'x'))
jpg = open(os.path.join(out, 'folder', 'cat', 'a.jpg'), 'rb').read()
open(os.path.join(b, 'cut', 'x', 'cut.jpg'), 'wb').write(jpg[:len(jpg) // 2])
png = bytearray(open(os.path.join(out, 'folder', 'cat', 'b.png'), 'rb').read())
png[45] ^= 0xff   # inside IDAT's data (IDAT's type is bytes 37-40)
open(os.path.join(b, 'crc', 'x', 'crc.png'), 'wb').write(bytes(png))
open(os.path.join(b, 'junk', 'x', 'junk.png'), 'wb').write(b'GIF89a not really')
