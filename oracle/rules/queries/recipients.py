"""Whom an effect reaches and how much it is, read when it executes (R15:119.2): the
recipients of its ``to`` (the chosen targets still in play and not hidden, R15:120.7; the
source; heroes; each creature or character of a side) and its amount, a number or a
derived amount (INTERPRETING.md, entry 44)."""

from __future__ import annotations

from ...cards import Effect, Recipient
from ...model import QueueEntry, State
from .board import card_def, classes_of, condition_holds, current_life, current_strike
from .pool_index import printed

__all__ = ["effect_amount", "live_targets", "recipients_of"]


def live_targets(state: State, entry: QueueEntry) -> list[int]:
    """The chosen targets of ``entry`` that can still take its effect: in the play zone and
    not hidden (R15:120.7; target restrictions are not checked again, R15:501.5)."""
    return [t for t in entry.targets if state.zone_of(t) == "play" and not state.cards[t].hidden]


def _struck(state: State, entry: QueueEntry) -> list[int]:
    """«При ударе по существу оглушите это существо»: the creature the strike attack in progress
    struck, its final target (the defender, or the attacked creature, R15:508.3), read when the
    effect executes — a «strikes_creature» trigger fires in the fight and resolves in the Queue
    after it, before the attack ends (R15:307.2, 307.3).  Its source may be a part of the
    attacker, or gone from play (401.5); were the source the struck creature itself (a return
    strike, fired only by the ``return_strike_fires_strike_triggers`` mutant), the attacker.
    Nothing once the creature left play or is hidden (INTERPRETING.md, entry 154)."""
    att = state.attack
    if att is None:
        return []
    final = att.defender or att.target
    mine = state.cards[entry.source].attached_to or entry.source
    struck = att.attacker if mine == final else final
    if state.zone_of(struck) != "play" or state.cards[struck].hidden or card_def(state, struck).type != "creature":
        return []
    return [struck]


def _attacked(state: State, entry: QueueEntry) -> list[int]:
    """«При атаке оглушите атакованное существо»: the creature the strike attack in progress is
    against — its final target: the defender, if one was assigned, else the creature it was
    declared at (R15:508.3: the defender becomes the final target) — read when the effect
    executes: an «attacks» trigger resolves in the Queue after the fight (R15:307.2), before the
    attack ends (R15:307.3).  A hero attacked and not defended is no creature: nothing; nothing
    once the creature left play or is hidden (INTERPRETING.md, entry 183; the
    ``attacked_is_the_declared_target`` mutant reads the creature first declared at).  Fired by a
    shot, it is the card the shot attacked, which the trigger kept (``entry.attacked``; R15 glossary
    «Атака»: «Выстрел или удар»; entry 183)."""
    att = state.attack
    if entry.attacked:
        attacked = entry.attacked
    elif att is None:
        return []
    else:
        attacked = (att.defender or att.target) if state.rules.attacked_is_the_final_target else att.target
    if state.zone_of(attacked) != "play" or state.cards[attacked].hidden or card_def(state, attacked).type != "creature":
        return []
    return [attacked]


def recipients_of(state: State, entry: QueueEntry, to: Recipient) -> list[int]:
    """The cards an effect to ``to`` reaches now, in order (INTERPRETING.md, entry 87 for
    ``each_enemy_character``); a player recipient is not asked for (its op is not on cards)."""
    me = entry.controller
    players = state.players
    if to == "target":
        return live_targets(state, entry)
    if to == "self":
        # a part's ability acts on the combined card it is part of (R15 glossary «Присоединить»)
        src = state.cards[entry.source].attached_to or entry.source
        return [src] if state.zone_of(src) == "play" else []
    if to == "struck":
        return _struck(state, entry)
    if to == "attacked":
        return _attacked(state, entry)
    if to == "own_hero":
        return [players[me].hero]
    if to == "enemy_hero":
        return [players[1 - me].hero]
    if to == "each_hero":
        return [players[0].hero, players[1].hero]
    cards = printed()
    if to == "each_enemy_character":
        # «каждого персонажа противника»: his hero, then his creatures, not hidden (entry 87)
        enemy = players[1 - me]
        return [enemy.hero, *(uid for uid in enemy.play
                              if cards[state.cards[uid].card_id].type == "creature" and not state.cards[uid].hidden)]
    if to == "each_own_character":
        # «каждого вашего персонажа»: his hero, then his creatures, not hidden (entry 214)
        own = players[me]
        return [own.hero, *(uid for uid in own.play
                            if cards[state.cards[uid].card_id].type == "creature" and not state.cards[uid].hidden)]
    seats = {"each_enemy_creature": (1 - me,), "each_own_creature": (me,), "each_creature": (0, 1),
             "each_other_creature": (0, 1)}
    return [
        uid
        for s in seats[to]
        for uid in players[s].play
        if cards[state.cards[uid].card_id].type == "creature" and not state.cards[uid].hidden
        and not (to == "each_other_creature" and uid == entry.source)
    ]


def effect_amount(
    state: State, entry: QueueEntry, effect: Effect, drawn: int, known_strike: int, known_target_strike: int
) -> int:
    """The effect's amount when it executes, an X no player declares being determined then
    (R15:512.5; INTERPRETING.md, entry 44); ``drawn`` is how
    many cards the ability's earlier effects drew, ``known_strike`` the source's strike just
    before it left play during this ability's resolution (-1: it did not).  "target_cost" is
    per recipient (see :mod:`oracle.rules.resolution.effects`); here it is 0."""
    # a bonus with no «если» always applies («и еще одну»; INTERPRETING.md, entry 174)
    bonus = effect.bonus if effect.bonus and (
        not effect.bonus_if or condition_holds(state, entry.controller, effect.bonus_if)) else 0
    if effect.amount == "X":
        return entry.x + bonus
    if effect.amount == "drawn":
        return drawn + bonus
    if effect.amount == "drawn_this_turn":  # «количество карт, которые вы взяли в этот ход» (entry 60)
        return state.players[entry.controller].drawn_this_turn + bonus
    if effect.amount == "healed_own_creatures_last_turn":
        # «количество ран, излеченных с ваших существ в ваш прошлый ход»: in the opponent's
        # turn the counter still holds the controller's last turn (INTERPRETING.md, entry 88)
        return state.players[entry.controller].creatures_healed_own_turn + bonus
    if effect.amount in ("target_cost", "recipient_hand", "discarded_before", "healed_characters"):
        return bonus  # per recipient, or the discards or heals of this run (oracle.rules.resolution.effects)
    if effect.amount == "remembered":
        # a delayed ability: the count its creating effect remembered, kept in the trigger's count
        # and the declared entry's x (R15:521.1; INTERPRETING.md, entry 174)
        return entry.x + bonus
    if effect.amount == "self_wounds":
        # «Гибель: … Х - количество ран на [этой карте]»: the wounds it had when it was destroyed
        # (last known information, R15:403.1), kept in the entry's x from its trigger's count
        # (INTERPRETING.md, entry 87)
        return entry.x + bonus
    if effect.amount == "strike_at_death":
        # «Гибель: … Х - сила удара этого существа (до того, как оно погибло)»: the strike of the
        # creature that died (a part: its combined card's), kept in the entry's x from its
        # trigger's count (R15:403.1; INTERPRETING.md, entry 151)
        return entry.x + bonus
    if effect.amount == "wounds_dealt":
        # «Каждый раз, когда наносит Х ран ударом герою, … на Х»: the wounds the strike put on
        # the hero, kept in the entry's x from its trigger's count (INTERPRETING.md, entry 57)
        return entry.x + bonus
    if effect.amount == "discarded":
        # «+2 … за каждую сброшенную карту»: the count of the discard that fired the trigger,
        # kept in the entry's x (entry 65; the mutant counts the discard once)
        count = entry.x if state.rules.discard_bonus_per_card else min(entry.x, 1)
        return count * effect.per + bonus
    if effect.amount == "other_own_creatures":
        # «за каждое другое ваше существо»: the creatures in the controller's play zone but the
        # source, hidden ones included, counted now (INTERPRETING.md, entry 79; the
        # ``other_own_creatures_count_the_source`` mutant counts the source too)
        mine = state.players[entry.controller].play
        count = sum(1 for uid in mine if card_def(state, uid).type == "creature"
                    and (uid != entry.source or not state.rules.other_own_creatures_exclude_source))
        return count * effect.per + bonus
    if effect.amount == "own_class_creatures":
        # «количество ваших орков в игре»: the creatures in the controller's play zone that have the
        # class now, hidden ones included, counted when the effect executes (R15:107.3, 512.5;
        # INTERPRETING.md, entry 184; the ``class_count_ignores_the_class`` mutant counts them all)
        mine = state.players[entry.controller].play
        count = sum(1 for uid in mine if card_def(state, uid).type == "creature"
                    and (effect.card_class in classes_of(state, uid) or not state.rules.class_count_reads_the_class))
        return count * effect.per + bonus
    if effect.amount == "creatures_strike_6_plus":
        # «за каждое существо в игре с ударом 6 или более»: both players', not hidden (entry 12)
        count = sum(
            1
            for p in state.players
            for uid in p.play
            if card_def(state, uid).type == "creature" and not state.cards[uid].hidden
            and current_strike(state, uid) >= 6
        )
        return count + bonus
    if effect.amount == "target_strike":
        # «Х - сила удара этого механизма»: the target's strike now, or just before it left play
        # during this resolution (R15:403.1), or printed if it was gone before (INTERPRETING.md, entry 82)
        target = entry.targets[0] if entry.targets else 0
        if target and state.zone_of(target) == "play" and not state.cards[target].hidden:
            return current_strike(state, target) + bonus
        if known_target_strike >= 0 and state.rules.last_known_target_strike:
            return known_target_strike + bonus
        return (card_def(state, target).strike if target else 0) + bonus
    if effect.amount == "target_life":
        # «Скопировать жизни другого существа»: the target's life level now, when the ability
        # is carried out (R15:512.5), 0 if it is no longer in play (INTERPRETING.md, entry 99)
        target = entry.targets[0] if entry.targets else 0
        if target and state.zone_of(target) == "play" and not state.cards[target].hidden:
            return current_life(state, target) + bonus
        return bonus
    if effect.amount == "self_strike":
        own = state.cards[entry.source].attached_to or entry.source  # a part's: its combined card's (entry 103)
        if state.zone_of(own) == "play":
            return current_strike(state, own) + bonus
        if known_strike >= 0 and state.rules.last_known_strike:
            # R15:403.1: it left play during this resolution; its last known strike (entry 56)
            return known_strike + bonus
        return card_def(state, entry.source).strike + bonus  # gone before it resolved: printed (entry 14)
    assert isinstance(effect.amount, int)
    return effect.amount + bonus
