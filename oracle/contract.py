"""The public contract's vocabulary, as data: actor names, decision kinds, capabilities,
conformance levels, and which capability each step, action kind and event needs.

PROTOCOL.md is the normative text; its tables are rendered from this module and from
``oracle/data/events.json`` (``python -m oracle.protocol_doc --write``), and a test keeps
them equal.  The conformance suite derives a scenario's needs from these tables (its
setup, the kinds of its actions, the events and steps its expectations name), so nothing
about a scenario's needs is kept by hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .model import Actor
from .steps import ACTION_SPECS, DECISIONS, STEP_SPECS

__all__ = [
    "ACTION_CAPABILITIES",
    "ACTOR_BY_NAME",
    "ACTOR_NAMES",
    "CAPABILITIES",
    "DECISION_KINDS",
    "LEVELS",
    "STEP_CAPABILITIES",
    "EventSpec",
    "load_events",
]

#: The text name of each engine actor.  The same names are the ``Actor`` enum values
#: without their ``ACTOR_`` prefix, lower case: one vocabulary on the wire, in the
#: action text (``actor=player_2``) and in scenario facts (``decision.actor``).
ACTOR_NAMES: dict[int, str] = {int(a): a.name.lower() for a in (Actor.PLAYER_1, Actor.PLAYER_2, Actor.CHANCE, Actor.NOBODY)}
#: The engine actor of each text name ("nobody" only describes a finished game).
ACTOR_BY_NAME: dict[str, int] = {name: actor for actor, name in ACTOR_NAMES.items()}


#: Every ``Decision.kind``: what the deciding actor decides (:data:`oracle.steps.DECISIONS`).
#: All but "trigger" and "game_over" are the step the game waits at (``State.step``, lower case).
DECISION_KINDS: dict[str, str] = {d.kind: d.what for d in DECISIONS}

#: Conformance levels.  Every expectation of a scenario belongs to exactly one; a run gets
#: a verdict per level, and an implementation may claim some levels only.
LEVELS: dict[str, str] = {
    "core": "whether an action is accepted or refused, who decides and what, facts of the next state, "
    "the set of legal actions",
    "citations": "which rules a refusal cites, and which rules an expected event cites",
    "events": "the kinds, data and order of the events an action causes",
}

#: Capabilities an implementation declares per edition in ``GetServerInfo``.  A scenario
#: needs a capability when its setup, an action kind of its steps, or a step, decision or
#: event its expectations name belongs to it (tables below); a target that does not
#: declare a need gets the run reported *unsupported*, never failed.
CAPABILITIES: dict[str, str] = {
    "setup": "rule 301: CreateGame, the die roll and turn order, the shuffles, the deal and mulligans",
    "turn_start": "rules 302-305: a new turn, restoration, accumulation (coin, draw, failed draws, "
    "revealing hidden cards) and the start-of-turn Queue until the main stage",
    "strike_attack": "rule 307: strike attacks, defenders, fights, wounds and destruction",
    "activated_abilities": "rule 308 and 501: activated abilities, their declaration and payment",
    "card_play": "rule 309 and 501: playing creatures, spells and support cards",
    "end_turn": "rule 310 (A: 315): ending the turn, the end-of-turn Queue and durations that end",
    "triggered_abilities": "rules 401-402: triggered abilities (and poison) firing, declared or passed, "
    "and resolved in the Queue",
    "transcripts": "the VerifyTranscript and StreamVerifyTranscript methods",
    "opponent_choices": "the opponent of an ability's controller chooses its target («по его выбору», R15:118.1) "
    "after the declaration, before the ability enters the Queue",
    "hand_choices": "a player chooses cards of his own hand while an ability resolves: to discard («Сбросьте "
    "карту», R15:7.discard) or to put on top of his deck, or matching cards of his own graveyard to take into his "
    "hand («положите с кладбища в руку», R15:118.5; event taken_from_graveyard); the ability's remaining effects follow",
    "searches": "«Поиск» (R15:7.search): a player chooses up to N matching cards of his own deck while an "
    "ability resolves (step hand_choice, action choose_cards), they go to his hand, then chance shuffles his deck "
    "(step search_shuffle, action shuffle, which also needs setup)",
    "deck_top": "the top cards of a player's own deck while an ability resolves: shown to both players («Покажите», "
    "events deck_revealed, put_in_hand; a card named with a declaration, action option), or looked at and put back in "
    "the order he chooses («Посмотрите … положите их обратно в любом порядке», step hand_choice, which also needs "
    "hand_choices; events deck_looked_at, deck_ordered); no shuffle (R15:204.3)",
    "modules": "combined creatures and created cards: a creature with «Модуль» attached to a mechanism (step "
    "module_choice, action attach_module), the combined card's characteristics, its parts leaving play as separate "
    "cards (R15:505.4), «Создайте» and the supply (R15:519.6, 519.6.1, 206.1)",
    "coin_loss": "effects that make a player lose coins, R15:522.2 and 522.5: the loser chooses which (step "
    "coin_choice, action choose_coins; events coins_chosen, coins_lost; Подавление)",
    "opponent_payments": "«противник может заплатить (N), иначе …» (R15:119.7): the opponent of a resolving "
    "ability's controller closes N open coins or refuses (step pay_choice, action pay_coins; events effect_paid, "
    "effect_payment_refused); and cards put from play into their owner's hand or deck (R15:203.4, 204.4; event "
    "moved_from_play); an owner's order of his creatures put on top of his deck (step deck_order, action "
    "order_cards; Эфирный шторм)",
    "wound_choices": "the decisions about replacements of wounds (R15:517.3, 517.4): which of two or more that can "
    "apply to the same wounds applies next, and an optional replacement of a hero's wounds (Курдаш «вы можете "
    "уничтожить Курдаша, при этом предотвратить получение ран и уничтожить их источник»): before the effect or "
    "fight that would deal the wounds, the player asked decides (step wound_choice, action replace_wounds; event "
    "wound_choice_made); event wounds_replaced with instead destroy_self",
    "cancellations": "cancellation effects (R15:518; Акванит-страж): at a card play's step 10 (R15:309.1.10) the "
    "opponent may cancel it (step cancel_choice, action cancel_play); the cancelled play's abilities and the "
    "triggers on it leave the Queue",
    "takes_into_squad": "«Вызовите» and «Возродите» (R15:519.3, 519.4): a player chooses matching cards of his own "
    "deck or graveyard while an ability resolves (step hand_choice, action choose_cards) and they enter play under "
    "his control (events summoned, resurrected); after a summon that took cards chance shuffles his deck (step "
    "search_shuffle, which also needs searches)",
    "resolution_targets": "a target of a part after «;» named as that part is carried out, not with the declaration "
    "(R15:116.1, 119.2; Гару's «иначе можете ранить существо на 2»): the resolving ability's controller names a "
    "target legal at that moment or none (step target_naming, action name_target; event target_named)",
}

#: The capability a game waiting at each step needs (:attr:`oracle.steps.StepSpec.capabilities`).
STEP_CAPABILITIES: dict[str, tuple[str, ...]] = {s.name: s.capabilities for s in STEP_SPECS}

#: The capabilities each kind of action needs (:attr:`oracle.steps.ActionSpec.capabilities`).
#: Ending the turn starts the next one.
ACTION_CAPABILITIES: dict[str, tuple[str, ...]] = {a.kind: a.capabilities for a in ACTION_SPECS}


@dataclass(frozen=True)
class EventSpec:
    """One kind of event of the contract (``oracle/data/events.json``).

    ``keys``: the data keys it always carries, in order; ``optional_keys``: keys it carries
    only in some cases; ``rules``: every rule it may cite, as B/C numbers (cited with the
    game's edition prefix) or ``R15:`` ids; ``capability``: the capability it belongs to ("" for an effect that several capabilities cause, such as ``wounded``: it adds no need);
    ``description``: when it happens and what its data mean."""

    kind: str
    keys: tuple[str, ...]
    optional_keys: tuple[str, ...]
    rules: tuple[str, ...]
    capability: str
    description: str


@cache
def load_events() -> dict[str, EventSpec]:
    """The event catalogue of the contract, by kind, in catalogue order."""
    raw = json.loads(resources.files("oracle").joinpath("data/events.json").read_text(encoding="utf-8"))
    out: dict[str, EventSpec] = {}
    for e in raw["events"]:
        out[e["kind"]] = EventSpec(
            kind=e["kind"],
            keys=tuple(e.get("keys", ())),
            optional_keys=tuple(e.get("optional_keys", ())),
            rules=tuple(e.get("rules", ())),
            capability=e["capability"],
            description=e["description"],
        )
    return out
