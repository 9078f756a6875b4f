"""Carrying out an ability's effects (R15:119): in order (R15:119.2), each one linked to the
one before it or not (R15:119.4, 119.7), its condition read when it executes (R15:119.2),
the targets that left play or hid skipped (R15:120.7); a hand effect may pause the
resolution for a choice (INTERPRETING.md, entry 63).  Each op is carried out by its handler
(:mod:`~oracle.rules.ops.card_effects`, :mod:`~oracle.rules.ops.player_effects`, or for a hand op
:mod:`~oracle.rules.ops.hand`), through the dispatch tables here, checked complete against the
op table (:data:`oracle.cards.OPS`) at import."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ...cards import (
    GRANT_OPS,
    HAND_OPS,
    OPS,
    SHOWN_CONDITIONS,
    TARGET_CONDITIONS,
    Effect,
    EffectAbility,
    Op,
    OpGroup,
    WoundParams,
)
from ...model import MEMORY_READS, Event, HandChoice, Memory, QueueEntry, State
from ..mechanisms import draws
from ..mechanisms.basic_effects import close_card
from ..mechanisms.modules import create_effect
from ..mechanisms.replacement import answering
from ..mechanisms.triggers import fire_from_deck
from ..mechanisms.wounds import pause_for_wound_choice, wound_choices_possible
from ..mechanisms.zones import check_state
from ..ops import card_effects, deck_top, player_effects
from ..ops.deck_order import order_effect
from ..ops.hand import carry_out, choosers, forced_choice, has_real_choice, pause_for, pause_for_shuffle, shuffles_after
from ..ops.named_targets import pause_to_name
from ..ops.opponent_payment import payment_effect
from ..queries import timed_effects
from ..queries.board import (
    ability_of,
    card_def,
    classes_of,
    condition_holds,
    current_strike,
    has_keyword,
    shot_bonus,
    target_condition_holds,
)
from ..queries.payment import mentioned_cost
from ..queries.recipients import effect_amount, recipients_of
from ..queries.targeting import target_groups, target_violation
from . import delayed

__all__ = ["DRAWS", "WOUNDING_OPS", "EachHandler", "Reads", "WholeHandler", "apply_effect", "effect_unit", "hand_effect",
           "keep_memory", "run_ability", "run_effects"]


def run_ability(
    state: State, entry: QueueEntry, ability: EffectAbility, ev: list[Event], rules: tuple[str, ...]
) -> None:
    """Execute an ability's effects in order (R15:119.2); targets that left the play zone
    or hid are skipped, the rest still happens (R15:120.7).  Target restrictions are not
    checked again (B:501.4), unless the engine runs the mutant that does so."""
    if not state.rules.targets_fixed_at_declaration and ability.targets:
        kept = tuple(
            t
            for spec, group in target_groups(ability, entry.targets)
            for t in group
            if not target_violation(state, spec, entry.controller, entry.source, t)
        )
        entry = replace(entry, targets=kept)
    if not state.rules.targets_named_as_carried_out:
        # the ``target_named_before_the_parts`` mutant: a later part's target named before the
        # first part is carried out, as if with the declaration (entry 250, reading (a))
        later = next((i for i, e in enumerate(ability.effects) if e.names_target is not None), -1)
        if later >= 0 and pause_to_name(state, entry, later, ability.effects[later]):
            return
    run_effects(state, entry, ability, 0, True, ev, rules)


@dataclass(slots=True)
class Reads:
    """What the run of an ability's effects has read so far (R15:119.2), while it runs: the
    cards its effects drew (amount ``drawn``), the last known strike of its source and of its
    target (R15:403.1; -1: none read), the controller's cards its discards moved (``discarded_before``,
    entry 174) and the characters its heals removed a wound from (``healed_characters``, entry
    214).  At a pause it is frozen whole into the pause's record (:class:`~oracle.model.Memory`,
    :meth:`frozen`), and the resumed run starts from it (:meth:`of`), so a later effect reads the
    same after a decision as without one."""

    drawn: int = 0
    strike: int = -1
    target_strike: int = -1
    discarded: int = 0
    healed: int = 0

    @classmethod
    def of(cls, memory: Memory | None) -> Reads:
        """The reads a pause's memory holds (none: nothing read)."""
        if memory is None:
            return cls()
        return cls(memory.drawn, memory.strike - 1, memory.target_strike - 1, memory.discarded, memory.healed)

    def frozen(self, later: Sequence[Effect]) -> Memory | None:
        """The memory a pause carries: what the effects ``later`` (from the waiting one on) read
        of it (:data:`~oracle.model.MEMORY_READS`), None when they read nothing."""
        read = {e.amount for e in later}
        kept = {key: value for key, value in (("drawn", self.drawn), ("strike", self.strike + 1),
                                               ("target_strike", self.target_strike + 1),
                                               ("discarded", self.discarded), ("healed", self.healed))
                if value and MEMORY_READS[key] in read}
        return Memory(**kept) if kept else None


def keep_memory(state: State, entry: QueueEntry, memory: Memory | Reads | None) -> None:
    """The pause the resolution of ``entry`` now waits at carries what its run had read
    (``choosing_cards.memory``, or ``attaching.memory`` for a created Модуль), as much of it as
    the effects from the waiting one on read: one place for every pause, whichever op made it."""
    if memory is None:
        return
    reads = memory if isinstance(memory, Reads) else Reads.of(memory)
    effects = ability_of(state, entry).effects
    hc = state.choosing_cards
    if hc is not None and hc.entry == entry and hc.memory is None:
        state.choosing_cards = replace(hc, memory=reads.frozen(effects[hc.effect:]))
    mc = state.attaching
    if mc is not None and mc.entry == entry and mc.memory is None:
        state.attaching = replace(mc, memory=reads.frozen(effects[mc.effect + 1:]))


def run_effects(
    state: State, entry: QueueEntry, ability: EffectAbility, start: int, done: bool, ev: list[Event],
    rules: tuple[str, ...], answers: tuple[bool, ...] = (), memory: Memory | None = None,
) -> None:
    """Execute the ability's effects from index ``start`` on (``done``: whether the effect
    before it was carried out).  A hand effect with a real choice stops the resolution at
    step ``hand_choice``; the choice resumes it here after that effect (R15:119.2;
    INTERPRETING.md, entry 63).  An effect that deals wounds waits first at step
    ``wound_choice`` when it would ask about replacements (Курдаш's «вы можете», entry 223;
    which of several applies next, entry 242); the
    decision resumes it here at that effect, ``answers`` the decisions made for it.  Whatever
    the pause, it carries what the run had read (``memory``, :class:`Reads`), and the resumed
    run starts from it."""
    reads = Reads.of(memory)
    # only an ability that reads its source's strike needs the last known one (R15:403.1)
    reads_strike = any(e.amount == "self_strike" for e in ability.effects)
    # and an ability that reads its target's strike the target's (entry 82)
    target = entry.targets[0] if entry.targets and any(e.amount == "target_strike" for e in ability.effects) else 0
    for index in range(start, len(ability.effects)):
        effect = ability.effects[index]
        own = state.cards[entry.source].attached_to or entry.source  # a part's: its combined card (entry 103)
        if reads_strike and state.zone_of(own) == "play" and card_def(state, own).type == "creature":
            reads.strike = current_strike(state, own)  # its last known strike (R15:403.1)
        if target and state.zone_of(target) == "play" and not state.cards[target].hidden:
            reads.target_strike = current_strike(state, target)  # the target's last known strike (R15:403.1)
        if not _follows(state, effect, done):
            done = False
            continue
        if effect.names_target is not None and not entry.targets and state.rules.targets_named_as_carried_out:
            # a part after «;» names its target as it is carried out (R15:116.1, 119.2; entry 250):
            # its controller's decision waits at step target_naming; with no legal target, or its
            # condition false, the part is not carried out
            if (effect.cond in TARGET_CONDITIONS or _condition_met(state, entry, effect)) and pause_to_name(
                    state, entry, index, effect):
                keep_memory(state, entry, reads)
                return
            done = False
            continue
        if effect.op == "upgrade" and _cancels(state, entry, effect, ev, rules):
            return
        if effect.op == "search":
            # «Когда вы используете Поиск»: the searcher's deck cards see it (R15:113.10; entry 220)
            fire_from_deck(state, entry.controller, ev, rules)
        if effect.op in HAND_OPS:
            hand = len(state.players[entry.controller].hand)
            paused, done = hand_effect(state, entry, ability, index, choosers(state, entry, effect), ev, rules)
            if effect.op == "discard":
                reads.discarded += hand - len(state.players[entry.controller].hand)
            if paused:
                keep_memory(state, entry, reads)
                return
        elif (pausing := _PAUSING.get(OPS[effect.op].group)) is not None:
            # an op whose decision may wait at a pause of its own (:data:`_PAUSING`)
            paused, done = pausing(state, entry, ability, index, ev, rules)
            if paused:
                keep_memory(state, entry, reads)
                return
        else:  # only these effects draw cards (a later amount "drawn" counts them)
            before = len(ev)
            if effect.op in WOUNDING_OPS and wound_choices_possible(state):
                # «Если ваш герой должен получить раны, вы можете …» (entry 223), or which of several
                # replacements applies next (entry 242): asked before the wounds
                given = answers if index == start else ()
                if pause_for_wound_choice(state, entry, index, effect_unit(entry, effect, rules, reads), given, ev):
                    keep_memory(state, entry, reads)
                    return
                with answering(given, ev):
                    n, done = _apply_effect(state, entry, effect, ev, rules, reads)
            else:
                n, done = _apply_effect(state, entry, effect, ev, rules, reads)
            reads.drawn += n
            if effect.op == "heal":  # «каждого персонажа, с которого сняли раны» (entry 214)
                reads.healed += sum(1 for e in ev[before:] if e.kind == "healed"
                                    and (e.data[1][1] or not state.rules.only_healed_characters_count))
            if effect.op == "shuffle_self_into_deck" and done and state.rules.shuffled_in_card_is_shuffled:
                # a card put into a deck at no given place: chance shuffles that deck (R15:204.3; entry 222)
                pause_for_shuffle(state, HandChoice(entry, index, state.cards[entry.source].owner, state.step))
                keep_memory(state, entry, reads)
                return
        check_state(state, ev, _killer(state, entry), entry.controller)  # a source gone: its last controller
        if state.winner >= 0:
            return


#: The ops whose effect may deal wounds (the effect a wound choice waits before: a hero's, entry 223;
#: any character's, when several replacements meet them, entry 242).
WOUNDING_OPS: frozenset[Op] = frozenset({"wound", "distribute_wounds", "fight"})


def effect_unit(
    entry: QueueEntry, effect: Effect, rules: tuple[str, ...], reads: Reads,
) -> Callable[[State, list[Event]], None]:
    """Effect ``effect`` of the resolving ``entry`` as one unit of the game, on any copy of the
    state: the look-ahead of a wound choice carries it out (INTERPRETING.md, entry 223), with
    what its ability's run had read before it (``reads``: the cards drawn, its source's last
    known strike, R15:403.1); the target's strike is read as the effect reads it."""
    def unit(state: State, ev: list[Event]) -> None:
        target = entry.targets[0] if entry.targets else 0
        target_strike = current_strike(state, target) if (
            target and state.zone_of(target) == "play" and not state.cards[target].hidden) else reads.target_strike
        _apply_effect(state, entry, effect, ev, rules, replace(reads, target_strike=target_strike))

    return unit


def _condition_met(state: State, entry: QueueEntry, effect: Effect) -> bool:
    """Whether the effect's condition about its controller or the card the ability showed
    holds now (INTERPRETING.md, entries 42, 160)."""
    if effect.cond in SHOWN_CONDITIONS:
        return deck_top.shown_condition_holds(state, entry, effect.cond)
    return not effect.cond or condition_holds(state, entry.controller, effect.cond)


def _killer(state: State, entry: QueueEntry) -> int:
    """What a card destroyed by this ability's effect dies «от»: the ability's source
    (R15:505.1.1, 502.2; INTERPRETING.md, entry 98).  The ``only_strikes_kill`` mutant counts a
    creature only through its strike, so its ability's victims die from nothing."""
    if not state.rules.creature_abilities_kill and card_def(state, entry.source).type == "creature":
        return 0
    return entry.source


def _follows(state: State, effect: Effect, done: bool) -> bool:
    """Whether an effect linked to the one before it happens: «при этом» only if that one was
    carried out (R15:119.4; the ``while_doing_without_the_first_part`` mutant does it anyway),
    «иначе» only if it was not (R15:119.7; INTERPRETING.md, entry 54)."""
    if effect.if_previous == "done":
        return done or not state.rules.while_doing_needs_the_first_part
    if effect.if_previous == "not_done":
        return not done
    return True


def _cancels(state: State, entry: QueueEntry, effect: Effect, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """«Усовершенствовать»: «иначе отмените эту способность» — upgrading a creature that is a
    mechanism already cancels the ability: none of its effects from this one on happens
    (R15:7.upgrade; INTERPRETING.md, entry 70; the ``upgrade_of_a_mechanism_goes_on`` mutant
    goes on with the later effects, as if «при этом» only needed the creature there)."""
    recipients = recipients_of(state, entry, effect.to)
    if not recipients or "Механизм" not in classes_of(state, recipients[0]):
        return False
    if not state.rules.upgrade_of_a_mechanism_cancels:
        return False
    ev.append(Event("ability_cancelled", (*rules, "R15:7.upgrade"),
                    (("source", entry.source), ("ability", entry.ability), ("card", recipients[0]))))
    return True


def hand_effect(
    state: State, entry: QueueEntry, ability: EffectAbility, index: int, seats: Sequence[int], ev: list[Event],
    rules: tuple[str, ...],
) -> tuple[bool, bool]:
    """Carry out hand effect ``index`` for each of ``seats`` in turn, each choosing from his
    own hand; the first with a real choice pauses the resolution (returns ``(True, …)``).
    Otherwise returns ``(False, done)``: whether the (last) effect was carried out in full."""
    effect = ability.effects[index]
    if effect.op == "look_at_deck_top":  # the controller orders his own top cards (entry 161)
        return deck_top.look_at_deck_top(state, entry, ability, index, ev, rules)
    done = False
    for seat in seats:
        if has_real_choice(state, ability, index, seat, entry.source, entry.x):
            pause_for(state, entry, index, seat)
            return True, False
        cards = forced_choice(state, ability, index, seat, entry.source, entry.x)
        done = carry_out(state, entry, effect, seat, cards, ev, rules, index)
        if state.step == "module_choice":  # a summoned or resurrected Модуль waits (entry 104)
            return True, done
        if shuffles_after(state, effect, cards):
            # the deck was looked through: chance shuffles it (R15:7.search, R15:204.2; entry 84;
            # after a summon, R15:519.3.1; entry 112)
            pause_for_shuffle(state, HandChoice(entry, index, seat, state.step))
            return True, done
    return False, done


def apply_effect(state: State, entry: QueueEntry, effect: Effect, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """Execute one effect outside an ability's sequence — a replacement's «вместо этого»
    (R15:527.5; :mod:`oracle.rules.mechanisms.draws`) — and the rules' own effects after it (R15:503.3);
    returns whether it was carried out.  The replacements already applied in its chain ride with
    the events ``ev`` down to the draws it makes (R15:525.1)."""
    done = _apply_effect(state, entry, effect, ev, rules)[1]
    check_state(state, ev)
    return done


#: What carries out a draw replacement's «вместо этого» (R15:527.5) for every draw of the game:
#: :func:`apply_effect`, handed down to :mod:`oracle.rules.mechanisms.draws` with each draw.
DRAWS: draws.EffectRunner = apply_effect


def _apply_effect(
    state: State, entry: QueueEntry, effect: Effect, ev: list[Event], rules: tuple[str, ...], reads: Reads | None = None,
) -> tuple[int, bool]:
    """Execute one effect; returns how many cards it drew (for a later amount "drawn") and
    whether it was carried out (for a later «при этом» / «иначе», R15:119.4, 119.7): its
    condition held and it reached a recipient (INTERPRETING.md, entry 54).  Its op's handler
    (:data:`_WHOLE` or, for each recipient card, :data:`_EACH`) does the rest."""
    me = entry.controller
    if effect.cond in SHOWN_CONDITIONS:
        if not deck_top.shown_condition_holds(state, entry, effect.cond):
            if effect.cond == "shown_named" and not state.rules.unnamed_shown_card_stays:
                deck_top.put_shown_under(state, entry, ev, rules)  # the mutant's reading
            return 0, False  # «если это существо» about the card the ability showed (entry 160)
    elif effect.cond and effect.cond not in TARGET_CONDITIONS and not condition_holds(state, me, effect.cond):
        return 0, False  # «если …» is false when the effect executes: it does nothing (entry 42)
    r = reads if reads is not None else Reads()
    amount = effect_amount(state, entry, effect, r.drawn, r.strike, r.target_strike)
    if effect.amount == "discarded_before":
        amount = r.discarded + amount  # «столько же карт, сколько вы сбросили», remembered now (entry 174)
    if effect.amount == "healed_characters":
        amount = r.healed + amount  # «за каждого излеченного персонажа»: this ability's heals (entry 214)
    if effect.amount in ("self_wounds", "strike_at_death") and state.edition == "R15":
        # the wounds its source had when it was destroyed (R15:403.1; the seed editions have no
        # such rule to cite; INTERPRETING.md, entry 87)
        rules = (*rules, "R15:403.1")
    drawing = _DRAWS.get(effect.op)
    if drawing is not None:
        n = drawing(state, entry, effect, amount, ev, rules, DRAWS)  # a draw replacement's «вместо этого»
        return n, n > 0
    whole = _WHOLE.get(effect.op)
    if whole is not None:
        return 0, whole(state, entry, effect, amount, ev, rules)
    return 0, _apply_card_effect(state, entry, effect, amount, ev, rules)


#: Effects that put a lasting bonus on the card («получает +N к удару / к жизням»).
_LASTING_OPS: tuple[Op, ...] = ("strike_while_in_play", "life_while_in_play", "reduce_life_while_in_play")


def _apply_card_effect(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """An effect on each recipient card (its op's handler in :data:`_EACH`); returns whether
    it reached a recipient.  A condition about the target (``target_stunned``) keeps the
    effect to the recipients it holds for, read now (INTERPRETING.md, entry 54)."""
    op = effect.op
    recipients = recipients_of(state, entry, effect.to)
    if effect.cond in TARGET_CONDITIONS:
        recipients = [uid for uid in recipients if target_condition_holds(state, uid, effect.cond)]
    if op in GRANT_OPS:  # a class, life or a keyword is given to creatures (R15:7.gains)
        recipients = [uid for uid in recipients if card_def(state, uid).type == "creature"]
    if op == "stun":
        # «Не может быть оглушен»: the stun does nothing to it, it is not closed either
        # (R15:514.2; INTERPRETING.md, entry 81; the ``unstunnable_card_is_closed`` mutant closes it)
        immune = [uid for uid in recipients if has_keyword(state, uid, "cannot_be_stunned")]
        if immune and not state.rules.unstunnable_card_is_not_closed:
            for uid in immune:
                close_card(state, uid, ev, rules)
        recipients = [uid for uid in recipients if uid not in immune]
    if op in _LASTING_OPS and amount <= 0:
        return False  # «+0 к удару и жизням»: nothing is put on the card (INTERPRETING.md, entry 79)
    params = effect.params
    if isinstance(params, WoundParams) and params.shot and state.zone_of(entry.source) == "play":
        amount += shot_bonus(state, entry.source)  # «+N к выстрелам» in force (R15:7.shot; entry 67)
    each = _EACH[op]
    base = amount
    for uid in recipients:
        if effect.amount == "target_cost":  # «Х — его стоимость»: each target's own (entry 44)
            amount = mentioned_cost(state, uid) + base
        elif effect.amount == "recipient_hand":  # «за каждую карту в руке его игрока» (entry 66)
            amount = len(state.players[state.controller_of(uid)].hand) * effect.per + base
        each(state, entry, effect, uid, amount, ev, rules)
    return bool(recipients)


#: Handler of an op that draws cards: (state, entry, effect, amount, events, rules, what carries out
#: a draw replacement's «вместо этого», R15:527.5) -> the number of cards drawn (for a later amount "drawn"; carried out if any, R15:119.4).
DrawHandler = Callable[[State, QueueEntry, Effect, int, list[Event], tuple[str, ...], draws.EffectRunner], int]
#: The only ops that draw cards.
_DRAWS: dict[Op, DrawHandler] = {
    "draw": player_effects.draw,
    "draw_to_match_opponent": player_effects.draw_to_match_opponent,
}

#: Handler of an op that may stop the resolution at a pause for a decision (the pause is a module
#: of :mod:`oracle.rules.resolution.pauses`): (state, entry, ability, effect index, events, rules)
#: -> (it waits, it was carried out).
PausingHandler = Callable[[State, QueueEntry, EffectAbility, int, list[Event], tuple[str, ...]], tuple[bool, bool]]


def _order(
    state: State, entry: QueueEntry, ability: EffectAbility, index: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[bool, bool]:
    """«в порядке, выбранном их владельцами»: an owner's order may wait at step deck_order (entry 193)."""
    return order_effect(state, entry, index, ev, rules), True


def _create(
    state: State, entry: QueueEntry, ability: EffectAbility, index: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[bool, bool]:
    """«Создайте»: a created Модуль creature may wait for its player's decision at step
    module_choice (entry 104); «если это механизм, создайте …»: nothing when its condition is
    false (entries 42, 163)."""
    effect = ability.effects[index]
    if effect.cond and not _condition_met(state, entry, effect):
        return False, False
    return create_effect(state, entry, effect, index, ev, rules), True


def _coins(
    state: State, entry: QueueEntry, ability: EffectAbility, index: int, ev: list[Event], rules: tuple[str, ...]
) -> tuple[bool, bool]:
    """«Теряет (N)»: the loser's choice of coins may wait at step coin_choice (R15:522.5; entries
    47, 137); nothing when its condition is false (entry 42)."""
    effect = ability.effects[index]
    if effect.cond and not _condition_met(state, entry, effect):
        return False, False
    return player_effects.lose_coins(state, entry, effect, index, effect_amount(state, entry, effect, 0, -1, -1),
                                     ev, rules)


#: The pausing handlers by op group: «противник может заплатить …» waits at step pay_choice
#: (entry 190), an owner's order at deck_order, a created Модуль at module_choice, the loser's
#: choice of coins at coin_choice.
_PAUSING: dict[OpGroup, PausingHandler] = {"payment": payment_effect, "order": _order, "supply": _create,
                                           "coins": _coins}

#: Handler of an op carried out as a whole: (state, entry, effect, amount, events, rules)
#: -> whether it was carried out (for a later «при этом» / «иначе», R15:119.4, 119.7).
WholeHandler = Callable[[State, QueueEntry, Effect, int, list[Event], tuple[str, ...]], bool]
#: The ops whose effect goes to a player, to the targets as a whole or to the ability's own
#: card, and those that take all their recipient cards at once (``destroy``).
_WHOLE: dict[Op, WholeHandler] = {
    "distribute_wounds": card_effects.distribute_wounds,
    "destroy": card_effects.destroy,
    "gain_coin": player_effects.gain_coin,
    "gain_coins_until_end_of_turn": player_effects.gain_coins_until_end_of_turn,
    "no_plays_next_turn": timed_effects.create,
    "cost_next_turn": timed_effects.create,
    "cost_until_end_of_opponent_turn": timed_effects.create,
    "graveyard_to_deck_top": player_effects.graveyard_to_deck_top,
    "shuffle_self_into_deck": player_effects.shuffle_self_into_deck,
    "pay": player_effects.pay,
    "return_self_to_hand": player_effects.return_self_to_hand,
    "double_ability_cost": player_effects.double_ability_cost,
    "create_delayed": delayed.create_delayed,
    "choose_x_times": delayed.choose_x_times,
    "reveal_deck_top": deck_top.reveal_deck_top,
    "shown_to_hand": deck_top.shown_to_hand,
}


#: Handler of an op on one recipient card: (state, entry, effect, card, amount, events, rules).
EachHandler = Callable[[State, QueueEntry, Effect, int, int, list[Event], tuple[str, ...]], None]
#: The ops carried out on each recipient card in turn.
_EACH: dict[Op, EachHandler] = {
    "wound": card_effects.wound,
    "fight": card_effects.fight,
    "attach_to_self": card_effects.attach_to_self,
    "return_to_hand": card_effects.return_to_hand,
    "put_on_deck_bottom": card_effects.put_on_deck_bottom,
    "poison": card_effects.poison,
    "intensify_poison": card_effects.intensify_poison,
    "cure": card_effects.cure,
    "heal": card_effects.heal,
    "open": card_effects.open,
    "prepare": card_effects.prepare,
    "close": card_effects.close,
    "stun": card_effects.stun,
    "strike_until_end_of_turn": card_effects.strike_until_end_of_turn,
    "shots_until_end_of_turn": card_effects.shots_until_end_of_turn,
    "strike_until_start_of_turn": card_effects.strike_until_start_of_turn,
    "strike_until_start_of_your_next_turn": card_effects.strike_until_start_of_your_next_turn,
    "hide": card_effects.hide,
    "strike_while_in_play": card_effects.strike_while_in_play,
    "upgrade": card_effects.upgrade,
    "life_while_in_play": card_effects.life_while_in_play,
    "keyword_until_end_of_turn": card_effects.keyword_until_end_of_turn,
    "untargetable_until_end_of_turn": card_effects.untargetable_until_end_of_turn,
    "keyword_while_in_play": card_effects.keyword_while_in_play,
    "grant_ability_until_end_of_turn": card_effects.grant_ability_until_end_of_turn,
    "grant_ability_while_in_play": card_effects.grant_ability_while_in_play,
    "become_ent": card_effects.become_ent,
    "lose_abilities": card_effects.lose_abilities,
    "keyword_until_start_of_your_next_turn": card_effects.keyword_until_start_of_your_next_turn,
    "double_life_while_in_play": card_effects.double_life_while_in_play,
    "armour_until_end_of_turn": card_effects.armour_until_end_of_turn,
    "reduce_life_while_in_play": card_effects.reduce_life_while_in_play,
    "reduce_life_to": card_effects.reduce_life_to,
    "take_control": card_effects.take_control,
    # every non-static change of a strike: one mechanism, its value and duration data (R15:106.3.1)
    **{op: card_effects.strike_becomes for op in card_effects.STRIKE_BECOMES},
    "take_control_until_end_of_turn": card_effects.take_control_until_end_of_turn,
    "exchange_control_until_end_of_turn": card_effects.exchange_control_until_end_of_turn,
}


def _check_dispatch() -> None:
    """Every op of the op table (:data:`~oracle.cards.OPS`) has exactly one handler: a hand
    op none here (:func:`hand_effect`), an op on a player, the targets or the ability's own
    card a whole-effect one (a drawing one for the ops that draw), an op on cards a whole-effect
    one (``destroy``) or one per card."""
    for op, spec in OPS.items():
        handlers = (op in _WHOLE) + (op in _EACH) + (op in _DRAWS)
        if handlers != (spec.group not in ("hand", *_PAUSING)) or (op in _EACH and spec.group != "cards"):
            raise AssertionError(f"op {op!r} of group {spec.group!r}: {handlers} handlers")


_check_dispatch()
