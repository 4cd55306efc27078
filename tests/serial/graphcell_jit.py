# nn.GraphCell inside compiled graphs: an @ms.jit function and a GRAPH_MODE
# Cell's construct call a GraphCell of a MindIR file written by Python's
# protobuf (Inputs/make_mindirs.py ms23: MatMul, BiasAdd, ReLU, ReduceMean,
# Softmax, Cast; two outputs); the file's graph joins the captured graph,
# its weights Loads of the cell's Parameters. Outputs against numpy's
# (Inputs/graphcell_jit.py), in ast, trace and bytecode capture; a set_data of a weight is seen by the next call
# of the compiled function; ms.export of the outer Cell writes the inlined
# graph, which loads and runs alone; `msc compile` of the script makes a
# library whose self-test passes. A training-step file (it assigns its
# Parameters) is refused inside a graph, with every Assign listed.
# RUN: rm -rf %t && mkdir -p %t && %python %S/Inputs/make_mindirs.py %t
# RUN: cd %t && %msc run %S/Inputs/graphcell_jit.py %t | FileCheck %s
# RUN: cd %t && %msc compile %S/Inputs/graphcell_jit.py -o %t/lib -- %t > /dev/null
# RUN: cc -std=c99 -DMSRT_NO_SIMD %t/lib/*.c -lm -o %t/lib/st && %t/lib/st | FileCheck --check-prefix=LIB %s
# RUN: cd %t && %msc run %S/Inputs/train_net.py > /dev/null
# RUN: cd %t && not %msc run %S/Inputs/graphcell_jit.py %t train 2>&1 | FileCheck --check-prefix=TRAIN %s

# CHECK: jit (2, 4) Float32 True Float32 True
# CHECK-NEXT: cell (2, 4) True
# CHECK-NEXT: params ['scale', 'inner.dense.weight', 'inner.dense.bias']
# CHECK-NEXT: after set_data True True
# CHECK-NEXT: exported
# CHECK-NEXT: outer.mindir True
# CHECK-NEXT: trace 0 True True
# CHECK-NEXT: trace 1 True True
# CHECK-NEXT: bytecode 0 True True
# CHECK-NEXT: bytecode 1 True True

# LIB: graphcell_jit_f: ok (2 outputs, max abs error 0)
# LIB-NEXT: graphcell_jit_Outer_construct: ok (1 output, max abs error 0)
# LIB-NEXT: graphcell_jit_outer: ok (1 output, max abs error 0)

# TRAIN: graphcell_jit.py:19:16: error: RuntimeError: Load MindIR failed: '{{.*}}train.mindir':
# TRAIN-NEXT: node '{{.*}}': the model assigns its Parameters (a training step), which a GraphCell called inside a compiled graph cannot do: call it from the script
