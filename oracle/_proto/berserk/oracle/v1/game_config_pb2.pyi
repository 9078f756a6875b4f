from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class GameConfig(_message.Message):
    __slots__ = ("edition", "heroes", "decks")
    EDITION_FIELD_NUMBER: _ClassVar[int]
    HEROES_FIELD_NUMBER: _ClassVar[int]
    DECKS_FIELD_NUMBER: _ClassVar[int]
    edition: str
    heroes: _containers.RepeatedScalarFieldContainer[str]
    decks: _containers.RepeatedCompositeFieldContainer[DeckList]
    def __init__(self, edition: _Optional[str] = ..., heroes: _Optional[_Iterable[str]] = ..., decks: _Optional[_Iterable[_Union[DeckList, _Mapping]]] = ...) -> None: ...

class DeckList(_message.Message):
    __slots__ = ("card_ids",)
    CARD_IDS_FIELD_NUMBER: _ClassVar[int]
    card_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, card_ids: _Optional[_Iterable[str]] = ...) -> None: ...
