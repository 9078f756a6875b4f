"""The canonical state form (issue §6): round trip, a fingerprint stable across processes,
and rejection of inconsistent states with an error naming the offending field."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oracle import (
    CHANCE,
    Action,
    IllegalAction,
    StateError,
    apply,
    canonical_json,
    check,
    decision,
    fingerprint,
    from_dict,
    legal_actions,
    to_dict,
)
from oracle.sampler import play_random_game

from .helpers import Board, card

ROOT = Path(__file__).resolve().parents[2]


def _rich_board() -> Board:
    b = Board(
        step="end_queue",
        play=([card("test_mstitel", wounds=1, usage={0: 1}), "test_iskatel", card("snezhnyy_bars", closed=True)],
              [card("ork", poison=2), card("test_nevidimka", hidden=True), card("test_yashcher", game_usage={0: 1})]),
        hands=(["ork"], ["raskat_groma"]),
        graveyards=(["yrkh"], []),
        coins=((2, 3), (4, 0)),
        failed_draws=(1, 2),
    )
    b.queue("triggered", "test_mstitel", 0)
    b.pending("test_iskatel", 0)
    b.modifier("snezhnyy_bars", 2, "start_of_turn")
    b.modifier("test_mstitel", 1, "end_of_turn")
    b.modifier("ork", 1, "start_of_owner_turn", owner=1)
    return b


def _states() -> list[Any]:
    out = [_rich_board().state()]
    for seed in range(4):
        out.extend(play_random_game(seed, edition="ABC"[seed % 3]).states[::7])
    return out


def test_round_trip_of_hand_made_and_played_states() -> None:
    """Issue §6 — to_dict/from_dict is a round trip: the same canonical data, the same
    fingerprint, for hand-made states and states of random games in every edition."""
    for s in _states():
        d = to_dict(s)
        back = from_dict(json.loads(json.dumps(d)))
        assert to_dict(back) == d
        assert fingerprint(back) == fingerprint(s)
        assert back.edition == s.edition and back.pending == s.pending and back.queue == s.queue


def test_canonical_json_is_sorted_and_compact() -> None:
    """Issue §6 — the canonical JSON has sorted keys and no spaces; the fingerprint is 32
    hexadecimal digits of its SHA-256."""
    s = _rich_board().state()
    text = canonical_json(s)
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    fp = fingerprint(s)
    assert len(fp) == 32 and all(c in "0123456789abcdef" for c in fp)


def test_fingerprint_ignores_the_mutant_and_sees_every_change() -> None:
    """Issue §6 — the fingerprint depends on the state only: not on the engine mutant, but
    on any field of the state."""
    s = _rich_board().state()
    m = _rich_board().state("lifo_queue")
    assert fingerprint(s) == fingerprint(m)
    t = _rich_board().state()
    t.cards[1].wounds += 1
    assert fingerprint(t) != fingerprint(s)


_SCRIPT = """
import sys
sys.path.insert(0, {root!r})
from oracle import fingerprint, from_dict
from oracle.sampler import play_random_game
from tests.engine.test_serialize import _rich_board
g = play_random_game(11, edition="B")
print(fingerprint(g.states[len(g.states) // 2]))
print(fingerprint(_rich_board().state()))
"""


@pytest.mark.parametrize("hashseed", ["0", "4242"])
def test_fingerprint_is_the_same_in_another_process(hashseed: str) -> None:
    """Issue §6 — the same state gives the same fingerprint in every process: a subprocess
    (with another hash seed) prints the fingerprints of fixed states and they match."""
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT.format(root=str(ROOT))],
        capture_output=True, text=True, check=True, env=env, cwd=str(ROOT),
    ).stdout.split()
    g = play_random_game(11, edition="B")
    assert out == [fingerprint(g.states[len(g.states) // 2]), fingerprint(_rich_board().state())]


# --- rejection of inconsistent states ------------------------------------------------------


def _base() -> tuple[Board, dict[str, Any]]:
    b = _rich_board()
    return b, copy.deepcopy(b.data)


def _card_index(d: dict[str, Any], uid: int) -> int:
    return next(i for i, c in enumerate(d["cards"]) if c["uid"] == uid)


Mutator = Callable[[Board, dict[str, Any]], str]


def _two_zones(b: Board, d: dict[str, Any]) -> str:
    d["players"][0]["hand"].append(d["players"][0]["deck"][0])
    return f"players[0].hand[{len(d['players'][0]['hand']) - 1}]"


def _unknown_card_id(b: Board, d: dict[str, Any]) -> str:
    i = _card_index(d, b["ork"])
    d["cards"][i]["card_id"] = "no_such_card"
    return f"cards[{i}].card_id"


def _negative_coins(b: Board, d: dict[str, Any]) -> str:
    d["players"][1]["coins_open"] = -1
    return "players[1].coins_open"


def _negative_closed_coins(b: Board, d: dict[str, Any]) -> str:
    d["players"][0]["coins_closed"] = -2
    return "players[0].coins_closed"


def _negative_wounds(b: Board, d: dict[str, Any]) -> str:
    i = _card_index(d, b["test_mstitel"])
    d["cards"][i]["wounds"] = -1
    return f"cards[{i}].wounds"


def _queue_step_without_pending(b: Board, d: dict[str, Any]) -> str:
    d["pending"] = []
    return "pending"


def _card_in_no_zone(b: Board, d: dict[str, Any]) -> str:
    uid = d["players"][1]["hand"].pop()
    return f"cards[{_card_index(d, uid)}]"


def _foreign_card(b: Board, d: dict[str, Any]) -> str:
    d["players"][0]["hand"].append(d["players"][1]["hand"].pop())
    return "players[0].hand[1]"


def _uid_twice(b: Board, d: dict[str, Any]) -> str:
    d["cards"][5]["uid"] = d["cards"][4]["uid"]
    return "cards[5].uid"


def _unknown_field(b: Board, d: dict[str, Any]) -> str:
    d["players"][0]["mana"] = 3
    return "players[0].mana"


def _missing_field(b: Board, d: dict[str, Any]) -> str:
    del d["turn"]
    return "turn"


def _unknown_edition(b: Board, d: dict[str, Any]) -> str:
    d["edition"] = "D"
    return "edition"


def _unknown_step(b: Board, d: dict[str, Any]) -> str:
    d["step"] = "upkeep"
    return "step"


def _hero_in_deck(b: Board, d: dict[str, Any]) -> str:
    d["players"][0]["hero"], d["players"][0]["deck"][0] = d["players"][0]["deck"][0], d["players"][0]["hero"]
    return "players[0].hero"


def _over_without_winner(b: Board, d: dict[str, Any]) -> str:
    d["step"] = "game_over"
    d["queue"] = []
    return "step"


def _winner_without_game_over(b: Board, d: dict[str, Any]) -> str:
    d["winner"] = 1
    return "step"


def _defender_step_without_attack(b: Board, d: dict[str, Any]) -> str:
    d["step"] = "defender"
    d["queue"] = []
    return "attack"


def _pending_in_choice(b: Board, d: dict[str, Any]) -> str:
    d["step"] = "choice"
    d["queue"] = []
    return "step"


def _queue_entry_bad_ability(b: Board, d: dict[str, Any]) -> str:
    d["queue"][0]["ability"] = 3
    return "queue[0].ability"


def _queue_entry_unknown_source(b: Board, d: dict[str, Any]) -> str:
    d["queue"][0]["source"] = 999
    return "queue[0].source"


def _pending_id_not_issued(b: Board, d: dict[str, Any]) -> str:
    d["pending"][0]["id"] = d["next_trigger_id"]
    return "pending[0].id"


def _pending_not_a_trigger(b: Board, d: dict[str, Any]) -> str:
    d["pending"][0]["source"] = b["snezhnyy_bars"]
    return "pending[0].ability"


def _modifier_not_in_play(b: Board, d: dict[str, Any]) -> str:
    d["modifiers"][0]["target"] = b["yrkh"]
    return "modifiers[0].target"


def _owner_missing(b: Board, d: dict[str, Any]) -> str:
    d["modifiers"][0]["until"] = "start_of_owner_turn"  # INTERPRETING.md, entry 23: owner required
    return "modifiers[0].owner"


def _owner_on_another_duration(b: Board, d: dict[str, Any]) -> str:
    d["modifiers"][0]["owner"] = 0  # start_of_turn has no owner
    return "modifiers[0].owner"


def _owner_not_a_seat(b: Board, d: dict[str, Any]) -> str:
    d["modifiers"][2]["owner"] = 2
    return "modifiers[2].owner"


def _closed_card_in_hand(b: Board, d: dict[str, Any]) -> str:
    i = _card_index(d, b["raskat_groma"])
    d["cards"][i]["closed"] = True
    return f"cards[{i}]"


def _hidden_hero(b: Board, d: dict[str, Any]) -> str:
    i = _card_index(d, b["hero0"])
    d["cards"][i]["hidden"] = True
    return f"cards[{i}].hidden"


def _four_failed_draws(b: Board, d: dict[str, Any]) -> str:
    d["players"][1]["failed_draws"] = 4
    return "players[1].failed_draws"


def _choice_on_turn_0(b: Board, d: dict[str, Any]) -> str:
    d["step"] = "choice"
    d["queue"] = []
    d["pending"] = []
    d["turn"] = 0
    return "turn"


def _wounds_not_an_int(b: Board, d: dict[str, Any]) -> str:
    i = _card_index(d, b["test_mstitel"])
    d["cards"][i]["wounds"] = True
    return f"cards[{i}].wounds"


def _usage_of_missing_ability(b: Board, d: dict[str, Any]) -> str:
    i = _card_index(d, b["test_mstitel"])
    d["cards"][i]["usage"] = [{"ability": 4, "count": 1}]
    return f"cards[{i}].usage[0].ability"


def _mulligan_of_a_card_not_in_hand(b: Board, d: dict[str, Any]) -> str:
    d["players"][0]["mulligan_declared"] = True
    d["players"][0]["mulligan"] = [b["test_mstitel"]]
    return "players[0].mulligan[0]"


def _players_not_two(b: Board, d: dict[str, Any]) -> str:
    d["players"].append(copy.deepcopy(d["players"][0]))
    return "players"


def _active_out_of_range(b: Board, d: dict[str, Any]) -> str:
    d["active"] = 2
    return "active"


MUTATORS: list[Mutator] = [
    _two_zones, _unknown_card_id, _negative_coins, _negative_closed_coins, _negative_wounds,
    _queue_step_without_pending, _card_in_no_zone, _foreign_card, _uid_twice, _unknown_field, _missing_field,
    _unknown_edition, _unknown_step, _hero_in_deck, _over_without_winner, _winner_without_game_over,
    _defender_step_without_attack, _pending_in_choice, _queue_entry_bad_ability, _queue_entry_unknown_source,
    _pending_id_not_issued, _pending_not_a_trigger, _modifier_not_in_play, _owner_missing,
    _owner_on_another_duration, _owner_not_a_seat, _closed_card_in_hand, _hidden_hero,
    _four_failed_draws, _choice_on_turn_0, _wounds_not_an_int, _usage_of_missing_ability,
    _mulligan_of_a_card_not_in_hand, _players_not_two, _active_out_of_range,
]


@pytest.mark.parametrize("mutate", MUTATORS, ids=lambda m: m.__name__.strip("_"))
def test_inconsistent_state_is_rejected_naming_the_field(mutate: Mutator) -> None:
    """Issue §6 — an inconsistent state (a card in two zones, an unknown card id, negative
    coins or wounds, a queue step with nothing pending, …) is rejected with a StateError
    whose ``field`` names the offending field; it is never repaired."""
    b, d = _base()
    from_dict(copy.deepcopy(d))  # the base is consistent
    field = mutate(b, d)
    with pytest.raises(StateError) as e:
        from_dict(d)
    assert e.value.field == field, str(e.value)
    assert e.value.reason


def test_not_an_object_is_rejected() -> None:
    """Issue §6 — a state that is not a JSON object is rejected, not crashed on."""
    bad: object
    for bad in (None, [], "state", 3):
        with pytest.raises(StateError):
            from_dict(bad)


def test_state_copy_is_complete_and_independent() -> None:
    """Issue §1 (apply changes nothing) — State.copy copies every field of the state and of
    every card, and changing the copy leaves the original as it was."""
    s = _rich_board().state()
    c = s.copy()
    assert c == s and to_dict(c) == to_dict(s)
    for uid, card_ in s.cards.items():
        assert c.cards[uid] == card_ and c.cards[uid] is not card_
        assert c.cards[uid].usage is not card_.usage and c.cards[uid].game_usage is not card_.game_usage
    before = fingerprint(s)
    c.cards[1].wounds += 3
    c.cards[1].usage[0] = 5
    c.players[0].hand.append(999)
    c.queue.clear()
    c.pending.clear()
    c.modifiers.clear()
    assert fingerprint(s) == before


# --- a mutated state is refused or handled, never a crash ---------------------------------

_FUZZ_BASES = [to_dict(s) for s in _states()]
_STEPS = ["choice", "defender", "fight_queue", "close_queue", "end_queue", "start_queue", "play_queue",
          "ability_queue", "reveal", "setup_mulligan", "setup_roll", "game_over"]


def _leaves(o: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(o, dict):
        return [p for k, v in o.items() for p in _leaves(v, (*path, k))]
    if isinstance(o, list):
        return [path] + [p for i, v in enumerate(o) for p in _leaves(v, (*path, i))]
    return [path]


@settings(max_examples=300, database=None, derandomize=True, deadline=None,
          suppress_health_check=list(HealthCheck))
@given(st.data())
def test_mutated_states_are_refused_or_handled(data: st.DataObject) -> None:
    """Issue §6 — a state with one field changed is either refused by from_dict with a
    StateError naming a field, or accepted; an accepted state never crashes decision,
    legal_actions, check or apply (only IllegalAction may be raised)."""
    d = copy.deepcopy(data.draw(st.sampled_from(_FUZZ_BASES), label="base"))
    uids = [c["uid"] for c in d["cards"]]
    for _ in range(data.draw(st.integers(1, 3), label="changes")):
        path = data.draw(st.sampled_from([p for p in _leaves(d) if p]), label="path")
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        old = parent[path[-1]]
        if isinstance(old, bool):
            new: Any = not old
        elif isinstance(old, int):
            new = data.draw(st.sampled_from([old + 1, old - 1, 0, -1, 2, 99, *uids[:6]]), label="int")
        elif isinstance(old, str):
            new = data.draw(st.sampled_from([*_STEPS, "ork", "test_mstitel", "A", "B", "end_of_turn", "spell", "x"]), label="str")
        elif isinstance(old, list):
            shrink = data.draw(st.booleans(), label="shrink")
            new = old[:-1] if old and shrink else [*old, data.draw(st.sampled_from(uids))]
        else:
            continue
        parent[path[-1]] = new
    try:
        s = from_dict(d)
    except StateError as e:
        assert e.field is not None and e.reason
        return
    d2 = decision(s)
    acts = legal_actions(s)
    for a in acts[:20]:
        check(s, a)
    for a in [*acts[:3], Action("end_turn"), Action("defend"), Action("declare", trigger=1), Action("pass", trigger=1),
              Action("attack", card=uids[-1], targets=(1,)), Action("reveal", targets=(uids[-1],))]:
        with contextlib.suppress(IllegalAction):
            apply(s, a)
    assert d2.actor in (-1, 0, 1, CHANCE)


def _mulligan_state() -> dict[str, Any]:
    """A new game brought to its first mulligan declaration (setup_mulligan)."""
    from oracle import GameConfig, apply, decision, legal_actions, new_game, to_dict

    s = new_game(GameConfig(("test_geroy_snayper", "test_geroy_strazh"), (["ork"] * 10, ["ork"] * 10)))
    for _ in range(10):
        if decision(s).kind == "setup_mulligan":
            break
        legal = [a for a in legal_actions(s) if a.kind != "roll" or a.values[0] != a.values[1]]  # no tied roll
        if not legal:  # a shuffle: the identity order
            seat = s.shuffled
            legal = [Action("shuffle", card=seat, values=tuple(s.players[seat].deck))]
        s = apply(s, legal[0]).state
    assert decision(s).kind == "setup_mulligan"
    return to_dict(s)


def test_mulligan_step_states_where_nobody_could_declare_are_rejected() -> None:
    """PROTOCOL.md 5.4 rule 9: at setup_mulligan the first player is known, at least one
    player has not declared, and no hand holds more than the deal of 4 cards."""
    base = _mulligan_state()
    from_dict(copy.deepcopy(base))
    no_first = {**copy.deepcopy(base), "first_player": -1}
    both = copy.deepcopy(base)
    for p in both["players"]:
        p["mulligan_declared"] = True
    big = copy.deepcopy(base)
    big["players"][0]["hand"].append(big["players"][0]["deck"].pop(0))
    for data, field in ((no_first, "first_player"), (both, "players"), (big, "players[0].hand")):
        with pytest.raises(StateError) as e:
            from_dict(data)
        assert e.value.field == field, str(e.value)
