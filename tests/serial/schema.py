# Our serial/proto/*.proto against MindSpore's schema: the listing of every
# message field (name, number, label, type, oneof) and enum value that
# protoc + Python's protobuf make of our files must equal the listing taken
# from MindSpore's checkpoint.proto and mind_ir.proto at the pinned commits
# (Inputs/mindspore_schema.txt names them).
# RUN: %python %S/Inputs/proto_listing.py %S/../../serial/proto checkpoint.proto mind_ir.proto > %t
# RUN: grep -v '^#' %S/Inputs/mindspore_schema.txt | diff - %t
