"""The sections on who decides and how: the actors (``actors``), the kinds of decision
(``decision-kinds``), the steps of the game (``steps``), and the actions: their keys
(``action-fields``), their kinds (``action-kinds``) and what each key may hold
(``action-domains``); from :mod:`oracle.contract`, :mod:`oracle.engine`, :mod:`oracle.model`
and ``action.proto``."""

from __future__ import annotations

import dataclasses

from .._proto.berserk.oracle.v1 import action_pb2, state_pb2
from ..contract import ACTION_CAPABILITIES, ACTOR_NAMES, DECISION_KINDS, STEP_CAPABILITIES
from ..engine import FIELD_RULE, QUEUE_STEPS, STEP_ACTION_KINDS, USED_FIELDS
from ..model import ACTION_KINDS, STEPS, Action
from .markdown import PROTO_DIR, check_keys, code, proto_comments, proto_type, table

__all__ = [
    "action_fields",
    "render_action_domains",
    "render_action_fields",
    "render_action_kinds",
    "render_actors",
    "render_decision_kinds",
    "render_steps",
]


_ACTOR_WHO = {
    "player_1": "the player in seat 0",
    "player_2": "the player in seat 1",
    "chance": "chance: die rolls and shuffles, whose outcomes are inputs of the caller",
    "nobody": "nobody: the game is over (a `Decision` only; never takes an action)",
}

_DECIDER = {
    "setup_roll": "chance",
    "setup_order": "the player who won the roll (`roll_winner`)",
    "setup_shuffle": "chance",
    "setup_mulligan": "the first player, then the second (the one whose `mulligan_declared` is false)",
    "reveal": "the active player",
    "choice": "the active player",
    "defender": "the inactive player",
    "trigger": "the inactive player while he has a pending trigger, then the active player (402.1)",
    "target_choice": "the opponent of the controller of the declared ability in `choosing` (R15:118.1), "
    "in either player's turn",
    "hand_choice": "the player whose hand it is (`choosing_cards.player`, R15:7.discard «Игрок на свой выбор»; a "
    "search or a summon: the player whose deck it is, R15:7.search, R15:519.3; a "
    "resurrection: whose graveyard, R15:519.4), in either player's turn",
    "search_shuffle": "chance",
    "cancel_choice": "the opponent of the owner of the played card `cancelling` (R15:518.1), in either player's turn",
    "module_choice": "the player the creature with «Модуль» enters for (`attaching.player`: the active player for a "
    "play, the creating ability's controller for a creation)",
    "pay_choice": "the opponent of the controller of the resolving ability in `choosing_cards` "
    "(`choosing_cards.player`, R15:119.7 «противник может заплатить»), in either player's turn",
    "deck_order": "the owner of the creatures (`choosing_cards.player`): the controller of the resolving ability "
    "first, then his opponent",
    "wound_choice": "the controller of the card whose optional replacement of wounds is offered "
    "(`choosing_cards.player`; rule R15:517.3), in either player's turn",
    "game_over": "nobody",
}

_STEP_TEXT = {
    "setup_roll": "301.4: chance rolls a die for each seat",
    "setup_order": "301.4: the winner of the roll chooses to move first or second",
    "setup_shuffle": "301.5: chance gives the order of seat 0's deck, then of seat 1's (`shuffled` counts them)",
    "setup_mulligan": "301.7, 301.7.1: mulligan declarations, the first player first",
    "reveal": "304.3: the active player may reveal hidden cards (only reached when he has some)",
    "start_queue": "304.4–304.5: the start-of-turn Queue",
    "choice": "306.1: the choice phase of the main stage",
    "attack_queue": "edition R15 only (R15:307.1): the Queue of the triggers on an attack declaration, before the defender",
    "defender": "307.1: the inactive player may assign a defender (only reached when he has a possible one)",
    "fight_queue": "307.2: the Queue after the fight",
    "close_queue": "307.3–307.4: the Queue after the attacker and the defender close",
    "ability_queue": "308.2–308.3: the Queue after an activated ability",
    "play_queue": "309.2–309.3: the Queue after a card play",
    "end_queue": "310.1–310.3 (A: 315.1–315.2): the end-of-turn Queue",
    "target_choice": "the opponent of a declared ability's controller chooses its target (`choosing`, R15:118.1); "
    "only reached when he has two or more legal choices",
    "hand_choice": "a player chooses cards of his own hand for the effect of a resolving ability "
    "(`choosing_cards`, R15:7.discard), or cards of his own deck a search finds (R15:7.search) or a summon takes into "
    "play (R15:519.3), or of his graveyard a resurrection takes into play (R15:519.4); only reached when he "
    "has two or more legal choices",
    "search_shuffle": "after a search (R15:7.search, R15:204.2) chance gives the new order of the deck the resolving "
    "search looked through (`choosing_cards` names the search; action `shuffle` with `card` its seat), whether it found cards or "
    "none; after a summon that took cards likewise (R15:519.3.1); then the ability's remaining effects follow",
    "cancel_choice": "step 10 of R15:309.1: a card `cancelling` was played and paid, its spell abilities wait in the "
    "Queue with their targets; its player's opponent, who has a card with a cancellation effect for it (R15:518.1, "
    "Акванит-страж), cancels the play (`cancel_play card=` that card, destroyed outside the Queue, R15:518.3) or "
    "lets it go on (`cancel_play` without a card); then the play continues at `play_queue`",
    "module_choice": "a creature with «Модуль» (`attaching.card`) must enter play while its player has a "
    "mechanism there: he attaches it to one of them or lets it enter (R15 glossary «Модуль»; INTERPRETING.md entry "
    "104); then the play goes on with its triggers and payment, or the creating ability with its later effects",
    "pay_choice": "a resolving ability (`choosing_cards`) asks the opponent of its controller to pay coins "
    "(«противник может заплатить (N), иначе …», R15:119.7; INTERPRETING.md entry 190): he closes that many open coins "
    "(`pay_coins amounts=N`) or refuses (`pay_coins`); only reached when he has enough open coins; then the "
    "ability's remaining effects follow, its «иначе» only after a refusal",
    "deck_order": "a resolving ability (`choosing_cards`) puts every creature in play on top of its owner's deck «в "
    "порядке, выбранном их владельцами» (R15:204.4; INTERPRETING.md entry 193): the owner names the creature he puts "
    "on top now (`order_cards card=`), so the last named is his top card; only reached when he has two or more left",
    "wound_choice": "an effect of a resolving ability or a strike attack's fight (`choosing_cards`: the entry, the "
    "effect's index, 0 for a fight) would wound a hero whose controller has a card with an optional "
    "replacement of those wounds (Курдаш; R15:517.3; INTERPRETING.md entry 223): he applies it (`replace_wounds "
    "card=` that card) or lets the wounds come (`replace_wounds`); asked before the wounds are dealt, once for each "
    "offer the unit makes in order (`choosing_cards.count` keeps the answers given: 2^n plus their bits); then the "
    "unit is carried out with the answers and the resolution goes on",
    "game_over": "the game is over: `winner` is set and nobody decides",
}


def _decision_kind(step: str) -> str:
    return "trigger" if step in QUEUE_STEPS else step


def render_actors() -> str:
    """The section ``actors``: each actor's text name, ``Actor`` value and who it is."""
    names = list(ACTOR_NAMES.values())
    check_keys("actor notes", _ACTOR_WHO, names)
    rows = []
    for name in names:
        enum = f"ACTOR_{name.upper()}"
        rows.append([f"`{name}`", f"`{enum}`", str(action_pb2.Actor.Value(enum)), _ACTOR_WHO[name]])
    rows.append(
        [
            "(none)",
            "`ACTOR_UNSPECIFIED`",
            str(action_pb2.Actor.Value("ACTOR_UNSPECIFIED")),
            "not given: in an `Action`, whoever decides now; never in a `Decision`",
        ]
    )
    return table(["Name (text form, scenario facts)", "`Actor` value", "Number", "Who"], rows)


def render_decision_kinds() -> str:
    """The section ``decision-kinds``: each ``Decision.kind``, its steps and who decides."""
    check_keys("decision kinds", DECISION_KINDS, {_decision_kind(s) for s in STEPS})
    check_keys("deciders", _DECIDER, DECISION_KINDS)
    rows = []
    for kind, text in DECISION_KINDS.items():
        steps = [s for s in STEPS if _decision_kind(s) == kind]
        rows.append([f"`{kind}`", code(steps), _DECIDER[kind], text])
    return table(["`Decision.kind`", "The game waits at `step`", "Who decides (`Decision.actor`)", "What"], rows)


def render_steps() -> str:
    """The section ``steps``: each step's JSON and proto names, where the game stands, what it needs."""
    check_keys("step notes", _STEP_TEXT, STEPS)
    check_keys("step capabilities", STEP_CAPABILITIES, STEPS)
    rows = []
    for step in STEPS:
        enum = f"STEP_{step.upper()}"
        rows.append(
            [
                f"`{step}`",
                f"`{enum}` = {state_pb2.Step.Value(enum)}",
                _STEP_TEXT[step],
                f"`{_decision_kind(step)}`",
                code(STEP_CAPABILITIES[step]),
            ]
        )
    return table(["JSON `step`", "Proto `Step`", "Where the game stands", "`Decision.kind`", "Needs"], rows)


# --- actions ------------------------------------------------------------------------

_TEXT_TYPE = {"int": "integer", "tuple[int, ...]": "integers, comma-separated", "str": "word (no spaces)"}

#: What each key an action kind uses may hold (the rules decide legality; see PROTOCOL.md).
_DOMAINS: dict[str, dict[str, str]] = {
    "roll": {"values": "two dice: seat 0's, then seat 1's, each 1..6"},
    "shuffle": {
        "card": "the seat whose deck is ordered (not a uid): at `setup_shuffle` 0 (omitted) first, then 1; at "
        "`search_shuffle` the searcher's (`choosing_cards.player`)",
        "values": "that deck's new order, top first: each of its uids exactly once",
    },
    "choose_order": {"values": "`1` to move first or `2` to move second"},
    "mulligan": {"targets": "distinct uids of the deciding player's hand, in the order they go under the deck; none to keep the hand"},
    "reveal": {"targets": "distinct uids of the active player's hidden cards in play, ascending; none to reveal nothing"},
    "attack": {
        "card": "uid of the attacking creature of the active player",
        "targets": "exactly one uid: the attacked enemy character",
    },
    "defend": {"card": "uid of the defending creature of the inactive player; 0 (omitted): no defender"},
    "activate": {
        "card": "uid of the source: the active player's hero or a card of his in play",
        "ability": "index of an activated ability of that card (see *Ability indexes*)",
        "targets": "distinct uids, ascending, as the ability's target specification asks; none if it has none; for "
        "an ability constructor (R15:524), one target per link of the chain, aligned with `values` (unsorted, repeats "
        "allowed)",
        "amounts": "for an ability that distributes wounds, one per target, aligned with `targets`, each at least 1 "
        "in R15 (0 allowed in A and B), adding up to what it distributes (refused citing R15:308.1.6, 501.1 in the "
        "seed editions); empty for any other ability (refused citing 501.1)",
        "x": "≥ 1 (refused citing R15:512.4) and payable, ability cost modifiers applied (refused citing 501.2), for "
        "an ability with the cost «(Х)»; 0 for any other (refused citing 501.1)",
        "mode": "must stay -1 (refused citing 501.1)",
        "values": "exactly one uid of the active player's hand for an ability whose cost discards a card («Сбросьте "
        "карту:», R15:7.discard; refused citing 501.2 otherwise), X distinct uids of his hand in ascending order for "
        "one whose cost discards X cards («(Х), сбросьте Х карт», X the action's `x`, at most the cards in hand; "
        "refused citing 501.2; INTERPRETING.md entry 240); for «Жажда N» one uid of another non-hidden "
        "character of his that the payment wounds (refused citing R15:501.4); for an ability constructor its chain, "
        "positions in its list of options from 0 in the order they go into the Queue (R15:524.1: exactly n, or X for "
        "«Выберите Х раз», repeats allowed; R15:524.2: 1 to N distinct; refused citing those), after the cards its "
        "cost discards when it discards any (the `x` or the one card of the cost says where the chain starts); empty "
        "for any other ability (refused citing 501.1)",
        "option": "must stay empty (refused citing 501.1)",
    },
    "play": {
        "card": "uid of a card in the active player's hand",
        "targets": "distinct uids, ascending (spells with targets only); for a spell with groups of X targets "
        "(«Выберите Х ваших существ и Х существ противника») X of each group, group after group, each ascending "
        "(INTERPRETING.md entry 230)",
        "amounts": "one per target, aligned with `targets`, each at least 1, adding up to what the spell distributes",
        "x": "≥ 1 and payable for a card with X in its cost (INTERPRETING.md entry 8); ≥ 1 for a spell whose "
        "targets X counts («Выберите Х …», refused citing R15:512.4; entry 230); else 0",
        "mode": "the chosen mode's index for a modal spell (from 0), else -1",
        "option": "`fury` (the Ярость additional cost), `alt` (the alternative cost) or empty (the normal cost)",
        "values": "for a spell constructor «Выберите n раз одно из» (R15:524.1) its chain: exactly n positions in "
        "its list of options from 0, repeats allowed, in the order they go into the Queue (refused citing R15:524.1; "
        "its `mode` stays -1); empty for any other card (refused citing 309.1, as an unused field)",
    },
    "end_turn": {},
    "declare": {
        "trigger": "id of a pending trigger of the deciding player (the state's `pending[].id`)",
        "targets": "distinct uids, ascending, as the ability's target specification asks; none if it has none",
        "values": "for a triggered constructor «При [событие] выберите n раз из» (R15:524.1; «Гибель: Создайте A или "
        "B», n = 1) its chain: exactly n positions in its list of options from 0, repeats allowed, in the order they "
        "go into the Queue (refused citing R15:524.1); empty for any other ability (refused citing 501.1)",
        "option": "for an ability whose declaration names a card («Назовите карту»: an effect reads the condition "
        "`shown_named`) the card id of the pool card named, its printed name being the name (missing or unknown: "
        "refused citing 501.1; INTERPRETING.md entry 160); empty for any other ability (refused citing 501.1)",
    },
    "pass": {"trigger": "id of an optional pending trigger of the deciding player"},
    "choose_target": {
        "targets": "distinct uids, ascending, as the target specification of the ability in `choosing` asks, "
        "read from its controller's side («противника» is the controller's opponent)",
    },
    "choose_cards": {
        "targets": "distinct uids of the chooser's hand, ascending, as many as the hand effect in `choosing_cards` "
        "allows (none, e.g. a refusal before «иначе», is an empty list); for a search, distinct uids of his deck's "
        "cards the search looks for, ascending, up to its number (none: an empty list); for Паролет's "
        "`attach_own_mechanisms`, distinct uids of his mechanisms in his play zone other than the ability's card, "
        "ascending, any number (refused citing R15:7.module otherwise; INTERPRETING.md entry 202); while putting back cards "
        "looked at (`choosing_cards.count` set) exactly one of the top `count` cards of his deck; for "
        "`shown_to_deck_bottom` the shown top card of his deck or none (refused citing R15:204.3; entries 161, 163)",
    },
    "cancel_play": {
        "card": "uid of a card in play of the deciding player whose cancellation effect covers the played card "
        "(refused citing R15:518.1 otherwise); 0 (omitted): the play is not cancelled",
    },
    "attach_module": {
        "card": "uid of the creature with «Модуль» that enters now (`attaching.card`)",
        "targets": "one uid: his creature in play with the class Механизм to attach it to; none: it enters play",
    },
    "order_cards": {
        "card": "uid of one of his creatures in play (either play list), not hidden, still to go on top of his deck "
        "(refused citing R15:204.4 otherwise)",
    },
    "replace_wounds": {
        "card": "uid of the card whose optional replacement is offered now, to apply it; 0 (none): the wounds come "
        "(refused citing R15:517.3 otherwise)",
    },
    "pay_coins": {
        "amounts": "one number, the coins the effect in `choosing_cards` asks for (a number, or the mentioned cost of "
        "the ability's target), to pay them; none: he refuses (refused citing R15:119.7 otherwise)",
    },
}


def action_fields() -> list[dataclasses.Field[object]]:
    """The fields of :class:`~oracle.model.Action` after ``kind``, in text order."""
    return [f for f in dataclasses.fields(Action) if f.name != "kind"]


def render_action_fields() -> str:
    """The section ``action-fields``: the :class:`~oracle.model.Action` keys in text order, with their proto fields."""
    comments = proto_comments(PROTO_DIR / "action.proto")
    desc = action_pb2.Action.DESCRIPTOR
    rows = []
    for f in action_fields():
        pf = desc.fields_by_name[f.name]
        if f.name == "actor":
            text_type = "`player_1`, `player_2` or `chance`"
            default = "absent (`ACTOR_UNSPECIFIED`)"
        else:
            text_type = _TEXT_TYPE[str(f.type)]
            default = f"`{f.default}`" if not isinstance(f.default, tuple | str) else "empty"
        proto = f"`{proto_type(pf)} {f.name} = {pf.number}`"
        if f.name in ("ability", "mode"):
            proto += " (absent: -1)"
        rows.append([f"`{f.name}`", text_type, default, proto, comments.get(("Action", f.name), "")])
    return table(["Key (in text order)", "Value in text", "Default (omitted)", "Proto field", "Meaning"], rows)


def _used_keys(kind: str) -> list[str]:
    """The keys ``kind`` uses, in text order."""
    return [f.name for f in action_fields() if f.name in USED_FIELDS[kind]]


def render_action_kinds() -> str:
    """The section ``action-kinds``: each action kind, the steps that take it and the keys it uses."""
    check_keys("action kinds", USED_FIELDS, ACTION_KINDS)
    check_keys("action capabilities", ACTION_CAPABILITIES, ACTION_KINDS)
    check_keys("field rules", FIELD_RULE, ACTION_KINDS)
    queue_steps = [s for s in STEPS if s in QUEUE_STEPS]
    rows = []
    for kind in ACTION_KINDS:
        steps = [s for s in STEPS if kind in STEP_ACTION_KINDS.get(s, ())]
        if kind in ("declare", "pass"):
            steps = queue_steps
        rows.append(
            [
                f"`{kind}`",
                code(steps),
                code(_used_keys(kind)),
                code(ACTION_CAPABILITIES[kind]),
                FIELD_RULE[kind],
            ]
        )
    return table(
        ["Kind", "Taken at `step`", "Keys it uses (besides `actor`)", "Needs", "Any other key set: refused citing"],
        rows,
    )


def render_action_domains() -> str:
    """The section ``action-domains``: what each key of each action kind may hold."""
    check_keys("action domains", _DOMAINS, ACTION_KINDS)
    rows = []
    for kind in ACTION_KINDS:
        check_keys(f"domains of {kind}", _DOMAINS[kind], USED_FIELDS[kind])
        if not USED_FIELDS[kind]:
            rows.append([f"`{kind}`", "(none)", "takes no key but `actor`"])
        for key in _used_keys(kind):
            rows.append([f"`{kind}`", f"`{key}`", _DOMAINS[kind][key]])
    return table(["Kind", "Key", "Values"], rows)
