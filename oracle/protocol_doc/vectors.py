"""The fingerprint test vectors (``fingerprint-vectors``): states of a fixed game with their
canonical JSON text and fingerprint."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import decode, encode
from ..engine import apply
from ..model import State
from ..rules.turn.setup import GameConfig, new_game
from ..serialize import canonical_json, fingerprint

__all__ = ["FingerprintVector", "fingerprint_vectors", "render_vectors"]


@dataclass(frozen=True)
class FingerprintVector:
    """A state's canonical JSON text and its fingerprint, with a title and a note."""

    title: str
    note: str
    json_text: str
    fingerprint: str


#: The game the vectors come from: edition C, two heroes without a turn-order text, four
#: cards a deck, so the states stay short.
_VECTOR_CONFIG = GameConfig(
    ("test_geroy_snayper", "test_geroy_strazh"),
    (
        ["test_zhalo", "legat_akkenii", "legat_akkenii", "test_prashchnik"],
        ["legat_akkenii", "test_smertnik", "legat_akkenii", "gonchaya"],
    ),
    "C",
)
_VECTOR_SCRIPT = (
    "roll values=6,3",
    "choose_order values=1",
    "shuffle values=3,4,5,6",
    "shuffle card=1 values=7,8,9,10",
    "mulligan",
    "mulligan",
    "play card=4",
    "declare targets=2 trigger=1",
    "end_turn",
    "play card=7",
    "end_turn",
    "end_turn",
    "end_turn",
    "end_turn",
)
#: (title, note, how many actions of the script come before the state).
_VECTOR_POINTS = (
    ("A new game", "the state `CreateGame` returns for the configuration above, waiting at `setup_roll`.", 0),
    (
        "A pending trigger",
        "after the setup and `play card=4` on turn 1: Тест-герой-снайпер's trigger (a creature of his entered play) waits "
        "at `play_queue` for its target.",
        7,
    ),
    (
        "Usage markers and wounds",
        "after `declare targets=2 trigger=1`: the hero in seat 1 has a wound and Тест-герой-снайпер a usage marker.",
        8,
    ),
    (
        "A finished game",
        "at the start of turn 6 the player in seat 1 fails his third draw: `winner` 0.",
        len(_VECTOR_SCRIPT),
    ),
)


def _vector_states() -> list[State]:
    state = new_game(_VECTOR_CONFIG)
    states = [state]
    for text in _VECTOR_SCRIPT:
        state = apply(state, decode(text)).state
        states.append(state)
    return states


def fingerprint_vectors() -> list[FingerprintVector]:
    """The test vectors of the fingerprint: states of a fixed game (see ``_VECTOR_SCRIPT``)
    with their canonical JSON text and fingerprint."""
    states = _vector_states()
    return [
        FingerprintVector(title, note, canonical_json(states[n]), fingerprint(states[n]))
        for title, note, n in _VECTOR_POINTS
    ]


def render_vectors() -> str:
    """The section ``fingerprint-vectors``: the game and the states of :func:`fingerprint_vectors`."""
    heroes = ", ".join(f"`{h}`" for h in _VECTOR_CONFIG.heroes)
    decks = "; ".join(f"seat {i}: " + ", ".join(f"`{c}`" for c in d) for i, d in enumerate(_VECTOR_CONFIG.decks))
    script = " → ".join(f"`{encode(decode(t))}`" for t in _VECTOR_SCRIPT)
    parts = [
        f"The vectors are states of one game: edition `{_VECTOR_CONFIG.edition}`, heroes {heroes}, decks ({decks}), "
        f"then the actions {script}."
    ]
    for i, v in enumerate(fingerprint_vectors(), 1):
        parts.append(
            f"**Vector {i}: {v.title}** — {v.note}\n\n```json\n{v.json_text}\n```\n\nFingerprint: `{v.fingerprint}`"
        )
    return "\n\n".join(parts)
