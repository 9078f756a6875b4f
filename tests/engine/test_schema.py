"""The state schema is written once, in :mod:`oracle.model`; the canonical JSON form
(:func:`oracle.serialize.to_dict`), the proto's ``State`` messages and the validator's bounds
(:data:`oracle.validate.BOUNDS`) are checked against it here, so a field added in one place
and forgotten in another fails a test instead of being silently dropped."""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any

import pytest

from oracle._proto.berserk.oracle.v1 import state_pb2
from oracle.codegen import canonical
from oracle.model import (
    Attack,
    Card,
    HandChoice,
    Memory,
    Modifier,
    ModuleChoice,
    PendingTrigger,
    Player,
    PlayerEffect,
    QueueEntry,
    State,
)
from oracle.sampler import play_random_game
from oracle.serialize import to_dict
from oracle.validate import BOUNDS

#: Per model class: its canonical JSON key (None: the top level), its proto message, and
#: the documented differences.  ``renamed`` maps a model field to its JSON key where they
#: differ; ``model_only`` are not part of the canonical form; ``json_only`` are derived.
SCHEMA: dict[type, dict[str, Any]] = {
    State: {"key": None, "message": "State", "model_only": {"mutant", "_own", "_outside", "_ids", "_parts", "_rules"}, "json_only": set(),
            "renamed": {}},
    Player: {"key": "players", "message": "PlayerState", "model_only": set(),
             "json_only": {"mulligan_declared"}, "renamed": {}},
    Card: {"key": "cards", "message": "CardState", "model_only": set(), "json_only": set(), "renamed": {}},
    QueueEntry: {"key": "queue", "message": "QueueEntry", "model_only": set(), "json_only": set(), "renamed": {}},
    PendingTrigger: {"key": "pending", "message": "PendingTrigger", "model_only": set(), "json_only": set(),
                     "renamed": {}},
    Modifier: {"key": "modifiers", "message": "StrikeModifier", "model_only": set(), "json_only": set(), "renamed": {}},
    Attack: {"key": "attack", "message": "Attack", "model_only": set(), "json_only": set(), "renamed": {}},
}
#: Canonical keys whose proto field has another name (PROTOCOL.md 5: ``winner`` is the
#: proto's ``result`` enum).
PROTO_RENAMED = {"winner": "result"}


@cache
def mid_game_states() -> list[State]:
    """Every state of a few random games of each edition (setup, turns, Queue steps, the end)."""
    return [s for seed in range(4) for ed in ("A", "B", "C") for s in play_random_game(seed, ed).states]


def _json_keys(cls: type) -> set[str]:
    spec = SCHEMA[cls]
    names: set[str] = {spec["renamed"].get(f.name, f.name) for f in fields(cls)} - spec["model_only"]
    return names | set(spec["json_only"])


def _samples(data: dict[str, Any], key: str | None) -> list[dict[str, Any]]:
    if key is None:
        return [data]
    value = data[key]
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _optional_keys(cls: type) -> set[str]:
    """The keys the canonical form writes only sometimes (their declared presence, :mod:`oracle.schema`)."""
    return {f.key for f in canonical(cls) if f.spec.presence != "always"}


@pytest.mark.parametrize("cls", list(SCHEMA), ids=lambda c: c.__name__)
def test_canonical_keys_are_the_model_fields(cls: type) -> None:
    """Every key of the canonical JSON form of a model object is a field of its model
    class (or a documented derived key), and every model field is a key (or documented as
    not part of the form, or written only sometimes by its declared presence: a modifier's
    owner, this turn's counters, a stunned card, a choice), on states from real games."""
    seen = 0
    for state in mid_game_states():
        for obj in _samples(to_dict(state), SCHEMA[cls]["key"]):
            assert set(obj) <= _json_keys(cls) and set(obj) >= _json_keys(cls) - _optional_keys(cls)
            seen += 1
    assert seen > 0, f"no {cls.__name__} in the sample states: the check would prove nothing"


@pytest.mark.parametrize("cls", list(SCHEMA), ids=lambda c: c.__name__)
def test_proto_fields_are_the_canonical_keys(cls: type) -> None:
    """The proto message of each model class has exactly the canonical keys as fields
    (with the documented renames), so the wire form and the JSON form cannot drift."""
    message = getattr(state_pb2, SCHEMA[cls]["message"])
    proto = {f.name for f in message.DESCRIPTOR.fields}
    assert proto == {PROTO_RENAMED.get(k, k) for k in _json_keys(cls)}


def _int_paths(value: Any, path: str, out: set[str]) -> None:
    if isinstance(value, (bool, str)) or value is None:
        return
    if isinstance(value, int):
        out.add(path)
    elif isinstance(value, list):
        for item in value:
            _int_paths(item, path + "[]", out)
    elif isinstance(value, dict):
        for k, v in value.items():
            _int_paths(v, f"{path}.{k}" if path else k, out)


def test_every_integer_has_a_bound() -> None:
    """Every integer field of the canonical form has its bound in the validator's table
    (oracle.validate.BOUNDS), and every bound names an integer field of the model: no
    integer reaches the int32 proto fields unchecked."""
    paths: set[str] = set()
    for state in mid_game_states():
        _int_paths(to_dict(state), "", paths)
    assert paths, "no integers seen"
    assert paths <= set(BOUNDS), f"integers without a bound: {sorted(paths - set(BOUNDS))}"
    # every bound's field exists in the model (by its last name)
    model_names = {f.name for cls in (*SCHEMA, HandChoice, Memory, ModuleChoice, PlayerEffect) for f in fields(cls)} | {"ability", "count"}
    for key in BOUNDS:
        last = key.replace("[]", "").rsplit(".", 1)[-1]
        assert last in model_names or last in {"deck", "hand", "play", "graveyard", "mulligan", "targets",
                                                "amounts"}, key
