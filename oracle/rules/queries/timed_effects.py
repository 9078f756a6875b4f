"""Effects on a player that last for a time (R15:521.1: «эти эффекты выполняются на
определённом промежутке времени»): «Противник не может разыгрывать карты в свой следующий
ход», «Первая карта каждого противника в его следующий ход стоит на (1) дороже», «До конца
хода противника заклинания стоят на (1) дороже».  Each is a record of the state's
``player_effects`` (:class:`~oracle.model.PlayerEffect`) on one player, with its period in
turns: in force from turn ``begins`` (from its creation, when that is the current turn) to
the end of turn ``ends``, where the step of R15:310.2 ends it (:func:`expire`).  «В свой
следующий ход» is the next turn in which that player is the active one (R15 glossary «На один
ходов игрока»: «пока этот игрок является Активным игроком»; INTERPRETING.md, entry 170).

What they do is read where the rules read it: a play of a player under «no_plays» is refused
(:func:`play_refusal`, R15:514.2, before any other check of R15:309.1), and the cost effects
join the cost modifiers of R15:309.1 step 4 (:func:`cost_effects`, applied in R15:523.1's
order by :func:`oracle.rules.queries.payment.final_cost`).  A game without such an effect reads an
empty list and nothing more.
"""

from __future__ import annotations

from ...cards import Effect, TimedCostParams
from ...model import Event, PlayerEffect, QueueEntry, State, Violation
from .board import card_def, parts_of
from .pool_index import printed

__all__ = ["cost_effects", "create", "expire", "next_turn_of", "play_refusal"]


def next_turn_of(state: State, seat: int) -> int:
    """The number of ``seat``'s next turn: the next turn if his opponent is the active player,
    else the one after it (the players alternate, R15:310.3)."""
    return state.turn + (2 if state.active == seat else 1)


def _seats(entry: QueueEntry, effect: Effect) -> tuple[int, ...]:
    """The players the effect goes to: its controller, his opponent, or each player (R15:118.8:
    «каждого противника», «существа стоят» unqualified; R15:521.1: a recipient the ability names)."""
    me = entry.controller
    if effect.to == "each_player":
        return (me, 1 - me)
    return (1 - me,) if effect.to == "opponent" else (me,)


def create(
    state: State, entry: QueueEntry, effect: Effect, amount: int, ev: list[Event], rules: tuple[str, ...]
) -> bool:
    """``no_plays_next_turn``, ``cost_next_turn``, ``cost_until_end_of_opponent_turn``: the
    effect is put on each recipient player for its period (R15:521.1), event
    ``player_effect_created``.  «В свой (его) следующий ход»: that player's next turn only
    (entry 170); «до конца хода противника»: from now to the end of the current or next turn of
    the controller's opponent (entry 172; the ``opponent_turn_effect_only_in_his_turn`` mutant
    begins it with that turn).  The ``player_effects_end_this_turn`` mutant ends every such
    effect at the end of the current turn, as if it were «до конца хода»."""
    params = effect.params
    names = [""]
    if isinstance(params, TimedCostParams) and params.same_name:
        target = entry.targets[0] if entry.targets else 0
        if not target:
            return False
        names = _names_of_target(state, target, ev)  # «с таким же названием»: the target's names, read now
    made = False
    for seat, name in ((seat, name) for seat in _seats(entry, effect) for name in names):
        if effect.op == "cost_until_end_of_opponent_turn":
            opponent = 1 - entry.controller
            ends = state.turn if state.active == opponent else state.turn + 1
            begins = state.turn if state.rules.until_opponent_turn_end_from_now else ends
        else:
            begins = ends = next_turn_of(state, seat)
        if not state.rules.player_effects_last_their_period:
            begins = ends = state.turn
        if isinstance(params, TimedCostParams):
            fx = PlayerEffect(seat, "cost", entry.source, begins, ends, modifier=params.modifier, value=amount,
                              card_type=params.card_type, name=name, first_only=params.first_only)
        else:
            fx = PlayerEffect(seat, "no_plays", entry.source, begins, ends)
        state.player_effects.append(fx)
        made = True
        data: tuple[tuple[str, int | str], ...] = (
            ("player", seat), ("kind", fx.kind), ("source", fx.source), ("begins", begins), ("ends", ends))
        if fx.kind == "cost":
            data = (*data, ("modifier", fx.modifier), ("value", fx.value), ("card_type", fx.card_type),
                    ("name", fx.name), ("first_only", int(fx.first_only)))
        ev.append(Event("player_effect_created", (*rules, "R15:521.1"), data))
    return made


def _names_of_target(state: State, target: int, ev: list[Event]) -> list[str]:
    """The names of card ``target`` for «с таким же названием», one card id per distinct name:
    a combined card has every name of its parts, and a cost change reaches the cards of each
    (R15:105.4, 105.6, glossary «Объединённая карта»), also once the card left play and came
    apart (R15:105.6's example: read as it last was, R15:403.1; its parts are the cards that
    left with it, the events naming it ``host``).  INTERPRETING.md, entry 103; the
    ``combined_has_top_name_only`` mutant keeps the top card's name only."""
    uids = [target]
    if state.rules.combined_has_every_name:
        if state.zone_of(target) == "play":
            uids += parts_of(state, target)
        else:
            uids += [int(dict(e.data)["card"]) for e in ev
                     if e.kind in ("moved_from_play", "part_left_play") and ("host", target) in e.data]
    found: dict[str, str] = {}
    for uid in uids:
        cid = state.cards[uid].card_id
        found.setdefault(printed()[cid].name, cid)
    return list(found.values())


def _in_force(state: State, fx: PlayerEffect) -> bool:
    """Whether ``fx`` is in force now: its period has begun and not ended (R15:521.1, 310.2)."""
    return fx.begins <= state.turn <= fx.ends


def play_refusal(state: State, seat: int) -> Violation | None:
    """The refusal of any play of ``seat`` while a «не может разыгрывать карты» effect is in
    force on him (R15:514.2: «Не может [текст]» forbids it; R15:514.1), or None."""
    for fx in state.player_effects:
        if fx.kind == "no_plays" and fx.seat == seat and _in_force(state, fx):
            name = card_def(state, fx.source).name
            return Violation("R15:514.2", f"the player cannot play cards this turn («{name}», R15:521.1)")
    return None


def cost_effects(state: State, seat: int, played: int) -> list[tuple[str, int]]:
    """The timed cost effects in force on ``seat`` that apply to his play of card ``played``,
    in order of appearance (R15:309.1 step 4, 523.1): of its type, of its name, and a
    ``first_only`` one only while he has played no card this turn («Первая карта … в его
    следующий ход»; entry 171; the ``first_card_surcharge_on_every_card`` mutant applies it to
    every card)."""
    out: list[tuple[str, int]] = []
    d = card_def(state, played)
    for fx in state.player_effects:
        if fx.kind != "cost" or fx.seat != seat or not _in_force(state, fx):
            continue
        if fx.card_type and d.type != fx.card_type:
            continue
        if fx.name and d.name != printed()[fx.name].name and state.rules.same_name_filters:
            # «Существа с таким же названием» (Усыпить; INTERPRETING.md, entry 194; the
            # ``same_name_surcharge_on_every_creature`` mutant drops the name)
            continue
        if fx.first_only and state.players[seat].played_this_turn and state.rules.first_card_surcharge_first_only:
            continue
        out.append((fx.modifier, fx.value))
    return out


def expire(state: State, ev: list[Event], rules: tuple[str, ...]) -> None:
    """At R15:310.2 the effects on players whose period ends with this turn end (event
    ``player_effect_ended``)."""
    ended = [fx for fx in state.player_effects if fx.ends <= state.turn]
    if not ended:
        return
    state.player_effects = [fx for fx in state.player_effects if fx.ends > state.turn]
    for fx in ended:
        ev.append(Event("player_effect_ended", rules, (("player", fx.seat), ("kind", fx.kind), ("source", fx.source))))
