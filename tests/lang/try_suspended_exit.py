# A generator left suspended inside a try body when the script ends with an
# uncaught exception: its catch point's mark (issue 18's reclaiming try) is
# still in the all-objects lists at exit and is freed with them, no crash
# (it was a double free). The error is reported as usual, exit status 1.
#
# RUN: not %msc run %s > %t.out 2> %t.err
# RUN: FileCheck %s --check-prefix=OUT < %t.out
# RUN: FileCheck %s < %t.err
# RUN: not %python %s > %t.py.out 2> /dev/null
# RUN: diff %t.out %t.py.out


def gen(n):
    for i in range(n):
        try:
            yield [i]
        except ValueError:
            pass


gens = [gen(3) for _ in range(4)]
for g in gens:
    print(next(g))
try:
    {}['missing']
except KeyError as e:
    print('caught', e)
raise RuntimeError('the end')
# OUT: [0]
# OUT: caught 'missing'
# CHECK: error: RuntimeError: the end
