"""Combined creatures and created cards: «Модуль», «Присоединить», «Объединённая карта»,
«Создайте», «Созданный» (R15 glossary, Part 7), the supply (R15:206.1), R15:505.4, 519.6 and
519.6.1.

A combined card is its top card (in the play zone) and the parts attached under it
(``Card.attached_to``; a part is in no zone list of its own).  Its characteristics are
computed in :mod:`oracle.rules.queries.board` (sums of strike, life and cost; the classes and keywords
of all parts); its parts' triggered abilities are its own (:mod:`oracle.rules.mechanisms.triggers`); on
leaving play every part goes to the zone as a separate card
(:func:`oracle.rules.mechanisms.zones.leave_together`).  Created cards come from their owner's
supply (``Player.supply``) and go back to it instead of changing zone (R15:519.6.1).
"""

from __future__ import annotations

from ...cards import CreateParams, Effect
from ...model import Action, Card, Event, ModuleChoice, QueueEntry, State, Violation
from ..queries.board import ability_of, card_def, classes_of, forget_outside
from .triggers import fire
from .zones import enter_play

__all__ = [
    "ENTERING",
    "ask_module",
    "attach",
    "attach_in_play",
    "check_module_choice",
    "choose_host",
    "create_card",
    "create_effect",
    "mechanisms_of",
    "module_choice_actions",
    "module_chooser",
    "needs_module_choice",
]

#: The rule the Модуль decision comes from (a glossary entry; the id is the project's).
MODULE_RULE = "R15:7.module"

#: Where a card an effect puts into play comes from, by the effect's op, and the rule that takes
#: it into play: a created card from its owner's supply (R15:519.6), a summoned one from his deck
#: (R15:519.3), a resurrected one from his graveyard (R15:519.4).  A Модуль creature among them
#: waits there for its player's decision (INTERPRETING.md, entry 104).
ENTERING: dict[str, tuple[str, str]] = {"create": ("supply", "R15:519.6"), "summon": ("deck", "R15:519.3"),
                                        "resurrect": ("graveyard", "R15:519.4")}


def mechanisms_of(state: State, seat: int, module: int) -> list[int]:
    """The mechanisms ``module`` may be attached to: ``seat``'s creatures in the play zone with
    the class Механизм (R15:107.3, an upgraded one included), not hidden, in play-zone order
    (R15 glossary «Модуль»: «к вашему механизму»; INTERPRETING.md, entry 104)."""
    cards = state.cards
    return [
        uid for uid in state.players[seat].play
        if uid != module and not cards[uid].hidden and card_def(state, uid).type == "creature"
        and "Механизм" in classes_of(state, uid)
    ]


def needs_module_choice(state: State, uid: int, seat: int) -> bool:
    """Whether card ``uid``, about to enter the play zone under ``seat``, waits for his
    Модуль decision: it is a creature with «Модуль» and he has a mechanism to attach it to."""
    d = card_def(state, uid)
    return d.type == "creature" and "module" in d.keywords and bool(mechanisms_of(state, seat, uid))


def ask_module(
    state: State, uid: int, seat: int, entry: QueueEntry, effect: int = 0, option: str = "", cost: int = 0,
    waiting: tuple[int, ...] = (), fewer: bool = False,
) -> None:
    """The entering ``uid`` waits at step ``module_choice`` for ``seat``'s decision; the game
    then returns to the current step (INTERPRETING.md, entry 104).  For a summon or a
    resurrection, ``waiting`` are the other chosen cards still to enter and ``fewer`` whether it
    took fewer than it asks for."""
    state.attaching = ModuleChoice(uid, seat, state.step, entry, effect=effect, option=option, cost=cost,
                                   waiting=waiting, fewer=fewer)
    state.step = "module_choice"


def module_chooser(state: State) -> int:
    """Who decides at step ``module_choice``: the player the creature enters for (the step has
    ``attaching`` exactly when it is ``module_choice``: PROTOCOL.md 5.4, rule 15, which
    :func:`oracle.validate.validate` checks)."""
    mc = state.attaching
    assert mc is not None
    return mc.player


def module_choice_actions(state: State) -> list[Action]:
    """Every legal ``attach_module``: to each of his mechanisms, or none (it enters play)."""
    mc = state.attaching
    assert mc is not None
    return [*(Action("attach_module", card=mc.card, targets=(h,)) for h in mechanisms_of(state, mc.player, mc.card)),
            Action("attach_module", card=mc.card)]


def check_module_choice(state: State, action: Action) -> list[Violation]:
    """Violations of an ``attach_module``: the waiting creature, and at most one of his
    mechanisms in play (R15 glossary «Модуль»)."""
    mc = state.attaching
    assert mc is not None
    out: list[Violation] = []
    if action.card != mc.card:
        out.append(Violation(MODULE_RULE, f"card {mc.card} is the creature that enters now"))
    if len(action.targets) > 1:
        out.append(Violation(MODULE_RULE, "attach it to one mechanism, or name none to let it enter play"))
    hosts = mechanisms_of(state, mc.player, mc.card)
    for t in action.targets:
        if t not in hosts:
            out.append(Violation(MODULE_RULE, f"card {t} is not a mechanism of player {mc.player + 1} in play"))
    return out


def choose_host(state: State, action: Action, ev: list[Event]) -> ModuleChoice:
    """Carry out the Модуль decision: attach the creature to the chosen mechanism, or let it
    enter play; the game returns to the step it waited in.  Returns the decision, whose
    ``entry`` says what goes on (the caller continues the play or the ability)."""
    mc = state.attaching
    assert mc is not None
    state.attaching = None
    state.step = mc.resume
    # where it waits: the hand (a play), else where its effect takes it from (:data:`ENTERING`)
    source: list[int] | None = None
    rules: tuple[str, ...] = (MODULE_RULE,)
    if mc.entry.ability >= 0:
        op = ability_of(state, mc.entry).effects[mc.effect].op
        zone, rule = ENTERING[op]
        rules = (MODULE_RULE, rule)
        if op != "create":  # a created card enters from its supply as enter_play's own case (R15:519.6)
            source = getattr(state.players[mc.player], zone)
    if action.targets:
        attach(state, mc.card, action.targets[0], mc.player, ev, rules)
    else:
        enter_play(state, mc.card, mc.player, ev, rules, source)
    return mc


def _take(state: State, uid: int, seat: int) -> None:
    """Take ``uid`` out of ``seat``'s hand, supply, deck or graveyard (where an entering card
    waits: played, created, summoned, resurrected)."""
    p = state.players[seat]
    for zone in (p.hand, p.supply, p.deck, p.graveyard):
        if uid in zone:
            zone.remove(uid)
            return


def attach(state: State, part: int, host: int, seat: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """«Присоединить карту Х к карте Y»: ``part`` goes under ``host`` and the two are one card
    (``attached_to``); wounds on it move onto the combined card (R15 glossary «Присоединить»).
    Only the attached creature's own «Найм» abilities fire (R15 glossary «Модуль»): it does not
    enter play, so «when a creature enters» does not fire (INTERPRETING.md, entry 104)."""
    _take(state, part, seat)
    c = state.card_mut(part)
    c.attached_to = host
    forget_outside(state)
    c.entered_turn = state.turn
    if c.wounds:
        state.card_mut(host).wounds += c.wounds
        c.wounds = 0
    ev.append(Event("module_attached", (*rules, "R15:7.attach"), (("card", part), ("host", host), ("player", seat))))
    part_poison(state, part, host, ev)
    fire(state, "hire", part, ev, (*rules, "R15:7.module"))
    if not state.rules.attached_module_does_not_enter:  # the ``attached_module_enters_play`` mutant
        fire(state, "creature_enters", part, ev, rules)


def part_poison(state: State, part: int, host: int, ev: list[Event]) -> None:
    """A printed «Отравление N» of the attached ``part`` is the combined card's (R15 glossary
    «Присоединить»: «К особенностям карты Y добавляются все особенности карты X»; INTERPRETING.md,
    entries 80 and 103): the combined card has Poison N from now on, the higher value applying
    (R15:7.poison), event ``poisoned`` citing R15:7.poison and R15:7.attach."""
    n = card_def(state, part).poison
    if not n or not state.rules.printed_poison_in_play or not state.rules.part_abilities_count:
        return
    c = state.cards[host]
    if c.poison >= n:
        return
    c = state.card_mut(host)
    c.poison = n
    ev.append(Event("poisoned", ("R15:7.poison", "R15:7.attach"), (("card", host), ("poison", n))))


def attach_in_play(
    state: State, part: int, host: int, ev: list[Event], rules: tuple[str, ...], as_module: bool = False
) -> bool:
    """«Присоедините к Мехазавру механизм»: the creature ``part`` in the play zone, whoever
    controls it, goes under the creature ``host`` in play and the two are one card, ``part``'s
    own parts with it (one top card: R15 glossary «Присоединить», «Объединённая карта»).  Its
    wounds move onto the combined card; its closed state, poison, stun and the modifiers on it
    end with it as a card of its own (a part has none: INTERPRETING.md, entries 103 and 201).
    It neither leaves nor enters play and is no Модуль: no trigger fires (the
    ``attach_in_play_fires_hire`` mutant fires its «Найм»).  Event ``module_attached`` with
    ``from``, the seat whose play zone it left; ``player`` is the host's controller, who
    controls the part from now on.  ``as_module``: «как если бы они имели способность Модуль и
    только что вошли в игру» (Паролет): its «Найм» fires as an attached Модуль's does, its
    former parts' too, being the combined card's (R15:7.module; INTERPRETING.md, entry 202; the
    ``module_like_attach_fires_no_hire`` mutant fires none).  Returns whether it was attached."""
    if part == host or state.zone_of(part) != "play" or state.zone_of(host) != "play":
        return False
    if card_def(state, part).type != "creature" or card_def(state, host).type != "creature":
        return False
    seat = state.controller_of(part)
    state.players[seat].play.remove(part)
    subs = [u for u, c in state.cards.items() if c.attached_to == part]
    for sub in subs:
        state.card_mut(sub).attached_to = host
    c = state.card_mut(part)
    wounds = c.wounds
    c.attached_to = host
    c.wounds = c.poison = 0
    c.closed = c.hidden = c.stunned = False
    # what its own preventions used up goes with it as a card of its own (R15:516.6; a part has none)
    c.armour_turn = c.armour_prevented = c.prevented = 0
    if any(m.target == part for m in state.modifiers):
        state.modifiers = [m for m in state.modifiers if m.target != part]
    forget_outside(state)
    if wounds:
        state.card_mut(host).wounds += wounds
    owner = state.controller_of(host)
    ev.append(Event("module_attached", (*rules, "R15:7.attach"),
                    (("card", part), ("host", host), ("player", owner), ("from", seat))))
    for u in (part, *subs):
        part_poison(state, u, host, ev)
    if as_module and state.rules.module_like_attach_fires_hire:
        for uid in (part, *subs):
            fire(state, "hire", uid, ev, (*rules, MODULE_RULE))
    elif not as_module and not state.rules.attach_in_play_fires_nothing:  # the ``attach_in_play_fires_hire`` mutant
        fire(state, "hire", part, ev, rules)
    return True


def create_card(state: State, card_id: str, seat: int, ev: list[Event], rules: tuple[str, ...]) -> int:
    """«Создайте Х»: the card X comes out of ``seat``'s supply (R15:206.1); where his supply
    holds none, it is replenished with a new card instance, the next uid (R15:206.2;
    INTERPRETING.md, entry 106).  Its owner is ``seat`` (R15 glossary «Созданный»).  Returns
    its uid; the caller puts it into play (R15:519.6: open, under his control)."""
    p = state.players[seat]
    uid = next((u for u in p.supply if state.cards[u].card_id == card_id), 0)
    if not uid:
        uid = max(state.cards) + 1
        state.cards[uid] = Card(uid, card_id, seat)
        if state._ids is not None:
            state._ids = state._ids | {card_id}  # what board.game_has keeps
        if state._own is not None:
            state._own.add(uid)
        p.supply.append(uid)
    ev.append(Event("card_created", (*rules, "R15:519.6", "R15:7.create"), (("card", uid), ("player", seat))))
    return uid


def create_effect(
    state: State, entry: QueueEntry, effect: Effect, index: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """«Создайте Х» (effect ``index`` of the resolving ``entry``): the card comes out of the
    controller's supply and into play, open, his (R15:519.6); a creature with «Модуль» while
    he has a mechanism waits for his decision at step ``module_choice`` (True: the resolution
    waits; INTERPRETING.md, entry 104)."""
    params = effect.params
    assert isinstance(params, CreateParams)
    seat = entry.controller
    uid = create_card(state, params.card, seat, ev, rules)
    if needs_module_choice(state, uid, seat):
        ask_module(state, uid, seat, entry, effect=index)
        return True
    enter_play(state, uid, seat, ev, (*rules, "R15:519.6"))
    return False


