# Findings of the MindIR fuzz target (fuzz/mindir.c), each a clean import
# error from `msc compile`, exit status 1, never undefined behaviour. The
# inputs are also in tests/fuzz/corpus/mindir, which
# build/tests/unit/fuzz_replay_mindir replays under ASan/UBSan.
#
# A float constant NaN used as a weak scalar operand of an elementwise
# primitive: its integer view was C's (int64_t)NaN, undefined (UBSan:
# "-nan is outside the range of representable values of type 'long'",
# ir/print.c ir_elem_int); now numpy's astype value. The model itself is
# refused for a while loop that uses a graph before it is defined.
# RUN: rm -rf %t && not %msc compile %S/Inputs/mindir_nan_weak_scalar.mindir -o %t 2>&1 | FileCheck %s --check-prefix=NAN
# RUN: %msc compile %S/Inputs/mindir_nan_weak_scalar.mindir -o %t 2>/dev/null; test $? -eq 1 && test ! -e %t
# NAN: msc: error: {{.*}}mindir_nan_weak_scalar.mindir: cannot import the model:
# NAN-NEXT: {{.*}}mindir_nan_weak_scalar.mindir: node '7_while_header_7:CNode_3:24': its operand '7_while_rody_8' is not defined before it
