from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Actor(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ACTOR_UNSPECIFIED: _ClassVar[Actor]
    ACTOR_PLAYER_1: _ClassVar[Actor]
    ACTOR_PLAYER_2: _ClassVar[Actor]
    ACTOR_CHANCE: _ClassVar[Actor]
    ACTOR_NOBODY: _ClassVar[Actor]
ACTOR_UNSPECIFIED: Actor
ACTOR_PLAYER_1: Actor
ACTOR_PLAYER_2: Actor
ACTOR_CHANCE: Actor
ACTOR_NOBODY: Actor

class Action(_message.Message):
    __slots__ = ("kind", "card", "ability", "targets", "amounts", "x", "mode", "option", "values", "trigger", "encoded", "actor")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    AMOUNTS_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    VALUES_FIELD_NUMBER: _ClassVar[int]
    TRIGGER_FIELD_NUMBER: _ClassVar[int]
    ENCODED_FIELD_NUMBER: _ClassVar[int]
    ACTOR_FIELD_NUMBER: _ClassVar[int]
    kind: str
    card: int
    ability: int
    targets: _containers.RepeatedScalarFieldContainer[int]
    amounts: _containers.RepeatedScalarFieldContainer[int]
    x: int
    mode: int
    option: str
    values: _containers.RepeatedScalarFieldContainer[int]
    trigger: int
    encoded: str
    actor: Actor
    def __init__(self, kind: _Optional[str] = ..., card: _Optional[int] = ..., ability: _Optional[int] = ..., targets: _Optional[_Iterable[int]] = ..., amounts: _Optional[_Iterable[int]] = ..., x: _Optional[int] = ..., mode: _Optional[int] = ..., option: _Optional[str] = ..., values: _Optional[_Iterable[int]] = ..., trigger: _Optional[int] = ..., encoded: _Optional[str] = ..., actor: _Optional[_Union[Actor, str]] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("actor", "kind")
    ACTOR_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    actor: Actor
    kind: str
    def __init__(self, actor: _Optional[_Union[Actor, str]] = ..., kind: _Optional[str] = ...) -> None: ...

class Violation(_message.Message):
    __slots__ = ("rule", "message")
    RULE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    rule: str
    message: str
    def __init__(self, rule: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("kind", "rules", "data")
    KIND_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    kind: str
    rules: _containers.RepeatedScalarFieldContainer[str]
    data: _containers.RepeatedCompositeFieldContainer[EventField]
    def __init__(self, kind: _Optional[str] = ..., rules: _Optional[_Iterable[str]] = ..., data: _Optional[_Iterable[_Union[EventField, _Mapping]]] = ...) -> None: ...

class EventField(_message.Message):
    __slots__ = ("key", "value")
    KEY_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    key: str
    value: str
    def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
