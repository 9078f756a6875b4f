"""What the game waits for at its step (PROTOCOL.md 5.4, rules 9, 11 to 13 and 15): a
declaration it can make at a Queue step (401.7), a mulligan still to declare (301.7), or the
pending choice of its step — a target (R15:118.1), a cancellation (R15:518.1), a Модуль's
attachment (R15 glossary «Модуль») or a resolution waiting in the middle (rule 12), whose pause
checks its own state (:data:`~oracle.rules.resolution.pauses.PAUSES`) — and the Queue step each
choice returns to.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..canonical_form import StateError
from ..cards import CardDef, Effect, EffectAbility, SpellAbility, load_pool
from ..engine import QUEUE_STEPS  # the step table
from ..model import MEMORY_READS, PLAY_OPTIONS, HandChoice, Memory, QueueEntry, State
from ..rules.mechanisms.modules import ENTERING, mechanisms_of
from ..rules.queries.board import ability_of
from ..rules.resolution.cancellation import cancellers  # R15:518.1, not repeated here
from ..rules.resolution.pauses import PAUSES
from ..rules.resolution.queue import can_declare_or_pass, decider, opponent_chooses, target_choice_waits  # 401.7
from ..rules.turn.setup import DEAL
from ..steps import resume_inconsistency
from .abilities import _check_entry_granter
from .bounds import _bound, _length
from .step import _CHOOSING_CARDS_STEPS

__all__: list[str] = []


def _check_waiting(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rules 9, 11 to 13 and 15: what the game waits for at its step (after :func:`.step._check_step`)."""
    step = state.step
    players = state.players
    if state.cancelling or step == "cancel_choice":  # rule 13
        _check_cancelling(state, pool)
        if step == "cancel_choice":
            return
    if step == "target_choice":
        _check_choosing(state, pool)
        return
    if step == "wound_choice":
        _check_wound_choice(state, pool)
        return
    if step in _CHOOSING_CARDS_STEPS:
        _check_choosing_cards(state, pool)
        return
    if step == "module_choice":
        _check_attaching(state, pool)
        return

    # the game waits at a Queue step only for a possible declaration
    if step in QUEUE_STEPS and not can_declare_or_pass(state):
        raise StateError(
            "pending", f"at {step} player {decider(state) + 1} can neither declare nor pass a pending trigger "
            "(usage limit used up or no legal target): such a trigger is dropped before the game waits (401.7, 501.2)"
        )
    if step == "setup_mulligan":  # rule 9: someone can still declare
        if any(len(p.deck) + len(p.hand) == 0 for p in players):
            raise StateError("players", "a player without cards cannot take a mulligan")
        if all(p.mulligan is not None for p in players):
            raise StateError("players", "at setup_mulligan at least one player has not declared his mulligan")
        for seat, p in enumerate(players):
            if len(p.hand) > DEAL:
                raise StateError(
                    f"players[{seat}].hand", f"{len(p.hand)} cards: at setup_mulligan the hand is the deal of at most {DEAL} (301.6)"
                )


def _check_choice_entry(state: State, e: QueueEntry, field: str) -> None:
    """The entry of a pending choice (``choosing``, ``choosing_cards``, ``attaching``): a declared
    ability's kind, its integers within their bounds, its source a card of the state, its
    granter one too (:func:`_check_entry_granter`)."""
    if e.kind not in ("activated", "triggered", "spell"):
        raise StateError(f"{field}.entry.kind", f"must be activated, triggered or spell; got {e.kind!r}")
    for key in ("controller", "source", "ability", "x", "mode", "part"):
        _bound(getattr(e, key), f"{field}.entry.{key}", f"{field}.entry.{key}")
    if e.source not in state.cards:
        raise StateError(f"{field}.entry.source", f"no card with uid {e.source}")
    _check_entry_granter(state, e, f"{field}.entry")
    modes = load_pool().cards[state.cards[e.source].card_id].modes
    if e.mode >= len(modes):  # (as a Queue entry's, rule 5: the engine reads the mode's abilities)
        raise StateError(f"{field}.entry.mode", f"card {e.source} has no mode {e.mode}")


def _check_resume(state: State, resume: str, field: str) -> None:
    """A pending choice returns to a Queue step (``{field}.resume``), and the attack in
    progress agrees with what that step requires and forbids (:func:`oracle.steps.resume_inconsistency`)."""
    wrong = resume_inconsistency(resume, state.attack is not None, field)
    if wrong is not None:
        raise StateError(*wrong)


def _check_attaching(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 14: the pending Модуль decision (R15 glossary «Модуль»): a creature with «Модуль»
    waiting in its player's hand (a play: ``entry.ability`` -1, the entry naming the card, the
    game returning to step play_queue), supply (a creation by a resolving ability's effect),
    deck (a summon, the other chosen cards of the deck waiting with it) or graveyard (a
    resurrection, likewise), while he has a mechanism in play to attach it to."""

    mc = state.attaching
    assert mc is not None
    e = mc.entry
    _check_choice_entry(state, e, "attaching")
    for key in ("card", "player", "effect", "cost"):
        _bound(getattr(mc, key), f"attaching.{key}", f"attaching.{key}")
    if mc.option not in PLAY_OPTIONS:
        raise StateError("attaching.option", f"must be one of {', '.join(map(repr, PLAY_OPTIONS))}; got {mc.option!r}")
    if mc.card not in state.cards:
        raise StateError("attaching.card", f"no card with uid {mc.card}")
    d = pool[state.cards[mc.card].card_id]
    if d.type != "creature" or "module" not in d.keywords:
        raise StateError("attaching.card", f"card {mc.card} is not a creature with «Модуль» (R15:7.module)")
    p = state.players[mc.player]
    play = e.ability == -1
    if play and (e.source != mc.card or mc.card not in p.hand or mc.resume != "play_queue" or mc.player != state.active):
        raise StateError("attaching.entry", "a played Модуль creature waits in its player's hand, the active player's, "
                         "the entry naming it, the game returning to step play_queue (R15:309.1)")
    if play and mc.effect:
        raise StateError("attaching.effect", "a play has no creating effect: effect is 0 (absent) for a played Модуль "
                         "creature")
    if play and (mc.waiting or mc.fewer):
        raise StateError("attaching.waiting", "a play enters one card: no other cards wait with it")
    if not play:
        if mc.option or mc.cost:
            raise StateError("attaching.option", "a creation, a summon or a resurrection has no play option or cost")
        sd = pool[state.cards[e.granter or e.source].card_id]  # a granted ability: its granter's (entry 180)
        abilities = sd.modes[e.mode] if 0 <= e.mode < len(sd.modes) else sd.abilities
        # a granted ability, or a delayed one numbered after the card's own (R15:521; entry 213)
        delayed = e.kind == "triggered" and e.mode < 0 and e.ability >= len(sd.abilities)
        found = sd.ability_at(e.ability) if e.granter or delayed else (
            abilities[e.ability] if 0 <= e.ability < len(abilities) else None)
        op = found.effects[mc.effect].op if found is not None and mc.effect < len(found.effects) else ""
        if found is None or op not in ENTERING:
            raise StateError("attaching.effect", f"effect {mc.effect} of that ability is not a «create», a summon "
                             "or a resurrection")
        zone_name, rule = ENTERING[op]
        zone = getattr(p, zone_name)
        if mc.card not in zone:
            raise StateError("attaching.card", f"card {mc.card} waits in the {zone_name} of player {mc.player + 1} "
                             f"({rule})")
        if op == "create" and (mc.waiting or mc.fewer):
            raise StateError("attaching.waiting", "a creation enters one card: no other cards wait with it")
        for j, uid in enumerate(mc.waiting):
            if uid not in zone or uid == mc.card or uid in mc.waiting[:j]:
                raise StateError(f"attaching.waiting[{j}]", f"the other chosen cards are distinct cards of the "
                                 f"{zone_name} of player {mc.player + 1}, not the entering one ({rule})")
        _check_memory(mc.memory, found.effects, mc.effect + 1, "attaching")
        _check_resume(state, mc.resume, "attaching")
    elif mc.memory is not None:
        raise StateError("attaching.memory", "a play is no ability's run: it carries no memory (R15:119.2)")
    if not mechanisms_of(state, mc.player, mc.card):
        raise StateError("attaching.player", f"player {mc.player + 1} has no mechanism in play to attach to (R15:7.module)")


def _check_choosing(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 10: the pending target choice (R15:118.1; PROTOCOL.md 5.4)."""

    tc = state.choosing
    assert tc is not None
    e = tc.entry
    _check_choice_entry(state, e, "choosing")  # a granted ability: one of its granter's (entry 180)
    d = pool[state.cards[e.granter or e.source].card_id]
    found = d.ability_at(e.ability) if e.granter else (
        d.abilities[e.ability] if 0 <= e.ability < len(d.abilities) else None)
    if not (found is not None and found.kind == e.kind and opponent_chooses(found)):
        raise StateError("choosing.entry.ability", f"card {e.source} has no {e.kind} ability {e.ability} "
                         "whose target the opponent chooses")
    for key, default in (("targets", ()), ("amounts", ()), ("x", 0), ("mode", -1), ("part", -1)):
        if getattr(e, key) != default:
            raise StateError(f"choosing.entry.{key}", f"must be {default!r} for an ability whose target is not chosen yet")
    _check_resume(state, tc.resume, "choosing")
    want = {"activated": "ability_queue", "spell": "play_queue"}.get(e.kind, tc.resume)
    if tc.resume != want:
        raise StateError("choosing.resume", f"a declared {e.kind} ability returns to {want} (308.2, 309.2)")
    if not target_choice_waits(state):
        raise StateError("choosing", "the chooser has fewer than two legal target lists: a lone choice is made "
                         "without a decision point (R15:118.1; INTERPRETING.md, entries 5 and 48)")


def _check_cancelling(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 13: ``cancelling`` is nonzero exactly at step cancel_choice, the played card
    (a spell in its owner's graveyard or a card in his play zone) whose play a card of his
    opponent can cancel (R15:518.1)."""
    uid = state.cancelling
    if state.step != "cancel_choice":
        raise StateError("cancelling", "a play waits for its cancellation only at step cancel_choice (0 elsewhere)")
    if uid not in state.cards:
        raise StateError("cancelling", "the played card's uid at step cancel_choice" if not uid else f"no card with uid {uid}")
    c = state.cards[uid]
    zone = state.zone_of(uid)
    if zone != ("graveyard" if pool[c.card_id].type == "spell" else "play"):
        raise StateError("cancelling", f"card {uid} is not a card just played (a spell in the graveyard, another card in play)")
    if not cancellers(state, uid):
        raise StateError("cancelling", f"no card of player {2 - c.owner} can cancel the play of card {uid} (R15:518.1)")


def _check_choosing_cards(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 12: the resolution waiting at step hand_choice (R15:7.discard; PROTOCOL.md 5.4),
    search_shuffle (R15:7.search), pay_choice (R15:119.7) or deck_order (R15:204.4): its entry
    and the fields every such pause shares, then what its pause checks of its own waiting
    state (:func:`_ask_pause`), then the step it returns to."""
    hc = state.choosing_cards
    assert hc is not None
    e = hc.entry
    _check_choice_entry(state, e, "choosing_cards")
    for key in ("effect", "player"):
        _bound(getattr(hc, key), f"choosing_cards.{key}", f"choosing_cards.{key}")
    # the resolving ability's targets (a search before «можете отравить существо», R15:119.5)
    _length(e.targets, "choosing_cards.entry.targets")
    for j, t in enumerate(e.targets):
        _bound(t, "choosing_cards.entry.targets[]", f"choosing_cards.entry.targets[{j}]")
        if t not in state.cards:
            raise StateError(f"choosing_cards.entry.targets[{j}]", f"no card with uid {t}")
    _length(e.amounts, "choosing_cards.entry.amounts")
    for j, amount in enumerate(e.amounts):
        _bound(amount, "choosing_cards.entry.amounts[]", f"choosing_cards.entry.amounts[{j}]")
    d = pool[state.cards[e.source].card_id]
    abilities = d.modes[e.mode] if 0 <= e.mode < len(d.modes) else d.abilities
    if e.part == -2:
        abilities = d.fury.abilities if d.fury else ()
    if not e.granter and not (0 <= e.ability < len(abilities) and abilities[e.ability].kind == e.kind):
        raise StateError("choosing_cards.entry.ability", f"card {e.source} has no {e.kind} ability {e.ability}")
    a = ability_of(state, e)
    _ask_pause(state, hc, a)
    _check_memory(hc.memory, a.effects, hc.effect, "choosing_cards")
    _check_resume(state, hc.resume, "choosing_cards")


def _check_wound_choice(state: State, pool: Mapping[str, CardDef]) -> None:
    """Rule 12 at step wound_choice (R15:517.3; INTERPRETING.md, entry 223): ``choosing_cards``
    names a resolving strike attack or an ability of its source (or granter), then what the
    pause checks of its own waiting state (:func:`_ask_pause`: the unit, the answers given so
    far, the offer), then the step it returns to."""
    hc = state.choosing_cards
    assert hc is not None
    e = hc.entry
    for key in ("effect", "player"):
        _bound(getattr(hc, key), f"choosing_cards.{key}", f"choosing_cards.{key}")
    if e.source not in state.cards:
        raise StateError("choosing_cards.entry.source", f"no card with uid {e.source}")
    if e.kind == "strike_attack":
        _check_entry_granter(state, e, "choosing_cards.entry")  # a strike attack is granted by nobody
        a: EffectAbility = _FIGHT
    else:
        _check_choice_entry(state, e, "choosing_cards")
        d = pool[state.cards[e.source].card_id]
        abilities = d.modes[e.mode] if 0 <= e.mode < len(d.modes) else d.abilities
        if not e.granter and not (0 <= e.ability < len(abilities) and abilities[e.ability].kind == e.kind):
            raise StateError("choosing_cards.entry.ability", f"card {e.source} has no {e.kind} ability {e.ability}")
        a = ability_of(state, e)
    _ask_pause(state, hc, a)
    _check_memory(hc.memory, a.effects, hc.effect, "choosing_cards")
    _check_resume(state, hc.resume, "choosing_cards")


#: What a wound choice before a fight hands its pause as the resolving ability: a strike attack
#: is no ability (R15:307), so none with no effects; the pause reads the fight from the entry.
_FIGHT = SpellAbility()


def _check_memory(memory: Memory | None, effects: Sequence[Effect], start: int, field: str) -> None:
    """Rule 12: a resolution pause carries what its run had read (``memory``, R15:119.2, 403.1)
    exactly as far as the ability's effects from ``start`` (the waiting one, or the one after a
    creation) read it (:data:`~oracle.model.MEMORY_READS`): no field none of them reads, and no
    memory with no field (the key is then absent)."""
    if memory is None:
        return
    read = {e.amount for e in effects[start:]}
    present = [key for key in MEMORY_READS if getattr(memory, key)]
    if not present:
        raise StateError(f"{field}.memory", "an empty memory: the key is absent when the run read nothing the "
                         "later effects read")
    for key in present:
        if MEMORY_READS[key] not in read:
            raise StateError(f"{field}.memory.{key}", f"no effect from effect {start} on reads it (amount "
                             f"{MEMORY_READS[key]!r})")


def _ask_pause(state: State, hc: HandChoice, a: EffectAbility) -> None:
    """Rule 12: the resolution pause the state waits at (:data:`~oracle.rules.resolution.pauses.PAUSES`)
    checks its own waiting state, ``a`` the resolving ability
    (:attr:`~oracle.rules.resolution.resume.Pause.inconsistency`)."""
    check = PAUSES[state.step].inconsistency
    wrong = None if check is None else check(state, hc, a)
    if wrong is not None:
        raise StateError(*wrong)
