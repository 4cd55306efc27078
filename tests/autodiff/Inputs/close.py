# close.py RTOL EXPECTED ACTUAL: the same text with every number within
# RTOL relative (plus 1e-6 absolute, for values near 0); exits 1 with a
# diff otherwise.
import re, sys
num = re.compile(r'[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf')
rtol = float(sys.argv[1])
a, b = (open(p).read() for p in sys.argv[2:4])
ta, tb = num.split(a), num.split(b)
na, nb = num.findall(a), num.findall(b)
ok = [t.split() for t in ta] == [t.split() for t in tb] and len(na) == len(nb)
bad = [(x, y) for x, y in zip(na, nb) if not (float(x) == float(y) or abs(float(x) - float(y)) <= 1e-6 + rtol * abs(float(x)))]
if not ok or bad:
    sys.stdout.write("expected:\n" + a + "actual:\n" + b + "first mismatches: %r\n" % bad[:5])
    sys.exit(1)
