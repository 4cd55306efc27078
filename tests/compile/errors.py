# msc compile's errors: each is one clear line, exit status 1 (2 for usage),
# and the output directory is left untouched (not created, or unchanged).
#
# RUN: rm -rf %t && mkdir -p %t/keep && echo mine > %t/keep/note
# a script that compiles no graph (PyNative)
# RUN: %msc compile %s -o %t/none > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=NOGRAPH %s < %t/err
# RUN: test ! -e %t/none
# an unknown --entry, into an existing directory: unchanged
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/keep --entry=nope > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=ENTRY %s < %t/err
# RUN: ls %t/keep | FileCheck --check-prefix=KEEP %s
# an output "directory" that is a file, and one that cannot be created
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/keep/note > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=NOTDIR %s < %t/err
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/missing/sub > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=MKDIR %s < %t/err
# RUN: test ! -e %t/missing
# an unwritable directory (skipped when running as root, who may write anyway)
# RUN: mkdir -p %t/ro && chmod 555 %t/ro
# RUN: if [ "$(id -u)" != 0 ]; then %msc compile %S/Inputs/jitfn.py -o %t/ro > /dev/null 2> %t/err; test $? -eq 1 && FileCheck --check-prefix=RO %s < %t/err && test -z "$(ls -A %t/ro)"; fi
# usage errors: exit 2
# RUN: %msc compile %S/Inputs/jitfn.py > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=NODIR %s < %t/err
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/x --runtime=bogus > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=RT %s < %t/err
# RUN: %msc compile -o %t/x > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=NOSCRIPT %s < %t/err
# RUN: %msc compile --bogus %s -o %t/x > /dev/null 2> %t/err; test $? -eq 2
# RUN: FileCheck --check-prefix=BOGUS %s < %t/err
# library names that clash with the runtime: exit 1, nothing written
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/m --name msrt > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=MSRT %s < %t/err
# RUN: %msc compile %S/Inputs/jitfn.py -o %t/m --name msrt_nn --runtime=separate > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=MSRTFILE %s < %t/err
# RUN: test ! -e %t/m
# a script that fails: its error, exit 1, nothing written
# RUN: %msc compile %S/Inputs/fails.py -o %t/f > /dev/null 2> %t/err; test $? -eq 1
# RUN: FileCheck --check-prefix=FAILS %s < %t/err
# RUN: test ! -e %t/f
import numpy as np
from mindspore import Tensor, ops

print(ops.relu(Tensor(np.ones(3).astype(np.float32))))

# NOGRAPH: msc: error: errors.py compiled no graph: nothing to export (run a Cell in GRAPH_MODE, call an @ms.jit function, or call Cell.compile)
# ENTRY: msc: error: no entry 'nope' in jitfn.py (entries: f, f_2)
# KEEP: note
# KEEP-NOT: {{.}}
# NOTDIR: msc: error: cannot write to '{{.*}}/keep/note': not a directory
# MKDIR: msc: error: cannot create the output directory '{{.*}}/missing/sub': No such file or directory
# RO: msc: error: cannot write to '{{.*}}/ro': Permission denied
# NODIR: msc: error: 'msc compile' needs an output directory (-o DIR)
# RT: msc: error: unknown --runtime=bogus (inline or separate)
# NOSCRIPT: msc: error: 'msc compile' needs a script
# BOGUS: msc: error: unknown option '--bogus' for 'msc compile'
# MSRT: msc: error: the library name 'msrt' clashes with the runtime's names (msrt.h, MSRT_*): choose another --name
# MSRTFILE: msc: error: the library name 'msrt_nn' clashes with the runtime's file msrt_nn.c: choose another --name
# FAILS: fails.py:{{[0-9]+}}:{{[0-9]+}}: error:
