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
from .model import STEPS, UNTIL, Attack, Card, Modifier, PendingTrigger, Player, QueueEntry, State
from .setup import DEAL
from .triggers import POISON

__all__ = ["STATE_KEYS", "StateError", "canonical_json", "fingerprint", "fingerprint_data", "from_dict", "to_dict"]


class StateError(ValueError):
    """An inconsistent or malformed state; ``field`` is the path of the offending field."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def _pairs(d: dict[int, int]) -> list[dict[str, int]]:
    if not d:  # most cards have no markers; skip the sort
        return []
    return [{"ability": k, "count": v} for k, v in sorted(d.items()) if v]


def to_dict(state: State) -> dict[str, Any]:
    """The canonical data form of ``state``."""
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
            {"id": t.id, "controller": t.controller, "source": t.source, "ability": t.ability, "subject": t.subject}
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

    def __init__(self, obj: Any, path: str, keys: tuple[str, ...]) -> None:
        if not isinstance(obj, dict):
            raise StateError(path, "must be an object")
        extra = sorted(set(obj) - set(keys))
        if extra:
            raise StateError(f"{path}.{extra[0]}" if path else extra[0], "unknown field")
        self.obj = obj
        self.path = path

    def _p(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def raw(self, key: str) -> Any:
        if key not in self.obj:
            raise StateError(self._p(key), "is required")
        return self.obj[key]

    def get_int(self, key: str, lo: int | None = 0, hi: int | None = None) -> int:
        v = self.raw(key)
        if not isinstance(v, int) or isinstance(v, bool):
            raise StateError(self._p(key), f"must be an integer, got {v!r}")
        if lo is not None and v < lo:
            raise StateError(self._p(key), f"must be >= {lo}, got {v}")
        if hi is not None and v > hi:
            raise StateError(self._p(key), f"must be <= {hi}, got {v}")
        return v

    def get_bool(self, key: str) -> bool:
        v = self.raw(key)
        if not isinstance(v, bool):
            raise StateError(self._p(key), f"must be true or false, got {v!r}")
        return v

    def get_str(self, key: str, allowed: tuple[str, ...]) -> str:
        v = self.raw(key)
        if v not in allowed:
            raise StateError(self._p(key), f"must be one of {', '.join(allowed)}; got {v!r}")
        return str(v)

    def get_ints(self, key: str) -> list[int]:
        v = self.raw(key)
        if not isinstance(v, list) or any(not isinstance(x, int) or isinstance(x, bool) for x in v):
            raise StateError(self._p(key), "must be a list of integers")
        return list(v)

    def get_list(self, key: str) -> list[Any]:
        v = self.raw(key)
        if not isinstance(v, list):
            raise StateError(self._p(key), "must be a list")
        return v


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
_QUEUE_STEPS = ("start_queue", "fight_queue", "close_queue", "ability_queue", "play_queue", "end_queue")
_SETUP_STEPS = ("setup_roll", "setup_order", "setup_shuffle", "setup_mulligan")


def _usage(items: list[Any], path: str, n_abilities: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for i, item in enumerate(items):
        r = _Reader(item, f"{path}[{i}]", ("ability", "count"))
        a = r.get_int("ability", 0, max(n_abilities - 1, 0))
        if a in out:
            raise StateError(f"{path}[{i}].ability", "listed twice")
        out[a] = r.get_int("count", 1)
    return out


_CARD_KEYSET = frozenset(_CARD_KEYS)
_CARD_COUNTS = ("wounds", "poison", "entered_turn", "attacked_turn", "defended_turn")


def _fast_card(raw: Any, pool: Any) -> Card | None:
    """The card of a well-formed entry, or None to take the careful path (which names the
    offending field).  Accepts exactly what the careful path accepts."""
    if type(raw) is not dict or raw.keys() != _CARD_KEYSET:
        return None
    uid, cid, owner = raw["uid"], raw["card_id"], raw["owner"]
    if type(uid) is not int or uid < 1 or type(cid) is not str or cid not in pool or owner not in (0, 1):
        return None
    if type(owner) is not int or type(raw["closed"]) is not bool or type(raw["hidden"]) is not bool:
        return None
    for k in _CARD_COUNTS:
        v = raw[k]
        if type(v) is not int or v < 0:
            return None
    usage, game_usage = raw["usage"], raw["game_usage"]
    if usage or game_usage:
        return None  # rare: markers are read carefully
    if type(usage) is not list or type(game_usage) is not list:
        return None
    return Card(uid, cid, owner, raw["closed"], raw["wounds"], raw["poison"], raw["hidden"],
                raw["entered_turn"], raw["attacked_turn"], raw["defended_turn"], {}, {})


def from_dict(data: Any) -> State:
    """Build a :class:`State` from its canonical data form, or raise :class:`StateError`."""
    pool = load_pool().cards
    r = _Reader(data, "", STATE_KEYS)
    edition = r.get_str("edition", EDITIONS)
    step = r.get_str("step", STEPS)
    turn = r.get_int("turn", 0)
    active = r.get_int("active", 0, 1)
    first_player = r.get_int("first_player", -1, 1)
    roll_winner = r.get_int("roll_winner", -1, 1)
    shuffled = r.get_int("shuffled", 0, 2)
    winner = r.get_int("winner", -1, 2)
    next_trigger_id = r.get_int("next_trigger_id", 1)

    cards: dict[int, Card] = {}
    index_of: dict[int, int] = {}  # uid -> position in the input list, for error paths
    for i, raw in enumerate(r.get_list("cards")):
        card = _fast_card(raw, pool)
        if card is not None and card.uid not in cards:
            cards[card.uid] = card
            index_of[card.uid] = i
            continue
        # the careful path: same checks, naming the offending field
        cr = _Reader(raw, f"cards[{i}]", _CARD_KEYS)
        uid = cr.get_int("uid", 1)
        if uid in cards:
            raise StateError(f"cards[{i}].uid", f"uid {uid} is used twice")
        cid = cr.raw("card_id")
        if not isinstance(cid, str) or cid not in pool:
            raise StateError(f"cards[{i}].card_id", f"unknown card id {cid!r}")
        n_ab = len(pool[cid].abilities)
        cards[uid] = Card(
            uid, cid, cr.get_int("owner", 0, 1), cr.get_bool("closed"), cr.get_int("wounds"), cr.get_int("poison"),
            cr.get_bool("hidden"), cr.get_int("entered_turn"), cr.get_int("attacked_turn"), cr.get_int("defended_turn"),
            _usage(cr.get_list("usage"), f"cards[{i}].usage", n_ab),
            _usage(cr.get_list("game_usage"), f"cards[{i}].game_usage", n_ab),
        )
        index_of[uid] = i

    raw_players = r.get_list("players")
    if len(raw_players) != 2:
        raise StateError("players", "exactly two players")
    players: list[Player] = []
    seen: dict[int, tuple[int, str, int]] = {}  # uid -> (seat, zone, index)

    def where(pos: tuple[int, str, int]) -> str:
        seat, zone, j = pos
        return f"players[{seat}].{zone}" + ("" if zone == "hero" else f"[{j}]")

    for seat, raw in enumerate(raw_players):
        pr = _Reader(raw, f"players[{seat}]", _PLAYER_KEYS)
        hero = pr.get_int("hero", 1)
        zones = {z: pr.get_ints(z) for z in ("deck", "hand", "play", "graveyard")}
        for zone, uids in (("hero", [hero]), *zones.items()):
            for j, uid in enumerate(uids):
                pos = (seat, zone, j)
                c = cards.get(uid)
                if c is None:
                    raise StateError(where(pos), f"no card with uid {uid}")
                if uid in seen:
                    raise StateError(where(pos), f"card {uid} is also in {where(seen[uid])}")
                seen[uid] = pos
                if c.owner != seat:
                    raise StateError(where(pos), f"card {uid} belongs to player {c.owner}")
                is_hero = pool[c.card_id].type == "hero"
                if is_hero != (zone == "hero"):
                    raise StateError(where(pos), f"card {uid} is {'a hero' if is_hero else 'not a hero'}")
        declared = pr.get_bool("mulligan_declared")
        mull = pr.get_ints("mulligan")
        if mull and not declared:
            raise StateError(f"players[{seat}].mulligan", "cards listed but mulligan_declared is false")
        for j, uid in enumerate(mull):
            if uid not in zones["hand"]:
                raise StateError(f"players[{seat}].mulligan[{j}]", f"card {uid} is not in the hand")
        players.append(
            Player(hero, zones["deck"], zones["hand"], zones["play"], zones["graveyard"],
                   pr.get_int("coins_open"), pr.get_int("coins_closed"), pr.get_int("failed_draws", 0, 3),
                   tuple(mull) if declared else None)
        )
    if len(seen) != len(cards):
        uid = next(u for u in cards if u not in seen)
        raise StateError(f"cards[{index_of[uid]}]", f"card {uid} is in no zone")
    for uid, c in cards.items():
        if c.closed or c.wounds or c.poison or c.hidden:
            if seen[uid][1] not in ("hero", "play"):
                raise StateError(
                    f"cards[{index_of[uid]}]", f"card {uid} is not in play but is closed, wounded, poisoned or hidden"
                )
            if c.hidden and pool[c.card_id].type != "creature":
                raise StateError(f"cards[{index_of[uid]}].hidden", "only creatures hide")

    def in_play(uid: int) -> bool:
        return uid in seen and seen[uid][1] in ("hero", "play")

    queue: list[QueueEntry] = []
    for i, raw in enumerate(r.get_list("queue")):
        qr = _Reader(raw, f"queue[{i}]", _QUEUE_KEYS)
        kind = qr.get_str("kind", ("strike_attack", "activated", "triggered", "spell"))
        source = qr.get_int("source", 1)
        if source not in cards:
            raise StateError(f"queue[{i}].source", f"no card with uid {source}")
        targets = qr.get_ints("targets")
        for j, t in enumerate(targets):
            if t not in cards:
                raise StateError(f"queue[{i}].targets[{j}]", f"no card with uid {t}")
        entry = QueueEntry(kind, qr.get_int("controller", 0, 1), source, qr.get_int("ability", -2),
                           tuple(targets), tuple(qr.get_ints("amounts")), qr.get_int("x"), qr.get_int("mode", -1), qr.get_int("part", -2, -1))
        d = pool[cards[source].card_id]
        abilities = d.modes[entry.mode] if entry.mode >= 0 and entry.mode < len(d.modes) else d.abilities
        if entry.part == -2:
            abilities = d.fury.abilities if d.fury else ()
        if kind == "strike_attack":
            ok = entry.ability == -1
        elif entry.ability == POISON:
            ok = kind == "triggered"
        else:
            ok = 0 <= entry.ability < len(abilities) and abilities[entry.ability].kind == {
                "activated": "activated", "triggered": "triggered", "spell": "spell"}[kind]
        if not ok:
            raise StateError(f"queue[{i}].ability", f"card {source} has no {kind} ability {entry.ability}")
        queue.append(entry)

    pending: list[PendingTrigger] = []
    for i, raw in enumerate(r.get_list("pending")):
        tr = _Reader(raw, f"pending[{i}]", _PENDING_KEYS)
        trig = PendingTrigger(tr.get_int("id", 1, next_trigger_id - 1), tr.get_int("controller", 0, 1), tr.get_int("source", 1),
                           tr.get_int("ability", -2), tr.get_int("subject", -1))
        if any(p.id == trig.id for p in pending):
            raise StateError(f"pending[{i}].id", f"trigger id {trig.id} is used twice")
        if trig.source not in cards:
            raise StateError(f"pending[{i}].source", f"no card with uid {trig.source}")
        abilities = pool[cards[trig.source].card_id].abilities
        if trig.ability != POISON and not (0 <= trig.ability < len(abilities) and abilities[trig.ability].kind == "triggered"):
            raise StateError(f"pending[{i}].ability", f"card {trig.source} has no triggered ability {trig.ability}")
        pending.append(trig)

    modifiers: list[Modifier] = []
    for i, raw in enumerate(r.get_list("modifiers")):
        mr = _Reader(raw, f"modifiers[{i}]", ("target", "amount", "until", "owner"))
        target, amount, until = mr.get_int("target", 1), mr.get_int("amount", None), mr.get_str("until", UNTIL)
        if until == "start_of_owner_turn":  # the seat whose next turn ends it (INTERPRETING.md, entry 23)
            m = Modifier(target, amount, until, mr.get_int("owner", 0, 1))
        elif "owner" in raw:
            raise StateError(f"modifiers[{i}].owner", f"only a start_of_owner_turn modifier has an owner, not {until}")
        else:
            m = Modifier(target, amount, until)
        if not in_play(m.target):
            raise StateError(f"modifiers[{i}].target", f"card {m.target} is not in play")
        modifiers.append(m)

    attack = None
    if r.raw("attack") is not None:
        ar = _Reader(r.raw("attack"), "attack", ("attacker", "target", "defender"))
        attack = Attack(ar.get_int("attacker", 1), ar.get_int("target", 1), ar.get_int("defender", 0))
        for key in ("attacker", "target"):
            if getattr(attack, key) not in cards:
                raise StateError(f"attack.{key}", f"no card with uid {getattr(attack, key)}")
        if attack.defender and attack.defender not in cards:
            raise StateError("attack.defender", f"no card with uid {attack.defender}")

    # the step must be able to hold what the state says is going on
    if (winner >= 0) != (step == "game_over"):
        raise StateError("step", "step is game_over exactly when winner is set")
    if step in _SETUP_STEPS and turn != 0:
        raise StateError("turn", "setup steps happen before turn 1")
    if step not in _SETUP_STEPS and step != "game_over" and turn < 1:
        raise StateError("turn", f"step {step} needs turn >= 1")
    if turn >= 1 and first_player < 0:
        raise StateError("first_player", "the first player is known once turns have begun")
    if step == "setup_order" and roll_winner < 0:
        raise StateError("roll_winner", "setup_order needs the winner of the roll")
    if queue and step not in (*_QUEUE_STEPS, "game_over"):
        raise StateError("step", f"step {step} cannot hold queue entries")
    if pending and step not in (*_QUEUE_STEPS, "defender", "game_over"):
        raise StateError("step", f"step {step} cannot hold pending triggers")
    if step in _QUEUE_STEPS and not pending:
        raise StateError("pending", f"at {step} the game waits only for a trigger declaration; none is pending")
    needs_attack = step in ("defender", "fight_queue", "close_queue")
    if step != "game_over" and needs_attack != (attack is not None):
        raise StateError("attack", f"step {step} {'needs' if needs_attack else 'cannot have'} an attack in progress")
    if step != "game_over":
        for seat, p in enumerate(players):
            for j, uid in enumerate((p.hero, *p.play)):
                d = pool[cards[uid].card_id]
                if d.type in ("hero", "creature") and d.life - cards[uid].wounds <= 0:
                    path = f"players[{seat}].hero" if j == 0 else f"players[{seat}].play[{j - 1}]"
                    raise StateError(path, f"card {uid} has {cards[uid].wounds} wounds and life {d.life}: "
                                     "it would already be destroyed or its player lost (R15:505.1, 604.1)")
    if step == "setup_mulligan":  # PROTOCOL.md 5.4, rule 9: someone can still declare
        if any(len(p.deck) + len(p.hand) == 0 for p in players):
            raise StateError("players", "a player without cards cannot take a mulligan")
        if first_player < 0:
            raise StateError("first_player", "at setup_mulligan the first player is known (301.4)")
        if all(p.mulligan is not None for p in players):
            raise StateError("players", "at setup_mulligan at least one player has not declared his mulligan")
        for seat, p in enumerate(players):
            if len(p.hand) > DEAL:
                raise StateError(
                    f"players[{seat}].hand", f"{len(p.hand)} cards: at setup_mulligan the hand is the deal of at most {DEAL} (301.6)"
                )
    return State(edition, cards, players, step, turn, active, first_player, roll_winner, shuffled,
                 queue, pending, next_trigger_id, modifiers, attack, winner)
