# Every module of lib/ parses (msc's Python subset: no try/with/yield).
# RUN: find %S/../../lib -name '*.py' | sort > %t.files
# RUN: test -s %t.files
# RUN: while read f; do %msc run --syntax-only "$f" || exit 1; done < %t.files
