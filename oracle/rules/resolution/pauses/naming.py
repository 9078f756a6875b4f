"""Step ``target_naming``: the controller of a resolving ability names the target of its part
after «;» as that part is carried out (R15:116.1 «цели указываются поочередно по мере выполнения
комбинированной способности»; R15:119.2 «в Очереди у этой способности заменяются цели»;
INTERPRETING.md, entry 250).  Гару «…; иначе можете ранить существо на 2»: he has seen the top
card when he names the creature, and names none when a creature was shown (the part is not
carried out then, so nothing waits).

The waiting effect (``choosing_cards.effect``, card key ``names_target``,
:mod:`oracle.rules.ops.named_targets`) reads its legal targets at this moment (R15:501.5).  The
action ``name_target targets=T`` names one; ``name_target`` names none, which an optional part
(«можете», R15:119.5) allows: the part is then not carried out (for a later «при этом» /
«иначе», R15:119.4, 119.7).  A target named replaces the entry's targets, and the part and the
ability's later effects reach it.
"""

from __future__ import annotations

from dataclasses import replace

from ....cards import EffectAbility
from ....model import Action, Event, HandChoice, State, Violation
from ...ops.named_targets import NAMING_RULE, named_spec, naming_choices
from ...queries.board import ability_of
from ..queue import resolution_rules
from ..resume import GoOn, Pause, resume

__all__ = ["PAUSE", "check_name_target", "name_target_actions", "naming_chooser"]


def naming_chooser(state: State) -> int:
    """Who decides at step ``target_naming``: the controller of the resolving ability
    (``choosing_cards.player``)."""
    hc = state.choosing_cards
    assert hc is not None, "target_naming without choosing_cards"
    return hc.player


def _choices(state: State, hc: HandChoice) -> list[tuple[int, ...]]:
    """The target lists the waiting effect may name now (R15:501.5)."""
    return naming_choices(state, hc.entry, named_spec(ability_of(state, hc.entry).effects[hc.effect]))


def name_target_actions(state: State) -> list[Action]:
    """Every legal ``name_target``: none first (the part is optional), then each legal target."""
    hc = state.choosing_cards
    assert hc is not None
    return [Action("name_target", targets=t) for t in _choices(state, hc)]


def check_name_target(state: State, action: Action) -> list[Violation]:
    """Violations of a ``name_target``: one target at most (R15:116.1), and a legal one at this
    moment (R15:501.5: the target restrictions matter when it is named)."""
    hc = state.choosing_cards
    assert hc is not None
    choices = _choices(state, hc)
    if action.targets in choices:
        return []
    most = max(len(t) for t in choices)
    if len(action.targets) > most:
        return [Violation(NAMING_RULE, f"name at most {most} target(s) for this part, or none")]
    legal = ", ".join(str(t[0]) for t in choices if t)
    return [Violation("R15:501.5", f"{','.join(map(str, action.targets))} is not a legal target of this part now "
                      f"(legal: {legal}; or none)")]


def _name(state: State, hc: HandChoice, action: Action, ev: list[Event]) -> GoOn:
    """Carry out the naming (event ``target_named``): the game returns to the step it waited in;
    a target named becomes the entry's and the part is carried out on it, then the later effects
    (R15:119.2); none named: the part is not carried out and the later effects follow.  The
    ``target_named_before_the_parts`` mutant named it before the first part: all of them follow."""
    e = hc.entry
    rules = resolution_rules(state, e)
    state.choosing_cards = None
    state.step = hc.resume
    ev.append(Event("target_named", (*rules, NAMING_RULE),
                    (("player", hc.player), ("source", e.source), ("ability", e.ability),
                     ("targets", ",".join(map(str, action.targets))))))
    named = replace(e, targets=action.targets)
    if not state.rules.targets_named_as_carried_out:
        return GoOn(0, True, rules, entry=named)
    if not action.targets:
        return GoOn(hc.effect + 1, False, rules)
    effect = ability_of(state, e).effects[hc.effect]
    # the part waited after its «при этом» / «иначе» allowed it (R15:119.4, 119.7)
    return GoOn(hc.effect, effect.if_previous != "not_done", rules, entry=named)


def _inconsistency(state: State, hc: HandChoice, a: EffectAbility) -> tuple[str, str] | None:
    """What is wrong with a state waiting at step target_naming: the waiting effect names no
    target, the target is named already, the seat deciding is not the ability's controller, or
    he has nothing to decide (no legal target now: the part names none without a decision point;
    R15:116.1, 501.5; INTERPRETING.md, entry 250)."""
    if hc.effect >= len(a.effects) or a.effects[hc.effect].names_target is None:
        return "choosing_cards.effect", f"effect {hc.effect} of that ability names no target as it is carried out"
    if hc.entry.targets:
        return "choosing_cards.entry.targets", "the target this part names is not named yet: no targets"
    if hc.player != hc.entry.controller:
        return "choosing_cards.player", f"player {hc.entry.controller + 1}, the ability's controller, names the target"
    if len(_choices(state, hc)) < 2:
        return "choosing_cards.effect", "no legal target to name now: the part names none without a decision point"
    return None


PAUSE = Pause("target_naming", naming_chooser, name_target_actions, check_name_target, resume(_name), _inconsistency)
