"""The zones a card moves between and the rules' own effects that move it: entering the play
zone (R15:519; «Найм», R15:212.3, «Уникальность»), leaving it for a graveyard together
(R15:505, 505.4, 205.3), for a hand or a deck (R15:203.4, 204.4), a created card's way back to
its owner's supply (R15:519.6.1, glossary «Созданный»); and the state checks after every effect
that destroy creatures at 0 life and end the game (R15:505.1, 512.6, 603, 604).

Every zone move of the game goes through here, below the mechanisms that cause one (the wound
pipeline's «уничтожьте … при этом», combined and created cards, the effect ops): they import
this module, and it imports none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import CardDef
from ...model import Event, State
from ..queries.board import (
    abilities_lost,
    card_def,
    card_ids,
    current_life,
    current_strike,
    forget_outside,
    game_has,
    has_keyword,
    names_of,
    parts_of,
)
from ..queries.pool_index import per_pool
from .capture import release
from .lives import destruction_source, lifeless, untouched_lifeless
from .replacement import Offer, replace
from .triggers import fire, strike_readers

__all__ = [
    "check_state", "enter_play", "is_created", "leave_play", "leave_together", "move_from_play", "perish_lifeless",
    "return_created", "uniqueness",
]


#: Where :func:`move_from_play` puts a card: its owner's hand (R15:203.4), the bottom or the top of
#: his deck (R15:204.4).
_DESTINATION_RULE = {"hand": "R15:203.4", "deck_bottom": "R15:204.4", "deck_top": "R15:204.4"}


def leave_play(
    state: State, uid: int, ev: list[Event], rules: tuple[str, ...], kind: str = "destroyed",
    by: int | Mapping[int, int] = 0, by_controller: int = -1,
) -> None:
    """Move one card from the play zone to its owner's graveyard (see :func:`leave_together`)."""
    leave_together(state, (uid,), ev, rules, kind, by, by_controller)


def leave_together(
    state: State, uids: Sequence[int], ev: list[Event], rules: tuple[str, ...], kind: str = "destroyed",
    by: int | Mapping[int, int] = 0, by_controller: int = -1,
) -> None:
    """Move cards that leave the play zone at the same moment to their owners' graveyards;
    each loses wounds, markers and effects (R15:205.3).  ``kind`` is the event's kind:
    "destroyed", or "moved_to_graveyard" when it is not a destruction.

    ``by`` is what each destroyed card died «от» (R15:505.1.1): the card that destroyed it, or
    whose strike or ability brought its life to 0 or less (one card for all, or per card; 0:
    none, and always 0 for a "moved_to_graveyard").  A destroyed event names it (``source``), and the triggers on its death see it
    (``killed_by``; INTERPRETING.md, entry 98).  ``by_controller`` (-1: none given) is who
    controlled ``by`` as the ability through which it kills knows it — the ability's controller
    (R15:113.6) — read when ``by`` is no longer in the play zone: a killer gone before the death
    is judged by its last known controller, not its owner (R15:403.1; entry 114).

    They leave together (R15:505.1: each is destroyed at once, none before another): first
    every card moves (one event each), then the triggers of every departure fire — each
    card's own «Гибель» and every «when a creature dies» ability that sees it, including
    those of the other cards that left with it, wherever they are now (R15:505.3, 401.5;
    INTERPRETING.md, entry 34).  The order of the play zone therefore decides nothing.

    A combined creature with Антиграв among its cards does not go: :func:`_parts_to_hand`
    replaces its death (R15:517.1; INTERPRETING.md, entry 203)."""
    # who controlled each card and its parts there: its «Гибель» is his and «ваше существо» his
    # (last known information, R15:403.1, 505.3; INTERPRETING.md, entry 114)
    known = {u: state.controller_of(top) for top in uids for u in (top, *parts_of(state, top))}
    if by_controller >= 0 and isinstance(by, int) and by and by not in known and state.zone_of(by) != "play" \
            and state.rules.gone_killer_last_known:
        known[by] = by_controller  # the killer that left play before (R15:403.1)
    saved: list[tuple[int, list[int]]] = []
    if game_has(state, _to_hand_ids()):
        saved = [(uid, keep) for uid in uids if (keep := _instead_of_death(state, uid, ev))]
        if saved:
            uids = [uid for uid in uids if all(uid != s for s, _ in saved)]
    wounds = {uid: state.cards[uid].wounds for uid in uids}  # last known, for «Гибель: … Х ран» (R15:403.1)
    # and the strike, for «Гибель: … сила удара этого существа (до того, как оно погибло)» (entry 151)
    # (found only in a game with such a «Гибель»: the strike is no attribute, it takes a scan of effects)
    strikes = ({uid: current_strike(state, uid) if card_def(state, uid).type == "creature" else 0 for uid in uids}
               if game_has(state, strike_readers()) else {})
    # a combined card's parts leave with it, each a separate card (R15:505.4, glossary «Присоединить»)
    parts = {uid: parts_of(state, uid) for uid in uids}
    # (a move that is not a destruction is given no ``by``: its died_from is 0)
    switches = state.rules
    died_from = {uid: destruction_source(by, uid) if switches.destruction_has_a_source else 0 for uid in uids}
    for uid in uids:
        c = state.card_mut(uid)
        # from its controller's play zone to its owner's graveyard (R15:519.5; entry 114; the
        # ``taken_card_dies_to_its_controller`` mutant uses the controller's graveyard)
        controller = state.players[state.controller_of(uid)]
        controller.play.remove(uid)
        to = controller if not switches.leaves_play_to_owner else state.players[c.owner]
        to.graveyard.append(uid)
        c.closed = c.hidden = c.stunned = False
        c.wounds = c.poison = 0
        c.armour_turn = c.armour_prevented = c.prevented = 0  # its preventions go with it (R15:516.6)
        # R15:205.3: it loses every effect and marker but the usage markers of «N раз за
        # ход» / «N раз за игру» abilities (INTERPRETING.md, entry 40)
        if not switches.markers_kept_in_graveyard:
            c.usage.clear()
            c.game_usage.clear()
        if not switches.death_triggers_see_effects:
            state.modifiers = [m for m in state.modifiers if m.target != uid]
        source = died_from[uid]
        data: tuple[tuple[str, int | str], ...] = (("card", uid), ("owner", c.owner))
        ev.append(Event(kind, (*rules, "R15:505.1.1") if source else rules,
                        (*data, ("source", source)) if source else data))
        release(state, uid, ev)  # the cards it captured go back (R15:503.1; entry 115)
        for part in parts[uid]:
            pc = state.card_mut(part)
            pc.attached_to = 0
            pc.prevented = 0  # what a part's «Предотвратите следующие» used goes with it (R15:516.6; entry 103)
            forget_outside(state)
            if not state.rules.markers_kept_in_graveyard:  # each part keeps its usage markers too (entry 40)
                pc.usage.clear()
                pc.game_usage.clear()
            state.players[pc.owner].graveyard.append(part)
            ev.append(Event("part_left_play", (*rules, "R15:505.4", "R15:7.attach"),
                            (("card", part), ("host", uid), ("owner", pc.owner))))
    gone_instead = {uid: _parts_to_hand(state, uid, keep, ev, rules) for uid, keep in saved}
    together = (*uids, *(a for keep in gone_instead.values() for a in keep))
    for uid, keep in gone_instead.items():
        if not state.rules.antigrav_to_graveyard_is_its_death:  # the ``antigrav_to_graveyard_fires_nothing`` mutant
            continue
        # the card that goes to the graveyard instead dies: «Гибель» is any move from play to a
        # graveyard (R15 glossary); it died «от» what the combined creature would have
        source = destruction_source(by, uid) if state.rules.destruction_has_a_source else 0
        for a in keep:
            fire(state, "death", a, ev, (*rules, "R15:517.1"), killer=source, known=known)
            fire(state, "creature_dies", a, ev, (*rules, "R15:517.1"), together, killer=source, known=known)
    for uid in uids:
        source = died_from[uid]
        fire(state, "death", uid, ev, rules, count=wounds[uid], killer=source, strike=strikes.get(uid, 0), known=known)
        for part in parts[uid]:  # its parts' «Гибель» are the combined card's own abilities
            fire(state, "death", part, ev, (*rules, "R15:505.4"), killer=source, strike=strikes.get(uid, 0), part=True,
                 known=known)
        if card_def(state, uid).type == "creature":
            # once for the combined creature, however many parts it has (R15:505.4; the
            # ``combined_dies_per_part`` mutant fires them for each part)
            fire(state, "creature_dies", uid, ev, rules, together, killer=source, known=known)
            if not state.rules.combined_dies_once:
                for part in parts[uid]:
                    fire(state, "creature_dies", part, ev, rules, together, killer=source, known=known)
    # its effects go once the triggers on its death have fired (R15 glossary «При гибели»): a
    # «когда ваш механизм погибает» sees an upgraded creature as the mechanism it died as
    # (INTERPRETING.md, entry 69; the ``effects_gone_before_death_triggers`` mutant drops them first)
    gone = set(uids)
    state.modifiers = [m for m in state.modifiers if m.target not in gone]


@per_pool
def _to_hand_ids(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The pool's cards with «Вместо гибели этого существа – положите все его части в руку»."""
    return frozenset(cid for cid, d in cards.items() if "parts_to_hand_instead_of_death" in d.keywords)


#: The pseudo ability index of Антиграв's «Вместо гибели …» (a keyword, no indexed ability): the
#: key the replacement pipeline knows it by (R15:525.1).
_INSTEAD_OF_DEATH = -4


def _instead_of_death(state: State, uid: int, ev: list[Event]) -> list[int]:
    """The cards of the combined creature ``uid`` (its top card and parts) that have Антиграв's
    «Вместо гибели этого существа – положите все его части в руку, кроме Антиграва, Антиграва
    положите на кладбище», ascending uids, when that replacement applies to its death through the
    one replacement pipeline (:func:`~oracle.rules.mechanisms.replacement.replace`; it is carried
    out by :func:`_parts_to_hand` as the others leave, R15:505.1); none when it has no parts
    (alone, the card would go to the graveyard all the same) or the ``antigrav_ignored`` mutant is
    on (INTERPRETING.md, entry 203)."""
    parts = parts_of(state, uid)
    if not parts or not state.rules.parts_to_hand_replaces_death:
        return []
    ids = _to_hand_ids()
    cards = state.cards
    # the top card's own text counts only while it has not lost its abilities (entry 211)
    keep = sorted(u for u in (uid, *parts) if cards[u].card_id in ids and not (u == uid and abilities_lost(state, u)))
    if not keep:
        return []
    done = replace(state, uid, lambda _uid: [Offer(keep[0], _INSTEAD_OF_DEATH, keep)], lambda *_: None, ev)
    return keep if done.would is None else []


def _parts_to_hand(state: State, uid: int, keep: list[int], ev: list[Event], rules: tuple[str, ...]) -> list[int]:
    """«Вместо гибели этого существа – положите все его части в руку, кроме Антиграва,
    Антиграва положите на кладбище» (a replacement, R15:517.1): the combined creature ``uid``
    does not die; each of its cards but those in ``keep`` (every card named Антиграв) goes to
    its owner's hand, a created one to his supply instead (R15 glossary «Созданный»), each with
    no wounds, markers or effects; those in ``keep`` go to their owners' graveyards (their death,
    fired by the caller).  Events ``death_replaced``, then per card, ascending uids,
    ``moved_from_play`` (to "hand" or "supply", ``host`` for a part: the one event of a card that
    leaves play for a hand, as in :func:`move_from_play`) or ``moved_to_graveyard``
    (INTERPRETING.md, entry 203).  Returns ``keep``."""
    cite = (*rules, "R15:517.1")
    ev.append(Event("death_replaced", cite, (("card", uid), ("by", keep[0]))))
    parts = parts_of(state, uid)
    controller = state.players[state.controller_of(uid)]
    controller.play.remove(uid)
    for u in (uid, *parts):
        state.card_mut(u).attached_to = 0
        _strip(state, u)  # no wounds, markers or effects, as any card out of play to a hand (R15:203.4)
    forget_outside(state)
    release(state, uid, ev)  # the cards it captured go back (R15:503.1; entry 115)
    for u in (uid, *sorted(parts)):  # the top card first, as a bounce's (move_from_play)
        owner = state.cards[u].owner
        if u in keep:
            state.players[owner].graveyard.append(u)
            ev.append(Event("moved_to_graveyard", cite, (("card", u), ("owner", owner))))
        else:  # a created card to its owner's supply instead (R15 glossary «Созданный»)
            _put_away(state, u, owner, "hand", ev, cite if u == uid else (*cite, "R15:7.attach"), 0 if u == uid else uid)
    return keep


def move_from_play(state: State, uid: int, to: str, ev: list[Event], rules: tuple[str, ...]) -> None:
    """Card ``uid`` leaves the play zone for its owner's hand (``to`` "hand", «положите существо в
    руку владельца», R15:203.4) or deck ("deck_bottom", «под низ колоды»; "deck_top", «на верх
    колоды», R15:204.4; no shuffle, the place being given, R15:204.3): its owner's whatever its
    controller (the mutant ``bounce_to_controller`` uses the controller's), losing every effect
    and marker, the usage markers included (R15:203.4, 204.4: unlike R15:205.3).  It is no
    death: no «Гибель» fires.  A created card goes to its owner's supply instead (R15:519.6.1,
    glossary «Созданный»); a combined card's parts go each to its own owner's zone as separate
    cards, the top card first (R15 glossary «Присоединить»); the cards it captured go back
    (R15 glossary «Добывает»).  Event ``moved_from_play`` per card (INTERPRETING.md, entry 191)."""
    parts = parts_of(state, uid)
    seat = state.controller_of(uid)
    state.players[seat].play.remove(uid)
    _strip(state, uid)
    c = state.cards[uid]
    _put_away(state, uid, c.owner if state.rules.zone_moves_to_owner else seat, to, ev, rules, 0)
    release(state, uid, ev)  # the cards it captured go back (R15:503.1; entry 115)
    for part in parts:
        pc = state.card_mut(part)
        pc.attached_to = 0
        forget_outside(state)
        _strip(state, part)
        _put_away(state, part, pc.owner, to, ev, (*rules, "R15:7.attach"), uid)


def _strip(state: State, uid: int) -> None:
    """A card that went to a hand or a deck loses every effect and marker (R15:203.4, 204.4)."""
    c = state.card_mut(uid)
    c.closed = c.hidden = c.stunned = False
    c.wounds = c.poison = 0
    c.armour_turn = c.armour_prevented = c.prevented = 0
    c.usage.clear()
    c.game_usage.clear()
    if state.modifiers:
        state.modifiers = [m for m in state.modifiers if m.target != uid]


def _put_away(
    state: State, uid: int, seat: int, to: str, ev: list[Event], rules: tuple[str, ...], host: int
) -> None:
    """Put card ``uid``, just out of play, into ``seat``'s zone ``to`` (see :func:`move_from_play`),
    or a created card into its owner's supply (R15:519.6.1; the mutant ``created_card_bounces``
    lets it go where the effect says)."""
    p = state.players[seat]
    if state.rules.created_bounced_to_supply and is_created(state, uid):
        p = state.players[state.cards[uid].owner]
        p.supply.append(uid)
        to, cite = "supply", (*rules, "R15:519.6.1", "R15:7.created")
    else:
        if to == "hand":
            p.hand.append(uid)
        elif to == "deck_top":
            p.deck.insert(0, uid)
        elif state.rules.deck_bottom_is_bottom:
            p.deck.append(uid)
        else:  # the mutant ``deck_bottom_read_as_top``
            p.deck.insert(0, uid)
        cite = (*rules, _DESTINATION_RULE[to], *(("R15:204.3",) if to != "hand" else ()))
    data: tuple[tuple[str, int | str], ...] = (("card", uid), ("owner", state.cards[uid].owner), ("to", to))
    ev.append(Event("moved_from_play", cite, (*data, ("host", host)) if host else data))


def enter_play(
    state: State, uid: int, seat: int, ev: list[Event], rules: tuple[str, ...], source: list[int] | None = None
) -> None:
    """Put a card from the hand (or from the zone list ``source``: a summon from the deck,
    R15:519.3; a resurrection from the graveyard, R15:519.4; or a created one from the supply,
    R15:519.6) into the play zone, open; «Найм» and «enters» triggers fire; it has first-turn
    weakness this turn (R15:108.5)."""
    p = state.players[seat]
    if source is not None:
        source.remove(uid)
    elif uid in p.hand:
        p.hand.remove(uid)
    else:  # a created card comes from its supply (R15:519.6)
        p.supply.remove(uid)
    p.play.append(uid)
    state.card_mut(uid).entered_turn = state.turn
    ev.append(Event("entered_play", rules, (("card", uid), ("player", seat))))
    d = card_def(state, uid)
    if d.poison and state.rules.printed_poison_in_play:
        # a printed «Отравление N»: the card has Poison N from the moment it is in play, the
        # higher value applying (R15:7.poison; INTERPRETING.md, entry 80; the
        # ``printed_poison_ignored`` mutant leaves it out)
        c = state.card_mut(uid)
        c.poison = max(c.poison, d.poison)
        ev.append(Event("poisoned", ("R15:7.poison",), (("card", uid), ("poison", c.poison))))
    if d.type == "support":  # R15:212.3: the other support of the same class goes
        for other in [o for o in p.play if o != uid]:
            od = card_def(state, other)
            if od.type == "support" and od.card_class == d.card_class:
                leave_play(state, other, ev, ("R15:212.3",), "moved_to_graveyard")
    uniqueness(state, seat, uid, ev, ("R15:503.1",))
    if source is None or state.rules.summoned_card_hires:
        # «Найм»: «когда эта карта входит в игру», summoned or resurrected too (R15 glossary;
        # INTERPRETING.md, entry 111; the ``summoned_card_does_not_hire`` mutant fires it only on a play)
        fire(state, "hire", uid, ev, rules)
    if card_def(state, uid).type == "creature":
        fire(state, "creature_enters", uid, ev, rules)
        if d.life <= 0 and not state.rules.lifeless_wait_for_an_empty_queue:
            check_state(state, ev)  # the mutant: R15:505.1 at once, before its «Найм» (entry 99)


def uniqueness(
    state: State, seat: int, uid: int, ev: list[Event], rules: tuple[str, ...], spare: Sequence[int] = (),
) -> None:
    """«Уникальность» (R15 glossary): the creature ``uid`` has just come into ``seat``'s squad —
    played, summoned, resurrected, created, or taken under his control (R15:519.1) — so a card
    of the same name already under his control, when either has «Уникальность», goes to its
    owner's graveyard: «Если вторая карта с таким же именем должна попасть в отряд, уберите
    первую копию», a rules effect (R15:503.1; INTERPRETING.md, entry 83; the
    ``uniqueness_only_on_entering_play`` mutant skips a change of control).  ``spare``: the other
    cards changing controller at the same moment (an exchange, or control ending for several at
    310.2): one still under his control is on its way out and is no first copy."""
    d = card_def(state, uid)
    if d.type != "creature" or not state.rules.uniqueness_moves_the_first:
        return
    # a combined card has every name and keyword of its parts (R15:105.4, glossary «Объединённая
    # карта»; INTERPRETING.md, entry 103)
    names = names_of(state, uid)
    for other in [o for o in state.players[seat].play if o != uid and o not in spare]:
        if not names.isdisjoint(names_of(state, other)) and (
                has_keyword(state, uid, "unique") or has_keyword(state, other, "unique")):
            leave_play(state, other, ev, rules, "moved_to_graveyard")


def check_state(state: State, ev: list[Event], by: int | Mapping[int, int] = 0, by_controller: int = -1) -> None:
    """Rules' own effects, at once (R15:505.1, 604, 603.1): creatures at 0 life or less
    are destroyed, all of them together (:func:`leave_together`); a hero at 0 life or less
    loses the game, both at once is a draw.

    ``by`` is the card whose carrying out just happened (a strike, an ability's effect: one
    card, or per struck card): what dies now dies «от» it (R15:505.1.1); ``by_controller``, the
    controller of the ability through which it kills, judges it once it has left play (R15:403.1;
    :func:`leave_together`).  A creature of base
    life 0 or less whose life nothing has changed did not «become» 0 by wounds or life effects:
    it waits for the Queue to empty (R15:512.6, :func:`perish_lifeless`; INTERPRETING.md,
    entry 99).

    R15:503.3: it runs after every effect and before a player gets a decision; all the rules
    effects that apply are done as one event (the destructions together), and the check is
    repeated until none applies; the triggers they caused only wait (``state.pending``) and go
    to the Queue at the next declaration point (:func:`oracle.rules.resolution.queue.settle_triggers`),
    after which the engine checks again after each of their effects.  R15:503.3.1: a rules
    effect that one of them brings about is found by the next pass of the loop, once this pass
    has made all its checks (R15:503.1); no rules effect of the pool brings about another yet."""
    while True:
        dead = [
            uid
            for p in state.players
            for uid in p.play
            if card_def(state, uid).type == "creature" and current_life(state, uid) <= 0
            and not untouched_lifeless(state, uid)
        ]
        if not dead:
            break
        if not state.rules.deaths_together:
            for uid in dead:
                leave_play(state, uid, ev, ("R15:505.1",), by=by, by_controller=by_controller)
        else:
            leave_together(state, dead, ev, ("R15:505.1",), by=by, by_controller=by_controller)
    return_created(state, ev)  # R15:519.6.1: a dead created card whose «Гибель» is declared
    losers = [seat for seat, p in enumerate(state.players) if current_life(state, p.hero) <= 0]
    if losers and state.winner < 0:
        state.winner = 2 if len(losers) == 2 else 1 - losers[0]
        rules = ("R15:603.1",) if len(losers) == 2 else ("R15:604.1",)
        ev.append(Event("game_over", rules, (("winner", state.winner), ("reason", "hero_life"))))
        state.step = "game_over"


def perish_lifeless(state: State, ev: list[Event]) -> bool:
    """The Queue is empty and nothing waits to be declared (R15:512.6): the creatures in play
    with base life 0 or less and current life 0 or less all die together (no source), and the
    triggers on their deaths fire (they then enter the Queue).  Returns whether any died."""
    dead = lifeless(state)
    if not dead:
        return False
    leave_together(state, dead, ev, ("R15:512.6",))
    check_state(state, ev)
    return True


def is_created(state: State, uid: int) -> bool:
    """Whether card ``uid`` is «Созданный» (R15 glossary): printed keyword ``created``."""
    return "created" in card_def(state, uid).keywords


@per_pool
def _created_ids(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's printed cards that are «Созданный» (:func:`is_created`, as a set:
    :func:`return_created` asks it of every graveyard card at every check of the state)."""
    return frozenset(cid for cid, d in cards.items() if "created" in d.keywords)


def _death_trigger_waits(state: State) -> bool:
    """Whether a trigger on a death («Гибель», «when a creature dies») waits to be declared."""
    for t in state.pending:
        if t.ability < 0:  # poison (-2): no ability of the card
            continue
        # a pending trigger's source is a card of the state (validate.py); a delayed ability is
        # numbered after the card's own (R15:521), and one waiting for a death holds it too
        a = card_def(state, t.granter or t.source).ability_at(t.ability)  # a granted one: its granter's (entry 180)
        if a is not None and a.trigger in ("death", "creature_dies"):
            return True
    return False


def return_created(state: State, ev: list[Event]) -> None:
    """A created card in a graveyard goes to its owner's supply once no trigger on a death
    waits to be declared (R15:519.6.1, glossary «Созданный»: «отправляется в запас только после
    того, как будут заявлены все особенности «Гибель:»»; a part of a combined creature died
    with it, and the triggers on that death name the combined card, so every pending death
    trigger holds it; INTERPRETING.md, entry 106; the ``created_card_stays_in_graveyard``
    mutant leaves it there)."""
    created = _created_ids()
    if not game_has(state, created):
        return  # no created card in this game at all
    cards = state.cards
    p, q = state.players
    if created.isdisjoint(card_ids(state, [*p.graveyard, *q.graveyard])):
        return  # no created card in a graveyard (the common case, tested without a Python loop)
    gone = [[u for u in p.graveyard if cards[u].card_id in created] for p in state.players]
    if not state.rules.created_returns_to_supply or _death_trigger_waits(state):
        return
    for p, uids in zip(state.players, gone, strict=True):
        for uid in uids:
            p.graveyard.remove(uid)
            p.supply.append(uid)
            ev.append(Event("returned_to_supply", ("R15:519.6.1", "R15:7.created"),
                            (("card", uid), ("owner", state.cards[uid].owner))))
