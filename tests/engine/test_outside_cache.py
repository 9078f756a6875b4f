"""The kept answers of ``board.some_card_outside_zones`` (``State._outside``), of
``board.parts_of`` (``State._parts``, the parts of every combined card) and of
``board.game_has`` (``State._ids``, the game's card ids), speed only, are never stale:
whatever a rule did to a state — attach a Модуль, capture cards, release them, destroy a
combined card, create a card — the answer a state keeps is the one a fresh look at its cards
gives.  A stale False would hide a combined card's parts (their life, strike, abilities) and
captured cards; a stale set of ids would hide a created card's abilities; so every action of
every scenario, and every state of random games carried from state to state as the engine
carries it, is checked."""

from __future__ import annotations

from typing import Any

import pytest

from conformance_suite.executor import run_scenario
from conformance_suite.scenario import load_all
from conformance_suite.targets import ApplyResult, InProcessTarget
from oracle import IllegalAction, State, apply
from oracle.rules.queries.board import game_has, parts_of, some_card_outside_zones
from oracle.sampler import play_random_game


def _fresh(state: State) -> bool:
    return any(c.attached_to or c.captured_by for c in state.cards.values())


def _fresh_parts(state: State) -> dict[int, tuple[int, ...]]:
    found: dict[int, tuple[int, ...]] = {}
    for c in state.cards.values():
        if c.attached_to:
            found[c.attached_to] = (*found.get(c.attached_to, ()), c.uid)
    return found


def _kept_is_fresh(state: State) -> bool:
    kept, ids, parts = state._outside, state._ids, state._parts
    return (kept is None or kept == _fresh(state)) and (
        ids is None or ids == frozenset(c.card_id for c in state.cards.values())) and (
        parts is None or parts == _fresh_parts(state))


class _Checking(InProcessTarget):
    """The reference in process: before each apply it asks the question (so the answer is kept
    and carried into the next state), and after it checks the next state's kept answer."""

    def __init__(self) -> None:
        super().__init__()
        self.stale: list[str] = []
        self.outside_seen = 0

    def apply(self, state: dict[str, Any], action: str) -> ApplyResult:
        """Apply, and compare the kept answer of the next state with a fresh one."""
        s = self._state(state)
        some_card_outside_zones(s)
        parts_of(s, 0)
        game_has(s, frozenset())
        try:
            nxt = apply(s, self._action(action)).state
        except IllegalAction:  # a refusal: the parent reports it
            return super().apply(state, action)
        if not _kept_is_fresh(nxt):
            self.stale.append(action)
        self.outside_seen += _fresh(nxt)
        return super().apply(state, action)


@pytest.mark.parametrize("edition", ["C", "R15"])
def test_no_scenario_step_leaves_a_stale_outside_answer(edition: str) -> None:
    """After every action of every scenario the next state's kept answer to "is some card a part
    or captured" is None or the fresh one; the scenarios do reach states with such cards."""
    target = _Checking()
    for sc in load_all():
        if sc.message.editions and edition not in sc.message.editions:
            continue
        run_scenario(sc, edition, target)
        assert not target.stale, (sc.id, target.stale)
    if edition == "R15":
        assert target.outside_seen > 0


def test_random_games_carry_a_correct_outside_answer() -> None:
    """Along random games of R15 (each state made from the one before, as the engine carries
    its kept answers) the answer ``some_card_outside_zones`` gives is the fresh one, and the
    kept card ids are the game's (cards are created in these games)."""
    seen = {True: 0, False: 0}
    created = combined = 0
    for seed in range(40):
        game = play_random_game(seed, "R15")
        created += len(game.states[-1].cards) > len(game.states[0].cards)
        state = game.states[0]
        for action in game.actions:
            assert some_card_outside_zones(state) == _fresh(state)
            assert all(parts_of(state, top) == parts for top, parts in _fresh_parts(state).items())
            combined += bool(_fresh_parts(state))
            assert _kept_is_fresh(state)
            seen[_fresh(state)] += 1
            state = apply(state, action).state
    assert seen[False] > 0 and seen[True] > 0 and created > 0 and combined > 0
