"""glob: glob, iglob, escape, has_magic as CPython 3.11 has them ('*', '?',
'[...]' per path component, '**' with recursive=True, hidden names only
matched by patterns starting with '.', root_dir, include_hidden). Results
come in os.listdir's order, which is sorted under msc (CPython gives the
file system's order)."""
import os
from fnmatch import filter as _filter

__all__ = ["glob", "iglob", "escape", "has_magic"]


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return list(iglob(pathname, root_dir=root_dir, dir_fd=dir_fd, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    pathname = os.fspath(pathname)
    root_dir = os.fspath(root_dir) if root_dir is not None else ""
    it = _iglob(pathname, root_dir, recursive, False, include_hidden)
    if not pathname or recursive and _isrecursive(pathname[:2]):
        first = next(it, None)  # the empty string the '**' match starts with
        if first:
            yield first
    yield from it


def _iglob(pathname, root_dir, recursive, dironly, include_hidden):
    dirname, basename = os.path.split(pathname)
    if not has_magic(pathname):
        if basename:
            if os.path.exists(_join(root_dir, pathname)):
                yield pathname
        elif os.path.isdir(_join(root_dir, dirname)):
            yield pathname
        return
    if not dirname:
        if recursive and _isrecursive(basename):
            yield from _glob2(root_dir, basename, dironly, include_hidden)
        else:
            yield from _glob1(root_dir, basename, dironly, include_hidden)
        return
    if dirname != pathname and has_magic(dirname):
        dirs = _iglob(dirname, root_dir, recursive, True, include_hidden)
    else:
        dirs = [dirname]
    if has_magic(basename):
        glob_in_dir = _glob2 if recursive and _isrecursive(basename) else _glob1
    else:
        glob_in_dir = _glob0
    for d in dirs:
        for name in glob_in_dir(_join(root_dir, d), basename, dironly, include_hidden):
            yield os.path.join(d, name)


def _glob1(dirname, pattern, dironly, include_hidden):
    names = _listdir(dirname, dironly)
    if include_hidden or not _ishidden(pattern):
        names = [x for x in names if include_hidden or not _ishidden(x)]
    return _filter(names, pattern)


def _glob0(dirname, basename, dironly, include_hidden):
    if basename:
        if os.path.exists(_join(dirname, basename)):
            return [basename]
    elif os.path.isdir(dirname):
        return [basename]
    return []


def _glob2(dirname, pattern, dironly, include_hidden):
    yield pattern[:0]
    yield from _rlistdir(dirname, dironly, include_hidden)


def _listdir(dirname, dironly):
    d = dirname or os.curdir
    try:
        names = os.listdir(d)
    except OSError:
        return []
    if dironly:
        names = [n for n in names if os.path.isdir(os.path.join(d, n))]
    return names


def _rlistdir(dirname, dironly, include_hidden):
    for x in _listdir(dirname, dironly):
        if include_hidden or not _ishidden(x):
            yield x
            path = _join(dirname, x) if dirname else x
            for y in _rlistdir(path, dironly, include_hidden):
                yield _join(x, y)


def _join(dirname, basename):
    if not dirname or not basename:
        return dirname or basename
    return os.path.join(dirname, basename)


def has_magic(s):
    return "*" in s or "?" in s or "[" in s


def _ishidden(path):
    return path[0] == "."


def _isrecursive(pattern):
    return pattern == "**"


def escape(pathname):
    return "".join("[" + c + "]" if c in "*?[" else c for c in pathname)
