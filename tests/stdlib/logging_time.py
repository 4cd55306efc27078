# logging (getLogger, levels, propagation, basicConfig with format, the
# last-resort stderr output, StreamHandler to stdout) and time.gmtime/
# strftime. stdout and stderr diffed against CPython.
#
# RUN: %msc run %s > %t.msc 2> %t.msc.err && %python %s > %t.py 2> %t.py.err
# RUN: diff %t.msc %t.py && diff %t.msc.err %t.py.err
# RUN: FileCheck %s < %t.msc.err
# CHECK: last resort 1
# CHECK-NEXT: INFO train: epoch 1 loss 0.500
# CHECK-NEXT: WARNING root: root warning
import logging
import sys
log = logging.getLogger("train")
log.info("not shown")
log.warning("last resort %d", 1)
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
log.info("epoch %d loss %.3f", 1, 0.5)
log.debug("hidden")
logging.warning("root warning")
sub = logging.getLogger("train.data")
sub.error("from child %s", "x")
print(log.getEffectiveLevel(), sub.parent is log, logging.getLevelName(30), log)
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("[%(levelname)s] %(message)s"))
log.addHandler(h)
log.propagate = False
log.critical("to stdout")
log.setLevel("ERROR")
log.warning("filtered")
import time
t = time.gmtime(86400 * 365)
print(tuple(t), time.strftime("%Y-%m-%d %H:%M:%S", t), len(time.localtime()))
