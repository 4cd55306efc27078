# export_formats.py MODE — ms.export with file_format 'AIR' or 'ONNX':
# MindSpore's checks and errors, or msc's unsupported error; no file
# (export_formats.py in tests/serial).
import sys
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor

mode = sys.argv[1]
net = nn.Dense(4, 2)
x = Tensor(np.ones((1, 4), np.float32))


@ms.jit
def g(a):
    return a * 2.0


if mode == 'all':
    cases = [
        ("AIR cell", lambda: ms.export(net, x, file_name="n_air", file_format="AIR")),
        ("AIR function", lambda: ms.export(g, x, file_name="g_air.air", file_format="AIR")),
        ("ONNX function", lambda: ms.export(g, x, file_name="g_onnx", file_format="ONNX")),
        ("ONNX custom_func", lambda: ms.export(net, x, file_name="n_cf", file_format="ONNX", custom_func=print)),
        ("AIR obf_config", lambda: ms.export(net, x, file_name="n_obf", file_format="AIR",
                                             obf_config={'type': 'dynamic'})),
        ("ONNX cell", lambda: ms.export(net, x, file_name="n_onnx", file_format="ONNX")),
        ("onnx lower case", lambda: ms.export(net, x, file_name="n_lower", file_format="onnx")),
    ]
    for label, call in cases:
        try:
            call()
            print(label, "no error")
        except (ValueError, NotImplementedError) as e:
            print(label, type(e).__name__, e)
    ms.export(net, x, file_name="ok")  # MINDIR still works after them
    print("done")
elif mode == 'onnx':
    ms.export(net, x, file_name="n.onnx", file_format="ONNX")
elif mode == 'air':
    ms.export(net, x, file_name="n.air", file_format="AIR")
