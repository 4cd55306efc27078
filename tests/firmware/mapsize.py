# firmware/mapsize.py: the flash/RAM share of some objects in a GNU ld map
# (scripts/firmware-test.sh's library figures). Sums by hand for
# Inputs/small.map: lib.o text 0x10 + 0x24 + rodata 0x200 = 564, data 4,
# bss 0x400 = 1024; with msrt_nn.o also text +8, bss +0x40; discarded
# sections (before the memory map), fill and other objects never count.
# RUN: %python %S/../../firmware/mapsize.py %S/Inputs/small.map /tmp/x/obj/lib.o | FileCheck %s --check-prefix=LIB
# RUN: %python %S/../../firmware/mapsize.py %S/Inputs/small.map /tmp/x/obj/lib.o /tmp/x/obj/msrt_nn.o | FileCheck %s --check-prefix=BOTH
# RUN: %python %S/../../firmware/mapsize.py %S/Inputs/small.map /tmp/x/obj/none.o | FileCheck %s --check-prefix=NONE
# LIB: {{^}}text 564 data 4 bss 1024{{$}}
# BOTH: {{^}}text 572 data 4 bss 1088{{$}}
# NONE: {{^}}text 0 data 0 bss 0{{$}}
