"""Regenerate the sample transcripts of this folder, each with one planted error.

* ``planted_first_turn_attack.json``: a random game (sampler seed 0..) recorded as a client
  would, in which, on turn 3 or later, a creature that entered play this turn attacks the
  enemy hero: that step (0-based) is illegal by first-turn weakness (R15:108.5).  The client
  sends its legal actions on the three steps before and its state on the step before.
* ``planted_missing_coin.json``: the same game with the client's state after every step
  on a few steps; at the first turn start after step 12 whose events gain a coin, the
  client's state lacks that coin (``players[N].coins_open`` one too low).

* ``agreeing.json``: the first 40 decisions of the same game recorded as a client would, with
  no error: its state, legal actions and events after every tenth step, only the action on
  the others.  ``berserk-conformance verify examples/transcripts/agreeing.json`` exits 0.

* ``planted.json``: where each error was planted (the 0-based step, and what is wrong
  there), as this script planted it; the tests read it rather than repeat the numbers, which
  move whenever the card pool changes the random games.

Run ``.venv/bin/python examples/transcripts/make_examples.py`` after a change of the engine
or the card pool that alters these games; it prints where each error is, and
tests/test_verify.py checks that verification finds each one exactly there.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from google.protobuf import json_format  # noqa: E402

import oracle  # noqa: E402
from conformance_suite.transcript_cli import transcript_to_proto  # noqa: E402
from oracle.actions import encode  # noqa: E402
from oracle.cards import load_pool  # noqa: E402
from oracle.model import Action  # noqa: E402
from oracle.sampler import Game, play_random_game  # noqa: E402
from oracle.verify import ClientStep, record_steps, verify_transcript  # noqa: E402


def plant_point(game: Game) -> tuple[int, Action] | None:
    """The first choice step (turn >= 3) where a creature that entered play this turn
    could attack, and that attack (illegal only by R15:108.5)."""
    pool = load_pool().cards
    for i, s in enumerate(game.states[:-1]):
        if s.step != "choice" or s.turn < 3:
            continue
        for uid in s.players[s.active].play:
            c = s.cards[uid]
            if pool[c.card_id].type == "creature" and c.entered_turn == s.turn and not c.closed and not c.hidden:
                a = Action("attack", card=uid, targets=(s.players[s.inactive].hero,))
                if [v.rule for v in oracle.check(s, a)] == ["R15:108.5"]:
                    return i, a
    return None


def dump(path: Path, game: Game, steps: list[ClientStep]) -> None:
    """Write a transcript in protobuf JSON (proto field names)."""
    msg = transcript_to_proto(game.config, steps)
    path.write_text(json_format.MessageToJson(msg, indent=1, preserving_proto_field_name=True) + "\n", encoding="utf-8")


def main() -> int:
    """Write the three examples and print their verdicts."""
    for seed in range(200):
        game = play_random_game(seed)
        found = plant_point(game)
        if found:
            break
    else:
        raise SystemExit("no game offers a first-turn attack")
    i, bad = found
    bare = record_steps(game.config, game.actions[: i + 4], with_state=False, with_legal_actions=False, with_events=False)
    full = record_steps(game.config, game.actions[: i + 4])
    steps = list(bare)
    for k in range(i - 3, i):
        steps[k] = replace(steps[k], legal_actions=full[k].legal_actions)
    steps[i - 1] = replace(steps[i - 1], state=full[i - 1].state)
    steps[i] = replace(steps[i], action=bad)
    dump(HERE / "planted_first_turn_attack.json", game, steps)
    print(f"planted_first_turn_attack.json (seed {seed}):", verify_transcript(game.config, steps))

    full = record_steps(game.config, game.actions[:60], with_events=True)
    k = next(j for j in range(12, 60) if any(e["kind"] == "coin_gained" for e in full[j].events or ()))
    wrong_state = json.loads(json.dumps(full[k].state))
    seat = game.states[k + 1].active
    wrong_state["players"][seat]["coins_open"] -= 1
    steps = [replace(s, state=None, legal_actions=None, events=None) for s in full[: k + 3]]
    for j in range(k - 2, k):
        steps[j] = replace(full[j], events=None)
    steps[k] = replace(full[k], state=wrong_state, legal_actions=None, events=None)
    dump(HERE / "planted_missing_coin.json", game, steps)
    print(f"planted_missing_coin.json (seed {seed}):", verify_transcript(game.config, steps))
    full = record_steps(game.config, game.actions[:40], with_events=True)
    steps = [s if j % 10 == 9 else replace(s, state=None, legal_actions=None, events=None) for j, s in enumerate(full)]
    dump(HERE / "agreeing.json", game, steps)
    print(f"agreeing.json (seed {seed}):", verify_transcript(game.config, steps))
    planted = {
        "planted_first_turn_attack.json": {"step": i, "action": encode(bad), "rule": "R15:108.5"},
        "planted_missing_coin.json": {
            "step": k, "field": f"players[{seat}].coins_open",
            "reference": str(full[k].state["players"][seat]["coins_open"]),
            "client": str(wrong_state["players"][seat]["coins_open"]),
        },
    }
    (HERE / "planted.json").write_text(json.dumps(planted, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
