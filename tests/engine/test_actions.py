"""The stable text form of actions (oracle.actions): encode/decode round trip and
ActionSyntaxError naming the offending field."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oracle import Action, ActionSyntaxError, decode, encode
from oracle.model import ACTION_KINDS
from oracle.sampler import play_random_game

from .helpers import legal

ints = st.integers(min_value=-5, max_value=10_000)
tuples = st.lists(st.integers(min_value=-5, max_value=10_000), max_size=6).map(tuple)

actions = st.builds(
    Action,
    kind=st.sampled_from(ACTION_KINDS),
    card=ints,
    ability=ints,
    targets=tuples,
    amounts=tuples,
    x=ints,
    mode=ints,
    option=st.sampled_from(["", "fury", "alt"]),
    values=tuples,
    trigger=ints,
    actor=st.sampled_from([-1, 0, 1, 2]),
)


@settings(max_examples=300, database=None, derandomize=True)
@given(actions)
def test_encode_decode_round_trip(action: Action) -> None:
    """Issue §1 — every action has one canonical text: decode(encode(a)) == a and the text
    is stable under a second round trip."""
    text = encode(action)
    assert decode(text) == action
    assert encode(decode(text)) == text


def test_round_trip_of_every_action_offered_in_random_games() -> None:
    """Issue §1 — every action legal_actions offers in a few random games round-trips."""
    seen = 0
    for seed in range(3):
        for s in play_random_game(seed, edition="ABC"[seed]).states[::3]:
            for a in legal(s):
                assert decode(encode(a)) == a
                seen += 1
    assert seen > 100


def test_examples_of_the_text_form() -> None:
    """Issue §1 — fields at their default are omitted, keys in a fixed order, tuples
    comma-separated."""
    assert encode(Action("end_turn")) == "end_turn"
    assert encode(Action("play", card=9, targets=(3, 4), amounts=(2, 1), x=3)) == "play card=9 targets=3,4 amounts=2,1 x=3"
    assert encode(Action("declare", trigger=5, targets=(12,))) == "declare targets=12 trigger=5"
    assert decode("roll values=4,2") == Action("roll", values=(4, 2))
    assert decode("  attack   card=12 targets=7 ") == Action("attack", card=12, targets=(7,))
    assert decode("mulligan targets=") == Action("mulligan")


@pytest.mark.parametrize(
    "text, field",
    [
        ("", "kind"),
        ("   ", "kind"),
        ("fly card=1", "kind"),
        ("attack card=x", "card"),
        ("attack card=1.5", "card"),
        ("attack targets=1,a", "targets"),
        ("play amounts=1,,2", "amounts"),
        ("roll values=4;2", "values"),
        ("activate ability=one", "ability"),
        ("play x=", "x"),
        ("play mode=-", "mode"),
        ("declare trigger=t", "trigger"),
        ("end_turn actor=me", "actor"),
        ("attack card=+7", "card"),
        ("attack card=1_0", "card"),
        ("attack targets=1,,2", "targets"),
        ("roll values=4,+2", "values"),
        ("end_turn actor=0", "actor"),
        ("end_turn actor=3", "actor"),
        ("end_turn actor=nobody", "actor"),
        ("attack card", "card"),
        ("attack card=1 card=2", "card"),
        ("attack colour=red", "colour"),
    ],
)
def test_syntax_errors_name_the_field(text: str, field: str) -> None:
    """Issue §1 — a malformed action text raises ActionSyntaxError whose ``field`` names
    the bad part; decode never guesses."""
    with pytest.raises(ActionSyntaxError) as e:
        decode(text)
    assert e.value.field == field
    assert e.value.reason
    assert isinstance(e.value, ValueError)


def test_actor_is_named_in_the_text_form() -> None:
    """The text form names the actor as the Actor enum does (``player_1``, ``player_2``,
    ``chance``), never by number, and the names round-trip to the engine's seats and
    CHANCE."""
    assert encode(Action("end_turn", actor=0)) == "end_turn actor=player_1"
    assert encode(Action("end_turn", actor=1)) == "end_turn actor=player_2"
    assert encode(Action("roll", values=(4, 2), actor=2)) == "roll values=4,2 actor=chance"
    assert decode("choose_order values=1 actor=player_2") == Action("choose_order", values=(1,), actor=1)
