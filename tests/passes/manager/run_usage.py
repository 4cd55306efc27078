# RUN: %msc run --passes=cse,nosuch %s > %t.out 2> %t.err; test $? -eq 2
# RUN: count 0 < %t.out
# RUN: FileCheck %s --input-file %t.err
# RUN: %msc run --print-after=bogus %s > %t.out 2> %t.err; test $? -eq 2
# RUN: FileCheck %s --check-prefix=AFTER --input-file %t.err
# RUN: %msc run --print-before=zz %s > %t.out 2> %t.err; test $? -eq 2
# RUN: FileCheck %s --check-prefix=BEFORE --input-file %t.err
# RUN: %msc --help | FileCheck %s --check-prefix=HELP
# RUN: %msc run --backend=ref -O2 --verify-each --print-after=all --memory-report %s 2>/dev/null | FileCheck %s --check-prefix=OUT
# msc run: an unknown pass name is a usage error (exit 2, nothing runs)
# that names it and lists the passes; the pass options are in --help.
#
# CHECK: msc: error: --passes: no such pass 'nosuch' (passes: inline, constfold, simplify, cse, dce, fuse-epilogue, fuse-elementwise, licm, layout, fold-bn)
# CHECK-NOT: usage
# AFTER: msc: error: --print-after: no such pass 'bogus' (passes: inline,
# BEFORE: msc: error: --print-before: no such pass 'zz' (passes: inline,
#
# HELP: -O0|-O1|-O2
# HELP: --passes=P,...
# HELP: --print-before=P,...
# HELP: --print-after=P,...
# HELP: --print-after-all
# HELP: --print-after-change
# HELP: --verify-each
# HELP: --time-passes
# HELP: --memory-report
#
# OUT: ran
print("ran")
