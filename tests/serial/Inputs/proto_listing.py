"""proto_listing.py DIR FILE.proto... — one line per message field, oneof
and enum value of the .proto files (compiled by protoc into a descriptor
set, read with Python's protobuf), in declaration order:
  FILE message NAME.FIELD = NUMBER LABEL TYPE [oneof O]
  FILE enum NAME.VALUE = NUMBER
tests/serial/schema.py diffs this listing of our serial/proto files with
the one taken from MindSpore's at the commits named in the listing."""
import os
import subprocess
import sys
import tempfile

from google.protobuf import descriptor_pb2

d = sys.argv[1]
files = sys.argv[2:]
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, 'set.pb')
    subprocess.run(['protoc', '-I' + d, '--descriptor_set_out=' + out] + files, check=True)
    fds = descriptor_pb2.FileDescriptorSet()
    fds.ParseFromString(open(out, 'rb').read())

LABEL = {1: 'optional', 2: 'required', 3: 'repeated'}
TYPE = {v: k[5:].lower() for k, v in descriptor_pb2.FieldDescriptorProto.Type.items()}


def enums(fname, prefix, es):
    for e in es:
        for v in e.value:
            print(f'{fname} enum {prefix}{e.name}.{v.name} = {v.number}')


def messages(fname, prefix, ms):
    for m in ms:
        name = prefix + m.name
        for f in m.field:
            t = TYPE[f.type]
            if t in ('message', 'enum'):
                t = f.type_name.lstrip('.')
            oneof = f' oneof {m.oneof_decl[f.oneof_index].name}' if f.HasField('oneof_index') else ''
            print(f'{fname} message {name}.{f.name} = {f.number} {LABEL[f.label]} {t}{oneof}')
        enums(fname, name + '.', m.enum_type)
        messages(fname, name + '.', m.nested_type)


for fd in fds.file:
    pkg = fd.package + '.' if fd.package else ''
    print(f'{fd.name} syntax {fd.syntax or "proto2"} package {fd.package or "(none)"}')
    enums(fd.name, pkg, fd.enum_type)
    messages(fd.name, pkg, fd.message_type)
