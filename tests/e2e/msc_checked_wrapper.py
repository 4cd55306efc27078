# msc-checked (tests/lit-tools/msc-checked.c), what %msc expands to: msc's stdout, stderr
# and exit status pass through a clean run; a refcount-leak report, a
# sanitizer report, a signal or a timeout aborts the wrapper (so both
# `%msc ...` and `not %msc ...` fail). msc is stood in for by
# Inputs/fake-msc.sh.
#
# RUN: %msc-checked %S/Inputs/fake-msc.sh clean > %t.out 2> %t.err
# RUN: FileCheck --check-prefix=OUT %s < %t.out
# RUN: test ! -s %t.err
# OUT: stdout line
#
# RUN: %msc-checked %S/Inputs/fake-msc.sh error > %t.out 2> %t.err; test $? -eq 1
# RUN: FileCheck --check-prefix=ERR %s < %t.err
# ERR: x.py:1:1: error: NameError: name 'y' is not defined
# ERR-NOT: msc-checked
#
# RUN: not --crash %msc-checked %S/Inputs/fake-msc.sh leak 2>&1 | FileCheck --check-prefix=LEAK %s
# LEAK: msc-checked: FAILED: msc reported a refcount leak:
# RUN: not --crash %msc-checked %S/Inputs/fake-msc.sh asan 2>&1 | FileCheck --check-prefix=SAN %s
# RUN: not --crash %msc-checked %S/Inputs/fake-msc.sh lsan 2>&1 | FileCheck --check-prefix=SAN %s
# RUN: not --crash %msc-checked %S/Inputs/fake-msc.sh ubsan 2>&1 | FileCheck --check-prefix=SAN %s
# SAN: msc-checked: FAILED: sanitizer report:
# RUN: not --crash %msc-checked %S/Inputs/fake-msc.sh signal 2>&1 | FileCheck --check-prefix=SIG %s
# SIG: msc-checked: FAILED: msc was killed by signal 11:
# RUN: env MSC_TEST_TIMEOUT=1 not --crash %msc-checked %S/Inputs/fake-msc.sh sleep 2>&1 | FileCheck --check-prefix=TIME %s
# TIME: msc-checked: FAILED: msc timed out or was killed (status 137):
# the timeout kills msc's process group (what it started too), as timeout(1)
# RUN: rm -f %t.late && env MSC_TEST_TIMEOUT=1 not --crash %msc-checked %S/Inputs/fake-msc.sh child %t.late 2>&1 | FileCheck --check-prefix=TIME %s
# RUN: sleep 3 && test ! -e %t.late
# stdin passes through; an msc that cannot be run
# RUN: echo piped | %msc-checked %S/Inputs/fake-msc.sh stdin | FileCheck --check-prefix=STDIN %s
# STDIN: stdout line
# STDIN-NEXT: piped
# RUN: not --crash %msc-checked %t.does-not-exist 2>&1 | FileCheck --check-prefix=NOEXEC %s
# NOEXEC: msc-checked: FAILED: msc could not be run (status 127):
