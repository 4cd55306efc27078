# json: dumps (indent, sort_keys, separators, ensure_ascii, default), loads
# (escapes, surrogate pairs), dump/load through a file, and the
# JSONDecodeError messages. Diffed against CPython.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: %msc run %s %t/c.json > %t/msc.out && %python %s %t/c.json > %t/py.out && diff %t/msc.out %t/py.out
# RUN: FileCheck %s < %t/msc.out
# CHECK: JSONDecodeError Expecting value: line 1 column 1 (char 0) True
import json
import sys
cfg = {"lr": 0.01, "epochs": 10, "layers": [64, 128, 10], "name": "lenet", "use_bn": True,
       "drop": None, "nested": {"b": 1, "a": [1.5, -2e-7, 1e22]}, "uni": "é\n\"q\"", "empty": {}, "el": []}
print(json.dumps(cfg))
print(json.dumps(cfg, indent=2, sort_keys=True))
print(json.dumps(cfg, indent="\t", separators=(",", ":"), ensure_ascii=False))
print(json.dumps([1, (2, 3)], separators=(",", ":")), json.dumps("x"), json.dumps(3.0), json.dumps({1: 2, True: 3}))
s = json.dumps(cfg, indent=4)
back = json.loads(s)
print(back == cfg, back["nested"]["a"], type(back["epochs"]).__name__)
print(json.loads('{"a": [1, 2.5, "x\\u00e9\\ud83d\\ude00", null, true, false], "b": {"c": -0.5e3}}'))
with open(sys.argv[1], "w") as f:
    json.dump(cfg, f, indent=1)
with open(sys.argv[1]) as f:
    print(json.load(f) == cfg)
for bad in ['{"a": 1,}', '[1, 2', '{"a" 1}', 'nul', '[1] x', '"abc', "{'a': 1}"]:
    try:
        json.loads(bad)
    except json.JSONDecodeError as e:
        print(type(e).__name__, e, isinstance(e, ValueError))
try:
    json.dumps({"s": {1, 2}})
except TypeError as e:
    print(e)
print(json.dumps({"s": {1, 2}}, default=sorted))
