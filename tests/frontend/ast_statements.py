# RUN: %msc run --dump-ast %s 2>&1 | FileCheck --strict-whitespace %s
"""module docstring"""
import os
import mindspore.nn as nn, numpy as np
from mindspore import Tensor, ops as P
from .local import (a as b, c,)
from .. import x
from ...pkg.sub import *
from . ...mod import w
import os, sys
from . import (y)
x = y = 1
a, *b = c
[d, e] = f, g
h.i[0] = j
k += 1; l -= 2;
t1 = 1,
for v, in pairs: pass
m: int
n: "T" = 3
assert m, "message"
assert n
raise
raise E
raise E("x") from err
del p, q.r, s[0]
del (t, u)
global G1, G2
pass
if a: b = 1
elif c: pass
else: d = 2
if x:
    pass
while x > 0:
    x -= 1
    if x == 5:
        break
    continue
else:
    pass
for i, (j, *k) in enumerate(z):
    pass
else:
    pass
for w in range(3): print(w)
@decorator
@attr.deco(1, key=2)
def f(a, b: int = 2, *args: str, c, d=4, **kw: dict) -> "R":
    """doc"""
    def inner():
        nonlocal a
        return
    return a
def g(a, *, b, c=3,):
    return a, b
def h(*args, **kwargs): pass
class A:
    pass
class B(A, metaclass=M):
    x = 1
    def m(self): return self.x
class C(): pass

# CHECK: {{^}}Module @{{.*}}
# CHECK-NEXT: {{^}}  Expr @2:1-2:23{{$}}
# CHECK-NEXT: {{^}}    value: Str "module docstring" @2:1-2:23{{$}}
# CHECK-NEXT: {{^}}  Import os @3:1-3:10{{$}}
# CHECK-NEXT: {{^}}  Import mindspore.nn as nn, numpy as np @4:1-4:39{{$}}
# CHECK-NEXT: {{^}}  ImportFrom mindspore: Tensor, ops as P @5:1-5:39{{$}}
# CHECK-NEXT: {{^}}  ImportFrom .local: a as b, c @6:1-6:32{{$}}
# CHECK-NEXT: {{^}}  ImportFrom ..: x @7:1-7:17{{$}}
# CHECK-NEXT: {{^}}  ImportFrom ...pkg.sub: * @8:1-8:25{{$}}
# CHECK-NEXT: {{^}}  ImportFrom ....mod: w @9:1-9:23{{$}}
# CHECK-NEXT: {{^}}  Import os, sys @10:1-10:15{{$}}
# CHECK-NEXT: {{^}}  ImportFrom .: y @11:1-11:18{{$}}
# CHECK-NEXT: {{^}}  Assign @12:1-12:10{{$}}
# CHECK-NEXT: {{^}}    target: Name x @12:1-12:2{{$}}
# CHECK-NEXT: {{^}}    target: Name y @12:5-12:6{{$}}
# CHECK-NEXT: {{^}}    value: Int 1 @12:9-12:10{{$}}
# CHECK-NEXT: {{^}}  Assign @13:1-13:10{{$}}
# CHECK-NEXT: {{^}}    target: Tuple @13:1-13:6{{$}}
# CHECK-NEXT: {{^}}      elt: Name a @13:1-13:2{{$}}
# CHECK-NEXT: {{^}}      elt: Starred @13:4-13:6{{$}}
# CHECK-NEXT: {{^}}        value: Name b @13:5-13:6{{$}}
# CHECK-NEXT: {{^}}    value: Name c @13:9-13:10{{$}}
# CHECK-NEXT: {{^}}  Assign @14:1-14:14{{$}}
# CHECK-NEXT: {{^}}    target: List @14:1-14:7{{$}}
# CHECK-NEXT: {{^}}      elt: Name d @14:2-14:3{{$}}
# CHECK-NEXT: {{^}}      elt: Name e @14:5-14:6{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @14:10-14:14{{$}}
# CHECK-NEXT: {{^}}      elt: Name f @14:10-14:11{{$}}
# CHECK-NEXT: {{^}}      elt: Name g @14:13-14:14{{$}}
# CHECK-NEXT: {{^}}  Assign @15:1-15:11{{$}}
# CHECK-NEXT: {{^}}    target: Subscript @15:1-15:7{{$}}
# CHECK-NEXT: {{^}}      value: Attribute i @15:1-15:4{{$}}
# CHECK-NEXT: {{^}}        value: Name h @15:1-15:2{{$}}
# CHECK-NEXT: {{^}}      index: Int 0 @15:5-15:6{{$}}
# CHECK-NEXT: {{^}}    value: Name j @15:10-15:11{{$}}
# CHECK-NEXT: {{^}}  AugAssign += @16:1-16:7{{$}}
# CHECK-NEXT: {{^}}    target: Name k @16:1-16:2{{$}}
# CHECK-NEXT: {{^}}    value: Int 1 @16:6-16:7{{$}}
# CHECK-NEXT: {{^}}  AugAssign -= @16:9-16:15{{$}}
# CHECK-NEXT: {{^}}    target: Name l @16:9-16:10{{$}}
# CHECK-NEXT: {{^}}    value: Int 2 @16:14-16:15{{$}}
# CHECK-NEXT: {{^}}  Assign @17:1-17:8{{$}}
# CHECK-NEXT: {{^}}    target: Name t1 @17:1-17:3{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @17:6-17:8{{$}}
# CHECK-NEXT: {{^}}      elt: Int 1 @17:6-17:7{{$}}
# CHECK-NEXT: {{^}}  For @18:1-18:22{{$}}
# CHECK-NEXT: {{^}}    target: Tuple @18:5-18:7{{$}}
# CHECK-NEXT: {{^}}      elt: Name v @18:5-18:6{{$}}
# CHECK-NEXT: {{^}}    iter: Name pairs @18:11-18:16{{$}}
# CHECK-NEXT: {{^}}    body: Pass @18:18-18:22{{$}}
# CHECK-NEXT: {{^}}  AnnAssign @19:1-19:7{{$}}
# CHECK-NEXT: {{^}}    target: Name m @19:1-19:2{{$}}
# CHECK-NEXT: {{^}}    annotation: Name int @19:4-19:7{{$}}
# CHECK-NEXT: {{^}}  AnnAssign @20:1-20:11{{$}}
# CHECK-NEXT: {{^}}    target: Name n @20:1-20:2{{$}}
# CHECK-NEXT: {{^}}    annotation: Str "T" @20:4-20:7{{$}}
# CHECK-NEXT: {{^}}    value: Int 3 @20:10-20:11{{$}}
# CHECK-NEXT: {{^}}  Assert @21:1-21:20{{$}}
# CHECK-NEXT: {{^}}    test: Name m @21:8-21:9{{$}}
# CHECK-NEXT: {{^}}    msg: Str "message" @21:11-21:20{{$}}
# CHECK-NEXT: {{^}}  Assert @22:1-22:9{{$}}
# CHECK-NEXT: {{^}}    test: Name n @22:8-22:9{{$}}
# CHECK-NEXT: {{^}}  Raise @23:1-23:6{{$}}
# CHECK-NEXT: {{^}}  Raise @24:1-24:8{{$}}
# CHECK-NEXT: {{^}}    exc: Name E @24:7-24:8{{$}}
# CHECK-NEXT: {{^}}  Raise @25:1-25:22{{$}}
# CHECK-NEXT: {{^}}    exc: Call @25:7-25:13{{$}}
# CHECK-NEXT: {{^}}      func: Name E @25:7-25:8{{$}}
# CHECK-NEXT: {{^}}      arg: Str "x" @25:9-25:12{{$}}
# CHECK-NEXT: {{^}}    cause: Name err @25:19-25:22{{$}}
# CHECK-NEXT: {{^}}  Delete @26:1-26:17{{$}}
# CHECK-NEXT: {{^}}    target: Name p @26:5-26:6{{$}}
# CHECK-NEXT: {{^}}    target: Attribute r @26:8-26:11{{$}}
# CHECK-NEXT: {{^}}      value: Name q @26:8-26:9{{$}}
# CHECK-NEXT: {{^}}    target: Subscript @26:13-26:17{{$}}
# CHECK-NEXT: {{^}}      value: Name s @26:13-26:14{{$}}
# CHECK-NEXT: {{^}}      index: Int 0 @26:15-26:16{{$}}
# CHECK-NEXT: {{^}}  Delete @27:1-27:11{{$}}
# CHECK-NEXT: {{^}}    target: Tuple @27:5-27:11{{$}}
# CHECK-NEXT: {{^}}      elt: Name t @27:6-27:7{{$}}
# CHECK-NEXT: {{^}}      elt: Name u @27:9-27:10{{$}}
# CHECK-NEXT: {{^}}  Global G1, G2 @28:1-28:14{{$}}
# CHECK-NEXT: {{^}}  Pass @29:1-29:5{{$}}
# CHECK-NEXT: {{^}}  If @30:1-32:12{{$}}
# CHECK-NEXT: {{^}}    test: Name a @30:4-30:5{{$}}
# CHECK-NEXT: {{^}}    body: Assign @30:7-30:12{{$}}
# CHECK-NEXT: {{^}}      target: Name b @30:7-30:8{{$}}
# CHECK-NEXT: {{^}}      value: Int 1 @30:11-30:12{{$}}
# CHECK-NEXT: {{^}}    orelse: If @31:1-32:12{{$}}
# CHECK-NEXT: {{^}}      test: Name c @31:6-31:7{{$}}
# CHECK-NEXT: {{^}}      body: Pass @31:9-31:13{{$}}
# CHECK-NEXT: {{^}}      orelse: Assign @32:7-32:12{{$}}
# CHECK-NEXT: {{^}}        target: Name d @32:7-32:8{{$}}
# CHECK-NEXT: {{^}}        value: Int 2 @32:11-32:12{{$}}
# CHECK-NEXT: {{^}}  If @33:1-34:9{{$}}
# CHECK-NEXT: {{^}}    test: Name x @33:4-33:5{{$}}
# CHECK-NEXT: {{^}}    body: Pass @34:5-34:9{{$}}
# CHECK-NEXT: {{^}}  While @35:1-41:9{{$}}
# CHECK-NEXT: {{^}}    test: Compare > @35:7-35:12{{$}}
# CHECK-NEXT: {{^}}      operand: Name x @35:7-35:8{{$}}
# CHECK-NEXT: {{^}}      operand: Int 0 @35:11-35:12{{$}}
# CHECK-NEXT: {{^}}    body: AugAssign -= @36:5-36:11{{$}}
# CHECK-NEXT: {{^}}      target: Name x @36:5-36:6{{$}}
# CHECK-NEXT: {{^}}      value: Int 1 @36:10-36:11{{$}}
# CHECK-NEXT: {{^}}    body: If @37:5-38:14{{$}}
# CHECK-NEXT: {{^}}      test: Compare == @37:8-37:14{{$}}
# CHECK-NEXT: {{^}}        operand: Name x @37:8-37:9{{$}}
# CHECK-NEXT: {{^}}        operand: Int 5 @37:13-37:14{{$}}
# CHECK-NEXT: {{^}}      body: Break @38:9-38:14{{$}}
# CHECK-NEXT: {{^}}    body: Continue @39:5-39:13{{$}}
# CHECK-NEXT: {{^}}    orelse: Pass @41:5-41:9{{$}}
# CHECK-NEXT: {{^}}  For @42:1-45:9{{$}}
# CHECK-NEXT: {{^}}    target: Tuple @42:5-42:15{{$}}
# CHECK-NEXT: {{^}}      elt: Name i @42:5-42:6{{$}}
# CHECK-NEXT: {{^}}      elt: Tuple @42:8-42:15{{$}}
# CHECK-NEXT: {{^}}        elt: Name j @42:9-42:10{{$}}
# CHECK-NEXT: {{^}}        elt: Starred @42:12-42:14{{$}}
# CHECK-NEXT: {{^}}          value: Name k @42:13-42:14{{$}}
# CHECK-NEXT: {{^}}    iter: Call @42:19-42:31{{$}}
# CHECK-NEXT: {{^}}      func: Name enumerate @42:19-42:28{{$}}
# CHECK-NEXT: {{^}}      arg: Name z @42:29-42:30{{$}}
# CHECK-NEXT: {{^}}    body: Pass @43:5-43:9{{$}}
# CHECK-NEXT: {{^}}    orelse: Pass @45:5-45:9{{$}}
# CHECK-NEXT: {{^}}  For @46:1-46:28{{$}}
# CHECK-NEXT: {{^}}    target: Name w @46:5-46:6{{$}}
# CHECK-NEXT: {{^}}    iter: Call @46:10-46:18{{$}}
# CHECK-NEXT: {{^}}      func: Name range @46:10-46:15{{$}}
# CHECK-NEXT: {{^}}      arg: Int 3 @46:16-46:17{{$}}
# CHECK-NEXT: {{^}}    body: Expr @46:20-46:28{{$}}
# CHECK-NEXT: {{^}}      value: Call @46:20-46:28{{$}}
# CHECK-NEXT: {{^}}        func: Name print @46:20-46:25{{$}}
# CHECK-NEXT: {{^}}        arg: Name w @46:26-46:27{{$}}
# CHECK-NEXT: {{^}}  FunctionDef f @49:1-54:13{{$}}
# CHECK-NEXT: {{^}}    decorator: Name decorator @47:2-47:11{{$}}
# CHECK-NEXT: {{^}}    decorator: Call @48:2-48:21{{$}}
# CHECK-NEXT: {{^}}      func: Attribute deco @48:2-48:11{{$}}
# CHECK-NEXT: {{^}}        value: Name attr @48:2-48:6{{$}}
# CHECK-NEXT: {{^}}      arg: Int 1 @48:12-48:13{{$}}
# CHECK-NEXT: {{^}}      arg: Keyword key @48:15-48:20{{$}}
# CHECK-NEXT: {{^}}        value: Int 2 @48:19-48:20{{$}}
# CHECK-NEXT: {{^}}    param: a @49:7-49:8{{$}}
# CHECK-NEXT: {{^}}    param: b @49:10-49:20{{$}}
# CHECK-NEXT: {{^}}      annotation: Name int @49:13-49:16{{$}}
# CHECK-NEXT: {{^}}      default: Int 2 @49:19-49:20{{$}}
# CHECK-NEXT: {{^}}    param: *args @49:22-49:32{{$}}
# CHECK-NEXT: {{^}}      annotation: Name str @49:29-49:32{{$}}
# CHECK-NEXT: {{^}}    param: kwonly c @49:34-49:35{{$}}
# CHECK-NEXT: {{^}}    param: kwonly d @49:37-49:40{{$}}
# CHECK-NEXT: {{^}}      default: Int 4 @49:39-49:40{{$}}
# CHECK-NEXT: {{^}}    param: **kw @49:42-49:52{{$}}
# CHECK-NEXT: {{^}}      annotation: Name dict @49:48-49:52{{$}}
# CHECK-NEXT: {{^}}    returns: Str "R" @49:57-49:60{{$}}
# CHECK-NEXT: {{^}}    body: Expr @50:5-50:14{{$}}
# CHECK-NEXT: {{^}}      value: Str "doc" @50:5-50:14{{$}}
# CHECK-NEXT: {{^}}    body: FunctionDef inner @51:5-53:15{{$}}
# CHECK-NEXT: {{^}}      body: Nonlocal a @52:9-52:19{{$}}
# CHECK-NEXT: {{^}}      body: Return @53:9-53:15{{$}}
# CHECK-NEXT: {{^}}    body: Return @54:5-54:13{{$}}
# CHECK-NEXT: {{^}}      value: Name a @54:12-54:13{{$}}
# CHECK-NEXT: {{^}}  FunctionDef g @55:1-56:16{{$}}
# CHECK-NEXT: {{^}}    param: a @55:7-55:8{{$}}
# CHECK-NEXT: {{^}}    param: kwonly b @55:13-55:14{{$}}
# CHECK-NEXT: {{^}}    param: kwonly c @55:16-55:19{{$}}
# CHECK-NEXT: {{^}}      default: Int 3 @55:18-55:19{{$}}
# CHECK-NEXT: {{^}}    body: Return @56:5-56:16{{$}}
# CHECK-NEXT: {{^}}      value: Tuple @56:12-56:16{{$}}
# CHECK-NEXT: {{^}}        elt: Name a @56:12-56:13{{$}}
# CHECK-NEXT: {{^}}        elt: Name b @56:15-56:16{{$}}
# CHECK-NEXT: {{^}}  FunctionDef h @57:1-57:29{{$}}
# CHECK-NEXT: {{^}}    param: *args @57:7-57:12{{$}}
# CHECK-NEXT: {{^}}    param: **kwargs @57:14-57:22{{$}}
# CHECK-NEXT: {{^}}    body: Pass @57:25-57:29{{$}}
# CHECK-NEXT: {{^}}  ClassDef A @58:1-59:9{{$}}
# CHECK-NEXT: {{^}}    body: Pass @59:5-59:9{{$}}
# CHECK-NEXT: {{^}}  ClassDef B @60:1-62:31{{$}}
# CHECK-NEXT: {{^}}    base: Name A @60:9-60:10{{$}}
# CHECK-NEXT: {{^}}    base: Keyword metaclass @60:12-60:23{{$}}
# CHECK-NEXT: {{^}}      value: Name M @60:22-60:23{{$}}
# CHECK-NEXT: {{^}}    body: Assign @61:5-61:10{{$}}
# CHECK-NEXT: {{^}}      target: Name x @61:5-61:6{{$}}
# CHECK-NEXT: {{^}}      value: Int 1 @61:9-61:10{{$}}
# CHECK-NEXT: {{^}}    body: FunctionDef m @62:5-62:31{{$}}
# CHECK-NEXT: {{^}}      param: self @62:11-62:15{{$}}
# CHECK-NEXT: {{^}}      body: Return @62:18-62:31{{$}}
# CHECK-NEXT: {{^}}        value: Attribute x @62:25-62:31{{$}}
# CHECK-NEXT: {{^}}          value: Name self @62:25-62:29{{$}}
# CHECK-NEXT: {{^}}  ClassDef C @63:1-63:16{{$}}
# CHECK-NEXT: {{^}}    body: Pass @63:12-63:16{{$}}
