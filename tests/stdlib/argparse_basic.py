# argparse: positional and optional arguments, types, defaults, choices,
# nargs, store_true, count, groups, combined short flags; --help output and
# the usage errors (stderr, exit status 2) exactly as CPython prints them.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: for m in ok help missing badint choice unknown noval; do \
# RUN:   %msc run %s $m > %t/msc.$m 2>&1; echo "status $?" >> %t/msc.$m; \
# RUN:   %python %s $m > %t/py.$m 2>&1; echo "status $?" >> %t/py.$m; \
# RUN:   diff %t/msc.$m %t/py.$m || exit 1; done
# RUN: FileCheck --check-prefix=OK %s < %t/msc.ok
# RUN: FileCheck --check-prefix=MISSING %s < %t/msc.missing
# OK: Namespace(data='d', epochs=3, lr=0.5, device='CPU', verbose=True, run_name=None, layers=[1, 2], seed=1, count=2)
# OK: status 0
# MISSING: usage: train.py [-h] [--epochs EPOCHS] [--lr LR] [--device {CPU,GPU}] [-v]
# MISSING: train.py: error: the following arguments are required: data
# MISSING-NEXT: status 2
import argparse
import sys
p = argparse.ArgumentParser(prog="train.py", description="Train LeNet on a dataset directory with a few options.")
p.add_argument("data", help="dataset dir")
p.add_argument("--epochs", type=int, default=10, help="number of epochs (default: %(default)s)")
p.add_argument("--lr", type=float, default=0.01)
p.add_argument("--device", choices=["CPU", "GPU"], default="CPU")
p.add_argument("-v", "--verbose", action="store_true")
p.add_argument("--name", dest="run_name", required=False, help="a long help text that will certainly need wrapping because it goes on and on beyond the width")
p.add_argument("--layers", type=int, nargs="+", default=[64])
g = p.add_argument_group("extra", "Extra settings.")
g.add_argument("--seed", type=int, default=1)
g.add_argument("-c", "--count", action="count", default=0)
mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
argsets = {"ok": ["d", "--epochs", "3", "--lr=0.5", "-v", "--layers", "1", "2", "-cc"],
           "help": ["-h"], "missing": [], "badint": ["d", "--epochs", "x"], "choice": ["d", "--device", "TPU"],
           "unknown": ["d", "--foo"], "noval": ["d", "--epochs"]}
args = p.parse_args(argsets[mode])
print(args)
print(args.epochs, args.lr, args.verbose, args.layers, args.run_name, args.count)
