"""The fuzzer stays within what a partial target declares (PROTOCOL.md 9.2): it plays only
the editions the target lists, chooses only actions of declared capabilities, and ends a
game — without a finding — where the reference goes beyond them or the target answers
UNIMPLEMENTED."""

from __future__ import annotations

from dataclasses import replace

from conformance_suite.fuzz_shrink import fuzz
from conformance_suite.fuzz_targets import FastInProcessTarget, declared_capabilities
from conformance_suite.targets import LegalActions, ServerInfo, StateData, TargetError

SETUP_STEPS = ("setup_roll", "setup_order", "setup_shuffle", "setup_mulligan")


class SetupOnly(FastInProcessTarget):
    """The reference declaring only ``setup`` and ``turn_start`` in edition C; outside the
    setup stage its GetLegalActions answers UNIMPLEMENTED, as a partial server would."""

    def server_info(self) -> ServerInfo:
        return replace(super().server_info(), editions=("C",), support={"C": ("setup", "turn_start")})

    def legal_actions(self, state: StateData) -> LegalActions:
        if state["step"] not in SETUP_STEPS and state["step"] != "game_over":
            raise TargetError("UNIMPLEMENTED from GetLegalActions: needs strike_attack", code="UNIMPLEMENTED")
        return super().legal_actions(state)


def test_declared_capabilities_reads_server_info() -> None:
    """Editions are narrowed to those the target lists and declares; no declaration means
    everything."""
    info = SetupOnly().server_info()
    editions, caps = declared_capabilities(info, ["C", "B", "A"])
    assert editions == ["C"] and caps == {"C": frozenset({"setup", "turn_start"})}
    assert declared_capabilities(ServerInfo(editions=("A", "B", "C")), ["C", "A"]) == (["C", "A"], None)


def test_partial_target_fuzzes_clean_and_games_are_cut_short() -> None:
    """Against the setup-only target every game checks the whole setup stage, then ends at
    the first undeclared decision: no finding, no error, every game cut short."""
    target = SetupOnly()
    editions, caps = declared_capabilities(target.server_info(), ["C", "B", "A"])
    report = fuzz(target, games=5, seed=2, editions=editions, capabilities=caps)
    assert report.error == "" and report.finding is None
    assert report.cut_short == report.games == 5
    assert report.decisions >= 5 * 4  # roll, order, two shuffles at least


def test_partial_target_still_shows_a_setup_bug() -> None:
    """Staying within the declared capabilities does not hide a bug inside them: the
    ``mulligan_order_ignored`` mutant declaring setup only is still found."""

    class Buggy(SetupOnly):
        def __init__(self) -> None:
            super().__init__("mulligan_order_ignored")

    target = Buggy()
    editions, caps = declared_capabilities(target.server_info(), ["C"])
    report = fuzz(target, games=10, seed=1, editions=editions, capabilities=caps)
    assert report.finding is not None, "the mutant's setup divergence was not found"
