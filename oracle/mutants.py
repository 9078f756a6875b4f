"""Engine mutants: plausible mistakes of a third-party implementer, each tied to one rule.

A mutant is switched on by ``State.mutant`` (not part of the canonical state or its
fingerprint); the service sets it on every state it decodes when started with
``--mutant NAME``.  The conformance suite must catch every one of them.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MUTANTS", "Mutant"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """A named deliberate bug."""

    name: str
    rule: str
    description: str


MUTANTS: dict[str, Mutant] = {
    m.name: m
    for m in (
        Mutant("lifo_queue", "C:401.3", "the Queue resolves last in, first out"),
        Mutant("active_triggers_first", "C:402.1", "the active player's simultaneous triggers are declared first"),
        Mutant("first_player_draws", "C:304.2", "the first player draws on his first turn"),
        Mutant("no_coin_cap", "C:304.1", "a coin is gained in accumulation even with 10 or more"),
        Mutant("usage_markers_kept", "C:303.3", "«1 раз за ход» usage markers are never removed"),
        Mutant("cost_modifiers_wrong_order", "C:309.1.8", "decreases and divisions apply before increases and multiplications"),
        Mutant("attacker_stays_open", "C:307.3", "the attacker is not closed after the fight"),
        Mutant("mulligan_order_ignored", "C:301.7.1", "the second player declares his mulligan first"),
        Mutant("pass_keeps_optional", "C:401.7", "an optional trigger can still be declared after a pass"),
        Mutant("recheck_targets_at_resolution", "C:501.4", "target restrictions are checked again at resolution"),
        Mutant("payment_not_required", "C:501.2", "abilities and cards can be declared without enough resources"),
        Mutant("no_first_turn_weakness", "R15:108.5", "creatures act in the turn they entered play"),
        Mutant("until_end_of_turn_expires_early", "C:310.2", "«до конца хода» ends before the end-of-turn triggers resolve"),
        Mutant("lose_on_second_failed_draw", "C:304.2", "the second failed draw already loses the game"),
        Mutant("sequential_fight", "R15:510.1", "a creature destroyed by the attacker's strike does not strike back"),
        Mutant("defend_twice_per_turn", "R15:509.3", "a creature may defend more than once per turn"),
        Mutant("no_reroll_on_tie", "C:301.4", "a tied die roll is won by player 1 instead of rerolled"),
    )
}
