# RUN: %msc run %s > %t.out
# RUN: %python %s > %t.ref
# RUN: diff -u %t.ref %t.out
# RUN: FileCheck %s --input-file %t.out
# __name__ is "__main__" for the script being run; the usual main() idiom.
def main():
    print("in main, __name__ =", __name__)
    return 0
print(__name__)
if __name__ == "__main__":
    main()
else:
    print("imported")
if __name__ != "__main__":
    print("never")
# CHECK: __main__
# CHECK-NEXT: in main, __name__ = __main__
# CHECK-NOT: imported
# CHECK-NOT: never
