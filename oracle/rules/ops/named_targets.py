"""A target named as its part is carried out (R15:116.1 «Если они разделены точкой с запятой или
точкой, то цели указываются поочередно по мере выполнения комбинированной способности»; R15:119.2
«в Очереди у этой способности заменяются цели»; INTERPRETING.md, entry 250): an effect with
``names_target`` (card key; Гару's «иначе можете ранить существо на 2») does not take its target
from the declaration.  When the resolution reaches it and the part is carried out, its
controller names one of the targets legal at that moment (R15:501.5: the restrictions matter when
the target is named), or none — the part is optional («можете», R15:119.5) — at step
``target_naming`` (:mod:`oracle.rules.resolution.pauses.naming`).  With no legal target there is
nothing to decide: the part names none and is not carried out."""

from __future__ import annotations

from itertools import combinations

from ...cards import Effect, TargetSpec
from ...model import HandChoice, QueueEntry, State
from ..queries.targeting import least_targets, target_candidates

__all__ = ["NAMING_RULE", "named_spec", "naming_choices", "pause_to_name"]

#: The rule a target named as its part is carried out comes from.
NAMING_RULE = "R15:116.1"


def named_spec(effect: Effect) -> TargetSpec:
    """The target spec an effect that names its target names (``names_target``)."""
    assert effect.names_target is not None, "an effect that names no target"
    return effect.names_target


def naming_choices(state: State, entry: QueueEntry, spec: TargetSpec) -> list[tuple[int, ...]]:
    """Every target list the controller of ``entry`` may name for ``spec`` now (R15:501.5: the
    target restrictions read at this moment, from his side): none first when the part is
    optional, then each legal list of ascending uids, fewest first."""
    cands = target_candidates(state, spec, entry.controller, entry.source)
    return [t for n in range(least_targets(state, spec), min(spec.max_count, len(cands)) + 1)
            for t in combinations(cands, n)]


def pause_to_name(state: State, entry: QueueEntry, index: int, effect: Effect) -> bool:
    """Effect ``index`` of the resolving ``entry`` names its target now: when the controller has
    a legal one to name (a real choice: it or none), the resolution waits for him at step
    ``target_naming`` (returns True); otherwise nothing is named."""
    if len(naming_choices(state, entry, named_spec(effect))) < 2:
        return False
    state.choosing_cards = HandChoice(entry, index, entry.controller, state.step)
    state.step = "target_naming"
    return True
