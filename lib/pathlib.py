"""pathlib: PurePath/Path for POSIX paths: the / operator, name, stem,
suffix(es), parent(s), parts, joinpath, with_name/with_suffix, exists,
is_file, is_dir, mkdir, iterdir (sorted), glob (one level, fnmatch's patterns),
read_text, write_text, open, unlink, rmdir, resolve."""
import os
import os.path as _p
from fnmatch import fnmatchcase as _match


class PurePath:
    def __init__(self, *parts):
        strs = []
        for p in parts:
            if isinstance(p, PurePath):
                strs.append(p._str)
            elif isinstance(p, str):
                strs.append(p)
            else:
                raise TypeError("argument should be a str or an os.PathLike object where __fspath__ "
                                f"returns a str, not {type(p).__name__!r}")
        path = _p.join(*strs) if strs else ""
        absolute = path.startswith("/")
        comps = [c for c in path.split("/") if c and c != "."]
        self._str = ("/" if absolute else "") + "/".join(comps) or ("/" if absolute else ".")
        self._parts = (["/"] if absolute else []) + comps

    def __str__(self):
        return self._str

    def __fspath__(self):
        return self._str

    def __repr__(self):
        return f"{type(self).__name__}({self._str!r})"

    def __truediv__(self, other):
        return type(self)(self, other)

    def __rtruediv__(self, other):
        return type(self)(other, self)

    def __eq__(self, other):
        return isinstance(other, PurePath) and self._str == other._str

    def __hash__(self):
        return hash(self._str)

    def __lt__(self, other):
        return self._str < other._str

    @property
    def parts(self):
        return tuple(self._parts)

    @property
    def name(self):
        return "" if self._str in ("/", ".") else self._parts[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        return name[i:] if 0 < i < len(name) - 1 else ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name, suffix = self.name, self.suffix
        return name[:len(name) - len(suffix)] if suffix else name

    @property
    def parent(self):
        if len(self._parts) <= 1:
            return type(self)("/" if self._str.startswith("/") else ".")
        return type(self)(*self._parts[:-1])

    @property
    def parents(self):
        out = []
        p = self
        while p.parent != p:
            p = p.parent
            out.append(p)
        return tuple(out)

    def joinpath(self, *others):
        return type(self)(self, *others)

    def with_name(self, name):
        if not self.name:
            raise ValueError(f"{self!r} has an empty name")
        return self.parent / name

    def with_suffix(self, suffix):
        if suffix and not suffix.startswith("."):
            raise ValueError(f"Invalid suffix {suffix!r}")
        return self.with_name(self.stem + suffix)

    def is_absolute(self):
        return self._str.startswith("/")

    def as_posix(self):
        return self._str

    def match(self, pattern):
        return _match(self.name, pattern)


class Path(PurePath):
    def __repr__(self):
        return f"PosixPath({self._str!r})"

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls(_p.expanduser("~"))

    def exists(self):
        return _p.exists(self._str)

    def is_file(self):
        return _p.isfile(self._str)

    def is_dir(self):
        return _p.isdir(self._str)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        if parents:
            os.makedirs(self._str, exist_ok=exist_ok)
            return
        try:
            os.mkdir(self._str)
        except FileExistsError:
            if not exist_ok or not self.is_dir():
                raise

    def iterdir(self):
        for name in os.listdir(self._str):
            yield self / name

    def glob(self, pattern):
        for name in os.listdir(self._str):
            if _match(name, pattern):
                yield self / name

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        return open(self._str, mode, encoding=encoding, newline=newline)

    def read_text(self, encoding=None, errors=None):
        with open(self._str, encoding=encoding) as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        with open(self._str, "w", encoding=encoding) as f:
            return f.write(data)

    def unlink(self, missing_ok=False):
        try:
            os.remove(self._str)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rmdir(self):
        os.rmdir(self._str)

    def rename(self, target):
        os.rename(self._str, str(target))
        return type(self)(target)

    def resolve(self, strict=False):
        return type(self)(_p.abspath(self._str))

    absolute = resolve

    def stat(self):
        return os.stat(self._str) if hasattr(os, "stat") else None


PosixPath = Path
PurePosixPath = PurePath
