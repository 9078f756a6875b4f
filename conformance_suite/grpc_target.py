"""A :class:`~conformance_suite.targets.Target` over gRPC: any server implementing
``berserk.oracle.v1.OracleService``.

States travel as ``State`` messages, converted from and to the canonical data form by the
service's converter (:mod:`oracle.service.convert`); actions are sent in their encoded text
form.  ``INVALID_ARGUMENT`` becomes :class:`~conformance_suite.targets.TargetInputError`
(its ``google.rpc.BadRequest`` field violations decoded); ``UNAVAILABLE``, deadlines and
every other transport or server fault become :class:`~conformance_suite.targets.TargetError`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import grpc

from oracle._proto.berserk.oracle.v1 import action_pb2, game_config_pb2, oracle_service_pb2, oracle_service_pb2_grpc
from oracle.model import Event, Violation
from oracle.service.convert import decision_actor_from_proto
from oracle.service.errors import InputError
from oracle.service.state_codec import state_dict_from_proto, state_dict_to_proto

from .targets import (
    ApplyResult,
    GameSetup,
    LegalActions,
    NewGame,
    ServerInfo,
    StateData,
    TargetDecision,
    TargetError,
    TargetInputError,
    target_event,
)

__all__ = ["GrpcTarget", "decode_bad_request"]

_MAX_MESSAGE = 64 * 1024 * 1024


def decode_bad_request(exc: grpc.RpcError) -> list[tuple[str, str]]:
    """The ``(field, description)`` pairs of the ``google.rpc.BadRequest`` detail of an
    ``INVALID_ARGUMENT`` error (empty when there is none)."""
    try:
        from google.rpc import error_details_pb2
        from grpc_status import rpc_status
    except ImportError:  # pragma: no cover - grpcio-status is a dependency
        return []
    try:
        status = rpc_status.from_call(exc)
    except ValueError:
        return []
    out: list[tuple[str, str]] = []
    for detail in status.details if status is not None else []:
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            br = error_details_pb2.BadRequest()
            detail.Unpack(br)
            out += [(v.field, v.description) for v in br.field_violations]
    return out


def _event(e: action_pb2.Event) -> Event:
    return target_event(e.kind, e.rules, ((f.key, f.value) for f in e.data))


def _violations(vs: Any) -> tuple[Violation, ...]:
    return tuple(Violation(v.rule, v.message) for v in vs)


def _decision(d: action_pb2.Decision) -> TargetDecision:
    """The decision a target sent; an actor no decision may have (ACTOR_UNSPECIFIED, an
    undefined number) becomes -2, which the runner reports as a mismatch, not an error."""
    try:
        return TargetDecision(int(decision_actor_from_proto(d.actor)), d.kind)
    except InputError:
        return TargetDecision(-2, d.kind)


class GrpcTarget:
    """An implementation of the oracle service at ``address`` (``HOST:PORT``).

    ``tls_ca``: a PEM file of the CA that signed the server's certificate (switches TLS
    on); ``token``: a bearer token sent as ``authorization: Bearer TOKEN``; ``timeout``: the
    deadline of each call in seconds."""

    def __init__(
        self, address: str, *, tls_ca: str | None = None, token: str | None = None, timeout: float = 30.0
    ) -> None:
        self.address = address
        self.name = address
        self.timeout = timeout
        options = [
            ("grpc.max_receive_message_length", _MAX_MESSAGE),
            ("grpc.max_send_message_length", _MAX_MESSAGE),
        ]
        if tls_ca:
            try:
                ca = Path(tls_ca).read_bytes()
            except OSError as exc:
                raise TargetError(f"cannot read the TLS CA file {tls_ca}: {exc}") from None
            self._channel = grpc.secure_channel(address, grpc.ssl_channel_credentials(root_certificates=ca), options)
        else:
            self._channel = grpc.insecure_channel(address, options)
        self._metadata: tuple[tuple[str, str], ...] = (("authorization", f"Bearer {token}"),) if token else ()
        self._label = ""
        self._tls = bool(tls_ca)
        self._stub = oracle_service_pb2_grpc.OracleServiceStub(self._channel)  # type: ignore[no-untyped-call]
        # The last state returned, with its message: the next request usually sends it back.
        self._last: tuple[StateData, Any] | None = None

    def close(self) -> None:
        """Close the channel."""
        self._channel.close()

    def label_calls(self, label: str) -> None:
        """Send ``label`` as the ``x-request-id`` of the calls that follow (the service
        echoes it and names the call in its log)."""
        self._label = label

    def _call(self, method: Callable[..., Any], request: Any) -> Any:
        name = type(request).__name__.removesuffix("Request")
        metadata = self._metadata + ((("x-request-id", self._label),) if self._label else ())
        try:
            return method(request, timeout=self.timeout, metadata=metadata)
        except grpc.RpcError as exc:
            code = exc.code() if hasattr(exc, "code") else None
            details = exc.details() if hasattr(exc, "details") else str(exc)
            if code == grpc.StatusCode.INVALID_ARGUMENT:
                violations = decode_bad_request(exc)
                if violations:
                    field, reason = violations[0]
                    extra = "; ".join(f"{f}: {r}" for f, r in violations[1:])
                    raise TargetInputError(field, reason + (f" (also {extra})" if extra else "")) from None
                raise TargetInputError("request", details or "INVALID_ARGUMENT without a BadRequest detail") from None
            status = code.name if code is not None else "RPC error"
            raise TargetError(f"{status} from {name}: {details}{self._hint(status, details)}", code=status, method=name) from None

    def _hint(self, status: str, details: str) -> str:
        """A hint for a TLS mismatch, the usual cause of a server that closes at once."""
        text = (details or "").lower()
        if status != "UNAVAILABLE":
            return ""
        if not self._tls and ("socket closed" in text or "connection reset" in text or "handshake" in text):
            return " (does the server use TLS? then give --tls-ca with the CA that signed its certificate)"
        if self._tls and ("ssl" in text or "handshake" in text or "certificate" in text):
            return " (TLS handshake failed: check --tls-ca, the server's certificate and that it serves TLS)"
        return ""

    def _state_msg(self, state: StateData) -> Any:
        if self._last is not None and self._last[0] is state:
            return self._last[1]
        return state_dict_to_proto(state)

    def _keep(self, msg: Any) -> StateData:
        data = state_dict_from_proto(msg, "response.state")
        self._last = (data, msg)
        return data

    def server_info(self) -> ServerInfo:
        """GetServerInfo."""
        r = self._call(self._stub.GetServerInfo, oracle_service_pb2.GetServerInfoRequest())
        return ServerInfo(
            implementation=r.implementation,
            engine_version=r.engine_version,
            proto_version=r.proto_version,
            suite_version=r.suite_version,
            editions=tuple(r.editions),
            default_edition=r.default_edition,
            card_pool_version=r.card_pool_version,
            mutants=tuple(r.mutants),
            support={s.edition: tuple(s.capabilities) for s in r.support},
            levels=tuple(r.levels),
            card_ids=tuple(r.card_ids),
        )

    def create_game(self, config: GameSetup) -> NewGame:
        """CreateGame without a chance seed (chance outcomes are scenario steps): the
        state and the events of creating the game."""
        cfg = game_config_pb2.GameConfig(
            edition=config.edition,
            heroes=list(config.heroes),
            decks=[game_config_pb2.DeckList(card_ids=list(d)) for d in config.decks],
        )
        r = self._call(self._stub.CreateGame, oracle_service_pb2.CreateGameRequest(config=cfg))
        return NewGame(self._keep(r.state), tuple(_event(e) for e in r.events))

    def legal_actions(self, state: StateData) -> LegalActions:
        """GetLegalActions: the decision and the encoded legal actions."""
        r = self._call(
            self._stub.GetLegalActions, oracle_service_pb2.GetLegalActionsRequest(state=self._state_msg(state))
        )
        return LegalActions(_decision(r.decision), tuple(a.encoded for a in r.actions))

    def check(self, state: StateData, action: str) -> tuple[Violation, ...]:
        """CheckAction: the violations (empty when legal)."""
        r = self._call(
            self._stub.CheckAction,
            oracle_service_pb2.CheckActionRequest(state=self._state_msg(state), action=action_pb2.Action(encoded=action)),
        )
        return _violations(r.violations)

    def apply(self, state: StateData, action: str) -> ApplyResult:
        """ApplyAction."""
        r = self._call(
            self._stub.ApplyAction,
            oracle_service_pb2.ApplyActionRequest(state=self._state_msg(state), action=action_pb2.Action(encoded=action)),
        )
        if not r.legal:
            return ApplyResult(False, _violations(r.violations))
        return ApplyResult(
            True,
            (),
            self._keep(r.state),
            tuple(_event(e) for e in r.events),
            _decision(r.decision),
        )
