"""The runner never gives up on a target: an error status ends only its run, usage errors
exit 2 with a hint, and every call names its run in ``x-request-id``.

The partial target is a real gRPC server on a free port: the reference servicer that
answers ``UNIMPLEMENTED`` to ``ApplyAction`` for attacks and ``INTERNAL`` to every
``CreateGame``, and records the request ids it receives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
import pytest

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc
from oracle.service.servicer import OracleServicer

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m conformance_suite ARGS`` from the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "conformance_suite", *args], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600
    )


class _Faulty(OracleServicer):
    """The reference, except: attacks are UNIMPLEMENTED, CreateGame is INTERNAL; every
    request id is recorded."""

    def __init__(self) -> None:
        super().__init__()
        self.request_ids: list[str] = []

    def _note(self, context: grpc.ServicerContext) -> None:
        self.request_ids += [v for k, v in context.invocation_metadata() if k == "x-request-id"]

    def GetLegalActions(self, request: pb.GetLegalActionsRequest, context: grpc.ServicerContext) -> Any:
        self._note(context)
        return super().GetLegalActions(request, context)

    def CreateGame(self, request: pb.CreateGameRequest, context: grpc.ServicerContext) -> Any:
        self._note(context)
        context.abort(grpc.StatusCode.INTERNAL, "setup crashed")

    def ApplyAction(self, request: pb.ApplyActionRequest, context: grpc.ServicerContext) -> Any:
        self._note(context)
        text = request.action.encoded or request.action.kind
        if text.startswith("attack"):
            context.abort(grpc.StatusCode.UNIMPLEMENTED, "capability strike_attack is not implemented")
        return super().ApplyAction(request, context)


@pytest.fixture(scope="module")
def faulty() -> Iterator[tuple[str, _Faulty]]:
    """A :class:`_Faulty` server on a free port of 127.0.0.1."""
    servicer = _Faulty()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    pb_grpc.add_OracleServiceServicer_to_server(servicer, server)  # type: ignore[no-untyped-call]
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}", servicer
    server.stop(0)


def test_error_statuses_end_only_their_run(faulty: tuple[str, _Faulty], tmp_path: Path) -> None:
    """Against a target answering INTERNAL to CreateGame and UNIMPLEMENTED to attacks,
    the whole selection still runs: new-game runs are errors naming the status, runs that
    attack are unsupported naming the method, the rest pass; the reports are written, the
    exit code is 1 (not 3), and the target saw ``scenario[edition]#step`` request ids."""
    address, servicer = faulty
    report, junit = tmp_path / "r.json", tmp_path / "j.xml"
    proc = cli("run", "--target", address, "--edition", "C", "--rules", "301,307.1,304.1",
               "--report-json", str(report), "--junitxml", str(junit))
    assert proc.returncode == 1, proc.stdout[-3000:] + proc.stderr[-2000:]
    data = json.loads(report.read_text(encoding="utf-8"))
    runs = data["scenarios"]
    by = {o: [r for r in runs if r["outcome"] == o] for o in ("passed", "error", "unsupported", "failed")}
    assert by["error"] and by["unsupported"] and by["passed"]
    assert all("INTERNAL from CreateGame: setup crashed" in r["message"] for r in by["error"])
    assert all("UNIMPLEMENTED from ApplyAction" in r["message"] for r in by["unsupported"])
    assert data["summary"]["error"] == len(by["error"]) and data["summary"]["unsupported"] == len(by["unsupported"])
    assert data["summary"]["total"] == len(runs) == sum(len(v) for v in by.values())
    assert "TARGET UNUSABLE" not in proc.stdout
    ids = set(servicer.request_ids)
    assert any(i.endswith("[C]#0") for i in ids) and any(i.endswith("[C]#1") for i in ids)
    xml = junit.read_text(encoding="utf-8")
    assert 'testsuite name="berserk-conformance"' in xml and 'classname="conformance.C.p3_setup"' in xml


@pytest.mark.parametrize(
    ("args", "hint"),
    [
        (["--rules", "abc"], "--rules: cannot read 'abc'"),
        (["--edition", "D"], "unknown edition 'D' (known: A, B, C, R15)"),
        (["--levels", "fast"], "unknown level 'fast'"),
        (["--id", "s301.4-roll-outcome"], "nearest: s301.4-roll-outcomes"),
        # issue 44, item 10: a pytest message with exit 4, and "the target is down"
        (["--scenarios", "/nonexistent-scenarios"], "--scenarios /nonexistent-scenarios: no such folder"),
        (["--timeout", "-1"], "--timeout -1: the seconds a call may take must be more than 0"),
    ],
)
def test_usage_errors_exit_2_with_a_hint(args: list[str], hint: str) -> None:
    """A bad --rules, --edition, --levels or an unknown --id exits 2 before anything runs,
    with one line that says what is wrong and what would be right."""
    proc = cli("run", "--in-process", *args)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert hint in proc.stderr


def test_parallel_without_xdist_exits_2(tmp_path: Path) -> None:
    """``-n 2`` where pytest-xdist cannot be imported exits 2 naming the package (simulated
    with a module path that hides it)."""
    (tmp_path / "sitecustomize.py").write_text(
        "import sys\nsys.modules['xdist'] = None  # hide pytest-xdist\n", encoding="utf-8"
    )
    env = {**ENV, "PYTHONPATH": os.pathsep.join([str(tmp_path), ENV["PYTHONPATH"]])}
    proc = subprocess.run([sys.executable, "-m", "conformance_suite", "run", "--in-process", "-n", "2"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "pytest-xdist" in proc.stderr


def test_unreachable_tls_hint() -> None:
    """A plain-text client reaching a closed port reports the target down with exit 3 and
    one line; the runner's TLS hint appears only for a connection that closes during the
    handshake (checked on the message builder)."""
    from conformance_suite.grpc_target import GrpcTarget

    plain = GrpcTarget("127.0.0.1:9", timeout=2)
    assert "--tls-ca" in plain._hint("UNAVAILABLE", "Socket closed")
    assert plain._hint("INTERNAL", "Socket closed") == ""
    tls = GrpcTarget.__new__(GrpcTarget)
    tls._tls = True
    assert "TLS handshake failed" in tls._hint("UNAVAILABLE", "ssl handshake failure")
    plain.close()


class _Dying(OracleServicer):
    """The reference that stops its own server after a number of GetLegalActions calls."""

    def __init__(self, calls: int) -> None:
        super().__init__()
        self.left = calls
        self.server: grpc.Server | None = None

    def GetLegalActions(self, request: pb.GetLegalActionsRequest, context: grpc.ServicerContext) -> Any:
        self.left -= 1
        if self.left == 0 and self.server is not None:
            import threading

            threading.Thread(target=self.server.stop, args=(0,), daemon=True).start()
        return super().GetLegalActions(request, context)


def test_target_that_stops_answering_mid_run(tmp_path: Path) -> None:
    """A target that dies in the middle of a run: the runs before passed, every remaining
    run is an error naming UNAVAILABLE (or CANCELLED, for the call in flight when the server
    stopped, or DEADLINE_EXCEEDED), the reports are still written and the exit code is 1 —
    exit 3 is only for a target unusable before anything ran."""
    servicer = _Dying(calls=12)
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    servicer.server = server
    pb_grpc.add_OracleServiceServicer_to_server(servicer, server)  # type: ignore[no-untyped-call]
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    report = tmp_path / "r.json"
    try:
        # not the refused configurations: this bare servicer lacks the server's error mapping
        proc = cli("run", "--target", f"127.0.0.1:{port}", "--edition", "C", "--rules", "301", "-k", "not config",
                   "--timeout", "5", "--report-json", str(report))
    finally:
        server.stop(0)
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    data = json.loads(report.read_text(encoding="utf-8"))
    outcomes = [r["outcome"] for r in data["scenarios"]]
    assert "passed" in outcomes and "error" in outcomes
    assert set(outcomes) <= {"passed", "error"}
    first_error = outcomes.index("error")
    assert all(o == "error" for o in outcomes[first_error + 1 :]), [(r["id"], r["outcome"], r["message"][:80]) for r in data["scenarios"]]
    assert all(any(code in r["message"] for code in ("UNAVAILABLE", "CANCELLED", "DEADLINE"))
               for r in data["scenarios"] if r["outcome"] == "error"), [
        r["message"][:200] for r in data["scenarios"] if r["outcome"] == "error"]
    # issue 44, item 9: the first failure of a target gone is shown whole (one per status code),
    # and the later ones are counted, not printed: no block, no short-summary line per remaining
    # run (the fresh-clone walk still saw three lines a run, 6,800 for 2017 runs)
    errors = outcomes.count("error")
    codes = {c for c in ("UNAVAILABLE", "CANCELLED", "DEADLINE_EXCEEDED") if c in proc.stdout}
    assert proc.stdout.count("re-run: ") <= len(codes), proc.stdout[-3000:]
    assert proc.stdout.count("ERROR at call of") <= len(codes), proc.stdout[-3000:]
    assert proc.stdout.count("\nERROR ") <= len(codes), proc.stdout[-3000:]
    assert errors > len(codes) and f"{errors - proc.stdout.count('ERROR at call of')} more errors of the target gone" \
        in proc.stdout.splitlines()[-1], proc.stdout[-3000:]


@pytest.mark.parametrize(("edit", "field"), [
    (lambda ng: ng["heroes"].__setitem__(0, "no_such_hero"), "setup.new_game.heroes[0]"),
    (lambda ng: ng["decks"][1]["card_ids"].__setitem__(2, "no_such_card"), "setup.new_game.decks[1].card_ids[2]"),
    (lambda ng: ng["decks"][0].__setitem__("card_ids", ng["decks"][0]["card_ids"][:3]), "setup.new_game.decks[0]"),
])
def test_a_new_game_the_reference_refuses_is_an_invalid_scenario(edit: Any, field: str, tmp_path: Path) -> None:
    """Issue 44, item 7: a scenario whose ``new_game`` names an unknown hero or card, or a deck
    of a wrong size, without expecting the setup refused, is one invalid-scenario error run
    naming the field, as a board with the same mistake is; the other scenarios of the folder
    run, and the exit code is 1 (it stopped the whole run with INTERNALERROR and exit 3)."""
    src = next((ROOT / "conformance_suite" / "scenarios").rglob("s301.4-roll-outcomes.json"))
    good = json.loads(src.read_text(encoding="utf-8"))
    bad = json.loads(src.read_text(encoding="utf-8"))
    bad["id"] = "x-bad-new-game"
    edit(bad["setup"]["new_game"])
    (tmp_path / "s301.4-roll-outcomes.json").write_text(json.dumps(good, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "x-bad-new-game.json").write_text(json.dumps(bad, ensure_ascii=False), encoding="utf-8")
    report = tmp_path / "r.json"
    proc = cli("run", "--in-process", "--scenarios", str(tmp_path), "--report-json", str(report))
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "INTERNALERROR" not in proc.stdout + proc.stderr
    runs = json.loads(report.read_text(encoding="utf-8"))["scenarios"]
    errors = [r for r in runs if r["outcome"] == "error"]
    assert len(errors) == 1 and field in errors[0]["message"], errors
    assert [r["outcome"] for r in runs if r["id"] == "s301.4-roll-outcomes"] == ["passed"] * len(good["editions"])


@pytest.mark.parametrize("option", ["--report-json", "--report-html", "--junitxml", "compare --out"])
def test_an_output_path_that_cannot_be_written_is_a_usage_error_before_the_run(option: str, tmp_path: Path) -> None:
    """Issue 44, item 2: an output path under a file (or a folder given for a file) is refused
    at once with exit 2 and a line naming the option and the path, before any scenario runs
    (it ended the whole run in a traceback, exit 1)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    if option == "compare --out":
        report = tmp_path / "r.json"
        assert cli("run", "--in-process", "--rules", "301.4", "--report-json", str(report)).returncode == 0
        proc = cli("compare", str(report), "--out", str(blocker / "site"))
    else:
        proc = cli("run", "--in-process", "--rules", "301.4", option, str(blocker / "out"))
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and f"{blocker} is a file, not a folder" in proc.stderr
    assert option.split()[-1] in proc.stderr and "passed" not in proc.stdout


def test_updating_known_failures_makes_their_folder(tmp_path: Path) -> None:
    """Issue 44, item 2: docs/CI.md's first step (``--update-known-failures`` into a folder not
    made yet) writes the file, making the folder."""
    known = tmp_path / "ci" / "conformance" / "known.txt"
    proc = cli("run", "--in-process", "--rules", "301.4", "--known-failures", str(known), "--update-known-failures")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert known.is_file()


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize("option", ["--report-json", "--report-html", "--junitxml", "compare --out"])
def test_an_output_folder_the_permission_bits_allow_but_that_takes_no_file_is_refused(option: str,
                                                                                        tmp_path: Path) -> None:
    """Found on the fresh-clone walk of issue 44: for root, /proc passes the permission check
    (``os.access``) yet takes no file, so ``--report-json /proc/x/r.json`` ran every scenario
    and ended in a traceback with exit 1.  Now a file is made (and removed) there first: exit 2
    before the run, naming the option, the path and the reason."""
    target = "/proc/berserk-no-such-folder/out"
    if option == "compare --out":
        report = tmp_path / "r.json"
        assert cli("run", "--in-process", "--rules", "301.4", "--report-json", str(report)).returncode == 0
        proc = cli("compare", str(report), "--out", target)
    else:
        proc = cli("run", "--in-process", "--rules", "301.4", option, target)
    assert proc.returncode == 2, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr and f"{option.split()[-1]} {target}: " in proc.stderr
    assert "passed" not in proc.stdout
