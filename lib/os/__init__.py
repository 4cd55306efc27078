"""os: the file-system functions scripts use (CPython's names and errors),
on top of msc's built-in _os module. os.path is posixpath."""
import _os
from . import path
from . import path as _p

name = "posix"
sep = "/"
curdir = "."
pardir = ".."
extsep = "."
linesep = "\n"
pathsep = ":"
environ = _os.environ()


def getenv(key, default=None):
    return environ.get(key, default)


def getcwd():
    return _os.getcwd()


def getpid():
    return _os.getpid()


def listdir(path="."):
    return _os.listdir(path)


def mkdir(path, mode=0o777, exist_ok=False):
    _os.mkdir(path)


def makedirs(name, mode=0o777, exist_ok=False):
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
    try:
        _os.mkdir(name)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def remove(path):
    _os.remove(path)


unlink = remove


def rmdir(path):
    _os.rmdir(path)


def chdir(path):
    # msc keeps sys.path's entries as given (CPython makes sys.path[0]
    # absolute): relative ones are made absolute first, so that imports
    # after the change still find the script's modules
    import sys
    cwd = getcwd()
    _os.chdir(fspath(path))
    sys.path[:] = [p if p.startswith("/") else _p.normpath(_p.join(cwd, p)) for p in sys.path]


def rename(src, dst):
    _os.rename(src, dst)


replace = rename


def walk(top, topdown=True):
    try:
        names = _os.listdir(top)
    except OSError:
        return
    dirs = [n for n in names if path.isdir(path.join(top, n))]
    files = [n for n in names if not path.isdir(path.join(top, n))]
    if topdown:
        yield top, dirs, files
    for d in dirs:
        yield from walk(path.join(top, d), topdown)
    if not topdown:
        yield top, dirs, files


def fspath(p):
    if isinstance(p, str):
        return p
    if hasattr(p, "__fspath__"):
        return p.__fspath__()
    raise TypeError("expected str, bytes or os.PathLike object, not " + type(p).__name__)
