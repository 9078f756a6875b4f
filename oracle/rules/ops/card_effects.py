"""The effect ops carried out on cards (the op table's group "cards" and ``distribute_wounds``):
each function is the handler of the op it is named after, dispatched by
:mod:`oracle.rules.resolution.effects`.  Wounds and destruction (R15:504, 505.2), poison
(R15:7.poison), healing (R15:7.heal), opening, preparing (R15:7.prepare), closing and
stunning (R15:506, 7.stun), hiding, and the modifiers an effect puts on a creature: strike
and shots for a time (310.2, 303.1), lasting strike and life (R15:205.3), keywords and
upgrades granted (R15:7.gains, 7.upgrade), a doubled strike (R15:523.1)."""

from __future__ import annotations

from collections.abc import Callable

from ...cards import TARGET_CONDITIONS, Effect, GrantParams, KeywordParams, Op, WoundParams
from ...model import Event, Modifier, QueueEntry, State
from ...schema import MAX_VALUE
from ..mechanisms import attack, basic_effects, control, lives, modules, zones
from ..mechanisms.triggers import fire
from ..queries.board import card_def, current_strike, max_life, parts_of, target_condition_holds
from ..queries.pool_index import printed
from ..queries.recipients import recipients_of

__all__ = [
    "STRIKE_BECOMES",
    "armour_until_end_of_turn",
    "attach_to_self",
    "become_ent",
    "close",
    "cure",
    "destroy",
    "distribute_wounds",
    "double_life_while_in_play",
    "exchange_control_until_end_of_turn",
    "fight",
    "grant_ability_until_end_of_turn",
    "grant_ability_while_in_play",
    "heal",
    "hide",
    "intensify_poison",
    "keyword_until_end_of_turn",
    "keyword_until_start_of_your_next_turn",
    "keyword_while_in_play",
    "life_while_in_play",
    "lose_abilities",
    "open",
    "poison",
    "prepare",
    "put_on_deck_bottom",
    "reduce_life_to",
    "reduce_life_while_in_play",
    "return_to_hand",
    "shots_until_end_of_turn",
    "strike_becomes",
    "strike_until_end_of_turn",
    "strike_until_start_of_turn",
    "strike_until_start_of_your_next_turn",
    "strike_while_in_play",
    "stun",
    "take_control",
    "take_control_until_end_of_turn",
    "untargetable_until_end_of_turn",
    "upgrade",
    "wound",
]


def distribute_wounds(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """The chosen targets still there take the action's amounts (309.1 step 6)."""
    live = [(t, a) for t, a in zip(entry.targets, entry.amounts, strict=False)
            if state.zone_of(t) == "play" and not state.cards[t].hidden]
    for t, a in live:
        basic_effects.wound(state, t, a, ev, rules, entry.source)
    return bool(live)


def destroy(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """Every recipient creature it destroys leaves at once (R15:505.1, 505.2)."""
    recipients = recipients_of(state, entry, effect.to)
    if effect.cond in TARGET_CONDITIONS:
        recipients = [uid for uid in recipients if target_condition_holds(state, uid, effect.cond)]
    doomed = [uid for uid in recipients if card_def(state, uid).type == "creature" and state.zone_of(uid) == "play"]
    if doomed:
        zones.leave_together(state, doomed, ev, (*rules, "R15:505.2"), by=entry.source,  # R15:505.1.1
                             by_controller=entry.controller)  # a source gone: its last controller (R15:403.1)
    return bool(doomed)


def return_to_hand(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Положите существо в руку владельца»: the card goes from play to its owner's hand
    (R15:203.4; :func:`~oracle.rules.mechanisms.zones.move_from_play`)."""
    if card_def(state, uid).type != "hero":  # uid: a recipient, in play (a live target, R15:120.7)
        zones.move_from_play(state, uid, "hand", ev, rules)


def put_on_deck_bottom(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Положите это существо под низ колоды»: the card goes from play under its owner's deck
    (R15:204.4, 204.3; :func:`~oracle.rules.mechanisms.zones.move_from_play`)."""
    if card_def(state, uid).type != "hero":  # uid: a recipient, in play (a live target, R15:120.7)
        zones.move_from_play(state, uid, "deck_bottom", ev, rules)


def wound(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``wound``: ``amount`` wounds on the card, dealt by the ability's source (R15:504.3, 502.2);
    a «Выстрел» is a shot (R15:507.3, 507.5) for the wound pipeline (Броня, «Защита от выстрелов»),
    and an attack its source makes: its «При атаке» abilities fire, even for a shot of 0 or one
    whose wounds are kept off (R15 glossary «При атаке»: «когда карта наносит атаку (удар,
    выстрел)»; R15:507.3), once the source is in play and not hidden (INTERPRETING.md, entry 154;
    the ``shot_is_no_attack`` mutant fires them only on a strike attack)."""
    shot = isinstance(effect.params, WoundParams) and effect.params.shot
    basic_effects.wound(state, uid, amount, ev, rules, entry.source, shot=shot)
    src = entry.source
    if shot and state.rules.shot_fires_attack_triggers and state.zone_of(src) == "play" and not state.cards[src].hidden:
        attack.shot_fires(state, src, uid, ev, (*rules, "R15:7.onstrike"))  # the card it attacked kept (entry 183)


def fight(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Сразиться с существом»: the ability's own creature, its combined card when it is a part
    (R15 glossary «Присоединить»), fights the recipient (R15:7.fight, 507.4; INTERPRETING.md, entry 200)."""
    fighter = state.cards[entry.source].attached_to or entry.source
    attack.fight_effect(state, fighter, uid, ev, rules)


def attach_to_self(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Присоедините к Мехазавру механизм»: the recipient becomes a part of the ability's own
    card (R15:7.attach; INTERPRETING.md, entry 201)."""
    host = state.cards[entry.source].attached_to or entry.source
    modules.attach_in_play(state, uid, host, ev, rules)


def poison(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Отравить на Х»: only the highest Poison value applies (R15:7.poison)."""
    c = state.card_mut(uid)
    c.poison = max(c.poison, amount)
    ev.append(Event("poisoned", (*rules, "R15:7.poison"), (("card", uid), ("poison", c.poison))))


def intensify_poison(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Усилить отравление на Х»: Poison Y becomes Poison X+Y (R15 glossary, Part 7)."""
    if state.cards[uid].poison > 0:
        c = state.card_mut(uid)
        c.poison += amount
        ev.append(Event("poisoned", (*rules, "R15:7.poison"), (("card", uid), ("poison", c.poison))))


def cure(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``cure``: the card loses all its poison (R15:7.poison)."""
    state.card_mut(uid).poison = 0
    ev.append(Event("cured", rules, (("card", uid),)))


def heal(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``heal``: up to ``amount`` of the card's wounds are removed (R15:7.heal); a creature's count for «излеченных» (entry 88)."""
    healed = min(state.cards[uid].wounds, amount)
    if healed:
        state.card_mut(uid).wounds -= healed
        _count_healed(state, uid, healed)
    ev.append(Event("healed", rules, (("card", uid), ("amount", healed))))
    if healed and card_def(state, uid).type in ("hero", "creature"):
        fire(state, "character_healed", uid, ev, (*rules, "R15:7.heal"))  # «Когда ваш персонаж излечивается» (entry 144)


def open(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``open``: a closed card opens."""
    if state.cards[uid].closed:
        state.card_mut(uid).closed = False
        ev.append(Event("opened", rules, (("card", uid),)))


def prepare(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``prepare``: «Подготовить» the card (R15:7.prepare), then «когда … был подготовлен» fires (entries 45, 58)."""
    _prepare(state, uid, ev, rules)
    # «Когда [эта карта] был подготовлен» (INTERPRETING.md, entry 58)
    fire(state, "self_prepared", uid, ev, rules)
    if card_def(state, uid).type in ("hero", "creature"):
        # «Когда другой ваш персонаж был подготовлен» (INTERPRETING.md, entry 45)
        fire(state, "prepared", uid, ev, rules)


def close(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``close``: an open card in play closes (R15:506)."""
    basic_effects.close_card(state, uid, ev, rules)


def stun(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Оглушить»: close the card, it gets «Оглушение» (R15:7.stun); an already closed card
    is stunned all the same.  No event of its own: the state's ``stunned`` says it (and
    ``closed`` when it was open)."""
    basic_effects.close_card(state, uid, ev, rules)
    state.card_mut(uid).stunned = True


def strike_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``strike_until_end_of_turn``: +``amount`` strike until the end of turn (310.2)."""
    state.modifiers.append(Modifier(uid, amount, "end_of_turn"))
    ev.append(Event("strike_modified", rules, (("card", uid), ("amount", amount), ("until", "end_of_turn"))))


def strike_until_start_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``strike_until_start_of_turn``: +``amount`` strike until the next turn starts (303.1)."""
    state.modifiers.append(Modifier(uid, amount, "start_of_turn"))
    ev.append(Event("strike_modified", rules, (("card", uid), ("amount", amount), ("until", "start_of_turn"))))


def shots_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«+N к выстрелам до конца хода»: a modifier of the card's shots, not of its strike (entry 67)."""
    state.modifiers.append(Modifier(uid, amount, "end_of_turn", shots=True))
    ev.append(Event("shots_modified", (*rules, "R15:7.shot"), (("card", uid), ("amount", amount),
                                                              ("until", "end_of_turn"))))


def strike_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает +N к удару», no duration: it lasts while the creature is in play and goes with
    its other effects when it leaves (R15:205.3; INTERPRETING.md, entry 58; the
    ``lasting_strike_ends_at_end_of_turn`` mutant makes it «до конца хода»)."""
    until = "while_in_play" if state.rules.lasting_strike_lasts else "end_of_turn"
    state.modifiers.append(Modifier(uid, amount, until))
    ev.append(Event("strike_modified", (*rules, "R15:205.3"), (("card", uid), ("amount", amount), ("until", until))))


def strike_until_start_of_your_next_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«до начала вашего следующего хода»: «вашего» is the ability's controller (INTERPRETING.md, entry 23)."""
    me = entry.controller
    state.modifiers.append(Modifier(uid, amount, "start_of_owner_turn", owner=me))
    ev.append(Event("strike_modified", rules,
                    (("card", uid), ("amount", amount), ("until", "start_of_owner_turn"), ("owner", me))))


def _strike_becomes_amount(state: State, uid: int, value: int, until: str, owner: int = -1) -> int:
    """R15 glossary «Удар становится равным Х»: «На карту наносится столько эффектов +1/-1 к
    удару, чтоб сила удара стала равна Х» — the fixed +/- that makes creature ``uid``'s strike
    ``value`` now, its modifiers and static bonuses in force counted (a negative sum that shows
    as 0, R15:523.2, needs that many more +1s).  Under a doubling (R15:523.1) a +1 counts twice:
    the fewest +1 effects that bring it to X or past it (INTERPRETING.md, entry 134)."""
    def with_extra(k: int) -> int:
        state.modifiers.append(Modifier(uid, k, until, owner=owner, sets=True))
        try:
            return current_strike(state, uid)
        finally:
            state.modifiers.pop()

    k = value - current_strike(state, uid)
    while with_extra(k) < value:
        k += 1
    while k > -MAX_VALUE and with_extra(k) > value and with_extra(k - 1) >= value:
        k -= 1
    return k


#: The value X a non-static change of strike makes the strike (R15:106.3.1), from the effect's
#: amount and the strike the creature has when it applies: «становится равен N» (R15 glossary «Удар
#: становится равным Х») and «удвойте силу удара» (X twice the strike it has then).  A halving would
#: be one more row (X half of it, rounded up as a divided cost is, entry 7); no card of the pool has one.
_BECOMES: dict[str, Callable[[int, int], int]] = {
    "set": lambda amount, strike: amount,
    "double": lambda amount, strike: 2 * strike,
}

#: Every op that changes a strike by a non-static ability, as data: which value it makes the strike
#: (:data:`_BECOMES`), for how long its +/- lasts, and its event.  One mechanism carries them all out
#: (:func:`strike_becomes`; INTERPRETING.md, entries 71 and 134).
STRIKE_BECOMES: dict[Op, tuple[str, str, str]] = {
    "set_strike_until_end_of_turn": ("set", "end_of_turn", "strike_modified"),
    "set_strike_until_start_of_your_next_turn": ("set", "start_of_owner_turn", "strike_modified"),
    "set_strike_while_in_play": ("set", "while_in_play", "strike_modified"),
    "double_strike_until_end_of_turn": ("double", "end_of_turn", "strike_doubled"),
    "double_strike_while_in_play": ("double", "while_in_play", "strike_doubled"),
}


def strike_becomes(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """A non-static change of the strike (R15:106.3.1: «на карту кладутся эффекты +/- к удару в таком
    количестве, чтоб удар стал равным Х»): «Удар … становится равен N» (R15 glossary «Удар становится
    равным Х») and «Удвойте силу удара» alike put on the fixed +/- that makes the strike X now
    (:func:`_strike_becomes_amount`, a modifier with ``sets``), which adds like any other from then on:
    a later +4 gives X+4, a bonus in force that ends first changes the strike when it ends; a doubled 4
    is 4 + 4, and a later +1 makes it 9, not 10 (INTERPRETING.md, entries 71 and 134).  Its op says X
    and the duration (:data:`STRIKE_BECOMES`): «до конца хода» (310.2), «до начала вашего следующего
    хода» («вашего»: the ability's controller, entry 23), or none: while it is in play, gone with its
    other effects when it leaves (R15:205.3; entries 158, 210; the ``strike_becomes_without_duration_ends``
    mutant ends it at 310.2).  Events ``strike_modified`` (with ``sets`` 1) and ``strike_doubled``.
    The ``strike_becomes_set_to_last`` mutant keeps X as a set-to modifier applied after every
    addition (R15:523.1's last line); the ``strike_doubling_multiplies`` mutant makes a doubling a
    multiplying modifier of R15:523.1 (a later +1 doubled too); ``doubling_ignored`` drops it."""
    how, until, kind = STRIKE_BECOMES[effect.op]
    if how == "double" and not state.rules.doubling_applies:
        return
    if until == "while_in_play" and not state.rules.strike_becomes_without_duration_lasts:
        until = "end_of_turn"
    if until == "while_in_play":
        rules = (*rules, "R15:205.3")
    if how == "double" and not state.rules.strike_doubling_fixed_amount:
        # the mutant's reading: a multiplying modifier read with the strike (R15:523.1)
        state.modifiers.append(Modifier(uid, 0, until, grants="double_strike"))
        ev.append(Event(kind, (*rules, "R15:523.1"), (("card", uid), ("until", until))))
        return
    value = _BECOMES[how](amount, current_strike(state, uid))
    owner = entry.controller if until == "start_of_owner_turn" else -1
    if state.rules.strike_becomes_fixed_amount:
        amount = _strike_becomes_amount(state, uid, value, until, owner)
    else:
        amount = value
    state.modifiers.append(Modifier(uid, amount, until, owner=owner, sets=True))
    data: tuple[tuple[str, int | str], ...] = (("card", uid), ("amount", amount), ("until", until))
    if owner >= 0:
        data = (*data, ("owner", owner))
    if kind == "strike_doubled":
        ev.append(Event(kind, (*rules, "R15:106.3.1"), data))
    else:
        ev.append(Event(kind, (*rules, "R15:7.strikebecomes", "R15:106.3.1"), (*data, ("sets", 1))))


def upgrade(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Усовершенствовать»: it loses all its classes and becomes a mechanism (R15:7.upgrade);
    a mechanism cancels the ability before this effect (run_effects)."""
    state.modifiers.append(Modifier(uid, 0, "while_in_play", grants="mechanism"))
    ev.append(Event("upgraded", (*rules, "R15:7.upgrade"), (("card", uid),)))


def life_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает +N к жизням», no duration: N additional lives (R15:504.2) while it is in play
    (R15:7.gains, 205.3; entries 69 and 79); they first remove its reduced lives, one for one
    (R15:504.5; entry 97)."""
    lives.add_life_effect(state, uid, amount, ev, (*rules, "R15:7.gains"))


def reduce_life_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает -N к жизням», no duration: N reduced lives (R15:504.4), which are no wounds;
    they first remove its additional lives, one for one (R15:504.5; entry 97)."""
    lives.add_life_effect(state, uid, -amount, ev, rules)


def reduce_life_to(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Сведите уровень жизней к Х» (R15:504.6); a derived X is read now, when the ability is
    carried out (R15:512.5; entry 99)."""
    lives.reduce_life_to(state, uid, amount, ev, rules if isinstance(effect.amount, int) else (*rules, "R15:512.5"))





def lose_abilities(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«оно теряет особенности» (Хмельная фея): «больше не учитывается текст, написанный на самой
    карте. Все приобретённые в ходе игры эффекты и способности остаются» (R15 glossary «Теряет
    особенности»): a modifier granting ``no_abilities`` while the creature is in play (no duration
    printed: R15:205.3, 120.5), read by every lookup of a printed ability or keyword
    (:func:`oracle.rules.queries.board.abilities_lost`; INTERPRETING.md, entries 211 and 212)."""
    if any(m.target == uid and m.grants == "no_abilities" for m in state.modifiers):
        return  # lost already: a second loss changes nothing
    state.modifiers.append(Modifier(uid, 0, "while_in_play", grants="no_abilities"))
    ev.append(Event("abilities_lost", (*rules, "R15:7.losesabilities"), (("card", uid),)))


def _grant_keyword(
    state: State, uid: int, effect: Effect, until: str, ev: list[Event], rules: tuple[str, ...], owner: int = -1
) -> None:
    """«получает [особенность] (до конца хода)» (R15:7.gains; 310.2, 303.1 or 205.3; entry 69);
    ``owner``: the player whose next turn ends a "start_of_owner_turn" grant."""
    params = effect.params
    assert isinstance(params, KeywordParams)
    state.modifiers.append(Modifier(uid, 0, until, owner=owner, grants=params.keyword))
    ev.append(Event("keyword_granted", (*rules, "R15:7.gains"),
                    (("card", uid), ("keyword", params.keyword), ("until", until))))


def keyword_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``keyword_until_end_of_turn``: the effect's keyword until the end of turn (310.2; entry 69)."""
    _grant_keyword(state, uid, effect, "end_of_turn", ev, rules)


def keyword_until_start_of_your_next_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``keyword_until_start_of_your_next_turn``: the effect's keyword until the start of the
    ability's controller's next turn (303.1; entries 23, 159)."""
    _grant_keyword(state, uid, effect, "start_of_owner_turn", ev, rules, entry.controller)


def untargetable_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Х персонажей не могут быть выбраны целью заклинаний и способностей до конца хода»: a
    modifier granting ``untargetable`` until 310.2 on the character, a hero too (R15:502.9;
    INTERPRETING.md, entry 192; :func:`~oracle.rules.queries.targeting.target_violation` reads it)."""
    state.modifiers.append(Modifier(uid, 0, "end_of_turn", grants="untargetable"))
    ev.append(Event("cannot_be_targeted", (*rules, "R15:502.9"), (("card", uid), ("until", "end_of_turn"))))


def keyword_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``keyword_while_in_play``: the effect's keyword while the creature is in play (R15:205.3; entry 69)."""
    _grant_keyword(state, uid, effect, "while_in_play", ev, rules)


def _grant_ability(
    state: State, entry: QueueEntry, effect: Effect, uid: int, until: str, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает "…"» (R15:7.gains; 310.2 or 205.3): the creature has the granted ability of the
    card whose text the effect is on, a modifier with ``granter`` that card and ``amount`` the
    ability's index on it (INTERPRETING.md, entry 180)."""
    params = effect.params
    assert isinstance(params, GrantParams)
    granter = entry.granter or entry.source
    index = card_def(state, granter).first_granted + params.index
    state.modifiers.append(Modifier(uid, index, until, grants="ability", granter=granter))
    ev.append(Event("ability_granted", (*rules, "R15:7.gains"),
                    (("card", uid), ("granter", granter), ("ability", index), ("until", until))))


def grant_ability_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``grant_ability_until_end_of_turn``: the granted ability until the end of turn (310.2; entry 180)."""
    _grant_ability(state, entry, effect, uid, "end_of_turn", ev, rules)


def grant_ability_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``grant_ability_while_in_play``: the granted ability while the creature is in play (R15:205.3; entry 180)."""
    _grant_ability(state, entry, effect, uid, "while_in_play", ev, rules)


def become_ent(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«становится энтом»: it loses its classes and is an Энт while it is in play (R15:7.gains,
    205.3; INTERPRETING.md, entry 181; the ``ent_keeps_classes`` mutant adds Энт to its classes)."""
    state.modifiers.append(Modifier(uid, 0, "while_in_play", grants="ent"))
    ev.append(Event("class_changed", (*rules, "R15:7.gains"), (("card", uid), ("class", "Энт"))))






def double_life_while_in_play(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«удвойте его … максимальные жизни»: its maximum lives doubled while it is in play
    (R15:523.1; :func:`~oracle.rules.queries.board.max_life`; entry 158); event ``life_doubled`` with
    the maximum lives it has now."""
    state.modifiers.append(Modifier(uid, 0, "while_in_play", grants="double_life"))
    ev.append(Event("life_doubled", (*rules, "R15:523.1"), (("card", uid), ("life", max_life(state, uid)))))


def armour_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«получает Броню N до конца хода»: Броня N until the end of turn (a modifier granting
    ``armour``, 310.2); the wound pipeline takes the highest Броня of the card (R15 glossary
    «Броня Х»; INTERPRETING.md, entry 162).  An amount of 0 puts on nothing."""
    if amount < 1:
        return
    state.modifiers.append(Modifier(uid, amount, "end_of_turn", grants="armour"))
    ev.append(Event("armour_granted", (*rules, "R15:7.gains", "R15:7.armour"),
                    (("card", uid), ("amount", amount), ("until", "end_of_turn"))))


def take_control(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Возьмите под контроль»: the ability's controller takes control of the card (R15:519.5)."""
    control.take_control(state, entry.controller, uid, ev, rules)


def take_control_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«Возьмите под контроль … до конца хода»: as :func:`take_control`, back at 310.2 (R15:519.5)."""
    control.take_control(state, entry.controller, uid, ev, rules, "end_of_turn")


def exchange_control_until_end_of_turn(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """«обменяйтесь контролем над ними до конца хода» (Бардак): the card changes controller until
    310.2, given to the opponent or taken from him (R15:519.5; INTERPRETING.md, entry 230)."""
    control.exchange_control(state, entry.controller, uid, ev, rules, entry.targets)  # one exchange: each
    # of its cards is spared by «Уникальность» as the others move (INTERPRETING.md, entry 83)


def hide(
    state: State, entry: QueueEntry, effect: Effect, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """``hide``: a creature not hidden yet becomes hidden (Скрытность)."""
    if card_def(state, uid).type == "creature" and not state.cards[uid].hidden:
        state.card_mut(uid).hidden = True
        ev.append(Event("hidden", rules, (("card", uid),)))


def _count_healed(state: State, uid: int, healed: int) -> None:
    """«ран, излеченных с ваших существ в ваш прошлый ход»: wounds removed from a creature
    (hidden or not; a hero is not one) count for its player while the turn is his
    (INTERPRETING.md, entry 88; the mutant ``heals_of_heroes_counted`` counts a hero's too)."""
    c = state.cards[uid]
    seat = state.controller_of(uid)  # «ваших существ»: the creatures he controls (R15:519.5)
    if seat != state.active:
        return
    if printed()[c.card_id].type != "creature" and state.rules.heals_of_heroes_ignored:
        return
    state.players[seat].creatures_healed_own_turn += healed


def _prepare(state: State, uid: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """«Подготовить» (R15:7.prepare): open the card, remove the usage markers of its
    activated «1 (X) раз за ход» abilities, and a character may attack and defend again this
    turn.  The ``prepare_only_opens`` mutant only opens it."""
    c = state.card_mut(uid)
    if c.closed:
        c.closed = False
        ev.append(Event("opened", (*rules, "R15:7.prepare"), (("card", uid),)))
    if not state.rules.prepare_resets_the_turn:
        return
    d = card_def(state, uid)
    for index in [i for i in c.usage if d.abilities[i].kind == "activated"]:
        del c.usage[index]
    for part in parts_of(state, uid) if state.rules.part_abilities_count else ():
        # a part's activated abilities are the combined card's, their markers on the part (entry 103)
        pd = card_def(state, part)
        if any(pd.abilities[i].kind == "activated" for i in state.cards[part].usage):
            pc = state.card_mut(part)
            for index in [i for i in pc.usage if pd.abilities[i].kind == "activated"]:
                del pc.usage[index]
    if d.type in ("hero", "creature"):
        c.attacked_turn = c.defended_turn = 0
