"""The plugin's collection: a scenario file (:class:`ScenarioFile`) yields one
:class:`ScenarioItem` per edition it lists, which runs the scenario against the target and
shows a failure with the step, the cited rules and a re-run command; a file that cannot be
loaded yields one :class:`InvalidScenarioItem`, an error run naming the file, the field and the
reason."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..executor import ScenarioResult, run_scenario
from ..known_failures import item_key
from ..runner import applied_rules, gating_levels, mismatch_message, rerun_command, rule_texts
from ..scenario import LoadedScenario, ScenarioError, load_scenario
from ..targets import TargetError, TargetInputError
from .session import SuiteSession, _suite

__all__ = ["InvalidScenarioItem", "ScenarioFailed", "ScenarioFile", "ScenarioItem"]


class ScenarioFile(pytest.File):
    """One scenario file; it yields one item per edition the scenario lists."""

    def collect(self) -> Iterator[pytest.Item]:
        """Load and validate the file: one item per edition it lists, or, when the file
        cannot be loaded (a :class:`ScenarioError` names the file and field), one
        :class:`InvalidScenarioItem` that reports it as an error run while every other file
        still runs."""
        suite = _suite(self.config)
        assert suite is not None
        try:
            sc = load_scenario(self.path)
            other = suite.ids_seen.setdefault(sc.id, self.path)
            if other != self.path:
                raise ScenarioError(self.path, "id", f"id {sc.id!r} is also used by {other}")
        except ScenarioError as exc:
            suite.invalid[self.path] = exc
            yield InvalidScenarioItem.from_parent(self, name=self.path.stem, error=exc)
            return
        suite.loaded[self.path] = sc
        for edition in sc.message.editions:
            yield ScenarioItem.from_parent(self, name=item_key(sc.id, edition), scenario=sc, edition=edition)

    def repr_failure(  # type: ignore[override]
        self, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> str:
        """A malformed scenario is reported in one line: file, field, reason."""
        if isinstance(excinfo.value, ScenarioError):
            return f"invalid scenario: {excinfo.value}"
        return str(super().repr_failure(excinfo))


class InvalidScenarioItem(pytest.Item):
    """A scenario file that cannot be loaded (unreadable JSON, a field of the wrong type, an
    unknown card, an inconsistent board, a duplicate id): one run with the outcome *error*,
    named after the file, whose message names the file, the field and the reason.  It runs
    under no edition (its record's ``edition`` is empty) and never stops the other runs."""

    def __init__(self, *, error: ScenarioError, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.error = error
        self.user_properties += [
            ("cs_id", self.path.stem),
            ("cs_edition", ""),
            ("cs_rules", "[]"),
            ("cs_applied", "[]"),
            ("cs_file", str(self.path)),
            ("cs_description", "a scenario file that cannot be loaded"),
            ("cs_kind", "error"),
            ("cs_message", f"invalid scenario: {error}"),
        ]

    def runtest(self) -> None:
        """Fail with the loader's message (the file is not run)."""
        raise ScenarioFailed(f"invalid scenario: {self.error}")

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """One line: the file, the field and the reason."""
        return f"invalid scenario: {self.error}"

    def reportinfo(self) -> tuple[Path, int, str]:
        """Where the item comes from (the file, line 0)."""
        return self.path, 0, f"invalid scenario file {self.path.name}"


class ScenarioFailed(AssertionError):
    """A scenario run disagreed with the target (or the target refused its input)."""

    def __init__(self, message: str, result: ScenarioResult | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.result = result
        #: the status code of a call the target failed (the run is an error), else ""
        self.target_code = ""


class ScenarioItem(pytest.Item):
    """One scenario under one edition."""

    def __init__(self, *, scenario: LoadedScenario, edition: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario
        self.edition = edition
        self.applied = applied_rules(scenario, edition)
        self.add_marker("conformance")
        self.user_properties += [
            ("cs_id", scenario.id),
            ("cs_edition", edition),
            ("cs_rules", json.dumps(list(scenario.message.rules))),
            ("cs_applied", json.dumps(self.applied)),
            ("cs_file", str(scenario.path)),
            ("cs_description", scenario.message.description),
        ]

    @property
    def key(self) -> str:
        """``scenario_id[edition]``."""
        return item_key(self.scenario.id, self.edition)

    def _suite(self) -> SuiteSession:
        suite = _suite(self.config)
        assert suite is not None
        return suite

    def runtest(self) -> None:
        """Run the scenario against the target; raise :class:`ScenarioFailed` when a level
        that counts (:func:`~conformance_suite.runner.gating_levels`) failed."""
        suite = self._suite()
        try:
            res = run_scenario(self.scenario, self.edition, suite.target())
        except TargetInputError as exc:
            self._record("error", f"the target refused the input as malformed: {exc}")
            raise ScenarioFailed(f"the target refused the input as malformed: {exc}") from None
        except TargetError as exc:
            # One run's error, never the end of the run: the next scenario may work.
            first = str(exc).splitlines()[0] if str(exc) else repr(exc)
            if exc.code == "UNIMPLEMENTED":
                why = f"the target answered {first}"
                self._record("unsupported", why)
                pytest.skip(f"{UNSUPPORTED_PREFIX}{why}")
            line = f"the target failed: {first}"
            self._record("error", line)
            failed = ScenarioFailed(line)
            failed.target_code = exc.code or ""
            raise failed from None
        except Exception as exc:
            self._record("error", f"{type(exc).__name__}: {exc}")
            raise
        self.user_properties.append(("cs_levels", json.dumps(res.levels)))
        gating = gating_levels(suite.opts, suite.server_info())
        message = mismatch_message(res.mismatches, gating)
        if not res.passed_at(gating):
            self._record("failed", message)
            raise ScenarioFailed(message, res)
        if res.mismatches:
            self.user_properties.append(("cs_message", "passed at " + ", ".join(gating) + "; " + message))

    def _record(self, kind: str, message: str) -> None:
        self.user_properties += [("cs_kind", kind), ("cs_message", message)]

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """The step, expected against actual, the cited rules' text and a re-run command."""
        suite = self._suite()
        if isinstance(excinfo.value, ScenarioFailed):
            body = excinfo.value.message
            code = excinfo.value.target_code
            if code in _TARGET_GONE:
                # a target that went away fails every run after it alike: the first shows whole
                if code in suite.shown_target_failures:
                    return f"{self.key}: {body}{AS_ABOVE}"
                suite.shown_target_failures.add(code)
        else:
            body = str(super().repr_failure(excinfo, style=style))
        # a known failure or a flaky run (xfail) is not shown: it is never the one another refers to
        listed = self.get_closest_marker("xfail") is not None
        first = (self.edition, body) if listed else suite.shown_failures.setdefault(self.scenario.id, (self.edition, body))
        if first != (self.edition, body) and first[1] == body:
            # the same failure under another edition: shown once, under the first one
            return f"{self.key}: the same failure as under {first[0]} (shown there)"
        lines = [f"{self.key}: {self.scenario.message.description}", body, ""]
        if self.config.get_verbosity() > 0:
            lines.append("rules cited:")
            for rule in rule_texts(self.applied):
                lines.append(f"  {rule.id}  {rule.text_ru}")
                lines.append(f"  {' ' * len(rule.id)}  ({rule.text_en})")
        else:
            lines.append(f"rules cited: {', '.join(self.applied)} (-v shows their text; the reports always do)")
        lines += ["", f"re-run: {rerun_command(suite.opts, self.scenario.id, '')}"]
        return "\n".join(lines)

    def reportinfo(self) -> tuple[Path, int, str]:
        """Where the item comes from (the file, line 0)."""
        return self.path, 0, f"scenario {self.key}"


#: The status codes of a target that went away during the run (every later run fails alike).
_TARGET_GONE = frozenset(("UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED"))
TARGET_GONE = _TARGET_GONE
#: How the failure text of a run ends when the target went away and an earlier run of the same
#: status was shown whole (the terminal folds such runs into one count: reporting.TargetGoneFold).
AS_ABOVE = " (as above)"


#: How the skip reason of an unsupported run starts.
UNSUPPORTED_PREFIX = "unsupported: "

