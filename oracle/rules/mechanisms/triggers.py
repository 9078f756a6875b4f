"""Trigger conditions (R15:113): which triggered abilities fire on an event.

A fired ability becomes a :class:`~oracle.model.PendingTrigger`; the Queue module decides
when and in which order it is declared (401.2, 402.1).  A hidden card's abilities do not
fire while it is hidden (INTERPRETING.md, entry 12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...cards import Ability, CardDef, GrantAbility, KilledBy, Trigger, TriggeredAbility
from ...model import Event, PendingTrigger, QueueEntry, State
from ..queries.board import (
    abilities_lost,
    card_def,
    classes_of,
    condition_holds,
    game_has,
    game_ids,
    ids_in_play,
    parts_of,
    some_card_outside_zones,
)
from ..queries.pool_index import per_pool, printed
from .run import Run, as_run, run_of

__all__ = [
    "COUNTED_TRIGGERS", "POISON", "fire", "fire_from_deck", "granted_to", "granters", "keeps_strike", "keeps_wounds", "killed_by_holds",
    "last_controller", "remembers", "resolving", "strike_readers",
]

#: Pseudo ability index of poison («Отравление на Х»: in the start of its controller's turn
#: the character gets X wounds; R15 glossary «Отравление»).
POISON = -2

#: Triggers that keep a count of what fired them (``PendingTrigger.count``, the declared
#: entry's ``x``): the cards a discard moved, the wounds a strike put on a hero.
COUNTED_TRIGGERS: frozenset[Trigger] = frozenset({"discards", "strikes_hero"})


def keeps_wounds(ability: Ability) -> bool:
    """A «Гибель» ability that reads the wounds its source had when it was destroyed («Х -
    количество ран на [этой карте]»): its trigger keeps them (``PendingTrigger.count``, 0 or
    more; R15:403.1; INTERPRETING.md, entry 87)."""
    return ability.trigger == "death" and any(e.amount == "self_wounds" for e in ability.effects)


def remembers(ability: Ability) -> bool:
    """A delayed ability that reads the count its creating effect remembered («столько же карт,
    сколько вы сбросили»: amount "remembered"; its trigger keeps it, ``PendingTrigger.count``, 0
    or more; R15:521.1; INTERPRETING.md, entry 174)."""
    return any(e.amount == "remembered" for e in ability.effects)


@per_pool
def strike_readers(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's cards with a «Гибель» that reads the strike its creature died with
    (:func:`keeps_strike`): only a game holding one needs that strike kept at every death (speed
    only, :func:`oracle.rules.mechanisms.zones.leave_together`)."""
    return frozenset(cid for cid, d in cards.items() if any(keeps_strike(a) for a in d.abilities))


def keeps_strike(ability: Ability) -> bool:
    """A «Гибель» ability that reads the strike of the creature that died («Х - сила удара этого
    существа (до того, как оно погибло)»): its trigger keeps it (``PendingTrigger.count``, 0 or
    more; R15:403.1; INTERPRETING.md, entry 151)."""
    return ability.trigger == "death" and any(e.amount == "strike_at_death" for e in ability.effects)

_WHOSE_TURN: tuple[Trigger, ...] = ("start_of_turn", "end_of_turn")
#: Conditions about another card; ``whose`` compares the subject's owner: whose creature,
#: whose spell, who played the card, whose character was prepared, whose creature attacks,
#: whose card wounded a hero, who drew the card.
_OF_CREATURE: tuple[Trigger, ...] = (
    "creature_dies", "creature_enters", "spell_played", "card_played", "prepared", "attack_declared", "wounds_hero",
    "card_drawn",
    "discards",
    "creature_played",
    "character_healed",
)
_SELF: tuple[Trigger, ...] = ("hire", "death", "attacks", "closed", "targeted_by_spell", "strikes_hero", "self_prepared",
                              "strikes_creature")


_Table = dict[str, dict[Trigger, tuple[tuple[int, TriggeredAbility], ...]]]


@per_pool
def _trigger_index(cards: Mapping[str, CardDef]) -> tuple[_Table, dict[str, frozenset[str]]]:
    """Per card id of the pool: its triggered abilities by condition, as (index, ability) in the
    card's order, so that an event looks only at the abilities it fires; and per condition, the
    ids of the cards with an ability on it, so that :func:`_fire` passes over every other card
    with one set test (speed only)."""
    table: _Table = {}
    for cid, d in cards.items():
        by_kind: dict[Trigger, list[tuple[int, TriggeredAbility]]] = {}
        for i, a in enumerate(d.abilities):
            if isinstance(a, TriggeredAbility) and not a.item:  # a constructor's option fires only through it
                by_kind.setdefault(a.trigger, []).append((i, a))
        table[cid] = {k: tuple(v) for k, v in by_kind.items()}
    holders: dict[str, set[str]] = {}
    for cid, by in table.items():
        for k in by:
            holders.setdefault(k, set()).add(cid)
    return table, {k: frozenset(v) for k, v in holders.items()}


def triggered_abilities() -> _Table:
    """Per card id of the pool: its triggered abilities by condition (:func:`_trigger_index`)."""
    return _trigger_index()[0]


def _holders(kind: str) -> frozenset[str]:
    """The ids of the pool's cards with a triggered ability on condition ``kind``."""
    return _trigger_index()[1].get(kind, _NONE)


_NONE: frozenset[str] = frozenset()


def last_controller(state: State, uid: int, known: Mapping[int, int] | None) -> int:
    """Who controls card ``uid`` as the rules judge it now: the controller it had when it left
    the play zone, for a card that just left it (``known``: R15:403.1, last known information;
    R15:505.3: the abilities on a card's death are its last controller's), else its controller
    (:meth:`~oracle.model.State.controller_of`; INTERPRETING.md, entry 114).  The
    ``dead_card_judged_by_owner`` mutant reads its owner for a card that left play."""
    if known and uid in known:
        return known[uid] if state.rules.last_known_control else state.cards[uid].owner
    return state.controller_of(uid)


def killed_by_holds(
    state: State, killed_by: KilledBy, controller: int, killer: int, known: Mapping[int, int] | None = None,
) -> bool:
    """Whether a card destroyed «от» ``killer`` (R15:505.1.1; 0: nothing) died from what
    ``killed_by`` names, seen from the ability's ``controller``: «от существа» a creature, «от
    существа противника» a creature its opponent controls, or last controlled if it left play
    with the card (:func:`last_controller`; R15:403.1, 519.5).  A creature that strikes or whose
    ability wounds or destroys is the source (R15:502.2), wherever it is now (INTERPRETING.md,
    entry 98).  The ``death_source_ignored`` mutant lets any death match."""
    if not state.rules.destruction_has_a_source:
        return True
    if not killer or printed()[state.cards[killer].card_id].type != "creature":
        return False
    return killed_by == "creature" or last_controller(state, killer, known) != controller


class resolving:
    """While ``entry``'s effects are carried out, triggers that fire belong to its chain: its
    own lineage, and the entry itself when it is a triggered ability (R15:525.2), carried by the
    run ``ev`` (:class:`~oracle.rules.mechanisms.run.Run`).  A context manager (a class, not a
    generator: it wraps every resolution)."""

    __slots__ = ("_chain", "_run", "_was")

    def __init__(self, entry: QueueEntry, ev: list[Event]) -> None:
        self._run = as_run(ev)
        self._chain = (*entry.lineage, entry.source, entry.ability) if entry.kind == "triggered" else entry.lineage

    def __enter__(self) -> None:
        self._was = self._run.chain
        self._run.chain = self._chain

    def __exit__(self, *exc: object) -> None:
        self._run.chain = self._was


def chain_unchanged(entry: QueueEntry, ev: list[Event]) -> bool:
    """Whether :class:`resolving` ``entry`` would leave the chain as it is: none is going on,
    and the entry has no lineage and is no triggered ability (its chain would be empty too), so
    its resolution may skip the context (speed only)."""
    return not entry.lineage and entry.kind != "triggered" and not run_of(ev).chain


def _in_chain(chain: tuple[int, ...], source: int, ability: int) -> bool:
    return any(chain[i] == source and chain[i + 1] == ability for i in range(0, len(chain) - 1, 2))


def _add(
    state: State, run: Run, controller: int, source: int, ability: int, subject: int, count: int = 0, granter: int = 0,
) -> None:
    """A pending trigger of the ability, in the current chain (R15:525.2): an ability already in
    the chain does not fire again in it — the cycle of triggered abilities is interrupted before
    its first repetition (INTERPRETING.md, entry 132; the ``trigger_cycles_go_on`` mutant lets it
    fire)."""
    chain = run.chain
    if _in_chain(chain, source, ability) and state.rules.trigger_cycles_stop:
        stopped = run.stopped
        if stopped is not None:
            stopped.append((source, ability))
        return
    state.pending.append(PendingTrigger(state.next_trigger_id, controller, source, ability, subject=subject, count=count,
                                        lineage=chain, granter=granter))
    state.next_trigger_id += 1


def _count_of_turn(state: State, kind: Trigger, seat: int) -> int:
    """How many cards ``seat`` has played (``card_played``) or drawn (``card_drawn``) this
    turn, the subject card included (INTERPRETING.md, entries 59 and 60)."""
    p = state.players[seat]
    return p.played_this_turn if kind == "card_played" else p.drawn_this_turn


def _fire_delayed(
    state: State, run: Run, kind: Trigger, subject: int, count: int, known: Mapping[int, int] | None,
) -> None:
    """The delayed triggered abilities waiting for ``kind`` (R15:521): each whose condition
    holds, seen from its controller, becomes a pending trigger of its controller with its
    source, wherever the source is (R15:521.2, 521.3; the ``delayed_needs_its_source_in_play``
    mutant fires only those whose source is in play), and leaves the list: it fires once, the
    next time its condition happens (INTERPRETING.md, entry 131; the ``delayed_fires_again``
    mutant keeps it).  Whose the subject is: its controller, or last controller if it just left
    play (:func:`last_controller`; R15:113.6, 403.1)."""
    cards = printed()
    subject_owner = last_controller(state, subject, known) if subject else -1
    for dt in list(state.delayed):
        a = cards[state.cards[dt.source].card_id].ability_at(dt.ability)
        if not isinstance(a, TriggeredAbility) or a.trigger != kind:
            continue
        if not state.rules.delayed_fires_from_any_zone and state.zone_of(dt.source) != "play":
            continue
        who = state.active if kind in _WHOSE_TURN else subject_owner
        # «В начале вашего следующего хода»: his turn, not the next one whoever's (INTERPRETING.md,
        # entry 174; the ``your_next_turn_read_as_the_next_turn`` mutant fires it at the next one)
        if ((a.whose == "own" and who != dt.controller) or (a.whose == "opponent" and who == dt.controller)) and (
                state.rules.your_next_turn_is_yours or kind != "start_of_turn"):
            continue
        if a.subject_class and a.subject_class not in classes_of(state, subject):
            continue
        if a.nth and _count_of_turn(state, kind, who) != a.nth:
            continue
        if state.rules.delayed_fires_once and not (
                _in_chain(run.chain, dt.source, dt.ability) and state.rules.trigger_cycles_stop):
            state.delayed.remove(dt)  # a cycle stops it without using it up (R15:525.2)
        # a count its creating effect remembered («столько же карт, сколько вы сбросили»; entry 174)
        _add(state, run, dt.controller, dt.source, dt.ability, subject, dt.count or count)


@per_pool
def _kinds_of_games(cards: Mapping[str, CardDef]) -> dict[frozenset[str], frozenset[str]]:
    """Per set of a game's printed card ids (:func:`~oracle.rules.queries.board.game_ids`): the
    conditions some card of that game has a triggered ability on, printed or to grant (filled by
    :func:`_may_fire`; emptied when it grows past :data:`_KINDS_KEPT` sets, one per game and per
    card created in it)."""
    return {}


_KINDS_KEPT = 4096


def _may_fire(state: State, kind: Trigger, cards: Mapping[str, CardDef]) -> bool:
    """Whether some card of the game, in any zone, has a triggered ability on ``kind``: one of
    its own (a part's, a captured card's too: every card of the game is looked at), or one it
    gives to other cards (``granted``, R15:7.gains; a granted ability's source is the card
    that has it, but its text is its granter's, a card of the game).  When none has, nothing of
    a card fires on ``kind`` (speed only: about half of the events of a random game are on
    conditions no card of that game reads)."""
    ids = game_ids(state)
    known = _kinds_of_games()
    try:
        held = known[ids]
    except KeyError:
        if len(known) >= _KINDS_KEPT:
            known.clear()
        found = {k for k, holders in _trigger_index()[1].items() if not holders.isdisjoint(ids)}
        for cid in granters() & ids:
            found.update(a.trigger for a in cards[cid].granted)
        held = known[ids] = frozenset(found)
    return kind in held


def _nothing_fires(state: State, kind: Trigger, subject: int, cards: Mapping[str, CardDef]) -> bool:
    """Whether :func:`_fire` would find nothing for ``kind`` whatever it looked at, told by the
    same tests it makes first (speed only: most events fire nothing): no card is a part or
    captured; about the subject itself, its card has no ability on ``kind`` and no card of the
    game grants abilities; about others, no card in play has one, and it is no start of a turn
    (poison).  The caller has checked there are no delayed abilities and no cards that left
    play together."""
    if state._outside is not False and some_card_outside_zones(state):  # (known False: no call)
        return False
    table = triggered_abilities()
    if kind in _SELF:
        return kind not in table[state.cards[subject].card_id] and not game_has(state, granters())
    holders = _holders(kind)
    return kind != "start_of_turn" and (not game_has(state, holders) or holders.isdisjoint(ids_in_play(state)))


def fire(
    state: State,
    kind: Trigger,
    subject: int,
    ev: list[Event],
    rules: tuple[str, ...],
    together: Sequence[int] = (),
    count: int = 0,
    killer: int = 0,
    strike: int = 0,
    part: bool = False,
    known: Mapping[int, int] | None = None,
) -> None:
    """Record every triggered ability whose condition ``kind`` (about card ``subject``,
    or 0) just happened.  ``rules`` are the ids of the rule that made it happen.

    ``together`` are cards that left the play zone at the same moment as ``subject``
    (creatures destroyed together): their abilities still see ``subject``'s departure,
    wherever they are now (401.5; R15:505.1; INTERPRETING.md, entry 34).

    ``count`` is the wounds a destroyed card had («death»: kept only by an ability that reads
    them, :func:`keeps_wounds`), how many cards a discard moved («discards»: ``subject`` is the first of them;
    INTERPRETING.md, entry 65), or how many wounds a strike put on a hero («strikes_hero»,
    «наносит Х ран ударом герою», entry 57); the trigger keeps it (``PendingTrigger.count``).

    ``killer`` is what a destroyed ``subject`` died «от» («death», «creature_dies»; 0: nothing,
    R15:505.1.1): an ability with ``killed_by`` fires only when it matches (:func:`killed_by_holds`).

    ``strike`` is the strike a destroyed card had just before it left play («death»; a part's
    «Гибель» gets its combined card's): kept as the count only by an ability that reads it
    (:func:`keeps_strike`; INTERPRETING.md, entry 151).

    ``part``: ``subject`` was a part of the combined card that died (R15:505.4): its own «Гибель»
    fires, but the granted abilities were the combined creature's, which fired them once
    (INTERPRETING.md, entry 182).

    ``known`` is the controller each card that just left the play zone had there (R15:403.1):
    whose «Гибель» it is and whose creature died are judged by it (R15:505.3, 113.6;
    :func:`last_controller`; INTERPRETING.md, entry 114)."""
    cards = printed()
    if not state.delayed:  # (a delayed ability may wait for any condition)
        if kind != "start_of_turn" and not _may_fire(state, kind, cards):
            return  # no card of the game reads this condition, and no poison to tick
        if not together and _nothing_fires(state, kind, subject, cards):
            return
    before = len(state.pending)
    stopped: list[tuple[int, int]] = []
    run = run_of(ev)
    if not run.chain:  # outside a chain no cycle can stop a trigger (:func:`_add`)
        _fire(state, run, kind, subject, together, count, cards, killer, strike, part, known)
    else:
        outer, run.stopped = run.stopped, stopped
        try:
            _fire(state, run, kind, subject, together, count, cards, killer, strike, part, known)
        finally:
            run.stopped = outer
    for source, ability in stopped:
        ev.append(Event("trigger_cycle_stopped", (*rules, "R15:525.2"),
                        (("source", source), ("ability", ability), ("condition", kind))))
    for t in state.pending[before:]:
        if t.granter:  # a granted ability: its granter named (R15:7.gains; entry 180)
            ev.append(Event("triggered", (*rules, "R15:7.gains"), (("trigger", t.id), ("source", t.source),
                            ("ability", t.ability), ("condition", kind), ("granter", t.granter))))
            continue
        ev.append(
            Event(
                "triggered",
                rules,
                (("trigger", t.id), ("source", t.source), ("ability", t.ability), ("condition", kind)),
            )
        )


def fire_from_deck(state: State, seat: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """«Когда вы используете Поиск» (trigger ``search_used``): ``seat`` began a search; each such
    ability of a card in his own deck fires, he its controller, the card its source, in deck
    order (R15:113.10: a triggered ability that fires from the deck, while its player has the
    right to look through his deck; INTERPRETING.md, entry 220).  Only his deck: the cards of his
    hand, graveyard and play zone do not see it (the ``search_trigger_outside_the_deck`` mutant
    lets his hand's fire too), nor does his opponent's deck (the ``search_trigger_on_any_search``
    mutant fires the opponent's as well)."""
    table = triggered_abilities()
    holders = _holders("search_used")
    if not game_has(state, holders):
        return  # no card of this game has one (speed only)
    seats = (seat, 1 - seat) if not state.rules.search_trigger_only_own_search else (seat,)
    before = len(state.pending)
    for owner in seats:
        p = state.players[owner]
        zone = p.deck if state.rules.search_trigger_only_in_deck else [*p.deck, *p.hand]
        for uid in zone:
            cid = state.cards[uid].card_id
            if cid not in holders:
                continue
            for i, _a in table[cid].get("search_used", ()):
                _add(state, run_of(ev), owner, uid, i, 0)
    for t in state.pending[before:]:
        ev.append(Event("triggered", (*rules, "R15:113.10"),
                        (("trigger", t.id), ("source", t.source), ("ability", t.ability), ("condition", "search_used"))))


def working_regeneration(state: State, uid: int, cards: Mapping[str, CardDef]) -> tuple[int, int]:
    """The Регенерация that works on the card ``uid`` is part of (its top card and the parts
    under it, R15 glossary «Присоединить»): the highest, the first in that order among equal
    ones, as (holder, ability index); (0, -1) if it has none.  «Если … карта с Регенерацией Х
    получает Регенерацию У, действовать будет только Регенерация с наибольшим значением» (R15
    glossary «Регенерация X»; INTERPRETING.md, entry 143)."""
    root = state.cards[uid].attached_to or uid
    best, found = 0, (0, -1)
    for holder in (root, *parts_of(state, root)):
        if holder == root and abilities_lost(state, root):
            continue  # its own Регенерация is printed text it lost (entry 211)
        for i, a in enumerate(cards[state.cards[holder].card_id].abilities):
            if isinstance(a, TriggeredAbility) and a.regeneration > best:
                best, found = a.regeneration, (holder, i)
    return found


def _fire_in_play(
    state: State, run: Run, kind: Trigger, subject: int, together: Sequence[int], count: int, killer: int,
    any_parts: bool, cards: Mapping[str, CardDef], known: Mapping[int, int] | None,
) -> None:
    """The abilities on condition ``kind`` (not one about its own card) of the heroes and the
    cards in play, the parts under them and the cards that left play with ``subject``: the
    inactive player's first (:func:`_fire`)."""
    table = triggered_abilities()
    holders_of_kind = _holders(kind)
    cards_of = state.cards
    # its controller (R15:519.5), or the last one if it just left play (R15:403.1, 505.3)
    subject_owner = last_controller(state, subject, known) if subject else -1
    for seat in (state.inactive, state.active):
        p = state.players[seat]
        seen: list[int] = [p.hero, *p.play]
        if together:
            seen += [u for u in together if last_controller(state, u, known) == seat and u not in p.play]
        if any_parts:  # the parts under his cards in play: their abilities are the combined card's
            parts = [c.uid for c in cards_of.values() if c.attached_to and c.attached_to in p.play]
            seen[1 + len(p.play):1 + len(p.play)] = parts
        for uid in seen:
            c = cards_of[uid]
            if c.card_id not in holders_of_kind:
                continue  # no ability on this condition
            if c.attached_to:
                if c.attached_to == subject or state.cards[c.attached_to].hidden:
                    continue  # its combined card is the subject, or hidden
            elif c.hidden or (uid == subject and kind != "character_healed"
                              and (kind != "creature_played" or state.rules.own_play_unseen)):
                continue  # a trigger about another card never sees its source (entry 77 for «разыгрываете существо»;
                # «ваш персонаж излечивается» is about any of his characters, itself included, entry 144)
            found = table[c.card_id].get(kind)
            if not found or (not c.attached_to and abilities_lost(state, uid)):
                continue  # none, or its printed text no longer counts (R15 glossary «Теряет особенности»; entry 211)
            for i, a in found:
                if kind in _WHOSE_TURN:
                    who = state.active
                elif kind in _OF_CREATURE:
                    who = subject_owner
                else:  # pragma: no cover - TRIGGERS is closed
                    raise AssertionError(kind)
                if a.whose == "own" and who != seat:
                    continue
                if a.whose == "opponent" and who == seat:
                    continue
                if a.subject_class and a.subject_class not in classes_of(state, subject):
                    continue  # «При гибели братства»: only a creature of that class (R15:107.3)
                if a.nth and _count_of_turn(state, kind, who) != a.nth:
                    continue  # «вторую карту за ход»: only that card (INTERPRETING.md, entry 60)
                if a.killed_by and not killed_by_holds(state, a.killed_by, seat, killer, known):
                    continue  # «погибает от …» (R15:505.1.1; entry 98)
                if a.cond and state.rules.trigger_if_checked and not condition_holds(state, seat, a.cond):
                    continue  # «…, если …»: the trigger's own condition (R15:113.2; entry 144)
                if a.regeneration and state.rules.regeneration_highest_only and \
                        working_regeneration(state, uid, cards) != (uid, i):
                    continue  # another Регенерация of this card is higher (entry 143)
                _add(state, run, seat, uid, i, subject, count)


@per_pool
def granters(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's cards with granted abilities (card key ``granted``): only a game
    holding one looks for granted abilities at all (speed only; INTERPRETING.md, entry 180)."""
    return frozenset(cid for cid, d in cards.items() if d.granted)


def granted_to(state: State, uid: int, seat: int = -1) -> list[tuple[int, int]]:
    """The granted abilities card ``uid`` has now, as (granter, ability index on the granter):
    those effects gave it («получает "…"», a modifier granting "ability"), then those a static
    of a card in its controller's play zone gives it («Ваши существа … имеют: "…"», while that
    card is in play and not hidden; R15:7.gains, 115; INTERPRETING.md, entries 180, 182).  A card
    that just died is read as it last was: its effects stay until its «Гибель» abilities are
    declared (R15:205.3), and the cards in play of its controller there (``seat``, R15:403.1) still
    grant to it."""
    out = [(m.granter, m.amount) for m in state.modifiers if m.target == uid and m.grants == "ability"]
    if not state.rules.granted_abilities_survive_the_loss and abilities_lost(state, uid):
        return []  # the mutant's reading: a loss takes the granted abilities too (entry 212)
    d = card_def(state, uid)
    if d.type != "creature":
        return out
    if seat < 0:
        seat = state.controller_of(uid)
    # a combined card's parts grant as it does: their statics are its own (entry 103)
    parts = state.rules.part_abilities_count and some_card_outside_zones(state)
    for g in [h for top in state.players[seat].play for h in (top, *(parts_of(state, top) if parts else ()))]:
        gc = state.cards[g]
        if state.cards[gc.attached_to or g].hidden:
            continue
        gd = card_def(state, g)
        if not gd.granted or (not gc.attached_to and abilities_lost(state, g)):
            continue  # none, or its printed «имеют: "…"» no longer counts (entry 211)
        for a in gd.abilities:
            if not isinstance(a, GrantAbility):
                continue
            if a.not_created and "created" in d.keywords:
                continue  # «не являющиеся созданными» (R15:519.6.1)
            if a.card_class and a.card_class not in classes_of(state, uid):
                continue  # «Каждый ваш орк» (R15:107.3)
            out.append((g, gd.first_granted + a.index))
    return out


def _fire_granted(
    state: State, run: Run, kind: Trigger, subject: int, count: int, cards: Mapping[str, CardDef], killer: int, strike: int,
    known: Mapping[int, int] | None,
) -> None:
    """The granted abilities of ``subject`` on a condition about itself (:func:`granted_to`): each
    fires with the card that has it as its source and its controller as controller, ``granter``
    naming the card whose text holds it (R15:7.gains, 502.2; INTERPRETING.md, entry 180)."""
    c = state.cards[subject]
    if c.hidden and kind != "death":
        return
    controller = last_controller(state, subject, known)  # R15:113.6, 403.1
    for granter, i in granted_to(state, subject, controller):
        a = cards[state.cards[granter].card_id].ability_at(i)
        if not isinstance(a, TriggeredAbility) or a.trigger != kind or a.item:
            continue
        if a.killed_by and not killed_by_holds(state, a.killed_by, controller, killer, known):
            continue
        if a.cond and state.rules.trigger_if_checked and not condition_holds(state, controller, a.cond):
            continue
        n = count
        if kind == "death":
            n = count if keeps_wounds(a) and state.rules.death_keeps_wounds else 0
            if keeps_strike(a):
                n = strike if state.rules.death_keeps_strike else cards[c.card_id].strike
        _add(state, run, controller, subject, i, subject, n, granter)


def _fire(
    state: State, run: Run, kind: Trigger, subject: int, together: Sequence[int], count: int, cards: Mapping[str, CardDef],
    killer: int, strike: int, part: bool, known: Mapping[int, int] | None,
) -> None:
    """The body of :func:`fire`: every ability whose condition ``kind`` happened becomes a
    pending trigger (:func:`_add`)."""
    if kind in _SELF:
        c = state.cards[subject]
        if not c.hidden or kind == "death":
            # its controller when it fired, the last one for a card that left play (R15:113.6, 505.3)
            controller = last_controller(state, subject, known)
            # a combined card has its parts' abilities (R15 glossary «Присоединить»): each fires
            # with its own card as source (a part's «Гибель» fires as the parts leave,
            # zones.leave_together)
            holders = (subject,) if kind in ("death", "hire") else (subject, *parts_of(state, subject))
            for holder in holders:
                h = state.cards[holder]
                if holder == subject and abilities_lost(state, holder):
                    continue  # its printed text no longer counts; a part's abilities stay the combined card's (entry 211)
                for i, a in triggered_abilities()[h.card_id].get(kind, ()):
                    if a.killed_by and not killed_by_holds(state, a.killed_by, controller, killer, known):
                        continue  # «при гибели от существа противника» (R15:505.1.1; entry 98)
                    if a.cond and state.rules.trigger_if_checked and not condition_holds(state, controller, a.cond):
                        continue  # the trigger's own «если …» (R15:113.2; entry 144)
                    n = count
                    if kind == "death":  # only a «Гибель» that reads its wounds keeps them (entry 87; the
                        # ``wounds_forgotten_at_death`` mutant reads them after leaving play cleared them)
                        n = count if keeps_wounds(a) and state.rules.death_keeps_wounds else 0
                        if keeps_strike(a):  # the strike it had (entry 151; the ``strike_at_death_printed``
                            # mutant reads its own card's printed strike)
                            n = strike if state.rules.death_keeps_strike else cards[h.card_id].strike
                    _add(state, run, controller, holder, i, subject, n)
            if not part and game_has(state, granters()) and (kind != "death" or state.rules.granted_death_fires):
                _fire_granted(state, run, kind, subject, count, cards, killer, strike, known)
    else:
        holders_of_kind = _holders(kind)
        # no card in play has an ability on this condition, and none left play with the subject
        # nor lies under a card (the common case, tested without a Python loop): only the poison
        # of the start of a turn and the delayed abilities remain (speed only)
        if together or (game_has(state, holders_of_kind) and not holders_of_kind.isdisjoint(ids_in_play(state))) \
                or some_card_outside_zones(state):
            _fire_in_play(state, run, kind, subject, together, count, killer, some_card_outside_zones(state), cards, known)
        if kind == "start_of_turn":
            for uid in state.players[state.active].play:
                # A hidden creature's abilities do not work, poison included (entry 38).
                if state.cards[uid].poison > 0 and (not state.cards[uid].hidden or not state.rules.hidden_poison_waits):
                    _add(state, run, state.active, uid, POISON, uid)
    if state.delayed:
        _fire_delayed(state, run, kind, subject, count, known)
