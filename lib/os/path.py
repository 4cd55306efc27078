"""os.path for POSIX paths (CPython's posixpath)."""
import _os

sep = "/"


def join(a, *p):
    path = a
    for b in p:
        if b.startswith("/"):
            path = b
        elif not path or path.endswith("/"):
            path += b
        else:
            path += "/" + b
    return path


def split(p):
    i = p.rfind("/") + 1
    head, tail = p[:i], p[i:]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head, tail


def basename(p):
    return p[p.rfind("/") + 1:]


def dirname(p):
    i = p.rfind("/") + 1
    head = p[:i]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head


def splitext(p):
    sep_index = p.rfind("/")
    dot_index = p.rfind(".")
    if dot_index > sep_index:
        filename_index = sep_index + 1
        while filename_index < dot_index:
            if p[filename_index] != ".":
                return p[:dot_index], p[dot_index:]
            filename_index += 1
    return p, ""


def isabs(s):
    return s.startswith("/")


def normpath(path):
    if path == "":
        return "."
    initial_slashes = 1 if path.startswith("/") else 0
    if initial_slashes and path.startswith("//") and not path.startswith("///"):
        initial_slashes = 2
    comps = path.split("/")
    new_comps = []
    for comp in comps:
        if comp in ("", "."):
            continue
        if comp != ".." or (not initial_slashes and not new_comps) or (new_comps and new_comps[-1] == ".."):
            new_comps.append(comp)
        elif new_comps:
            new_comps.pop()
    path = "/".join(new_comps)
    if initial_slashes:
        path = "/" * initial_slashes + path
    return path or "."


def abspath(path):
    if not isabs(path):
        path = join(_os.getcwd(), path)
    return normpath(path)


realpath = abspath


def relpath(path, start="."):
    start_list = [x for x in abspath(start).split("/") if x]
    path_list = [x for x in abspath(path).split("/") if x]
    i = 0
    while i < min(len(start_list), len(path_list)) and start_list[i] == path_list[i]:
        i += 1
    rel_list = [".."] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return "."
    return join(*rel_list)


def expanduser(path):
    if not path.startswith("~"):
        return path
    home = _os.environ().get("HOME", "")
    i = path.find("/", 1)
    if i < 0:
        i = len(path)
    if i != 1:
        return path
    return (home.rstrip("/") or "/") + path[i:]


def exists(path):
    return _os.kind(path) != ""


def isfile(path):
    return _os.kind(path) == "f"


def isdir(path):
    return _os.kind(path) == "d"


def getsize(path):
    return _os.stat(path)[1]


def getmtime(path):
    return _os.stat(path)[2]
