"""The states an outside attack found the service letting through (issue 11), sent to a real
server: each is answered INVALID_ARGUMENT with a ``google.rpc.BadRequest`` naming the field
(never INTERNAL), and an action where nobody decides is an ordinary refusal.  The same states
are refused by ``oracle.validate`` in tests/engine/test_validate.py; here the whole path
(proto decoding, the validator, the error mapping) is checked."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import grpc
import pytest

from oracle._proto.berserk.oracle.v1 import action_pb2
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle.serialize import to_dict
from oracle.service import state_codec as sc
from oracle.validate import INT32_MAX
from tests.engine.test_validate import _base

from .helpers import bad_request

Edit = Callable[[dict[str, Any]], None]


def _set_path(path: str, value: Any) -> Edit:
    def edit(d: dict[str, Any]) -> None:
        holder: Any = d
        *parents, last = path.replace("]", "").replace("[", ".").split(".")
        for key in parents:
            holder = holder[int(key)] if key.isdigit() else holder[key]
        holder[last] = value
    return edit


def _twice_in_mulligan(d: dict[str, Any]) -> None:
    p = d["players"][0]
    p["mulligan_declared"], p["mulligan"] = True, [p["hand"][0], p["hand"][0]]


#: (case, base state, edit, the request field the BadRequest must name)
CASES: list[tuple[str, str, Edit, str]] = [
    ("shuffle step with both decks shuffled", "setup_shuffle", _set_path("shuffled", 2), "state.shuffled"),
    ("next_trigger_id at INT32_MAX", "choice", _set_path("next_trigger_id", INT32_MAX), "state.next_trigger_id"),
    ("turn at INT32_MAX", "choice", _set_path("turn", INT32_MAX), "state.turn"),
    ("open coins at INT32_MAX", "choice", _set_path("players[0].coins_open", INT32_MAX),
     "state.players[0].coins_open"),
    ("a card's turn counter at INT32_MAX", "choice", _set_path("cards[1].attacked_turn", INT32_MAX),
     "state.cards[1].attacked_turn"),
    ("mulligan step without first_player", "setup_mulligan", _set_path("first_player", -1), "state.first_player"),
    ("a card twice in a declared mulligan", "setup_mulligan", _twice_in_mulligan, "state.players[0].mulligan[1]"),
    ("mulligan_declared outside the setup stage", "choice", _set_path("players[1].mulligan_declared", True),
     "state.players[1].mulligan_declared"),
    # issue 45: INTERNAL (a KeyError in the validator) for a creation, silently accepted for a play
    ("a created Модуль's granter naming no card", "creation_choice", _set_path("attaching.entry.granter", 999),
     "state.attaching.entry.granter"),
    ("a played Модуль's granter naming no card", "module_choice", _set_path("attaching.entry.granter", 999),
     "state.attaching.entry.granter"),
]


@pytest.mark.parametrize(("case", "base", "edit", "field"), CASES, ids=[c[0] for c in CASES])
def test_reproducer_is_invalid_argument_naming_the_field(stub: Any, case: str, base: str, edit: Edit,
                                                         field: str) -> None:
    """GetLegalActions on the reproducer state answers INVALID_ARGUMENT whose BadRequest
    names exactly the offending request field."""
    d = json.loads(json.dumps(to_dict(_base(base))))
    assert not d["players"][0]["mulligan_declared"], "the base states have no declaration of seat 0"
    edit(d)
    msg = sc.state_dict_to_proto(d)
    with pytest.raises(grpc.RpcError) as info:
        stub.GetLegalActions(pb.GetLegalActionsRequest(state=msg), timeout=10)
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT, info.value.details()  # type: ignore[attr-defined]
    assert [f for f, _ in bad_request(info.value)] == [field]


@pytest.mark.parametrize("actor", [action_pb2.ACTOR_PLAYER_1, action_pb2.ACTOR_PLAYER_2, action_pb2.ACTOR_CHANCE,
                                   action_pb2.ACTOR_UNSPECIFIED])
def test_an_action_in_a_finished_game_is_an_ordinary_refusal(stub: Any, actor: int) -> None:
    """CheckAction in a finished game (nobody decides) answers OK with the action illegal
    under R15:605.1, whoever the action names: a rules answer, not an error."""
    msg = sc.state_to_proto(_base("game_over"))
    resp = stub.CheckAction(pb.CheckActionRequest(state=msg, action=action_pb2.Action(encoded="end_turn", actor=actor)),
                            timeout=10)
    assert not resp.legal
    assert [v.rule for v in resp.violations] == ["R15:605.1"]
