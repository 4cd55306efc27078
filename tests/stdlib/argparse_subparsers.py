# argparse sub-commands (issue 24): add_subparsers (dest, help, title,
# description, metavar, required), add_parser (help, aliases), set_defaults
# (func=...) on a sub-parser, the command's own options and usage, --help
# with the command list, and the usage errors (invalid choice, missing
# command, an option after the command that only the main parser knows) as
# CPython prints them.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: for m in none train train2 eval alias bad help subhelp evalmissing unknown misplaced \
# RUN:          z_ok z_beta z_missing z_help z_badint; do \
# RUN:   %msc run %s $m > %t/msc.$m 2>&1; echo "status $?" >> %t/msc.$m; \
# RUN:   %python %s $m > %t/py.$m 2>&1; echo "status $?" >> %t/py.$m; \
# RUN:   diff %t/msc.$m %t/py.$m || exit 1; done
# RUN: FileCheck --check-prefix=BAD %s < %t/msc.bad
# RUN: FileCheck --check-prefix=HELP %s < %t/msc.help
# BAD: usage: tool [-h] [--verbose] {train,eval,ev} ...
# BAD-NEXT: tool: error: argument cmd: invalid choice: 'bad' (choose from 'train', 'eval', 'ev')
# BAD-NEXT: status 2
# HELP: positional arguments:
# HELP-NEXT:   {train,eval,ev}  sub-command help
# HELP-NEXT:     train          train a model
# HELP-NEXT:     eval (ev)      evaluate a checkpoint
import argparse
import sys


def train(a):
    print("train", a.lr, a.epochs)


def ev(a):
    print("eval", a.ckpt)


argv = {"none": [], "train": ["train"], "train2": ["--verbose", "train", "--lr", "0.5", "--epochs=3"],
        "eval": ["eval", "x.ckpt"], "alias": ["ev", "y"], "bad": ["bad"], "help": ["-h"],
        "subhelp": ["train", "-h"], "evalmissing": ["eval"], "unknown": ["train", "--bad"],
        "misplaced": ["train", "--verbose"], "z_ok": ["d", "alpha", "-n", "3"], "z_beta": ["d", "beta"],
        "z_missing": ["d"], "z_help": ["-h"], "z_badint": ["d", "alpha", "-n", "x"]}[sys.argv[1]]
if not sys.argv[1].startswith("z_"):
    p = argparse.ArgumentParser(prog="tool", description="A tool.")
    p.add_argument("--verbose", action="store_true")
    sub = p.add_subparsers(dest="cmd", help="sub-command help")
    t = sub.add_parser("train", help="train a model")
    t.add_argument("--lr", type=float, default=0.1)
    t.add_argument("--epochs", type=int, default=1)
    t.set_defaults(func=train)
    e = sub.add_parser("eval", help="evaluate a checkpoint", aliases=["ev"])
    e.add_argument("ckpt")
    e.set_defaults(func=ev)
    args = p.parse_args(argv)
    if hasattr(args, "func"):
        args.func(args)
        print(args.cmd, args.verbose)
    else:
        print(args)
else:
    p = argparse.ArgumentParser(prog="zoo")
    p.add_argument("data")
    sub = p.add_subparsers(title="commands", description="what to run", required=True, metavar="COMMAND")
    a = sub.add_parser("alpha")
    a.add_argument("-n", type=int)
    sub.add_parser("beta", help="the beta command with a rather long help text that wraps around the line")
    p.set_defaults(top=1)
    a.set_defaults(top=2)
    print(p.parse_args(argv))
