# samples/digits_model.py end to end (issue 25's sample): ten epochs of
# Model.train over the transforms pipeline print LossMonitor's line once per
# epoch, and Model.eval's accuracy on the 360 held-out digits is above 95%.
# The training step (forward, gradients, Adam) is compiled once, as one
# graph: TrainOneStepCell's construct.
# RUN: %msc run --dump-ir %S/../../samples/digits_model.py %S/../../samples/data > %t.out 2> %t.ir
# RUN: grep -c '^# IR entry: @TrainOneStepCell_construct$' %t.ir | FileCheck --check-prefix=ONE %s
# ONE: {{^1$}}
# RUN: FileCheck %s --input-file %t.out
# RUN: %python -c "import ast,sys; a = ast.literal_eval(open(sys.argv[1]).read().split('test ')[1])['accuracy']; sys.exit(0 if a > 0.95 else 1)" %t.out
# CHECK: epoch: 1 step: 22, loss is {{[0-9.e-]+$}}
# CHECK: epoch: 10 step: 22, loss is
# CHECK-NEXT: test {'accuracy': 0.{{[0-9]+}}}
