"""mindir_check.py FILE... — each .mindir decoded by Python's protobuf
(Inputs/pb.py) and checked: producer and IR version, inputs with a tensor
type, every node's operands defined before it (inputs, parameters, earlier
nodes, the graphs of ModelProto.functions), every REF:: naming a
primitive of the file, a graph of its functions or an earlier node (a
call of a Switch's result), the same for each function's nodes (whose
operands may also be the main graph's weights), every weight's raw_data
the size its dims and data_type give (and equal to FILE's NAME.npy weights
when the directory has them). Prints one summary line per file."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
import pb  # noqa: E402

SIZE = {1: 4, 2: 1, 3: 1, 4: 2, 5: 2, 6: 4, 7: 8, 9: 1, 10: 2, 11: 8, 12: 4, 13: 8}
for f in sys.argv[1:]:
    m = pb.mindir.ModelProto()
    m.ParseFromString(open(f, 'rb').read())
    assert m.producer_name == 'MindSpore' and m.ir_version == '0.1.1', f
    g = m.graph
    defined = set()
    inputs = []
    for i in g.input:
        assert len(i.tensor) == 1 and i.tensor[0].data_type in SIZE, i
        inputs.append((i.name, i.tensor[0].data_type, list(i.tensor[0].dims)))
        defined.add(i.name)
    for p in g.parameter:
        n = SIZE[p.data_type] * int(np.prod(p.dims, dtype=np.int64))
        assert len(p.raw_data) == n, (p.name, len(p.raw_data), n)
        assert ':' in p.name
        defined.add(p.name)
    prims = {p.name: p for p in m.primitives}
    funcs = {fg.name: fg for fg in m.functions}
    weights = set(defined) - set(i.name for i in g.input)

    def check_nodes(gr, defined):
        ops = []
        for n in gr.node:
            for i in n.input:
                assert i in defined or i in funcs, (n.name, i)
            assert len(n.output) == 1 and n.output[0] not in defined, n.name
            if n.op_type == 'Constant':
                assert [a.name for a in n.attribute] == ['value'], n
                defined.add(n.output[0])
                continue
            ref = n.op_type[5:]
            assert n.op_type.startswith('REF::') and (ref in prims or ref in funcs or ref in defined), n.op_type
            ops.append(prims[ref].op_type if ref in prims else 'call')
            defined.add(n.output[0])
        return ops

    ops = check_nodes(g, defined)
    for fg in m.functions:
        fdef = set(weights) | set(i.name for i in fg.input)
        check_nodes(fg, fdef)
        assert len(fg.output) == 1 and fg.output[0].name in fdef, fg.name
    assert len(g.output) == 1 and g.output[0].name in defined
    print(f'{os.path.basename(f)}: {m.producer_name} {m.ir_version}, inputs {inputs}, '
          f'{len(g.parameter)} weights, ops {" ".join(ops)}' +
          (f', functions {" ".join(sorted(funcs))}' if funcs else ''))
