"""argparse: ArgumentParser with positional and optional arguments, types,
defaults, choices, nargs, the common actions, groups, sub-commands
(add_subparsers / add_parser / set_defaults), help and usage formatted as
CPython's HelpFormatter does (80 columns), and usage errors (status 2) with
CPython's texts."""
import sys

SUPPRESS = "==SUPPRESS=="
OPTIONAL = "?"
ZERO_OR_MORE = "*"
ONE_OR_MORE = "+"
REMAINDER = "..."
PARSER = "A..."


class ArgumentError(Exception):
    def __init__(self, argument, message):
        self.argument_name = _arg_name(argument) if argument is not None else None
        self.message = message
        Exception.__init__(self, self.__str__())

    def __str__(self):
        if self.argument_name is None:
            return self.message
        return f"argument {self.argument_name}: {self.message}"


class ArgumentTypeError(Exception):
    pass


class Namespace:
    def __init__(self, **kwargs):
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        parts = [f"{k}={v!r}" for k, v in self.__dict__.items()]
        return "Namespace(" + ", ".join(parts) + ")"

    def __eq__(self, other):
        return isinstance(other, Namespace) and vars(self) == vars(other)

    def __contains__(self, key):
        return key in self.__dict__


class Action:
    def __init__(self, option_strings, dest, nargs=None, const=None, default=None, type=None,
                 choices=None, required=False, help=None, metavar=None, action="store"):
        self.option_strings = option_strings
        self.dest = dest
        self.nargs = nargs
        self.const = const
        self.default = default
        self.type = type
        self.choices = choices
        self.required = required
        self.help = help
        self.metavar = metavar
        self.action = action


def _arg_name(action):
    if action.option_strings:
        return "/".join(action.option_strings)
    if action.metavar not in (None, SUPPRESS):
        return action.metavar
    if action.dest not in (None, SUPPRESS):
        return action.dest
    if action.choices:
        return "{" + ",".join(action.choices) + "}"
    return None


class _SubParsersAction(Action):
    """add_subparsers(): a positional that takes a command name and hands
    the rest of the command line to that command's parser."""

    def __init__(self, prog_prefix, dest, required, help, metavar):
        Action.__init__(self, [], dest, PARSER, None, None, None, {}, required, help, metavar, "parsers")
        self._prog_prefix = prog_prefix
        self._choices_actions = []  # (invocation, help) of the commands given a help

    def add_parser(self, name, **kwargs):
        aliases = kwargs.pop("aliases", ())
        if name in self.choices:
            raise ArgumentError(self, f"conflicting subparser: {name}")
        for alias in aliases:
            if alias in self.choices:
                raise ArgumentError(self, f"conflicting subparser alias: {alias}")
        if "help" in kwargs:
            help = kwargs.pop("help")
            shown = name + (" (" + ", ".join(aliases) + ")" if aliases else "")
            self._choices_actions.append((shown, help))
        if kwargs.get("prog") is None:
            kwargs["prog"] = f"{self._prog_prefix} {name}"
        parser = ArgumentParser(**kwargs)
        self.choices[name] = parser
        for alias in aliases:
            self.choices[alias] = parser
        return parser


class _Group:
    def __init__(self, parser, title, description=None):
        self._parser = parser
        self.title = title
        self.description = description
        self._actions = []

    def add_argument(self, *args, **kwargs):
        a = self._parser.add_argument(*args, **kwargs)
        if self.title is not None:  # a mutually exclusive group's arguments stay where they are
            self._parser._main_group_remove(a)
            self._actions.append(a)
        return a

    def add_argument_group(self, title=None, description=None):
        return self._parser.add_argument_group(title, description)

    def add_mutually_exclusive_group(self, required=False):
        return self


class ArgumentParser:
    def __init__(self, prog=None, usage=None, description=None, epilog=None, parents=(),
                 formatter_class=None, prefix_chars="-", fromfile_prefix_chars=None,
                 argument_default=None, conflict_handler="error", add_help=True, allow_abbrev=True,
                 exit_on_error=True):
        if prog is None:
            prog = sys.argv[0].rsplit("/", 1)[-1] if sys.argv and sys.argv[0] else "python"
        self.prog = prog
        self.usage = usage
        self.description = description
        self.epilog = epilog
        self.argument_default = argument_default
        self.exit_on_error = exit_on_error
        self._actions = []
        self._defaults = {}
        self._subparsers = None
        self._positionals = _Group(self, "positional arguments")
        self._optionals = _Group(self, "options")
        self._groups = [self._positionals, self._optionals]
        if add_help:
            self.add_argument("-h", "--help", action="help", default=SUPPRESS,
                              help="show this help message and exit")
        for parent in parents:
            for a in parent._actions:
                if a.action != "help":
                    self._add_action(a)

    # ---- building ----
    def _main_group_remove(self, a):
        for g in (self._positionals, self._optionals):
            if a in g._actions:
                g._actions.remove(a)

    def add_argument_group(self, title=None, description=None):
        g = _Group(self, title, description)
        self._groups.append(g)
        return g

    def add_mutually_exclusive_group(self, required=False):
        return _Group(self, None)

    def add_subparsers(self, title=None, description=None, prog=None, dest=SUPPRESS, required=False,
                       help=None, metavar=None, parser_class=None, action=None, option_string=None):
        if self._subparsers is not None:
            self.error("cannot have multiple subparser arguments")
        if prog is None:
            before = [self._args_str(a) for a in self._actions if not a.option_strings and a.help != SUPPRESS]
            prog = " ".join([self.prog] + before)
        a = _SubParsersAction(prog, dest, required, help, metavar)
        self._actions.append(a)
        if title is not None or description is not None:
            g = self.add_argument_group("subcommands" if title is None else title, description)
            g._actions.append(a)
        else:
            self._positionals._actions.append(a)
        self._subparsers = a
        return a

    def set_defaults(self, **kwargs):
        self._defaults.update(kwargs)
        for a in self._actions:
            if a.dest in kwargs:
                a.default = kwargs[a.dest]

    def get_default(self, dest):
        for a in self._actions:
            if a.dest == dest and a.default is not None:
                return a.default
        return self._defaults.get(dest)

    def _add_action(self, a):
        self._actions.append(a)
        (self._optionals if a.option_strings else self._positionals)._actions.append(a)
        return a

    def add_argument(self, *args, action="store", nargs=None, const=None, default=None, type=None,
                     choices=None, required=None, help=None, metavar=None, dest=None, version=None):
        if not args or len(args) == 1 and not args[0].startswith("-"):
            if not args:
                raise TypeError("add_argument() missing required argument 'dest'")
            if dest is not None:
                raise ValueError("dest supplied twice for positional argument")
            dest = args[0]
            option_strings = []
            req = nargs not in ("?", "*") and nargs != REMAINDER
            if required is not None:
                raise TypeError("'required' is an invalid argument for positionals")
        else:
            for s in args:
                if not s.startswith("-"):
                    raise ValueError(f"invalid option string {s!r}: must start with a character '-'")
            option_strings = list(args)
            if dest is None:
                longs = [s for s in args if s.startswith("--")]
                dest = (longs[0] if longs else args[0]).lstrip("-").replace("-", "_")
            req = bool(required)
        for a in self._actions:
            for s in option_strings:
                if s in a.option_strings:
                    raise ArgumentError(None, f"argument {'/'.join(option_strings)}: conflicting "
                                              f"option string: {s}")
        if default is None:
            default = self._defaults.get(dest, self.argument_default)
        if action == "store_true":
            const, default = True, (False if default is None else default)
            nargs = 0
        elif action == "store_false":
            const, default = False, (True if default is None else default)
            nargs = 0
        elif action in ("store_const", "append_const"):
            nargs = 0
        elif action == "count":
            nargs = 0
        elif action in ("help", "version"):
            nargs = 0
            default = SUPPRESS
            dest = SUPPRESS if action == "help" else dest
        elif action not in ("store", "append", "extend"):
            raise ValueError(f"unknown action {action!r}")
        a = Action(option_strings, dest, nargs, const, default, type, choices, req, help, metavar, action)
        a.version = version
        return self._add_action(a)

    # ---- formatting ----
    def _metavar(self, a, for_usage=False):
        if a.metavar is not None:
            return a.metavar
        if a.choices is not None:
            return "{" + ",".join(str(c) for c in a.choices) + "}"
        return a.dest if not a.option_strings else a.dest.upper()

    def _args_str(self, a):
        m = self._metavar(a)
        n = a.nargs
        if n is None:
            return m
        if n == "?":
            return f"[{m}]"
        if n == "*":
            return f"[{m} ...]"
        if n == "+":
            return f"{m} [{m} ...]"
        if n == REMAINDER:
            return "..."
        if n == PARSER:
            return f"{m} ..."
        return " ".join([m] * n)

    def _usage_parts(self):
        opt, pos = [], []
        for a in self._actions:
            if a.help == SUPPRESS:
                continue
            if a.option_strings:
                part = a.option_strings[0]
                if a.nargs != 0:
                    part += " " + self._args_str(a)
                opt.append(part if a.required else f"[{part}]")
            else:
                pos.append(self._args_str(a))
        return opt, pos

    def format_usage(self):
        prefix = "usage: "
        if self.usage is not None:
            return prefix + self.usage.replace("%(prog)s", self.prog) + "\n"
        opt, pos = self._usage_parts()
        usage = " ".join([self.prog] + opt + pos)
        text_width = 78
        if len(prefix) + len(usage) > text_width:
            def get_lines(parts, indent, pfx=None):
                lines = []
                line = []
                line_len = len(pfx) - 1 if pfx is not None else len(indent) - 1
                for part in parts:
                    if line_len + 1 + len(part) > text_width and line:
                        lines.append(indent + " ".join(line))
                        line = []
                        line_len = len(indent) - 1
                    line.append(part)
                    line_len += len(part) + 1
                if line:
                    lines.append(indent + " ".join(line))
                if pfx is not None:
                    lines[0] = lines[0][len(indent):]
                return lines
            if len(prefix) + len(self.prog) <= 0.75 * text_width:
                indent = " " * (len(prefix) + len(self.prog) + 1)
                if opt:
                    lines = get_lines([self.prog] + opt, indent, prefix)
                    lines.extend(get_lines(pos, indent))
                elif pos:
                    lines = get_lines([self.prog] + pos, indent, prefix)
                else:
                    lines = [self.prog]
            else:
                indent = " " * len(prefix)
                parts = opt + pos
                lines = get_lines(parts, indent)
                if len(lines) > 1:
                    lines = get_lines(opt, indent)
                    lines.extend(get_lines(pos, indent))
                lines = [self.prog] + lines
            usage = "\n".join(lines)
        return prefix + usage + "\n"

    def _invocation(self, a):
        if not a.option_strings:
            return self._metavar(a)
        if a.nargs == 0:
            return ", ".join(a.option_strings)
        args = self._args_str(a)
        return ", ".join(f"{s} {args}" for s in a.option_strings)

    @staticmethod
    def _wrap(text, width):
        words = text.split()
        lines, line = [], ""
        for w in words:
            if line and len(line) + 1 + len(w) > width:
                lines.append(line)
                line = w
            else:
                line = w if not line else line + " " + w
        if line:
            lines.append(line)
        return lines

    def _expand_help(self, a):
        params = dict(vars(a), prog=self.prog)
        for k in list(params):
            if params[k] is SUPPRESS:
                del params[k]
        if params.get("choices") is not None:
            params["choices"] = ", ".join(str(c) for c in params["choices"])
        return a.help % params if "%" in a.help else a.help

    def format_help(self):
        width = 78
        out = [self.format_usage()]
        if self.description:
            out.append("\n" + "\n".join(self._wrap(self.description, width)) + "\n")
        shown = [a for a in self._actions if a.help != SUPPRESS]
        max_len = max([len(self._invocation(a)) + 2 for a in shown] + [0])
        for a in shown:  # the commands of a subparsers action, indented by 4
            for inv, _ in getattr(a, "_choices_actions", ()):
                max_len = max(max_len, len(inv) + 4)
        help_pos = min(max_len + 2, 24)
        for g in self._groups:
            acts = [a for a in g._actions if a.help != SUPPRESS]
            if not acts and g.description is None:
                continue
            out.append("\n" + (g.title + ":" if g.title else "") + "\n")
            if g.description:
                out.append("  " + g.description + "\n\n" if acts else "  " + g.description + "\n")
            for a in acts:
                self._format_action(out, self._invocation(a), a.help and self._expand_help(a), 2, help_pos,
                                    width)
                for inv, h in getattr(a, "_choices_actions", ()):
                    self._format_action(out, inv, h, 4, help_pos, width)
        if self.epilog:
            out.append("\n" + "\n".join(self._wrap(self.epilog, width)) + "\n")
        return "".join(out)

    def _format_action(self, out, inv, help, indent, help_pos, width):
        action_width = help_pos - indent - 2
        if not help:
            out.append(" " * indent + inv + "\n")
            return
        help_lines = self._wrap(help, max(width - help_pos, 11))
        if len(inv) <= action_width:
            out.append(" " * indent + inv.ljust(action_width) + "  " + help_lines[0] + "\n")
            rest = help_lines[1:]
        else:
            out.append(" " * indent + inv + "\n")
            rest = help_lines
        for line in rest:
            out.append(" " * help_pos + line + "\n")

    def print_usage(self, file=None):
        (file or sys.stdout).write(self.format_usage())

    def print_help(self, file=None):
        (file or sys.stdout).write(self.format_help())

    def exit(self, status=0, message=None):
        if message:
            sys.stderr.write(message)
        sys.exit(status)

    def error(self, message):
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")

    # ---- parsing ----
    def _convert(self, a, s):
        if a.type is None:
            v = s
        else:
            tname = getattr(a.type, "__name__", repr(a.type))
            try:
                v = a.type(s)
            except ArgumentTypeError as e:
                raise ArgumentError(a, str(e))
            except (TypeError, ValueError):
                raise ArgumentError(a, f"invalid {tname} value: {s!r}")
        if a.choices is not None and v not in a.choices:
            choices = ", ".join(repr(c) for c in a.choices)
            raise ArgumentError(a, f"invalid choice: {v!r} (choose from {choices})")
        return v

    def _take(self, a, values):
        if a.nargs is None:
            return self._convert(a, values[0])
        if a.nargs == "?":
            return self._convert(a, values[0]) if values else a.const
        return [self._convert(a, v) for v in values]

    def parse_args(self, args=None, namespace=None):
        ns, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error("unrecognized arguments: " + " ".join(extras))
        return ns

    def _find_option(self, s):
        for a in self._actions:
            if s in a.option_strings:
                return a
        if s.startswith("--"):
            matches = [a for a in self._actions for o in a.option_strings if o.startswith(s)]
            if len(matches) == 1:
                return matches[0]
            if len(matches) > 1:
                opts = ", ".join(o for a in matches for o in a.option_strings if o.startswith(s))
                self.error(f"ambiguous option: {s} could match {opts}")
        return None

    def parse_known_args(self, args=None, namespace=None):
        if args is None:
            args = sys.argv[1:]
        args = list(args)
        ns = namespace if namespace is not None else Namespace()
        for a in self._actions:
            if a.dest is not SUPPRESS and a.default is not SUPPRESS and not hasattr(ns, a.dest):
                setattr(ns, a.dest, a.default)
        for k, v in self._defaults.items():
            if not hasattr(ns, k):
                setattr(ns, k, v)
        try:
            extras = self._parse(args, ns)
        except ArgumentError as e:
            if not self.exit_on_error:
                raise
            self.error(str(e))
        return ns, extras

    def _parse(self, args, ns):
        sub = self._subparsers
        positionals = [a for a in self._actions if not a.option_strings and a is not sub]
        # the positional values before the command (the positionals added before add_subparsers)
        n_before = 0
        for a in self._actions:
            if a is sub:
                break
            if not a.option_strings:
                n_before += 1 if a.nargs is None else a.nargs if isinstance(a.nargs, int) else 0
        command, rest = None, []
        pos_values = []
        extras = []
        seen = set()
        i = 0
        only_pos = False
        while i < len(args):
            s = args[i]
            if s == "--" and not only_pos:
                only_pos = True
                i += 1
                continue
            if only_pos or not s.startswith("-") or s == "-" or self._negative_number(s):
                if sub is not None and len(pos_values) == n_before:
                    command, rest = s, args[i + 1:]  # the rest is the command's
                    break
                pos_values.append(s)
                i += 1
                continue
            explicit = None
            short_rest = False
            a = self._find_option(s)
            if a is None and "=" in s:
                name, explicit = s.split("=", 1)
                a = self._find_option(name)
            if a is None and not s.startswith("--") and len(s) > 2:
                a = self._find_option(s[:2])
                if a is not None:
                    explicit = s[2:]
                    short_rest = True
            if a is None:
                extras.append(s)
                i += 1
                continue
            seen.add(a)
            i += 1
            if a.action == "help":
                self.print_help()
                self.exit(0)
            if a.action == "version":
                sys.stdout.write(str(a.version).replace("%(prog)s", self.prog) + "\n")
                self.exit(0)
            if a.nargs == 0:
                if explicit is not None and short_rest:  # -vc: more single-dash flags
                    args.insert(i, "-" + explicit)
                elif explicit is not None:
                    raise ArgumentError(a, f"ignored explicit argument {explicit!r}")
                if a.action == "count":
                    setattr(ns, a.dest, (getattr(ns, a.dest) or 0) + 1)
                elif a.action == "append_const":
                    setattr(ns, a.dest, (getattr(ns, a.dest) or []) + [a.const])
                else:
                    setattr(ns, a.dest, a.const)
                continue
            if explicit is not None:
                values = [explicit]
            else:
                values = []
                want = 1 if a.nargs is None else a.nargs
                while i < len(args) and (not args[i].startswith("-") or self._negative_number(args[i])):
                    if isinstance(want, int) and len(values) >= want:
                        break
                    if want == "?" and values:
                        break
                    values.append(args[i])
                    i += 1
                if a.nargs is None and not values:
                    raise ArgumentError(a, "expected one argument")
                if a.nargs == "+" and not values:
                    raise ArgumentError(a, "expected at least one argument")
                if isinstance(a.nargs, int) and len(values) != a.nargs:
                    raise ArgumentError(a, f"expected {a.nargs} argument{'s' if a.nargs > 1 else ''}")
            v = self._take(a, values)
            if a.action == "append":
                old = getattr(ns, a.dest)
                setattr(ns, a.dest, (list(old) if old else []) + [v])
            elif a.action == "extend":
                old = getattr(ns, a.dest)
                setattr(ns, a.dest, (list(old) if old else []) + list(v))
            else:
                setattr(ns, a.dest, v)
        k = 0
        missing = []
        for idx, a in enumerate(positionals):
            later_required = sum(1 for b in positionals[idx + 1:] if b.nargs in (None, "+") or isinstance(b.nargs, int))
            avail = len(pos_values) - k
            if a.nargs is None:
                if avail < 1:
                    missing.append(_arg_name(a))
                    continue
                setattr(ns, a.dest, self._convert(a, pos_values[k]))
                k += 1
            elif a.nargs == "?":
                if avail > later_required:
                    setattr(ns, a.dest, self._convert(a, pos_values[k]))
                    k += 1
                elif a.default is not None and isinstance(a.default, str):
                    setattr(ns, a.dest, self._convert(a, a.default))
            elif a.nargs in ("*", "+", REMAINDER):
                n = max(avail - later_required, 0)
                if a.nargs == "+" and n < 1:
                    missing.append(_arg_name(a))
                    continue
                vals = pos_values[k:k + n]
                k += n
                if vals or a.nargs != "*" or a.default is None:
                    setattr(ns, a.dest, [self._convert(a, v) for v in vals] if a.nargs != REMAINDER else vals)
            else:
                if avail < a.nargs:
                    missing.append(_arg_name(a))
                    continue
                setattr(ns, a.dest, [self._convert(a, v) for v in pos_values[k:k + a.nargs]])
                k += a.nargs
        sub_extras = []
        if command is not None:
            if sub.dest is not SUPPRESS:
                setattr(ns, sub.dest, command)
            if command not in sub.choices:
                choices = ", ".join(repr(c) for c in sub.choices)
                raise ArgumentError(sub, f"invalid choice: {command!r} (choose from {choices})")
            sub_ns, sub_extras = sub.choices[command].parse_known_args(rest, None)
            for key, value in vars(sub_ns).items():
                setattr(ns, key, value)
        elif sub is not None and sub.required:
            missing.append(_arg_name(sub))
        for a in self._actions:
            if a.option_strings and a.required and a not in seen:
                missing.append(_arg_name(a))
        if missing:
            raise ArgumentError(None, "the following arguments are required: " + ", ".join(missing))
        for a in self._actions:
            if (a.option_strings and a not in seen and isinstance(a.default, str) and a.type is not None
                    and getattr(ns, a.dest, None) is a.default):
                setattr(ns, a.dest, self._convert(a, a.default))
        return extras + pos_values[k:] + sub_extras

    @staticmethod
    def _negative_number(s):
        if not s.startswith("-") or len(s) < 2:
            return False
        t = s[1:]
        return t.replace(".", "", 1).isdigit()
