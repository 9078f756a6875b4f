"""Directed games: lock-step games that start from the conformance suite's scenario states,
chosen where the campaign has reached least.

Random decks of the whole pool seldom bring Part 5's mechanisms together (prevention,
cancellation, capture, control, combined cards, draws, coins, Модуль, replacements), while
the suite's scenarios are boards built to reach exactly those.  A *directed game* starts
from one scenario's setup (its ``board``, ``state`` or ``new_game``: language-neutral states
every implementation accepts), in one edition the scenario lists, follows the scenario's
own steps for a drawn number ``k`` of them (0 to all; the draw shrinks toward all), and
continues with drawn legal actions for at most :data:`DIRECTED_TAIL` decisions more.  The
numbers drawn after ``k`` are turned by a seeded rotation (:class:`RotatedChooser`), so the
simplest example, which Hypothesis plays first, is the scenario's whole path and then a
random game from there, not always the first legal action.  That first example is what a
directed game plays (:class:`FirstChoices`; Hypothesis's search costs more than such a
short game), and only a game that diverges is searched again with Hypothesis, which plays
the same game first and then shrinks it.
Every decision of it, the followed ones included, is checked in lock step like any other
(who decides, the legal actions, a legal and an illegal probe, the whole next state); at a
followed decision, the actions the scenario expects refused there are probed as illegal
actions too.

Which start comes next is *coverage-guided* (:class:`StartGuide`): among the starts not yet
played, preferring scenarios not yet played in any edition, the one whose cited rules
(those the run under its edition counts for,
:func:`~conformance_suite.report_json.applied_rule_ids`) hold the most rules no decision
of the run has cited yet; ties go to the fewest decisions over its rules, then to a
seeded order of the starts.  So the first directed games go where the whole-pool and themed
games did not, and each later one where the earlier ones did not.  The start is fixed
for a game's Hypothesis search, and the game's choices (``k``, each decision, shuffles)
are drawn from it, so a finding replays exactly from its seed and start and shrinks like
any other, into a scenario with the start's setup.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from oracle.actions import ActionSyntaxError
from oracle.rules.turn.setup import GameConfig
from oracle.sampler import Chooser

from .report_json import applied_rule_ids
from .scenario import SCENARIO_DIR, LoadedScenario, action_text, board_to_state, load_all
from .targets import GameSetup, StateData

__all__ = [
    "DIRECTED_TAIL",
    "FirstChoices",
    "RotatedChooser",
    "ScenarioStart",
    "StartGuide",
    "follow_plan",
    "load_starts",
    "start_config",
    "start_of",
]

#: Decisions a directed game plays at most after the scenario steps it follows.
DIRECTED_TAIL = 4


@dataclass(frozen=True, slots=True)
class ScenarioStart:
    """Where a directed game starts: scenario ``scenario_id`` under ``edition``.

    ``setup``: the scenario's ``setup`` as its file writes it (copied into the scenario of
    a finding); ``state``: the first state for a ``board`` or ``state`` setup (None for a
    ``new_game``, which ``new_game`` configures); ``steps``: the scenario's actions in
    order, each with whether the scenario expects it refused; ``rules``: the cited rules
    the run under ``edition`` counts for."""

    scenario_id: str
    edition: str
    setup: Mapping[str, Any]
    state: StateData | None
    new_game: GameSetup | None
    steps: tuple[tuple[str, bool], ...]
    rules: tuple[str, ...]

    @property
    def label(self) -> str:
        """``id[edition]``, as the suite names a run."""
        return f"{self.scenario_id}[{self.edition}]"

    @property
    def followable(self) -> int:
        """The scenario's steps a game may follow: those it expects legal."""
        return sum(1 for _, illegal in self.steps if not illegal)

    def as_dict(self) -> dict[str, object]:
        """Plain data for ``--json``."""
        return {"scenario": self.scenario_id, "edition": self.edition}


def start_of(sc: LoadedScenario, edition: str) -> ScenarioStart | None:
    """The start of scenario ``sc`` under ``edition``; None when it has none (its setup is
    one the scenario expects refused, or an action of it does not parse)."""
    msg = sc.message
    if msg.HasField("expect_setup_refused"):
        return None
    kind = msg.setup.WhichOneof("kind")
    state: StateData | None = None
    new_game: GameSetup | None = None
    if kind == "board":
        state = board_to_state(msg.setup.board, edition)
    elif kind == "state":
        from oracle.service.state_codec import state_dict_from_proto

        state = state_dict_from_proto(msg.setup.state, "setup.state")
        state["edition"] = edition
    elif kind == "new_game":
        cfg = msg.setup.new_game
        new_game = GameSetup(edition, tuple(cfg.heroes), tuple(tuple(d.card_ids) for d in cfg.decks))
    else:
        return None
    try:
        steps = tuple((action_text(s.action), bool(s.expect_illegal)) for s in msg.steps)
    except ActionSyntaxError:
        return None
    setup = json.loads(Path(sc.path).read_text(encoding="utf-8"))["setup"]
    return ScenarioStart(sc.id, edition, setup, state, new_game, steps, tuple(applied_rule_ids(list(msg.rules), edition)))


def load_starts(root: Path | str = SCENARIO_DIR, editions: Sequence[str] = ()) -> list[ScenarioStart]:
    """Every start of the scenarios under ``root``: one per scenario and edition it lists
    among ``editions`` (all it lists when empty), in path order."""
    out: list[ScenarioStart] = []
    for sc in load_all(Path(root), skip_invalid=True):
        for edition in sc.message.editions:
            if editions and edition not in editions:
                continue
            start = start_of(sc, edition)
            if start is not None:
                out.append(start)
    return out


def start_config(start: ScenarioStart) -> GameConfig:
    """The configuration of a directed game: the start's ``new_game``, else its edition
    (a board or state start has no configuration of its own)."""
    if start.new_game is not None:
        heroes, decks = start.new_game.heroes, start.new_game.decks
        return GameConfig((heroes[0], heroes[1]), (list(decks[0]), list(decks[1])), start.edition)
    return GameConfig(("", ""), ([], []), start.edition)


def follow_plan(start: ScenarioStart, k: int) -> list[tuple[tuple[str, ...], str]]:
    """The first ``k`` legal steps of ``start``'s scenario, each with the actions the
    scenario expects refused just before it; the refused ones after the ``k``-th come last,
    with no step ("")."""
    plan: list[tuple[tuple[str, ...], str]] = []
    refused: list[str] = []
    for text, illegal in start.steps:
        if illegal:
            refused.append(text)
            continue
        if len(plan) == k:
            break
        plan.append((tuple(refused), text))
        refused = []
    if refused:
        plan.append((tuple(refused), ""))
    return plan


class FirstChoices:
    """The choices of Hypothesis's first example, without Hypothesis: every number 0, every
    order as it is (a directed game draws no configuration)."""

    def index(self, n: int) -> int:
        """0."""
        return 0

    def permutation(self, items: Sequence[int]) -> list[int]:
        """``items`` in their order."""
        return list(items)

    def config(self, editions: Sequence[str]) -> GameConfig:
        """None to give: a directed game starts from a scenario."""
        raise TypeError("a directed game draws no configuration")


class RotatedChooser:
    """A chooser whose numbers are ``inner``'s turned by numbers from ``rng``: ``index(n)``
    is ``(inner.index(n) + rng.randrange(n)) % n``, and a permutation is drawn from
    ``inner`` and then shuffled by ``rng``.  The game is still a function of what ``inner``
    draws (``rng`` is seeded anew for every replay), so it replays exactly and shrinks, but
    toward a seeded random game instead of the first legal action at every decision."""

    def __init__(self, inner: Chooser, rng: random.Random) -> None:
        self.inner = inner
        self.rng = rng

    def index(self, n: int) -> int:
        """``inner``'s number turned by a seeded one."""
        if n <= 1:
            return 0
        return (self.inner.index(n) + self.rng.randrange(n)) % n

    def permutation(self, items: Sequence[int]) -> list[int]:
        """``inner``'s order, shuffled by the seeded generator."""
        out = self.inner.permutation(items)
        self.rng.shuffle(out)
        return out

    def config(self, editions: Sequence[str]) -> GameConfig:
        """``inner``'s configuration (a directed game draws none)."""
        return self.inner.config(editions)


class StartGuide:
    """Coverage-guided choice of the next start (see the module doc): :meth:`next` gives the
    unplayed start of a scenario not yet played in another edition (once every scenario
    has been, any unplayed start) whose cited rules hold the most rules ``reached``
    counts no decision for, then the fewest decisions over its rules, then the first in
    an order of the starts shuffled from ``seed``."""

    def __init__(self, starts: Iterable[ScenarioStart], seed: int) -> None:
        self.starts = list(starts)
        order = list(range(len(self.starts)))
        random.Random(seed).shuffle(order)
        self._rank = {i: r for r, i in enumerate(order)}
        self._left = set(range(len(self.starts)))
        self._played: set[str] = set()
        # each start's key kept, and renewed for the starts of a rule whose count changed
        self._by_rule: dict[str, list[int]] = {}
        for i, st in enumerate(self.starts):
            for r in set(st.rules):
                self._by_rule.setdefault(r, []).append(i)
        self._counts: dict[str, int] = dict.fromkeys(self._by_rule, 0)
        self._keys = {i: self._key(i) for i in self._left}

    def _key(self, i: int) -> tuple[bool, int, int, int]:
        counts = [self._counts[r] for r in self.starts[i].rules]
        again = self.starts[i].scenario_id in self._played
        return (again, -sum(1 for c in counts if c == 0), sum(counts), self._rank[i])

    def next(self, reached: Mapping[str, int]) -> ScenarioStart | None:
        """The next start (marked played), or None when every start has been played."""
        if not self._left:
            return None
        stale: set[int] = set()
        for r, before in self._counts.items():
            now = reached.get(r, 0)
            if now != before:
                self._counts[r] = now
                stale.update(self._by_rule[r])
        for i in stale & self._left:
            self._keys[i] = self._key(i)
        best = min(self._left, key=self._keys.__getitem__)
        self._left.discard(best)
        del self._keys[best]
        sid = self.starts[best].scenario_id
        if sid not in self._played:
            self._played.add(sid)
            for i in self._left:
                if self.starts[i].scenario_id == sid:
                    self._keys[i] = self._key(i)
        return self.starts[best]
