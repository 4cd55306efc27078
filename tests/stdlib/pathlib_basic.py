# pathlib basics: the / operator, name/stem/suffix/parent/parts, mkdir,
# write_text/read_text, open (also open(Path)), iterdir, glob, unlink.
# Diffed against CPython.
#
# RUN: rm -rf %t && %msc run %s %t > %t.msc && rm -rf %t && %python %s %t > %t.py && diff %t.msc %t.py
# RUN: FileCheck %s < %t.msc
# CHECK: data/train/images.tar.gz PosixPath('data/train/images.tar.gz') images.tar.gz images.tar .gz ['.tar', '.gz']
import sys
from pathlib import Path, PurePath
base = Path(sys.argv[1])
p = Path("data") / "train" / "images.tar.gz"
print(p, repr(p), p.name, p.stem, p.suffix, p.suffixes, p.parent, p.parts, p.with_suffix(".zip"), p.with_name("x.txt"))
print(Path("/a/b").is_absolute(), Path("a//b/./c"), Path(), Path("/"), Path("a").parent, list(map(str, Path("a/b/c").parents)))
(base / "sub" / "deep").mkdir(parents=True, exist_ok=True)
f = base / "sub" / "cfg.json"
print(f.write_text('{"a": 1}\n'))
print(f.exists(), f.is_file(), f.parent.is_dir(), f.read_text())
with f.open() as h:
    print(h.readline().strip())
with open(f) as h:
    print(len(h.read()))
print(sorted(x.name for x in (base / "sub").iterdir()), [x.name for x in (base / "sub").glob("*.json")])
f.unlink()
print(f.exists(), p == Path("data/train/images.tar.gz"), str(PurePath("x", "y")))
