from . import sibling
