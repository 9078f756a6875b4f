"""The targets of fuzzing beyond a gRPC address, and what a target declares.

:class:`FastInProcessTarget` is the reference (or an engine mutant) in this process,
decoding each state once as the lock step needs; :func:`served_oracle` runs the reference
service in a child process for as long as a ``with`` block lasts; and
:func:`declared_capabilities` reads from a target's server info which editions to play and
which capabilities a game may use (PROTOCOL.md 9.2).
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from oracle.engine import IllegalAction, apply, decision
from oracle.model import State
from oracle.serialize import to_dict

from .targets import (
    ApplyResult,
    GameSetup,
    InProcessTarget,
    NewGame,
    ServerInfo,
    StateData,
    TargetDecision,
    TargetError,
    target_event,
)

__all__ = ["FastInProcessTarget", "declared_capabilities", "served_oracle"]


class FastInProcessTarget(InProcessTarget):
    """:class:`~conformance_suite.targets.InProcessTarget` that decodes each state dict
    once: the lock step sends the same dict up to four times per decision, and the state
    a call returned is the next call's input, so both are kept by identity."""

    def __init__(self, mutant: str = "") -> None:
        super().__init__(mutant)
        self._known: list[tuple[StateData, State]] = []

    def _state(self, data: StateData) -> State:
        for d, s in self._known:
            if d is data:
                return s
        s = super()._state(data)
        self._remember(data, s)
        return s

    def _remember(self, data: StateData, state: State) -> None:
        self._known = [*self._known[-1:], (data, state)]

    def create_game(self, config: GameSetup) -> NewGame:
        """A new game (its state is kept)."""
        game = super().create_game(config)
        self._state(game.state)
        return game

    def apply(self, state: StateData, action: str) -> ApplyResult:
        """Apply; the next state is kept with its dict."""
        s = self._state(state)
        try:
            out = apply(s, self._action(action))
        except IllegalAction as exc:
            return ApplyResult(False, tuple(exc.violations))
        d = decision(out.state)
        data = to_dict(out.state)
        self._remember(data, out.state)
        events = tuple(target_event(e.kind, e.rules, e.data) for e in out.events)
        return ApplyResult(True, (), data, events, TargetDecision(int(d.actor), d.kind))


def declared_capabilities(info: ServerInfo, editions: Sequence[str]) -> tuple[list[str], dict[str, frozenset[str]] | None]:
    """The editions to play (those asked for that the target lists) and, when the target
    declares capabilities (``GetServerInfo.support``), each edition's declared set (None:
    it declares none, so everything is expected)."""
    listed = list(info.editions or editions)
    playable = [e for e in editions if e in listed]
    support = info.support
    if not support:
        return playable, None
    return [e for e in playable if e in support], {e: frozenset(support[e]) for e in support}


@contextlib.contextmanager
def served_oracle(mutant: str = "", *, timeout: float = 60.0) -> Iterator[str]:
    """Run ``python -m oracle serve --port 0 [--mutant NAME]`` in a child process for the
    duration of the block; yields its ``HOST:PORT`` (read from the "listening on" line).
    Raises :class:`~conformance_suite.targets.TargetError` if it does not start."""
    import os
    import selectors
    import subprocess

    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ)
    env["PYTHONPATH"] = str(root) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    cmd = [sys.executable, "-m", "oracle", "serve", "--port", "0", "--log-level", "warning"]
    proc = subprocess.Popen([*cmd, *(["--mutant", mutant] if mutant else [])], cwd=root, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        sel = selectors.DefaultSelector()
        sel.register(proc.stdout, selectors.EVENT_READ)
        line = proc.stdout.readline() if sel.select(timeout) else ""
        sel.close()
        if "listening on " not in line:
            raise TargetError(f"`{' '.join(cmd)}` did not start (printed {line!r}, exit code {proc.poll()})")
        yield line.rsplit("listening on ", 1)[1].strip()
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
