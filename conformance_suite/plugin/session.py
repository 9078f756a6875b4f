"""The suite's state for one pytest session (:class:`SuiteSession`: the options, the lists, the
target and its server info, the run records as they come), where the plugin keeps it (the
config's stash: :func:`_suite`), the header line naming the suite and the target, and the exit
code of a target that cannot be used."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from ..known_failures import ScenarioList
from ..report_json import RunRecord
from ..runner import RuleSelector, RunOptions, TargetUnusable, check_target, make_target
from ..scenario import LoadedScenario, ScenarioError
from ..targets import ServerInfo, Target, TargetError

__all__ = ["EXIT_TARGET_UNUSABLE", "SuiteSession"]

#: Exit code when the target is down or speaks another protocol version.
EXIT_TARGET_UNUSABLE = 3


@dataclass
class SuiteSession:
    """The suite's state for one pytest session (in each process under pytest-xdist)."""

    config: pytest.Config
    opts: RunOptions
    selector: RuleSelector
    known: ScenarioList | None
    skips: ScenarioList | None
    flaky: ScenarioList | None = None
    started: float = field(default_factory=time.time)
    target_down: str = ""
    #: the status codes of a target gone (:data:`_TARGET_GONE`) whose failure was shown whole
    shown_target_failures: set[str] = field(default_factory=set)
    records: dict[str, RunRecord] = field(default_factory=dict)
    ids_seen: dict[str, Path] = field(default_factory=dict)
    loaded: dict[Path, LoadedScenario] = field(default_factory=dict)
    invalid: dict[Path, ScenarioError] = field(default_factory=dict)
    #: per scenario id, the edition and text of the first failure shown in the terminal
    shown_failures: dict[str, tuple[str, str]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    _target: Target | None = None
    _info: ServerInfo | None = None

    @property
    def is_controller(self) -> bool:
        """True in the process that reports (not an xdist worker)."""
        return not hasattr(self.config, "workerinput")

    @property
    def root(self) -> Path:
        """The scenario directory."""
        return Path(self.opts.scenarios)

    def target(self) -> Target:
        """The target (created on first use)."""
        if self._target is None:
            self._target = make_target(self.opts)
        return self._target

    def server_info(self) -> ServerInfo:
        """The target's server info (asked once); ``pytest.exit`` with code 3 when the target
        is down or speaks another protocol version."""
        if self._info is None:
            try:
                self._info = check_target(self.target(), self.opts.target_label)
            except (TargetUnusable, TargetError) as exc:
                self.target_down = str(exc)
                pytest.exit(str(exc), returncode=EXIT_TARGET_UNUSABLE)
        return self._info

    def info_if_asked(self) -> ServerInfo | None:
        """The server info if it was asked, else None."""
        return self._info

    def info_or_empty(self) -> ServerInfo:
        """The server info if it was asked, else an empty one."""
        return self._info or ServerInfo()


_SUITE = pytest.StashKey[SuiteSession]()


def _suite(config: pytest.Config) -> SuiteSession | None:
    return config.stash.get(_SUITE, None)


def _header_line(suite: SuiteSession) -> str:
    from .. import __version__

    info = suite.server_info()
    desc = f"{info.implementation} {info.engine_version}".strip()
    muts = f", mutants {', '.join(info.mutants)}" if info.mutants else ""
    return (
        f"conformance suite {__version__}: target {suite.opts.target_label} — {desc}, "
        f"protocol {info.proto_version}, editions {', '.join(info.editions)}{muts}"
    )

