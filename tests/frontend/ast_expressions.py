# RUN: %msc run --dump-ast %s 2>&1 | FileCheck --strict-whitespace %s
e1 = a or b and not c
e2 = a if b else c if d else e
e3 = lambda: 0
e4 = lambda x, y=1, *args, z, **kw: x
e5 = lambda *, k: k
e5b = lambda x,: x
e6 = 1 < a <= 2 == b != c > d >= e
e7 = a in b not in c is d is not e
e8 = (a < b) < c
e9 = a | b ^ c & d << 1 >> 2
e10 = a + b - c * d / e // f % g @ h
e11 = -a ** -b ** c
e12 = +a, ~b, not c
e13 = a.b.c(d)[e](f=1, *g, **h)
e14 = f(x for x in y if x)
e15 = [x * y for x in a for y in b if x if y]
e16 = {k: v for k, v in d.items()}
e17 = {x for x in s}
e18 = (x for x in s)
e19 = ()
e20 = (1,)
e21 = (1, 2, *r)
e22 = [1, *r, 2,]
e23 = []
e24 = {}
e25 = {1: 2, **d, 3: 4,}
e26 = {1, 2, *s,}
e27 = x[1], x[1:2], x[::2], x[:, 1:3], x[..., None], x[a:b:c], x[1,], x[:]
e28 = None, True, False, ..., 1.5, 0x10, 1_000, 9223372036854775807, -9223372036854775808
e29 = yield_ if False else 0
e30 = x[*a]
e31 = f()
e32 = f(a,)
e33 = (a)
e34 = a if b else lambda: c

# CHECK: {{^}}Module @{{.*}}
# CHECK-NEXT: {{^}}  Assign @2:1-2:22{{$}}
# CHECK-NEXT: {{^}}    target: Name e1 @2:1-2:3{{$}}
# CHECK-NEXT: {{^}}    value: Or @2:6-2:22{{$}}
# CHECK-NEXT: {{^}}      left: Name a @2:6-2:7{{$}}
# CHECK-NEXT: {{^}}      right: And @2:11-2:22{{$}}
# CHECK-NEXT: {{^}}        left: Name b @2:11-2:12{{$}}
# CHECK-NEXT: {{^}}        right: UnaryOp not @2:17-2:22{{$}}
# CHECK-NEXT: {{^}}          operand: Name c @2:21-2:22{{$}}
# CHECK-NEXT: {{^}}  Assign @3:1-3:31{{$}}
# CHECK-NEXT: {{^}}    target: Name e2 @3:1-3:3{{$}}
# CHECK-NEXT: {{^}}    value: IfExp @3:6-3:31{{$}}
# CHECK-NEXT: {{^}}      test: Name b @3:11-3:12{{$}}
# CHECK-NEXT: {{^}}      body: Name a @3:6-3:7{{$}}
# CHECK-NEXT: {{^}}      orelse: IfExp @3:18-3:31{{$}}
# CHECK-NEXT: {{^}}        test: Name d @3:23-3:24{{$}}
# CHECK-NEXT: {{^}}        body: Name c @3:18-3:19{{$}}
# CHECK-NEXT: {{^}}        orelse: Name e @3:30-3:31{{$}}
# CHECK-NEXT: {{^}}  Assign @4:1-4:15{{$}}
# CHECK-NEXT: {{^}}    target: Name e3 @4:1-4:3{{$}}
# CHECK-NEXT: {{^}}    value: Lambda @4:6-4:15{{$}}
# CHECK-NEXT: {{^}}      body: Int 0 @4:14-4:15{{$}}
# CHECK-NEXT: {{^}}  Assign @5:1-5:38{{$}}
# CHECK-NEXT: {{^}}    target: Name e4 @5:1-5:3{{$}}
# CHECK-NEXT: {{^}}    value: Lambda @5:6-5:38{{$}}
# CHECK-NEXT: {{^}}      param: x @5:13-5:14{{$}}
# CHECK-NEXT: {{^}}      param: y @5:16-5:19{{$}}
# CHECK-NEXT: {{^}}        default: Int 1 @5:18-5:19{{$}}
# CHECK-NEXT: {{^}}      param: *args @5:21-5:26{{$}}
# CHECK-NEXT: {{^}}      param: kwonly z @5:28-5:29{{$}}
# CHECK-NEXT: {{^}}      param: **kw @5:31-5:35{{$}}
# CHECK-NEXT: {{^}}      body: Name x @5:37-5:38{{$}}
# CHECK-NEXT: {{^}}  Assign @6:1-6:20{{$}}
# CHECK-NEXT: {{^}}    target: Name e5 @6:1-6:3{{$}}
# CHECK-NEXT: {{^}}    value: Lambda @6:6-6:20{{$}}
# CHECK-NEXT: {{^}}      param: kwonly k @6:16-6:17{{$}}
# CHECK-NEXT: {{^}}      body: Name k @6:19-6:20{{$}}
# CHECK-NEXT: {{^}}  Assign @7:1-7:19{{$}}
# CHECK-NEXT: {{^}}    target: Name e5b @7:1-7:4{{$}}
# CHECK-NEXT: {{^}}    value: Lambda @7:7-7:19{{$}}
# CHECK-NEXT: {{^}}      param: x @7:14-7:15{{$}}
# CHECK-NEXT: {{^}}      body: Name x @7:18-7:19{{$}}
# CHECK-NEXT: {{^}}  Assign @8:1-8:35{{$}}
# CHECK-NEXT: {{^}}    target: Name e6 @8:1-8:3{{$}}
# CHECK-NEXT: {{^}}    value: Compare < <= == != > >= @8:6-8:35{{$}}
# CHECK-NEXT: {{^}}      operand: Int 1 @8:6-8:7{{$}}
# CHECK-NEXT: {{^}}      operand: Name a @8:10-8:11{{$}}
# CHECK-NEXT: {{^}}      operand: Int 2 @8:15-8:16{{$}}
# CHECK-NEXT: {{^}}      operand: Name b @8:20-8:21{{$}}
# CHECK-NEXT: {{^}}      operand: Name c @8:25-8:26{{$}}
# CHECK-NEXT: {{^}}      operand: Name d @8:29-8:30{{$}}
# CHECK-NEXT: {{^}}      operand: Name e @8:34-8:35{{$}}
# CHECK-NEXT: {{^}}  Assign @9:1-9:35{{$}}
# CHECK-NEXT: {{^}}    target: Name e7 @9:1-9:3{{$}}
# CHECK-NEXT: {{^}}    value: Compare in not in is is not @9:6-9:35{{$}}
# CHECK-NEXT: {{^}}      operand: Name a @9:6-9:7{{$}}
# CHECK-NEXT: {{^}}      operand: Name b @9:11-9:12{{$}}
# CHECK-NEXT: {{^}}      operand: Name c @9:20-9:21{{$}}
# CHECK-NEXT: {{^}}      operand: Name d @9:25-9:26{{$}}
# CHECK-NEXT: {{^}}      operand: Name e @9:34-9:35{{$}}
# CHECK-NEXT: {{^}}  Assign @10:1-10:17{{$}}
# CHECK-NEXT: {{^}}    target: Name e8 @10:1-10:3{{$}}
# CHECK-NEXT: {{^}}    value: Compare < @10:6-10:17{{$}}
# CHECK-NEXT: {{^}}      operand: Compare < @10:7-10:12{{$}}
# CHECK-NEXT: {{^}}        operand: Name a @10:7-10:8{{$}}
# CHECK-NEXT: {{^}}        operand: Name b @10:11-10:12{{$}}
# CHECK-NEXT: {{^}}      operand: Name c @10:16-10:17{{$}}
# CHECK-NEXT: {{^}}  Assign @11:1-11:29{{$}}
# CHECK-NEXT: {{^}}    target: Name e9 @11:1-11:3{{$}}
# CHECK-NEXT: {{^}}    value: BinOp | @11:6-11:29{{$}}
# CHECK-NEXT: {{^}}      left: Name a @11:6-11:7{{$}}
# CHECK-NEXT: {{^}}      right: BinOp ^ @11:10-11:29{{$}}
# CHECK-NEXT: {{^}}        left: Name b @11:10-11:11{{$}}
# CHECK-NEXT: {{^}}        right: BinOp & @11:14-11:29{{$}}
# CHECK-NEXT: {{^}}          left: Name c @11:14-11:15{{$}}
# CHECK-NEXT: {{^}}          right: BinOp >> @11:18-11:29{{$}}
# CHECK-NEXT: {{^}}            left: BinOp << @11:18-11:24{{$}}
# CHECK-NEXT: {{^}}              left: Name d @11:18-11:19{{$}}
# CHECK-NEXT: {{^}}              right: Int 1 @11:23-11:24{{$}}
# CHECK-NEXT: {{^}}            right: Int 2 @11:28-11:29{{$}}
# CHECK-NEXT: {{^}}  Assign @12:1-12:37{{$}}
# CHECK-NEXT: {{^}}    target: Name e10 @12:1-12:4{{$}}
# CHECK-NEXT: {{^}}    value: BinOp - @12:7-12:37{{$}}
# CHECK-NEXT: {{^}}      left: BinOp + @12:7-12:12{{$}}
# CHECK-NEXT: {{^}}        left: Name a @12:7-12:8{{$}}
# CHECK-NEXT: {{^}}        right: Name b @12:11-12:12{{$}}
# CHECK-NEXT: {{^}}      right: BinOp @ @12:15-12:37{{$}}
# CHECK-NEXT: {{^}}        left: BinOp % @12:15-12:33{{$}}
# CHECK-NEXT: {{^}}          left: BinOp // @12:15-12:29{{$}}
# CHECK-NEXT: {{^}}            left: BinOp / @12:15-12:24{{$}}
# CHECK-NEXT: {{^}}              left: BinOp * @12:15-12:20{{$}}
# CHECK-NEXT: {{^}}                left: Name c @12:15-12:16{{$}}
# CHECK-NEXT: {{^}}                right: Name d @12:19-12:20{{$}}
# CHECK-NEXT: {{^}}              right: Name e @12:23-12:24{{$}}
# CHECK-NEXT: {{^}}            right: Name f @12:28-12:29{{$}}
# CHECK-NEXT: {{^}}          right: Name g @12:32-12:33{{$}}
# CHECK-NEXT: {{^}}        right: Name h @12:36-12:37{{$}}
# CHECK-NEXT: {{^}}  Assign @13:1-13:20{{$}}
# CHECK-NEXT: {{^}}    target: Name e11 @13:1-13:4{{$}}
# CHECK-NEXT: {{^}}    value: UnaryOp - @13:7-13:20{{$}}
# CHECK-NEXT: {{^}}      operand: BinOp ** @13:8-13:20{{$}}
# CHECK-NEXT: {{^}}        left: Name a @13:8-13:9{{$}}
# CHECK-NEXT: {{^}}        right: UnaryOp - @13:13-13:20{{$}}
# CHECK-NEXT: {{^}}          operand: BinOp ** @13:14-13:20{{$}}
# CHECK-NEXT: {{^}}            left: Name b @13:14-13:15{{$}}
# CHECK-NEXT: {{^}}            right: Name c @13:19-13:20{{$}}
# CHECK-NEXT: {{^}}  Assign @14:1-14:20{{$}}
# CHECK-NEXT: {{^}}    target: Name e12 @14:1-14:4{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @14:7-14:20{{$}}
# CHECK-NEXT: {{^}}      elt: UnaryOp + @14:7-14:9{{$}}
# CHECK-NEXT: {{^}}        operand: Name a @14:8-14:9{{$}}
# CHECK-NEXT: {{^}}      elt: UnaryOp ~ @14:11-14:13{{$}}
# CHECK-NEXT: {{^}}        operand: Name b @14:12-14:13{{$}}
# CHECK-NEXT: {{^}}      elt: UnaryOp not @14:15-14:20{{$}}
# CHECK-NEXT: {{^}}        operand: Name c @14:19-14:20{{$}}
# CHECK-NEXT: {{^}}  Assign @15:1-15:32{{$}}
# CHECK-NEXT: {{^}}    target: Name e13 @15:1-15:4{{$}}
# CHECK-NEXT: {{^}}    value: Call @15:7-15:32{{$}}
# CHECK-NEXT: {{^}}      func: Subscript @15:7-15:18{{$}}
# CHECK-NEXT: {{^}}        value: Call @15:7-15:15{{$}}
# CHECK-NEXT: {{^}}          func: Attribute c @15:7-15:12{{$}}
# CHECK-NEXT: {{^}}            value: Attribute b @15:7-15:10{{$}}
# CHECK-NEXT: {{^}}              value: Name a @15:7-15:8{{$}}
# CHECK-NEXT: {{^}}          arg: Name d @15:13-15:14{{$}}
# CHECK-NEXT: {{^}}        index: Name e @15:16-15:17{{$}}
# CHECK-NEXT: {{^}}      arg: Keyword f @15:19-15:22{{$}}
# CHECK-NEXT: {{^}}        value: Int 1 @15:21-15:22{{$}}
# CHECK-NEXT: {{^}}      arg: Starred @15:24-15:26{{$}}
# CHECK-NEXT: {{^}}        value: Name g @15:25-15:26{{$}}
# CHECK-NEXT: {{^}}      arg: DoubleStarred @15:28-15:31{{$}}
# CHECK-NEXT: {{^}}        value: Name h @15:30-15:31{{$}}
# CHECK-NEXT: {{^}}  Assign @16:1-16:27{{$}}
# CHECK-NEXT: {{^}}    target: Name e14 @16:1-16:4{{$}}
# CHECK-NEXT: {{^}}    value: Call @16:7-16:27{{$}}
# CHECK-NEXT: {{^}}      func: Name f @16:7-16:8{{$}}
# CHECK-NEXT: {{^}}      arg: GeneratorExp @16:9-16:26{{$}}
# CHECK-NEXT: {{^}}        elt: Name x @16:9-16:10{{$}}
# CHECK-NEXT: {{^}}        for:{{$}}
# CHECK-NEXT: {{^}}          target: Name x @16:15-16:16{{$}}
# CHECK-NEXT: {{^}}          iter: Name y @16:20-16:21{{$}}
# CHECK-NEXT: {{^}}          if: Name x @16:25-16:26{{$}}
# CHECK-NEXT: {{^}}  Assign @17:1-17:46{{$}}
# CHECK-NEXT: {{^}}    target: Name e15 @17:1-17:4{{$}}
# CHECK-NEXT: {{^}}    value: ListComp @17:7-17:46{{$}}
# CHECK-NEXT: {{^}}      elt: BinOp * @17:8-17:13{{$}}
# CHECK-NEXT: {{^}}        left: Name x @17:8-17:9{{$}}
# CHECK-NEXT: {{^}}        right: Name y @17:12-17:13{{$}}
# CHECK-NEXT: {{^}}      for:{{$}}
# CHECK-NEXT: {{^}}        target: Name x @17:18-17:19{{$}}
# CHECK-NEXT: {{^}}        iter: Name a @17:23-17:24{{$}}
# CHECK-NEXT: {{^}}      for:{{$}}
# CHECK-NEXT: {{^}}        target: Name y @17:29-17:30{{$}}
# CHECK-NEXT: {{^}}        iter: Name b @17:34-17:35{{$}}
# CHECK-NEXT: {{^}}        if: Name x @17:39-17:40{{$}}
# CHECK-NEXT: {{^}}        if: Name y @17:44-17:45{{$}}
# CHECK-NEXT: {{^}}  Assign @18:1-18:35{{$}}
# CHECK-NEXT: {{^}}    target: Name e16 @18:1-18:4{{$}}
# CHECK-NEXT: {{^}}    value: DictComp @18:7-18:35{{$}}
# CHECK-NEXT: {{^}}      key: Name k @18:8-18:9{{$}}
# CHECK-NEXT: {{^}}      value: Name v @18:11-18:12{{$}}
# CHECK-NEXT: {{^}}      for:{{$}}
# CHECK-NEXT: {{^}}        target: Tuple @18:17-18:21{{$}}
# CHECK-NEXT: {{^}}          elt: Name k @18:17-18:18{{$}}
# CHECK-NEXT: {{^}}          elt: Name v @18:20-18:21{{$}}
# CHECK-NEXT: {{^}}        iter: Call @18:25-18:34{{$}}
# CHECK-NEXT: {{^}}          func: Attribute items @18:25-18:32{{$}}
# CHECK-NEXT: {{^}}            value: Name d @18:25-18:26{{$}}
# CHECK-NEXT: {{^}}  Assign @19:1-19:21{{$}}
# CHECK-NEXT: {{^}}    target: Name e17 @19:1-19:4{{$}}
# CHECK-NEXT: {{^}}    value: SetComp @19:7-19:21{{$}}
# CHECK-NEXT: {{^}}      elt: Name x @19:8-19:9{{$}}
# CHECK-NEXT: {{^}}      for:{{$}}
# CHECK-NEXT: {{^}}        target: Name x @19:14-19:15{{$}}
# CHECK-NEXT: {{^}}        iter: Name s @19:19-19:20{{$}}
# CHECK-NEXT: {{^}}  Assign @20:1-20:21{{$}}
# CHECK-NEXT: {{^}}    target: Name e18 @20:1-20:4{{$}}
# CHECK-NEXT: {{^}}    value: GeneratorExp @20:7-20:21{{$}}
# CHECK-NEXT: {{^}}      elt: Name x @20:8-20:9{{$}}
# CHECK-NEXT: {{^}}      for:{{$}}
# CHECK-NEXT: {{^}}        target: Name x @20:14-20:15{{$}}
# CHECK-NEXT: {{^}}        iter: Name s @20:19-20:20{{$}}
# CHECK-NEXT: {{^}}  Assign @21:1-21:9{{$}}
# CHECK-NEXT: {{^}}    target: Name e19 @21:1-21:4{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @21:7-21:9{{$}}
# CHECK-NEXT: {{^}}  Assign @22:1-22:11{{$}}
# CHECK-NEXT: {{^}}    target: Name e20 @22:1-22:4{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @22:7-22:11{{$}}
# CHECK-NEXT: {{^}}      elt: Int 1 @22:8-22:9{{$}}
# CHECK-NEXT: {{^}}  Assign @23:1-23:17{{$}}
# CHECK-NEXT: {{^}}    target: Name e21 @23:1-23:4{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @23:7-23:17{{$}}
# CHECK-NEXT: {{^}}      elt: Int 1 @23:8-23:9{{$}}
# CHECK-NEXT: {{^}}      elt: Int 2 @23:11-23:12{{$}}
# CHECK-NEXT: {{^}}      elt: Starred @23:14-23:16{{$}}
# CHECK-NEXT: {{^}}        value: Name r @23:15-23:16{{$}}
# CHECK-NEXT: {{^}}  Assign @24:1-24:18{{$}}
# CHECK-NEXT: {{^}}    target: Name e22 @24:1-24:4{{$}}
# CHECK-NEXT: {{^}}    value: List @24:7-24:18{{$}}
# CHECK-NEXT: {{^}}      elt: Int 1 @24:8-24:9{{$}}
# CHECK-NEXT: {{^}}      elt: Starred @24:11-24:13{{$}}
# CHECK-NEXT: {{^}}        value: Name r @24:12-24:13{{$}}
# CHECK-NEXT: {{^}}      elt: Int 2 @24:15-24:16{{$}}
# CHECK-NEXT: {{^}}  Assign @25:1-25:9{{$}}
# CHECK-NEXT: {{^}}    target: Name e23 @25:1-25:4{{$}}
# CHECK-NEXT: {{^}}    value: List @25:7-25:9{{$}}
# CHECK-NEXT: {{^}}  Assign @26:1-26:9{{$}}
# CHECK-NEXT: {{^}}    target: Name e24 @26:1-26:4{{$}}
# CHECK-NEXT: {{^}}    value: Dict @26:7-26:9{{$}}
# CHECK-NEXT: {{^}}  Assign @27:1-27:25{{$}}
# CHECK-NEXT: {{^}}    target: Name e25 @27:1-27:4{{$}}
# CHECK-NEXT: {{^}}    value: Dict @27:7-27:25{{$}}
# CHECK-NEXT: {{^}}      key: Int 1 @27:8-27:9{{$}}
# CHECK-NEXT: {{^}}      value: Int 2 @27:11-27:12{{$}}
# CHECK-NEXT: {{^}}      **: Name d @27:16-27:17{{$}}
# CHECK-NEXT: {{^}}      key: Int 3 @27:19-27:20{{$}}
# CHECK-NEXT: {{^}}      value: Int 4 @27:22-27:23{{$}}
# CHECK-NEXT: {{^}}  Assign @28:1-28:18{{$}}
# CHECK-NEXT: {{^}}    target: Name e26 @28:1-28:4{{$}}
# CHECK-NEXT: {{^}}    value: Set @28:7-28:18{{$}}
# CHECK-NEXT: {{^}}      elt: Int 1 @28:8-28:9{{$}}
# CHECK-NEXT: {{^}}      elt: Int 2 @28:11-28:12{{$}}
# CHECK-NEXT: {{^}}      elt: Starred @28:14-28:16{{$}}
# CHECK-NEXT: {{^}}        value: Name s @28:15-28:16{{$}}
# CHECK-NEXT: {{^}}  Assign @29:1-29:75{{$}}
# CHECK-NEXT: {{^}}    target: Name e27 @29:1-29:4{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @29:7-29:75{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:7-29:11{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:7-29:8{{$}}
# CHECK-NEXT: {{^}}        index: Int 1 @29:9-29:10{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:13-29:19{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:13-29:14{{$}}
# CHECK-NEXT: {{^}}        index: Slice @29:15-29:18{{$}}
# CHECK-NEXT: {{^}}          lower: Int 1 @29:15-29:16{{$}}
# CHECK-NEXT: {{^}}          upper: Int 2 @29:17-29:18{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:21-29:27{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:21-29:22{{$}}
# CHECK-NEXT: {{^}}        index: Slice @29:23-29:26{{$}}
# CHECK-NEXT: {{^}}          step: Int 2 @29:25-29:26{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:29-29:38{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:29-29:30{{$}}
# CHECK-NEXT: {{^}}        index: Tuple @29:31-29:37{{$}}
# CHECK-NEXT: {{^}}          elt: Slice @29:31-29:32{{$}}
# CHECK-NEXT: {{^}}          elt: Slice @29:34-29:37{{$}}
# CHECK-NEXT: {{^}}            lower: Int 1 @29:34-29:35{{$}}
# CHECK-NEXT: {{^}}            upper: Int 3 @29:36-29:37{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:40-29:52{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:40-29:41{{$}}
# CHECK-NEXT: {{^}}        index: Tuple @29:42-29:51{{$}}
# CHECK-NEXT: {{^}}          elt: Ellipsis @29:42-29:45{{$}}
# CHECK-NEXT: {{^}}          elt: None @29:47-29:51{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:54-29:62{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:54-29:55{{$}}
# CHECK-NEXT: {{^}}        index: Slice @29:56-29:61{{$}}
# CHECK-NEXT: {{^}}          lower: Name a @29:56-29:57{{$}}
# CHECK-NEXT: {{^}}          upper: Name b @29:58-29:59{{$}}
# CHECK-NEXT: {{^}}          step: Name c @29:60-29:61{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:64-29:69{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:64-29:65{{$}}
# CHECK-NEXT: {{^}}        index: Tuple @29:66-29:68{{$}}
# CHECK-NEXT: {{^}}          elt: Int 1 @29:66-29:67{{$}}
# CHECK-NEXT: {{^}}      elt: Subscript @29:71-29:75{{$}}
# CHECK-NEXT: {{^}}        value: Name x @29:71-29:72{{$}}
# CHECK-NEXT: {{^}}        index: Slice @29:73-29:74{{$}}
# CHECK-NEXT: {{^}}  Assign @30:1-30:90{{$}}
# CHECK-NEXT: {{^}}    target: Name e28 @30:1-30:4{{$}}
# CHECK-NEXT: {{^}}    value: Tuple @30:7-30:90{{$}}
# CHECK-NEXT: {{^}}      elt: None @30:7-30:11{{$}}
# CHECK-NEXT: {{^}}      elt: True @30:13-30:17{{$}}
# CHECK-NEXT: {{^}}      elt: False @30:19-30:24{{$}}
# CHECK-NEXT: {{^}}      elt: Ellipsis @30:26-30:29{{$}}
# CHECK-NEXT: {{^}}      elt: Float 1.5 @30:31-30:34{{$}}
# CHECK-NEXT: {{^}}      elt: Int 16 @30:36-30:40{{$}}
# CHECK-NEXT: {{^}}      elt: Int 1000 @30:42-30:47{{$}}
# CHECK-NEXT: {{^}}      elt: Int 9223372036854775807 @30:49-30:68{{$}}
# CHECK-NEXT: {{^}}      elt: Int -9223372036854775808 @30:70-30:90{{$}}
# CHECK-NEXT: {{^}}  Assign @31:1-31:29{{$}}
# CHECK-NEXT: {{^}}    target: Name e29 @31:1-31:4{{$}}
# CHECK-NEXT: {{^}}    value: IfExp @31:7-31:29{{$}}
# CHECK-NEXT: {{^}}      test: False @31:17-31:22{{$}}
# CHECK-NEXT: {{^}}      body: Name yield_ @31:7-31:13{{$}}
# CHECK-NEXT: {{^}}      orelse: Int 0 @31:28-31:29{{$}}
# CHECK-NEXT: {{^}}  Assign @32:1-32:12{{$}}
# CHECK-NEXT: {{^}}    target: Name e30 @32:1-32:4{{$}}
# CHECK-NEXT: {{^}}    value: Subscript @32:7-32:12{{$}}
# CHECK-NEXT: {{^}}      value: Name x @32:7-32:8{{$}}
# CHECK-NEXT: {{^}}      index: Starred @32:9-32:11{{$}}
# CHECK-NEXT: {{^}}        value: Name a @32:10-32:11{{$}}
# CHECK-NEXT: {{^}}  Assign @33:1-33:10{{$}}
# CHECK-NEXT: {{^}}    target: Name e31 @33:1-33:4{{$}}
# CHECK-NEXT: {{^}}    value: Call @33:7-33:10{{$}}
# CHECK-NEXT: {{^}}      func: Name f @33:7-33:8{{$}}
# CHECK-NEXT: {{^}}  Assign @34:1-34:12{{$}}
# CHECK-NEXT: {{^}}    target: Name e32 @34:1-34:4{{$}}
# CHECK-NEXT: {{^}}    value: Call @34:7-34:12{{$}}
# CHECK-NEXT: {{^}}      func: Name f @34:7-34:8{{$}}
# CHECK-NEXT: {{^}}      arg: Name a @34:9-34:10{{$}}
# CHECK-NEXT: {{^}}  Assign @35:1-35:10{{$}}
# CHECK-NEXT: {{^}}    target: Name e33 @35:1-35:4{{$}}
# CHECK-NEXT: {{^}}    value: Name a @35:8-35:9{{$}}
# CHECK-NEXT: {{^}}  Assign @36:1-36:28{{$}}
# CHECK-NEXT: {{^}}    target: Name e34 @36:1-36:4{{$}}
# CHECK-NEXT: {{^}}    value: IfExp @36:7-36:28{{$}}
# CHECK-NEXT: {{^}}      test: Name b @36:12-36:13{{$}}
# CHECK-NEXT: {{^}}      body: Name a @36:7-36:8{{$}}
# CHECK-NEXT: {{^}}      orelse: Lambda @36:19-36:28{{$}}
# CHECK-NEXT: {{^}}        body: Name c @36:27-36:28{{$}}
