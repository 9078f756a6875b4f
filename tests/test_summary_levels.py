"""The terminal summary names what failed a run, never a mismatch of a level that does not
count (issue 44): a run judged on core whose first mismatch is a citation (not counted) and
whose later one is core used to be summed up by the citation, as if it had failed the run,
because its message listed the mismatches in the order they were found."""

from __future__ import annotations

from conformance_suite.executor import Mismatch
from conformance_suite.plugin import failures_by_scenario
from conformance_suite.report_json import RunRecord
from conformance_suite.runner import mismatch_message

CITATION = Mismatch(0, "violation rule", ["C:301.4"], ["C:301.5"], "choose_order values=1")
CORE = Mismatch(2, "legality", True, False, "end_turn")
EVENT = Mismatch(1, "event", "die_rolled", "nothing", "roll values=5,2")


def _summary(message: str) -> list[str]:
    return failures_by_scenario([RunRecord(id="s301.4-x", edition="C", rules=("C:301.4",),
                                           applied_rules=("C:301.4",), outcome="failed", message=message)])


def test_the_summary_names_the_mismatch_that_counts() -> None:
    """Judged on core only: the summary line names the core mismatch; the others follow in the
    message under "not counted:"."""
    old = "\n".join(m.describe() for m in (CITATION, EVENT, CORE))  # the message as it was
    assert "[citations]" in _summary(old)[1]  # the drift: the summary named a mismatch that does not count
    message = mismatch_message([CITATION, EVENT, CORE], ["core"])
    (line,) = _summary(message)[1:]
    assert "legality [core]" in line and "citations" not in line, line
    lines = message.splitlines()
    assert lines.index("not counted:") > max(i for i, text in enumerate(lines) if "[core]" in text)
    assert any("[citations]" in text for text in lines[lines.index("not counted:") :])


def test_levels_that_count_come_first_in_their_order() -> None:
    """Judged on core and citations: both counted mismatches first, in the order found; only
    the event mismatch is under "not counted:"; a run with only counted ones has no such part."""
    message = mismatch_message([CITATION, EVENT, CORE], ["core", "citations"])
    lines = message.splitlines()
    assert "[citations]" in lines[0] and "not counted:" in lines
    assert all("[events]" not in text for text in lines[: lines.index("not counted:")])
    assert "not counted" not in mismatch_message([CORE, CITATION], ["core", "citations"])
    assert mismatch_message([EVENT], ["core"]).startswith("not counted:\n")
