"""Strike attacks, defenders and fights (307; R15:108.2–108.5, 507, 509, 510)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ...cards import Ability, CardDef
from ...editions import cite, cite_one
from ...model import Action, Attack, Event, State, Violation
from ..queries.board import ability_of, card_def, current_strike, game_has, has_keyword, strike_at
from ..queries.pool_index import per_pool
from .basic_effects import wound
from .triggers import fire
from .zones import check_state

__all__ = [
    "attack_violations",
    "bound_to_attack",
    "can_act",
    "declare_attack",
    "defender_candidates",
    "defender_violations",
    "directed",
    "end_attack_window",
    "fight",
    "fight_effect",
    "frenzy_violation",
    "reads_attacked",
    "shot_fires",
]


def can_act(state: State, uid: int) -> bool:
    """First-turn weakness (R15:108.5): a creature cannot act in the turn it entered the
    play zone, unless it has Рывок (Dash), printed or granted («получает Рывок», INTERPRETING.md,
    entry 69).  Heroes and supports have no weakness."""
    d = card_def(state, uid)
    if d.type != "creature" or has_keyword(state, uid, "dash"):
        return True
    if not state.rules.first_turn_weakness:
        return True
    return state.cards[uid].entered_turn != state.turn


def _permission_wins(state: State, uid: int) -> bool:
    """The ``permission_beats_prohibition`` mutant: Рывок in the turn the creature came lets it
    attack despite «Не может атаковать» (the reference: never, R15:513.2; entry 100)."""
    return (not state.rules.prohibition_beats_permission and has_keyword(state, uid, "dash")
            and state.cards[uid].entered_turn == state.turn)


def attack_violations(state: State, action: Action) -> list[Violation]:
    """Why ``attack card=A targets=T`` is illegal now (307.1, R15:108.2, 108.5, 507)."""
    out: list[Violation] = []
    a = state.cards.get(action.card)
    me = state.players[state.active]
    if a is None or action.card not in me.play or card_def(state, action.card).type != "creature":
        if a is not None and action.card == me.hero:
            return [Violation("R15:209.4", "a hero cannot make a strike attack")]
        return [Violation(cite_one(state, "307.1"), "the attacker must be a creature of the active player in play")]
    if a.hidden:
        out.append(Violation(cite_one(state, "304.3"), "a hidden creature cannot attack; reveal it first"))
    if has_keyword(state, action.card, "cannot_attack") and not _permission_wins(state, action.card):
        out.append(Violation("R15:514.2", "«Не может атаковать»: this creature cannot make a strike attack"))
        if has_keyword(state, action.card, "dash") and a.entered_turn == state.turn:
            # Рывок allows it to attack this turn, «Не может атаковать» forbids it: the
            # prohibition wins (R15:513.2; INTERPRETING.md, entry 100)
            out.append(Violation("R15:513.2", "a permission (Рывок) and a prohibition («Не может атаковать») "
                                              "apply together: the prohibition wins"))
    if a.closed:
        out.append(Violation("R15:108.2", "only an open creature can make a strike attack"))
    if a.attacked_turn == state.turn:
        out.append(Violation("R15:108.2", "a creature makes a strike attack at most once per turn"))
    if not can_act(state, action.card):
        out.append(Violation("R15:108.5", "first-turn weakness: this creature entered play this turn and has no Dash"))
    if len(action.targets) != 1:
        out.append(Violation("R15:502.5", "an attack has one and only one target"))
        return out
    t = action.targets[0]
    tc = state.cards.get(t)
    enemy = state.players[state.inactive]
    if tc is not None and t in enemy.play and card_def(state, t).type == "support":
        out.append(Violation("R15:212.4", "a support card cannot be attacked"))
    elif tc is None or (t != enemy.hero and t not in enemy.play) or not card_def(state, t).is_character:
        out.append(Violation("R15:507.2", "the target must be an enemy character in play"))
    elif tc.hidden:
        out.append(Violation(cite_one(state, "304.3"), "a hidden character cannot be attacked"))
    return out


@per_pool
def _frenzy_ids(cards: Mapping[str, CardDef]) -> frozenset[str]:
    return frozenset(cid for cid, d in cards.items() if "frenzy" in d.keywords)


def bound_to_attack(state: State) -> list[int]:
    """The active player's creatures in play with «Бешенство» that can make a strike attack now
    (some target refuses nothing, R15:108.2, 108.5, 514.2): each must attack whenever it can
    (R15 glossary «Бешенство», «Обязан объявить … когда есть возможность»: at the choice phase
    with an empty Queue).  A part's «Бешенство» is its combined card's.  Empty under the
    ``frenzy_ignored`` mutant (INTERPRETING.md, entry 155)."""
    if not game_has(state, _frenzy_ids()) or not state.rules.frenzy_forces_the_attack:
        return []
    them = state.players[state.inactive]
    enemies = [them.hero, *(uid for uid in them.play if card_def(state, uid).type == "creature")]
    return [uid for uid in state.players[state.active].play
            if card_def(state, uid).type == "creature" and has_keyword(state, uid, "frenzy")
            and any(not attack_violations(state, Action("attack", card=uid, targets=(t,))) for t in enemies)]


def frenzy_violation(state: State, action: Action) -> list[Violation]:
    """The refusal of a choice-phase ``action`` while a creature with «Бешенство» can attack and
    the action is no strike attack of such a creature (INTERPRETING.md, entry 155)."""
    bound = bound_to_attack(state)
    if not bound or (action.kind == "attack" and action.card in bound):
        return []
    names = ", ".join(map(str, bound))
    return [Violation("R15:7.frenzy", f"«Бешенство»: creature {names} can make a strike attack, so it must "
                      "attack first (R15 glossary «Обязан объявить»)")]


def declare_attack(state: State, action: Action, ev: list[Event]) -> None:
    """Declare the strike attack (306.1, 307.1); «при атаке» triggers fire and wait until
    after the fight (307.2).

    Triggers on the declaration itself («когда противник объявляет атаку»): in edition R15
    they are declared and resolved first, at the ``attack_queue`` step, and «при атаке» fires
    only once that Queue is empty, if the attacker is still in play (R15:307.1; INTERPRETING.md
    entry 50); the seed editions have no such window, so they fire now and wait for the
    fight like «при атаке» (307.2, entry 11)."""
    attacker, target = action.card, action.targets[0]
    state.card_mut(attacker).attacked_turn = state.turn
    state.attack = Attack(attacker, target)
    state.step = "defender"
    ev.append(
        Event("attack_declared", (*cite(state, "306.1", "307.1"), "R15:108.2"),
              (("attacker", attacker), ("target", target)))
    )
    if state.rules.attack_declaration_window:
        fire(state, "attack_declared", attacker, ev, cite(state, "307.1"))
        if state.pending:  # the choice phase left nothing pending: these are the window's
            state.step = "attack_queue"
            return
    else:
        fire(state, "attack_declared", attacker, ev, cite(state, "307.2"))
    fire(state, "attacks", attacker, ev, cite(state, "307.2"))


def end_attack_window(state: State, ev: list[Event]) -> None:
    """The Queue of the attack declaration's triggers is empty (R15:307.1).  If the attacker
    is still in play and not hidden, its «при атаке» triggers fire and the defender may be
    assigned.  Otherwise the attack ends: nothing fights, nothing is closed, no «при атаке»
    trigger fires, and the game returns to the choice phase (INTERPRETING.md entry 50)."""
    assert state.attack is not None
    attacker = state.attack.attacker
    if state.zone_of(attacker) == "play" and not state.cards[attacker].hidden:
        state.step = "defender"
        fire(state, "attacks", attacker, ev, cite(state, "307.2"))
        return
    state.attack = None
    state.step = "choice"
    ev.append(Event("back_to_choice", cite(state, "307.4"), ()))


def defender_candidates(state: State) -> list[int]:
    """The inactive player's creatures that may defend now (R15:509.1, 509.3)."""
    assert state.attack is not None
    return [
        uid
        for uid in state.players[state.inactive].play
        if not defender_violations(state, uid)
    ]


def defender_violations(state: State, uid: int) -> list[Violation]:
    """Why ``uid`` cannot be assigned as defender (307.1, R15:509)."""
    assert state.attack is not None
    c = state.cards.get(uid)
    if c is None or uid not in state.players[state.inactive].play or card_def(state, uid).type != "creature":
        if c is not None and uid == state.players[state.inactive].hero:
            return [Violation("R15:209.4", "a hero cannot defend")]
        return [Violation(cite_one(state, "307.1"), "the defender must be a creature of the inactive player in play")]
    out = []
    if uid == state.attack.target:
        out.append(Violation("R15:509.1", "the attacked creature cannot defend itself"))
    if c.closed:
        out.append(Violation("R15:509.1", "only an open creature can defend"))
    if c.hidden:
        out.append(Violation(cite_one(state, "304.3"), "a hidden creature cannot defend"))
    if has_keyword(state, uid, "cannot_defend"):
        out.append(Violation("R15:514.2", "«Не может выступать защитником»: this creature cannot be assigned as defender"))
    if c.defended_turn == state.turn and state.rules.defend_once_per_turn:
        out.append(Violation("R15:509.3", "a creature defends at most once per turn"))
    if directed(state):
        out.append(Violation("R15:7.directed", "the attack is a directed strike: no defender can be assigned"))
    return out


def directed(state: State) -> bool:
    """The strike attack in progress is a directed strike: its attacker has «Направленный удар
    по существу противника» and attacks an enemy creature, not a hero, or «Направленный удар по
    существам с уязвимостью» and attacks a creature with Уязвимость (R15:7.directed;
    INTERPRETING.md, entry 74; the ``directed_strike_ignored`` mutant lets a defender be
    assigned all the same)."""
    assert state.attack is not None
    att = state.attack
    if not state.rules.directed_strike_has_no_defender or card_def(state, att.target).type != "creature":
        return False
    if has_keyword(state, att.target, "directed_at_it"):
        # «существа имеют Направленный удар по этому существу» (INTERPRETING.md, entry 159)
        return True
    if has_keyword(state, att.attacker, "directed_at_creatures"):
        return True
    # «Направленный удар по существам с уязвимостью» (Оптический прицел): only at a creature that
    # has Уязвимость now, as the defender would be assigned (R15:509.2; INTERPRETING.md, entry 153;
    # the ``directed_at_any_creature`` mutant drops the Уязвимость)
    return has_keyword(state, att.attacker, "directed_at_vulnerable") and (
        has_keyword(state, att.target, "vulnerability") or not state.rules.directed_needs_vulnerability)


def _return_strike(state: State, attacker: int, target: int) -> int:
    """The return strike of the creature ``target`` at the attacker, with its target-dependent
    bonuses like the attacker's strike (R15:508.4.1, 510.2); the
    ``return_strike_without_target_bonus`` mutant leaves them off."""
    return strike_at(state, target, attacker) if state.rules.return_strike_calculated else current_strike(state, target)


def _strike_rules(state: State, uid: int, amount: int, base: tuple[str, ...]) -> tuple[str, ...]:
    """``base``, and R15:508.4.1 when a target-dependent bonus made the strike ``amount``."""
    return (*base, "R15:508.4.1") if amount > current_strike(state, uid) else base


def _first_striker(state: State, attacker: int, target: int) -> int:
    """The creature of a fight that strikes first («Первый удар»: the one that has it, when
    the other has not; R15:7.firststrike), or 0: they strike at once (R15:510.1).  The
    ``first_strike_ignored`` mutant never lets one strike first (INTERPRETING.md, entry 73)."""
    if not state.rules.first_strike_strikes_first:
        return 0
    a, t = has_keyword(state, attacker, "first_strike"), has_keyword(state, target, "first_strike")
    if a == t:
        return 0
    return attacker if a else target


def _struck(state: State, striker: int, struck: int, ev: list[Event], return_strike: bool = False) -> None:
    """«При ударе по существу»: ``striker`` struck the creature ``struck`` — its strike attack,
    even with a strike of 0 (R15 glossary «При атаке (При ударе)»); the trigger waits for the
    Queue after the fight (R15:307.2).  A return strike is no attack and fires nothing (R15:510.4;
    INTERPRETING.md, entry 154; the ``return_strike_fires_strike_triggers`` mutant fires it)."""
    if return_strike and state.rules.return_strike_fires_no_strike_trigger:
        return
    if card_def(state, struck).type == "creature":
        fire(state, "strikes_creature", striker, ev, (*cite(state, "307.2"), "R15:7.onstrike"))


def fight(state: State, ev: list[Event]) -> None:
    """Resolve the strike attack: an open creature as target fights back, wounds dealt at
    once (R15:510.1; INTERPRETING.md entry 3); a closed creature or a hero takes wounds
    without a return strike (R15:510.3).  Each strike is the striking creature's, with its
    bonuses against what it strikes (R15:508.4.1, 510.2); a strike's wounds on a hero fire
    «наносит раны ударом по герою» (INTERPRETING.md, entry 57)."""
    assert state.attack is not None
    att = state.attack
    target = att.defender or att.target
    if state.zone_of(att.attacker) != "play" or state.zone_of(target) != "play":
        return
    d = card_def(state, target)
    if d.type == "creature" and not state.cards[target].closed:
        _exchange(state, att.attacker, target, ev, ())
        return
    strike = strike_at(state, att.attacker, target)  # with its bonuses against the target (R15:508.4.1)
    wound(state, target, strike, ev, _strike_rules(state, att.attacker, strike, ("R15:510.3",)),
          att.attacker, by_strike=True)
    _struck(state, att.attacker, target, ev)  # a closed creature is struck without a fight (R15:510.3)
    check_state(state, ev, {target: att.attacker})


def reads_attacked(ability: Ability) -> bool:
    """An «attacks» ability that reaches «атакованное существо» (recipient ``attacked``): its
    trigger keeps the card a shot attacked (INTERPRETING.md, entry 183)."""
    return ability.trigger == "attacks" and any(e.to == "attacked" for e in getattr(ability, "effects", ()))


def shot_fires(state: State, shooter: int, attacked: int, ev: list[Event], rules: tuple[str, ...]) -> None:
    """A shot is an attack the shooter makes (R15 glossary «Атака»: «Выстрел или удар»; R15:507.3):
    its «При атаке» abilities fire (glossary «При атаке»: «когда карта наносит атаку (удар,
    выстрел)»; INTERPRETING.md, entry 154), and each such trigger whose ability reaches
    «атакованное существо» keeps the card the shot attacked (``PendingTrigger.attacked``, then
    its Queue entry's): no strike attack is in progress to read it from (entry 183; the
    ``shot_attacked_forgotten`` mutant keeps nothing, as before issue 48)."""
    before = len(state.pending)
    fire(state, "attacks", shooter, ev, rules)
    if not state.rules.shot_keeps_attacked:
        return
    for i in range(before, len(state.pending)):
        t = state.pending[i]
        if t.source == shooter and reads_attacked(ability_of(state, t)):
            state.pending[i] = replace(t, attacked=attacked)


def fight_effect(state: State, fighter: int, target: int, ev: list[Event], rules: tuple[str, ...]) -> bool:
    """«Сразиться с выбранным существом» (R15 glossary, R15:507.4): ``fighter`` strikes the
    creature ``target`` by the ordinary rules of a fight and it strikes back even when closed
    («сражаются как открытые»); no defender, neither is closed, and the fighter's attack this
    turn is not spent (INTERPRETING.md, entry 200).  Both must be creatures in the play zone.
    The ``fight_effect_closed_target_strikes_no_back`` mutant lets a closed creature take the
    strike without a return strike (R15:510.3 as in an attack of the phase); the
    ``fight_effect_one_sided`` mutant deals only the fighter's strike.  Returns whether they
    fought."""
    if fighter == target or state.zone_of(fighter) != "play" or state.zone_of(target) != "play":
        return False
    if card_def(state, fighter).type != "creature" or card_def(state, target).type != "creature":
        return False
    base = (*rules, "R15:7.fight", "R15:507.4")
    if not state.rules.fight_effect_both_strike or (
            state.cards[target].closed and not state.rules.fight_effect_closed_strikes_back):
        strike = strike_at(state, fighter, target)
        wound(state, target, strike, ev, _strike_rules(state, fighter, strike, base), fighter, by_strike=True)
        _struck(state, fighter, target, ev)
        check_state(state, ev, {target: fighter})
        return True
    _exchange(state, fighter, target, ev, base)
    return True


def _exchange(state: State, attacker: int, target: int, ev: list[Event], extra: tuple[str, ...]) -> None:
    """Two creatures in play fight (R15:510.1, with «Первый удар»): ``attacker`` strikes
    ``target``, which strikes back; ``extra`` are the rules of a fight started by an ability
    (R15:507.4), cited with the fight's."""
    strike = strike_at(state, attacker, target)  # with its bonuses against the target (R15:508.4.1)
    back = _return_strike(state, attacker, target)  # both strikes are known before any wound
    ev.append(Event("fight", ("R15:510.1", *extra), (("attacker", attacker), ("target", target))))
    there = _strike_rules(state, attacker, strike, ("R15:510.1", *extra))
    # a return strike with a bonus against the attacker has the calculation step too (R15:510.2)
    back_rules = (("R15:510.1", "R15:510.2", "R15:508.4.1") if back > current_strike(state, target)
                  else ("R15:510.1",)) + extra
    first = _first_striker(state, attacker, target)
    # a creature dies «от» the creature whose strike brought it to 0 (R15:505.1.1)
    by = {target: attacker, attacker: target}
    if first == target:  # «Первый удар»: the target strikes first, the attacker only if it survived
        wound(state, attacker, back, ev, (*back_rules, "R15:7.firststrike"), target, by_strike=True,
              return_strike=True)
        _struck(state, target, attacker, ev, return_strike=True)
        check_state(state, ev, by)
        if state.zone_of(attacker) != "play":
            return
        wound(state, target, strike, ev, there, attacker, by_strike=True)
        _struck(state, attacker, target, ev)
        check_state(state, ev, by)
        return
    wound(state, target, strike, ev, (*there, "R15:7.firststrike") if first else there, attacker,
          by_strike=True)
    _struck(state, attacker, target, ev)
    if not state.rules.simultaneous_fight or first:
        check_state(state, ev, by)
        if state.zone_of(target) != "play":
            return
    wound(state, attacker, back, ev, back_rules, target, by_strike=True, return_strike=True)
    _struck(state, target, attacker, ev, return_strike=True)
    check_state(state, ev, by)
