# A user exception class with its own __init__ passing a message to super().
class TrainingError(Exception):
    def __init__(self, step):
        super().__init__("diverged at step " + str(step))
        self.step = step

raise TrainingError(7)

# ----------------------------------------------------------------------
# The RUN and CHECK lines are at the end so that line numbers above are real.
# RUN: %msc run %s > %t.out 2>&1; test $? -eq 1
# RUN: FileCheck --strict-whitespace %s < %t.out
# RUN: not %python %s 2>&1 | FileCheck --check-prefix=PY %s
# CHECK: {{^.*/}}raise_user_custom_init.py:7:1: error: TrainingError: diverged at step 7{{$}}
# CHECK-NEXT: {{^}}raise TrainingError(7){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NOT: {{.}}
# PY: line 7, in 
# PY: TrainingError: diverged at step 7
