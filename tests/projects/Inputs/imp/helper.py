NAME = "helper"
print("importing helper as", __name__)
run_as_main = __name__ == "__main__"


def double(x):
    return 2 * x


if __name__ == "__main__":
    print("never printed on import")
