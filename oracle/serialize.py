"""The canonical, language-neutral form of a state, its validation and its fingerprint.

:func:`to_dict` gives plain JSON data (ints, strings, booleans, lists, objects) that the
service's ``State`` protobuf message mirrors field for field.  :func:`fingerprint` is the
SHA-256 of the canonical JSON text (keys sorted, no spaces, UTF-8), so every process on
every machine gives the same fingerprint for the same state.

:func:`from_dict` accepts only consistent states: a card in two zones, an unknown card id,
negative coins or wounds, a step that cannot hold the pending decision, … raise
:class:`StateError` naming the field (a JSON-path-like string).  It never repairs.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .cards import load_pool
from .editions import EDITIONS
from .model import (
    GRANTS,
    STEPS,
    UNTIL,
    Attack,
    Card,
    HandChoice,
    Modifier,
    PendingTrigger,
    Player,
    QueueEntry,
    State,
    TargetChoice,
)
from .validate import BOUNDS, MAX_LIST, QUEUE_KINDS, StateError, validate

__all__ = [
    "STATE_KEYS", "TURN_COUNTS", "StateError", "canonical_json", "choices_dict", "fingerprint", "fingerprint_data",
    "from_dict", "parse", "to_dict",
]


def _pairs(d: dict[int, int]) -> list[dict[str, int]]:
    if not d:  # most cards have no markers; skip the sort
        return []
    return [{"ability": k, "count": v} for k, v in sorted(d.items()) if v]


def _entry_dict(e: QueueEntry) -> dict[str, Any]:
    return {"kind": e.kind, "controller": e.controller, "source": e.source, "ability": e.ability,
            "targets": list(e.targets), "amounts": list(e.amounts), "x": e.x, "mode": e.mode, "part": e.part}


#: The counters of what a player did this turn (INTERPRETING.md, entry 59): each key of the
#: canonical form is present exactly when its value is not 0, so a state in which nobody
#: drew or played this turn keeps the form and fingerprint it had before they were added.
TURN_COUNTS = ("drawn_this_turn", "played_this_turn", "creatures_played_this_turn", "creatures_healed_own_turn")


def _turn_counts(p: Player) -> dict[str, int]:
    if not (p.drawn_this_turn or p.played_this_turn or p.creatures_played_this_turn or p.creatures_healed_own_turn):
        return {}
    return {k: v for k in TURN_COUNTS if (v := getattr(p, k))}


def to_dict(state: State) -> dict[str, Any]:
    """The canonical data form of ``state``; ``choosing`` is present exactly when a target
    is being chosen (R15:118.1), ``choosing_cards`` exactly when hand cards are (R15:7.discard),
    so other states keep their form and fingerprint."""
    out = _to_dict(state)
    if state.choosing is not None or state.choosing_cards is not None:
        out.update(choices_dict(state))
    return out


def choices_dict(state: State) -> dict[str, Any]:
    """The canonical form of the keys present only at a choice step: ``choosing`` (step
    ``target_choice``, R15:118.1) and ``choosing_cards`` (step ``hand_choice``, R15:7.discard);
    an empty dict at any other step."""
    out: dict[str, Any] = {}
    tc = state.choosing
    if tc is not None:
        out["choosing"] = {"entry": _entry_dict(tc.entry), "resume": tc.resume}
    hc = state.choosing_cards
    if hc is not None:
        out["choosing_cards"] = {"entry": _entry_dict(hc.entry), "effect": hc.effect, "player": hc.player,
                                 "resume": hc.resume}
    return out


def _to_dict(state: State) -> dict[str, Any]:
    return {
        "edition": state.edition,
        "step": state.step,
        "turn": state.turn,
        "active": state.active,
        "first_player": state.first_player,
        "roll_winner": state.roll_winner,
        "shuffled": state.shuffled,
        "winner": state.winner,
        "next_trigger_id": state.next_trigger_id,
        "players": [
            {
                "hero": p.hero,
                "deck": list(p.deck),
                "hand": list(p.hand),
                "play": list(p.play),
                "graveyard": list(p.graveyard),
                "coins_open": p.coins_open,
                "coins_closed": p.coins_closed,
                "failed_draws": p.failed_draws,
                "mulligan_declared": p.mulligan is not None,
                "mulligan": list(p.mulligan or ()),
                **_turn_counts(p),  # present exactly when not 0
            }
            for p in state.players
        ],
        "cards": [
            {
                "uid": c.uid,
                "card_id": c.card_id,
                "owner": c.owner,
                "closed": c.closed,
                "wounds": c.wounds,
                "poison": c.poison,
                "hidden": c.hidden,
                "entered_turn": c.entered_turn,
                "attacked_turn": c.attacked_turn,
                "defended_turn": c.defended_turn,
                "usage": _pairs(c.usage),
                "game_usage": _pairs(c.game_usage),
                **({"stunned": True} if c.stunned else {}),  # present exactly when true
            }
            for _, c in sorted(state.cards.items())
        ],
        "queue": [
            {
                "kind": e.kind,
                "controller": e.controller,
                "source": e.source,
                "ability": e.ability,
                "targets": list(e.targets),
                "amounts": list(e.amounts),
                "x": e.x,
                "mode": e.mode,
                "part": e.part,
            }
            for e in state.queue
        ],
        "pending": [
            {"id": t.id, "controller": t.controller, "source": t.source, "ability": t.ability, "subject": t.subject,
             **({"count": t.count} if t.count else {})}  # «discards», «strikes_hero»: present exactly when not 0
            for t in state.pending
        ],
        "modifiers": [m.to_dict() for m in state.modifiers],
        "attack": None
        if state.attack is None
        else {"attacker": state.attack.attacker, "target": state.attack.target, "defender": state.attack.defender},
    }


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_json(state: State) -> str:
    """The canonical JSON text of ``state`` (sorted keys, no spaces, non-ASCII kept)."""
    return _CANONICAL.encode(to_dict(state))


def fingerprint(state: State) -> str:
    """A stable 32-hex-digit fingerprint of ``state`` (SHA-256 of its canonical JSON)."""
    return fingerprint_data(to_dict(state))


def fingerprint_data(data: dict[str, Any]) -> str:
    """The fingerprint of a state given in its canonical data form (:func:`to_dict`):
    the first 32 hex digits of the SHA-256 of its canonical JSON text."""
    return hashlib.sha256(_CANONICAL.encode(data).encode("utf-8")).hexdigest()[:32]


# --- reading ------------------------------------------------------------------------


class _Reader:
    """Typed access to a JSON object that names the path of every bad field."""

    def __init__(self, obj: Any, path: str, keys: frozenset[str]) -> None:
        if not isinstance(obj, dict):
            raise StateError(path, "must be an object")
        if not obj.keys() <= keys:
            extra = sorted(k if isinstance(k, str) else repr(k) for k in obj.keys() - keys)
            raise StateError(f"{path}.{extra[0]}" if path else extra[0], "unknown field")
        self.obj = obj
        self.path = path

    def _p(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str) -> Any:
        if key not in self.obj:
            raise StateError(self._p(key), "is required")
        return self.obj[key]

    def get_int(self, key: str, bound: str) -> int:
        """The integer at ``key``, within ``BOUNDS[bound]``."""
        v = self.raw(key)
        if type(v) is not int:
            if not isinstance(v, int) or isinstance(v, bool):
                raise StateError(self._p(key), f"must be an integer, got {v!r}")
            v = int(v)
        lo, hi = BOUNDS[bound]
        if not lo <= v <= hi:
            raise StateError(self._p(key), f"must be in {lo}..{hi}, got {_short(v)}")
        return v

    def get_bool(self, key: str) -> bool:
        v = self.raw(key)
        if not isinstance(v, bool):
            raise StateError(self._p(key), f"must be true or false, got {v!r}")
        return v

    def get_str(self, key: str, allowed: tuple[str, ...]) -> str:
        v = self.raw(key)
        if type(v) is not str or v not in allowed:
            raise StateError(self._p(key), f"must be one of {', '.join(allowed)}; got {_short(v)}")
        return v

    def get_list(self, key: str) -> list[Any]:
        v = self.raw(key)
        if not isinstance(v, list):
            raise StateError(self._p(key), "must be a list")
        if len(v) > MAX_LIST:
            raise StateError(self._p(key), f"at most {MAX_LIST} entries, got {len(v)}")
        return v

    def get_ints(self, key: str, bound: str) -> list[int]:
        """A list of integers, each within ``BOUNDS[bound]``."""
        v = self.get_list(key)
        lo, hi = BOUNDS[bound]
        for x in v:
            if type(x) is not int or x < lo or x > hi:
                break
        else:
            return list(v)
        for j, x in enumerate(v):
            if not isinstance(x, int) or isinstance(x, bool):
                raise StateError(f"{self._p(key)}[{j}]", f"must be an integer, got {_short(x)}")
            if not lo <= x <= hi:
                raise StateError(f"{self._p(key)}[{j}]", f"must be in {lo}..{hi}, got {_short(x)}")
        return [int(x) for x in v]


def _short(v: Any) -> str:
    """``repr(v)``, cut short (an integer of a hundred digits is named, not printed)."""
    text = repr(v)
    return text if len(text) <= 40 else f"{text[:20]}…({len(text)} characters)"


#: The top-level keys of the canonical state, in order.
STATE_KEYS = (
    "edition", "step", "turn", "active", "first_player", "roll_winner", "shuffled", "winner",
    "next_trigger_id", "players", "cards", "queue", "pending", "modifiers", "attack",
)
_PLAYER_KEYS = (
    "hero", "deck", "hand", "play", "graveyard", "coins_open", "coins_closed", "failed_draws",
    "mulligan_declared", "mulligan",
)
_CARD_KEYS = (
    "uid", "card_id", "owner", "closed", "wounds", "poison", "hidden", "entered_turn",
    "attacked_turn", "defended_turn", "usage", "game_usage",
)
_QUEUE_KEYS = ("kind", "controller", "source", "ability", "targets", "amounts", "x", "mode", "part")
_PENDING_KEYS = ("id", "controller", "source", "ability", "subject")
_STATE_KEYSET, _PLAYER_KEYSET, _CARD_KEYSET, _QUEUE_KEYSET, _PENDING_KEYSET = map(
    frozenset, ((*STATE_KEYS, "choosing", "choosing_cards"), (*_PLAYER_KEYS, *TURN_COUNTS), (*_CARD_KEYS, "stunned"),
                _QUEUE_KEYS, (*_PENDING_KEYS, "count"))
)
_USAGE_KEYSET = frozenset(("ability", "count"))
_MODIFIER_KEYSET = frozenset(("target", "amount", "until", "owner", "sets", "shots", "grants", "coins"))
_ATTACK_KEYSET = frozenset(("attacker", "target", "defender"))


def _usage(items: list[Any], path: str, name: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, item in enumerate(items):
        r = _Reader(item, f"{path}[{i}]", _USAGE_KEYSET)
        a = r.get_int("ability", f"cards[].{name}[].ability")
        if a in out:
            raise StateError(f"{path}[{i}].ability", "listed twice")
        out[a] = r.get_int("count", f"cards[].{name}[].count")
    return out


_CARD_COUNTS = ("wounds", "poison", "entered_turn", "attacked_turn", "defended_turn")
_N_CARD_KEYS = len(_CARD_KEYS)
_UID_MAX = BOUNDS["cards[].uid"][1]
_COUNT_MAX = min(BOUNDS[f"cards[].{k}"][1] for k in _CARD_COUNTS)
assert all(BOUNDS[f"cards[].{k}"] == (0, _COUNT_MAX) for k in _CARD_COUNTS)


def _fast_card(raw: Any, pool: Any) -> Card | None:
    """The card of a well-formed entry, or None to take the careful path (which names the
    offending field).  Accepts exactly what the careful path accepts."""
    if type(raw) is not dict or len(raw) != _N_CARD_KEYS:
        return None
    try:  # twelve keys, all of them the card's: exactly the card's keys
        uid, cid, owner, closed, wounds, poison, hidden, entered, attacked, defended, usage, game_usage = (
            raw["uid"], raw["card_id"], raw["owner"], raw["closed"], raw["wounds"], raw["poison"], raw["hidden"],
            raw["entered_turn"], raw["attacked_turn"], raw["defended_turn"], raw["usage"], raw["game_usage"],
        )
    except KeyError:
        return None
    if (
        type(uid) is int and type(owner) is int and type(wounds) is int and type(poison) is int
        and type(entered) is int and type(attacked) is int and type(defended) is int
        and type(closed) is bool and type(hidden) is bool and type(cid) is str
        and type(usage) is list and type(game_usage) is list and not usage and not game_usage  # markers: careful path
        and 0 < uid <= _UID_MAX and (owner == 0 or owner == 1) and 0 <= wounds <= _COUNT_MAX
        and 0 <= poison <= _COUNT_MAX and 0 <= entered <= _COUNT_MAX and 0 <= attacked <= _COUNT_MAX
        and 0 <= defended <= _COUNT_MAX and cid in pool
    ):
        return Card(uid, cid, owner, closed, wounds, poison, hidden, entered, attacked, defended, {}, {})
    return None


def parse(data: Any) -> State:
    """Read the canonical data form into a :class:`State`, checking only its shape: every
    key present and no other, types, the bounds of :data:`oracle.validate.BOUNDS` and list
    lengths, uids and usage abilities listed once, an ``owner`` key exactly on
    "start_of_owner_turn" modifiers, mulligan cards only when declared.  Raises
    :class:`StateError` naming the field.  The result is not yet known to be consistent:
    :func:`from_dict` also validates it."""
    pool = load_pool().cards
    r = _Reader(data, "", _STATE_KEYSET)
    edition = r.get_str("edition", EDITIONS)
    step = r.get_str("step", STEPS)
    turn = r.get_int("turn", "turn")
    active = r.get_int("active", "active")
    first_player = r.get_int("first_player", "first_player")
    roll_winner = r.get_int("roll_winner", "roll_winner")
    shuffled = r.get_int("shuffled", "shuffled")
    winner = r.get_int("winner", "winner")
    next_trigger_id = r.get_int("next_trigger_id", "next_trigger_id")

    cards: dict[int, Card] = {}  # in the order of the request: validate names cards[i] by it
    for i, raw in enumerate(r.get_list("cards")):
        card = _fast_card(raw, pool)
        if card is not None and card.uid not in cards:
            cards[card.uid] = card
            continue
        # the careful path: same checks, naming the offending field
        cr = _Reader(raw, f"cards[{i}]", _CARD_KEYSET)
        uid = cr.get_int("uid", "cards[].uid")
        if uid in cards:
            raise StateError(f"cards[{i}].uid", f"uid {uid} is used twice")
        cid = cr.raw("card_id")
        if not isinstance(cid, str):
            raise StateError(f"cards[{i}].card_id", f"unknown card id {_short(cid)}")
        cards[uid] = Card(
            uid, cid, cr.get_int("owner", "cards[].owner"), cr.get_bool("closed"),
            cr.get_int("wounds", "cards[].wounds"), cr.get_int("poison", "cards[].poison"), cr.get_bool("hidden"),
            cr.get_int("entered_turn", "cards[].entered_turn"), cr.get_int("attacked_turn", "cards[].attacked_turn"),
            cr.get_int("defended_turn", "cards[].defended_turn"),
            _usage(cr.get_list("usage"), f"cards[{i}].usage", "usage"),
            _usage(cr.get_list("game_usage"), f"cards[{i}].game_usage", "game_usage"),
            cr.get_bool("stunned") if "stunned" in raw else False,  # optional: present exactly when true
        )

    raw_players = r.get_list("players")
    if len(raw_players) != 2:
        raise StateError("players", "exactly two players")
    players: list[Player] = []
    for seat, raw in enumerate(raw_players):
        pr = _Reader(raw, f"players[{seat}]", _PLAYER_KEYSET)
        hero = pr.get_int("hero", "players[].hero")
        zones = {z: pr.get_ints(z, f"players[].{z}[]") for z in ("deck", "hand", "play", "graveyard")}
        declared = pr.get_bool("mulligan_declared")
        mull = pr.get_ints("mulligan", "players[].mulligan[]")
        if mull and not declared:
            raise StateError(f"players[{seat}].mulligan", "cards listed but mulligan_declared is false")
        # optional counters, present exactly when not 0 (INTERPRETING.md, entry 59)
        counts = [_optional_count(pr, raw, key) for key in TURN_COUNTS]
        players.append(
            Player(hero, zones["deck"], zones["hand"], zones["play"], zones["graveyard"],
                   pr.get_int("coins_open", "players[].coins_open"), pr.get_int("coins_closed", "players[].coins_closed"),
                   pr.get_int("failed_draws", "players[].failed_draws"), tuple(mull) if declared else None, *counts)
        )

    queue: list[QueueEntry] = [_entry(raw, f"queue[{i}]") for i, raw in enumerate(r.get_list("queue"))]

    pending: list[PendingTrigger] = []
    for i, raw in enumerate(r.get_list("pending")):
        tr = _Reader(raw, f"pending[{i}]", _PENDING_KEYSET)
        pending.append(PendingTrigger(
            tr.get_int("id", "pending[].id"), tr.get_int("controller", "pending[].controller"),
            tr.get_int("source", "pending[].source"), tr.get_int("ability", "pending[].ability"),
            tr.get_int("subject", "pending[].subject"),
            tr.get_int("count", "pending[].count") if "count" in raw else 0,
        ))

    modifiers: list[Modifier] = []
    for i, raw in enumerate(r.get_list("modifiers")):
        mr = _Reader(raw, f"modifiers[{i}]", _MODIFIER_KEYSET)
        target, amount = mr.get_int("target", "modifiers[].target"), mr.get_int("amount", "modifiers[].amount")
        until = mr.get_str("until", UNTIL)
        sets = mr.get_bool("sets") if "sets" in raw else False  # «становится равен» (R15:523.1)
        shots = mr.get_bool("shots") if "shots" in raw else False  # «+N к выстрелам» (entry 67)
        grants = mr.get_str("grants", GRANTS) if "grants" in raw else ""  # life, class, keyword (entry 69)
        coins = mr.get_bool("coins") if "coins" in raw else False  # «Получите (1) до конца хода» (entry 76)
        if until == "start_of_owner_turn":  # the seat whose next turn ends it (INTERPRETING.md, entry 23)
            modifiers.append(Modifier(target, amount, until, mr.get_int("owner", "modifiers[].owner"), sets, shots,
                                      grants, coins))
        elif "owner" in raw:
            raise StateError(f"modifiers[{i}].owner", f"only a start_of_owner_turn modifier has an owner, not {until}")
        else:
            modifiers.append(Modifier(target, amount, until, sets=sets, shots=shots, grants=grants, coins=coins))

    attack = None
    if r.raw("attack") is not None:
        ar = _Reader(r.raw("attack"), "attack", _ATTACK_KEYSET)
        attack = Attack(ar.get_int("attacker", "attack.attacker"), ar.get_int("target", "attack.target"),
                        ar.get_int("defender", "attack.defender"))

    choosing = None
    if "choosing" in data:  # present exactly when a target is being chosen (R15:118.1)
        cr_ = _Reader(data["choosing"], "choosing", _CHOOSING_KEYSET)
        choosing = TargetChoice(_entry(cr_.raw("entry"), "choosing.entry"), cr_.get_str("resume", STEPS))

    choosing_cards = None
    if "choosing_cards" in data:  # present exactly when hand cards are being chosen (R15:7.discard)
        hr = _Reader(data["choosing_cards"], "choosing_cards", _CHOOSING_CARDS_KEYSET)
        choosing_cards = HandChoice(_entry(hr.raw("entry"), "choosing_cards.entry"),
                                    hr.get_int("effect", "choosing_cards.effect"),
                                    hr.get_int("player", "choosing_cards.player"), hr.get_str("resume", STEPS))

    return State(edition, cards, players, step, turn, active, first_player, roll_winner, shuffled,
                 queue, pending, next_trigger_id, modifiers, attack, winner, choosing=choosing,
                 choosing_cards=choosing_cards)


_CHOOSING_KEYSET = frozenset(("entry", "resume"))
_CHOOSING_CARDS_KEYSET = frozenset(("entry", "effect", "player", "resume"))


def _optional_count(pr: _Reader, raw: dict[str, Any], key: str) -> int:
    """A turn counter of a player: absent is 0, a present one within its bound (the
    canonical form writes it exactly when it is not 0, as ``stunned`` exactly when true)."""
    return pr.get_int(key, f"players[].{key}") if key in raw else 0


def _entry(raw: Any, path: str) -> QueueEntry:
    """A Queue entry (``queue[i]``, ``choosing.entry``); bounds are those of ``queue[]``."""
    qr = _Reader(raw, path, _QUEUE_KEYSET)
    return QueueEntry(
        qr.get_str("kind", QUEUE_KINDS), qr.get_int("controller", "queue[].controller"),
        qr.get_int("source", "queue[].source"), qr.get_int("ability", "queue[].ability"),
        tuple(qr.get_ints("targets", "queue[].targets[]")), tuple(qr.get_ints("amounts", "queue[].amounts[]")),
        qr.get_int("x", "queue[].x"), qr.get_int("mode", "queue[].mode"), qr.get_int("part", "queue[].part"),
    )


def from_dict(data: Any) -> State:
    """Build a :class:`State` from its canonical data form, or raise :class:`StateError`:
    :func:`parse` then :func:`oracle.validate.validate`."""
    state = parse(data)
    validate(state)
    return state
