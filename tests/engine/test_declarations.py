"""The state's one declaration (:mod:`oracle.model`'s ``Annotated`` fields, :mod:`oracle.schema`)
and the public IDL (``state.proto``) agree field by field, and the code generated from the
declaration is the code checked in: neither the proto, the declaration nor a codec can drift."""

from __future__ import annotations

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from oracle import codegen, model
from oracle._proto.berserk.oracle.v1 import state_pb2
from oracle.codegen.__main__ import main as codegen_main
from oracle.schema import PROTO_MESSAGES

RECORDS = codegen.RECORDS


def _proto_type(f: FieldDescriptor) -> str:
    """A proto field's type as ``state.proto`` writes it (``repeated int32``, ``optional int32``, ``Step``)."""
    if f.type == FieldDescriptor.TYPE_MESSAGE:
        base = f.message_type.name
    elif f.type == FieldDescriptor.TYPE_ENUM:
        base = f.enum_type.name
    else:
        base = {FieldDescriptor.TYPE_INT32: "int32", FieldDescriptor.TYPE_BOOL: "bool",
                FieldDescriptor.TYPE_STRING: "string"}[f.type]
    if f.is_repeated:
        return f"repeated {base}"
    if f.has_presence and f.type != FieldDescriptor.TYPE_MESSAGE:
        return f"optional {base}"
    return base


def _expected(field: codegen.Field) -> list[tuple[str, int, str]]:
    """The proto fields (name, number, type) a declared field stands for."""
    spec, ptype, rec = field.spec, field.ptype, field.record
    name = codegen.pname(field)
    if spec.codec == "cards" or (rec is not None and field.is_list):
        assert rec is not None
        return [(name, spec.number, f"repeated {PROTO_MESSAGES[rec.__name__]}")]
    if rec is not None:
        return [(name, spec.number, PROTO_MESSAGES[rec.__name__])]
    if spec.codec == "step":
        return [(name, spec.number, "Step")]
    if spec.codec == "result":
        return [(name, spec.number, "GameResult")]
    if spec.codec == "usage":
        return [(name, spec.number, "repeated AbilityUsage")]
    if spec.codec == "declared":
        return [(spec.flag, spec.flag_number, "bool"), (name, spec.number, "repeated int32")]
    if "[int" in ptype:
        return [(name, spec.number, "repeated int32")]
    base = {"int": "int32", "bool": "bool", "str": "string"}[ptype]
    optional = spec.codec == "optional_seat" or spec.presence == "owner_turn"
    return [(name, spec.number, f"optional {base}" if optional else base)]


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_declaration_and_proto_agree(cls: type) -> None:
    """Every declared field of a record is its proto message's field of the same name, number
    and type, and the message has no other field."""
    desc: Descriptor = getattr(state_pb2, PROTO_MESSAGES[cls.__name__]).DESCRIPTOR
    proto = sorted((f.name, f.number, _proto_type(f)) for f in desc.fields)
    declared = sorted(x for f in codegen.canonical(cls) for x in _expected(f))
    assert declared == proto


def test_every_record_field_is_declared_or_outside_the_form() -> None:
    """Every dataclass field of a record has a declaration, except a state's bookkeeping (the
    copy-on-write set, the kept answers of ``some_card_outside_zones``, ``parts_of`` and ``game_has`` and the kept
    ruleset); the fields outside
    the canonical form (proto number 0) are named here."""
    outside = []
    for cls in RECORDS:
        declared = {f.name for f in codegen.declared(cls)}
        for f in model.__dict__[cls.__name__].__dataclass_fields__.values():
            if f.name in ("_own", "_outside", "_ids", "_parts", "_rules"):
                continue
            assert f.name in declared, f"{cls.__name__}.{f.name} has no declaration"
        outside += [f"{cls.__name__}.{f.name}" for f in codegen.declared(cls) if not f.spec.number]
    assert outside == ["State.mutant"]


def test_each_declaration_has_a_meaning_and_a_bound() -> None:
    """Every declared field says what it means, every integer and integer list has a bound,
    every string names its allowed values (or a codec that does)."""
    for cls in RECORDS:
        for f in codegen.declared(cls):
            assert f.spec.doc.strip(), f"{cls.__name__}.{f.name}"
            if not f.spec.number:
                continue
            if (f.ptype == "int" or "[int" in f.ptype) and f.record is None and f.spec.codec != "usage":  # usage: USAGE_BOUNDS
                assert f.spec.bound is not None, f"{cls.__name__}.{f.name} has no bound"
            if f.ptype == "str":
                assert f.spec.choices or f.spec.codec in ("step", "card_id"), f"{cls.__name__}.{f.name}"


def test_generated_code_is_current() -> None:
    """The checked-in generated modules are what the declarations generate (CI runs the same
    ``python -m oracle.codegen --check``)."""
    assert codegen_main(["--check"]) == 0
