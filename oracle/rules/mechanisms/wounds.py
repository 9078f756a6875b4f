"""The wound pipeline: every wound the game deals passes through :func:`deal_wounds`, in the
order of the main stage of an attack or an ability (R15:508.4):

1. the calculation step (R15:508.4.1): the final amount, with the modifiers that depend on
   the target (the caller's strike «по …» and shot bonuses; «Уязвимость» here);
2. the effect-change step (R15:508.4.2): first the replacement effects (R15:517) — «Защита
   от [текст]» (R15:515.1), «Не получает ран от …» (R15:517.1.1), «Если … должно получить
   раны, вместо этого …» (R15:517.1) — each applied once to one wound, a replacement
   applying to the result of another (R15:517.5) and a cycle stopping before its first
   repetition (R15:525.1); then the prevention effects (R15:516) on the final amount
   (R15:516.2): «Броня N» (R15 glossary) and «Предотвратите следующие N ран», the inactive
   player's first, then the active player's (R15:516.3), a partly used one keeping its rest
   (R15:516.4) and none of a card that left play (R15:516.6);
3. the effect step (R15:508.4.3): the wounds are put on the card.

Wounds that are a card's payment (an alternative cost in wounds of the own hero) are no effect
of an ability: no replacement or prevention applies to them (R15:517.2, 501.3), nor Уязвимость
(entry 72).  Wounds that are an ability's payment («Жажда») pass the effect-change step like
any others, and the caller learns whether they were put on as paid: if a replacement or a
prevention changed them, the ability is not carried out (R15:501.2.1; INTERPRETING.md, entry
252); Уязвимость adds nothing to them either.  The static abilities of a hidden card do not
work (entry 12).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ...cards import Armour, CardDef, NoWoundsFrom, PreventNext, Protection, WoundReplacement, WoundWatch
from ...model import Event, HandChoice, Modifier, QueueEntry, State
from ..queries.board import (
    abilities_in_play,
    abilities_of_kind,
    card_def,
    classes_of,
    combined_ids,
    current_strike,
    game_has,
    has_keyword,
    ids_in_play,
    ids_with_kind,
    top_of,
)
from ..queries.pool_index import per_pool
from .replacement import Offer, replace
from .run import Asking, Question, run_of
from .triggers import fire
from .zones import leave_together

__all__ = ["answers_given", "deal_wounds", "pause_for_wound_choice",
           "unanswered_offer", "wound_choices_possible"]


@dataclass(frozen=True, slots=True)
class _Blow:
    """Wounds on their way to a card: who deals them (0: nobody), and whether by a strike
    (an attack or a return strike) or a shot (R15:507.3), and whether that strike is a return
    strike, which is no attack (R15:510.4, glossary «Атака»)."""

    source: int
    by_strike: bool
    shot: bool
    return_strike: bool = False


def deal_wounds(
    state: State, uid: int, amount: int, ev: list[Event], rules: tuple[str, ...], source: int = 0,
    by_strike: bool = False, payment: bool = False, shot: bool = False, return_strike: bool = False,
    ability_payment: bool = False,
) -> bool:
    """Deal ``amount`` wounds to the character ``uid`` in play through the pipeline (see the
    module); the ``wounded`` event tells how many were put on it.  A hidden card takes none (R15:504.3), nor a
    card out of play; an amount of 0 is no source of wounds (R15:512.1.1).  Returns whether
    they were put on as dealt: no replacement or prevention changed them (what an ability's
    payment, ``ability_payment``, needs to know: R15:501.2.1).

    ``source`` is the card that deals them (the striking creature, or the source of the
    ability whose effect they are, R15:502.2, wherever it is now, R15:403.1).  Wounds it
    deals to a hero fire «наносит раны ударом по герою» when ``by_strike`` (R15:510.3) and
    «[карта] наносит раны герою» either way (INTERPRETING.md, entry 57).  ``return_strike``: the
    strike is a return strike, no attack (R15:510.4)."""
    c = state.cards[uid]
    if amount <= 0 or c.hidden or state.zone_of(uid) != "play":
        return False
    blow = _Blow(source, by_strike, shot, return_strike)
    if source and not payment and state.modifiers and _deals_no_wounds(state, blow):
        # «оно не наносит ран»: a replacement of every wound it would deal (R15:517.1; entry 159)
        ev.append(Event("wounds_prevented", (*rules, "R15:508.4.2", "R15:517.1"),
                        (("card", uid), ("source", source), ("amount", amount))))
        return False
    paid = amount
    if not payment and not _untouched(state, uid):
        if not state.rules.prevention_after_final_amount:  # the ``prevention_before_final_amount`` mutant: before the calculation step
            amount = _prevent(state, uid, amount, blow, ev, rules)
            if amount <= 0:
                return False
        if has_keyword(state, uid, "vulnerability") and not ability_payment:
            # the calculation step (R15:508.4.1): «Уязвимость», 1 wound more from any source of
            # wounds; several do not add up (R15:7.vulnerability; INTERPRETING.md, entries 72, 94)
            amount += 1 if state.rules.vulnerability_adds_one else 0
            paid = amount
            rules = (*rules, "R15:7.vulnerability")
        before = len(ev)
        replaced = _replace(state, uid, amount, blow, ev, rules)
        if replaced is None:
            return False
        amount, rules = replaced
        if any(e.kind == "wounds_replaced" for e in ev[before:]):
            paid = -1  # a replacement applied (it may have left the amount as it was)
        if state.rules.prevention_after_final_amount:  # prevention after the final amount (R15:516.2; INTERPRETING.md, entry 94)
            amount = _prevent(state, uid, amount, blow, ev, rules)
        if amount <= 0:
            return False
    c = state.card_mut(uid)
    c.wounds += amount
    ev.append(Event("wounded", rules, (("card", uid), ("amount", amount), ("wounds", c.wounds))))
    if source and card_def(state, uid).type == "hero":
        if by_strike:
            fire(state, "strikes_hero", source, ev, rules, count=amount)  # «наносит Х ран ударом герою» (entry 57)
        if by_strike or state.rules.ability_wounds_have_a_source:
            fire(state, "wounds_hero", source, ev, rules)
    return amount == paid


#: Kinds as tuples (they hash fast as the keys of the per-kind tables of :mod:`.board`): the
#: card's own protections, «не получает ран» and armour; the replacements and preventions of
#: cards in play; the card's own replacements.
_OWN_GUARDS = (Protection, NoWoundsFrom, Armour)
_BOARD_GUARDS = (WoundReplacement, PreventNext)
_REPLACING = (Protection, NoWoundsFrom)


def _deals_no_wounds(state: State, blow: _Blow) -> bool:
    """The source of ``blow`` has «не наносит ран» in force (a modifier granting
    "deals_no_wounds"): no wound of it is dealt, by its strike or by its abilities
    (INTERPRETING.md, entry 159; the ``deals_no_wounds_only_by_strike`` mutant lets the wounds of
    its abilities through)."""
    if not (blow.by_strike or state.rules.deals_no_wounds_covers_abilities):
        return False
    return any(m.target == blow.source and m.grants == "deals_no_wounds" for m in state.modifiers)


def _untouched(state: State, uid: int) -> bool:
    """Whether nothing of steps 1–2 can apply to wounds dealt to ``uid`` now: it has no
    protection, «не получает ран», armour or Уязвимость, and no card in play has a wound
    replacement or a «предотвратите следующие» (then the amount goes on unchanged, with no
    event; speed only: most wounds meet none of them)."""
    own = ids_with_kind(_OWN_GUARDS)
    if game_has(state, own) and not own.isdisjoint(combined_ids(state, uid)):  # its parts' too (entry 103)
        return False
    if has_keyword(state, uid, "vulnerability"):
        return False
    if state.modifiers and any(m.target == uid and m.grants == "no_wounds" for m in state.modifiers):
        return False  # «Не получает ран» granted (entry 185)
    if state.modifiers and _gained_armour(state, uid):
        return False
    board = ids_with_kind(_BOARD_GUARDS)
    return not game_has(state, board) or board.isdisjoint(ids_in_play(state))


# --- replacement (R15:508.4.2, 515.1, 517)

#: «Не получает ран» granted to a card (a modifier granting "no_wounds"; entry 185): a replacement of
#: no ability index of the card's own, which no creature's strike limits.
_NO_WOUNDS = NoWoundsFrom(min_strike=0, text_en="Takes no wounds")
_NO_WOUNDS_INDEX = -3

#: A replacement that can apply: (the card whose static ability it is, the ability's index, the ability).
_Replacing = Protection | NoWoundsFrom | WoundReplacement
_Replacement = tuple[int, int, _Replacing]


def _replace(
    state: State, uid: int, amount: int, blow: _Blow, ev: list[Event], rules: tuple[str, ...]
) -> tuple[int, tuple[str, ...]] | None:
    """The replacement effects on ``amount`` wounds to ``uid``, through the one replacement
    pipeline (:func:`oracle.rules.mechanisms.replacement.replace`): None when they are replaced
    by something that is not wounds (the card takes none), else the amount to go on with and
    the rules its events cite.

    Each replacement applies at most once to one wound: a chain that would apply one again
    stops before that repetition (R15:525.1; INTERPRETING.md, entry 90), and the wounded event
    then cites R15:525.1.  The result of a replacement is what the next one replaces
    (R15:517.5; the ``one_replacement_per_wound`` mutant stops after the first).  When several
    can apply, the player whose replacements they are — the wounded card's controller when both
    players' are — chooses which applies next, each time (R15:517.3, 517.4; INTERPRETING.md,
    entry 242: step ``wound_choice``); where no unit waits for him, the order of
    :func:`_replacements` (entry 89)."""
    step = (*rules, "R15:508.4.2")

    def offers(_amount: int) -> list[Offer[_Replacing]]:
        return [Offer(card, index, ability, optional=_optional(ability))
                for card, index, ability in _replacements(state, uid, blow)]

    def apply(amount: int, offer: Offer[_Replacing], before: tuple[tuple[int, int], ...]) -> int | None:
        card, ability = offer.source, offer.ability
        if isinstance(ability, WoundReplacement) and ability.instead == "destroy_self":
            _destroy_instead(state, uid, card, blow, ev, step)
            return None
        if isinstance(ability, Protection):
            ev.append(Event("wounds_prevented", (*step, "R15:515.1"),
                            (("card", uid), ("source", blow.source), ("amount", amount))))
            return None
        if isinstance(ability, NoWoundsFrom):
            ev.append(Event("wounds_prevented", (*step, "R15:517.1.1"),
                            (("card", uid), ("source", blow.source), ("amount", amount))))
            return None
        if ability.instead == "upgrade":
            # «вместо этого усовершенствуйте его»: it loses its classes and is a Механизм, and
            # takes no wounds (R15:517.1, R15:7.upgrade)
            ev.append(Event("wounds_replaced", (*step, "R15:517.1"),
                            (("card", uid), ("by", card), ("instead", "upgrade"), ("amount", 0))))
            state.modifiers.append(Modifier(uid, 0, "while_in_play", grants="mechanism"))
            ev.append(Event("upgraded", (*step, "R15:517.1", "R15:7.upgrade"), (("card", uid),)))
            return None
        amount += ability.value  # «вместо этого получает на N ран больше»
        ev.append(Event("wounds_replaced", (*step, "R15:517.1", "R15:517.5") if before else (*step, "R15:517.1"),
                        (("card", uid), ("by", card), ("instead", "more"), ("amount", amount))))
        return amount

    done = replace(state, amount, offers, apply, ev, again=state.rules.replacement_of_a_replacement,
                   affected=state.controller_of(uid))
    if done.would is None:
        return None
    return done.would, (*rules, "R15:525.1") if done.repeated else rules


def _optional(ability: _Replacing) -> bool:
    """«вы можете уничтожить Курдаша, при этом …»: its controller's decision (R15:517.3; entry 223)."""
    return isinstance(ability, WoundReplacement) and ability.instead == "destroy_self"


def _destroy_instead(state: State, uid: int, card: int, blow: _Blow, ev: list[Event], step: tuple[str, ...]) -> None:
    """Курдаш «Если ваш герой должен получить раны, вы можете уничтожить Курдаша, при этом
    предотвратить получение ран и уничтожить их источник, если это существо или карта
    поддержки», applied: the card is destroyed (its own ability the source, R15:505.2,
    505.1.1), then, that done (R15:119.4), no wounds are put on the hero and the source of the
    wounds, a creature or a support card in play and not hidden, is destroyed by it too
    (INTERPRETING.md, entry 223; the ``wound_source_survives`` mutant leaves the source)."""
    cited = (*step, "R15:517.1")
    ev.append(Event("wounds_replaced", cited,
                    (("card", uid), ("by", card), ("instead", "destroy_self"), ("amount", 0))))
    leave_together(state, [top_of(state, card)], ev, (*cited, "R15:505.2"), by=card)  # a part: its combined card
    source = state.cards[blow.source].attached_to or blow.source if blow.source else 0
    if (source and state.rules.wound_source_destroyed and state.zone_of(source) == "play"
            and not state.cards[source].hidden and card_def(state, source).type in ("creature", "support")):
        leave_together(state, [source], ev, (*cited, "R15:119.4", "R15:505.2"), by=card)


# --- the decisions on replacements: which applies next, and an optional one (R15:517.3, 517.4;
# INTERPRETING.md, entries 223, 242)


@per_pool
def _choosers(cards: Mapping[str, CardDef]) -> frozenset[str]:
    """The ids of the pool's cards with an optional wound replacement (``destroy_self``)."""
    return frozenset(cid for cid, d in cards.items()
                     if any(isinstance(a, WoundReplacement) and a.instead == "destroy_self" for a in d.abilities))


#: Every kind of wound replacement (:func:`_replacements`).
_ALL_REPLACING = (Protection, NoWoundsFrom, WoundReplacement)


def wound_choices_possible(state: State) -> bool:
    """Whether a wound may meet a decision now (speed only: every other game skips the
    look-ahead of :func:`unanswered_offer`): a card with an optional wound replacement is in
    play, or two replacements may meet the same wounds — the wound replacements of the cards in
    play and the most any one card has of its own («Защита от», «Не получает ран», granted or
    printed), two or more together (R15:517.3; entry 242)."""
    ids = _choosers()
    if game_has(state, ids) and not ids.isdisjoint(ids_in_play(state)):
        return True
    if not state.rules.replacement_order_chosen:
        return False
    granted = [m.target for m in state.modifiers if m.grants == "no_wounds"] if state.modifiers else []
    if not granted and not game_has(state, ids_with_kind(_ALL_REPLACING)):
        return False
    found = abilities_in_play(state, _ALL_REPLACING)
    board = sum(1 for f in found if isinstance(f[3], WoundReplacement))
    own: dict[int, int] = {}
    for uid in granted:
        own[uid] = own.get(uid, 0) + 1
    for _seat, holder, _i, a in found:
        if isinstance(a, Protection) and a.source == "spells" and state.rules.spell_protection_only_restricts_targets:
            continue  # it restricts targets, it replaces no wounds (R15:515.2)
        if not isinstance(a, WoundReplacement):
            top = top_of(state, holder)
            own[top] = own.get(top, 0) + 1
    return board + max(own.values(), default=0) >= 2


def unanswered_offer(
    state: State, unit: Callable[[State, list[Event]], None], answers: tuple[bool, ...], ev: list[Event],
) -> Question | None:
    """The first question about replacements ``unit`` would ask with no answer among
    ``answers`` (which of several applies next, or whether an optional one does), found by
    carrying the unit out on a copy of the state; None when it asks none beyond them."""
    trial = state.fork()
    probe = run_of(ev).probe(Asking(answers))  # the unit's chain, the given answers (R15:525.1, 525.2)
    unit(trial, probe)
    return probe.asking.unanswered if probe.asking else None


def answers_given(count: int) -> tuple[bool, ...]:
    """The answers a ``choosing_cards.count`` at step ``wound_choice`` holds: 0 none, else
    2^n plus the bits of the n answers, bit i set when the i-th offer was applied."""
    if count <= 1:
        return ()
    n = count.bit_length() - 1
    return tuple(bool(count >> i & 1) for i in range(n))


def _count_of(answers: tuple[bool, ...]) -> int:
    return (1 << len(answers)) | sum(1 << i for i, a in enumerate(answers) if a) if answers else 0


def pause_for_wound_choice(
    state: State, entry: QueueEntry, index: int, unit: Callable[[State, list[Event]], None],
    answers: tuple[bool, ...], ev: list[Event],
) -> bool:
    """Before ``unit`` (effect ``index`` of the resolving ``entry``, or a strike attack's fight) is
    carried out: when it would ask a question about replacements not answered yet — which of
    several applies next (R15:517.3, 517.4; INTERPRETING.md, entry 242), whether an optional one
    applies (entry 223) — the game waits at step ``wound_choice`` for the decision of the player
    it asks (``choosing_cards``: the entry, the index, his seat, the step to return to, the
    answers so far) and True is returned.  What the ability's run had
    read before the effect, the resolution puts on the pause (``choosing_cards.memory``)."""
    question = unanswered_offer(state, unit, answers, ev)
    if question is None:
        return False
    state.choosing_cards = HandChoice(entry, index, question.seat, state.step, count=_count_of(answers))
    state.step = "wound_choice"
    return True


def _replacements(state: State, uid: int, blow: _Blow) -> list[_Replacement]:
    """The replacement effects that can apply now to wounds ``blow`` deals to ``uid``, in the
    engine's order, taken where no decision can be asked (entry 89): the card's own (protection, «Не получает ран от», its own «вместо»),
    then those of its controller's other cards in play, then the opponent's, by uid."""
    out: list[_Replacement] = []
    if state.modifiers and any(m.target == uid and m.grants == "no_wounds" for m in state.modifiers) and (
            blow.by_strike or state.rules.no_wounds_at_all):
        # «Не получает ран» granted until the end of turn (Неистовство): no wounds at all, whatever deals
        # them (R15:517.1.1; INTERPRETING.md, entry 185; the ``no_wounds_only_from_strikes`` mutant
        # keeps only strikes off)
        out.append((uid, _NO_WOUNDS_INDEX, _NO_WOUNDS))
    for holder, i, a in abilities_of_kind(state, uid, _REPLACING):  # a part's too (entry 103)
        if isinstance(a, Protection) and _protects(state, a, blow):
            out.append((holder, i, a))
        if isinstance(a, NoWoundsFrom) and _no_wounds_from(state, a, blow):
            out.append((holder, i, a))
    owner = state.controller_of(uid)  # its controller: «ваше существо» is one you control (entry 114)
    found = abilities_in_play(state, WoundReplacement, (owner, 1 - owner))
    # per seat: the wounded card first (a part's ability its combined card's, entry 103), then by uid (entry 89)
    found.sort(key=lambda f: (f[0] != owner, top_of(state, f[1]) != uid, f[1]))
    for _seat, card, i, a in found:
        if (_watches(state, a.to, card, uid)
                and not (a.unless_class and a.unless_class in classes_of(state, uid))):
            out.append((card, i, a))
    return out


def _protects(state: State, a: Protection, blow: _Blow) -> bool:
    """«Защита от [текст]» covers these wounds (R15:515.1): strikes, shots or both («атак»,
    R15:507.3; a return strike is no attack, R15:510.4 and glossary «Атака», so «Защита от атак»
    does not cover it: INTERPRETING.md, entry 154; the ``return_strike_counted_as_attack`` mutant
    lets it) of a card of its class, if it names one.  Protection from spells covers no
    wounds: it restricts targets (R15:515.2; the ``spell_protection_stops_wounds`` mutant
    lets it stop the wounds of a spell as well, INTERPRETING.md, entry 92)."""
    if a.source == "spells":
        return (not state.rules.spell_protection_only_restricts_targets and bool(blow.source)
                and card_def(state, blow.source).type == "spell")
    if a.source == "strikes" and not blow.by_strike:
        return False
    if a.source == "shots" and not blow.shot:
        return False
    if a.source == "attacks" and not (blow.shot or (blow.by_strike and (
            not blow.return_strike or not state.rules.return_strike_is_no_attack))):
        return False
    return not a.card_class or (bool(blow.source) and a.card_class in classes_of(state, blow.source))


def _no_wounds_from(state: State, a: NoWoundsFrom, blow: _Blow) -> bool:
    """«Не получает ран от существ с ударом N или более» (R15:517.1.1): the wounds come from a
    creature whose strike is N or more now — its current strike in play, its printed one once
    it left play (entry 86) — by its strike, or by an ability it is the source of (the
    ``no_wounds_from_covers_abilities`` mutant: by its strike only)."""
    if not blow.source or not (blow.by_strike or state.rules.no_wounds_from_covers_abilities):
        return False
    d = card_def(state, blow.source)
    if d.type != "creature":
        return False
    strike = current_strike(state, blow.source) if state.zone_of(blow.source) == "play" else d.strike
    return strike >= a.min_strike


def _watches(state: State, to: WoundWatch, card: int, uid: int) -> bool:
    """Whether an ability of ``card`` watching ``to`` is about wounds dealt to ``uid``."""
    if to == "self":
        return top_of(state, card) == uid  # a part's «это существо» is its combined card (entry 103)
    seat = state.controller_of(card)  # «ваш»: its controller's (R15 glossary «Ваша карта»; entry 114)
    if to == "own_hero":
        return uid == state.players[seat].hero
    creature = card_def(state, uid).type == "creature"
    return creature and (to == "each_creature" or state.controller_of(uid) == seat)


# --- prevention (R15:508.4.2, 516)


def _prevent(state: State, uid: int, amount: int, blow: _Blow, ev: list[Event], rules: tuple[str, ...]) -> int:
    """The prevention effects on the final ``amount`` of wounds to ``uid`` (R15:516.2): each
    with a number is applied in turn while wounds are left, first all the inactive
    player's, then the active player's (R15:516.3; the ``active_prevention_first`` mutant
    takes the active player's first); one a player has several of are taken «Броня» first,
    then by card (entry 91).  Each prevents what it can; a counted one keeps its rest for
    later wounds (R15:516.4; the ``prevention_rest_lost`` mutant uses it up).  Only cards in
    play, not hidden, prevent (R15:516.6).  Returns the wounds left to put on."""
    shields = _shields(state, uid, blow)
    first = state.inactive if state.rules.prevention_inactive_first else state.active
    shields.sort(key=lambda s: (s[0] != first, s[2] != "armour", s[1]))
    for _seat, card, kind, left in shields:
        if amount <= 0:
            break
        n = min(left, amount)
        if n <= 0:
            continue
        amount -= n
        c = state.card_mut(card)
        cited = (*rules, "R15:508.4.2", "R15:516.1", "R15:516.3")
        if kind == "armour":
            if c.armour_turn != state.turn:
                c.armour_turn, c.armour_prevented = state.turn, 0
            c.armour_prevented += n
            rest = left - n
            cited = (*cited, "R15:7.armour")
        else:
            c.prevented += n if state.rules.prevention_rest_kept or n == left else left
            rest = _prevent_next_value(state, card) - c.prevented
            if rest > 0:
                cited = (*cited, "R15:516.4")
        ev.append(Event("prevention_used", cited,
                        (("card", uid), ("by", card), ("prevented", n), ("rest", rest), ("amount", amount))))
    return amount


def _shields(state: State, uid: int, blow: _Blow) -> list[tuple[int, int, str, int]]:
    """The numeric preventions that can apply to wounds ``blow`` deals to ``uid``: (its
    controller's seat, its card, "armour" or "next", what it can still prevent).  «Броня N»
    is the card's own, against strikes and shots only (the ``armour_covers_every_wound``
    mutant: against any wounds), the highest one counting, renewed each turn (the
    ``armour_never_renews`` mutant keeps the count from turn to turn; R15 glossary «Броня Х»;
    INTERPRETING.md, entry 93)."""
    out: list[tuple[int, int, str, int]] = []
    values = [a.value for _, _, a in abilities_of_kind(state, uid, Armour)]  # a part's Броня too (entry 103)
    # a Броня gained until the end of turn joins the printed one, the highest counting (entry 162)
    values += _gained_armour(state, uid)
    if values and (blow.by_strike or blow.shot or not state.rules.armour_strikes_and_shots_only):
        c = state.cards[uid]
        used = c.armour_prevented if c.armour_turn == state.turn or not state.rules.armour_per_turn else 0
        out.append((state.controller_of(uid), uid, "armour", max(values) - used))
    seen = 0
    for seat, card, _, a in abilities_in_play(state, PreventNext):
        if card != seen and _watches(state, a.to, card, uid):
            out.append((seat, card, "next", a.value - state.cards[card].prevented))
            seen = card  # one per card: its first that watches ``uid``
    return out


def _gained_armour(state: State, uid: int) -> list[int]:
    """The values of the Броня ``uid`` gained for a time («получает Броню N до конца хода»: a
    modifier granting ``armour``; INTERPRETING.md, entry 162); the ``gained_armour_adds`` mutant
    adds them to the card's printed Броня instead of taking the highest."""
    gained = [m.amount for m in state.modifiers if m.target == uid and m.grants == "armour"]
    if gained and not state.rules.highest_armour_counts:
        printed = sum(a.value for _, _, a in abilities_of_kind(state, uid, Armour))
        return [printed + sum(gained)]
    return gained


def _prevent_next_value(state: State, card: int) -> int:
    """The N of the card's «Предотвратите следующие N ран» (its first such ability)."""
    return next(a.value for a in card_def(state, card).abilities if isinstance(a, PreventNext))

