#!/usr/bin/env python3
"""mapsize.py MAP OBJ... -- flash and RAM that the given objects take in a
linked image, from GNU ld's map file (-Wl,-Map), for
scripts/firmware-test.sh: the generated library's own share of the
self-test image (sections --gc-sections dropped are not counted).
Prints "text T data D bss B": T = bytes in .text/.rodata/.ARM.exidx
(flash), D = .data (flash and RAM), B = .bss (RAM)."""
import os
import re
import sys


def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: mapsize.py MAP OBJ...\n")
        return 2
    objs = {os.path.realpath(o) for o in argv[2:]}
    sums = {"text": 0, "data": 0, "bss": 0}
    kind = None
    pending = False
    started = False
    with open(argv[1]) as f:
        for line in f:
            if not started:
                started = line.startswith("Linker script and memory map")
                continue
            if re.match(r"^\.(vectors|text|ARM\.exidx)\b", line):
                kind = "text"
            elif line.startswith(".data"):
                kind = "data"
            elif line.startswith(".bss"):
                kind = "bss"
            elif re.match(r"^\S", line):
                kind = None
            m = re.match(r"^ (\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+\.o)\s*$", line)
            if m and (m.group(1) or pending) and kind:
                if os.path.realpath(m.group(4)) in objs:
                    sums[kind] += int(m.group(3), 16)
            pending = bool(re.match(r"^ \.\S+\s*$", line))
    print("text %d data %d bss %d" % (sums["text"], sums["data"], sums["bss"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
