"""Generate ``scenario.schema.json`` (JSON Schema draft 2020-12) for scenario files from
the compiled descriptors of ``proto/berserk/oracle/v1/scenario.proto`` and the protobuf
JSON mapping, as the loader (``conformance_suite.scenario.load_scenario``) reads them:

- every field may be written with its proto name (``expect_facts``) or its lowerCamel JSON
  name (``expectFacts``), not both; no other key is allowed (``additionalProperties:
  false``: every message of the closure is closed);
- ``int32`` fields are JSON integers in range, ``bool`` booleans, ``string`` strings, enums
  their value names (``"STEP_CHOICE"``, ``"ACTOR_PLAYER_2"``), repeated fields arrays;
  ``null`` is not accepted anywhere;
- at most one member of a ``oneof`` (``setup``: ``board``, ``new_game`` or ``state``);
- and the checks of the loader that a schema can state: the required top-level fields,
  non-empty ``editions`` (A, B, C), ``rules`` (edition-qualified ids) and ``steps`` (none
  for a refused setup), the id's
  characters, the form of rule references, the step names of a board.

The descriptions are the comments of the ``.proto`` files when they are at hand.

    python -m conformance_suite.schemas.generate           # rewrite scenario.schema.json
    python -m conformance_suite.schemas.generate --check   # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from oracle._proto.berserk.oracle.v1 import scenario_pb2
from oracle.editions import EDITIONS
from oracle.model import STEPS

__all__ = ["SCENARIO_SCHEMA_PATH", "proto_comments", "render", "scenario_schema"]

HERE = Path(__file__).resolve().parent
SCENARIO_SCHEMA_PATH = HERE / "scenario.schema.json"
PROTO_DIR = HERE.parents[1] / "proto" / "berserk" / "oracle" / "v1"

#: An edition-qualified rule id (``C:401.3``, ``R15:7.poison``).
RULE_ID = r"^(A|B|C|R15):[0-9]+(\.[0-9A-Za-z]+)*$"
#: A rule reference of an expectation: a rule id or a bare number (``501.2``).
RULE_REF = r"^((A|B|C|R15):)?[0-9]+(\.[0-9A-Za-z]+)*$"

# FieldDescriptor.TYPE_* numbers (descriptor.proto)
_T_DOUBLE, _T_FLOAT, _T_INT64, _T_UINT64, _T_INT32, _T_FIXED64, _T_FIXED32, _T_BOOL, _T_STRING = 1, 2, 3, 4, 5, 6, 7, 8, 9
_T_MESSAGE, _T_BYTES, _T_UINT32, _T_ENUM, _T_SFIXED32, _T_SFIXED64, _T_SINT32, _T_SINT64 = 11, 12, 13, 14, 15, 16, 17, 18

_INT32 = {"type": "integer", "minimum": -(2**31), "maximum": 2**31 - 1}
_UINT32 = {"type": "integer", "minimum": 0, "maximum": 2**32 - 1}
_INT64 = {"anyOf": [{"type": "integer"}, {"type": "string", "pattern": "^-?[0-9]+$"}]}
_NUMBER = {"anyOf": [{"type": "number"}, {"enum": ["NaN", "Infinity", "-Infinity"]}]}
_SCALARS: dict[int, dict[str, Any]] = {
    _T_INT32: _INT32, _T_SINT32: _INT32, _T_SFIXED32: _INT32,
    _T_UINT32: _UINT32, _T_FIXED32: _UINT32,
    _T_INT64: _INT64, _T_SINT64: _INT64, _T_SFIXED64: _INT64, _T_UINT64: _INT64, _T_FIXED64: _INT64,
    _T_DOUBLE: _NUMBER, _T_FLOAT: _NUMBER,
    _T_BOOL: {"type": "boolean"},
    _T_STRING: {"type": "string"},
    _T_BYTES: {"type": "string", "contentEncoding": "base64"},
}

#: What the loader checks beyond the protobuf JSON mapping, per message: keywords of the
#: message's schema, and per field keywords added to its schema (to ``items`` for a
#: repeated field).
_LOADER: dict[str, dict[str, Any]] = {
    "berserk.oracle.v1.Scenario": {
        "required": ["id", "rules", "editions", "description", "setup"],
        # steps: at least one, except for a refused setup, which has none
        "if": {"anyOf": [{"required": ["expect_setup_refused"]}, {"required": ["expectSetupRefused"]}]},
        "then": {"properties": {"steps": {"maxItems": 0}}},
        "else": {"required": ["steps"], "properties": {"steps": {"minItems": 1}}},
        "fields": {
            "id": {"minLength": 1, "pattern": "^[A-Za-z0-9._-]+$"},
            "description": {"minLength": 1},
            "editions": {"minItems": 1, "items": {"enum": list(EDITIONS)}},
            "rules": {"minItems": 1, "items": {"pattern": RULE_ID}},
        },
    },
    "berserk.oracle.v1.ScenarioSetup": {"minProperties": 1},
    "berserk.oracle.v1.ScenarioStep": {"fields": {"expect_violation_rules": {"items": {"pattern": RULE_REF}}}},
    "berserk.oracle.v1.ExpectedEvent": {"fields": {"rules": {"items": {"pattern": RULE_REF}}}},
    "berserk.oracle.v1.BoardSetup": {"fields": {"step": {"enum": list(STEPS)}}},
}


def proto_comments(proto_dir: Path = PROTO_DIR) -> dict[str, str]:
    """The leading comments of the messages, enums and fields of the ``.proto`` files in
    ``proto_dir``: ``berserk.oracle.v1.Scenario`` -> text, ``berserk.oracle.v1.Scenario.id``
    -> text (top-level messages and enums only, which is all these files have)."""
    out: dict[str, str] = {}
    for path in sorted(proto_dir.glob("*.proto")):
        package, current, pending = "", "", []
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.strip()
            if line.startswith("//"):
                pending.append(line[2:].strip())
                continue
            m = re.match(r"package\s+([\w.]+);", line)
            if m:
                package = m.group(1)
            m = re.match(r"(message|enum)\s+(\w+)\s*\{", line)
            field = re.match(r"(?:optional\s+|repeated\s+)?[\w.<>, ]+?\s+(\w+)\s*=\s*\d+", line)
            if m and not current:
                current = f"{package}.{m.group(2)}"
                if pending:
                    out[current] = " ".join(pending)
            elif field and current and pending:
                out[f"{current}.{field.group(1)}"] = " ".join(pending)
            elif line == "}" and raw.startswith("}"):
                current = ""
            pending = []
    return out


def _field_schema(f: Any, defs: dict[str, Any], comments: dict[str, str], todo: list[Any]) -> dict[str, Any]:
    if f.type == _T_MESSAGE:
        if f.message_type.GetOptions().map_entry or f.message_type.full_name.startswith("google.protobuf."):
            raise ValueError(f"{f.full_name}: a map or well-known type; the generator maps neither — extend _field_schema first")
        todo.append(f.message_type)
        item: dict[str, Any] = {"$ref": f"#/$defs/{f.message_type.full_name}"}
    elif f.type == _T_ENUM:
        name = f.enum_type.full_name
        if name not in defs:
            defs[name] = {"type": "string", "enum": [v.name for v in f.enum_type.values]}
            if name in comments:
                defs[name] = {"description": comments[name], **defs[name]}
        item = {"$ref": f"#/$defs/{name}"}
    else:
        item = dict(_SCALARS[f.type])
    repeated = getattr(f, "is_repeated", None)
    if repeated is None:
        repeated = f.label == 3  # LABEL_REPEATED
    schema: dict[str, Any] = {"type": "array", "items": item} if repeated else item
    text = comments.get(f"{f.containing_type.full_name}.{f.name}")
    if text:
        schema = {"description": text, **schema}
    return schema


def _message_schema(desc: Any, defs: dict[str, Any], comments: dict[str, str], todo: list[Any]) -> dict[str, Any]:
    loader = _LOADER.get(desc.full_name, {})
    props: dict[str, Any] = {}
    dependent: dict[str, Any] = {}
    for f in desc.fields:
        schema = _field_schema(f, defs, comments, todo)
        for key, extra in loader.get("fields", {}).get(f.name, {}).items():
            if key == "items":
                schema["items"] = {**schema["items"], **extra}
            else:
                schema[key] = extra
        names = [f.name] if f.json_name == f.name else [f.name, f.json_name]
        for n in names:
            props[n] = schema
        oneof = f.containing_oneof
        others = [n for n in names if n != f.name]
        if oneof is not None and len(oneof.fields) > 1:  # a real oneof (not `optional`)
            others += [n for g in oneof.fields if g is not f for n in {g.name, g.json_name}]
        for n in names:
            rest = sorted({o for o in [*others, *names] if o != n})
            if rest:
                dependent[n] = {"properties": {o: False for o in rest}}
    out: dict[str, Any] = {}
    if desc.full_name in comments:
        out["description"] = comments[desc.full_name]
    out["type"] = "object"
    if "required" in loader:
        out["required"] = loader["required"]
    if "minProperties" in loader:
        out["minProperties"] = loader["minProperties"]
    for key in ("if", "then", "else"):
        if key in loader:
            out[key] = loader[key]
    out["properties"] = props
    if dependent:
        out["dependentSchemas"] = dependent
    out["additionalProperties"] = False
    return out


def scenario_schema(comments: dict[str, str] | None = None) -> dict[str, Any]:
    """The JSON Schema of a scenario file."""
    if comments is None:
        comments = proto_comments() if PROTO_DIR.is_dir() else {}
    root = scenario_pb2.Scenario.DESCRIPTOR
    defs: dict[str, Any] = {}
    todo = [root]
    while todo:
        desc = todo.pop(0)
        if desc.full_name not in defs:
            defs[desc.full_name] = {}  # taken: a message may refer to itself
            defs[desc.full_name] = _message_schema(desc, defs, comments, todo)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:berserk-oracle:conformance-suite:scenario.schema.json",
        "title": "«Берсерк. Герои» conformance scenario (berserk.oracle.v1.Scenario as protobuf JSON)",
        "description": "Generated by `python -m conformance_suite.schemas.generate` from proto/berserk/oracle/v1/"
        "scenario.proto; do not edit by hand. Field names in proto (snake_case) or JSON (lowerCamel) form, "
        "enums as value names. The loader checks more than this schema can: rule ids and card ids exist, "
        "the file is named after the id, actions parse.",
        "$ref": f"#/$defs/{root.full_name}",
        "$defs": dict(sorted(defs.items())),
    }


def render(schema: dict[str, Any]) -> str:
    """The file text of a schema."""
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check`` compare) ``scenario.schema.json``."""
    ap = argparse.ArgumentParser(prog="python -m conformance_suite.schemas.generate", description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if the file differs from what would be generated")
    args = ap.parse_args(argv)
    text = render(scenario_schema())
    if args.check:
        current = SCENARIO_SCHEMA_PATH.read_text(encoding="utf-8") if SCENARIO_SCHEMA_PATH.exists() else ""
        if current != text:
            print(f"{SCENARIO_SCHEMA_PATH} is out of date: run python -m conformance_suite.schemas.generate", file=sys.stderr)
            return 1
        return 0
    SCENARIO_SCHEMA_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {SCENARIO_SCHEMA_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
