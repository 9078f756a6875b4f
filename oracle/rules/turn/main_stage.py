"""The main stage (305–309): the choice phase, activated abilities and playing cards.

Choosing a phase and declaring what is done in it are one decision here: ``attack``,
``activate`` and ``play`` enter their phase and declare at once, ``end_turn`` passes the
turn (306.1; INTERPRETING.md, entry 4).  Strike attacks live in :mod:`oracle.rules.mechanisms.attack`.
"""

from __future__ import annotations

from itertools import combinations, product

from ...cards import ActivatedAbility
from ...editions import cite, cite_one
from ...model import RESOLUTION_PAUSES, Action, Event, ModuleChoice, QueueEntry, State, Violation
from ..mechanisms.attack import attack_violations, bound_to_attack, can_act, declare_attack, frenzy_violation
from ..mechanisms.basic_effects import wound
from ..mechanisms.modules import ask_module, needs_module_choice
from ..mechanisms.triggers import fire
from ..mechanisms.zones import check_state, enter_play
from ..queries.board import (
    card_def,
    game_has,
    ids_with_graveyard_abilities,
    parts_of,
    some_card_outside_zones,
    top_of,
)
from ..queries.payment import (
    BoardStatic,
    ability_cost_violations,
    base_cost,
    board_cost_statics,
    cost_modifiers,
    final_cost,
    largest_ability_x,
    largest_x,
    pay_coins,
)
from ..resolution.cancellation import offer_cancellation
from ..resolution.queue import (
    ask_opponent,
    chain_order,
    declared_targets,
    opponent_chooses,
    resolve_first,
)
from .activation import activate, activate_violations, constructor_actions
from .costs import (
    ability_distribution_total,
    discard_count,
    least_amount,
    thirst_targets,
)
from .end_turn import begin_end_of_turn
from .play_checks import play_violations
from .spells import distribution_total, spell_abilities, target_ability

__all__ = [
    "apply_choice_action",
    "check_choice_action",
    "choice_actions",
    "continue_play",
    "resume_play",
]


# --- checks -------------------------------------------------------------------------


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
        return activate_violations(state, action)
    if action.kind == "play":
        return play_violations(state, action)
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
                ta = target_ability(d, mode, fury) if spell else None
                target_sets = declared_targets(state, ta, me, uid) if ta else [()]
            total = distribution_total(d, mode, fury, x) if spell else 0
            # «Выберите Х …» of a spell: X is the size of each group named (entry 230)
            groups = len(ta.targets) if spell and ta and ta.targets[0].x_count and not d.x_cost else 0
            for targets in target_sets:
                amount_sets = _distributions(total, len(targets), least) if total else [()]
                for amounts, values in product(amount_sets, chains):
                    a = Action("play", card=uid, targets=targets, amounts=amounts,
                               x=len(targets) // groups if groups else x, mode=mode, option=option, values=values)
                    if not play_violations(state, a, mods):
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
    # a combined card's parts: their activated abilities are its own, each declared with the
    # part that holds it as the card (INTERPRETING.md, entry 103)
    parts = [u for top in me.play for u in parts_of(state, top)] if (
        state.rules.part_abilities_count and some_card_outside_zones(state)) else []
    for uid in (me.hero, *me.play, *parts, *buried):
        top = top_of(state, uid)
        for i, ab in enumerate(card_def(state, uid).abilities):
            if not isinstance(ab, ActivatedAbility):
                continue
            # Speed only: a hidden card, first-turn weakness or an unpayable cost refuses the
            # ability whatever its targets (304.3, R15:108.5, 501.2).
            if state.cards[top].hidden or (ab.tap and not can_act(state, top)):
                continue
            if ability_cost_violations(state, uid, i, ab):
                continue
            if ab.options:  # a constructor: each legal chain (R15:524)
                out.extend(constructor_actions(state, uid, i, ab))
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
                        if not activate_violations(state, a):
                            out.append(a)
    board = board_cost_statics(state)  # the cost modifiers' part of the board, once for the whole hand
    for uid in sorted(set(me.hand)):
        out.extend(_play_actions(state, uid, board))
    out.append(Action("end_turn"))
    bound = bound_to_attack(state)
    if bound:  # «Бешенство»: only its attacks (INTERPRETING.md, entry 155)
        return [a for a in out if a.kind == "attack" and a.card in bound]
    return out


# --- application --------------------------------------------------------------------


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
    ta = target_ability(d, action.mode, fury) if d.type == "spell" else None
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
        activate(state, action, ev)
    else:  # "play": check_choice_action refuses every other kind (306.1)
        _play(state, action, ev)

