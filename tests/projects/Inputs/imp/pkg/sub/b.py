from ..a import f
from .. import VERSION
from . import c
from .c import SEVEN


def g(x):
    return f(x) + 1


def rel():
    return c.who() + " " + str(SEVEN)


def up():
    return VERSION
