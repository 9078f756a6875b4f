"""The main stage (305–309): the choice phase, activated abilities and playing cards.

Choosing a phase and declaring what is done in it are one decision here: ``attack``,
``activate`` and ``play`` enter their phase and declare at once, ``end_turn`` passes the
turn (306.1; INTERPRETING.md, entry 4).  Strike attacks live in :mod:`oracle.rules.mechanisms.attack`.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, product

from ...cards import Ability, ActivatedAbility, CardDef, TargetSpec
from ...editions import activation_steps, cite, cite_one, r15_own
from ...model import RESOLUTION_PAUSES, Action, Event, ModuleChoice, QueueEntry, State, Violation
from ..mechanisms.attack import attack_violations, bound_to_attack, can_act, declare_attack, frenzy_violation
from ..mechanisms.basic_effects import close_card, wound
from ..mechanisms.modules import ask_module, needs_module_choice
from ..mechanisms.triggers import fire
from ..mechanisms.zones import check_state, enter_play
from ..ops.hand import discard_cards
from ..queries.board import abilities_lost, card_def, game_has, ids_with_graveyard_abilities
from ..queries.payment import (
    BoardStatic,
    ability_cost_modifiers,
    ability_cost_violations,
    ability_final_cost,
    base_cost,
    board_cost_statics,
    cost_grows_with_x,
    cost_modifiers,
    final_cost,
    largest_ability_x,
    largest_x,
    mentioned_cost,
    pay_coins,
    take_usage_marker,
)
from ..queries.targeting import SPELL_PROTECTION, first_target_choices, least_targets, target_groups, target_violation
from ..queries.timed_effects import play_refusal
from ..resolution.cancellation import offer_cancellation
from ..resolution.queue import (
    ask_opponent,
    chain_order,
    declared_targets,
    opponent_chooses,
    resolve_first,
)
from .costs import (
    ability_distribution_total,
    ability_distribution_violations,
    ability_x_violations,
    chain_options,
    chain_violations,
    discard_count,
    discard_violations,
    least_amount,
    spell_chain_violations,
    thirst_targets,
)
from .end_turn import begin_end_of_turn

__all__ = [
    "apply_choice_action",
    "check_choice_action",
    "choice_actions",
    "continue_play",
    "resume_play",
    "spell_abilities",
]


def spell_abilities(d: CardDef, mode: int, fury: bool) -> list[tuple[int, int, Ability]]:
    """The spell abilities a play puts into the Queue, in order: (part, index, ability);
    part -1 is the card's abilities or chosen mode, -2 its fury abilities; none for a spell
    constructor, whose chain names its modes (:func:`_queue_spell`, R15:524.1)."""
    base = d.modes[mode] if d.modes and mode >= 0 else d.abilities
    out = [(-1, i, a) for i, a in enumerate(base)]
    if fury and d.fury is not None:
        out.extend((-2, i, a) for i, a in enumerate(d.fury.abilities))
    return out


def _target_ability(d: CardDef, mode: int, fury: bool) -> Ability | None:
    for _, _, a in spell_abilities(d, mode, fury):
        if a.targets:
            return a
    return None


def _x_targets(d: CardDef, mode: int, fury: bool) -> bool:
    """Whether the spell's targets are counted by an X the player declares with the play
    («Выберите Х ваших существ и Х существ противника»; INTERPRETING.md, entry 230)."""
    ta = _target_ability(d, mode, fury)
    return ta is not None and ta.targets[0].x_count


def _spell_target_violations(
    state: State, spec: TargetSpec, me: int, uid: int, targets: tuple[int, ...]
) -> list[Violation]:
    """Each of ``targets`` that is no legal target for ``spec`` (501.4); «Защита от
    заклинаний» is refused by its own rule (R15:515.2)."""
    out: list[Violation] = []
    for t in targets:
        why = target_violation(state, spec, me, uid, t)
        if why:
            out.append(Violation(SPELL_PROTECTION if why.endswith(f"({SPELL_PROTECTION})")
                                 else cite_one(state, "501.4"), why))
    return out


def _x_target_violations(state: State, action: Action, ta: Ability) -> list[Violation]:
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
    rule = _rule(state, "309.1.5", "501.1")
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
        out.extend(_spell_target_violations(state, spec, me, uid, g))
    return out


def _distribution_total(d: CardDef, mode: int, fury: bool, x: int) -> int:
    for _, _, a in spell_abilities(d, mode, fury):
        for e in a.effects:
            if e.op == "distribute_wounds":
                return x if e.amount == "X" else int(e.amount)
    return 0


# --- checks -------------------------------------------------------------------------


def _rule(state: State, c_step: str, ab_number: str) -> str:
    """The rule a check of the card play cites: C's step of 309.1 in editions C and R15 (whose
    309.1 has the steps, renumbered), the rule of A and B that requires the same check there
    (INTERPRETING.md, entry 39)."""
    return cite_one(state, c_step if state.rules.play_steps else ab_number)


def _play_violations(
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
                out.append(Violation(_rule(state, "309.1.3", "501.1"), f"choose a mode 0..{len(d.modes) - 1}"))
        elif action.mode != -1:
            out.append(Violation(_rule(state, "309.1.3", "501.1"), "this card has no modes"))
    option = action.option
    if option:
        if option not in ("fury", "alt"):
            out.append(Violation(_rule(state, "309.1.3", "501.2"), f"unknown play option {option!r}"))
        if option == "fury" and d.fury is None:
            out.append(Violation(_rule(state, "309.1.3", "501.2"), "this card has no Ярость additional cost"))
        if option == "alt" and not d.alt_wound_own_hero:
            out.append(Violation(_rule(state, "309.1.3", "501.2"), "this card has no alternative cost"))
    if d.x_cost:
        if action.x < 1:
            out.append(Violation("R15:106.1.2", "X must be at least 1 when the card is played"))
        elif action.x > 10 and not state.rules.x_uncapped:
            out.append(Violation(_rule(state, "309.1.3", "501.2"), "X is at most 10"))
    elif action.x != 0 and (out or not _x_targets(d, action.mode, option == "fury")):
        # but «Выберите Х …» of a spell: X declared with the play (INTERPRETING.md, entry 230)
        out.append(Violation(_rule(state, "309.1.3", "501.2"), "this card has no X in its cost"))
    if out:
        return out
    fury = option == "fury"
    # A/B: the declaration names its targets (501.1), a play without them only its card
    if d.type != "spell":
        if action.targets or action.amounts:
            out.append(Violation(_rule(state, "309.1.5", "501.1"), "only spells choose targets when played"))
    else:
        ta = _target_ability(d, action.mode, fury)
        if ta is None:
            if action.targets:
                out.append(Violation(_rule(state, "309.1.5", "501.1"), "this spell has no targets"))
        elif opponent_chooses(ta):
            # R15:118.1: the opponent names the targets once the card has moved (309.1 step 6);
            # with no legal target for him the card cannot be played (R15:502.9, entry 48)
            if action.targets:
                out.append(Violation("R15:118.1", "the opponent chooses this spell's target; play it without targets"))
            elif not first_target_choices(state, ta, me, uid, 1):  # whether there is one, not every one
                out.append(Violation("R15:502.9", "the opponent would have no legal target to choose"))
        elif ta.targets[0].x_count:
            out.extend(_x_target_violations(state, action, ta))
        else:
            spec = ta.targets[0]
            n = len(action.targets)
            if len(set(action.targets)) != n or not least_targets(state, spec) <= n <= spec.max_count:
                out.append(Violation(_rule(state, "309.1.5", "501.1"),
                                     f"choose {least_targets(state, spec)}..{spec.max_count} distinct targets"))
            if tuple(sorted(action.targets)) != action.targets:
                out.append(Violation(_rule(state, "309.1.5", "501.1"), "targets must be listed in ascending order"))
            out.extend(_spell_target_violations(state, spec, me, uid, action.targets))
        total = _distribution_total(d, action.mode, fury, action.x)
        # A/B: the shares are declared with the targets (501.1) and add up to what the card
        # distributes; nothing gives each target at least one (INTERPRETING.md, entry 39)
        if total:
            dist_rule = _rule(state, "309.1.6", "501.1")
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
            out.append(Violation(_rule(state, "309.1.6", "501.1"), "this card distributes nothing"))
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
            out.append(Violation(_rule(state, "309.1.9", "501.2"),
                                 f"the final cost is {cost}, the player has {p.coins_open} open coins"))
            return out
    if d.x_cost and (option == "alt" or not cost_grows_with_x(mods)) and action.x > p.coins_open:
        # X is bounded only by what can be paid (INTERPRETING.md, entry 8): a payable cost
        # that grows with X bounds it already; where the cost does not, X counts coins
        out.append(Violation(_rule(state, "309.1.9", "501.2"),
                             f"X = {action.x} cannot be paid: the player has {p.coins_open} open coins"))
    return out


def _activate_violations(state: State, action: Action) -> list[Violation]:
    """Checks for declaring an activated ability (308.1, 501.2, B:501.5, R15:114.2)."""
    me = state.players[state.active]
    uid = action.card
    buried = uid in me.graveyard
    if uid != me.hero and uid not in me.play and not buried:
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
    if state.cards[uid].hidden:
        out.append(Violation(cite_one(state, "304.3"), "a hidden card cannot use abilities; reveal it first"))
    if a.tap and not can_act(state, uid):
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
        return [*out, *chain_violations(state, action, a, action.values[k:])]
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
    return out


def check_choice_action(state: State, action: Action) -> list[Violation]:
    """Violations of an action in the choice phase (306.1); while a creature with «Бешенство» can
    attack, every choice but its attack is refused (R15 glossary; INTERPRETING.md, entry 155)."""
    if action.kind in ("end_turn", "attack", "activate", "play"):
        forced = frenzy_violation(state, action)
        if forced:
            return forced
    if action.kind == "end_turn":
        return []
    if action.kind == "attack":
        return attack_violations(state, action)
    if action.kind == "activate":
        return _activate_violations(state, action)
    if action.kind == "play":
        return _play_violations(state, action)
    return [Violation(cite_one(state, "306.1"), f"{action.kind!r} is not a choice of the choice phase")]


# --- generation ---------------------------------------------------------------------


def _distributions(total: int, k: int, least: int) -> list[tuple[int, ...]]:
    """Every way to share ``total`` among ``k`` targets, each getting at least ``least``."""
    if k == 0:
        return [()] if total == 0 else []
    if k == 1:
        return [(total,)] if total >= least else []
    return [
        (first, *rest)
        for first in range(least, total - least * (k - 1) + 1)
        for rest in _distributions(total - first, k - 1, least)
    ]


def _play_actions(state: State, uid: int, board: list[BoardStatic]) -> list[Action]:
    """Every legal play of hand card ``uid`` (``board``: :func:`board_cost_statics` of ``state``)."""
    d = card_def(state, uid)
    me = state.active
    out: list[Action] = []
    modes = range(len(d.modes)) if d.modes and not d.chain else (-1,)
    # a spell constructor: every chain of its modes, repeats allowed (R15:524.1)
    chains = list(product(range(len(d.modes)), repeat=d.chain)) if d.chain else [()]
    options = [""] + (["fury"] if d.fury else []) + (["alt"] if d.alt_wound_own_hero else [])
    # Speed only: a play whose final cost exceeds the open coins is refused at C:309.1.9
    # (A/B: 501.2) whatever its targets, so such combinations are not enumerated at all.
    coins = state.players[me].coins_open
    pays = state.rules.payment_required
    mods = cost_modifiers(state, me, uid, board)
    least = least_amount(state)
    # X runs from 1 to the largest payable X (INTERPRETING.md, entry 8); the
    # payment_not_required mutant accepts any X but lists these only, to stay finite
    xs = {o: range(1, largest_x(state, me, uid, o == "fury", o, mods) + 1) if d.x_cost else (0,) for o in options}
    spell = d.type == "spell"
    for mode, option in product(modes, options):
        fury = option == "fury"
        target_sets: list[tuple[int, ...]] | None = None  # the same for every X
        for x in xs[option]:
            if pays and option != "alt" and final_cost(state, me, uid, base_cost(d, x, fury), mods) > coins:
                continue
            if target_sets is None:
                ta = _target_ability(d, mode, fury) if spell else None
                target_sets = declared_targets(state, ta, me, uid) if ta else [()]
            total = _distribution_total(d, mode, fury, x) if spell else 0
            # «Выберите Х …» of a spell: X is the size of each group named (entry 230)
            groups = len(ta.targets) if spell and ta and ta.targets[0].x_count and not d.x_cost else 0
            for targets in target_sets:
                amount_sets = _distributions(total, len(targets), least) if total else [()]
                for amounts, values in product(amount_sets, chains):
                    a = Action("play", card=uid, targets=targets, amounts=amounts,
                               x=len(targets) // groups if groups else x, mode=mode, option=option, values=values)
                    if not _play_violations(state, a, mods):
                        out.append(a)
    return out


def choice_actions(state: State) -> list[Action]:
    """Every legal action of the active player in the choice phase (306.1)."""
    me = state.players[state.active]
    out: list[Action] = []
    # the characters in play the inactive player controls: his hero and the creatures of his
    # play list (R15:519.5: a card in play is in its controller's play list)
    them = state.players[state.inactive]
    enemies = [them.hero, *(uid for uid in them.play if card_def(state, uid).type == "creature")]
    for uid in me.play:
        if card_def(state, uid).type != "creature":
            continue
        c = state.cards[uid]
        # Speed only: these refuse the attack whatever its target (R15:108.2, 108.5, 304.3).
        if c.closed or c.hidden or c.attacked_turn == state.turn or not can_act(state, uid):
            continue
        for t in enemies:
            a = Action("attack", card=uid, targets=(t,))
            if not attack_violations(state, a):
                out.append(a)
    # «эта особенность работает на кладбище» (entry 157): the cards of his graveyard that have one
    buried = [uid for uid in me.graveyard if state.cards[uid].card_id in ids_with_graveyard_abilities()] if (
        game_has(state, ids_with_graveyard_abilities())) else []
    for uid in (me.hero, *me.play, *buried):
        for i, ab in enumerate(card_def(state, uid).abilities):
            if not isinstance(ab, ActivatedAbility):
                continue
            # Speed only: a hidden card, first-turn weakness or an unpayable cost refuses the
            # ability whatever its targets (304.3, R15:108.5, 501.2).
            if state.cards[uid].hidden or (ab.tap and not can_act(state, uid)):
                continue
            if ability_cost_violations(state, uid, i, ab):
                continue
            if ab.options:  # a constructor: each legal chain (R15:524)
                out.extend(_constructor_actions(state, uid, i, ab))
                continue
            if ab.item:
                continue
            paid: list[tuple[int, ...]] = ([(v,) for v in sorted(set(me.hand))] if ab.discard
                    else [(v,) for v in sorted(thirst_targets(state, uid))] if ab.thirst else [()])
            # X runs from 1 to the largest payable X (R15:308.1 step 3, 512.4; entry 8)
            xs = range(1, largest_ability_x(state, uid, ab) + 1) if ab.x_coins else (0,)
            x_count = bool(ab.targets) and ab.targets[0].x_count  # «Х персонажей» (entry 192)
            for targets in declared_targets(state, ab, state.active, uid):
                for x in xs:
                    if x_count and len(targets) != x:
                        continue
                    total = ability_distribution_total(ab, x)
                    shares = _distributions(total, len(targets), least_amount(state)) if total else [()]
                    if ab.discard_x:  # «сбросьте Х карт»: each set of X cards of the hand (entry 240)
                        paid = list(combinations(sorted(set(me.hand)), discard_count(state, ab, x)))
                    for values, amounts in product(paid, shares):
                        a = Action("activate", card=uid, ability=i, targets=targets, values=values, x=x,
                                   amounts=amounts)
                        if not _activate_violations(state, a):
                            out.append(a)
    board = board_cost_statics(state)  # the cost modifiers' part of the board, once for the whole hand
    for uid in sorted(set(me.hand)):
        out.extend(_play_actions(state, uid, board))
    out.append(Action("end_turn"))
    bound = bound_to_attack(state)
    if bound:  # «Бешенство»: only its attacks (INTERPRETING.md, entry 155)
        return [a for a in out if a.kind == "attack" and a.card in bound]
    return out


def _constructor_actions(state: State, uid: int, i: int, ab: ActivatedAbility) -> list[Action]:
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
                if not _activate_violations(state, a):
                    out.append(a)
    return out


# --- application --------------------------------------------------------------------


def _activate(state: State, action: Action, ev: list[Event]) -> None:
    """Declare and pay an activated ability, which enters the Queue (308.1, 501.1, 501.2;
    in R15 308.1's steps 1, 5, 7 and 8) and resolves at once if nothing is pending."""
    uid = action.card
    a = card_def(state, uid).abilities[action.ability]
    assert isinstance(a, ActivatedAbility)  # checked (_activate_violations)
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
    take_usage_marker(state, uid, action.ability, a)
    if a.tap:
        close_card(state, uid, ev, pay)
    pay_coins(state, state.active, cost, ev, pay)
    if a.thirst:  # «Жажда N»: a payment with a source and a target (R15:501.4)
        wound(state, action.values[0], a.thirst, ev, (*pay, *r15_own(state, "R15:501.4")), source=uid, payment=True)
        check_state(state, ev)  # a hero killed by his own payment loses at once (R15:604.1)
        if state.winner >= 0:
            return
    k = discard_count(state, a, action.x)
    if k:  # «Сбросьте карту:», «сбросьте Х карт» as the cost (R15:7.discard, 114.1, 114.3; entries 75, 240)
        discard_cards(state, state.active, action.values[:k], ev, pay)
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


def _count_play(state: State, uid: int) -> None:
    """The play counts in its player's ``played_this_turn`` (a creature's in
    ``creatures_played_this_turn`` too; R15:309.1) as the card moves, after its final cost
    was determined (step 4) and before the triggers on the play fire (INTERPRETING.md,
    entry 59): the card being played is not yet one «you have played»."""
    p = state.players[state.active]
    p.played_this_turn += 1
    if card_def(state, uid).type == "creature":
        p.creatures_played_this_turn += 1


def _move_played_card(state: State, action: Action, ev: list[Event], cost: int = 0) -> bool:
    """The played card moves: a spell to the graveyard, anything else into play (C:309.1
    step 4; A/B: 309.1, 309.2).  A creature with «Модуль» whose player has a mechanism waits
    for his decision at step ``module_choice`` first (True: the play waits; R15 glossary
    «Модуль»; INTERPRETING.md, entry 104)."""
    me = state.active
    p = state.players[me]
    uid = action.card
    _count_play(state, uid)
    if needs_module_choice(state, uid, me):
        ask_module(state, uid, me, QueueEntry("spell", me, uid, -1, x=action.x), option=action.option, cost=cost)
        return True
    if card_def(state, uid).type == "spell":
        p.hand.remove(uid)
        p.graveyard.append(uid)
        ev.append(Event("spell_to_graveyard", (*cite(state, "309.1.4"), "R15:211.2"), (("card", uid),)))
        # R15:309.1 step 11 declares the triggers on the play before the spell takes effect
        on_play = "309.1.10" if state.rules.on_play_triggers_before_spell else "309.2"
        fire(state, "spell_played", uid, ev, cite(state, on_play))
        fire(state, "card_played", uid, ev, cite(state, on_play))  # «разыгрывает карту» (entry 45)
    else:
        enter_play(state, uid, me, ev, cite(state, "309.1.4", "309.2"))
        _on_play_triggers(state, uid, ev)
    return False


def _on_play_triggers(state: State, uid: int, ev: list[Event]) -> None:
    """The triggers on the play of a card that is not a spell (C:309.1 step 4, A/B 309.2)."""
    fire(state, "card_played", uid, ev, cite(state, "309.1.4", "309.2"))  # entry 45
    if card_def(state, uid).type == "creature":
        # «Когда вы разыгрываете существо»: another creature's play (INTERPRETING.md, entry 77)
        fire(state, "creature_played", uid, ev, cite(state, "309.1.4", "309.2"))


def resume_module_play(state: State, mc: ModuleChoice, ev: list[Event]) -> None:
    """The played Модуль creature has entered play or been attached (step ``module_choice``):
    the triggers on its play fire, then (C/R15 309.1 step 9) the play is paid; A/B paid with
    the declaration (INTERPRETING.md, entry 104)."""
    _on_play_triggers(state, mc.card, ev)
    if not state.rules.pay_with_declaration:
        _pay_for_play(state, Action("play", card=mc.card, x=mc.entry.x, option=mc.option), mc.cost, ev)


def _pay_for_play(state: State, action: Action, cost: int, ev: list[Event]) -> bool:
    """Pay the play's final cost (C:309.1 step 9; A/B: 501.2, with the declaration); False
    if paying with the own hero's life lost the game (R15:604.1, 605.1)."""
    me = state.active
    p = state.players[me]
    if action.option == "alt":
        wound(state, p.hero, card_def(state, action.card).alt_wound_own_hero, ev, cite(state, "309.1.9"), payment=True)
        check_state(state, ev)  # a hero killed by paying loses at once (R15:604.1, 605.1)
        return state.winner < 0
    pay_coins(state, me, cost, ev, cite(state, "309.1.9", "501.2") if state.rules.play_steps else cite(state, "501.2"))
    return True


def _play_cost(state: State, action: Action) -> int:
    """The final cost of the play ``action`` (309.1 step 8, R15:309.1 step 4): 0 with the
    alternative cost, which is paid otherwise."""
    if action.option == "alt":
        return 0
    d = card_def(state, action.card)
    return final_cost(state, state.active, action.card, base_cost(d, action.x, action.option == "fury"))


def _play(state: State, action: Action, ev: list[Event]) -> None:
    me = state.active
    uid = action.card
    d = card_def(state, uid)
    fury = action.option == "fury"
    cost = _play_cost(state, action)
    ev.append(
        Event(
            "card_played",
            cite(state, "306.1", "309.1"),
            (("card", uid), ("player", me), ("cost", cost), ("x", action.x), ("mode", action.mode),
             ("option", action.option), ("targets", ",".join(map(str, action.targets)))),
        )
    )
    state.step = "play_queue"
    ta = _target_ability(d, action.mode, fury) if d.type == "spell" else None
    asks = ta is not None and opponent_chooses(ta)
    if not state.rules.pay_with_declaration:
        # C:309.1: the card moves at step 4, the payment is step 9
        if _move_played_card(state, action, ev, cost):
            return
        if asks:  # R15:309.1 step 6: the opponent names the targets, then step 9 pays (entry 48)
            _ask_for_spell_target(state, action, ev)
            return
        if not _pay_for_play(state, action, cost, ev):
            return
    else:
        # A/B 501.2: «Оплата происходит вместе с заявкой» — paid as the play is declared,
        # before the card moves (INTERPRETING.md, entry 39)
        if not _pay_for_play(state, action, cost, ev):
            return
        if _move_played_card(state, action, ev):
            return
        if asks:
            _ask_for_spell_target(state, action, ev)
            return
    _queue_spell(state, action, ev)


def _ask_for_spell_target(state: State, action: Action, ev: list[Event]) -> None:
    """The played spell waits for the opponent's choice of its target (R15:118.1): its
    targeted ability is held in ``choosing``; the loader allows this only on a spell without
    modes, Ярость, alternative cost or X, so the card, its ability and X locate the play."""
    d = card_def(state, action.card)
    i = next(i for i, a in enumerate(d.abilities) if a.targets)
    ask_opponent(state, QueueEntry("spell", state.active, action.card, i, x=action.x, mode=action.mode, part=-1))


def resume_play(state: State, entry: QueueEntry, ev: list[Event]) -> None:
    """The opponent has chosen the played spell's targets (R15:118.1): the play goes on with
    the payment (C/R15 309.1 step 9; A/B paid with the declaration) and its abilities enter the
    Queue with those targets (INTERPRETING.md, entry 48)."""
    action = Action("play", card=entry.source, targets=entry.targets, x=entry.x, mode=entry.mode)
    if not state.rules.pay_with_declaration and not _pay_for_play(state, action, _play_cost(state, action), ev):
        return
    _queue_spell(state, action, ev)


def _queue_spell(state: State, action: Action, ev: list[Event]) -> None:
    """C steps 10-11 (A/B: 309.1): a spell's abilities go into the Queue and resolve in order."""
    me = state.active
    uid = action.card
    d = card_def(state, uid)
    fury = action.option == "fury"
    if d.type == "spell":
        for t in dict.fromkeys(action.targets):  # «Когда становится целью заклинания» (entry 45)
            fire(state, "targeted_by_spell", t, ev, cite(state, "309.2"))
        for part, i, _ in spell_abilities(d, action.mode, fury):
            state.queue.append(
                QueueEntry("spell", me, uid, i, targets=action.targets, amounts=action.amounts, x=action.x, mode=action.mode,
                           part=part)
            )
        if d.chain:  # R15:524.1: each option of the chain goes into the Queue, in the player's order
            chain = chain_order(state, action.values)
            state.queue.extend(QueueEntry("spell", me, uid, i, mode=k) for k in chain for i in range(len(d.modes[k])))
            ev.append(Event("chain_declared", ("R15:524.1",), (("source", uid), ("abilities", ",".join(map(str, chain))))))
        ev.append(Event("spell_abilities_queued", cite(state, "309.1", "309.1.11"), (("card", uid),)))
    # R15:309.1 step 10: the opponent may cancel the play (R15:518.1; the targets were
    # declared first, R15:518.2); the play goes on once he has chosen (continue_play)
    if offer_cancellation(state, uid):
        return
    continue_play(state, ev)


def continue_play(state: State, ev: list[Event]) -> None:
    """The play after its step 10 (R15:309.1 steps 11-12; C steps 10-11): the spell's
    abilities in the Queue resolve in order (none for a card that is not a spell, or a
    cancelled play, R15:518.1)."""
    if state.rules.on_play_triggers_before_spell and state.pending:
        # R15:309.1 step 11: the triggers on this play are declared first (the Queue step
        # settles them); they enter the Queue behind the spell's abilities, which resolve
        # first, all together (queue.resolve_first), once both players have passed
        return
    while state.queue and state.winner < 0 and state.step not in RESOLUTION_PAUSES:
        resolve_first(state, ev)


def apply_choice_action(state: State, action: Action, ev: list[Event]) -> None:
    """Carry out a legal choice-phase action (306.1)."""
    if action.kind == "end_turn":
        ev.append(Event("turn_passed", cite(state, "306.1", "310.1"), (("player", state.active),)))
        begin_end_of_turn(state, ev)
    elif action.kind == "attack":
        declare_attack(state, action, ev)
    elif action.kind == "activate":
        _activate(state, action, ev)
    else:  # "play": check_choice_action refuses every other kind (306.1)
        _play(state, action, ev)

