from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Step(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    STEP_UNSPECIFIED: _ClassVar[Step]
    STEP_SETUP_ROLL: _ClassVar[Step]
    STEP_SETUP_ORDER: _ClassVar[Step]
    STEP_SETUP_SHUFFLE: _ClassVar[Step]
    STEP_SETUP_MULLIGAN: _ClassVar[Step]
    STEP_REVEAL: _ClassVar[Step]
    STEP_START_QUEUE: _ClassVar[Step]
    STEP_CHOICE: _ClassVar[Step]
    STEP_DEFENDER: _ClassVar[Step]
    STEP_FIGHT_QUEUE: _ClassVar[Step]
    STEP_CLOSE_QUEUE: _ClassVar[Step]
    STEP_ABILITY_QUEUE: _ClassVar[Step]
    STEP_PLAY_QUEUE: _ClassVar[Step]
    STEP_END_QUEUE: _ClassVar[Step]
    STEP_GAME_OVER: _ClassVar[Step]
    STEP_ATTACK_QUEUE: _ClassVar[Step]
    STEP_TARGET_CHOICE: _ClassVar[Step]
    STEP_HAND_CHOICE: _ClassVar[Step]
    STEP_SEARCH_SHUFFLE: _ClassVar[Step]
    STEP_CANCEL_CHOICE: _ClassVar[Step]
    STEP_MODULE_CHOICE: _ClassVar[Step]
    STEP_PAY_CHOICE: _ClassVar[Step]
    STEP_DECK_ORDER: _ClassVar[Step]
    STEP_COIN_CHOICE: _ClassVar[Step]
    STEP_TARGET_NAMING: _ClassVar[Step]
    STEP_WOUND_CHOICE: _ClassVar[Step]

class GameResult(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    GAME_RESULT_UNSPECIFIED: _ClassVar[GameResult]
    GAME_RESULT_PLAYER_1_WON: _ClassVar[GameResult]
    GAME_RESULT_PLAYER_2_WON: _ClassVar[GameResult]
    GAME_RESULT_DRAW: _ClassVar[GameResult]
STEP_UNSPECIFIED: Step
STEP_SETUP_ROLL: Step
STEP_SETUP_ORDER: Step
STEP_SETUP_SHUFFLE: Step
STEP_SETUP_MULLIGAN: Step
STEP_REVEAL: Step
STEP_START_QUEUE: Step
STEP_CHOICE: Step
STEP_DEFENDER: Step
STEP_FIGHT_QUEUE: Step
STEP_CLOSE_QUEUE: Step
STEP_ABILITY_QUEUE: Step
STEP_PLAY_QUEUE: Step
STEP_END_QUEUE: Step
STEP_GAME_OVER: Step
STEP_ATTACK_QUEUE: Step
STEP_TARGET_CHOICE: Step
STEP_HAND_CHOICE: Step
STEP_SEARCH_SHUFFLE: Step
STEP_CANCEL_CHOICE: Step
STEP_MODULE_CHOICE: Step
STEP_PAY_CHOICE: Step
STEP_DECK_ORDER: Step
STEP_COIN_CHOICE: Step
STEP_TARGET_NAMING: Step
STEP_WOUND_CHOICE: Step
GAME_RESULT_UNSPECIFIED: GameResult
GAME_RESULT_PLAYER_1_WON: GameResult
GAME_RESULT_PLAYER_2_WON: GameResult
GAME_RESULT_DRAW: GameResult

class State(_message.Message):
    __slots__ = ("edition", "step", "turn", "active", "first_player", "roll_winner", "shuffled", "result", "next_trigger_id", "players", "cards", "queue", "pending", "modifiers", "attack", "choosing", "choosing_cards", "delayed", "player_effects", "cancelling", "attaching")
    EDITION_FIELD_NUMBER: _ClassVar[int]
    STEP_FIELD_NUMBER: _ClassVar[int]
    TURN_FIELD_NUMBER: _ClassVar[int]
    ACTIVE_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_FIELD_NUMBER: _ClassVar[int]
    ROLL_WINNER_FIELD_NUMBER: _ClassVar[int]
    SHUFFLED_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    NEXT_TRIGGER_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    QUEUE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    MODIFIERS_FIELD_NUMBER: _ClassVar[int]
    ATTACK_FIELD_NUMBER: _ClassVar[int]
    CHOOSING_FIELD_NUMBER: _ClassVar[int]
    CHOOSING_CARDS_FIELD_NUMBER: _ClassVar[int]
    DELAYED_FIELD_NUMBER: _ClassVar[int]
    PLAYER_EFFECTS_FIELD_NUMBER: _ClassVar[int]
    CANCELLING_FIELD_NUMBER: _ClassVar[int]
    ATTACHING_FIELD_NUMBER: _ClassVar[int]
    edition: str
    step: Step
    turn: int
    active: int
    first_player: int
    roll_winner: int
    shuffled: int
    result: GameResult
    next_trigger_id: int
    players: _containers.RepeatedCompositeFieldContainer[PlayerState]
    cards: _containers.RepeatedCompositeFieldContainer[CardState]
    queue: _containers.RepeatedCompositeFieldContainer[QueueEntry]
    pending: _containers.RepeatedCompositeFieldContainer[PendingTrigger]
    modifiers: _containers.RepeatedCompositeFieldContainer[StrikeModifier]
    attack: Attack
    choosing: TargetChoice
    choosing_cards: HandChoice
    delayed: _containers.RepeatedCompositeFieldContainer[PendingTrigger]
    player_effects: _containers.RepeatedCompositeFieldContainer[PlayerEffect]
    cancelling: int
    attaching: ModuleChoice
    def __init__(self, edition: _Optional[str] = ..., step: _Optional[_Union[Step, str]] = ..., turn: _Optional[int] = ..., active: _Optional[int] = ..., first_player: _Optional[int] = ..., roll_winner: _Optional[int] = ..., shuffled: _Optional[int] = ..., result: _Optional[_Union[GameResult, str]] = ..., next_trigger_id: _Optional[int] = ..., players: _Optional[_Iterable[_Union[PlayerState, _Mapping]]] = ..., cards: _Optional[_Iterable[_Union[CardState, _Mapping]]] = ..., queue: _Optional[_Iterable[_Union[QueueEntry, _Mapping]]] = ..., pending: _Optional[_Iterable[_Union[PendingTrigger, _Mapping]]] = ..., modifiers: _Optional[_Iterable[_Union[StrikeModifier, _Mapping]]] = ..., attack: _Optional[_Union[Attack, _Mapping]] = ..., choosing: _Optional[_Union[TargetChoice, _Mapping]] = ..., choosing_cards: _Optional[_Union[HandChoice, _Mapping]] = ..., delayed: _Optional[_Iterable[_Union[PendingTrigger, _Mapping]]] = ..., player_effects: _Optional[_Iterable[_Union[PlayerEffect, _Mapping]]] = ..., cancelling: _Optional[int] = ..., attaching: _Optional[_Union[ModuleChoice, _Mapping]] = ...) -> None: ...

class ModuleChoice(_message.Message):
    __slots__ = ("card", "player", "resume", "entry", "effect", "option", "cost", "memory", "waiting", "fewer")
    CARD_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    OPTION_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    WAITING_FIELD_NUMBER: _ClassVar[int]
    FEWER_FIELD_NUMBER: _ClassVar[int]
    card: int
    player: int
    resume: Step
    entry: QueueEntry
    effect: int
    option: str
    cost: int
    memory: RunMemory
    waiting: _containers.RepeatedScalarFieldContainer[int]
    fewer: bool
    def __init__(self, card: _Optional[int] = ..., player: _Optional[int] = ..., resume: _Optional[_Union[Step, str]] = ..., entry: _Optional[_Union[QueueEntry, _Mapping]] = ..., effect: _Optional[int] = ..., option: _Optional[str] = ..., cost: _Optional[int] = ..., memory: _Optional[_Union[RunMemory, _Mapping]] = ..., waiting: _Optional[_Iterable[int]] = ..., fewer: _Optional[bool] = ...) -> None: ...

class PlayerEffect(_message.Message):
    __slots__ = ("seat", "kind", "source", "begins", "ends", "modifier", "value", "card_type", "name", "first_only")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    BEGINS_FIELD_NUMBER: _ClassVar[int]
    ENDS_FIELD_NUMBER: _ClassVar[int]
    MODIFIER_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CARD_TYPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    FIRST_ONLY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: str
    source: int
    begins: int
    ends: int
    modifier: str
    value: int
    card_type: str
    name: str
    first_only: bool
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[str] = ..., source: _Optional[int] = ..., begins: _Optional[int] = ..., ends: _Optional[int] = ..., modifier: _Optional[str] = ..., value: _Optional[int] = ..., card_type: _Optional[str] = ..., name: _Optional[str] = ..., first_only: _Optional[bool] = ...) -> None: ...

class HandChoice(_message.Message):
    __slots__ = ("entry", "effect", "player", "resume", "count", "memory")
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    EFFECT_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    MEMORY_FIELD_NUMBER: _ClassVar[int]
    entry: QueueEntry
    effect: int
    player: int
    resume: Step
    count: int
    memory: RunMemory
    def __init__(self, entry: _Optional[_Union[QueueEntry, _Mapping]] = ..., effect: _Optional[int] = ..., player: _Optional[int] = ..., resume: _Optional[_Union[Step, str]] = ..., count: _Optional[int] = ..., memory: _Optional[_Union[RunMemory, _Mapping]] = ...) -> None: ...

class RunMemory(_message.Message):
    __slots__ = ("drawn", "strike", "target_strike", "discarded", "healed")
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    STRIKE_FIELD_NUMBER: _ClassVar[int]
    TARGET_STRIKE_FIELD_NUMBER: _ClassVar[int]
    DISCARDED_FIELD_NUMBER: _ClassVar[int]
    HEALED_FIELD_NUMBER: _ClassVar[int]
    drawn: int
    strike: int
    target_strike: int
    discarded: int
    healed: int
    def __init__(self, drawn: _Optional[int] = ..., strike: _Optional[int] = ..., target_strike: _Optional[int] = ..., discarded: _Optional[int] = ..., healed: _Optional[int] = ...) -> None: ...

class TargetChoice(_message.Message):
    __slots__ = ("entry", "resume")
    ENTRY_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    entry: QueueEntry
    resume: Step
    def __init__(self, entry: _Optional[_Union[QueueEntry, _Mapping]] = ..., resume: _Optional[_Union[Step, str]] = ...) -> None: ...

class PlayerState(_message.Message):
    __slots__ = ("hero", "deck", "hand", "play", "graveyard", "coins_open", "coins_closed", "failed_draws", "mulligan_declared", "mulligan", "drawn_this_turn", "played_this_turn", "creatures_played_this_turn", "creatures_healed_own_turn", "supply")
    HERO_FIELD_NUMBER: _ClassVar[int]
    DECK_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    PLAY_FIELD_NUMBER: _ClassVar[int]
    GRAVEYARD_FIELD_NUMBER: _ClassVar[int]
    COINS_OPEN_FIELD_NUMBER: _ClassVar[int]
    COINS_CLOSED_FIELD_NUMBER: _ClassVar[int]
    FAILED_DRAWS_FIELD_NUMBER: _ClassVar[int]
    MULLIGAN_DECLARED_FIELD_NUMBER: _ClassVar[int]
    MULLIGAN_FIELD_NUMBER: _ClassVar[int]
    DRAWN_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    PLAYED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    CREATURES_PLAYED_THIS_TURN_FIELD_NUMBER: _ClassVar[int]
    CREATURES_HEALED_OWN_TURN_FIELD_NUMBER: _ClassVar[int]
    SUPPLY_FIELD_NUMBER: _ClassVar[int]
    hero: int
    deck: _containers.RepeatedScalarFieldContainer[int]
    hand: _containers.RepeatedScalarFieldContainer[int]
    play: _containers.RepeatedScalarFieldContainer[int]
    graveyard: _containers.RepeatedScalarFieldContainer[int]
    coins_open: int
    coins_closed: int
    failed_draws: int
    mulligan_declared: bool
    mulligan: _containers.RepeatedScalarFieldContainer[int]
    drawn_this_turn: int
    played_this_turn: int
    creatures_played_this_turn: int
    creatures_healed_own_turn: int
    supply: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, hero: _Optional[int] = ..., deck: _Optional[_Iterable[int]] = ..., hand: _Optional[_Iterable[int]] = ..., play: _Optional[_Iterable[int]] = ..., graveyard: _Optional[_Iterable[int]] = ..., coins_open: _Optional[int] = ..., coins_closed: _Optional[int] = ..., failed_draws: _Optional[int] = ..., mulligan_declared: _Optional[bool] = ..., mulligan: _Optional[_Iterable[int]] = ..., drawn_this_turn: _Optional[int] = ..., played_this_turn: _Optional[int] = ..., creatures_played_this_turn: _Optional[int] = ..., creatures_healed_own_turn: _Optional[int] = ..., supply: _Optional[_Iterable[int]] = ...) -> None: ...

class CardState(_message.Message):
    __slots__ = ("uid", "card_id", "owner", "closed", "wounds", "poison", "hidden", "entered_turn", "attacked_turn", "defended_turn", "usage", "game_usage", "stunned", "armour_turn", "armour_prevented", "prevented", "captured_by", "attached_to")
    UID_FIELD_NUMBER: _ClassVar[int]
    CARD_ID_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    CLOSED_FIELD_NUMBER: _ClassVar[int]
    WOUNDS_FIELD_NUMBER: _ClassVar[int]
    POISON_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    ENTERED_TURN_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_TURN_FIELD_NUMBER: _ClassVar[int]
    DEFENDED_TURN_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    GAME_USAGE_FIELD_NUMBER: _ClassVar[int]
    STUNNED_FIELD_NUMBER: _ClassVar[int]
    ARMOUR_TURN_FIELD_NUMBER: _ClassVar[int]
    ARMOUR_PREVENTED_FIELD_NUMBER: _ClassVar[int]
    PREVENTED_FIELD_NUMBER: _ClassVar[int]
    CAPTURED_BY_FIELD_NUMBER: _ClassVar[int]
    ATTACHED_TO_FIELD_NUMBER: _ClassVar[int]
    uid: int
    card_id: str
    owner: int
    closed: bool
    wounds: int
    poison: int
    hidden: bool
    entered_turn: int
    attacked_turn: int
    defended_turn: int
    usage: _containers.RepeatedCompositeFieldContainer[AbilityUsage]
    game_usage: _containers.RepeatedCompositeFieldContainer[AbilityUsage]
    stunned: bool
    armour_turn: int
    armour_prevented: int
    prevented: int
    captured_by: int
    attached_to: int
    def __init__(self, uid: _Optional[int] = ..., card_id: _Optional[str] = ..., owner: _Optional[int] = ..., closed: _Optional[bool] = ..., wounds: _Optional[int] = ..., poison: _Optional[int] = ..., hidden: _Optional[bool] = ..., entered_turn: _Optional[int] = ..., attacked_turn: _Optional[int] = ..., defended_turn: _Optional[int] = ..., usage: _Optional[_Iterable[_Union[AbilityUsage, _Mapping]]] = ..., game_usage: _Optional[_Iterable[_Union[AbilityUsage, _Mapping]]] = ..., stunned: _Optional[bool] = ..., armour_turn: _Optional[int] = ..., armour_prevented: _Optional[int] = ..., prevented: _Optional[int] = ..., captured_by: _Optional[int] = ..., attached_to: _Optional[int] = ...) -> None: ...

class AbilityUsage(_message.Message):
    __slots__ = ("ability", "count")
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    ability: int
    count: int
    def __init__(self, ability: _Optional[int] = ..., count: _Optional[int] = ...) -> None: ...

class QueueEntry(_message.Message):
    __slots__ = ("kind", "controller", "source", "ability", "targets", "amounts", "x", "mode", "part", "named", "lineage", "granter", "attacked")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    TARGETS_FIELD_NUMBER: _ClassVar[int]
    AMOUNTS_FIELD_NUMBER: _ClassVar[int]
    X_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    PART_FIELD_NUMBER: _ClassVar[int]
    NAMED_FIELD_NUMBER: _ClassVar[int]
    LINEAGE_FIELD_NUMBER: _ClassVar[int]
    GRANTER_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_FIELD_NUMBER: _ClassVar[int]
    kind: str
    controller: int
    source: int
    ability: int
    targets: _containers.RepeatedScalarFieldContainer[int]
    amounts: _containers.RepeatedScalarFieldContainer[int]
    x: int
    mode: int
    part: int
    named: str
    lineage: _containers.RepeatedScalarFieldContainer[int]
    granter: int
    attacked: int
    def __init__(self, kind: _Optional[str] = ..., controller: _Optional[int] = ..., source: _Optional[int] = ..., ability: _Optional[int] = ..., targets: _Optional[_Iterable[int]] = ..., amounts: _Optional[_Iterable[int]] = ..., x: _Optional[int] = ..., mode: _Optional[int] = ..., part: _Optional[int] = ..., named: _Optional[str] = ..., lineage: _Optional[_Iterable[int]] = ..., granter: _Optional[int] = ..., attacked: _Optional[int] = ...) -> None: ...

class PendingTrigger(_message.Message):
    __slots__ = ("id", "controller", "source", "ability", "subject", "count", "lineage", "granter", "attacked")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONTROLLER_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    ABILITY_FIELD_NUMBER: _ClassVar[int]
    SUBJECT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    LINEAGE_FIELD_NUMBER: _ClassVar[int]
    GRANTER_FIELD_NUMBER: _ClassVar[int]
    ATTACKED_FIELD_NUMBER: _ClassVar[int]
    id: int
    controller: int
    source: int
    ability: int
    subject: int
    count: int
    lineage: _containers.RepeatedScalarFieldContainer[int]
    granter: int
    attacked: int
    def __init__(self, id: _Optional[int] = ..., controller: _Optional[int] = ..., source: _Optional[int] = ..., ability: _Optional[int] = ..., subject: _Optional[int] = ..., count: _Optional[int] = ..., lineage: _Optional[_Iterable[int]] = ..., granter: _Optional[int] = ..., attacked: _Optional[int] = ...) -> None: ...

class StrikeModifier(_message.Message):
    __slots__ = ("target", "amount", "until", "owner", "sets", "shots", "grants", "coins", "granter")
    TARGET_FIELD_NUMBER: _ClassVar[int]
    AMOUNT_FIELD_NUMBER: _ClassVar[int]
    UNTIL_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    SETS_FIELD_NUMBER: _ClassVar[int]
    SHOTS_FIELD_NUMBER: _ClassVar[int]
    GRANTS_FIELD_NUMBER: _ClassVar[int]
    COINS_FIELD_NUMBER: _ClassVar[int]
    GRANTER_FIELD_NUMBER: _ClassVar[int]
    target: int
    amount: int
    until: str
    owner: int
    sets: bool
    shots: bool
    grants: str
    coins: bool
    granter: int
    def __init__(self, target: _Optional[int] = ..., amount: _Optional[int] = ..., until: _Optional[str] = ..., owner: _Optional[int] = ..., sets: _Optional[bool] = ..., shots: _Optional[bool] = ..., grants: _Optional[str] = ..., coins: _Optional[bool] = ..., granter: _Optional[int] = ...) -> None: ...

class Attack(_message.Message):
    __slots__ = ("attacker", "target", "defender")
    ATTACKER_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    DEFENDER_FIELD_NUMBER: _ClassVar[int]
    attacker: int
    target: int
    defender: int
    def __init__(self, attacker: _Optional[int] = ..., target: _Optional[int] = ..., defender: _Optional[int] = ...) -> None: ...
