# RUN: %msc run --backend=ref %s lax | FileCheck %s --check-prefix=LOOSE
# RUN: not %msc run --backend=ref %s np 2>&1 | FileCheck %s --check-prefix=NP
# RUN: not %msc run --backend=ref %s cls 2>&1 | FileCheck %s --check-prefix=CLS
# RUN: not %msc run --backend=ref %s set 2>&1 | FileCheck %s --check-prefix=SET
# RUN: %msc run --backend=ref %s param | FileCheck %s --check-prefix=PARAM
# RUN: not %msc run --backend=ref %s cfg 2>&1 | FileCheck %s --check-prefix=CFG
# RUN: not %msc run --backend=ref %s new 2>&1 | FileCheck %s --check-prefix=NEW
# RUN: not %msc run --backend=ref %s undef 2>&1 | FileCheck %s --check-prefix=UNDEF
# jit_syntax_level (tutorials/source_en/compile/static_graph.md): LAX,
# MindSpore's default, adds to the basic syntax third-party libraries
# ("Calling the Third-party Libraries"), objects of plain classes
# ("Supporting the Use of Custom Classes") and setting attributes
# ("Supporting Property Setting and Modification"); STRICT refuses each at
# its line ("Syntax Constraints of Basic Syntaxes" 6; "Attribute
# References": only a Parameter attribute of self may be set) with the way
# out: MindSpore's exception and text where its sources have one (getting
# an attribute of a plain class's object: the AttributeError of
# static_eval.cc, its test_jit_syntax_level.py expecting AttributeError;
# setting a non-Parameter attribute: parse.cc's TypeError, the FAQ's
# "'self.xx' should be initialized as a 'Parameter' type in the '__init__'
# function"; creating a plain class's object: its ValueError), then msc's
# hint in parentheses. set_context(jit_syntax_level=...) and JitConfig(jit_syntax_level=...)
# both choose it; @jit_class objects and Parameters are fine in STRICT.
import sys
import numpy as np
import mindspore
from mindspore import nn, Tensor

class GetattrClass():
    def __init__(self):
        self.attr1 = 99
        self.attr2 = 1

    def method1(self, x):
        return x + self.attr2

@mindspore.jit_class
class InnerClass():
    def __init__(self):
        self.x = 10

class Net(nn.Cell):
    def __init__(self, k):
        super().__init__()
        self.k = k
        self.cls = GetattrClass()
        self.inner = InnerClass()
        self.m = 2
        self.w = mindspore.Parameter(Tensor(3.0), name='w')

    @mindspore.jit
    def construct(self, x):
        if self.k == 'np':
            a = np.array([1, 2, 3])
            return mindspore.tensor(a) + x
        if self.k == 'cls':
            return self.cls.method1(self.cls.attr1) + x
        if self.k == 'set':
            self.m = 3
            return x
        if self.k == 'new':
            return GetattrClass().method1(x)
        if self.k == 'undef':
            self.q = 3
            return x
        self.w = x
        return x + self.inner.x

class Plain(nn.Cell):
    def construct(self, x):
        return mindspore.tensor(np.array([1, 2, 3])) + x

k = sys.argv[1]
if k == 'lax':
    for case in ('np', 'cls', 'set'):
        net = Net(case)
        print(net(Tensor(1.0)), net.m)
    sys.exit(0)
if k == 'cfg':
    mindspore.set_context(mode=mindspore.GRAPH_MODE)
    net = Plain()
    print(net(Tensor(1.0)))
    net = Plain()
    net.set_jit_config(mindspore.JitConfig(jit_syntax_level='STRICT'))
    print(net(Tensor(1.0)))
mindspore.set_context(jit_syntax_level=mindspore.STRICT)
net = Net(k)
print(net(Tensor(1.0)), net.m)
# LOOSE: [2. 3. 4.] 2
# LOOSE-NEXT: 101.0 2
# LOOSE-NEXT: 1.0 3
# NP: syntax_level.py:54:17: error: TypeError: the third-party library 'numpy' ('numpy.array') cannot be used in graph mode when jit_syntax_level is STRICT; set jit_syntax_level to LAX (mindspore.set_context(jit_syntax_level=mindspore.LAX), MindSpore's default, or JitConfig(jit_syntax_level='LAX')) or move it out of the graph
# NP-NEXT: {{^}}            a = np.array([1, 2, 3])
# CLS: syntax_level.py:57:20: error: AttributeError: In JIT strict mode, cannot get attributes method1 or the External object has no attribute: 'method1'. You can use os.environ['MS_DEV_JIT_SYNTAX_LEVEL'] = '2' to enable the JIT lax mode to support the current syntax. (an object of the class 'GetattrClass', neither an nn.Cell nor decorated with @mindspore.jit_class, when jit_syntax_level is STRICT; set jit_syntax_level to LAX
# SET: syntax_level.py:59:13: error: TypeError: 'self.m' should be initialized as a 'Parameter' type in the '__init__' function, but got '2' with type 'int. (jit_syntax_level STRICT: only an attribute that __init__ made a Parameter may be set; set jit_syntax_level to LAX
# PARAM: 11.0 2
# CFG: [2. 3. 4.]
# CFG: syntax_level.py:71:33: error: TypeError: the third-party library 'numpy'
# NEW: syntax_level.py:62:20: error: ValueError: Can not call GetattrClass to create python object in graph mode. Try using 'jit_class' to decorate the class? (jit_syntax_level STRICT; set jit_syntax_level to LAX
# UNDEF: syntax_level.py:64:13: error: TypeError: 'self.q' should be initialized as a 'Parameter' in the '__init__' function before assigning. (jit_syntax_level STRICT
