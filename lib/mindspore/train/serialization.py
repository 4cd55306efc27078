"""MindSpore's model files: ms.export, ms.load (MindIR) and checkpoints
(save_checkpoint, load_checkpoint, load_param_into_net), over the _msc
natives of eval/serial_native.c and the formats of serial/.

ms.export(net, *inputs, file_name, file_format='MINDIR'): with MINDIR, the
graph of `net` (a Cell, or a @ms.jit function) for the shapes and dtypes of
`inputs`, as captured (before msc's optimisation passes), is written to
file_name (+ '.mindir' when missing) as a MindIR ModelProto with the
Parameters' current values (serial/mindir_out.c); the network is compiled,
not run for the script. Under `msc compile` the export is also an entry of
the C library, named after file_name's base name
(without its .mindir suffix, made a C identifier), as before.

'AIR' and 'ONNX' write no file and raise, after MindSpore's own checks
of those formats (train/serialization.py export/_save_air/_save_onnx):
AIR is MindSpore's ValueError on a CPU backend ("Only support export
file in 'AIR' format with Ascend backend.", after its deprecation
warning); ONNX of a function is MindSpore's ValueError, of a Cell with a
dynamic input its ValueError, otherwise NotImplementedError (msc has no
ONNX writer). Any other format raises ValueError as MindSpore does.
"""
import _msc
from mindspore.common.api import jit as _jit

_SUPPORTED_FORMATS = ['AIR', 'ONNX', 'MINDIR']


def _entry_name(file_name):
    base = file_name.replace('\\', '/').split('/')[-1]
    low = base.lower()
    if low.endswith('.mindir') and len(base) > len('.mindir'):
        base = base[:len(base) - len('.mindir')]
    out = ''
    for ch in base:
        if ('a' <= ch <= 'z') or ('A' <= ch <= 'Z') or ('0' <= ch <= '9') or ch == '_':
            out += ch
        else:
            out += '_'
    if not out or ('0' <= out[0] <= '9'):
        out = '_' + out
    return out


def _compile_for_export(net, inputs, file_name):
    """Compiles (does not run) net for inputs; under msc compile the graph
    is also recorded as the entry named after file_name."""
    from mindspore.nn.cell import Cell
    _msc.export_name(_entry_name(file_name))
    if isinstance(net, Cell):
        _msc.jit_compile(net._graph_id(), (net,) + inputs, {})
    elif getattr(net, '__name__', '') == 'jit_wrapper':
        net(*inputs)  # a @ms.jit function: compiled, not run (export mode)
    else:
        _jit(net)(*inputs)
    _msc.export_name(None)


def _check_air_onnx(net, inputs, file_format, kwargs, cell_class):
    """MindSpore's checks of an AIR or ONNX export, then the error that
    stands for the file msc does not write (nothing is compiled or
    written)."""
    if file_format == 'AIR':
        _msc.warn("AIR format is deprecated, and will be removed in a future version, please use other format or "
                  "use MindSpore Lite to do offline inference")
    if 'obf_config' in kwargs:
        raise ValueError(f"Dynamic obfuscation only support for MindIR format, but got {file_format} format.")
    if 'custom_func' in kwargs:
        raise ValueError(f"Currently only support custom_func for MindIR format, but got {file_format} format.")
    if file_format == 'AIR':
        # MindSpore's executor on a CPU (or GPU) backend
        raise ValueError("Only support export file in 'AIR' format with Ascend backend.")
    if not isinstance(net, cell_class):
        raise ValueError(f"Export ONNX format model only support nn.Cell object, but got {type(net)}.")
    for value in inputs:
        if _msc.is_tensor(value) and -1 in value.shape:
            raise ValueError("Export ONNX format model not support dynamic shape mode.")
    raise NotImplementedError("For 'export', msc does not write ONNX files: export with file_format='MINDIR' "
                              "(`msc compile` turns the .mindir file or the script into C).")


def export(net, *inputs, file_name, file_format='MINDIR', **kwargs):
    """Exports `net` for `inputs` (see the module's docstring)."""
    if 'obf_func' in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if file_format not in _SUPPORTED_FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of {_SUPPORTED_FORMATS}, but got {file_format}.")
    if not isinstance(file_name, str):
        raise TypeError(f"For 'export', the argument 'file_name' must be str, but got {type(file_name).__name__}.")
    if 'enc_key' in kwargs:
        raise NotImplementedError("For 'export', msc cannot encrypt model files (enc_key): export without enc_key.")
    from mindspore.nn.cell import Cell
    if file_format != 'MINDIR':
        _check_air_onnx(net, inputs, file_format, kwargs, Cell)
    if _msc.capturing():
        return None
    if not isinstance(net, Cell) and not callable(net):
        raise TypeError(f"For 'export', the argument 'net' must be a Cell or a function, but got "
                        f"{type(net).__name__}.")
    if not file_name.endswith('.mindir'):
        file_name += '.mindir'
    _msc.mindir_export(file_name, lambda: _compile_for_export(net, inputs, file_name))
    return None


# ---- checkpoints ---------------------------------------------------------------
# MindSpore 2.x's save_checkpoint / load_checkpoint / load_param_into_net
# (mindspore/python/mindspore/train/serialization.py): the same arguments,
# checks, messages and return values. The file format is serial/ckpt.c's
# (_msc.ckpt_save / ckpt_load). Not supported, with a clear error:
# encryption (enc_key / dec_key), format='safetensors', async_save as a
# process, MapParameters; integrated_save and remove_redundancy (parallel
# training) are accepted and have no effect.

def _check_bool(name, value):
    if not isinstance(value, bool):
        raise TypeError(f"The argument '{name}' must be bool, but got {type(value).__name__}.")
    return value


def _ckpt_file_name_for_save(save_obj, ckpt_file_name, format):
    from mindspore.nn.cell import Cell
    if format not in ["safetensors", "ckpt"]:
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got {format}.")
    if not isinstance(save_obj, (Cell, list, dict)):
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        f"but got {type(save_obj)}.")
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the parameter {ckpt_file_name} for checkpoint file name is "
                        f"invalid,'ckpt_file_name' must be string, but got {type(ckpt_file_name)}.")
    if format == "safetensors":
        raise NotImplementedError("For 'save_checkpoint', msc writes only MindSpore's .ckpt format, "
                                  "not format='safetensors'.")
    if not ckpt_file_name.endswith(format):
        ckpt_file_name += "." + format
    return ckpt_file_name


def _save_items(save_obj, choice_func):
    """[(name, Tensor or str)] of save_obj (a Cell, list or dict)."""
    from mindspore.nn.cell import Cell
    from mindspore.common.parameter import Parameter
    items = []
    if isinstance(save_obj, Cell):
        for _, param in save_obj.parameters_and_names():
            if choice_func is not None and not choice_func(param.name):
                continue
            items.append((param.name, param))
        return items
    if isinstance(save_obj, list):
        if not save_obj:
            return items
        if isinstance(save_obj[0], dict):
            for param in save_obj:
                if isinstance(param, dict) and "name" in param and "data" in param:
                    if not isinstance(param["name"], str):
                        raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the name in "
                                        f"dict should be string, but got {type(param['name'])}.")
                    if not _msc.is_tensor(param["data"]):
                        raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the data in "
                                        f"dict should be parameter, but got {type(param['data'])}.")
                    if choice_func is not None and not choice_func(param["name"]):
                        continue
                    items.append((param["name"], param["data"]))
                else:
                    raise TypeError("For save_checkpoint, save_obj should be a list of dict items, and the dict "
                                    f"should have key values 'name' and 'value', but got {type(param)} and {param}.")
            return items
        for param in save_obj:
            if isinstance(param, Parameter):
                if choice_func is not None and not choice_func(param.name):
                    continue
                items.append((param.name, param))
            else:
                raise TypeError("For save_checkpoint, when save_obj is made up by list of Parameter,"
                                f"the param should be parameter, but got {type(param)}")
        return items
    for key, value in save_obj.items():
        if not isinstance(key, str):
            raise TypeError("For save_checkpoint, when save_obj is made up by dict, the key should be str and"
                            f"value should be Parameter, but got the type of key is {type(key)} and"
                            f"the type of value is {type(value)}")
        if choice_func is not None and not choice_func(key):
            continue
        if isinstance(value, str) or _msc.is_tensor(value):
            items.append((key, value))
        else:
            raise TypeError(f"For save_checkpoint, the value of '{key}' must be a Parameter, Tensor, ndarray or "
                            f"str, but got {type(value)}.")
    return items


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False, append_dict=None,
                    enc_key=None, enc_mode="AES-GCM", choice_func=None, crc_check=False, format="ckpt", **kwargs):
    """Saves the parameters of save_obj (a Cell, a list of Parameters or of
    {"name", "data"} dicts, or a dict) to ckpt_file_name in MindSpore's .ckpt
    format (a '.ckpt' suffix is added when missing)."""
    from mindspore.common import Tensor
    ckpt_file_name = _ckpt_file_name_for_save(save_obj, ckpt_file_name, format)
    _check_bool('integrated_save', integrated_save)
    if not isinstance(async_save, (bool, str)):
        raise TypeError(f"For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
                        f"but got {type(async_save)}.")
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',"
                         f"but got {async_save}.")
    if append_dict is not None:
        if not isinstance(append_dict, dict):
            raise TypeError(f"For 'save_checkpoint', the argument 'append_dict' must be dict, but got "
                            f"{type(append_dict)}.")
        for key, value in append_dict.items():
            if not isinstance(key, str) or not (isinstance(value, (int, float, bool, str)) or _msc.is_tensor(value)):
                raise TypeError(f"For 'save_checkpoint', the type of dict 'append_info' must be key: string, "
                                f"value: int, float, bool or Generator, but got key: {type(key)}, "
                                f"value: {type(value)}")
    if enc_key is not None:
        if not isinstance(enc_key, bytes):
            raise TypeError(f"The argument 'enc_key' must be bytes, but got {type(enc_key).__name__}.")
        raise NotImplementedError("For 'save_checkpoint', msc cannot encrypt checkpoints (enc_key): "
                                  "save without enc_key.")
    if not isinstance(enc_mode, str):
        raise TypeError(f"The argument 'enc_mode' must be str, but got {type(enc_mode).__name__}.")
    _check_bool('crc_check', crc_check)
    items = _save_items(save_obj, choice_func)
    if append_dict:
        for k_name, value in append_dict.items():
            if not isinstance(value, str) and not _msc.is_tensor(value):
                value = Tensor(value)
            items.append((k_name, value))
    # one entry per name, at its first place, with its last value
    # (MindSpore's OrderedDict data_list)
    order = []
    last = {}
    for name, value in items:
        if name not in last:
            order.append(name)
        last[name] = value
    _msc.ckpt_save(ckpt_file_name, [(name, last[name]) for name in order], crc_check)


def _check_prefix(prefix):
    if prefix is None:
        return prefix
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError("For 'load_checkpoint', the type of 'specify_prefix' or 'filter_prefix' must be string, "
                        f"list[string] or tuple[string], but got {str(type(prefix))}.")
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not prefix:
        raise ValueError("For 'load_checkpoint', the argument 'specify_prefix' or 'filter_prefix' can't be empty "
                         "when 'specify_prefix' or 'filter_prefix' is list or tuple.")
    for index, pre in enumerate(prefix):
        if not isinstance(pre, str):
            raise TypeError("For 'load_checkpoint', when 'specify_prefix' or 'filter_prefix' is list or tuple, "
                            f"the element in it must be string, but got {str(type(pre))} at index {index}.")
        if pre == "":
            raise ValueError("For 'load_checkpoint', the value of 'specify_prefix' or 'filter_prefix' "
                             "can't include ''.")
    return prefix


def _whether_load_param(specify_prefix, filter_prefix, param_name):
    whether_load = True
    if specify_prefix:
        whether_load = False
        for prefix in specify_prefix:
            if param_name.startswith(prefix):
                whether_load = True
                break
    if filter_prefix:
        for prefix in filter_prefix:
            if param_name.startswith(prefix):
                whether_load = False
                break
    return whether_load


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                    dec_mode="AES-GCM", specify_prefix=None, choice_func=None, crc_check=False,
                    remove_redundancy=False, format="ckpt"):
    """The parameters of a .ckpt file: {name: Parameter or str}, in file
    order; loaded into net too when net is given."""
    from mindspore.common.parameter import Parameter
    specify_prefix = _check_prefix(specify_prefix)
    filter_prefix = _check_prefix(filter_prefix)
    if dec_key is not None and not isinstance(dec_key, bytes):
        raise TypeError(f"The argument 'dec_key' must be bytes, but got {type(dec_key).__name__}.")
    if not isinstance(dec_mode, str):
        raise TypeError(f"The argument 'dec_mode' must be str, but got {type(dec_mode).__name__}.")
    _check_bool('crc_check', crc_check)
    _check_bool('remove_redundancy', remove_redundancy)
    if not isinstance(ckpt_file_name, str):
        raise TypeError("For 'load_checkpoint', the argument 'ckpt_file_name' must be string, "
                        f"but got {type(ckpt_file_name)}.")
    if format not in ['ckpt', 'safetensors']:
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or '.safetensors', "
                         "please input the correct 'ckpt_file_name'.")
    if not ckpt_file_name.endswith(format):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{ckpt_file_name}', format:'{format}'")
    if format == 'safetensors':
        raise NotImplementedError("For 'load_checkpoint', msc reads only MindSpore's .ckpt format, "
                                  "not format='safetensors'.")
    if not _msc.file_exists(ckpt_file_name):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {ckpt_file_name} does not exist, please "
                         "check whether the 'ckpt_file_name' is correct.")
    if dec_key is not None:
        raise NotImplementedError("For 'load_checkpoint', msc cannot decrypt checkpoints (dec_key): save the "
                                  "checkpoint again without enc_key.")
    items, has_crc = _msc.ckpt_load(ckpt_file_name, crc_check)
    if crc_check and not has_crc:
        _msc.warn("For 'load_checkpoint', the ckpt file do not contain the crc code, please check the file.")
    if specify_prefix or filter_prefix:
        choice_func = None
    parameter_dict = {}
    for name, value in items:
        if not _whether_load_param(specify_prefix, filter_prefix, name):
            continue
        if choice_func is not None and not choice_func(name):
            continue
        if isinstance(value, str):
            parameter_dict[name] = value
        else:
            parameter_dict[name] = Parameter(value, name=name)
    if not parameter_dict:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load)
    return parameter_dict


_FLOAT_TYPES = ('Float16', 'Float32', 'Float64', 'BFloat16')
_INT_TYPES = ('Int8', 'Int16', 'Int32', 'Int64')


def _type_convert(param, new_param, strict_load):
    a = str(param.dtype)
    b = str(new_param.dtype)
    return not strict_load and ((a in _FLOAT_TYPES and b in _FLOAT_TYPES) or (a in _INT_TYPES and b in _INT_TYPES))


def _update_param(param, new_param, strict_load):
    if param.shape != new_param.shape:
        # (12, 2048, 1, 1) -> (12, 2048): trailing 1s of the file's shape
        extra = new_param.shape[len(param.shape):]
        if len(new_param.shape) > len(param.shape) and all(d == 1 for d in extra) and \
                new_param.shape[:len(param.shape)] == param.shape:
            param.set_data(new_param.reshape(param.shape).astype(param.dtype))
            return
        raise RuntimeError(f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same "
                           f"shape as {param.name} in the argument 'parameter_dict'. But got its shape "
                           f"{param.shape} in the argument 'net' and shape {new_param.shape} in the argument "
                           f"'parameter_dict'.May you need to check whether the checkpoint you loaded is correct "
                           f"or the batch size and so on in the 'net' and 'parameter_dict' are same.")
    if param.dtype != new_param.dtype:
        if _type_convert(param, new_param, strict_load):
            param.set_data(new_param.astype(param.dtype))
            return
        raise RuntimeError(f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same "
                           f"type as {param.name} in the argument 'parameter_dict'. but got its type {param.dtype} "
                           f"in the argument 'net' and type {new_param.dtype} in the argument 'parameter_dict'."
                           f"May you need to check whether the checkpoint you loaded is correct.")
    param.set_data(new_param)


def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """Loads parameter_dict into net's Parameters (by name); returns
    (param_not_load, ckpt_not_load): the net's names not loaded, the
    dict's names not used."""
    from mindspore.nn.cell import Cell
    from mindspore.common.parameter import Parameter
    if not isinstance(net, Cell):
        raise TypeError(f"For 'load_param_into_net', the argument 'net' should be a Cell, but got {type(net)}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError("For 'load_param_into_net', the argument 'parameter_dict' should be a dict, "
                        f"but got {type(parameter_dict)}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError("For 'parameter_dict', the element in the argument 'parameter_dict' should be a "
                            f"'str' and 'Parameter' , but got {type(key)} and {type(value)}.")
    _check_bool('strict_load', strict_load)
    _check_bool('remove_redundancy', remove_redundancy)
    param_not_load = []
    ckpt_not_load = list(parameter_dict.keys())
    params = net.parameters_and_names()
    for _, param in params:
        if param.name in parameter_dict:
            new_param = parameter_dict[param.name]
            if not isinstance(new_param, Parameter):
                continue
            _update_param(param, new_param, strict_load)
            ckpt_not_load.remove(param.name)
        else:
            if param.name.startswith("accu_grads"):
                continue
            param_not_load.append(param.name)
    if param_not_load and not strict_load:
        _load_dismatch_prefix_params(params, parameter_dict, param_not_load, strict_load)
    if param_not_load:
        _msc.warn(f"For 'load_param_into_net', {len(param_not_load)} parameters in the 'net' are not loaded, "
                  "because they are not in the 'parameter_dict', please check whether the network structure is "
                  f"consistent when training and loading checkpoint: {param_not_load}")
    return param_not_load, ckpt_not_load


def _load_dismatch_prefix_params(params, parameter_dict, param_not_load, strict_load):
    """A net whose names carry a prefix the checkpoint's lack (or the other
    way round): strip the prefix found and load again (MindSpore's rule)."""
    prefix_name = ""
    longest_name = param_not_load[0]
    while prefix_name != longest_name and param_not_load:
        prefix_name = longest_name
        for net_param_name in param_not_load:
            for dict_name in parameter_dict:
                if dict_name.endswith(net_param_name):
                    prefix_name = dict_name[:-len(net_param_name)]
                    break
            if prefix_name != longest_name:
                break
        if prefix_name != longest_name:
            for _, param in params:
                new_param_name = prefix_name + param.name
                if param.name in param_not_load and new_param_name in parameter_dict:
                    _update_param(param, parameter_dict[new_param_name], strict_load)
                    param_not_load.remove(param.name)


# ---- MindIR in ------------------------------------------------------------------

class MindIRGraph:
    """What ms.load returns (MindSpore: a compiled FuncGraph): a MindIR file
    checked by msc's importer (serial/mindir_in.c), to be run by
    nn.GraphCell. msc keeps the file's name and reads it at each call."""

    def __init__(self, file_name, name, inputs, params):
        self.file_name = file_name
        self.name = name
        self.inputs = inputs
        self.params = params  # [(name, Tensor)]: the file's weights

    def __repr__(self):
        return f"MindIRGraph(name={self.name}, file={self.file_name})"


def load(file_name, **kwargs):
    """Loads a MindIR file for nn.GraphCell (MindSpore's checks and errors;
    a file msc cannot import raises RuntimeError listing every problem)."""
    if 'obf_func' in kwargs:
        raise NotImplementedError("Dynamic model structure obfuscation is no longer supported.")
    if not isinstance(file_name, str):
        raise ValueError(f"For 'load', the argument 'file_name' must be string, but got {type(file_name)}.")
    if not file_name.endswith(".mindir"):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) should end with '.mindir', "
                         "please input the correct 'file_name'.")
    if not _msc.file_exists(file_name):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) does not exist, "
                         "please check whether the 'file_name' is correct.")
    if 'dec_key' in kwargs:
        raise NotImplementedError("For 'load', msc cannot decrypt MindIR files (dec_key): export the model "
                                  "again without enc_key.")
    name, inputs, params = _msc.mindir_load(file_name)
    return MindIRGraph(file_name, name, inputs, params)
