"""Activated abilities (R15:308; C 308): the checks of an activation (the ability, its
targets, X, its cost and the limits on its use), the legal activations of a constructor
(R15:524), and carrying an activation out up to the Queue (R15:308.1 steps 1–11)."""

from __future__ import annotations

from itertools import combinations

from ...cards import ActivatedAbility
from ...editions import activation_steps, cite, cite_one, r15_own
from ...model import Action, Event, QueueEntry, State, Violation
from ..mechanisms.attack import can_act
from ..mechanisms.basic_effects import close_card, wound
from ..mechanisms.zones import check_state
from ..ops.hand import discard_cards
from ..queries.board import abilities_lost, card_def, top_of
from ..queries.payment import (
    ability_cost_modifiers,
    ability_cost_violations,
    ability_final_cost,
    largest_ability_x,
    mentioned_cost,
    pay_coins,
    take_usage_marker,
)
from ..queries.targeting import first_target_choices, least_targets, target_violation
from ..resolution.queue import (
    ask_opponent,
    opponent_chooses,
    resolve_first,
)
from .costs import (
    ability_distribution_violations,
    ability_x_violations,
    chain_options,
    chain_violations,
    discard_count,
    discard_violations,
    thirst_targets,
)

__all__ = ["activate", "activate_violations", "constructor_actions"]


def activate_violations(state: State, action: Action) -> list[Violation]:
    """Checks for declaring an activated ability (308.1, 501.2, B:501.5, R15:114.2).  A part of
    a combined card declares its own ability as the combined card's (``card`` the part; its
    state, closing and controller the combined card's; INTERPRETING.md, entry 103)."""
    me = state.players[state.active]
    uid = action.card
    buried = uid in me.graveyard
    top = top_of(state, uid) if uid in state.cards else uid
    if top != uid and not state.rules.part_abilities_count:
        return [Violation(cite_one(state, "308.1"), f"card {uid} is a part of a combined card: its abilities "
                          "are not the combined card's (the mutant's reading)")]
    if top != me.hero and top not in me.play and not buried:
        return [Violation(cite_one(state, "308.1"), f"card {uid} is not the active player's card in play")]
    d = card_def(state, uid)
    a = d.abilities[action.ability] if 0 <= action.ability < len(d.abilities) else None
    if buried and not (isinstance(a, ActivatedAbility) and a.graveyard):
        # abilities do not work in the graveyard unless the card says so (R15 glossary
        # «Кладбище», R15:202.2; INTERPRETING.md, entry 157)
        return [Violation("R15:202.2", f"card {uid} is in the graveyard: no ability of it works there but one "
                          "that says «работает на кладбище»")]
    if not isinstance(a, ActivatedAbility):
        return [Violation(cite_one(state, "308.1"), f"card {uid} has no activated ability {action.ability}")]
    if not buried and abilities_lost(state, uid):
        # «теряет особенности»: the text printed on it no longer counts (INTERPRETING.md, entry 211)
        return [Violation("R15:7.losesabilities", f"card {uid} has lost its abilities: its printed ability "
                          f"{action.ability} does not work")]
    if a.graveyard and not buried and not state.rules.graveyard_ability_works_in_play:
        # the ``graveyard_ability_only_there`` mutant reads «работает на кладбище» as «only there»
        return [Violation("R15:202.2", f"ability {action.ability} of card {uid} works only in the graveyard")]
    if a.item:
        return [Violation(cite_one(state, "308.1"), f"ability {action.ability} of card {uid} is an option of a "
                          "constructor: it is declared only in a chain of that constructor (R15:524)")]
    out: list[Violation] = []
    if state.cards[top].hidden:
        out.append(Violation(cite_one(state, "304.3"), "a hidden card cannot use abilities; reveal it first"))
    if a.tap and not can_act(state, top):
        out.append(
            Violation("R15:108.5", "first-turn weakness: an ability with the tap icon is an action (501.5)")
        )
    out.extend(ability_cost_violations(state, uid, action.ability, a))
    if action.mode != -1 or action.option:
        out.append(Violation(cite_one(state, "501.1"), "an activated ability has no modes or play options"))
    if a.x_coins or action.x:  # (no X in the cost and none declared: nothing to check; speed only)
        out.extend(ability_x_violations(state, action, a))
    k = discard_count(state, a, action.x) if a.discard or a.discard_x else 0
    if a.options:
        # the cards a discard cost discards come first in values, then the chain (entry 240)
        if k:
            out.extend(discard_violations(state, action.values[:k], k))
        return _rewound(state, [*out, *chain_violations(state, action, a, action.values[k:])])
    if a.thirst:
        # «Жажда N»: the payment wounds another character of the controller (R15:501.4)
        if len(action.values) != 1 or action.values[0] not in thirst_targets(state, uid):
            # R15:501.4 is the 15th edition's own; the seed editions cite their payment rule
            rule = (r15_own(state, "R15:501.4") or cite(state, "501.2"))[0]
            out.append(Violation(rule, "«Жажда»: values names one other open or closed, not hidden character "
                                 "of the active player in play, whom the payment wounds"))
    elif not k and action.values:
        out.append(Violation(cite_one(state, "501.1"), "this ability's cost discards no card: give no values"))
    elif k:
        out.extend(discard_violations(state, action.values, k))
    if opponent_chooses(a):
        # R15:118.1: the opponent chooses the target once the ability is declared and paid;
        # with no legal target for him the ability cannot be declared (R15:502.9, entry 48)
        if action.targets:
            out.append(Violation("R15:118.1", "the opponent chooses this ability's target after the declaration; "
                                 "declare it without targets"))
        elif not first_target_choices(state, a, state.active, uid, 1):  # whether there is one, not every one
            out.append(Violation("R15:502.9", "the opponent would have no legal target to choose: "
                                 "the ability cannot be declared"))
    elif a.targets:
        spec = a.targets[0]
        n = len(action.targets)
        if len(set(action.targets)) != n or not least_targets(state, spec) <= n <= spec.max_count:
            out.append(Violation(cite_one(state, "501.1"), f"choose {least_targets(state, spec)}..{spec.max_count} distinct targets"))
        elif spec.x_count and n != action.x:
            # «Х персонажей»: as many as the X declared for the cost (R15:308.1 step 3; entry 192)
            out.append(Violation(cite_one(state, "501.1"), f"«Х персонажей»: name exactly X = {action.x} targets"))
        if tuple(sorted(action.targets)) != action.targets:
            out.append(Violation(cite_one(state, "501.1"), "targets must be listed in ascending order"))
        for t in action.targets:
            why = target_violation(state, spec, state.active, uid, t)
            if why:
                out.append(Violation(cite_one(state, "501.4"), why))
            elif spec.cost_x and (mentioned_cost(state, t) != action.x if state.rules.target_cost_x_exact
                                  else mentioned_cost(state, t) > action.x):  # the ``target_cost_x_at_most`` mutant
                # «механизм стоимостью (Х)»: the X declared is the target's cost (INTERPRETING.md, entry 201)
                out.append(Violation(cite_one(state, "501.4"), f"card {t} does not cost X = {action.x}"))
    elif action.targets:
        out.append(Violation(cite_one(state, "501.1"), "this ability has no targets"))
    out.extend(ability_distribution_violations(state, action, a))
    return _rewound(state, out)


def _pay_thirst(state: State, uid: int, target: int, n: int, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """«Жажда N»: the payment wounds the character ``target`` with the card as the source
    (R15 glossary «Жажда Х», R15:501.4); the wounds pass the effect-change step (R15:508.4.2):
    whether they were put on as paid (R15:501.2.1; INTERPRETING.md, entry 252: the
    ``payment_wounds_never_replaced`` mutant lets nothing change them, the former reading)."""
    if not state.rules.payment_wounds_replaced:
        wound(state, target, n, ev, rules, source=uid, payment=True)
        return True
    return wound(state, target, n, ev, rules, source=uid, ability_payment=True)


def _rewound(state: State, out: list[Violation]) -> list[Violation]:
    """The violations of a declaration that was announced (its card and ability exist and may
    act), with, in an edition of numbered activation steps, the legality check that finds the
    ability illegal and returns the game to before its announcement (R15:308.1 step 7; as a
    card's play cites its own step, 309.1.7/R15:309.1.8)."""
    if out and state.rules.activation_steps:
        return [*out, Violation(activation_steps(state, 7)[0], "the declared ability is illegal: the game "
                                "returns to before its announcement (step 1)")]
    return out


def constructor_actions(state: State, uid: int, i: int, ab: ActivatedAbility) -> list[Action]:
    """Every legal declaration of the constructor ``ab`` (ability ``i`` of ``uid``): each X from 1
    to the largest payable one with a cost «(Х)» (at most the hand's cards when it discards X,
    entry 240), each set of cards its cost discards (ascending), each legal chain (R15:524)."""
    hand = sorted(set(state.players[state.active].hand))
    xs: range | tuple[int, ...] = (0,)
    if ab.x_coins:  # R15:308.1 step 3, 512.4; entries 8, 120, 240
        top = largest_ability_x(state, uid, ab)
        bounded = ab.discard_x and state.rules.discard_cost_needs_the_cards
        xs = range(1, (min(top, len(hand)) if bounded else top) + 1)
    out: list[Action] = []
    for x in xs:
        chains = chain_options(state, uid, ab, x)
        for paid in combinations(hand, discard_count(state, ab, x)):
            for values, targets in chains:
                a = Action("activate", card=uid, ability=i, targets=targets, values=(*paid, *values), x=x)
                if not activate_violations(state, a):
                    out.append(a)
    return out


def activate(state: State, action: Action, ev: list[Event]) -> None:
    """Declare and pay an activated ability, which enters the Queue (308.1, 501.1, 501.2;
    in R15 308.1's steps 1, 5, 7 and 8) and resolves at once if nothing is pending."""
    uid = action.card
    a = card_def(state, uid).abilities[action.ability]
    assert isinstance(a, ActivatedAbility)  # checked (activate_violations)
    mods = ability_cost_modifiers(state, uid)
    cost = ability_final_cost(state, uid, a, action.x, mods)
    pay = (*cite(state, "501.2"), *activation_steps(state, 8))
    steps = [1]
    if a.x_coins:
        steps.append(3)  # X announced (R15:308.1 step 3)
    if mods:
        steps += [2, 4]  # the base cost and the modifiers applied to it (R15:308.1 steps 2, 4)
    if action.targets:
        steps.append(5)
    if action.amounts:
        steps.append(6)
    steps.append(7)
    data: tuple[tuple[str, int | str], ...] = (
        ("source", uid), ("ability", action.ability), ("targets", ",".join(map(str, action.targets))))
    if a.x_coins:
        data = (*data, ("x", action.x))
    ev.append(Event("ability_declared", (*cite(state, "306.1", "308.1", "501.1"), *activation_steps(state, *sorted(steps))),
                    data))
    take_usage_marker(state, uid, action.ability, a)  # a part's marker on the part (entry 103)
    if a.tap:
        close_card(state, top_of(state, uid), ev, pay)  # a part's closes its combined card
    pay_coins(state, state.active, cost, ev, pay)
    whole = True
    if a.thirst:  # «Жажда N»: a payment with a source and a target (R15:501.4)
        whole = _pay_thirst(state, uid, action.values[0], a.thirst, ev, (*pay, *r15_own(state, "R15:501.4")))
        check_state(state, ev)  # a hero killed by his own payment loses at once (R15:604.1)
        if state.winner >= 0:
            return
    k = discard_count(state, a, action.x)
    if k:  # «Сбросьте карту:», «сбросьте Х карт» as the cost (R15:7.discard, 114.1, 114.3; entries 75, 240)
        discard_cards(state, state.active, action.values[:k], ev, pay)
    if not whole:
        # R15:501.2.1: a replacement or a prevention changed the payment: paid, but not carried out
        ev.append(Event("ability_not_carried_out", cite(state, "501.2.1"), (("source", uid), ("ability", action.ability))))
        state.step = "ability_queue"
        return
    if a.options:
        # R15:524.1, 524.2: each ability of the chain goes into the Queue, in the player's order
        # options without a target (entry 163) go in with none
        links = action.values[k:]
        chain = list(zip(links, action.targets or (0,) * len(links), strict=True))
        if not state.rules.chain_in_players_order:
            chain.sort(key=lambda kt: kt[0])  # the mutant: the options' printed order
        state.queue.extend(QueueEntry("activated", state.active, uid, a.options[k], targets=(t,) if t else (),
                                      x=action.x) for k, t in chain)
        ev.append(Event("chain_declared", ("R15:524.1" if a.repeat or a.repeat_x else "R15:524.2", "R15:524.3"),
                        (("source", uid), ("abilities", ",".join(str(a.options[k]) for k, _ in chain)))))
        state.step = "ability_queue"
        resolve_first(state, ev)
        return
    entry = QueueEntry("activated", state.active, uid, action.ability, targets=action.targets, amounts=action.amounts,
                       x=action.x)
    state.step = "ability_queue"
    if opponent_chooses(a):  # R15:118.1: the opponent chooses the target first (entry 48)
        ask_opponent(state, entry)
        return
    state.queue.append(entry)
    resolve_first(state, ev)
