"""Hypothesis property tests over complete random games from random legal decks.

Each example is one complete game; every decision is drawn with
``data.draw(st.sampled_from(legal))`` (chance included) so a failure shrinks to a short
game.  The default run plays 510 complete games: 170 per edition A, B and C, split in two
tests each so that ``pytest -n 2`` spreads them.  At every decision the tests check:

* every action ``legal_actions`` offers is accepted by ``check`` (issue §1);
* every candidate action near the legal ones (other cards, targets, amounts, X, modes,
  options, triggers, kinds, actors) is accepted by ``check`` exactly when it is offered;
* an illegal action raises ``IllegalAction`` and leaves the state's fingerprint unchanged;
* ``apply`` never changes its argument and is deterministic (same state, same events);
* cards are conserved: each card instance is in exactly one zone of its owner;
* coins are never negative, coins change only through ``coin_gained``, ``coins_lost`` and ``coins_returned`` events, and the
  accumulation phase (304.1) gives a coin exactly when the player has fewer than 10;
* ``to_dict``/``from_dict`` is a round trip;
* every rule an event or violation cites is in the catalogue;

and at the end of the game: it ended within a bounded number of decisions, it has a
result, and replaying the configuration with the recorded decisions reproduces every
fingerprint.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from oracle import (
    Action,
    Event,
    IllegalAction,
    State,
    apply,
    check,
    decision,
    fingerprint,
    from_dict,
    legal_actions,
    load_catalogue,
    new_game,
    to_dict,
)
from oracle.engine import SHUFFLE_STEPS
from oracle.rules.turn.turn_start import COIN_CAP

from .helpers import num
from .strategies import configs, draw_action, other_actor, perturbations, shuffle_is_valid, zone_violations

#: Complete games per test function; six functions (two per edition) make 510 games.
GAMES_PER_TEST = 85
#: No game may need more decisions than this (each turn is bounded and the third failed
#: draw of either player ends the game, 304.2).
MAX_DECISIONS = 3000
#: Candidate actions checked per decision (accepted exactly when offered).
CANDIDATES_PER_DECISION = 16
#: Illegal candidates applied per decision (must raise and change nothing).
ILLEGAL_APPLIES_PER_DECISION = 1

_CATALOGUE = load_catalogue()
_SETTINGS = settings(
    max_examples=GAMES_PER_TEST,
    database=None,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)


def _coin_check(before: State, after: State, events: tuple[Event, ...]) -> None:
    """Coins change only by ``coin_gained``, ``coins_lost`` and ``coins_returned`` (temporary coins back to the
    supply at 310.2, R15:522.4) events; 304.1 gives one coin exactly when the active player starts accumulation
    with fewer than 10."""
    tally = [p.coins for p in before.players]
    accumulating: tuple[int, int] | None = None  # (seat, coins at the start of his turn)
    for e in events:
        if e.kind == "turn_started":
            assert accumulating is None or accumulating[1] >= COIN_CAP, "304.1: no coin gained below 10"
            seat = num(e, "active")
            accumulating = (seat, tally[seat])
        elif e.kind == "coin_gained":
            seat = num(e, "player")
            amount = num(e, "amount")
            assert amount >= 1
            if any(r.endswith(":304.1") for r in e.rules):
                assert accumulating is not None and accumulating[0] == seat, "304.1 coin outside accumulation"
                assert tally[seat] < COIN_CAP, "304.1 coin at 10 or more"
                assert amount == 1 and tally[seat] + 1 <= COIN_CAP
                accumulating = None
            tally[seat] += amount
        elif e.kind in ("coins_lost", "coins_returned"):  # «теряет (N)» (R15:522.2); temporary coins (R15:522.4)
            seat = num(e, "player")
            amount = num(e, "amount")
            assert 1 <= amount <= tally[seat]
            tally[seat] -= amount
    if accumulating is not None and after.turn > before.turn:
        # the accumulation phase of this turn ran inside the events (or the game ended)
        assert accumulating[1] >= COIN_CAP, "304.1: no coin gained below 10"
    assert tally == [p.coins for p in after.players], "coins changed without a coin_gained, coins_lost or coins_returned event"
    for p in after.players:
        assert p.coins_open >= 0 and p.coins_closed >= 0


def _state_invariants(state: State) -> None:
    assert not zone_violations(state), zone_violations(state)
    for c in state.cards.values():
        assert c.wounds >= 0 and c.poison >= 0
    d = to_dict(state)
    assert to_dict(from_dict(d)) == d
    if state.winner < 0:
        assert decision(state).actor >= 0


def _cites_catalogue(rules: tuple[str, ...] | list[str]) -> None:
    for r in rules:
        assert r in _CATALOGUE, f"rule {r} is not in the catalogue"


def _decision_checks(state: State, legal: list[Action], rng: random.Random, before: str) -> None:
    """Offered ⇒ accepted; accepted ⇔ offered over perturbed candidates; illegal actions
    raise and change nothing."""
    for a in legal:
        vs = check(state, a)
        assert vs == [], (a, vs)
    offered = set(legal)
    rejected: list[Action] = []
    for c in perturbations(state, legal, rng, CANDIDATES_PER_DECISION):
        vs = check(state, c)
        ok = not vs
        expected = shuffle_is_valid(state, c) if state.step in SHUFFLE_STEPS else c in offered
        assert ok == expected, (state.step, c, vs)
        _cites_catalogue([v.rule for v in vs])
        assert all(v.message for v in vs)
        if not ok:
            rejected.append(c)
    if rejected:
        for c in rng.sample(rejected, min(ILLEGAL_APPLIES_PER_DECISION, len(rejected))):
            with pytest.raises(IllegalAction) as e:
                apply(state, c)
            assert e.value.violations == check(state, c)
        assert fingerprint(state) == before


def play_checked_game(data: st.DataObject, edition: str) -> int:
    """Play one random game with every check above; returns the number of decisions."""
    config = data.draw(configs(edition), label="config")
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="rng"))
    state = new_game(config)
    actions: list[Action] = []
    prints = [fingerprint(state)]
    ties = 0
    for _ in range(MAX_DECISIONS):
        who = decision(state).actor
        if who < 0:
            break
        _state_invariants(state)
        legal = legal_actions(state)
        assert legal or state.step in SHUFFLE_STEPS, state.step
        _decision_checks(state, legal, rng, prints[-1])
        action = draw_action(data, state, ties)
        assert check(state, replace(action, actor=who)) == []
        assert check(state, replace(action, actor=other_actor(who)))
        out = apply(state, action)
        again = apply(state, action)
        assert to_dict(again.state) == to_dict(out.state) and again.events == out.events
        assert fingerprint(state) == prints[-1], "apply changed its argument"
        assert out.events, "every action has an effect that is reported"
        for e in out.events:
            assert e.rules, e
            _cites_catalogue(e.rules)
        _coin_check(state, out.state, out.events)
        ties = ties + 1 if any(e.kind == "reroll" for e in out.events) else 0
        state = out.state
        actions.append(action)
        prints.append(fingerprint(state))
    else:
        pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")
    _state_invariants(state)
    assert state.step == "game_over" and state.winner in (0, 1, 2)
    assert legal_actions(state) == [] and check(state, Action("end_turn"))
    # replay from the configuration and the recorded decisions
    replay = new_game(config)
    assert fingerprint(replay) == prints[0]
    for action, expected in zip(actions, prints[1:], strict=True):
        replay = apply(replay, action).state
        assert fingerprint(replay) == expected
    return len(actions)


def _games_test(edition: str, seed_value: int) -> Callable[[], None]:
    played: list[int] = []

    @seed(seed_value)
    @_SETTINGS
    @given(data=st.data())
    def run_games(data: st.DataObject) -> None:
        played.append(play_checked_game(data, edition))

    def test() -> None:
        played.clear()
        run_games()
        assert len(played) >= GAMES_PER_TEST, f"only {len(played)} complete games"

    test.__doc__ = f"""Edition {edition}, issue §Tests — {GAMES_PER_TEST} complete random games from random legal
        decks (R15:107.1, C:301–C:310, C:401–C:402, C:501): offered ⇔ accepted, illegal
        changes nothing, cards conserved (R15:205.3), coins within 304.1, apply
        deterministic, replay reproduces the fingerprints, every game ends (304.2)."""
    return test


test_games_edition_a_1 = _games_test("A", 101)
test_games_edition_a_2 = _games_test("A", 102)
test_games_edition_b_1 = _games_test("B", 201)
test_games_edition_b_2 = _games_test("B", 202)
test_games_edition_c_1 = _games_test("C", 301)
test_games_edition_c_2 = _games_test("C", 302)
