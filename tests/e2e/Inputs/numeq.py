# numeq.py EXPECTED ACTUAL: same text, numbers within a relative 1e-5
# (float32 sums may be ordered differently); exits 1 with a diff otherwise.
import re, sys
num = re.compile(r'[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf')
a, b = (open(p).read() for p in sys.argv[1:3])
ta, tb = num.split(a), num.split(b)
na, nb = num.findall(a), num.findall(b)
ok = [t.split() for t in ta] == [t.split() for t in tb] and len(na) == len(nb)
ok = ok and all(float(x) == float(y) or abs(float(x) - float(y)) <= 1e-6 + 1e-5 * abs(float(x))
                for x, y in zip(na, nb))
if not ok:
    sys.stdout.write("expected:\n" + a + "actual:\n" + b)
    sys.exit(1)
