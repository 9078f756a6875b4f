"""A transcript may give a partial state (``TranscriptStep.state_fields``): only the named
top-level fields of the canonical state are compared, so a client that keeps part of the
state is verified on what it has."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from oracle import GameConfig, new_game, to_dict
from oracle._proto.berserk.oracle.v1 import transcript_pb2
from oracle.model import Action
from oracle.service.convert import action_to_proto
from oracle.service.errors import InputError
from oracle.service.state_codec import state_dict_to_proto
from oracle.service.transcripts import STATE_FIELDS, step_from_proto
from oracle.verify import record_steps, verify_transcript

CONFIG = GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (["ork"] * 20, ["ork"] * 20))
ACTIONS = [Action("roll", values=(6, 3)), Action("choose_order", values=(1,))]


def _steps() -> list[Any]:
    return record_steps(CONFIG, ACTIONS, with_legal_actions=False, with_events=False)


def test_state_fields_are_the_canonical_top_level_fields() -> None:
    """The names a partial state may use are exactly the keys of the canonical state."""
    assert tuple(to_dict(new_game(CONFIG))) == STATE_FIELDS


def test_only_named_fields_are_compared() -> None:
    """A client state wrong in ``cards`` agrees when it names only ``players`` and
    ``step``, and diverges on ``players`` when its players are wrong."""
    steps = _steps()
    wrong_cards = {**steps[-1].state, "cards": []}
    partial = replace(steps[-1], state=wrong_cards, state_fields=("players", "step"))
    assert verify_transcript(CONFIG, [*steps[:-1], partial]).agrees
    full = replace(steps[-1], state=wrong_cards)
    assert not verify_transcript(CONFIG, [*steps[:-1], full]).agrees
    players = [dict(p) for p in steps[-1].state["players"]]
    players[0]["coins_open"] = 7
    bad = replace(partial, state={**wrong_cards, "players": players})
    result = verify_transcript(CONFIG, [*steps[:-1], bad])
    assert not result.agrees and result.divergence is not None
    assert result.divergence.kind == "state"
    assert [d.path for d in result.divergence.state_differences] == ["players[0].coins_open"]


def test_unknown_state_field_is_refused_naming_it() -> None:
    """A ``state_fields`` entry that is not a field of the canonical state is
    INVALID_ARGUMENT naming ``steps[i].state_fields[j]``."""
    step = _steps()[-1]
    msg = transcript_pb2.TranscriptStep(action=action_to_proto(ACTIONS[-1]), state_fields=["players", "hand"])
    state_dict_to_proto(dict(step.state), msg.state)
    with pytest.raises(InputError) as info:
        step_from_proto(msg, "steps[1]")
    assert info.value.field == "steps[1].state_fields[1]"
