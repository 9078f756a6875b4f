"""«Берсерк. Герои» reference rules engine: Parts 3–5 (rules 301–501) of the comprehensive
rules and the game model they presuppose.

The engine imports nothing from the service.  Typical use::

    from oracle import GameConfig, new_game, decision, legal_actions, check, apply
    state = new_game(GameConfig(("test_geroy_pervogo_khoda", "test_geroy_snayper"), (deck1, deck2)))
    d = decision(state)            # who decides: 0, 1, CHANCE (2) or -1 when over
    actions = legal_actions(state)
    outcome = apply(state, actions[0])  # next state + events citing rules
"""

from .actions import ActionSyntaxError, decode, encode
from .cards import CardDataError, load_pool
from .catalogue import load_catalogue
from .editions import DEFAULT_EDITION, EDITIONS
from .engine import Decision, IllegalAction, Outcome, apply, check, decision, legal_actions
from .errors import FieldError, OracleError
from .model import CHANCE, Action, Event, State, Violation
from .rules.turn.setup import ConfigError, GameConfig, new_game
from .serialize import StateError, canonical_json, fingerprint, from_dict, to_dict

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "DEFAULT_EDITION",
    "EDITIONS",
    "Action",
    "ActionSyntaxError",
    "CardDataError",
    "ConfigError",
    "Decision",
    "Event",
    "FieldError",
    "GameConfig",
    "IllegalAction",
    "OracleError",
    "Outcome",
    "State",
    "StateError",
    "Violation",
    "__version__",
    "apply",
    "canonical_json",
    "check",
    "decision",
    "decode",
    "encode",
    "fingerprint",
    "from_dict",
    "legal_actions",
    "load_catalogue",
    "load_pool",
    "new_game",
    "to_dict",
]
