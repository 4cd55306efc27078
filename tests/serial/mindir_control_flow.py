# Control flow through MindIR: a network with a tensor `if` and a tensor
# `while` (Inputs/cf_net.py) is exported in MindSpore's layout of control
# flow: the branches and the loop's graphs in ModelProto.functions,
# Switch(cond, Partial(@true, ...), Partial(@false, ...)) called by a node
# whose op_type names the Switch, the loop a recursive header graph
# (Inputs/mindir_check.py checks the structure with Python's protobuf).
# ms.load + nn.GraphCell run it, from the script and inside an @ms.jit, with
# numpy's results (Inputs/cf_ref.py) for inputs taking either branch and
# 3 or 5 iterations; a second run writes the same bytes; `msc compile
# cf.mindir` makes a library whose self-test passes.
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %S/Inputs/cf_net.py > %t/msc.txt
# RUN: %python %S/Inputs/cf_ref.py > %t/ref.txt
# RUN: diff %t/msc.txt %t/ref.txt
# RUN: mkdir -p %t/again && cd %t/again && %msc run %S/Inputs/cf_net.py > /dev/null && cmp %t/cf.mindir %t/again/cf.mindir
# RUN: %python %S/Inputs/mindir_check.py %t/cf.mindir | FileCheck --check-prefix=STRUCT %s
# RUN: %msc compile %t/cf.mindir -o %t/lib > /dev/null
# RUN: cc -std=c99 -DMSRT_NO_SIMD %t/lib/*.c -lm -o %t/lib/st && %t/lib/st | FileCheck --check-prefix=LIB %s

# STRUCT: cf.mindir: MindSpore 0.1.1
# STRUCT-SAME: ops ReduceSum Greater Partial Partial Switch call TupleGetItem
# STRUCT-SAME: functions Net_construct_if1_false Net_construct_if1_true Net_construct_while2_after Net_construct_while2_body Net_construct_while2_cond Net_construct_while2_header Net_construct_while2_step
# LIB: cf_predict: ok (2 outputs, max abs error 0)
