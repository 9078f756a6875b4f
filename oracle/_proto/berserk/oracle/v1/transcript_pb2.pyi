from oracle._proto.berserk.oracle.v1 import action_pb2 as _action_pb2
from oracle._proto.berserk.oracle.v1 import game_config_pb2 as _game_config_pb2
from oracle._proto.berserk.oracle.v1 import state_pb2 as _state_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Transcript(_message.Message):
    __slots__ = ("config", "steps")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    config: _game_config_pb2.GameConfig
    steps: _containers.RepeatedCompositeFieldContainer[TranscriptStep]
    def __init__(self, config: _Optional[_Union[_game_config_pb2.GameConfig, _Mapping]] = ..., steps: _Optional[_Iterable[_Union[TranscriptStep, _Mapping]]] = ...) -> None: ...

class TranscriptStep(_message.Message):
    __slots__ = ("actor", "action", "state", "legal_actions", "events", "state_fields")
    ACTOR_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELDS_FIELD_NUMBER: _ClassVar[int]
    actor: _action_pb2.Actor
    action: _action_pb2.Action
    state: _state_pb2.State
    legal_actions: ClientLegalActions
    events: ClientEvents
    state_fields: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, actor: _Optional[_Union[_action_pb2.Actor, str]] = ..., action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ..., state: _Optional[_Union[_state_pb2.State, _Mapping]] = ..., legal_actions: _Optional[_Union[ClientLegalActions, _Mapping]] = ..., events: _Optional[_Union[ClientEvents, _Mapping]] = ..., state_fields: _Optional[_Iterable[str]] = ...) -> None: ...

class ClientLegalActions(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, actions: _Optional[_Iterable[str]] = ...) -> None: ...

class ClientEvents(_message.Message):
    __slots__ = ("events",)
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[_action_pb2.Event]
    def __init__(self, events: _Optional[_Iterable[_Union[_action_pb2.Event, _Mapping]]] = ...) -> None: ...

class VerifyTranscriptRequest(_message.Message):
    __slots__ = ("transcript",)
    TRANSCRIPT_FIELD_NUMBER: _ClassVar[int]
    transcript: Transcript
    def __init__(self, transcript: _Optional[_Union[Transcript, _Mapping]] = ...) -> None: ...

class VerifyTranscriptResponse(_message.Message):
    __slots__ = ("agrees", "divergent_step", "divergence", "steps_checked")
    AGREES_FIELD_NUMBER: _ClassVar[int]
    DIVERGENT_STEP_FIELD_NUMBER: _ClassVar[int]
    DIVERGENCE_FIELD_NUMBER: _ClassVar[int]
    STEPS_CHECKED_FIELD_NUMBER: _ClassVar[int]
    agrees: bool
    divergent_step: int
    divergence: Divergence
    steps_checked: int
    def __init__(self, agrees: _Optional[bool] = ..., divergent_step: _Optional[int] = ..., divergence: _Optional[_Union[Divergence, _Mapping]] = ..., steps_checked: _Optional[int] = ...) -> None: ...

class StreamVerifyTranscriptRequest(_message.Message):
    __slots__ = ("config", "step")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    config: _game_config_pb2.GameConfig
    step: TranscriptStep
    def __init__(self, config: _Optional[_Union[_game_config_pb2.GameConfig, _Mapping]] = ..., step: _Optional[_Union[TranscriptStep, _Mapping]] = ...) -> None: ...

class StreamVerifyTranscriptResponse(_message.Message):
    __slots__ = ("agrees", "divergent_step", "divergence", "steps_checked")
    AGREES_FIELD_NUMBER: _ClassVar[int]
    DIVERGENT_STEP_FIELD_NUMBER: _ClassVar[int]
    DIVERGENCE_FIELD_NUMBER: _ClassVar[int]
    STEPS_CHECKED_FIELD_NUMBER: _ClassVar[int]
    agrees: bool
    divergent_step: int
    divergence: Divergence
    steps_checked: int
    def __init__(self, agrees: _Optional[bool] = ..., divergent_step: _Optional[int] = ..., divergence: _Optional[_Union[Divergence, _Mapping]] = ..., steps_checked: _Optional[int] = ...) -> None: ...

class Divergence(_message.Message):
    __slots__ = ("kind", "violations", "missing_actions", "extra_actions", "state_differences", "message")
    KIND_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    MISSING_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EXTRA_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    STATE_DIFFERENCES_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    kind: str
    violations: _containers.RepeatedCompositeFieldContainer[_action_pb2.Violation]
    missing_actions: _containers.RepeatedScalarFieldContainer[str]
    extra_actions: _containers.RepeatedScalarFieldContainer[str]
    state_differences: _containers.RepeatedCompositeFieldContainer[FieldDifference]
    message: str
    def __init__(self, kind: _Optional[str] = ..., violations: _Optional[_Iterable[_Union[_action_pb2.Violation, _Mapping]]] = ..., missing_actions: _Optional[_Iterable[str]] = ..., extra_actions: _Optional[_Iterable[str]] = ..., state_differences: _Optional[_Iterable[_Union[FieldDifference, _Mapping]]] = ..., message: _Optional[str] = ...) -> None: ...

class FieldDifference(_message.Message):
    __slots__ = ("path", "reference", "client")
    PATH_FIELD_NUMBER: _ClassVar[int]
    REFERENCE_FIELD_NUMBER: _ClassVar[int]
    CLIENT_FIELD_NUMBER: _ClassVar[int]
    path: str
    reference: str
    client: str
    def __init__(self, path: _Optional[str] = ..., reference: _Optional[str] = ..., client: _Optional[str] = ...) -> None: ...
