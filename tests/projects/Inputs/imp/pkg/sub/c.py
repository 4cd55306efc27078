SEVEN = 7


def who():
    return "c:" + __name__
