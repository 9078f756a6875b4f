from oracle._proto.berserk.oracle.v1 import action_pb2 as _action_pb2
from oracle._proto.berserk.oracle.v1 import game_config_pb2 as _game_config_pb2
from oracle._proto.berserk.oracle.v1 import state_pb2 as _state_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Scenario(_message.Message):
    __slots__ = ("id", "rules", "editions", "description", "setup", "steps", "expect_setup_refused", "expect_setup_events", "expect_no_setup_events")
    ID_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    EDITIONS_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    STEPS_FIELD_NUMBER: _ClassVar[int]
    EXPECT_SETUP_REFUSED_FIELD_NUMBER: _ClassVar[int]
    EXPECT_SETUP_EVENTS_FIELD_NUMBER: _ClassVar[int]
    EXPECT_NO_SETUP_EVENTS_FIELD_NUMBER: _ClassVar[int]
    id: str
    rules: _containers.RepeatedScalarFieldContainer[str]
    editions: _containers.RepeatedScalarFieldContainer[str]
    description: str
    setup: ScenarioSetup
    steps: _containers.RepeatedCompositeFieldContainer[ScenarioStep]
    expect_setup_refused: SetupRefusal
    expect_setup_events: _containers.RepeatedCompositeFieldContainer[ExpectedEvent]
    expect_no_setup_events: _containers.RepeatedCompositeFieldContainer[ExpectedEvent]
    def __init__(self, id: _Optional[str] = ..., rules: _Optional[_Iterable[str]] = ..., editions: _Optional[_Iterable[str]] = ..., description: _Optional[str] = ..., setup: _Optional[_Union[ScenarioSetup, _Mapping]] = ..., steps: _Optional[_Iterable[_Union[ScenarioStep, _Mapping]]] = ..., expect_setup_refused: _Optional[_Union[SetupRefusal, _Mapping]] = ..., expect_setup_events: _Optional[_Iterable[_Union[ExpectedEvent, _Mapping]]] = ..., expect_no_setup_events: _Optional[_Iterable[_Union[ExpectedEvent, _Mapping]]] = ...) -> None: ...

class SetupRefusal(_message.Message):
    __slots__ = ("field",)
    FIELD_FIELD_NUMBER: _ClassVar[int]
    field: str
    def __init__(self, field: _Optional[str] = ...) -> None: ...

class ScenarioSetup(_message.Message):
    __slots__ = ("board", "new_game", "state")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    NEW_GAME_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    board: BoardSetup
    new_game: _game_config_pb2.GameConfig
    state: _state_pb2.State
    def __init__(self, board: _Optional[_Union[BoardSetup, _Mapping]] = ..., new_game: _Optional[_Union[_game_config_pb2.GameConfig, _Mapping]] = ..., state: _Optional[_Union[_state_pb2.State, _Mapping]] = ...) -> None: ...

class ScenarioStep(_message.Message):
    __slots__ = ("action", "expect_illegal", "expect_violation_rules", "expect_events", "expect_facts", "expect_legal_actions", "expect_decision", "comment", "events_any_order", "expect_no_events")
    ACTION_FIELD_NUMBER: _ClassVar[int]
    EXPECT_ILLEGAL_FIELD_NUMBER: _ClassVar[int]
    EXPECT_VIOLATION_RULES_FIELD_NUMBER: _ClassVar[int]
    EXPECT_EVENTS_FIELD_NUMBER: _ClassVar[int]
    EXPECT_FACTS_FIELD_NUMBER: _ClassVar[int]
    EXPECT_LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EXPECT_DECISION_FIELD_NUMBER: _ClassVar[int]
    COMMENT_FIELD_NUMBER: _ClassVar[int]
    EVENTS_ANY_ORDER_FIELD_NUMBER: _ClassVar[int]
    EXPECT_NO_EVENTS_FIELD_NUMBER: _ClassVar[int]
    action: _action_pb2.Action
    expect_illegal: bool
    expect_violation_rules: _containers.RepeatedScalarFieldContainer[str]
    expect_events: _containers.RepeatedCompositeFieldContainer[ExpectedEvent]
    expect_facts: _containers.RepeatedCompositeFieldContainer[Fact]
    expect_legal_actions: LegalActionSet
    expect_decision: _action_pb2.Decision
    comment: str
    events_any_order: bool
    expect_no_events: _containers.RepeatedCompositeFieldContainer[ExpectedEvent]
    def __init__(self, action: _Optional[_Union[_action_pb2.Action, _Mapping]] = ..., expect_illegal: _Optional[bool] = ..., expect_violation_rules: _Optional[_Iterable[str]] = ..., expect_events: _Optional[_Iterable[_Union[ExpectedEvent, _Mapping]]] = ..., expect_facts: _Optional[_Iterable[_Union[Fact, _Mapping]]] = ..., expect_legal_actions: _Optional[_Union[LegalActionSet, _Mapping]] = ..., expect_decision: _Optional[_Union[_action_pb2.Decision, _Mapping]] = ..., comment: _Optional[str] = ..., events_any_order: _Optional[bool] = ..., expect_no_events: _Optional[_Iterable[_Union[ExpectedEvent, _Mapping]]] = ...) -> None: ...

class ExpectedEvent(_message.Message):
    __slots__ = ("kind", "rules", "data")
    KIND_FIELD_NUMBER: _ClassVar[int]
    RULES_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    kind: str
    rules: _containers.RepeatedScalarFieldContainer[str]
    data: _containers.RepeatedCompositeFieldContainer[_action_pb2.EventField]
    def __init__(self, kind: _Optional[str] = ..., rules: _Optional[_Iterable[str]] = ..., data: _Optional[_Iterable[_Union[_action_pb2.EventField, _Mapping]]] = ...) -> None: ...

class Fact(_message.Message):
    __slots__ = ("path", "equals")
    PATH_FIELD_NUMBER: _ClassVar[int]
    EQUALS_FIELD_NUMBER: _ClassVar[int]
    path: str
    equals: str
    def __init__(self, path: _Optional[str] = ..., equals: _Optional[str] = ...) -> None: ...

class LegalActionSet(_message.Message):
    __slots__ = ("actions",)
    ACTIONS_FIELD_NUMBER: _ClassVar[int]
    actions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, actions: _Optional[_Iterable[str]] = ...) -> None: ...

class BoardSetup(_message.Message):
    __slots__ = ("step", "turn", "active", "first_player", "players", "modifiers")
    STEP_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    MODIFIERS_FIELD_NUMBER: _ClassVar[int]
    step: str
    turn: int
    active: int
    first_player: int
    players: _containers.RepeatedCompositeFieldContainer[PlayerSetup]
    modifiers: _containers.RepeatedCompositeFieldContainer[_state_pb2.StrikeModifier]
    def __init__(self, step: _Optional[str] = ..., turn: _Optional[int] = ..., active: _Optional[int] = ..., first_player: _Optional[int] = ..., players: _Optional[_Iterable[_Union[PlayerSetup, _Mapping]]] = ..., modifiers: _Optional[_Iterable[_Union[_state_pb2.StrikeModifier, _Mapping]]] = ...) -> None: ...

class PlayerSetup(_message.Message):
    __slots__ = ("hero", "play", "hand", "deck", "graveyard", "coins_open", "coins_closed", "failed_draws", "drawn_this_turn", "played_this_turn", "creatures_played_this_turn", "creatures_healed_own_turn", "supply")
    HERO_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    GRAVEYARD_FIELD_NUMBER: _ClassVar[int]
    COINS_OPEN_FIELD_NUMBER: _ClassVar[int]
    COINS_CLOSED_FIELD_NUMBER: _ClassVar[int]
    FAILED_DRAWS_FIELD_NUMBER: _ClassVar[int]
    DRAWN_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    PLAYED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    CREATURES_PLAYED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    CREATURES_HEALED_OWN_TURN_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    hero: CardSetup
    play: _containers.RepeatedCompositeFieldContainer[CardSetup]
    hand: _containers.RepeatedCompositeFieldContainer[CardSetup]
    deck: _containers.RepeatedCompositeFieldContainer[CardSetup]
    graveyard: _containers.RepeatedCompositeFieldContainer[CardSetup]
    coins_open: int
    coins_closed: int
    failed_draws: int
    drawn_this_turn: int
    played_this_turn: int
    creatures_played_this_turn: int
    creatures_healed_own_turn: int
    supply: _containers.RepeatedCompositeFieldContainer[CardSetup]
    def __init__(self, hero: _Optional[_Union[CardSetup, _Mapping]] = ..., play: _Optional[_Iterable[_Union[CardSetup, _Mapping]]] = ..., hand: _Optional[_Iterable[_Union[CardSetup, _Mapping]]] = ..., deck: _Optional[_Iterable[_Union[CardSetup, _Mapping]]] = ..., graveyard: _Optional[_Iterable[_Union[CardSetup, _Mapping]]] = ..., coins_open: _Optional[int] = ..., coins_closed: _Optional[int] = ..., failed_draws: _Optional[int] = ..., drawn_this_turn: _Optional[int] = ..., played_this_turn: _Optional[int] = ..., creatures_played_this_turn: _Optional[int] = ..., creatures_healed_own_turn: _Optional[int] = ..., supply: _Optional[_Iterable[_Union[CardSetup, _Mapping]]] = ...) -> None: ...

class CardSetup(_message.Message):
    __slots__ = ("uid", "card_id", "closed", "wounds", "poison", "hidden", "entered_turn", "attacked_this_turn", "defended_this_turn", "usage", "game_usage", "attached")
    UID_FIELD_NUMBER: _ClassVar[int]
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    WOUNDS_FIELD_NUMBER: _ClassVar[int]
    POISON_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    ENTERED_TURN_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    DEFENDED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    GAME_USAGE_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_FIELD_NUMBER: _ClassVar[int]
    uid: int
    card_id: str
    closed: bool
    wounds: int
    poison: int
    hidden: bool
    entered_turn: int
    attacked_this_turn: bool
    defended_this_turn: bool
    usage: _containers.RepeatedCompositeFieldContainer[_state_pb2.AbilityUsage]
    game_usage: _containers.RepeatedCompositeFieldContainer[_state_pb2.AbilityUsage]
    attached: _containers.RepeatedCompositeFieldContainer[CardSetup]
    def __init__(self, uid: _Optional[int] = ..., card_id: _Optional[str] = ..., closed: _Optional[bool] = ..., wounds: _Optional[int] = ..., poison: _Optional[int] = ..., hidden: _Optional[bool] = ..., entered_turn: _Optional[int] = ..., attacked_this_turn: _Optional[bool] = ..., defended_this_turn: _Optional[bool] = ..., usage: _Optional[_Iterable[_Union[_state_pb2.AbilityUsage, _Mapping]]] = ..., game_usage: _Optional[_Iterable[_Union[_state_pb2.AbilityUsage, _Mapping]]] = ..., attached: _Optional[_Iterable[_Union[CardSetup, _Mapping]]] = ...) -> None: ...
