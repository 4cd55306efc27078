# msc --help and -h print the usage on stdout and exit 0; --version prints
# "msc VERSION" and exits 0. Nothing goes to stderr.
# RUN: %msc --help > %t.help 2> %t.err
# RUN: count 0 < %t.err
# RUN: FileCheck --check-prefix=HELP %s --input-file %t.help
# RUN: %msc -h | FileCheck --check-prefix=HELP %s
# RUN: %msc --version > %t.ver 2> %t.err
# RUN: count 0 < %t.err
# RUN: FileCheck --check-prefix=VER %s --input-file %t.ver
# RUN: count 1 < %t.ver
# HELP: usage: msc run
# HELP: --syntax-only
# HELP: exit status: 0 success, 1 error in the script, 2 usage error
# VER: {{^msc [0-9]+\.[0-9]+}}
