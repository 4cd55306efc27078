# ms.export(..., file_format='AIR' | 'ONNX') writes nothing and raises:
# MindSpore's own errors where it has them (train/serialization.py's
# export, _save_air, _save_onnx; AIR on a non-Ascend backend is its
# executor's ValueError, after its deprecation warning), else msc's
# NotImplementedError for the ONNX file it has no writer for. The only
# file written is the MINDIR export at the end.
# RUN: rm -rf %t && mkdir -p %t && cd %t
# RUN: %msc run %S/Inputs/export_formats.py all > %t/all.out 2> %t/all.err
# RUN: FileCheck %s < %t/all.out
# RUN: FileCheck --check-prefix=WARN --implicit-check-not=warning %s < %t/all.err
# RUN: ls %t | FileCheck --check-prefix=FILES --implicit-check-not=n_ --implicit-check-not=g_ %s
# RUN: not %msc run %S/Inputs/export_formats.py onnx 2> %t/onnx.err
# RUN: FileCheck --check-prefix=ONNX %s < %t/onnx.err
# RUN: not %msc compile %S/Inputs/export_formats.py -o %t/lib -- air 2> %t/air.err
# RUN: FileCheck --check-prefix=AIR %s < %t/air.err
# RUN: test ! -e %t/lib && test ! -e %t/n.air && test ! -e %t/n.onnx

# CHECK: AIR cell ValueError Only support export file in 'AIR' format with Ascend backend.
# CHECK-NEXT: AIR function ValueError Only support export file in 'AIR' format with Ascend backend.
# CHECK-NEXT: ONNX function ValueError Export ONNX format model only support nn.Cell object, but got <class 'function'>.
# CHECK-NEXT: ONNX custom_func ValueError Currently only support custom_func for MindIR format, but got ONNX format.
# CHECK-NEXT: AIR obf_config ValueError Dynamic obfuscation only support for MindIR format, but got AIR format.
# CHECK-NEXT: ONNX cell NotImplementedError For 'export', msc does not write ONNX files: export with file_format='MINDIR' (`msc compile` turns the .mindir file or the script into C).
# CHECK-NEXT: onnx lower case ValueError For 'export', 'file_format' must be one of ['AIR', 'ONNX', 'MINDIR'], but got onnx.
# CHECK-NEXT: done

# WARN: warning: AIR format is deprecated, and will be removed in a future version, please use other format or use MindSpore Lite to do offline inference
# WARN: warning: AIR format is deprecated
# WARN: warning: AIR format is deprecated

# FILES: ok.mindir

# ONNX: export_formats.py:39:5: error: NotImplementedError: For 'export', msc does not write ONNX files
# AIR: export_formats.py:41:5: error: ValueError: Only support export file in 'AIR' format with Ascend backend.
