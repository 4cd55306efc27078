"""nn.Cell of the numpy stand-in for mindspore (see __init__.py)."""


class Cell:
    def __call__(self, *args):
        return self.construct(*args)
