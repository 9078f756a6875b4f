"""The cost of the questions asked on every ``apply`` and in the validator: whether a pending
trigger can be declared at all (401.7, 501.2; R15:502.9), whether it has exactly one
declaration (INTERPRETING.md, entry 5), whether a target choice waits (R15:118.1).  Each is
answered from the first one or two target lists, never by listing every one: a pending
«Найм» of «Тест-залп найма» («до пяти разных персонажей») among 125 characters has some
240 million lists.

The cost is counted, not timed: ``itertools.combinations`` as the targeting module sees it is
wrapped so that it counts the tuples it yields and gives up past a budget (a wall-clock bound
is only a backstop).  A Hypothesis property checks that the lazy answers are the answers the
full lists give, for random game states of every edition.
"""

from __future__ import annotations

import functools
import itertools
import random
import time
from collections.abc import Callable, Iterable, Iterator
from math import comb
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oracle.rules.queries.targeting as targeting
import oracle.rules.resolution.queue as queue_rules
from oracle import Action, State, apply, check, fingerprint, to_dict
from oracle.cards import Ability, load_pool
from oracle.editions import EDITIONS
from oracle.engine import QUEUE_STEPS, legal_actions
from oracle.model import Card, PendingTrigger
from oracle.rules.queries.board import ability_of, characters_in_play
from oracle.rules.queries.targeting import (
    first_target_choices,
    iter_target_choices,
    least_targets,
    target_candidates,
    target_choices,
)
from oracle.rules.resolution.queue import (
    can_declare_or_pass,
    declared_targets,
    first_declared_targets,
    only_choice,
    target_choice_waits,
    trigger_actions,
)
from oracle.sampler import play_random_game
from oracle.validate import validate

#: The multi-target ability of the crafted state: «Найм: Ранить до пяти разных персонажей».
VOLLEY = "test_zalp_nayma"
#: A vanilla creature to fill the play zone with.
FILLER = "legat_akkenii"
#: The target tuples a lazy answer may make: two per question, a handful of questions.
WORK_BOUND = 20
#: Past this many tuples the wrapped ``combinations`` gives up (the old code made ~10⁸).
BUDGET = 10_000
T = TypeVar("T")

#: The wall-clock backstop for one call on the crafted state (seconds).
BACKSTOP = 2.0


class TooMuchWork(Exception):
    """The enumeration went past :data:`BUDGET` tuples."""


class Counter:
    """``itertools.combinations`` that counts every tuple it yields, as the targeting module
    sees it (``monkeypatch``-ed into :mod:`oracle.rules.queries.targeting`)."""

    def __init__(self) -> None:
        self.made = 0

    def __call__(self, items: Iterable[int], n: int) -> Iterator[tuple[int, ...]]:
        for combo in itertools.combinations(items, n):
            self.made += 1
            if self.made > BUDGET:
                raise TooMuchWork(f"more than {BUDGET} target tuples made")
            yield combo


@pytest.fixture
def big() -> State:
    """The crafted state of :func:`crafted` with 120 more creatures."""
    return crafted(120)


@pytest.fixture
def counter(big: State, monkeypatch: pytest.MonkeyPatch) -> Counter:
    """The counting ``combinations``, installed once :func:`big` is built (the random game
    it comes from lists legal actions)."""
    c = Counter()
    monkeypatch.setattr(targeting, "combinations", c)
    return c


@functools.cache
def _base(edition: str = "R15", seed: int = 1) -> State:
    """A choice-phase state of a real random game (turn 2 or later, nothing pending)."""
    for s in play_random_game(seed, edition, max_actions=300).states:
        if s.step == "choice" and s.turn >= 2 and s.winner < 0 and not s.pending and not s.queue:
            return s
    raise AssertionError(f"game {seed} ({edition}) has no choice phase after turn 1")  # pragma: no cover


def crafted(creatures: int, edition: str = "R15", seed: int = 1, volleys: int = 2) -> State:
    """The state of the attack on the server: at a Queue step (``ability_queue``, R15:308.2),
    ``volleys`` pending «Найм» triggers of «Тест-залп найма» of the active player, and
    ``creatures`` more vanilla creatures in play, half on each side (R15:519.5: each in its
    owner's play list)."""
    s = _base(edition, seed).copy()  # (the cached state itself is never changed)
    uid = max(s.cards) + 1
    me = s.active
    for k in range(volleys + creatures):
        seat = me if k < volleys else k % 2
        s.cards[uid] = Card(uid, VOLLEY if k < volleys else FILLER, seat, entered_turn=s.turn)
        s.players[seat].play.append(uid)
        if k < volleys:
            s.pending.append(PendingTrigger(s.next_trigger_id, me, uid, 0, subject=uid))
            s.next_trigger_id += 1
        uid += 1
    s.step = "ability_queue"
    s._ids = None  # the card ids of the game changed (a speed cache, not the state)
    return s


def _declaration(state: State) -> Action:
    """A legal declaration of the first pending «Найм»: five of its candidates."""
    t = state.pending[0]
    spec = ability_of(state, t).targets[0]
    return Action("declare", trigger=t.id, targets=tuple(target_candidates(state, spec, t.controller, t.source)[:5]))


def _timed(fn: Callable[..., T], *args: object) -> T:
    """``fn(*args)``, within the backstop :data:`BACKSTOP`."""
    start = time.perf_counter()
    out = fn(*args)
    assert time.perf_counter() - start < BACKSTOP
    return out


# --- the crafted state ----------------------------------------------------------------


def test_crafted_state_is_valid_and_combinatorial() -> None:
    """The construction gives a valid state (checked on a small one, where the old validator
    is cheap too), and the large one has ≥ 100 candidates and ~10⁸ target lists."""
    validate(crafted(6))
    s = crafted(120)
    t = s.pending[0]
    a = ability_of(s, t)
    cands = target_candidates(s, a.targets[0], t.controller, t.source)
    assert len(cands) >= 100 and a.targets[0].max_count == 5
    assert sum(comb(len(cands), n) for n in range(least_targets(s, a.targets[0]), 6)) > 10**8


def test_validate_is_cheap(big: State, counter: Counter) -> None:
    """401.7, 501.2: the validator asks only whether the decider can declare or pass."""
    s = big
    _timed(validate, s)
    assert counter.made <= WORK_BOUND


def test_can_declare_or_pass_is_cheap(big: State, counter: Counter) -> None:
    """401.7, 501.2: whether the deciding player has a declare or pass, from the first one."""
    s = big
    assert _timed(can_declare_or_pass, s)
    assert counter.made <= WORK_BOUND


def test_check_and_apply_are_cheap(big: State, counter: Counter) -> None:
    """A declaration is checked (501.1, 501.4) and applied; the other «Найм» left pending is
    settled (kept: it has more than one declaration) from its first two target lists."""
    s = big
    action = _declaration(s)
    assert _timed(check, s, action) == []
    out = _timed(apply, s, action)
    assert counter.made <= WORK_BOUND
    # the declared «Найм» resolved; the other waits for its controller's declaration
    assert [e.kind for e in out.events][:1] == ["declared"]
    assert len(out.state.pending) == 1 and out.state.step in QUEUE_STEPS
    assert _timed(can_declare_or_pass, out.state)
    assert counter.made <= 2 * WORK_BOUND


def test_first_target_choices_is_cheap(big: State, counter: Counter) -> None:
    """Whether there is a target list, and whether exactly one (R15:502.9; entry 5)."""
    s = big
    t = s.pending[0]
    a = ability_of(s, t)
    assert len(first_target_choices(s, a, t.controller, t.source, 2)) == 2
    assert len(first_declared_targets(s, a, t.controller, t.source, 2)) == 2
    assert counter.made <= WORK_BOUND


# --- the lazy answers are the full lists' ---------------------------------------------


def _reference_choices(state: State, ability: Ability, controller: int, source: int) -> list[tuple[int, ...]]:
    """The target lists as the engine listed them before they were made lazily (501.1,
    501.4; «Выберите Х ваших существ и Х существ противника»: INTERPRETING.md, entry 230)."""
    if not ability.targets:
        return [()]
    if len(ability.targets) > 1:
        cands = [target_candidates(state, spec, controller, source) for spec in ability.targets]
        out: list[tuple[int, ...]] = []
        for n in range(1, min(len(c) for c in cands) + 1):
            for parts in itertools.product(*(itertools.combinations(c, n) for c in cands)):
                flat = tuple(t for part in parts for t in part)
                if len(set(flat)) == len(flat):
                    out.append(flat)
        return out
    spec = ability.targets[0]
    cands = target_candidates(state, spec, controller, source)
    return [c for n in range(least_targets(state, spec), min(spec.max_count, len(cands)) + 1)
            for c in itertools.combinations(cands, n)]


_POOL = load_pool().cards
#: Every targeted ability of the pool (the group form of «Бардак» among them), by card.
_TARGETED = sorted((cid, i) for cid, d in _POOL.items() for i, a in enumerate(d.abilities) if a.targets)
#: The multi-target and opponent-chosen abilities, checked on every sampled state.
_WIDE = [(cid, i) for cid, i in _TARGETED
         if len(_POOL[cid].abilities[i].targets) > 1 or _POOL[cid].abilities[i].targets[0].max_count > 1
         or _POOL[cid].abilities[i].targets[0].chooser == "opponent"]


def _check_targets(state: State, ability: Ability, controller: int, source: int) -> None:
    full = target_choices(state, ability, controller, source)
    assert full == _reference_choices(state, ability, controller, source)
    assert list(iter_target_choices(state, ability, controller, source)) == full
    declared = declared_targets(state, ability, controller, source)
    for k in (1, 2, 3):
        assert first_target_choices(state, ability, controller, source, k) == full[:k]
        assert first_declared_targets(state, ability, controller, source, k) == declared[:k]


def _check_state(state: State, rng: random.Random) -> None:
    """Every lazy answer on ``state`` equals the answer of the full lists."""
    if state.step in QUEUE_STEPS or state.pending:
        assert can_declare_or_pass(state) == bool(trigger_actions(state))
    for t in state.pending:
        a = ability_of(state, t)
        _check_targets(state, a, t.controller, t.source)
    if state.step == "target_choice" and state.choosing is not None:
        e = state.choosing.entry
        full = target_choices(state, ability_of(state, e), e.controller, e.source)
        assert target_choice_waits(state) == (len(full) >= 2)
        assert only_choice(state) == (full[0] if full else ())
    play = sorted(characters_in_play(state))
    if not play:
        return
    picks = [*_WIDE, *rng.sample(_TARGETED, min(4, len(_TARGETED)))]
    for cid, i in picks:
        source = rng.choice(play)
        _check_targets(state, _POOL[cid].abilities[i], rng.randrange(2), source)


def _with_volleys(state: State, rng: random.Random) -> State:
    """``state`` with a few more creatures in play and two pending «Найм» of «Тест-залп найма»
    at a Queue step (as :func:`crafted`), when it is a choice phase; else ``state``."""
    if state.step != "choice" or state.pending or state.queue or state.winner >= 0:
        return state
    s = state.copy()
    uid = max(s.cards) + 1
    for k in range(2 + rng.randrange(6)):
        seat = s.active if k < 2 else rng.randrange(2)
        s.cards[uid] = Card(uid, VOLLEY if k < 2 else FILLER, seat, entered_turn=s.turn)
        s.players[seat].play.append(uid)
        if k < 2:
            s.pending.append(PendingTrigger(s.next_trigger_id, s.active, uid, 0, subject=uid))
            s.next_trigger_id += 1
        uid += 1
    s.step = "ability_queue"
    s._ids = None
    validate(s)
    return s


def _eager_first(state: State, a: Ability, controller: int, source: int, k: int = 2) -> list[tuple[int, ...]]:
    return declared_targets(state, a, controller, source)  # every list: what settle_triggers saw before


@given(seed=st.integers(0, 2**31 - 1), edition=st.sampled_from(EDITIONS), picks=st.randoms(use_true_random=False))
@settings(max_examples=24, deadline=None, database=None, suppress_health_check=list(HealthCheck))
def test_lazy_answers_equal_full_lists(seed: int, edition: str, picks: random.Random) -> None:
    """For states of random games of every edition (and the same with pending «Найм» of
    several targets), the lazy answers — whether a trigger can be declared or passed (401.7,
    501.2), its first target lists, whether a target choice waits (R15:118.1) — are those of
    the full lists, in the same order; and an ``apply`` at a crafted Queue step gives the same
    next state and events as with every target list made (settle_triggers, entry 5)."""
    game = play_random_game(seed, edition, max_actions=120)
    for state in picks.sample(game.states, min(6, len(game.states))):
        _check_state(state, picks)
        volleys = _with_volleys(state, picks)
        if volleys is state:
            continue
        _check_state(volleys, picks)
        actions = legal_actions(volleys)
        for action in picks.sample(actions, min(3, len(actions))):
            lazy = apply(volleys, action)
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(queue_rules, "first_declared_targets", _eager_first)
                eager = apply(volleys, action)
            assert lazy.events == eager.events
            assert fingerprint(lazy.state) == fingerprint(eager.state)
            assert to_dict(lazy.state) == to_dict(eager.state)
