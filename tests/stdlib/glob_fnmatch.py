# RUN: rm -rf %t && mkdir -p %t/msc %t/py
# RUN: %msc run %s %t/msc > %t/msc.out && %python %s %t/py > %t/py.out && diff %t/msc.out %t/py.out
# RUN: FileCheck %s < %t/msc.out
# CHECK: recursive src/** ['src/', 'src/model.py', 'src/pkg', 'src/pkg/__init__.py', 'src/pkg/util.py']
# CHECK: '[!a-c]*' ['.h.py', '[x]', 'd-e', 'f]g'] False True
# glob and fnmatch (issue 24): patterns per path component, '**' with
# recursive=True, hidden files, root_dir, escape; fnmatch's classes and
# ranges. Results are sorted: CPython gives os.listdir's (file-system) order.
import fnmatch
import glob
import os
import sys

root = sys.argv[1]
os.chdir(root)
for d in ["data/train", "data/val", "data/.cache", "src/pkg", "empty"]:
    os.makedirs(d, exist_ok=True)
for f in ["data/train/a1.bin", "data/train/a2.bin", "data/train/b.txt", "data/val/c1.bin",
          "data/.cache/x.bin", "data/.hidden.bin", "src/model.py", "src/pkg/__init__.py",
          "src/pkg/util.py", "README.md", "x[1].txt", "q?.txt"]:
    with open(f, "w") as fh:
        fh.write(f)
pats = ["*", "*.md", "data/*", "data/*/*.bin", "data/train/a?.bin", "data/train/[ab]*", "data/train/[!a]*",
        "*/*/*.py", "src/**/*.py", "nothing/*", "README.md", "missing.md", "data/", "data/train/",
        "data/.*", "x[1].txt", glob.escape("x[1].txt"), glob.escape("q?.txt"), "data/[tv]*/*[0-9].bin",
        "data/*/a[1-1].bin", "**", "src/**"]
for p in pats:
    print(p, sorted(glob.glob(p)))
for p in ["**", "src/**", "**/*.py", "data/**/*.bin", "**/"]:
    print("recursive", p, sorted(glob.glob(p, recursive=True)))
print(sorted(glob.glob("**/*.bin", recursive=True, include_hidden=True)))
print(sorted(glob.glob("*.bin", root_dir="data/train")), sorted(glob.glob("*/*.py", root_dir=root)))
print(sorted(glob.iglob(os.path.join(root, "data", "*", "*.bin"))) == sorted(os.path.join(root, p) for p in glob.glob("data/*/*.bin")))
print(glob.has_magic("a*"), glob.has_magic("abc"), glob.escape("a*b?[c]"))
names = ["a.py", "b.PY", "c.txt", ".h.py", "[x]", "d-e", "f]g", "a*b"]
for p in ["*.py", "*.PY", "?.*", "[a-c]*", "[!a-c]*", "[]]", "[", "[[]x]", "*[*]*", "[a-]*", "d[-]e", "f]g", "*", ""]:
    print(repr(p), fnmatch.filter(names, p), fnmatch.fnmatch("abc", p), fnmatch.fnmatchcase("ABC", p))
