"""What a card played asks for (R15:309.1 steps 3–6; 501.1): the abilities of a spell in the mode
and with the Ярость it is played with, the ability whose targets it chooses, whether its X
counts targets, the legality of those targets and the wounds it distributes.  Read by the
play's checks, the legal plays and the play itself (:mod:`.main_stage`)."""

from __future__ import annotations

from dataclasses import replace

from ...cards import Ability, CardDef, TargetSpec
from ...editions import cite_one
from ...model import Action, State, Violation
from ..queries.targeting import SPELL_PROTECTION, target_groups, target_violation

__all__ = ["distribution_total", "play_rule", "spell_abilities", "spell_target_violations", "target_ability", "x_target_violations", "x_targets"]


def play_rule(state: State, c_step: str, ab_number: str) -> str:
    """The rule a check of the card play cites: C's step of 309.1 in editions C and R15 (whose
    309.1 has the steps, renumbered), the rule of A and B that requires the same check there
    (INTERPRETING.md, entry 39)."""
    return cite_one(state, c_step if state.rules.play_steps else ab_number)


def spell_abilities(d: CardDef, mode: int, fury: bool) -> list[tuple[int, int, Ability]]:
    """The spell abilities a play puts into the Queue, in order: (part, index, ability);
    part -1 is the card's abilities or chosen mode, -2 its fury abilities; none for a spell
    constructor, whose chain names its modes (:func:`_queue_spell`, R15:524.1)."""
    base = d.modes[mode] if d.modes and mode >= 0 else d.abilities
    out = [(-1, i, a) for i, a in enumerate(base)]
    if fury and d.fury is not None:
        out.extend((-2, i, a) for i, a in enumerate(d.fury.abilities))
    return out


def target_ability(d: CardDef, mode: int, fury: bool) -> Ability | None:
    for _, _, a in spell_abilities(d, mode, fury):
        if a.targets:
            return a
    return None


def x_targets(d: CardDef, mode: int, fury: bool) -> bool:
    """Whether the spell's targets are counted by an X the player declares with the play
    («Выберите Х ваших существ и Х существ противника»; INTERPRETING.md, entry 230)."""
    ta = target_ability(d, mode, fury)
    return ta is not None and ta.targets[0].x_count


def spell_target_violations(
    state: State, spec: TargetSpec, me: int, uid: int, targets: tuple[int, ...]
) -> list[Violation]:
    """Each of ``targets`` that is no legal target for ``spec`` (501.4); «Защита от
    заклинаний» is refused by its own rule (R15:515.2) and, being a restriction on the choice of
    a target, by the rule of such restrictions too (501.4; R15:501.5)."""
    out: list[Violation] = []
    for t in targets:
        why = target_violation(state, spec, me, uid, t)
        if why.endswith(f"({SPELL_PROTECTION})"):
            out.append(Violation(SPELL_PROTECTION, why))
            out.append(Violation(cite_one(state, "501.4"), f"card {t} is no legal target: «Защита от заклинаний» "
                                 "restricts the choice of the spell's controller"))
        elif why:
            out.append(Violation(cite_one(state, "501.4"), why))
    return out


def x_target_violations(state: State, action: Action, ta: Ability) -> list[Violation]:
    """«Выберите Х ваших существ и Х существ противника»: X is declared with the play, at least 1
    (R15:512.4; the ``ability_x_zero_allowed`` mutant lets 0 through); the targets are each
    group's X distinct cards, the groups one after the other, each ascending (R15:501.1); with
    fewer candidates than X in a group there is no such play, and with none no play at all
    (R15:502.9).  The ``x_groups_any_side`` mutant checks every target against the first group's
    kind of card only, whatever its side (INTERPRETING.md, entry 230)."""
    x = action.x
    if x < 1 and state.rules.ability_x_at_least_one:
        return [Violation("R15:512.4", f"X = {x}: «Выберите Х …» is not declared with X equal to 0")]
    me, uid = state.active, action.card
    rule = play_rule(state, "309.1.5", "501.1")
    n = len(action.targets)
    groups = target_groups(ta, action.targets)
    out: list[Violation] = []
    if len(set(action.targets)) != n or any(len(g) != x for _, g in groups):
        out.append(Violation(rule, f"«Выберите Х»: name exactly X = {x} distinct targets for each of the "
                             f"{len(groups)} groups, {x * len(groups)} in all"))
        return out
    if any(tuple(sorted(g)) != g for _, g in groups):
        out.append(Violation(rule, "targets are listed group after group, each group in ascending order"))
    for spec, g in groups:
        if not state.rules.x_groups_keep_their_sides:
            spec = replace(spec, side="any")
        out.extend(spell_target_violations(state, spec, me, uid, g))
    return out


def distribution_total(d: CardDef, mode: int, fury: bool, x: int) -> int:
    for _, _, a in spell_abilities(d, mode, fury):
        for e in a.effects:
            if e.op == "distribute_wounds":
                return x if e.amount == "X" else int(e.amount)
    return 0
