"""The step agrees with the rest of the state (PROTOCOL.md 5.4, rules 8 and 9): the turn, the
fields each step requires and forbids (:data:`STEP_FIELDS`), the counters of a turn (nothing
before turn 1, R15:301.1), no character left with wounds of its life (R15:505.1, 604.1).

**Steps.**  Each step declares which fields it requires and which it forbids
(:data:`STEP_FIELDS`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..canonical_form import StateError
from ..cards import CardDef
from ..model import State
from ..steps import STEP_SPECS

__all__ = ["STEP_FIELDS", "StepFields"]


@dataclass(frozen=True, slots=True)
class StepFields:
    """What a step requires and forbids (PROTOCOL.md 5.4, rules 8 and 9).

    ``turn`` is "zero" (the setup stage), "from_one" or "any" (``game_over``).  ``requires``
    and ``forbids`` name fields that must be set / must be unset: ``first_player`` and
    ``roll_winner`` (≥ 0), ``winner`` (≥ 0), ``attack`` (present), ``queue`` and ``pending``
    (not empty), ``mulligan_declared`` (true for some player; refused as well at any step
    from turn 1, ``game_over`` included: the mulligans are taken before turn 1, 301.7).
    ``shuffled`` lists the values ``shuffled`` may have."""

    turn: str
    requires: frozenset[str]
    forbids: frozenset[str]
    shuffled: tuple[int, ...] = (0, 1, 2)


#: A player's counters of this turn (INTERPRETING.md, entry 59).
_TURN_COUNTS = ("drawn_this_turn", "played_this_turn", "creatures_played_this_turn", "creatures_healed_own_turn")

#: Per step: the fields it requires and forbids, from its declaration (:data:`oracle.steps.STEP_SPECS`).
STEP_FIELDS: dict[str, StepFields] = {
    s.name: StepFields(s.turn, frozenset(s.requires), frozenset(s.forbids), s.shuffled) for s in STEP_SPECS
}
#: The steps at which a pending choice of cards or of a payment is kept in ``choosing_cards``.
_CHOOSING_CARDS_STEPS = frozenset(s.name for s in STEP_SPECS if s.record == "choosing_cards")


def _is_set(state: State, name: str) -> bool:
    if name == "first_player":
        return state.first_player >= 0
    if name == "roll_winner":
        return state.roll_winner >= 0
    if name == "winner":
        return state.winner >= 0
    if name == "attack":
        return state.attack is not None
    if name == "queue":
        return bool(state.queue)
    if name == "pending":
        return bool(state.pending)
    if name == "mulligan_declared":
        return any(p.mulligan is not None for p in state.players)
    if name == "choosing":
        return state.choosing is not None
    if name == "choosing_cards":
        return state.choosing_cards is not None
    raise AssertionError(name)  # pragma: no cover


def _check_step(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rules 8 and 9: the step agrees with the rest (:data:`STEP_FIELDS`)."""
    step = state.step
    row = STEP_FIELDS[step]
    # the field a refusal names, per requirement (kept as the reference always named them)
    if _is_set(state, "winner") != ("winner" in row.requires):
        raise StateError("step", "step is game_over exactly when winner is set")
    if row.turn == "zero" and state.turn != 0:
        raise StateError("turn", "setup steps happen before turn 1")
    if row.turn == "zero":  # the setup stage is in no turn: nothing is counted (entry 59)
        for seat, p in enumerate(state.players):
            for key in _TURN_COUNTS:
                if getattr(p, key):
                    raise StateError(f"players[{seat}].{key}", "the setup stage is in no turn: nothing is drawn or "
                                     "played this turn before turn 1 (R15:301.1, 302.2)")
    if row.turn == "from_one" and state.turn < 1:
        raise StateError("turn", f"step {step} needs turn >= 1")
    if state.turn >= 1 and state.first_player < 0:
        raise StateError("first_player", "the first player is known once turns have begun")
    for name in ("first_player", "roll_winner"):
        if name in row.requires and not _is_set(state, name):
            raise StateError(name, f"{step} needs {name} (301.4)")
        if name in row.forbids and _is_set(state, name):
            raise StateError(name, f"{name} is not decided yet at {step} (301.4)")
    if state.shuffled not in row.shuffled:
        raise StateError("shuffled", f"at {step} shuffled is {' or '.join(map(str, row.shuffled))} (301.5), got {state.shuffled}")
    if "mulligan_declared" in row.forbids or state.turn >= 1:  # a finished game too, once turns began
        for seat, p in enumerate(state.players):
            if p.mulligan is not None:
                raise StateError(f"players[{seat}].mulligan_declared", f"a mulligan is declared only at setup_mulligan, not at {step} (301.7)")
    if "queue" in row.forbids and state.queue:
        raise StateError("step", f"step {step} cannot hold queue entries")
    if state.turn == 0 and state.delayed:
        raise StateError("delayed", f"no delayed ability exists at {step}: no effect has been carried out yet (R15:521)")
    if "pending" in row.forbids and state.pending:
        raise StateError("step", f"step {step} cannot hold pending triggers")
    if "pending" in row.requires and not state.pending:
        raise StateError("pending", f"at {step} the game waits only for a trigger declaration; none is pending")
    if "attack" in row.requires and state.attack is None:
        raise StateError("attack", f"step {step} needs an attack in progress")
    if "attack" in row.forbids and state.attack is not None:
        raise StateError("attack", f"step {step} cannot have an attack in progress")
    if "choosing" in row.forbids and state.choosing is not None:
        raise StateError("choosing", f"a target is chosen only at step target_choice, not at {step} (R15:118.1)")
    if "choosing" in row.requires and state.choosing is None:
        raise StateError("choosing", f"step {step} needs the ability whose target is chosen (R15:118.1)")
    if (state.attaching is not None) != (step == "module_choice"):
        raise StateError("attaching", "a Модуль creature waits for its player's decision exactly at step "
                         f"module_choice (R15:7.module); step {step}")
    if (state.choosing_cards is not None) != (step in _CHOOSING_CARDS_STEPS):
        raise StateError("choosing_cards", "hand cards are chosen exactly at step hand_choice, a searched deck "
                         "shuffled at step search_shuffle, a payment decided at step pay_choice, cards ordered at "
                         "step deck_order and a replacement of wounds decided at step wound_choice, which need the "
                         "resolving ability (R15:7.discard, R15:7.search, R15:119.7, R15:204.4 and R15:517.3); "
                         f"step {step}")
    players, cards = state.players, state.cards
    if step != "game_over":
        for seat, p in enumerate(players):
            for j, uid in enumerate((p.hero, *p.play)):
                c = cards[uid]
                reduced = any(m.target == uid and m.grants == "reduced_life" for m in state.modifiers)
                if not c.wounds and not reduced:
                    continue  # a creature of base life 0 untouched waits for R15:512.6 (entry 99)
                d = pool[c.card_id]
                # its life: printed plus its additional lives minus its reduced lives (entries 69, 97)
                life = d.life
                if any(o.attached_to == uid for o in cards.values()):  # a combined card's base life is the sum
                    life += sum(pool[o.card_id].life for o in cards.values() if o.attached_to == uid)
                if state.modifiers:
                    life += sum(m.amount if m.grants == "life" else -m.amount for m in state.modifiers
                                if m.target == uid and m.grants in ("life", "reduced_life"))
                    if any(m.target == uid and m.grants == "double_life" for m in state.modifiers):
                        from ..rules.queries.board import max_life  # doubled maximum lives (R15:523.1; entry 158)
                        life = max_life(state, uid)
                if d.type in ("hero", "creature") and life - c.wounds <= 0:
                    path = f"players[{seat}].hero" if j == 0 else f"players[{seat}].play[{j - 1}]"
                    raise StateError(path, f"card {uid} has {c.wounds} wounds and life {life}: "
                                     "it would already be destroyed or its player lost (R15:505.1, 604.1)")
