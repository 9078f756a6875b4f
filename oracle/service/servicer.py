"""The oracle servicer: one method per RPC of ``berserk.oracle.v1.OracleService``.

:class:`OracleServicer` decodes the request (:mod:`oracle.service.convert`), calls the
engine and encodes the answer.  It holds no game state: the full state travels in every
request, so any replica can answer any call (its state cache only spares decoding a state
it answered with or decoded before, :mod:`oracle.service.state_cache`).  Its unary methods are plain
functions, run by the interceptor (:mod:`oracle.service.interceptor`) on the event loop or
in the engine thread pool with a :class:`~oracle.service.calls.CallControl`;
``StreamVerifyTranscript`` is a coroutine that sends each step to the engine pool.  The
server runs ``ApplyAction``, the hottest call, from the request's bytes to the answer's
(:meth:`OracleServicer.apply_action_wire`, byte for byte the message form's answer).  What
the call's log line says it notes in the call's record (:mod:`oracle.service.calls`).

The answers that never change (server info, card pool, rule catalogue) are built once,
when the servicer is made.  The conformance suite's version the server info reports is
given by whoever makes the servicer (``suite_version``); the service never imports the
suite (:mod:`oracle.suite_version`).
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import random
from collections.abc import AsyncIterator, Callable
from concurrent import futures
from importlib import resources
from typing import Any, TypeVar

from google.protobuf.message import DecodeError

import oracle
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle._proto.berserk.oracle.v1 import state_pb2, transcript_pb2
from oracle.cards import load_pool
from oracle.catalogue import load_catalogue
from oracle.contract import CAPABILITIES, LEVELS
from oracle.editions import DEFAULT_EDITION, EDITIONS
from oracle.engine import Decision, IllegalAction, apply, check, decision, legal_actions
from oracle.model import CHANCE, State
from oracle.rules.turn.setup import ConfigError, new_game_with_events
from oracle.sampler import random_action
from oracle.suite_version import shipped_suite_version
from oracle.validate import within_bounds

from . import convert as cv
from . import state_codec as sc
from .calls import CURRENT_CALL, CallControl, check_deadline, note_fingerprint, note_state
from .errors import InputError, undecodable
from .state_cache import DEFAULT_STATE_CACHE_SIZE, CachedState, StateCache, normalize_usage
from .status import MAX_VIOLATIONS
from .transcripts import verify_stream_async, verify_transcript_message
from .wire import length_delimited, split_fields

__all__ = ["APPLY_METHOD", "APPLY_REQUEST_FIELDS", "PROTO_VERSION", "SERVICE_NAME", "OracleServicer"]

#: Full name of the oracle service.
SERVICE_NAME: str = pb.DESCRIPTOR.services_by_name["OracleService"].full_name
#: Version of the public protocol.
PROTO_VERSION = "v1"
#: How many batch items are checked between two looks at the deadline.
_DEADLINE_STRIDE = 32
#: At most this many chance outcomes are sampled by CreateGame (a tie re-rolls).
_MAX_CHANCE_STEPS = 1000

_T = TypeVar("_T")


class OracleServicer(pb_grpc.OracleServiceServicer):
    """Every RPC of ``OracleService``.  ``mutant`` (a name of :data:`oracle.mutants.MUTANTS`
    or "") is set on every decoded state and listed by GetServerInfo.  ``state_cache``
    entries (0: none) of the states it answered with or decoded spare decoding them when a
    client sends one back (:mod:`oracle.service.state_cache`).  ``suite_version`` is what
    GetServerInfo reports as the conformance suite's version (None: the suite shipped
    with the engine, :func:`oracle.suite_version.shipped_suite_version`); the service
    never imports the suite to learn it."""

    def __init__(self, mutant: str = "", executor: futures.Executor | None = None,
                 state_cache: int = DEFAULT_STATE_CACHE_SIZE, suite_version: str | None = None) -> None:
        self.mutant = mutant
        #: the states this servicer answered with or decoded, by their message's wire bytes
        self.state_cache = StateCache(state_cache)
        #: where StreamVerifyTranscript runs the engine work of each message (None: inline)
        self.executor = executor
        pool = load_pool()
        self._info = pb.GetServerInfoResponse(
            engine_version=oracle.__version__,
            proto_version=PROTO_VERSION,
            suite_version=shipped_suite_version() if suite_version is None else suite_version,
            editions=list(EDITIONS),
            default_edition=DEFAULT_EDITION,
            card_pool_version=pool.version,
            mutants=[mutant] if mutant else [],
            implementation="berserk-oracle reference (Python)" + (f", mutant {mutant}" if mutant else ""),
            support=[pb.EditionSupport(edition=ed, capabilities=list(CAPABILITIES)) for ed in EDITIONS],
            levels=list(LEVELS),
            card_ids=sorted(pool.cards),
        )
        self._pool = _card_pool_response()
        self._catalogue = _catalogue_responses()

    # decoding helpers

    def _state(self, request: Any, name: str = "state") -> State:
        """The request's decoded state: from the state cache when the message is, byte for
        byte, one this servicer answered with or decoded before; else decoded and validated (the errors of a
        miss are those of a server without a cache).  Never to be changed by the caller."""
        return self._lookup(request, name).state

    def _lookup(self, request: Any, name: str = "state", encodings: bool = False) -> CachedState:
        """:meth:`_state`, with the encodings and fingerprint the cache keeps beside a hit;
        for a miss, the decoded cards' encodings if ``encodings`` (for a call that encodes a
        next state) and no fingerprint.  A miss that decodes and validates is stored too,
        under its own bytes: the same message sent again (a client trying several actions
        on one state, a state it kept from an earlier answer) is then a hit."""
        if not request.HasField(name):
            raise InputError(name, "is required")
        msg = getattr(request, name)
        cache = self.state_cache
        if not cache.enabled:
            return self._decoded(msg, name, encodings, None)
        wire = msg.SerializeToString(deterministic=True)
        cached = cache.lookup(wire, self.mutant)
        _note_cache("miss" if cached is None else "hit")
        return self._decoded(msg, name, encodings, wire) if cached is None else cached

    def _decoded(self, msg: Any, name: str, encodings: bool, wire: bytes | None) -> CachedState:
        """The state message ``msg`` decoded and validated (``name``: its request field), and
        stored in the state cache under ``wire``, its wire bytes if known (a miss)."""
        cache = self.state_cache
        if encodings:  # the decoded cards' encodings serve the cards a next state shares with it
            decoded = CachedState(*sc.state_and_encodings_from_proto(msg, name, self.mutant, wire))
        else:
            decoded = CachedState(sc.state_from_proto(msg, name, self.mutant, wire))
        if wire is not None and cache.enabled:  # a client that sends this state again (one action after another) hits
            cache.put(wire, self.mutant, decoded.state, decoded.encodings)
        return decoded

    def _remember(self, state: State, wire: bytes, encodings: object = None, fingerprint: str = "") -> None:
        """Put ``state``, whose ``State`` message's wire bytes (as the answer carries them)
        are ``wire``, into the state cache (the caller hands it over: nobody changes it
        afterwards), its usage markers in the decoder's order
        (:func:`~oracle.service.state_cache.normalize_usage`).  With a mutant, the state
        decoded from ``wire`` is stored instead, as a later request would decode it, and
        nothing if that request would be refused.  Without one, a state beyond its bounds
        (one action's growth past them: ``turn`` one past its bound after the last end of
        turn) is not stored either: sent back, it is decoded and refused as by a server
        without a cache (:func:`oracle.validate.within_bounds`)."""
        cache = self.state_cache
        if not cache.enabled:
            return
        if self.mutant:
            try:
                state = sc.state_from_proto(state_pb2.State.FromString(wire), "state", self.mutant, wire)
            except InputError:
                return
            encodings, fingerprint = None, ""
        elif not within_bounds(state):
            return
        else:
            normalize_usage(state)
        cache.put(wire, self.mutant, state, encodings, fingerprint)

    @staticmethod
    def _action(request: Any) -> oracle.Action:
        if not request.HasField("action"):
            raise InputError("action", "is required")
        return cv.action_from_proto(request.action, "action")

    # RPCs

    def GetServerInfo(self, request: pb.GetServerInfoRequest, context: CallControl) -> pb.GetServerInfoResponse:
        """Versions, editions, card pool version and the mutant, if any."""
        return self._info

    def CreateGame(self, request: pb.CreateGameRequest, context: CallControl) -> pb.CreateGameResponse:
        """A new game and the events of creating it (301.4.1, 301.4.2); with
        ``chance_seed`` the sampler decides chance's setup outcomes (roll, shuffles) until
        the first player decision, and their events follow in order."""
        if not request.HasField("config"):
            raise InputError("config", "is required")
        try:
            state, events = new_game_with_events(cv.config_from_proto(request.config))
        except ConfigError as exc:
            raise cv.config_error(exc) from None
        state.mutant = self.mutant
        resp = pb.CreateGameResponse()
        cv.add_events(resp, events)
        if request.HasField("chance_seed"):
            rng = random.Random(request.chance_seed)
            for _ in range(_MAX_CHANCE_STEPS):
                if decision(state).actor != CHANCE:
                    break
                action = random_action(state, rng)
                out = apply(state, action)
                state = out.state
                cv.action_to_proto(action, resp.chance_actions.add())
                cv.add_events(resp, out.events)
        resp.fingerprint = sc.encode_state(state, resp.state)[1]
        cv.decision_to_proto(decision(state), resp.decision)
        self._remember(state, resp.state.SerializeToString(deterministic=True))
        note_fingerprint(resp.fingerprint)
        return resp

    def GetLegalActions(
        self, request: pb.GetLegalActionsRequest, context: CallControl
    ) -> pb.GetLegalActionsResponse:
        """Who decides and every legal action, each with ``encoded``; at a shuffle the
        outcomes are not enumerated."""
        cached = self._lookup(request)
        state = cached.state
        d = decision(state)
        actions = legal_actions(state)
        resp = pb.GetLegalActionsResponse()
        cv.decision_to_proto(d, resp.decision)
        add = resp.actions.add
        for a in actions:
            cv.action_to_proto(a, add())
        resp.outcomes_not_enumerated = d.actor == CHANCE and not actions
        resp.fingerprint = cached.fingerprint or sc.state_fingerprint(state)
        note_fingerprint(resp.fingerprint)
        return resp

    def CheckAction(self, request: pb.CheckActionRequest, context: CallControl) -> pb.CheckActionResponse:
        """Whether one action is legal; if not, the violations by rule."""
        state = self._state(request)
        note_state(state)
        action = self._action(request)
        violations = check(state, action)
        return pb.CheckActionResponse(legal=not violations, violations=cv.violations_to_proto(violations))

    def BatchCheckActions(
        self, request: pb.BatchCheckActionsRequest, context: CallControl
    ) -> pb.BatchCheckActionsResponse:
        """Check every action against one state; one result per action, in order.
        Malformed actions are reported together (one field violation each, the first
        :data:`MAX_VIOLATIONS` listed and the rest counted)."""
        state = self._state(request)
        note_state(state)
        actions: list[oracle.Action] = []
        errors: list[tuple[str, str]] = []
        unlisted = 0
        for i, msg in enumerate(request.actions):
            if i % _DEADLINE_STRIDE == 0:
                check_deadline(context)
            try:
                actions.append(cv.action_from_proto(msg, f"actions[{i}]"))
            except InputError as exc:
                if len(errors) < MAX_VIOLATIONS:
                    errors.extend(exc.violations)
                else:
                    unlisted += len(exc.violations)
        if errors:
            err = InputError(*errors[0])
            err.violations = errors
            err.unlisted = unlisted
            raise err
        resp = pb.BatchCheckActionsResponse()
        add = resp.results.add
        for i, action in enumerate(actions):
            if i % _DEADLINE_STRIDE == 0:
                check_deadline(context)
            violations = check(state, action)
            if violations:
                add(legal=False, violations=cv.violations_to_proto(violations))
            else:
                add(legal=True)
        return resp

    def ApplyAction(self, request: pb.ApplyActionRequest, context: CallControl) -> pb.ApplyActionResponse:
        """Apply an action: the next state, the events citing rules, the fingerprint and
        the next decision; an illegal action is answered with ``legal = false``.  With a
        ``read_mask``, only the parts it names (PROTOCOL.md 2.1, partial answers), and the
        next state's legal actions when it names ``legal_actions``."""
        parts = _read_mask(request)
        cached = self._lookup(request, encodings=True)
        state = cached.state
        action = self._action(request)
        try:
            out = apply(state, action)
        except IllegalAction as exc:
            note_state(state)
            return pb.ApplyActionResponse(legal=False, violations=cv.violations_to_proto(exc.violations))
        resp = pb.ApplyActionResponse(legal=True)
        nxt = out.state
        if "events" in parts:
            cv.add_events(resp, out.events)
        # the cards no rule changed keep the encodings of the request's state (State.fork);
        # the state message is made even when not sent: it is the state cache's key
        msg = resp.state if "state" in parts else pb.ApplyActionResponse().state
        _, fingerprint, encodings = sc.encode_state_reusing(nxt, msg, (state, cached.encodings))
        if "fingerprint" in parts:
            resp.fingerprint = fingerprint
        self._add_next(resp, nxt, parts)
        self._remember(nxt, msg.SerializeToString(deterministic=True), encodings, fingerprint)
        note_fingerprint(fingerprint)
        return resp

    def apply_action_wire(self, data: bytes, context: CallControl) -> bytes:
        """:meth:`ApplyAction` from the request's wire bytes to the answer's: always the bytes
        ``ApplyAction(ApplyActionRequest.FromString(data)).SerializeToString()`` would give
        (or its error), the form the server runs.  A request of exactly a state, an action and
        at most a read mask, each given once, is taken apart: its state's bytes as sent are the
        state cache's key, and a hit parses no state at all (only the action and the mask, at
        the depth they have in the request); a miss parses the request whole, as
        :meth:`ApplyAction`'s path does.  The answer is written from the encodings of the next
        state's players and cards (:func:`~oracle.service.state_codec.encode_state_wire`),
        whose bytes are the key of the state it stores.  Any other request is parsed and
        answered by :meth:`ApplyAction`."""
        fields = split_fields(data, APPLY_REQUEST_FIELDS)
        if fields is None or 1 not in fields or 2 not in fields:
            return self._apply_parsed(data, context)
        state_bytes = fields[1]
        cache = self.state_cache
        cached = cache.known(state_bytes, self.mutant) if cache.enabled else None
        mask = fields.get(3)
        parts = _MASKS.get(mask) if cached is not None else None
        # the request parses first, as in ApplyAction's path (a request that does not parse is
        # refused as such): whole on a miss; on a hit, whose state bytes parsed in a request
        # before (or are an answer's), its other fields, at the same depth as in the request;
        # the action alone when the mask's bytes are those of a mask read before (_MASKS)
        try:
            if cached is None:
                request = pb.ApplyActionRequest.FromString(data)
            elif parts is None:
                request = pb.ApplyActionRequest.FromString(
                    length_delimited(b"\x12", fields[2]) + (b"" if mask is None else length_delimited(b"\x1a", mask)))
            else:
                request = pb.ApplyActionRequest.FromString(length_delimited(b"\x12", fields[2]))
        except DecodeError:
            return self._apply_parsed(data, context)
        # then the checks in ApplyAction's order: the mask, the state, the action
        if parts is None:
            parts = _read_mask(request)
            if len(_MASKS) >= _MASKS_KEPT:
                _MASKS.clear()
            _MASKS[mask] = parts
        if cache.enabled:
            cache.count(cached is not None)
            _note_cache("miss" if cached is None else "hit")
        if cached is None:
            cached = self._decoded(request.state, "state", True, state_bytes)
        action = self._action(request)
        state = cached.state
        try:
            out = apply(state, action)
        except IllegalAction as exc:
            note_state(state)
            refused: bytes = pb.ApplyActionResponse(legal=False, violations=cv.violations_to_proto(exc.violations)).SerializeToString()
            return refused
        nxt = out.state
        wire, encodings = sc.encode_state_wire(nxt, (state, cached.encodings))
        fingerprint = self._answered(nxt, wire, encodings)
        # legal (field 1), state (3), events (4), fingerprint (5), then the decision (6) and
        # the legal actions (7, 8) through a message when asked for
        if "legal_actions" in parts:
            small = pb.ApplyActionResponse(legal=True)
            self._add_next(small, nxt, parts)
            rest = small.SerializeToString()[2:]
        else:
            rest = _decision_field(decision(nxt)) if "decision" in parts else b""
        pieces = [b"\x08\x01"]
        if "state" in parts:
            pieces.append(length_delimited(b"\x1a", wire))
        if "events" in parts:
            pieces.append(cv.events_wire(out.events, b"\x22"))
        if "fingerprint" in parts:
            pieces.append(length_delimited(b"\x2a", fingerprint.encode("ascii")))
        pieces.append(rest)
        note_fingerprint(fingerprint)
        return b"".join(pieces)

    def _answered(self, nxt: State, wire: bytes, encodings: Any) -> str:
        """The fingerprint of the next state ``nxt`` whose wire bytes are ``wire``, stored
        in the state cache (:meth:`_remember`).  A state the cache holds under those bytes
        with its fingerprint (an answer made before: a client repeating a call, two ways to
        one state) is the same state: its fingerprint is taken, and nothing is stored again."""
        known = self.state_cache.known(wire, self.mutant) if self.state_cache.enabled else None
        if known is not None and known.fingerprint:
            return known.fingerprint
        fingerprint = sc.fingerprint_of(nxt, encodings)
        self._remember(nxt, wire, encodings, fingerprint)
        return fingerprint

    def _apply_parsed(self, data: bytes, context: CallControl) -> bytes:
        """:meth:`apply_action_wire` for a request it does not take apart: parsed, then :meth:`ApplyAction`."""
        answer: bytes = self.ApplyAction(_parse_request(pb.ApplyActionRequest, data, APPLY_METHOD), context).SerializeToString()
        return answer

    @staticmethod
    def _add_next(resp: pb.ApplyActionResponse, nxt: State, parts: frozenset[str]) -> None:
        """The next state's decision and legal actions into ``resp``, as far as ``parts`` asks."""
        if "decision" in parts or "legal_actions" in parts:
            d = decision(nxt)
            if "decision" in parts:
                cv.decision_to_proto(d, resp.decision)
            if "legal_actions" in parts:
                actions = legal_actions(nxt)
                add = resp.legal_actions.add
                for a in actions:
                    cv.action_to_proto(a, add())
                resp.outcomes_not_enumerated = d.actor == CHANCE and not actions

    def GetCatalogue(self, request: pb.GetCatalogueRequest, context: CallControl) -> pb.GetCatalogueResponse:
        """The rule catalogue, optionally only one edition's rules."""
        resp = self._catalogue.get(request.edition)
        if resp is None:
            known = ", ".join(sorted(e for e in self._catalogue if e))
            raise InputError("edition", f"unknown edition {request.edition!r}; known: {known}")
        return resp

    def GetCardPool(self, request: pb.GetCardPoolRequest, context: CallControl) -> pb.GetCardPoolResponse:
        """The card pool with each card's definition."""
        return self._pool

    def VerifyTranscript(
        self, request: transcript_pb2.VerifyTranscriptRequest, context: CallControl
    ) -> transcript_pb2.VerifyTranscriptResponse:
        """Replay a transcript on the reference; the first divergence, or agreement."""
        if not request.HasField("transcript"):
            raise InputError("transcript", "is required")
        return verify_transcript_message(request.transcript)

    async def StreamVerifyTranscript(
        self, request_iterator: AsyncIterator[transcript_pb2.StreamVerifyTranscriptRequest], context: Any
    ) -> transcript_pb2.StreamVerifyTranscriptResponse:
        """The streaming form of :meth:`VerifyTranscript` (configuration first, then steps).
        Waiting for the next message holds no thread; the engine work of each message runs
        in :attr:`executor`."""
        return await verify_stream_async(request_iterator, self._run)

    async def _run(self, fn: Callable[[], _T]) -> _T:
        if self.executor is None:
            return fn()
        ctx = contextvars.copy_context()
        return await asyncio.wrap_future(self.executor.submit(ctx.run, fn))


#: The full name of ApplyAction's method (as the server's log line and errors give it).
APPLY_METHOD = f"/{SERVICE_NAME}/ApplyAction"
#: ``ApplyActionRequest``'s fields: state = 1, action = 2, read_mask = 3.
APPLY_REQUEST_FIELDS = frozenset((1, 2, 3))
#: The paths of ``ApplyActionRequest.read_mask`` (PROTOCOL.md 2.1), each a field of the answer.
APPLY_PARTS = ("state", "events", "fingerprint", "decision", "legal_actions")
#: The parts of an answer without ``read_mask``: release 0.1.0's answer.
_FULL_ANSWER = frozenset(APPLY_PARTS) - {"legal_actions"}


def _read_mask(request: pb.ApplyActionRequest) -> frozenset[str]:
    """The parts of the answer ``request`` asks for (all of 0.1.0's when it has no mask);
    an unknown or repeated path is an :class:`InputError` on ``read_mask.paths[i]``."""
    if not request.HasField("read_mask"):
        return _FULL_ANSWER
    seen: set[str] = set()
    for i, path in enumerate(request.read_mask.paths):
        if path not in APPLY_PARTS:
            raise InputError(f"read_mask.paths[{i}]", f"unknown path {path!r}; known: {', '.join(APPLY_PARTS)}")
        if path in seen:
            raise InputError(f"read_mask.paths[{i}]", f"path {path!r} is given twice")
        seen.add(path)
    return frozenset(seen)


#: Read masks by their wire bytes as a request sends them (field 3 of ``ApplyActionRequest``;
#: None: no mask), each read once by :func:`_read_mask` (speed only: only a mask that was read
#: without an error is kept; a client sends one or a few).  Emptied when it reaches
#: :data:`_MASKS_KEPT` masks.
_MASKS: dict[bytes | None, frozenset[str]] = {None: _FULL_ANSWER}
_MASKS_KEPT = 256


def _note_cache(outcome: str) -> None:
    """Log whether the call's state was a state cache ``hit`` or ``miss``."""
    info = CURRENT_CALL.get()
    if info is not None:
        info.state_cache = outcome


#: ``ApplyActionResponse.decision`` (field 6) by decision: a game has a few dozen.
_DECISION_FIELDS: dict[Decision, bytes] = {}


def _decision_field(d: Decision) -> bytes:
    """The wire bytes of ``decision`` = ``d`` in an ``ApplyActionResponse``, as
    :func:`~oracle.service.convert.decision_to_proto` fills it."""
    out = _DECISION_FIELDS.get(d)
    if out is None:
        if len(_DECISION_FIELDS) >= 4096:
            _DECISION_FIELDS.clear()
        resp = pb.ApplyActionResponse()
        cv.decision_to_proto(d, resp.decision)
        out = _DECISION_FIELDS[d] = resp.SerializeToString()
    return out


def _parse_request(kind: Any, data: bytes, method: str) -> Any:
    """The request message ``kind`` of ``data``; bytes that do not parse are the
    INVALID_ARGUMENT the server gives any undecodable request of ``method``."""
    try:
        return kind.FromString(data)
    except Exception as exc:
        raise undecodable("request", method, exc) from None


def _card_pool_response() -> pb.GetCardPoolResponse:
    pool = load_pool()
    raw = json.loads(resources.files("oracle").joinpath("data/cards.json").read_text(encoding="utf-8"))
    definitions = {c["id"]: json.dumps(c, ensure_ascii=False, sort_keys=True) for c in raw["cards"]}
    return pb.GetCardPoolResponse(
        version=pool.version,
        cards=[
            pb.CardInfo(
                id=c.id, name=c.name, name_en=c.name_en, type=c.type, cost=c.cost, strike=c.strike, life=c.life,
                text=c.text, definition_json=definitions.get(c.id, ""),
            )
            for c in pool.cards.values()
        ],
    )


def _catalogue_responses() -> dict[str, pb.GetCatalogueResponse]:
    rules = [
        pb.Rule(
            id=r.id, edition=r.edition, number=r.number, kind=r.kind, text_ru=r.text_ru, text_en=r.text_en,
            same_as=r.same_as, forbids=r.forbids, unnumbered_in_seed=r.unnumbered_in_seed,
            inherited_from=r.inherited_from or "", modelled=r.modelled,
        )
        for r in load_catalogue().rules.values()
    ]
    out = {"": pb.GetCatalogueResponse(rules=rules)}
    for edition in sorted({r.edition for r in rules}):
        out[edition] = pb.GetCatalogueResponse(rules=[r for r in rules if r.edition == edition])
    return out
