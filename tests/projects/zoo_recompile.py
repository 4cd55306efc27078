# Editing an imported module recompiles its graphs: the JIT's key is the
# generated C (DESIGN.md: content-addressed), so a change to src/lenet.py
# that changes the network compiles anew, and an edit that does not change
# the graph (a comment) hits the cache.
#
# RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/zoo %t/zoo
# RUN: cd %t/zoo && %msc run -v --cache-dir=%t/cache train.py 2>&1 | FileCheck --check-prefix=FIRST %s
# FIRST: jit: compiling 'LeNet5_construct'
# FIRST-NEXT: jit: cc {{.*}} -> {{.*}}.so
# RUN: cd %t/zoo && %msc run -v --cache-dir=%t/cache train.py 2>&1 | FileCheck --check-prefix=SAME %s
# SAME: jit: compiling 'LeNet5_construct'
# SAME-NEXT: jit: cache hit
# RUN: sed -i 's/^"""A small LeNet-5/"""An edited comment: LeNet-5/' %t/zoo/src/lenet.py
# RUN: cd %t/zoo && %msc run -v --cache-dir=%t/cache train.py 2>&1 | FileCheck --check-prefix=SAME %s
# RUN: sed -i 's/x = self.relu(self.fc1(x))/x = self.fc1(x)/' %t/zoo/src/lenet.py
# RUN: cd %t/zoo && %msc run -v --cache-dir=%t/cache train.py 2>&1 | FileCheck --check-prefix=EDITED %s
# EDITED: jit: compiling 'LeNet5_construct'
# EDITED-NEXT: jit: cc {{.*}} -> {{.*}}.so
# A comment that moves the lines below it recompiles too: the generated C
# carries the source locations (for the errors a graph reports at its line),
# so the key changes with them; an edit that keeps every line in place (the
# docstring above) is a cache hit.
# RUN: sed -i '1i # a new first line: every location below moves' %t/zoo/src/lenet.py
# RUN: cd %t/zoo && %msc run -v --cache-dir=%t/cache train.py 2>&1 | FileCheck --check-prefix=EDITED %s
