from oracle._proto.berserk.oracle.v1 import action_pb2 as _action_pb2
from oracle._proto.berserk.oracle.v1 import game_config_pb2 as _game_config_pb2
from oracle._proto.berserk.oracle.v1 import state_pb2 as _state_pb2
from oracle._proto.berserk.oracle.v1 import transcript_pb2 as _transcript_pb2
from google.protobuf import field_mask_pb2 as _field_mask_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GetServerInfoRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetServerInfoResponse(_message.Message):
    __slots__ = ("engine_version", "proto_version", "suite_version", "editions", "default_edition", "card_pool_version", "mutants", "implementation", "support", "levels", "card_ids")
    ENGINE_VERSION_FIELD_NUMBER: _ClassVar[int]
    PROTO_VERSION_FIELD_NUMBER: _ClassVar[int]
    SUITE_VERSION_FIELD_NUMBER: _ClassVar[int]
    EDITIONS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_EDITION_FIELD_NUMBER: _ClassVar[int]
    CARD_POOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    MUTANTS_FIELD_NUMBER: _ClassVar[int]
    IMPLEMENTATION_FIELD_NUMBER: _ClassVar[int]
    SUPPORT_FIELD_NUMBER: _ClassVar[int]
    LEVELS_FIELD_NUMBER: _ClassVar[int]
    CARD_IDS_FIELD_NUMBER: _ClassVar[int]
    engine_version: str
    proto_version: str
    suite_version: str
    editions: _containers.RepeatedScalarFieldContainer[str]
    default_edition: str
    card_pool_version: str
    mutants: _containers.RepeatedScalarFieldContainer[str]
    implementation: str
    support: _containers.RepeatedCompositeFieldContainer[EditionSupport]
    levels: _containers.RepeatedScalarFieldContainer[str]
    card_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, engine_version: _Optional[str] = ..., proto_version: _Optional[str] = ..., suite_version: _Optional[str] = ..., editions: _Optional[_Iterable[str]] = ..., default_edition: _Optional[str] = ..., card_pool_version: _Optional[str] = ..., mutants: _Optional[_Iterable[str]] = ..., implementation: _Optional[str] = ..., support: _Optional[_Iterable[_Union[EditionSupport, _Mapping]]] = ..., levels: _Optional[_Iterable[str]] = ..., card_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class EditionSupport(_message.Message):
    __slots__ = ("edition", "capabilities")
    EDITION_FIELD_NUMBER: _ClassVar[int]
    CAPABILITIES_FIELD_NUMBER: _ClassVar[int]
    edition: str
    capabilities: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, edition: _Optional[str] = ..., capabilities: _Optional[_Iterable[str]] = ...) -> None: ...

class CreateGameRequest(_message.Message):
    __slots__ = ("config", "chance_seed")
    CONFIG_FIELD_NUMBER: _ClassVar[int]
    CHANCE_SEED_FIELD_NUMBER: _ClassVar[int]
    config: _game_config_pb2.GameConfig
    chance_seed: int
    def __init__(self, config: _Optional[_Union[_game_config_pb2.GameConfig, _Mapping]] = ..., chance_seed: _Optional[int] = ...) -> None: ...

class CreateGameResponse(_message.Message):
    __slots__ = ("state", "fingerprint", "decision", "chance_actions", "events")
    STATE_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    CHANCE_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    state: _state_pb2.State
    fingerprint: str
    decision: _action_pb2.Decision
    chance_actions: _containers.RepeatedCompositeFieldContainer[_action_pb2.Action]
    events: _containers.RepeatedCompositeFieldContainer[_action_pb2.Event]
    def __init__(self, state: _Optional[_Union[_state_pb2.State, _Mapping]] = ..., fingerprint: _Optional[str] = ..., decision: _Optional[_Union[_action_pb2.Decision, _Mapping]] = ..., chance_actions: _Optional[_Iterable[_Union[_action_pb2.Action, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[_action_pb2.Event, _Mapping]]] = ...) -> None: ...

class GetLegalActionsRequest(_message.Message):
    __slots__ = ("state",)
    STATE_FIELD_NUMBER: _ClassVar[int]
    state: _state_pb2.State
    def __init__(self, state: _Optional[_Union[_state_pb2.State, _Mapping]] = ...) -> None: ...

class GetLegalActionsResponse(_message.Message):
    __slots__ = ("decision", "actions", "outcomes_not_enumerated", "fingerprint")
    DECISION_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    OUTCOMES_NOT_ENUMERATED_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    decision: _action_pb2.Decision
    actions: _containers.RepeatedCompositeFieldContainer[_action_pb2.Action]
    outcomes_not_enumerated: bool
    fingerprint: str
    def __init__(self, decision: _Optional[_Union[_action_pb2.Decision, _Mapping]] = ..., actions: _Optional[_Iterable[_Union[_action_pb2.Action, _Mapping]]] = ..., outcomes_not_enumerated: _Optional[bool] = ..., fingerprint: _Optional[str] = ...) -> None: ...

class CheckActionRequest(_message.Message):
    __slots__ = ("state", "action")
    STATE_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    state: _state_pb2.State
    action: _action_pb2.Action
    def __init__(self, state: _Optional[_Union[_state_pb2.State, _Mapping]] = ..., action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ...) -> None: ...

class CheckActionResponse(_message.Message):
    __slots__ = ("legal", "violations")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    violations: _containers.RepeatedCompositeFieldContainer[_action_pb2.Violation]
    def __init__(self, legal: _Optional[bool] = ..., violations: _Optional[_Iterable[_Union[_action_pb2.Violation, _Mapping]]] = ...) -> None: ...

class BatchCheckActionsRequest(_message.Message):
    __slots__ = ("state", "actions")
    STATE_FIELD_NUMBER: _ClassVar[int]
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    state: _state_pb2.State
    actions: _containers.RepeatedCompositeFieldContainer[_action_pb2.Action]
    def __init__(self, state: _Optional[_Union[_state_pb2.State, _Mapping]] = ..., actions: _Optional[_Iterable[_Union[_action_pb2.Action, _Mapping]]] = ...) -> None: ...

class BatchCheckActionsResponse(_message.Message):
    __slots__ = ("results",)
    RESULTS_FIELD_NUMBER: _ClassVar[int]
    results: _containers.RepeatedCompositeFieldContainer[CheckActionResponse]
    def __init__(self, results: _Optional[_Iterable[_Union[CheckActionResponse, _Mapping]]] = ...) -> None: ...

class ApplyActionRequest(_message.Message):
    __slots__ = ("state", "action", "read_mask")
    STATE_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    READ_MASK_FIELD_NUMBER: _ClassVar[int]
    state: _state_pb2.State
    action: _action_pb2.Action
    read_mask: _field_mask_pb2.FieldMask
    def __init__(self, state: _Optional[_Union[_state_pb2.State, _Mapping]] = ..., action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ..., read_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class ApplyActionResponse(_message.Message):
    __slots__ = ("legal", "violations", "state", "events", "fingerprint", "decision", "legal_actions", "outcomes_not_enumerated")
    LEGAL_FIELD_NUMBER: _ClassVar[int]
    VIOLATIONS_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    FINGERPRINT_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    OUTCOMES_NOT_ENUMERATED_FIELD_NUMBER: _ClassVar[int]
    legal: bool
    violations: _containers.RepeatedCompositeFieldContainer[_action_pb2.Violation]
    state: _state_pb2.State
    events: _containers.RepeatedCompositeFieldContainer[_action_pb2.Event]
    fingerprint: str
    decision: _action_pb2.Decision
    legal_actions: _containers.RepeatedCompositeFieldContainer[_action_pb2.Action]
    outcomes_not_enumerated: bool
    def __init__(self, legal: _Optional[bool] = ..., violations: _Optional[_Iterable[_Union[_action_pb2.Violation, _Mapping]]] = ..., state: _Optional[_Union[_state_pb2.State, _Mapping]] = ..., events: _Optional[_Iterable[_Union[_action_pb2.Event, _Mapping]]] = ..., fingerprint: _Optional[str] = ..., decision: _Optional[_Union[_action_pb2.Decision, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[_action_pb2.Action, _Mapping]]] = ..., outcomes_not_enumerated: _Optional[bool] = ...) -> None: ...

class GetCatalogueRequest(_message.Message):
    __slots__ = ("edition",)
    EDITION_FIELD_NUMBER: _ClassVar[int]
    edition: str
    def __init__(self, edition: _Optional[str] = ...) -> None: ...

class GetCatalogueResponse(_message.Message):
    __slots__ = ("rules",)
    RULES_FIELD_NUMBER: _ClassVar[int]
    rules: _containers.RepeatedCompositeFieldContainer[Rule]
    def __init__(self, rules: _Optional[_Iterable[_Union[Rule, _Mapping]]] = ...) -> None: ...

class Rule(_message.Message):
    __slots__ = ("id", "edition", "number", "kind", "text_ru", "text_en", "same_as", "forbids", "unnumbered_in_seed", "inherited_from", "modelled")
    ID_FIELD_NUMBER: _ClassVar[int]
    EDITION_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    TEXT_RU_FIELD_NUMBER: _ClassVar[int]
    TEXT_EN_FIELD_NUMBER: _ClassVar[int]
    SAME_AS_FIELD_NUMBER: _ClassVar[int]
    FORBIDS_FIELD_NUMBER: _ClassVar[int]
    UNNUMBERED_IN_SEED_FIELD_NUMBER: _ClassVar[int]
    INHERITED_FROM_FIELD_NUMBER: _ClassVar[int]
    MODELLED_FIELD_NUMBER: _ClassVar[int]
    id: str
    edition: str
    number: str
    kind: str
    text_ru: str
    text_en: str
    same_as: _containers.RepeatedScalarFieldContainer[str]
    forbids: bool
    unnumbered_in_seed: bool
    inherited_from: str
    modelled: str
    def __init__(self, id: _Optional[str] = ..., edition: _Optional[str] = ..., number: _Optional[str] = ..., kind: _Optional[str] = ..., text_ru: _Optional[str] = ..., text_en: _Optional[str] = ..., same_as: _Optional[_Iterable[str]] = ..., forbids: _Optional[bool] = ..., unnumbered_in_seed: _Optional[bool] = ..., inherited_from: _Optional[str] = ..., modelled: _Optional[str] = ...) -> None: ...

class GetCardPoolRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetCardPoolResponse(_message.Message):
    __slots__ = ("version", "cards")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    version: str
    cards: _containers.RepeatedCompositeFieldContainer[CardInfo]
    def __init__(self, version: _Optional[str] = ..., cards: _Optional[_Iterable[_Union[CardInfo, _Mapping]]] = ...) -> None: ...

class CardInfo(_message.Message):
    __slots__ = ("id", "name", "name_en", "type", "cost", "strike", "life", "text", "definition_json")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    NAME_EN_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    STRIKE_FIELD_NUMBER: _ClassVar[int]
    LIFE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    DEFINITION_JSON_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    name_en: str
    type: str
    cost: int
    strike: int
    life: int
    text: str
    definition_json: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., name_en: _Optional[str] = ..., type: _Optional[str] = ..., cost: _Optional[int] = ..., strike: _Optional[int] = ..., life: _Optional[int] = ..., text: _Optional[str] = ..., definition_json: _Optional[str] = ...) -> None: ...
