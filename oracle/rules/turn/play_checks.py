"""The checks of playing a card (R15:309.1, C 309.1; 501): the card, its mode and options, X,
the targets a spell chooses when played, the distribution of its wounds, the cost and what
refuses the play; each refusal cites the step of the play it breaks."""

from __future__ import annotations

from ...editions import cite_one
from ...model import Action, State, Violation
from ..queries.board import card_def
from ..queries.payment import (
    base_cost,
    cost_grows_with_x,
    cost_modifiers,
    final_cost,
)
from ..queries.targeting import first_target_choices, least_targets
from ..queries.timed_effects import play_refusal
from ..resolution.queue import (
    opponent_chooses,
)
from .costs import (
    least_amount,
    spell_chain_violations,
)
from .spells import (
    distribution_total,
    play_rule,
    spell_target_violations,
    target_ability,
    x_target_violations,
    x_targets,
)

__all__ = ["play_violations"]


def play_violations(
    state: State, action: Action, mods: list[tuple[str, int]] | None = None
) -> list[Violation]:
    """The checks of C:309.1's steps in edition C; in A and B those of the declaration and
    its payment (309.1, 501.1, 501.2, 501.4; INTERPRETING.md, entry 39).  ``mods``: the
    card's cost modifiers if already computed."""
    me = state.active
    p = state.players[me]
    uid = action.card
    if uid not in p.hand:
        return [Violation(cite_one(state, "309.1.1"), f"card {uid} is not in the active player's hand")]
    if state.player_effects:
        # «Противник не может разыгрывать карты в свой следующий ход» (R15:514.2, 521.1)
        refused = play_refusal(state, me)
        if refused is not None:
            return [refused]
    d = card_def(state, uid)
    out: list[Violation] = []
    if d.type == "hero":  # pragma: no cover - heroes are never in a hand
        return [Violation(cite_one(state, "309.1.1"), "a hero is not played")]
    # A/B: the declaration names the ability (501.1), a modal card's mode; the resources the
    # payment uses, X, Ярость or the alternative cost, are named with it (501.2).  Each rule
    # id is looked up only for a violation: most checked plays have none.
    if d.chain:  # a spell constructor names its chain of modes instead (R15:524.1)
        out.extend(spell_chain_violations(state, action, d))
    else:
        if action.values:
            # unused by any other play: refused as any unused field is (PROTOCOL.md 4.1)
            out.append(Violation(cite_one(state, "309.1"), "values name a spell constructor's chain; this card is none"))
        if d.modes:
            if not 0 <= action.mode < len(d.modes):
                out.append(Violation(play_rule(state, "309.1.3", "501.1"), f"choose a mode 0..{len(d.modes) - 1}"))
        elif action.mode != -1:
            out.append(Violation(play_rule(state, "309.1.3", "501.1"), "this card has no modes"))
    option = action.option
    if option:
        if option not in ("fury", "alt"):
            out.append(Violation(play_rule(state, "309.1.3", "501.2"), f"unknown play option {option!r}"))
        if option == "fury" and d.fury is None:
            out.append(Violation(play_rule(state, "309.1.3", "501.2"), "this card has no Ярость additional cost"))
        if option == "alt" and not d.alt_wound_own_hero:
            out.append(Violation(play_rule(state, "309.1.3", "501.2"), "this card has no alternative cost"))
    if d.x_cost:
        if action.x < 1:
            out.append(Violation("R15:106.1.2", "X must be at least 1 when the card is played"))
        elif action.x > 10 and not state.rules.x_uncapped:
            out.append(Violation(play_rule(state, "309.1.3", "501.2"), "X is at most 10"))
    elif action.x != 0 and (out or not x_targets(d, action.mode, option == "fury")):
        # but «Выберите Х …» of a spell: X declared with the play (INTERPRETING.md, entry 230)
        out.append(Violation(play_rule(state, "309.1.3", "501.2"), "this card has no X in its cost"))
    if out:
        return out
    fury = option == "fury"
    # A/B: the declaration names its targets (501.1), a play without them only its card
    if d.type != "spell":
        if action.targets or action.amounts:
            out.append(Violation(play_rule(state, "309.1.5", "501.1"), "only spells choose targets when played"))
    else:
        ta = target_ability(d, action.mode, fury)
        if ta is None:
            if action.targets:
                out.append(Violation(play_rule(state, "309.1.5", "501.1"), "this spell has no targets"))
        elif opponent_chooses(ta):
            # R15:118.1: the opponent names the targets once the card has moved (309.1 step 6);
            # with no legal target for him the card cannot be played (R15:502.9, entry 48)
            if action.targets:
                out.append(Violation("R15:118.1", "the opponent chooses this spell's target; play it without targets"))
            elif not first_target_choices(state, ta, me, uid, 1):  # whether there is one, not every one
                out.append(Violation("R15:502.9", "the opponent would have no legal target to choose"))
        elif ta.targets[0].x_count:
            out.extend(x_target_violations(state, action, ta))
        else:
            spec = ta.targets[0]
            n = len(action.targets)
            if len(set(action.targets)) != n or not least_targets(state, spec) <= n <= spec.max_count:
                out.append(Violation(play_rule(state, "309.1.5", "501.1"),
                                     f"choose {least_targets(state, spec)}..{spec.max_count} distinct targets"))
            if tuple(sorted(action.targets)) != action.targets:
                out.append(Violation(play_rule(state, "309.1.5", "501.1"), "targets must be listed in ascending order"))
            out.extend(spell_target_violations(state, spec, me, uid, action.targets))
        total = distribution_total(d, action.mode, fury, action.x)
        # A/B: the shares are declared with the targets (501.1) and add up to what the card
        # distributes; nothing gives each target at least one (INTERPRETING.md, entry 39)
        if total:
            dist_rule = play_rule(state, "309.1.6", "501.1")
            least = least_amount(state)
            if len(action.amounts) != len(action.targets):
                out.append(Violation(dist_rule, "give an amount for each target"))
            elif any(a < least for a in action.amounts):
                out.append(
                    Violation(dist_rule, "each target gets at least one" if least else "an amount cannot be negative")
                )
            elif sum(action.amounts) != total:
                out.append(Violation(dist_rule, f"the amounts must add up to {total}"))
        elif action.amounts:
            out.append(Violation(play_rule(state, "309.1.6", "501.1"), "this card distributes nothing"))
    # R15:212.3: a second support card of a class is not refused; when it enters play the
    # player's other support card of that class goes to the graveyard (zones.enter_play).
    if out:
        if not state.rules.play_steps:  # A/B: the declaration is refused; nothing had moved
            return out
        return [*out, Violation(cite_one(state, "309.1.7"), "the play is illegal and is rewound to before it began")]
    if not state.rules.payment_required:
        return out
    if mods is None:
        mods = cost_modifiers(state, me, uid)
    if option != "alt":
        cost = final_cost(state, me, uid, base_cost(d, action.x, fury), mods)
        if cost > p.coins_open:
            out.append(Violation(play_rule(state, "309.1.9", "501.2"),
                                 f"the final cost is {cost}, the player has {p.coins_open} open coins"))
            return out
    if d.x_cost and (option == "alt" or not cost_grows_with_x(mods)) and action.x > p.coins_open:
        # X is bounded only by what can be paid (INTERPRETING.md, entry 8): a payable cost
        # that grows with X bounds it already; where the cost does not, X counts coins
        out.append(Violation(play_rule(state, "309.1.9", "501.2"),
                             f"X = {action.x} cannot be paid: the player has {p.coins_open} open coins"))
    return out
