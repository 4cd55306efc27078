# Bad usage of msc itself exits with status 2 and says why on stderr, with the
# usage text; nothing is printed on stdout.
# RUN: %msc > %t.out 2> %t.err; test $? -eq 2
# RUN: count 0 < %t.out
# RUN: FileCheck --check-prefix=USAGE %s --input-file %t.err
#
# RUN: %msc run > %t.out 2> %t.err; test $? -eq 2
# RUN: count 0 < %t.out
# RUN: FileCheck --check-prefixes=ERR,USAGE %s --input-file %t.err
#
# RUN: %msc bogus %s > %t.out 2> %t.err; test $? -eq 2
# RUN: count 0 < %t.out
# RUN: FileCheck --check-prefixes=CMD,USAGE %s --input-file %t.err
#
# RUN: %msc run --no-such-option %s > %t.out 2> %t.err; test $? -eq 2
# RUN: count 0 < %t.out
# RUN: FileCheck --check-prefixes=OPT,USAGE %s --input-file %t.err
#
# RUN: %msc --no-such-option > %t.out 2> %t.err; test $? -eq 2
# RUN: FileCheck --check-prefixes=ERR,USAGE %s --input-file %t.err
#
# RUN: %msc run --syntax-only > %t.out 2> %t.err; test $? -eq 2
# RUN: FileCheck --check-prefixes=ERR,USAGE %s --input-file %t.err
# ERR: msc: error:
# CMD: msc: error: unknown command 'bogus'
# OPT: msc: error: unknown option '--no-such-option'
# USAGE: usage: msc run
print("this script must never run in these tests")
