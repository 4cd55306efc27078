#!/usr/bin/python3
"""print_diff.py — numpy-differential test of runtime/print.c.

    print_diff.py DRIVER WORKDIR [--seed N] [--show N]

Generates, with a fixed seed, a few thousand arrays with Debian's numpy
(1.24): every dtype the runtime prints, 0-d to 4-D, 0-size dims, size 1,
rows long enough to wrap, more than 1000 elements (summarisation),
magnitudes on both sides of the scientific-notation switch, integral
floats, nan/inf/-0., random bit patterns (subnormals included) and the
65536 float16 values. It writes them to WORKDIR/cases.bin, and the expected
text to WORKDIR/expected.MODE (records separated by NUL):
  numpy  str(a)                                   (SEMANTICS.md 1.1)
  graph  MindSpore's Tensor::ToStringNoLimit      (SEMANTICS.md 1.2)
  repr   MindSpore's Tensor::ToStringRepr
  nprepr numpy's repr(a) (0-d arrays too: "array(1.5, dtype=float32)";
         msc prints its numpy scalars, np.float32(1.5), with str)
The graph/repr expectations come from a line-by-line Python transcription
of MindSpore's C++ TensorStringifier (below), with printf formatting done
by Python's correctly rounded '%e'/'%g'.

Then it runs `DRIVER MODE WORKDIR/cases.bin` for each mode, compares byte
for byte, shows the first few differences and ends with
"N passed, N failed" (exit 1 if any failed).
"""
import argparse
import os
import struct
import subprocess
import sys

import numpy as np

# msrt_dtype codes (runtime/msrt.h)
DTYPES = {
    np.dtype(np.bool_): 0, np.dtype(np.int8): 1, np.dtype(np.uint8): 2,
    np.dtype(np.int16): 3, np.dtype(np.int32): 4, np.dtype(np.int64): 5,
    np.dtype(np.float16): 6, np.dtype(np.float32): 7,
    np.dtype(np.float64): 8, np.dtype(np.uint16): 9,
    np.dtype(np.uint32): 10, np.dtype(np.uint64): 11,
}
MS_NAMES = {
    np.dtype(np.bool_): "Bool", np.dtype(np.int8): "Int8",
    np.dtype(np.uint8): "UInt8", np.dtype(np.int16): "Int16",
    np.dtype(np.int32): "Int32", np.dtype(np.int64): "Int64",
    np.dtype(np.float16): "Float16", np.dtype(np.float32): "Float32",
    np.dtype(np.float64): "Float64", np.dtype(np.uint16): "UInt16",
    np.dtype(np.uint32): "UInt32", np.dtype(np.uint64): "UInt64",
}
FLOATS = [np.float16, np.float32, np.float64]
INTS = [np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint16,
        np.uint32, np.uint64]


# ---------------------------------------------------------------- cases

def random_shape(rng):
    nd = int(rng.integers(0, 5))
    dims = [0, 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 10]
    return tuple(int(rng.choice(dims)) for _ in range(nd))


def big_shape(rng):
    """A shape with more than 1000 elements (numpy summarises)."""
    return [(1001,), (1500,), (2000,), (40, 30), (7, 200), (200, 7),
            (11, 10, 10), (3, 4, 100), (2, 3, 4, 50), (8, 8, 8, 2),
            (7, 7, 7, 3), (1, 1, 1200), (1200, 1), (6, 6, 6, 6)][
        int(rng.integers(0, 14))]


def float_values(rng, dt, n):
    kind = int(rng.integers(0, 14))
    if kind == 0:
        v = rng.standard_normal(n)
    elif kind == 1:  # one magnitude, anywhere
        v = rng.standard_normal(n) * 10.0 ** int(rng.integers(-12, 13))
    elif kind == 2:  # mixed magnitudes: scientific by ratio
        v = rng.choice([-1, 1], n) * 10.0 ** rng.uniform(-8, 10, n)
    elif kind == 3:  # integral floats
        v = rng.integers(-120, 120, n).astype(np.float64)
    elif kind == 4:  # halves and quarters
        v = rng.integers(-40, 40, n) / 4.0
    elif kind == 5:  # around the switches: 1e-4, 1e8, ratio 1000
        base = float(rng.choice([1e-4, 1e8, 1e3, 1e-3, 1.0, 99999999.0]))
        v = base * (1 + rng.choice([-1, 0, 1], n) *
                    10.0 ** -rng.integers(1, 9, n))
    elif kind == 6:  # random bit patterns (subnormals, huge, nan, inf)
        itype = {2: np.uint16, 4: np.uint32, 8: np.uint64}[np.dtype(dt).itemsize]
        bits = rng.integers(0, np.iinfo(itype).max, n, dtype=itype,
                            endpoint=True)
        return bits.view(dt)
    elif kind == 7:  # uniform [0, 1) with few digits
        v = np.round(rng.random(n), int(rng.integers(0, 5)))
    elif kind == 8:
        v = np.zeros(n)
    elif kind == 9:  # big integral values (maxprec integer digits)
        v = np.round(rng.standard_normal(n) * 10.0 ** int(rng.integers(5, 9)))
    elif kind == 10:  # tiny
        v = rng.standard_normal(n) * 10.0 ** float(rng.uniform(-300, -5))
    elif kind == 11:  # huge
        v = rng.standard_normal(n) * 10.0 ** float(rng.uniform(8, 300))
    elif kind == 12:  # decimals that are not exact in binary
        v = rng.integers(-9999, 9999, n) / 10.0 ** int(rng.integers(1, 6))
    else:  # exact ratio 1000 and friends
        v = rng.choice([1.0, 1000.0, 1000.0001, 0.001, 1e-4, 9.9999e-5,
                        1e8, 99999999.0, 100000000.5], n)
    with np.errstate(over="ignore", invalid="ignore"):
        a = v.astype(dt)
    if rng.random() < 0.3:  # sprinkle specials
        specials = np.array([np.nan, np.inf, -np.inf, -0.0, 0.0], dtype=dt)
        mask = rng.random(n) < 0.2
        a[mask] = rng.choice(specials, int(mask.sum()))
    if rng.random() < 0.05:
        a[:] = rng.choice([np.nan, np.inf, -np.inf, -0.0])
    return a


def int_values(rng, dt, n):
    info = np.iinfo(dt)
    kind = int(rng.integers(0, 4))
    if kind == 0:
        lo, hi = info.min, info.max
    elif kind == 1:
        lo, hi = max(info.min, -10), min(info.max, 10)
    elif kind == 2:
        lo, hi = 0, min(info.max, 1000)
    else:
        lo, hi = max(info.min, -100000), min(info.max, 100000)
    return rng.integers(lo, hi, n, dtype=dt, endpoint=True)


def make_array(rng, dt, shape):
    n = int(np.prod(shape)) if shape else 1
    if dt is np.bool_:
        a = rng.random(n) < float(rng.choice([0.0, 0.5, 1.0]))
    elif dt in FLOATS:
        a = float_values(rng, dt, n)
    else:
        a = int_values(rng, dt, n)
    return np.asarray(a, dtype=dt).reshape(shape)


def make_cases(seed):
    rng = np.random.default_rng(seed)
    all_dt = FLOATS + INTS + [np.bool_]
    weights = [3, 4, 4] + [1] * len(INTS) + [1]
    p = np.array(weights, float) / sum(weights)
    cases = []
    for i in range(3000):
        dt = all_dt[int(rng.choice(len(all_dt), p=p))]
        r = rng.random()
        if r < 0.6:
            shape = random_shape(rng)
        elif r < 0.85:  # rows that wrap at 75 columns
            shape = (int(rng.integers(5, 60)),) if rng.random() < 0.6 else \
                (int(rng.integers(1, 4)), int(rng.integers(8, 40)))
        elif r < 0.95:
            shape = big_shape(rng)
        else:  # exactly at the threshold
            shape = [(1000,), (10, 100), (1001,), (7, 143), (143, 7),
                     (0, 3), (3, 0, 2), (0,)][int(rng.integers(0, 8))]
        cases.append(make_array(rng, dt, shape))
    # Every float16 value: as a 0-d scalar, in (16, 32) arrays, and every
    # fourth one alone in a 1-element array.
    h = np.arange(65536, dtype=np.uint16).view(np.float16)
    for x in h:
        cases.append(np.array(x))
    for chunk in np.split(h, 128):
        cases.append(chunk.reshape(16, 32))
    for x in h[::4]:
        cases.append(np.array([x]))
    # Random float32 / float64 bit patterns as scalars.
    b32 = rng.integers(0, 2**32, 4000, dtype=np.uint64).astype(np.uint32)
    for x in b32.view(np.float32):
        cases.append(np.array(x))
    b64 = rng.integers(0, 2**63, 2000, dtype=np.uint64) * 2 + 1
    for x in b64.view(np.float64):
        cases.append(np.array(x))
    for x in rng.standard_normal(1000).astype(np.float32):
        cases.append(np.array([x]))
    # Hand-picked.
    extra = [
        np.array([-1.8809001, 2.0400267, 0.32370526], np.float32),
        np.array([[4.51, 2.7, 3.6], [1.0, 2.0, 3.0]], np.float32),
        np.array(4.0, np.float32), np.array(3.25, np.float32),
        np.array(1e-5, np.float32), np.array(np.inf, np.float32),
        np.array(-0.0), np.array(7), np.array(True), np.array(1e16),
        np.array(1e15), np.array(0.0001), np.array(9.999e-5),
        np.array([1.0, 2.5]), np.array([np.nan, 1.5, -np.inf]),
        np.array([-0.0, 1.0]), np.array([1e23, 1.0]),
        np.array([99999992, 16777217], np.float32),
        np.array([0.1, 1.2345678e-5], np.float32),
        np.arange(2000, dtype=np.float32).reshape(2, 1000) / 7,
        np.zeros((2, 3, 4)), np.ones((2, 2, 2, 2), np.int64),
        np.array([[1e-300, 1e300]]), np.array([5e-324, 1.0]),
        np.array([np.finfo(np.float64).max]),
        np.array([np.finfo(np.float32).tiny], np.float32),
    ]
    cases.extend(extra)
    cases.extend(small_dtype_cases())
    return cases


def small_dtype_cases():
    """int8 / uint8 / int16 / float16 by hand: float16 extremes (65504,
    the 6e-08 subnormal, inf, nan, -0.0), wide int8 columns with negative
    numbers, summarised (> 1000 elements) arrays of each."""
    f16 = np.float16
    out = [
        np.array([65504, -65504, 6e-08, -6e-08, 1e-07, 6.104e-05, np.inf, -np.inf, np.nan, -0.0, 0.0], f16),
        np.array([65504], f16), np.array(65504, f16), np.array(6e-08, f16), np.array(-6e-08, f16),
        np.array(-0.0, f16), np.array(np.nan, f16), np.array(-np.inf, f16), np.array([6e-08, 1.2e-07], f16),
        np.array([[65504, 6e-08], [np.nan, -0.0]], f16), np.array([-0.0, 1.0, 2.0], f16),
        np.array([0.1, 0.2, 0.30004], f16), np.array([1000.0, 1.0, 0.001], f16),
        np.array([np.inf, 1.0, -0.0], f16), np.array([65504, 1.0], f16),
        (np.arange(-1100, 1100) / 3).astype(f16),
        (np.arange(1200) * 53.3).astype(f16).reshape(40, 30),
        np.full((1001,), 6e-08, f16), np.full((3, 400), -65504, f16),
        np.arange(-128, 128, dtype=np.int64).astype(np.int8),
        np.arange(-128, 128, dtype=np.int64).astype(np.int8).reshape(16, 16),
        np.arange(-128, 128, dtype=np.int64).astype(np.int8).reshape(4, 8, 8),
        np.array([[-128, 5], [7, -1]], np.int8), np.array([[-1, -2, -3]] * 3, np.int8),
        np.array([-128], np.int8), np.array(-128, np.int8), np.array(127, np.int8),
        np.array([255, 0, 128], np.uint8), np.array(255, np.uint8),
        np.arange(256, dtype=np.int64).astype(np.uint8).reshape(8, 32),
        np.array([-32768, 32767, 0, -1], np.int16), np.array(-32768, np.int16),
        (np.arange(300, dtype=np.int64) * 219 - 32768).astype(np.int16).reshape(10, 30),
        (np.arange(2000, dtype=np.int64) * 37).astype(np.int8),
        (np.arange(2000, dtype=np.int64) * 37).astype(np.uint8).reshape(20, 100),
        (np.arange(3000, dtype=np.int64) * 1237).astype(np.int16).reshape(10, 10, 30),
        np.zeros((0, 4), np.int8), np.zeros((0,), np.uint8), np.zeros((2, 0), f16), np.zeros((0,), np.int16),
    ]
    return out


def np_repr(a):
    """numpy's repr of the array (0-d ones included)."""
    return repr(a)


def write_cases(path, cases):
    with open(path, "wb") as f:
        for a in cases:
            raw = a.tobytes(order="C")  # (ascontiguousarray makes 0-d 1-d)
            f.write(struct.pack("<II", DTYPES[a.dtype], a.ndim))
            f.write(struct.pack("<%dq" % a.ndim, *a.shape))
            f.write(struct.pack("<Q", len(raw)))
            f.write(raw)


# ------------------------------------------- MindSpore's C++ printer

K_THRESHOLD, K_THRESHOLD_1D = 6, 1000


def c_float(x, spec):
    """C printf of a float: like Python's, but nan keeps its sign."""
    x = float(x)
    if np.isnan(x):
        s = "-nan" if np.signbit(x) else "nan"
        width = spec.split(".")[0].lstrip("%")
        return s.rjust(int(width)) if width.isdigit() else s
    return spec % x


class Stringifier:
    """MindSpore's TensorStringifier<T> (mindspore/core/ir/tensor.cc)."""

    def __init__(self, a):
        self.dt = a.dtype
        self.data = a.reshape(-1)
        self.ndim = a.ndim
        self.is_float = a.dtype.kind == "f"
        self.is_bool = a.dtype.kind == "b"

    def to_string(self, shape, use_comma):
        if self.data.size == 0:
            return ""
        if self.data.size == 1 and self.ndim == 0:
            return self.output(0, 0, 1, False, [0])
        ss, cursor, width = [], [0], [0]
        self.summary(ss, shape, cursor, 0, use_comma, width)
        s = "".join(ss)
        if self.is_float or self.is_bool:
            return s
        out, i = [], 0
        while i < len(s):  # ProcessPlaceholder
            if s[i] == "#":
                j = i
                while j < len(s) and s[j] == "#":
                    j += 1
                out.append(" " * (width[0] - (j - i)))
                i = j
            else:
                out.append(s[i])
                i += 1
        return "".join(out)

    def elem(self, v, scalar, width):
        if self.is_float:
            if scalar:
                return c_float(v, "%g")
            return c_float(v, "%11.4e" if self.dt == np.float16 else "%15.8e")
        if self.is_bool:
            return ("True" if v else "False") if scalar else \
                ("True" if v else "False").rjust(5)
        s = str(int(v))
        if scalar:
            return s
        width[0] = max(width[0], len(s))
        return "#" * len(s) + s

    def output(self, cursor, start, end, use_comma, width):
        scalar = self.ndim == 0 and end - start == 1
        feed = 12 if (self.is_float or self.is_bool) else 24
        ss = []
        i = start
        while i < end and cursor + i < self.data.size:
            ss.append(self.elem(self.data[cursor + i], scalar, width))
            if not scalar and i != end - 1:
                if use_comma:
                    ss.append(",")
                ss.append(" ")
            if (not scalar and self.ndim == 1 and end - start > 3 and
                    (i + 1) % feed == 0):
                ss.append("\n ")
            i += 1
        return "".join(ss)

    def summary(self, ss, shape, cursor, depth, use_comma, width):
        if depth >= self.ndim:
            return
        ss.append("[")
        if depth == self.ndim - 1:
            num = shape[depth]
            if (num > K_THRESHOLD and self.ndim > 1) or \
                    (num > K_THRESHOLD_1D and self.ndim == 1):
                ss.append(self.output(cursor[0], 0, 3, use_comma, width))
                ss.append(" ... ")
                ss.append(self.output(cursor[0], num - 3, num, use_comma,
                                      width))
            else:
                ss.append(self.output(cursor[0], 0, num, use_comma, width))
            cursor[0] += num
        else:
            num = shape[depth]
            for i in range(min(3, num)):
                if i > 0:
                    if use_comma:
                        ss.append(",")
                    ss.append("\n" + " " * (depth + 1))
                self.summary(ss, shape, cursor, depth + 1, use_comma, width)
            if num > K_THRESHOLD:
                if use_comma:
                    ss.append(",")
                ss.append("\n" + " " * (depth + 1) + "...")
                ignored = int(np.prod(shape[depth + 1:])) * (num - K_THRESHOLD)
                cursor[0] += ignored
            if num > 3:
                for i in range(min(num - 3, 3)):
                    if use_comma and (i != 0 or num <= K_THRESHOLD):
                        ss.append(",")
                    ss.append("\n" + " " * (depth + 1))
                    self.summary(ss, shape, cursor, depth + 1, use_comma,
                                 width)
        ss.append("]")


def ms_header(a):
    return "Tensor(shape=[%s], dtype=%s, value=" % (
        ", ".join(str(d) for d in a.shape), MS_NAMES[a.dtype])


def ms_graph(a):  # Tensor::ToStringNoLimit
    data = Stringifier(a).to_string(a.shape, False)
    return ms_header(a) + ("\n" if a.ndim > 1 else "") + data + ")"


def ms_repr(a):  # Tensor::ToStringRepr
    data = Stringifier(a).to_string(a.shape, True)
    return ms_header(a) + ("\n" if a.ndim > 1 else " ") + data + ")"


# ---------------------------------------------------------------- compare

def describe(a):
    return "%s%s" % (a.dtype, tuple(a.shape))


def first_diff_line(exp, got):
    el, gl = exp.split("\n"), got.split("\n")
    for i in range(max(len(el), len(gl))):
        e = el[i] if i < len(el) else "<missing>"
        g = gl[i] if i < len(gl) else "<missing>"
        if e != g:
            return i + 1, e, g
    return 0, "", ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("driver")
    ap.add_argument("workdir")
    ap.add_argument("--seed", type=int, default=20240)
    ap.add_argument("--show", type=int, default=5)
    ap.add_argument("--modes", default="numpy,graph,repr,nprepr")
    args = ap.parse_args()
    os.makedirs(args.workdir, exist_ok=True)

    cases = make_cases(args.seed)
    path = os.path.join(args.workdir, "cases.bin")
    write_cases(path, cases)
    ref = {"numpy": str, "graph": ms_graph, "repr": ms_repr, "nprepr": np_repr}
    passed = failed = 0
    for mode in args.modes.split(","):
        expected = [ref[mode](a) for a in cases]
        with open(os.path.join(args.workdir, "expected." + mode), "wb") as f:
            f.write(b"".join(e.encode() + b"\0" for e in expected))
        out = subprocess.run([args.driver, mode, path], stdout=subprocess.PIPE)
        if out.returncode != 0:
            print("print_diff: %s %s exited %d" % (args.driver, mode,
                                                    out.returncode))
            failed += len(cases)
            continue
        with open(os.path.join(args.workdir, "actual." + mode), "wb") as f:
            f.write(out.stdout)
        got = out.stdout.decode("utf-8", "replace").split("\0")[:-1]
        if len(got) != len(cases):
            print("print_diff: %s: driver printed %d records for %d cases"
                  % (mode, len(got), len(cases)))
        shown = mode_fail = 0
        for i, a in enumerate(cases):
            g = got[i] if i < len(got) else "<nothing>"
            if g == expected[i]:
                passed += 1
                continue
            failed += 1
            mode_fail += 1
            if shown < args.show:
                shown += 1
                ln, e, gl = first_diff_line(expected[i], g)
                print("FAIL %s case %d %s, line %d" % (mode, i, describe(a),
                                                        ln))
                print("  data:     %r" % (a.reshape(-1)[:8].tolist(),))
                print("  expected: %r" % e)
                print("  got:      %r" % gl)
        print("print-diff %-5s %d cases, %d failed" % (mode, len(cases),
                                                      mode_fail))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
