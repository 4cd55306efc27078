"""mindspore.nn.cell: Cell, the base class of networks and layers.

Bookkeeping as in MindSpore 2.x (mindspore/nn/cell.py):
- `__setattr__` registers Parameters in `_params` and sub-Cells in `_cells`,
  in insertion order; other values are plain attributes. (Registered
  values are also kept in the instance dict, so reading `self.weight` is a
  plain attribute read.)
- Parameter names: a Parameter created without a name takes the attribute
  name it is stored under; assigning a Cell `c` to attribute `n` calls
  `c.update_parameters_name(n + '.')`, which renames each of c's
  parameters to `n.` + its path in c. Hence `dense_relu_sequential.0.weight`
  for the weight of the first Dense of a SequentialCell stored as
  `self.dense_relu_sequential` (what `print(param.name)` shows).
- `parameters_and_names()` yields (path, Parameter) with paths built from
  the attribute names, each Parameter once.
- A Cell starts in inference mode (`training` False); `set_train()`.
- Calling a Cell calls `construct`; in GRAPH_MODE the call goes through the
  graph compiler (_msc.jit_call with the class's construct and the Cell as
  its first argument), as does `compile()`. Inside a graph being captured
  (a Cell called from another Cell's construct or from a jit function),
  construct runs inline.

repr: MindSpore's `Network<` ... `(flatten): Flatten<>` ... `>` format.
Forward hooks (register_forward_pre_hook / register_forward_hook) run in
PyNative mode, not inside a jit function; in graph mode registering one (or
a register_backward_hook) warns and does nothing, as MindSpore's Cell does.

Deliberate differences: msc has no generators, so the iterator methods
(`parameters_and_names`, `cells_and_names`, `get_parameters`, `cells`)
return lists, and `parameters_dict`/`name_cells` return plain dicts
(ordered, but printed as `{...}`, not `OrderedDict([...])`).
"""
import _msc
from mindspore import context as _context
from mindspore.common.api import _graph_id
from mindspore.common.parameter import Parameter, ParameterTuple, _is_parameter_generated
from mindspore.ops.primitive import Primitive

Tensor = _msc.Tensor
_cell_jit = _msc.cell_jit
_NOJIT = object()  # what _cell_jit returns when Cell.__call__'s Python is to run


def _addindent(s_, num_spaces):
    lines = s_.split('\n')
    if len(lines) == 1:
        return s_
    first = lines.pop(0)
    lines = [(num_spaces * ' ') + line for line in lines]
    return first + '\n' + '\n'.join(lines)


class Cell:
    """Base class for all neural networks (MindSpore's nn.Cell)."""

    def __init__(self, auto_prefix=True, flags=None):
        object.__setattr__(self, '_params', {})
        object.__setattr__(self, '_cells', {})
        object.__setattr__(self, '_params_list', {})
        object.__setattr__(self, '_primitives', {})
        object.__setattr__(self, '_auto_prefix', auto_prefix)
        object.__setattr__(self, 'training', False)
        object.__setattr__(self, 'requires_grad', False)
        object.__setattr__(self, '_phase', 'predict')
        object.__setattr__(self, '_dynamic_shape_inputs', None)
        object.__setattr__(self, '_jit_config_dict', {})
        object.__setattr__(self, '_func_graph_flags', {})
        object.__setattr__(self, '_compiled', False)
        if flags:
            self.add_flags(**flags)

    # ---- attributes --------------------------------------------------------

    def _check_init(self, what):
        if '_params' not in self.__dict__:
            raise AttributeError(f"For 'Cell', can not assign {what} before Cell.__init__() is called.")

    def __setattr__(self, name, value):
        d = self.__dict__
        if isinstance(value, Parameter):
            self._check_init('params')
            if name in d['_cells']:
                raise TypeError(f"For 'Cell', the {name} must be Cell, but got Parameter.")
            if name in d and name not in d['_params']:
                del d[name]
            self.insert_param_to_cell(name, value)
        elif isinstance(value, ParameterTuple):
            self._check_init('params')
            for item in value:
                self.insert_param_to_cell(item.name, item, check_name_contain_dot=False)
            d['_params_list'][name] = value
            object.__setattr__(self, name, value)
        elif isinstance(value, Cell):
            if '_cells' not in d:
                raise AttributeError("For 'Cell', can not assign cells before Cell.__init__() is called.")
            if name in d['_params']:
                raise TypeError(f"For 'Cell', the {name} must be Parameter, but got Cell.")
            if name in d and name not in d['_cells']:
                del d[name]
            if self._auto_prefix:
                value.update_parameters_name(name + '.')
            self.insert_child_to_cell(name, value)
        elif isinstance(value, Primitive):
            if '_primitives' in d:
                value.set_prim_instance_name(name)
                d['_primitives'][name] = value
            object.__setattr__(self, name, value)
        elif '_params' in d and name in d['_params']:
            if value is None:
                d['_params'][name] = None
                object.__setattr__(self, name, None)
            elif isinstance(value, Tensor) and d['_params'][name] is not None:
                d['_params'][name].set_data(value)
            else:
                raise TypeError(f"Parameter '{name}' already exists in network, can not assign this "
                                f"type: '{type(value).__name__}' as a parameter.")
        elif '_cells' in d and name in d['_cells']:
            if value is not None:
                raise TypeError(f"Sub cell '{name}' already exists in network, can not assign this "
                                f"type: '{type(value).__name__}' as a cell.")
            d['_cells'][name] = None
            object.__setattr__(self, name, None)
        else:
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        # Only reached when normal lookup fails.
        d = self.__dict__
        if '_params' in d and name in d['_params']:
            return d['_params'][name]
        if '_cells' in d and name in d['_cells']:
            return d['_cells'][name]
        raise AttributeError(f"The '{type(self).__name__}' object has no attribute '{name}'.")

    def __delattr__(self, name):
        d = self.__dict__
        if name in d.get('_params', {}):
            del d['_params'][name]
        elif name in d.get('_cells', {}):
            del d['_cells'][name]
        elif name in d.get('_params_list', {}):
            del d['_params_list'][name]
        if name not in d:
            raise AttributeError(f"The '{type(self).__name__}' object has no attribute '{name}'.")
        del d[name]

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        """Adds a parameter under param_name (used by __setattr__)."""
        if not param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not be None.")
        if check_name_contain_dot and '.' in param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not contain '.'")
        if '_params' not in self.__dict__:
            raise AttributeError("For 'insert_param_to_cell', please call Cell.__init__() firstly.")
        if hasattr(self, param_name) and param_name not in self._params:
            raise KeyError(f"For 'insert_param_to_cell', the {param_name} parameter already exists in the "
                           "network. Cannot insert another parameter with the same name.")
        if not isinstance(param, Parameter) and param is not None:
            raise TypeError("For 'insert_param_to_cell', the argument 'param' must be 'Parameter' if not "
                            f"None, but got {type(param).__name__}.")
        if isinstance(param, Parameter) and _is_parameter_generated(param.name):
            param.name = param_name
        self._params[param_name] = param
        if '.' not in param_name:
            object.__setattr__(self, param_name, param)

    def insert_child_to_cell(self, child_name, child_cell):
        """Adds a child cell under child_name."""
        if not isinstance(child_name, str):
            raise TypeError("For 'insert_child_to_cell', the type of parameter 'child_name' must be str, "
                            f"but got {type(child_name).__name__}.")
        if not child_name or '.' in child_name:
            raise KeyError("For 'insert_child_to_cell', the parameter 'child_name' can not be None and "
                           "can not contain '.'")
        if hasattr(self, child_name) and child_name not in self._cells:
            raise KeyError(f"For 'insert_child_to_cell', the {child_name} child cell already exists in the "
                           "network. Cannot insert another child cell with the same name.")
        if not isinstance(child_cell, Cell) and child_cell is not None:
            raise TypeError("For 'insert_child_to_cell', the argument 'child_cell' must be 'Cell' if not "
                            f"None, but got type {type(child_cell).__name__}.")
        self._cells[child_name] = child_cell
        object.__setattr__(self, child_name, child_cell)

    # ---- running -----------------------------------------------------------

    def construct(self, *args, **kwargs):
        raise AttributeError("For 'Cell', the method 'construct' is not defined.")

    def __call__(self, *args, **kwargs):
        # Graph mode with the graph id cached (below): _msc.cell_jit makes the
        # jit_call when each condition below plainly holds, else returns
        # _NOJIT having done nothing (these statements were 1.2 us of a call).
        # When it would only run the last call's compiled entry, calling the
        # Cell does that without this frame's statements at all (rt_call,
        # eval/graph.c graph_cell_call); keep this first statement and the
        # `return _msc.jit_call(...)` below as they are (note_cell_call).
        r = _cell_jit(self, args, kwargs, _context._context, _NOJIT)
        if r is not _NOJIT:
            return r
        if '_params' not in self.__dict__:
            raise AttributeError(f"The '{type(self).__name__}' object does not inherit attribute from "
                                 "'cell'. Please use 'super().__init__()'.")
        d = self.__dict__
        if _context._context['mode'] == _context.GRAPH_MODE and not _msc.capturing():
            # the graph id, kept on the instance for its class's construct and
            # its JitConfig (finding it anew was 1.1 of a call's 2.8 us)
            g = d.get('_msc_graph')
            cfg = d.get('_jit_config_dict')
            if g is None or g[0] is not type(self).construct or g[1] is not cfg:
                g = (type(self).construct, cfg, self._graph_id())
                object.__setattr__(self, '_msc_graph', g)
            return _msc.jit_call(g[2], (self,) + args, kwargs)
        if ((d.get('_forward_pre_hooks') or d.get('_forward_hooks'))
                and _context._context['mode'] == _context.PYNATIVE_MODE and not _msc.capturing('ast')):
            return self._run_with_hooks(args, kwargs)  # MindSpore: hooks do not work in graph mode or jit
        return self.construct(*args, **kwargs)

    def _graph_id(self):
        cls = type(self)
        cfg = self.__dict__.get('_jit_config_dict', {})
        return _graph_id(cls.construct, cls.__name__ + '_construct', cfg.get('jit_level', ''),
                         cfg.get('jit_syntax_level', ''))

    def compile(self, *args, **kwargs):
        """Compiles construct for these inputs (GRAPH_MODE); the next call with the
        same signature runs the compiled graph."""
        object.__setattr__(self, '_compiled', True)
        if _context._context['mode'] == _context.GRAPH_MODE and not _msc.capturing():
            _msc.jit_compile(self._graph_id(), (self,) + args, kwargs)

    def compile_and_run(self, *args, **kwargs):
        self.compile(*args, **kwargs)
        return self.construct(*args, **kwargs)

    def set_inputs(self, *inputs, **kwargs):
        if inputs and kwargs:
            raise ValueError(f"For Cell, set_inputs should only set inputs or kwargs(inputs: {inputs}, "
                             f"kwargs: {kwargs})!")
        object.__setattr__(self, '_dynamic_shape_inputs', inputs if inputs else kwargs)

    def get_inputs(self):
        return self._dynamic_shape_inputs

    def set_jit_config(self, jit_config):
        object.__setattr__(self, '_jit_config_dict', jit_config.jit_config_dict)

    @property
    def jit_config_dict(self):
        return self._jit_config_dict

    # ---- modes and flags -----------------------------------------------------

    def set_train(self, mode=True):
        object.__setattr__(self, '_phase', 'train' if mode else 'predict')
        self.add_flags_recursive(training=mode)
        return self

    def set_grad(self, requires_grad=True):
        self.requires_grad = requires_grad
        return self

    @property
    def phase(self):
        return self._phase

    @property
    def cls_name(self):
        return self.__class__.__name__

    def add_flags(self, **flags):
        for k in flags:
            self._func_graph_flags[k] = flags[k]
            object.__setattr__(self, k, flags[k])
        return self

    def add_flags_recursive(self, **flags):
        self.add_flags(**flags)
        for cell in self.cells():
            cell.add_flags_recursive(**flags)
        return self

    def get_flags(self):
        return self._func_graph_flags

    def to_float(self, dst_type):
        return self.add_flags_recursive(fp16=str(dst_type) == 'Float16', fp32=str(dst_type) == 'Float32')

    def apply(self, fn):
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    # ---- parameters and cells ----------------------------------------------

    def cells_and_names(self, cells=None, name_prefix=''):
        """[(path, cell)] for this cell and every sub-cell, each once, depth first."""
        seen = cells if cells is not None else []
        out = []
        self._cells_and_names(seen, name_prefix, out)
        return out

    def _cells_and_names(self, seen, name_prefix, out):
        for c in seen:
            if c is self:
                return
        seen.append(self)
        out.append((name_prefix, self))
        for name in self._cells:
            cell = self._cells[name]
            if cell is not None:
                prefix = name_prefix + '.' + name if name_prefix else name
                cell._cells_and_names(seen, prefix, out)

    def parameters_and_names(self, name_prefix='', expand=True):
        """[(path, Parameter)]: this cell's parameters (and its sub-cells' when
        expand), each Parameter once."""
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        out = []
        seen = []
        for cell_name, cell in cells:
            params = cell._params
            for par_name in params:
                par = params[par_name]
                if par is None:
                    continue
                dup = False
                for q in seen:
                    if q is par:
                        dup = True
                        break
                if dup:
                    continue
                seen.append(par)
                out.append((cell_name + '.' + par_name if cell_name else par_name, par))
        return out

    def get_parameters(self, expand=True):
        return [p for _, p in self.parameters_and_names(expand=expand)]

    def trainable_params(self, recurse=True):
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse=True):
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse=True):
        out = {}
        for p in self.get_parameters(expand=recurse):
            out[p.name] = p
        return out

    def update_parameters_name(self, prefix='', recurse=True):
        """Renames each parameter to prefix + its path in this cell."""
        if not isinstance(prefix, str):
            raise TypeError(f"The prefix must be a str, but got {type(prefix).__name__}.")
        for name, param in self.parameters_and_names(expand=recurse):
            param.name = prefix + name

    def name_cells(self):
        out = {}
        seen = []
        for name in self._cells:
            cell = self._cells[name]
            if cell is None:
                continue
            dup = False
            for c in seen:
                if c is cell:
                    dup = True
            if not dup:
                seen.append(cell)
                out[name] = cell
        return out

    def cells(self):
        return list(self.name_cells().values())

    # ---- printing --------------------------------------------------------------

    def extend_repr(self):
        """Extra text inside the parentheses of repr(cell); layers override it."""
        return ''

    def __str__(self):
        return self.__repr__()

    def __repr__(self):
        """MindSpore's format: `Name<extra>` for a cell without sub-cells,
        else `Name<` + the extra line + one `(key): repr` line per sub-cell,
        each indented two spaces, then `>` (mindspore/nn/cell.py)."""
        extra_str = self.extend_repr()
        info_str = self.__class__.__name__ + '<'
        if self._cells:
            sub_str = '\n'
            if extra_str:
                sub_str += extra_str + '\n'
            for key in self._cells:
                sub_str += '(' + key + '): ' + repr(self._cells[key]) + '\n'
            sub_str = sub_str.replace('\n', '\n  ') + '>'
            info_str += sub_str
        else:
            info_str += extra_str + '>'
        return info_str

    # ---- hooks (PyNative) ------------------------------------------------------

    def _check_hook(self, hook_type, hook_fn):
        if _context._context['mode'] != _context.PYNATIVE_MODE:
            _msc.warn(f"'{hook_type}' function is only supported in pynative mode, you can use "
                      "context.set_context to set pynative mode.")
            return False
        if not callable(hook_fn) or isinstance(hook_fn, Cell):
            raise TypeError(f"When using '{hook_type}(hook_fn)', the type of 'hook_fn' must be python function, "
                            f"but got {type(hook_fn).__name__}.")
        return True

    def register_forward_pre_hook(self, hook_fn):
        """hook_fn(cell, inputs) runs before construct in PyNative mode; a
        non-None result replaces the inputs (a tuple, or one input). In graph
        mode (and inside a jit function) hooks do not run: a warning, as
        MindSpore logs. Returns a handle whose remove() unregisters it."""
        handle = HookHandle(self, '_forward_pre_hooks')
        if not self._check_hook('register_forward_pre_hook', hook_fn):
            return handle
        self.__dict__.setdefault('_forward_pre_hooks', {})[handle.handle_id] = hook_fn
        return handle

    def register_forward_hook(self, hook_fn):
        """hook_fn(cell, inputs, output) runs after construct in PyNative mode;
        a non-None result replaces the output."""
        handle = HookHandle(self, '_forward_hooks')
        if not self._check_hook('register_forward_hook', hook_fn):
            return handle
        self.__dict__.setdefault('_forward_hooks', {})[handle.handle_id] = hook_fn
        return handle

    def register_backward_hook(self, hook_fn):
        """In graph mode a warning and a handle that does nothing, as MindSpore
        (its backward hooks run in PyNative mode only); msc has no backward
        hooks in PyNative mode yet."""
        if not self._check_hook('register_backward_hook', hook_fn):
            return HookHandle(self, '_backward_hooks')
        raise NotImplementedError("For 'Cell', msc supports 'register_backward_hook' in graph mode only (where "
                                  "MindSpore ignores it with a warning); in PyNative mode it is not supported yet.")

    def _run_with_hooks(self, args, kwargs):
        d = self.__dict__
        pre = d.get('_forward_pre_hooks')
        if pre:
            for k in list(pre):
                r = pre[k](self, args)
                if r is not None:
                    args = r if isinstance(r, tuple) else (r,)
        out = self.construct(*args, **kwargs)
        post = d.get('_forward_hooks')
        if post:
            for k in list(post):
                r = post[k](self, args, out)
                if r is not None:
                    out = r
        return out


class HookHandle:
    """The handle register_forward_(pre_)hook returns: remove() unregisters."""
    _next_id = [0]

    def __init__(self, cell=None, kind=''):
        HookHandle._next_id[0] += 1
        self.handle_id = HookHandle._next_id[0]
        self._cell = cell
        self._kind = kind

    def remove(self):
        if self._cell is not None:
            hooks = self._cell.__dict__.get(self._kind)
            if hooks and self.handle_id in hooks:
                del hooks[self.handle_id]


class GraphCell(Cell):
    """Runs a graph loaded from a MindIR file (ms.load): GraphCell(graph,
    params_init=None) called with the model's inputs returns its output (a
    tuple when it has several). Its Parameters are the file's weights, by
    their names in the file (params_init: {name: Parameter or Tensor}
    replacing some, of the same dtype and shape; names the file lacks are
    ignored), so a graph that assigns them (an exported training step)
    updates them from call to call, and save_checkpoint(cell) saves them.
    Called from the script, the graph runs on msc's reference executor, in
    PyNative and Graph mode alike; called inside a compiled graph (@ms.jit,
    a GRAPH_MODE Cell's construct), its nodes join that graph, its weights
    read from the cell's Parameters (a graph that assigns them is refused
    there)."""

    def __init__(self, graph, params_init=None, obf_random_seed=None):
        super().__init__()
        from mindspore.train.serialization import MindIRGraph
        if not isinstance(graph, MindIRGraph):
            raise TypeError(f"For 'GraphCell', the argument 'graph' must be a FuncGraph loaded from MindIR, "
                            f"but got type {type(graph)}.")
        params_init = {} if params_init is None else params_init
        if not isinstance(params_init, dict):
            raise TypeError(f"For 'GraphCell', the argument 'params_init' must be a dict, but got "
                            f"{type(params_init)}.")
        if obf_random_seed is not None:
            raise NotImplementedError("For 'GraphCell', obfuscated models are not supported.")
        for k, v in params_init.items():
            if not isinstance(k, str) or not _msc.is_tensor(v):
                raise TypeError("For 'GraphCell', the key of the 'params_init' must be str, and the value must be "
                                f"Tensor or Parameter, but got the key type: {type(k)}, and the value type: "
                                f"{type(v)}")
        object.__setattr__(self, 'graph', graph)
        for name, data in graph.params:
            if name in params_init:
                v = params_init[name]
                if v.dtype != data.dtype or v.shape != data.shape:
                    raise ValueError(f"For 'GraphCell', params_init['{name}'] must have the model's dtype "
                                     f"{data.dtype} and shape {data.shape}, but got {v.dtype} and {v.shape}.")
                data = Tensor(v.asnumpy())
            self._params[name] = Parameter(data, name=name)

    def construct(self, *inputs):
        return _msc.mindir_run(self.graph.file_name, inputs, list(self._params.items()))

    def __call__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("For 'GraphCell', inputs are positional only.")
        if _msc.capturing():
            # inside a compiled graph: the file's graph joins it, its
            # weights read from this cell's Parameters
            return _msc.mindir_inline(self.graph.file_name, args, list(self._params.items()))
        return self.construct(*args)
