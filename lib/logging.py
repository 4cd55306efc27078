"""logging: loggers with levels and propagation to the root, StreamHandler
(stderr by default), FileHandler, Formatter with %-style fields (name,
levelname, levelno, message, asctime, msecs, created), basicConfig, and
the last-resort output of warnings when nothing is configured, as CPython."""
import sys
import time as _time

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_levelToName = {CRITICAL: "CRITICAL", ERROR: "ERROR", WARNING: "WARNING", INFO: "INFO", DEBUG: "DEBUG",
                NOTSET: "NOTSET"}
_nameToLevel = {"CRITICAL": CRITICAL, "FATAL": FATAL, "ERROR": ERROR, "WARN": WARNING, "WARNING": WARNING,
                "INFO": INFO, "DEBUG": DEBUG, "NOTSET": NOTSET}
BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"


def getLevelName(level):
    if level in _levelToName:
        return _levelToName[level]
    if level in _nameToLevel:
        return _nameToLevel[level]
    return f"Level {level}"


def _check_level(level):
    if isinstance(level, int):
        return level
    if isinstance(level, str):
        if level not in _nameToLevel:
            raise ValueError(f"Unknown level: {level!r}")
        return _nameToLevel[level]
    raise TypeError(f"Level not an integer or a valid string: {level!r}")


class LogRecord:
    def __init__(self, name, level, msg, args):
        self.name = name
        self.levelno = level
        self.levelname = getLevelName(level)
        self.msg = msg
        self.args = args
        self.created = _time.time()
        self.msecs = int((self.created - int(self.created)) * 1000)

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg


class Formatter:
    def __init__(self, fmt=None, datefmt=None, style="%"):
        self._fmt = fmt or "%(message)s"
        self.datefmt = datefmt

    def formatTime(self, record, datefmt=None):
        t = _time.localtime(record.created)
        if datefmt:
            return _time.strftime(datefmt, t)
        return _time.strftime("%Y-%m-%d %H:%M:%S", t) + ",%03d" % record.msecs

    def usesTime(self):
        return "%(asctime)" in self._fmt

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        return self._fmt % record.__dict__


_defaultFormatter = Formatter()


class Handler:
    def __init__(self, level=NOTSET):
        self.level = _check_level(level)
        self.formatter = None

    def setLevel(self, level):
        self.level = _check_level(level)

    def setFormatter(self, fmt):
        self.formatter = fmt

    def format(self, record):
        return (self.formatter or _defaultFormatter).format(record)

    def handle(self, record):
        if record.levelno >= self.level:
            self.emit(record)

    def flush(self):
        pass

    def close(self):
        pass


class StreamHandler(Handler):
    terminator = "\n"

    def __init__(self, stream=None):
        Handler.__init__(self)
        self.stream = stream

    def emit(self, record):
        stream = self.stream if self.stream is not None else sys.stderr
        stream.write(self.format(record) + self.terminator)


class FileHandler(StreamHandler):
    def __init__(self, filename, mode="a", encoding=None, delay=False):
        StreamHandler.__init__(self, open(filename, mode))
        self.baseFilename = filename

    def close(self):
        self.stream.close()


class Logger:
    def __init__(self, name, level=NOTSET):
        self.name = name
        self.level = _check_level(level)
        self.handlers = []
        self.parent = None
        self.propagate = True
        self.disabled = False

    def setLevel(self, level):
        self.level = _check_level(level)

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        return level >= self.getEffectiveLevel()

    def addHandler(self, h):
        if h not in self.handlers:
            self.handlers.append(h)

    def removeHandler(self, h):
        if h in self.handlers:
            self.handlers.remove(h)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            c = c.parent if c.propagate else None
        return False

    def _log(self, level, msg, args):
        if self.disabled or not self.isEnabledFor(level):
            return
        record = LogRecord(self.name, level, msg, args)
        c = self
        found = 0
        while c:
            for h in c.handlers:
                found += 1
                h.handle(record)
            c = c.parent if c.propagate else None
        if not found and level >= WARNING:
            sys.stderr.write(record.getMessage() + "\n")

    def debug(self, msg, *args, **kwargs):
        self._log(DEBUG, msg, args)

    def info(self, msg, *args, **kwargs):
        self._log(INFO, msg, args)

    def warning(self, msg, *args, **kwargs):
        self._log(WARNING, msg, args)

    warn = warning

    def error(self, msg, *args, **kwargs):
        self._log(ERROR, msg, args)

    def exception(self, msg, *args, **kwargs):
        self._log(ERROR, msg, args)

    def critical(self, msg, *args, **kwargs):
        self._log(CRITICAL, msg, args)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        self._log(level, msg, args)

    def getChild(self, suffix):
        return getLogger(self.name + "." + suffix if self.name != "root" else suffix)

    def __repr__(self):
        return f"<{type(self).__name__} {self.name} ({getLevelName(self.getEffectiveLevel())})>"


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, "root", level)


root = RootLogger(WARNING)
_loggers = {}


def getLogger(name=None):
    if not name or name == "root":
        return root
    if name in _loggers:
        return _loggers[name]
    logger = Logger(name)
    _loggers[name] = logger
    parent = root
    parts = name.split(".")
    for i in range(len(parts) - 1, 0, -1):
        pname = ".".join(parts[:i])
        if pname in _loggers:
            parent = _loggers[pname]
            break
    logger.parent = parent
    for other in _loggers.values():
        if other is not logger and other.name.startswith(name + ".") and \
                (other.parent is root or len(other.parent.name) < len(name)):
            other.parent = logger
    return logger


def basicConfig(**kwargs):
    force = kwargs.pop("force", False)
    if force:
        root.handlers = []
    if root.handlers:
        return
    handlers = kwargs.pop("handlers", None)
    if handlers is None:
        filename = kwargs.pop("filename", None)
        mode = kwargs.pop("filemode", "a")
        if filename:
            handlers = [FileHandler(filename, mode)]
        else:
            handlers = [StreamHandler(kwargs.pop("stream", None))]
    fmt = Formatter(kwargs.pop("format", BASIC_FORMAT), kwargs.pop("datefmt", None))
    for h in handlers:
        if h.formatter is None:
            h.setFormatter(fmt)
        root.addHandler(h)
    level = kwargs.pop("level", None)
    if level is not None:
        root.setLevel(level)


def debug(msg, *args, **kwargs):
    if not root.handlers:
        basicConfig()
    root.debug(msg, *args)


def info(msg, *args, **kwargs):
    if not root.handlers:
        basicConfig()
    root.info(msg, *args)


def warning(msg, *args, **kwargs):
    if not root.handlers:
        basicConfig()
    root.warning(msg, *args)


warn = warning


def error(msg, *args, **kwargs):
    if not root.handlers:
        basicConfig()
    root.error(msg, *args)


def critical(msg, *args, **kwargs):
    if not root.handlers:
        basicConfig()
    root.critical(msg, *args)


def exception(msg, *args, **kwargs):
    error(msg, *args)


def log(level, msg, *args, **kwargs):
    if not root.handlers:
        basicConfig()
    root.log(level, msg, *args)


def disable(level=CRITICAL):
    pass


def shutdown():
    for h in root.handlers:
        h.flush()
