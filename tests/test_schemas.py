"""Tests of the JSON Schemas shipped with the conformance suite
(``conformance_suite/schemas/``, draft 2020-12):

- ``report.schema.json`` describes the JSON report (``--report-json``, ``format_version``
  2): reports of real runs validate (a passing run of the 301 scenarios, a failing mutant
  run, a run with known failures), so do reports built for unusual cases, and broken reports
  are rejected;
- ``scenario.schema.json`` describes scenario files; it is generated from the compiled
  descriptors of ``scenario.proto`` (``python -m conformance_suite.schemas.generate``), and
  every scenario file of the suite validates against it, in either field-name form, while
  broken scenarios are rejected.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from conformance_suite.report_json import FORMAT_VERSION, OUTCOMES, PARTS, RunRecord, build_json_report
from conformance_suite.scenario import SCENARIO_DIR, ScenarioError, load_scenario
from conformance_suite.schemas import generate
from oracle.contract import LEVELS

ROOT = Path(__file__).resolve().parents[1]
SCHEMAS = ROOT / "conformance_suite" / "schemas"
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}


def validator(name: str) -> Draft202012Validator:
    """A validator for the schema ``name`` (formats such as date-time checked)."""
    schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return Draft202012Validator(schema, format_checker=FormatChecker())


def errors(v: Draft202012Validator, doc: Any) -> list[str]:
    """Where and why ``doc`` does not validate (empty: it does)."""
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in v.iter_errors(doc)]


def run_report(tmp: Path, *args: str) -> dict[str, Any]:
    """The JSON report of ``python -m conformance_suite run ARGS``."""
    out = tmp / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "conformance_suite", "run", *args, "--report-json", str(out)],
        cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600,
    )
    assert out.exists(), proc.stdout[-3000:] + proc.stderr[-2000:]
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


@pytest.fixture(scope="module")
def real_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Reports of real in-process runs: the 301 scenarios on the reference (pass), the
    401-402 scenarios under the lifo_queue mutant (fail), and one failing scenario listed
    as a known failure."""
    out = {}
    out["rules 301"] = run_report(tmp_path_factory.mktemp("r301"), "--in-process", "--rules", "301")
    out["lifo_queue"] = run_report(tmp_path_factory.mktemp("lifo"), "--in-process", "--mutant", "lifo_queue", "--rules", "401-402")
    known = tmp_path_factory.mktemp("known")
    (known / "known.txt").write_text("s401.3-fifo-active-player-chosen-order\n", encoding="utf-8")
    out["known failure"] = run_report(
        known, "--in-process", "--mutant", "lifo_queue", "--id", "s401.3-fifo-active-player-chosen-order",
        "--known-failures", str(known / "known.txt"),
    )
    return out


# --- the report schema -------------------------------------------------------------------------


def test_schemas_are_valid_draft_2020_12() -> None:
    """Both shipped schemas are valid JSON Schemas of draft 2020-12."""
    for name in ("report.schema.json", "scenario.schema.json"):
        schema = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
        assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        Draft202012Validator.check_schema(schema)


def test_reports_of_real_runs_validate(real_reports: dict[str, dict[str, Any]]) -> None:
    """The JSON reports of real runs (passing, failing under a mutant, with a known
    failure) validate against the report schema and say ``format_version`` 3."""
    v = validator("report.schema.json")
    assert real_reports["rules 301"]["summary"]["passed"] == real_reports["rules 301"]["summary"]["total"] > 0
    assert real_reports["lifo_queue"]["summary"]["failed"] > 0
    assert real_reports["known failure"]["summary"]["known_failure"] > 0
    for name, report in real_reports.items():
        assert report["format_version"] == FORMAT_VERSION == 3, name
        assert errors(v, report) == [], name


def test_unusual_reports_validate() -> None:
    """Reports built for the unusual cases validate too: no server info and a coverage
    error (the target was down), unsupported and error runs, no runs at all."""
    v = validator("report.schema.json")
    records = [
        RunRecord(id="s401.3-x", edition="B", rules=("B:401.3",), applied_rules=("B:401.3",), outcome="unsupported",
                  message="needs capability triggered_abilities"),
        RunRecord(id="s501.1-y", edition="C", rules=("C:501.1", "R15:113.3"), applied_rules=("C:501.1", "R15:113.3"),
                  outcome="error", message="Traceback …", levels={"core": "passed", "citations": "unchecked",
                                                                   "events": "blocked"}),
    ]
    for recs in (records, []):
        report = build_json_report(target="127.0.0.1:1", server_info=None, started=0.0, duration=0.5, records=recs,
                                   coverage=None, coverage_error="bad scenario", exit_code=3)
        assert errors(v, report) == []


def test_report_schema_lists_the_outcomes_levels_and_parts_of_the_code() -> None:
    """The enumerations of the report schema are those of the code: every outcome, every
    conformance level, every rule part."""
    schema = json.loads((SCHEMAS / "report.schema.json").read_text(encoding="utf-8"))
    defs = schema["$defs"]
    assert defs["outcome"]["enum"] == list(OUTCOMES)
    assert defs["summary"]["required"] == ["total", *OUTCOMES, "unexpected"]
    assert schema["properties"]["levels"]["propertyNames"]["enum"] == list(LEVELS)
    assert schema["properties"]["parts"]["propertyNames"]["enum"] == list(PARTS)
    assert schema["properties"]["format_version"]["const"] == FORMAT_VERSION


def _broken_reports(base: dict[str, Any]) -> dict[str, dict[str, Any]]:
    def edit(fn: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
        doc = copy.deepcopy(base)
        fn(doc)
        return doc

    return {
        "no format_version (form 1)": edit(lambda d: d.pop("format_version")),
        "format_version 1": edit(lambda d: d.update(format_version=1)),
        "unknown outcome": edit(lambda d: d["scenarios"][0].update(outcome="xfailed")),
        "unknown top-level key": edit(lambda d: d.update(extra=1)),
        "unknown key in a run": edit(lambda d: d["scenarios"][0].update(note="x")),
        "a run without message": edit(lambda d: d["scenarios"][0].pop("message")),
        "negative count": edit(lambda d: d["summary"].update(failed=-1)),
        "unknown level verdict": edit(lambda d: d["scenarios"][0]["levels"].update(core="maybe")),
        "unknown part": edit(lambda d: d["parts"].update({"999": d["parts"]["301"]})),
        "rule id without edition": edit(lambda d: d["rules"].update({"301.2": d["rules"]["C:301.2"]})),
        "started not a time": edit(lambda d: d.update(started="yesterday")),
        "coverage half-filled": edit(lambda d: d["coverage"].pop("seed_rules")),
    }


def test_broken_reports_are_rejected(real_reports: dict[str, dict[str, Any]]) -> None:
    """Reports with a missing or wrong ``format_version``, unknown outcomes, levels,
    parts or keys, a missing run field, a negative count, an unqualified rule id, a start
    time that is not one, or half a coverage object are rejected."""
    v = validator("report.schema.json")
    for name, doc in _broken_reports(real_reports["rules 301"]).items():
        assert errors(v, doc), f"accepted: {name}"


# --- the scenario schema -----------------------------------------------------------------------


def _without_descriptions(value: Any) -> Any:
    if isinstance(value, list):
        return [_without_descriptions(v) for v in value]
    if isinstance(value, dict):
        return {k: _without_descriptions(v) for k, v in value.items() if k != "description" or not isinstance(v, str)}
    return value


def test_scenario_schema_is_generated_from_the_proto() -> None:
    """The committed scenario schema is what the generator makes from the compiled
    descriptors of scenario.proto, descriptions (the .proto comments, which change more
    often than the messages) aside: it cannot drift from the proto's fields, types and
    enums.  Every message of it is closed (``additionalProperties: false``)."""
    schema = json.loads((SCHEMAS / "scenario.schema.json").read_text(encoding="utf-8"))
    assert _without_descriptions(schema) == _without_descriptions(generate.scenario_schema()), (
        "run python -m conformance_suite.schemas.generate"
    )
    # the descriptions come from the comments of the .proto files
    assert schema["$defs"]["berserk.oracle.v1.Scenario"]["properties"]["id"]["description"].startswith("Stable id")
    messages = {k: d for k, d in schema["$defs"].items() if d.get("type") == "object"}
    assert "berserk.oracle.v1.Scenario" in messages and "berserk.oracle.v1.State" in messages
    assert all(d["additionalProperties"] is False for d in messages.values())


def test_every_scenario_file_validates() -> None:
    """Every scenario file of the suite validates against the scenario schema."""
    v = validator("scenario.schema.json")
    files = sorted(SCENARIO_DIR.rglob("*.json"))
    assert len(files) > 100
    bad = {str(f.relative_to(SCENARIO_DIR)): errors(v, json.loads(f.read_text(encoding="utf-8"))) for f in files}
    assert {k: e for k, e in bad.items() if e} == {}


def _camel(value: Any) -> Any:
    """``value`` with every snake_case key in lowerCamel form (the protobuf JSON names)."""
    if isinstance(value, list):
        return [_camel(v) for v in value]
    if isinstance(value, dict):
        return {k.split("_")[0] + "".join(w.title() for w in k.split("_")[1:]): _camel(v) for k, v in value.items()}
    return value


def test_lower_camel_field_names_validate_and_load(tmp_path: Path) -> None:
    """A scenario written with lowerCamel JSON names (``expectFacts``, ``cardId``) instead of
    proto names is accepted by the schema, as by the loader."""
    v = validator("scenario.schema.json")
    checked = 0
    for src in sorted(SCENARIO_DIR.rglob("*.json"))[::10]:
        doc = _camel(json.loads(src.read_text(encoding="utf-8")))
        assert errors(v, doc) == [], src.name
        path = tmp_path / src.name
        path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        assert load_scenario(path).id == doc["id"]
        checked += 1
    assert checked >= 10


def _scenario_base() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(
        (SCENARIO_DIR / "p3_turn" / "s302.1-start-of-turn-stage.json").read_text(encoding="utf-8")
    )
    return doc


#: Broken scenarios: name -> (edit, whether the loader refuses it too).  The schema is
#: stricter than the loader in a few places (both name forms of a field, enums by number,
#: integers as strings), which the protobuf JSON parser tolerates.
_BROKEN_SCENARIOS: dict[str, tuple[Callable[[dict[str, Any]], None], bool]] = {
    "unknown field": (lambda d: d["steps"][0].update(expect_fact=[]), True),
    "unknown nested field": (lambda d: d["setup"]["board"]["players"][0]["hero"].update(cardid="x"), True),
    "two setups of a oneof": (lambda d: d["setup"].update(new_game={"heroes": []}), True),
    "empty setup": (lambda d: d.update(setup={}), True),
    "no description": (lambda d: d.pop("description"), True),
    "empty editions": (lambda d: d.update(editions=[]), True),
    "unknown edition": (lambda d: d.update(editions=["A", "D"]), True),
    "rule id without edition": (lambda d: d["rules"].append("302.1"), True),
    "no steps": (lambda d: d.update(steps=[]), True),
    "string for a bool": (lambda d: d["steps"][0].update(expect_illegal="yes"), True),
    "unknown enum name": (lambda d: d["steps"][0]["expect_decision"].update(actor="ACTOR_PLAYER_3"), True),
    "int32 out of range": (lambda d: d["setup"]["board"].update(turn=2**31), True),
    "unknown board step": (lambda d: d["setup"]["board"].update(step="lunch"), True),
    "null value": (lambda d: d.update(description=None), True),
    "both name forms of an optional field": (lambda d: d["setup"]["board"].update(firstPlayer=0), True),
    "both name forms of a field": (lambda d: d["setup"]["board"]["players"][0].update(coinsOpen=1), False),
    "enum by number": (lambda d: d["steps"][0]["expect_decision"].update(actor=2), False),
    "integer as a string": (lambda d: d["setup"]["board"].update(turn="2"), False),
}


@pytest.mark.parametrize("name", list(_BROKEN_SCENARIOS))
def test_broken_scenarios_are_rejected(name: str, tmp_path: Path) -> None:
    """A broken scenario is rejected by the schema; where the loader refuses it as well,
    it does (so the schema is never looser than the loader on these)."""
    edit, loader_refuses = _BROKEN_SCENARIOS[name]
    doc = _scenario_base()
    assert errors(validator("scenario.schema.json"), doc) == []
    edit(doc)
    assert errors(validator("scenario.schema.json"), doc), f"schema accepted: {name}"
    path = tmp_path / f"{doc['id']}.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    if loader_refuses:
        with pytest.raises(ScenarioError):
            load_scenario(path)
    else:
        load_scenario(path)  # tolerated by the protobuf JSON parser; the schema is stricter
