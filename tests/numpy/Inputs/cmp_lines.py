"""cmp_lines.py MSC_OUT NUMPY_OUT: compares two outputs line by line and
names the first mismatching line (with both texts) so that a bit-level
difference in a random stream is easy to localise. Exit 1 on mismatch."""
import sys

a = open(sys.argv[1]).read().splitlines()
b = open(sys.argv[2]).read().splitlines()
for i, (x, y) in enumerate(zip(a, b)):
    if x != y:
        print(f'line {i + 1} differs:\n  msc:   {x[:400]}\n  numpy: {y[:400]}')
        sys.exit(1)
if len(a) != len(b):
    print(f'msc printed {len(a)} lines, numpy {len(b)}')
    sys.exit(1)
if not a:
    print('empty outputs')
    sys.exit(1)
print(f'{len(a)} lines identical')
