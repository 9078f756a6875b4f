"""What the pytest plugin and the command line share: the run options, target construction
and its capability check, selection of scenarios by rule, edition and id, the rules a run
counts for, and the one command line that re-runs a single scenario.
"""

from __future__ import annotations

import hashlib
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from oracle.catalogue import Rule, load_catalogue
from oracle.contract import LEVELS

from .executor import Mismatch
from .report_json import applied_rule_ids
from .scenario import SCENARIO_DIR, LoadedScenario
from .targets import InProcessTarget, ServerInfo, Target, TargetError

__all__ = [
    "PROTO_VERSION",
    "RuleSelector",
    "RunOptions",
    "TargetUnusable",
    "applied_rules",
    "check_target",
    "gating_levels",
    "in_shard",
    "make_target",
    "mismatch_message",
    "parse_shard",
    "rerun_command",
    "rule_texts",
    "split_csv",
]

#: The protocol version this suite speaks (``GetServerInfoResponse.proto_version``).
PROTO_VERSION = "v1"


def split_csv(values: list[str] | None) -> list[str]:
    """Flatten repeated and comma-separated option values: ``["a,b", "c"]`` -> ``[a, b, c]``."""
    out: list[str] = []
    for v in values or []:
        out += [x.strip() for x in v.split(",") if x.strip()]
    return out


@dataclass
class RunOptions:
    """How a suite run is configured (the ``run`` command's options, minus pytest's own)."""

    target: str = ""  # HOST:PORT, or "" for in process
    in_process: bool = False
    mutant: str = ""
    rules: list[str] = field(default_factory=list)
    editions: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    known_failures: str = ""
    known_flaky: str = ""
    skip_list: str = ""
    update_known_failures: bool = False
    report_json: str = ""
    report_html: str = ""
    tls_ca: str = ""
    token: str = ""
    timeout: float = 30.0
    scenarios: str = str(SCENARIO_DIR)
    levels: list[str] = field(default_factory=list)  # levels that decide pass/fail; [] = what the target claims
    #: the command the runner started the target with (after ``--``), shell-quoted, and the
    #: ``--target`` the user gave with it ("": the address came from its listening line);
    #: a re-run line starts it again instead of naming the stopped server's port
    target_command: str = ""
    given_target: str = ""
    #: "K/N": run only the K-th of N parts of the selection (:func:`in_shard`); "" for all
    shard: str = ""

    @property
    def target_label(self) -> str:
        """How reports name the target: ``HOST:PORT`` or ``in-process`` (with the mutant)."""
        if self.target:
            return self.target
        return "in-process" + (f" (mutant {self.mutant})" if self.mutant else "")


class TargetUnusable(RuntimeError):
    """The target cannot be tested at all: down, or speaking another protocol version.
    The message is one line."""


def make_target(opts: RunOptions) -> Target:
    """The target the options name (a gRPC channel is opened lazily, nothing is called)."""
    if opts.target:
        from .grpc_target import GrpcTarget

        return GrpcTarget(opts.target, tls_ca=opts.tls_ca or None, token=opts.token or None, timeout=opts.timeout)
    return InProcessTarget(opts.mutant)


def check_target(target: Target, label: str) -> ServerInfo:
    """The target's server info, or :class:`TargetUnusable` with a one-line reason when it
    cannot be reached or speaks another protocol version."""
    try:
        info = target.server_info()
    except TargetError as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if exc.code == "UNIMPLEMENTED":
            raise TargetUnusable(
                f"target {label} does not speak berserk.oracle.{PROTO_VERSION} (GetServerInfo: {first})"
            ) from None
        if exc.code in ("UNAVAILABLE", "DEADLINE_EXCEEDED"):
            raise TargetUnusable(f"target {label} is down: {first}") from None
        raise TargetUnusable(f"target {label} refused GetServerInfo: {first}") from None
    version = info.proto_version
    if version != PROTO_VERSION:
        raise TargetUnusable(
            f"target {label} speaks protocol version {version or '(none)'!r}; this suite speaks {PROTO_VERSION!r}"
        )
    return info


def _number_key(number: str) -> tuple[int, ...] | None:
    try:
        return tuple(int(p) for p in number.split("."))
    except ValueError:
        return None


@dataclass(frozen=True)
class RuleSelector:
    """Selection by ``--rules``: ``401-402`` (a range, compared on as many levels as its
    ends give, so by top-level number here), ``309.1`` (that rule and its sub-rules) or a
    full id ``C:309.1`` (that id and its sub-rules)."""

    specs: tuple[str, ...]

    @classmethod
    def parse(cls, values: list[str]) -> RuleSelector:
        """Parse the option values (comma-separated, repeatable); raise ValueError when one
        is malformed."""
        specs = tuple(split_csv(values))
        for s in specs:
            body = s.split(":", 1)[1] if ":" in s else s
            parts = body.split("-") if "-" in body else [body]
            if len(parts) > 2 or any(_number_key(p) is None for p in parts):
                raise ValueError(f"--rules: cannot read {s!r} (use e.g. 401-402, 309.1 or C:309.1)")
        return cls(specs)

    def _one(self, spec: str, rule_id: str) -> bool:
        edition, _, number = rule_id.rpartition(":")
        if ":" in spec:
            spec_ed, _, spec = spec.partition(":")
            if spec_ed != edition:
                return False
        key = _number_key(number)
        if key is None:
            return False
        if "-" in spec:
            lo, hi = (_number_key(p) for p in spec.split("-"))
            assert lo is not None and hi is not None
            return key[: len(lo)] >= lo and key[: len(hi)] <= hi
        return number == spec or number.startswith(spec + ".")

    def matches(self, rule_ids: list[str]) -> bool:
        """Does any of ``rule_ids`` fall under the selection (always true when empty)?"""
        if not self.specs:
            return True
        return any(self._one(spec, r) for spec in self.specs for r in rule_ids)


def applied_rules(sc: LoadedScenario, edition: str) -> list[str]:
    """The cited rules a run under ``edition`` counts for: those of that edition and the
    15th-edition model rules every edition cites (:func:`oracle.editions.edition_specific`);
    when none is of that edition, all the scenario cites but R15's own rules of Parts 3-4 and
    501 (a run under another edition never counts for those)."""
    return applied_rule_ids(list(sc.message.rules), edition)


def rule_texts(rule_ids: list[str]) -> list[Rule]:
    """The catalogue entries of ``rule_ids`` (unknown ids are left out)."""
    cat = load_catalogue()
    return [cat[r] for r in rule_ids if r in cat]


def gating_levels(opts: RunOptions, info: ServerInfo) -> list[str]:
    """The conformance levels that decide whether a run passed: ``--levels`` if given,
    else the levels the target claims in its server info, else all of them.  The core
    level always counts (nothing else can be judged once the states differ)."""
    chosen = opts.levels or [lv for lv in info.levels if lv in LEVELS] or list(LEVELS)
    return ["core", *[lv for lv in LEVELS if lv in chosen and lv != "core"]]


def mismatch_message(mismatches: Sequence[Mismatch], gating: Sequence[str]) -> str:
    """A run's mismatches as its message: first those of the levels that count (``gating``),
    which failed it, then, under "not counted:", those of the other levels, which did not, so
    that the first line (the one the summary names) is never a mismatch that does not count."""
    counted = [m.describe() for m in mismatches if m.level in gating]
    other = [m.describe() for m in mismatches if m.level not in gating]
    return "\n".join(counted + (["not counted:", *other] if other else []))


def parse_shard(text: str) -> tuple[int, int]:
    """``K/N`` as (K, N), 1 <= K <= N; a ValueError says what is wrong."""
    k, sep, n = text.partition("/")
    if not (sep and k.isdigit() and n.isdigit()):
        raise ValueError("write K/N, e.g. 2/4 (the second of four parts)")
    kk, nn = int(k), int(n)
    if not 1 <= kk <= nn:
        raise ValueError(f"K must be 1..N; got {kk}/{nn}")
    return kk, nn


def in_shard(scenario_id: str, shard: str) -> bool:
    """Whether ``scenario_id`` (every edition of it) belongs to ``shard`` ("K/N"; "" for all):
    the first 8 bytes of its SHA-256, modulo N, are K - 1 — the same split on every machine
    and with any selection, each part about 1/N of the scenarios."""
    if not shard:
        return True
    k, n = parse_shard(shard)
    return int.from_bytes(hashlib.sha256(scenario_id.encode()).digest()[:8], "big") % n == k - 1


def rerun_command(opts: RunOptions, scenario_id: str, edition: str) -> str:
    """One command line that re-runs only this scenario, under this edition (under every
    edition it lists when ``edition`` is empty), against the same target (a bearer token is
    not echoed: it reads ``$CONFORMANCE_TOKEN``; a target the run started with a command is
    started again by that command, after ``--``, never named by the port it had)."""
    cmd = ["berserk-conformance", "run"]
    if opts.target_command:
        if opts.given_target:
            cmd += ["--target", opts.given_target]
        if opts.tls_ca:
            cmd += ["--tls-ca", opts.tls_ca]
    elif opts.target:
        cmd += ["--target", opts.target]
        if opts.tls_ca:
            cmd += ["--tls-ca", opts.tls_ca]
    else:
        cmd.append("--in-process")
        if opts.mutant:
            cmd += ["--mutant", opts.mutant]
    if Path(opts.scenarios).resolve() != SCENARIO_DIR.resolve():
        cmd += ["--scenarios", opts.scenarios]
    cmd += ["--id", scenario_id] + (["--edition", edition] if edition else [])
    text = shlex.join(cmd)
    if opts.target and opts.token:
        text += ' --token "$CONFORMANCE_TOKEN"'
    if opts.target_command:  # the target, started again as this run started it
        text += " -- " + opts.target_command
    return text
