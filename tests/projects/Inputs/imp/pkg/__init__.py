"""A package: importing it runs this file first."""
print("init pkg", __name__)
VERSION = "1.0"
from . import a
