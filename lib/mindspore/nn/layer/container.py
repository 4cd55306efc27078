"""mindspore.nn.layer.container: SequentialCell and CellList.

Children are named "0", "1", ... (or by the keys of a dict), and each
child's parameters are renamed with that prefix, so a SequentialCell stored
as `self.seq` names its first Dense's weight `seq.0.weight`.
"""
from mindspore.nn.cell import Cell


def _valid_cell(cell, op_name):
    if not isinstance(cell, Cell):
        raise TypeError(f"For '{op_name}', each cell should be subclass of Cell, but got "
                        f"{type(cell).__name__}.")
    return True


def _valid_index(cell_num, index, op_name):
    if not isinstance(index, int) or isinstance(index, bool):
        raise TypeError(f"For '{op_name}', the type of 'index' should be int or slice, but got "
                        f"{type(index).__name__}.")
    if index < -cell_num or index >= cell_num:
        raise IndexError(f"For '{op_name}', the value of 'index' should be a number in range "
                         f"[{-cell_num}, {cell_num}), but got {index}.")
    return index % cell_num


def _get_prefix_and_index(cells):
    """The prefix already in front of the children's parameter names
    ('seq.' once the container is stored as self.seq), and the first index
    not used by a child."""
    prefix = ''
    index = 0
    if not cells:
        return prefix, index
    keys = list(cells.keys())
    for key in keys:
        cell = cells[key]
        if cell is None:
            continue
        params = cell.parameters_and_names()
        if params:
            local, param = params[0]
            tail = key + '.' + local
            if param.name.endswith(tail):
                prefix = param.name[:len(param.name) - len(tail)]
            break
    for key in keys:
        if key.isdigit() and int(key) >= index:
            index = int(key) + 1
    return prefix, index


class SequentialCell(Cell):
    """Runs its cells in order: SequentialCell(c0, c1, ...), SequentialCell([c0, c1]),
    or SequentialCell(dict of name -> cell)."""

    def __init__(self, *args):
        super().__init__()
        self._is_dynamic_name = []
        if len(args) == 1:
            cells = args[0]
            if isinstance(cells, list):
                for index, cell in enumerate(cells):
                    self._append_named(str(index), cell, True)
            elif isinstance(cells, dict):
                for name in cells:
                    self._append_named(name, cells[name], False)
            elif isinstance(cells, Cell):
                self._append_named('0', cells, True)
            else:
                raise TypeError(f"For '{self.__class__.__name__}', the 'args[0]' must be list or "
                                f"orderedDict, but got {type(cells).__name__}.")
        else:
            for index, cell in enumerate(args):
                self._append_named(str(index), cell, True)
        self.cell_list = list(self._cells.values())

    def _append_named(self, name, cell, dynamic):
        _valid_cell(cell, self.__class__.__name__)
        self.insert_child_to_cell(name, cell)
        cell.update_parameters_name(name + '.')
        self._is_dynamic_name.append(dynamic)

    def __getitem__(self, index):
        if isinstance(index, slice):
            items = list(self._cells.items())[index]
            d = {}
            for k, v in items:
                d[k] = v
            return self.__class__(d)
        index = _valid_index(len(self), index, self.__class__.__name__)
        return list(self._cells.values())[index]

    def __setitem__(self, index, cell):
        _valid_cell(cell, self.__class__.__name__)
        index = _valid_index(len(self), index, self.__class__.__name__)
        key = list(self._cells.keys())[index]
        prefix, _ = _get_prefix_and_index(self._cells)
        cell.update_parameters_name(prefix + key + '.')
        self._cells[key] = cell
        object.__setattr__(self, key, cell)
        self.cell_list = list(self._cells.values())

    def __delitem__(self, index):
        if isinstance(index, int):
            index = _valid_index(len(self), index, self.__class__.__name__)
            key = list(self._cells.keys())[index]
            del self._cells[key]
            del self.__dict__[key]
            del self._is_dynamic_name[index]
        elif isinstance(index, slice):
            keys = list(self._cells.keys())[index]
            for key in keys:
                del self._cells[key]
                del self.__dict__[key]
            del self._is_dynamic_name[index]
        else:
            raise TypeError(f"For '{self.__class__.__name__}', the type of index should be int or "
                            f"slice, but got {type(index).__name__}.")
        self.cell_list = list(self._cells.values())

    def __len__(self):
        return len(self._cells)

    def __bool__(self):
        return len(self._cells) != 0

    def __iter__(self):
        return iter(list(self._cells.values()))

    def append(self, cell):
        """Appends a cell at the end (named by its index)."""
        _valid_cell(cell, self.__class__.__name__)
        prefix, _ = _get_prefix_and_index(self._cells)
        key = str(len(self))
        cell.update_parameters_name(prefix + key + '.')
        self._is_dynamic_name.append(True)
        self._cells[key] = cell
        object.__setattr__(self, key, cell)
        self.cell_list = list(self._cells.values())
        return self

    def construct(self, input_data):
        for cell in self.cell_list:
            input_data = cell(input_data)
        return input_data


class CellList(Cell):
    """A list of cells, indexable like a list; it has no construct of its own."""

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop('auto_prefix', True)
        super().__init__(auto_prefix)
        if len(args) == 1:
            self.extend(args[0])

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self.__class__(list(self._cells.values())[index])
        index = _valid_index(len(self), index, self.__class__.__name__)
        return self._cells[str(index)]

    def __setitem__(self, index, cell):
        _valid_cell(cell, self.__class__.__name__)
        index = _valid_index(len(self), index, self.__class__.__name__)
        if self._auto_prefix:
            prefix, _ = _get_prefix_and_index(self._cells)
            cell.update_parameters_name(prefix + str(index) + '.')
        self._cells[str(index)] = cell
        object.__setattr__(self, str(index), cell)

    def __delitem__(self, index):
        if isinstance(index, int):
            index = _valid_index(len(self), index, self.__class__.__name__)
            keys = [list(self._cells.keys())[index]]
        elif isinstance(index, slice):
            keys = list(self._cells.keys())[index]
        else:
            raise TypeError(f"For '{self.__class__.__name__}', the type of 'index' should be int or "
                            f"slice, but got {type(index).__name__}.")
        for key in keys:
            del self._cells[key]
            del self.__dict__[key]
        # Renumber the rest: "0", "1", ...
        cells = list(self._cells.values())
        for key in list(self._cells.keys()):
            del self.__dict__[key]
        self._cells.clear()
        for i, cell in enumerate(cells):
            self._cells[str(i)] = cell
            object.__setattr__(self, str(i), cell)

    def __len__(self):
        return len(self._cells)

    def __bool__(self):
        return len(self._cells) != 0

    def __iter__(self):
        return iter(list(self._cells.values()))

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def insert(self, index, cell):
        """Inserts cell before index."""
        _valid_cell(cell, self.__class__.__name__)
        n = len(self)
        if index < -n or index > n:
            raise IndexError(f"For '{self.__class__.__name__}', the value of 'index' should be a number "
                             f"in range [{-n}, {n}], but got {index}.")
        if index < 0:
            index += n
        cells = list(self._cells.values())
        cells.insert(index, cell)
        prefix, _ = _get_prefix_and_index(self._cells)
        for key in list(self._cells.keys()):
            del self.__dict__[key]
        self._cells.clear()
        for i, c in enumerate(cells):
            if self._auto_prefix:
                c.update_parameters_name(prefix + str(i) + '.')
            self._cells[str(i)] = c
            object.__setattr__(self, str(i), c)

    def extend(self, cells):
        """Appends every cell of an iterable."""
        if not isinstance(cells, (list, tuple, CellList)):
            raise TypeError(f"For '{self.__class__.__name__}', the new cells wanted to append should be "
                            f"instance of list, but got {type(cells).__name__}.")
        for cell in cells:
            self.append(cell)
        return self

    def append(self, cell):
        """Appends a cell (named by its index)."""
        _valid_cell(cell, self.__class__.__name__)
        if self._auto_prefix:
            prefix, _ = _get_prefix_and_index(self._cells)
            cell.update_parameters_name(prefix + str(len(self)) + '.')
        key = str(len(self))
        self._cells[key] = cell
        object.__setattr__(self, key, cell)
        return self

    def set_grad(self, flag=True):
        self.requires_grad = flag
        for cell in self._cells.values():
            cell.set_grad(flag)

    def construct(self, *inputs):
        raise NotImplementedError("For 'CellList', the method 'construct' is not defined.")
