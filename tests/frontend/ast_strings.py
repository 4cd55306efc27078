# RUN: %msc run --dump-ast %s 2>&1 | FileCheck --strict-whitespace %s
s1 = 'single' "double"
s2 = '''triple
single''' """triple double"""
s3 = r'\n' R"\d" u'x' U"y"
s4 = "tab\there\nnl \\ \' \" \a\b\f\v\0 \101 \x41 \u00e9 \U0001F600 \N{BULLET}"
s5 = "line\
continued"
s6 = ("across"
      "lines")
s7 = f"{x}"
s8 = f"a{b!r}c{d!s:>{w}}e{{}}{f!a}"
s9 = "plain" f"{x}" "tail"
s10 = f"{x=}" f"{y = !s}" f"{z=:.2f}"
s11 = rf"\d{x}" fR'{y}\n'
s12 = f"{a['k']}{b:{c}.{d}f}"
s13 = f"""{
    x
    + y}"""
s14 = f"{f'{x}'}"
s15 = f""
s16 = "" f"" ""

# CHECK: {{^}}Module @{{.*}}
# CHECK-NEXT: {{^}}  Assign @2:1-2:23{{$}}
# CHECK-NEXT: {{^}}    target: Name s1 @2:1-2:3{{$}}
# CHECK-NEXT: {{^}}    value: Str "singledouble" @2:6-2:23{{$}}
# CHECK-NEXT: {{^}}  Assign @3:1-4:30{{$}}
# CHECK-NEXT: {{^}}    target: Name s2 @3:1-3:3{{$}}
# CHECK-NEXT: {{^}}    value: Str "triple\nsingletriple double" @3:6-4:30{{$}}
# CHECK-NEXT: {{^}}  Assign @5:1-5:27{{$}}
# CHECK-NEXT: {{^}}    target: Name s3 @5:1-5:3{{$}}
# CHECK-NEXT: {{^}}    value: Str "\\n\\dxy" @5:6-5:27{{$}}
# CHECK-NEXT: {{^}}  Assign @6:1-6:80{{$}}
# CHECK-NEXT: {{^}}    target: Name s4 @6:1-6:3{{$}}
# CHECK-NEXT: {{^}}    value: Str "tab\there\nnl \\ ' \" \x07\x08\x0c\x0b\x00 A A é 😀 •" @6:6-6:80{{$}}
# CHECK-NEXT: {{^}}  Assign @7:1-8:11{{$}}
# CHECK-NEXT: {{^}}    target: Name s5 @7:1-7:3{{$}}
# CHECK-NEXT: {{^}}    value: Str "linecontinued" @7:6-8:11{{$}}
# CHECK-NEXT: {{^}}  Assign @9:1-10:15{{$}}
# CHECK-NEXT: {{^}}    target: Name s6 @9:1-9:3{{$}}
# CHECK-NEXT: {{^}}    value: Str "acrosslines" @9:7-10:14{{$}}
# CHECK-NEXT: {{^}}  Assign @11:1-11:12{{$}}
# CHECK-NEXT: {{^}}    target: Name s7 @11:1-11:3{{$}}
# CHECK-NEXT: {{^}}    value: FString @11:6-11:12{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @11:8-11:11{{$}}
# CHECK-NEXT: {{^}}        value: Name x @11:9-11:10{{$}}
# CHECK-NEXT: {{^}}  Assign @12:1-12:36{{$}}
# CHECK-NEXT: {{^}}    target: Name s8 @12:1-12:3{{$}}
# CHECK-NEXT: {{^}}    value: FString @12:6-12:36{{$}}
# CHECK-NEXT: {{^}}      part: Str "a" @12:8-12:9{{$}}
# CHECK-NEXT: {{^}}      part: Formatted !r @12:9-12:14{{$}}
# CHECK-NEXT: {{^}}        value: Name b @12:10-12:11{{$}}
# CHECK-NEXT: {{^}}      part: Str "c" @12:14-12:15{{$}}
# CHECK-NEXT: {{^}}      part: Formatted !s @12:15-12:25{{$}}
# CHECK-NEXT: {{^}}        value: Name d @12:16-12:17{{$}}
# CHECK-NEXT: {{^}}        spec: FString @12:20-12:24{{$}}
# CHECK-NEXT: {{^}}          part: Str ">" @12:20-12:21{{$}}
# CHECK-NEXT: {{^}}          part: Formatted @12:21-12:24{{$}}
# CHECK-NEXT: {{^}}            value: Name w @12:22-12:23{{$}}
# CHECK-NEXT: {{^}}      part: Str "e{}" @12:25-12:30{{$}}
# CHECK-NEXT: {{^}}      part: Formatted !a @12:30-12:35{{$}}
# CHECK-NEXT: {{^}}        value: Name f @12:31-12:32{{$}}
# CHECK-NEXT: {{^}}  Assign @13:1-13:27{{$}}
# CHECK-NEXT: {{^}}    target: Name s9 @13:1-13:3{{$}}
# CHECK-NEXT: {{^}}    value: FString @13:6-13:27{{$}}
# CHECK-NEXT: {{^}}      part: Str "plain" @13:6-13:13{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @13:16-13:19{{$}}
# CHECK-NEXT: {{^}}        value: Name x @13:17-13:18{{$}}
# CHECK-NEXT: {{^}}      part: Str "tail" @13:21-13:27{{$}}
# CHECK-NEXT: {{^}}  Assign @14:1-14:38{{$}}
# CHECK-NEXT: {{^}}    target: Name s10 @14:1-14:4{{$}}
# CHECK-NEXT: {{^}}    value: FString @14:7-14:38{{$}}
# CHECK-NEXT: {{^}}      part: Str "x=" @14:10-14:12{{$}}
# CHECK-NEXT: {{^}}      part: Formatted !r @14:9-14:13{{$}}
# CHECK-NEXT: {{^}}        value: Name x @14:10-14:11{{$}}
# CHECK-NEXT: {{^}}      part: Str "y = " @14:18-14:22{{$}}
# CHECK-NEXT: {{^}}      part: Formatted !s @14:17-14:25{{$}}
# CHECK-NEXT: {{^}}        value: Name y @14:18-14:19{{$}}
# CHECK-NEXT: {{^}}      part: Str "z=" @14:30-14:32{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @14:29-14:37{{$}}
# CHECK-NEXT: {{^}}        value: Name z @14:30-14:31{{$}}
# CHECK-NEXT: {{^}}        spec: FString @14:33-14:36{{$}}
# CHECK-NEXT: {{^}}          part: Str ".2f" @14:33-14:36{{$}}
# CHECK-NEXT: {{^}}  Assign @15:1-15:26{{$}}
# CHECK-NEXT: {{^}}    target: Name s11 @15:1-15:4{{$}}
# CHECK-NEXT: {{^}}    value: FString @15:7-15:26{{$}}
# CHECK-NEXT: {{^}}      part: Str "\\d" @15:10-15:12{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @15:12-15:15{{$}}
# CHECK-NEXT: {{^}}        value: Name x @15:13-15:14{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @15:20-15:23{{$}}
# CHECK-NEXT: {{^}}        value: Name y @15:21-15:22{{$}}
# CHECK-NEXT: {{^}}      part: Str "\\n" @15:23-15:25{{$}}
# CHECK-NEXT: {{^}}  Assign @16:1-16:30{{$}}
# CHECK-NEXT: {{^}}    target: Name s12 @16:1-16:4{{$}}
# CHECK-NEXT: {{^}}    value: FString @16:7-16:30{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @16:9-16:17{{$}}
# CHECK-NEXT: {{^}}        value: Subscript @16:10-16:16{{$}}
# CHECK-NEXT: {{^}}          value: Name a @16:10-16:11{{$}}
# CHECK-NEXT: {{^}}          index: Str "k" @16:12-16:15{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @16:17-16:29{{$}}
# CHECK-NEXT: {{^}}        value: Name b @16:18-16:19{{$}}
# CHECK-NEXT: {{^}}        spec: FString @16:20-16:28{{$}}
# CHECK-NEXT: {{^}}          part: Formatted @16:20-16:23{{$}}
# CHECK-NEXT: {{^}}            value: Name c @16:21-16:22{{$}}
# CHECK-NEXT: {{^}}          part: Str "." @16:23-16:24{{$}}
# CHECK-NEXT: {{^}}          part: Formatted @16:24-16:27{{$}}
# CHECK-NEXT: {{^}}            value: Name d @16:25-16:26{{$}}
# CHECK-NEXT: {{^}}          part: Str "f" @16:27-16:28{{$}}
# CHECK-NEXT: {{^}}  Assign @17:1-19:12{{$}}
# CHECK-NEXT: {{^}}    target: Name s13 @17:1-17:4{{$}}
# CHECK-NEXT: {{^}}    value: FString @17:7-19:12{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @17:11-19:9{{$}}
# CHECK-NEXT: {{^}}        value: BinOp + @18:5-19:8{{$}}
# CHECK-NEXT: {{^}}          left: Name x @18:5-18:6{{$}}
# CHECK-NEXT: {{^}}          right: Name y @19:7-19:8{{$}}
# CHECK-NEXT: {{^}}  Assign @20:1-20:18{{$}}
# CHECK-NEXT: {{^}}    target: Name s14 @20:1-20:4{{$}}
# CHECK-NEXT: {{^}}    value: FString @20:7-20:18{{$}}
# CHECK-NEXT: {{^}}      part: Formatted @20:9-20:17{{$}}
# CHECK-NEXT: {{^}}        value: FString @20:10-20:16{{$}}
# CHECK-NEXT: {{^}}          part: Formatted @20:12-20:15{{$}}
# CHECK-NEXT: {{^}}            value: Name x @20:13-20:14{{$}}
# CHECK-NEXT: {{^}}  Assign @21:1-21:10{{$}}
# CHECK-NEXT: {{^}}    target: Name s15 @21:1-21:4{{$}}
# CHECK-NEXT: {{^}}    value: FString @21:7-21:10{{$}}
# CHECK-NEXT: {{^}}  Assign @22:1-22:16{{$}}
# CHECK-NEXT: {{^}}    target: Name s16 @22:1-22:4{{$}}
# CHECK-NEXT: {{^}}    value: FString @22:7-22:16{{$}}
