# RUN: rm -rf %t && mkdir -p %t
# RUN: %python %s --msc "%msc" --out %t --script %S/Inputs/graph_outputs_net.py
#
# Issue 26 item 1: graphs whose outputs are a Parameter, an input, a
# constant, the same node twice, a view of a Parameter or an input, a Load
# after an Assign, or an operand once simplify removed an identity op (the
# identity Transpose of a Parameter: "output 2 of @Transpose_construct is
# not a tensor" before). Inputs/graph_outputs_net.py runs in PyNative, on the
# cc backend at -O0, -O1, -O2 and --passes=simplify, and on the reference
# backend at -O0, -O1, -O2; every way's values are compared with numpy's.
# Graph mode gives the caller a copy (writing into a returned Parameter or
# input changes neither); PyNative returns the objects themselves, as
# MindSpore does (construct returns self.w: the Parameter).
import argparse
import os
import re
import subprocess
import sys

import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument("--msc", required=True)
ap.add_argument("--out", required=True)
ap.add_argument("--script", required=True)
args = ap.parse_args()

W = np.arange(24, dtype=np.float32).reshape(2, 3, 4) - 5.5
X = (np.arange(6, dtype=np.float32).reshape(2, 3) + 1) * 0.25
C = np.arange(40, dtype=np.float32) * 0.5
I = np.array([[3, -1], [7, 2]], np.int32)

EXPECT = {
    "Transposes": [W.transpose(1, 0, 2), W, W.transpose(2, 1, 0)],
    "Param": [W],
    "ParamInt": [I, X],
    "Input": [X],
    "Twice": [X, W, X * 2, X, X * 2, W, X * 2 + 1],
    "Consts": [C, np.full((2, 2), 5.0, np.float32), np.full((2, 2), 10.0, np.float32),
               np.full((2, 3), 2.0, np.float32), X],
    "ParamViews": [W.reshape(6, 4), W[None], W, W.reshape(2, 12)],
    "InputViews": [X.reshape(6), X[:, None, :], X, X, X],
    "ParamView": [W.reshape(24)],
    "Identities": [X, X, X, X, W],
    "LoadAfterAssign": [X, X.reshape(3, 2), X],
    "LoadAfterAssign2": [X * 2, (X * 2).reshape(3, 2), X],
}
mutated = W.copy()
mutated[0, 0, 0] = 100.0
x_mut = X.copy()
x_mut[1, 1] = -7.0


def expected(way):
    e = dict(EXPECT)
    e["ParamMutated"] = [mutated]
    alias = way == "pynative"  # the Parameter object itself
    e["ParamAgain"] = [mutated if alias else W]
    e["ParamValue"] = [mutated if alias else W]
    e["InputAfter"] = [x_mut if alias else X]
    return e


WAYS = [("pynative", ["--mode=pynative"])]
for lv in ("-O0", "-O1", "-O2", "--passes=simplify"):
    WAYS.append(("cc" + lv, ["--backend=cc", lv]))
for lv in ("-O0", "-O1", "-O2"):
    WAYS.append(("ref" + lv, ["--backend=ref", lv]))

line_re = re.compile(r"^CASE (\S+) (\d+) (\S+) \(([^)]*)\) \[(.*)\]$")
env = dict(os.environ, MSC_CACHE_DIR=os.path.join(args.out, "cache"))
failures = 0
for name, opts in WAYS:
    p = subprocess.run(args.msc.split() + ["run"] + opts + [args.script], capture_output=True, text=True, env=env)
    if p.returncode != 0:
        print("FAIL %s: exit %d\n%s" % (name, p.returncode, p.stderr))
        failures += 1
        continue
    got = {}
    for ln in p.stdout.splitlines():
        m = line_re.match(ln)
        if not m:
            print("FAIL %s: unexpected line %r" % (name, ln))
            failures += 1
            continue
        case, k, dt, shape, vals = m.groups()
        shape = tuple(int(s) for s in shape.split(",") if s.strip())
        vals = [float(v) for v in vals.split(",")] if vals.strip() else []
        got.setdefault(case, []).append((int(k), dt, shape, vals))
    exp = expected(name)
    for case, outs in exp.items():
        g = got.get(case)
        if g is None or len(g) != len(outs):
            print("FAIL %s %s: %d outputs, want %d" % (name, case, len(g or []), len(outs)))
            failures += 1
            continue
        for (k, dt, shape, vals), want in zip(g, outs):
            ok = dt == str(want.dtype) and shape == want.shape and vals == want.reshape(-1).astype(float).tolist()
            if not ok:
                print("FAIL %s %s output %d: got %s %s %s, want %s %s %s" % (
                    name, case, k, dt, shape, vals, want.dtype, want.shape, want.reshape(-1).tolist()))
                failures += 1
    extra = set(got) - set(exp)
    if extra:
        print("FAIL %s: unexpected cases %s" % (name, sorted(extra)))
        failures += 1
    print("%s: %d cases" % (name, len(got)))
if failures:
    print("%d failures" % failures)
    sys.exit(1)
print("ok")
