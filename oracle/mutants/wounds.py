"""Engine mutants of wounds and what stops them (Броня, prevention, replacement, protection), of
the effects on lives (R15:504) and of deaths and their sources (R15:505), and of a permission
against a prohibition (R15:513.2)."""

from __future__ import annotations

from .mutant import Mutant

__all__ = ["WOUNDS"]

WOUNDS: tuple[Mutant, ...] = (
    Mutant(
        "armour_covers_every_wound",
        "R15:7.armour",
        "«Броня N» prevents the first N wounds of any kind in a turn, a spell's or an ability's that is no shot "
        "too, instead of those of strikes and shots only (INTERPRETING.md, entry 93)",
        "armour_strikes_and_shots_only",
    ),
    Mutant(
        "armour_never_renews",
        "R15:7.armour",
        "«Броня N» prevents N wounds once for the whole game: the wounds it prevented are not counted again from "
        "the start of each turn (INTERPRETING.md, entry 93)",
        "armour_per_turn",
    ),
    Mutant(
        "active_prevention_first",
        "R15:516.3",
        "the active player's numeric preventions are applied before the inactive player's, so a shared "
        "«Предотвратите следующие N ран» of the active player is used up first (INTERPRETING.md, entry 91)",
        "prevention_inactive_first",
    ),
    Mutant(
        "prevention_rest_lost",
        "R15:516.4",
        "a counted prevention «Предотвратите следующие N ран» used in part is used up: its unused rest is not "
        "kept for later wounds",
        "prevention_rest_kept",
    ),
    Mutant(
        "prevention_before_final_amount",
        "R15:516.2",
        "prevention applies to the wounds before their final amount is calculated: «Уязвимость» adds its wound "
        "after a «Предотвратите следующие N ран» took its share (INTERPRETING.md, entry 94)",
        "prevention_after_final_amount",
    ),
    Mutant(
        "payment_wounds_never_replaced",
        "R15:501.2.1",
        "the wounds of an ability's payment («Жажда») pass no replacement or prevention, so the ability is always "
        "carried out (the former reading of R15:517.2; INTERPRETING.md, entry 252)",
        "payment_wounds_replaced",
    ),
    Mutant(
        "one_replacement_per_wound",
        "R15:517.5",
        "only one replacement effect applies to the same wounds: a second «вместо этого … на 1 рану больше» "
        "or an «вместо этого усовершенствуйте его» does not apply to the result of the first (INTERPRETING.md, "
        "entry 90)",
        "replacement_of_a_replacement",
    ),
    Mutant(
        "optional_replacement_always_applies",
        "R15:517.3",
        "Курдаш «вы можете уничтожить Курдаша, при этом предотвратить получение ран …» applies to every wound of "
        "its controller's hero without asking him (INTERPRETING.md, entry 223)",
        "optional_replacement_asked",
    ),
    Mutant(
        "replacement_order_fixed",
        "R15:517.3",
        "when several replacement effects can apply to the same wounds, the engine applies them in a fixed order "
        "(the wounded card's own first, then its controller's other cards, then the opponent's, by uid) instead of "
        "asking the affected player which applies next (INTERPRETING.md, entries 89 and 242)",
        "replacement_order_chosen",
    ),
    Mutant(
        "wound_source_survives",
        "R15:119.4",
        "Курдаш prevents the wounds but the source of the wounds, a creature or a support card, is not destroyed "
        "(INTERPRETING.md, entry 223)",
        "wound_source_destroyed",
    ),
    Mutant(
        "spell_protection_stops_wounds",
        "R15:515.2",
        "«Защита от заклинаний» also keeps a spell's wounds off the card, those of a non-targeted spell included, "
        "as protection from other things does (R15:515.1), instead of only restricting its targets "
        "(INTERPRETING.md, entry 92)",
        "spell_protection_only_restricts_targets",
    ),
    Mutant(
        "opposite_life_effects_all_removed",
        "R15:504.5",
        "an effect of additional lives removes every effect of reduced lives on the card (and the reverse) and then "
        "goes on in full, instead of the two cancelling one life for one (INTERPRETING.md, entry 97)",
        "life_effects_cancel_one_for_one",
    ),
    Mutant(
        "life_set_keeps_wounds",
        "R15:504.6",
        "«сведение уровня жизней к Х» leaves the wounds on the card and only adds life effects, so the card keeps "
        "its wound markers (INTERPRETING.md, entry 99)",
        "life_set_replaces_wounds",
    ),
    Mutant(
        "death_source_ignored",
        "R15:505.1.1",
        "a trigger «при гибели от существа противника» fires on any death of the card, whatever destroyed it "
        "(INTERPRETING.md, entry 98)",
        "destruction_has_a_source",
    ),
    Mutant(
        "only_strikes_kill",
        "R15:505.1.1",
        "a card counts as «погибшая от существа» only when the creature's strike destroyed it, not its ability "
        "(INTERPRETING.md, entry 98)",
        "creature_abilities_kill",
    ),
    Mutant(
        "lifeless_creature_dies_at_once",
        "R15:512.6",
        "a creature of base life 0 is destroyed by R15:505.1 the moment it enters play, before its «Найм» can give "
        "it lives, instead of waiting for the Queue to empty (INTERPRETING.md, entry 99)",
        "lifeless_wait_for_an_empty_queue",
    ),
    Mutant(
        "permission_beats_prohibition",
        "R15:513.2",
        "Рывок (a permission to attack in the turn it came) lets a creature with «Не может атаковать» attack in "
        "that turn (INTERPRETING.md, entry 100)",
        "prohibition_beats_permission",
    ),
)
