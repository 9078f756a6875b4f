"""In-process cost of the service's state codec (issue 11, item 2): the direct codec of
:mod:`oracle.service.convert` against the dict path it replaced, on mid-game states.

For each mid-game ``ApplyActionRequest`` of :func:`bench_service.build_requests` it times,
interleaved so that machine noise hits every variant alike:

* ``decode``: ``State`` message -> validated engine state (dict path: ``decode_state``,
  i.e. ``state_dict_from_proto`` + ``from_dict``; direct: ``state_from_proto``);
* ``encode``: engine state -> ``State`` message (``state_dict_to_proto(to_dict(s))`` /
  ``state_to_proto``);
* ``fingerprint``: (``fingerprint_data(to_dict(s))`` / ``state_fingerprint``);
* ``encode+fp``: both, as a response needs them (direct: ``encode_state``, one pass);
* ``handler``: the whole ApplyAction handler (dict path: the handler as it was, rebuilt
  here from the reference functions; direct: ``OracleServicer.ApplyAction``);
* for reference, the parts neither path changes: ``validate`` and the engine's ``apply``.

The direct codec keeps small card caches; ``direct`` figures are with warm caches (the
states repeat), ``cold`` ones with the caches emptied before every call (the cost on
cards never seen).  Figures are medians over states of the median of ``--repeat`` calls,
in microseconds of the thread's CPU time (``--clock wall``: elapsed time); on a shared
machine compare the ratios within one run.

    .venv/bin/python bench/bench_codec.py --states 50 --repeat 15 --json codec.json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

VARIANTS = ("dict", "direct", "cold")
OPS = ("decode", "encode", "fingerprint", "encode+fp", "handler")


def _clear() -> None:
    from oracle.service import convert as cv

    cv.clear_caches()


def _reference_apply(request: Any) -> Any:
    """The ApplyAction handler as it was before the direct codec (dict path throughout)."""
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.engine import IllegalAction, apply, decision
    from oracle.serialize import fingerprint_data, to_dict
    from oracle.service import convert as cv

    state, _ = cv.decode_state(request.state, "state", "")
    action = cv.action_from_proto(request.action, "action")
    try:
        out = apply(state, action)
    except IllegalAction as exc:
        return pb.ApplyActionResponse(legal=False, violations=cv.violations_to_proto(exc.violations))
    resp = pb.ApplyActionResponse(legal=True, events=[cv.event_to_proto(e) for e in out.events])
    next_data = to_dict(out.state)
    cv.state_dict_to_proto(next_data, resp.state)
    resp.fingerprint = fingerprint_data(next_data)
    cv.decision_to_proto(decision(out.state), resp.decision)
    return resp


#: The clock of a measurement: the calling thread's CPU time (what the call costs, less
#: disturbed by other processes on a shared machine) or wall time.
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.thread_time, "wall": time.perf_counter}


def _time(fn: Callable[[], Any], clock: Callable[[], float], before: Callable[[], None] | None = None) -> float:
    if before is not None:
        before()
    t0 = clock()
    fn()
    return clock() - t0


def _cases(request: Any, servicer: Any, control: Any) -> dict[str, Callable[[], Any]]:
    """The timed calls on one request, by name."""
    from oracle._proto.berserk.oracle.v1 import state_pb2
    from oracle.engine import apply
    from oracle.serialize import fingerprint_data, to_dict
    from oracle.service import convert as cv
    from oracle.validate import validate

    msg = request.state
    state = cv.state_from_proto(msg)
    action = cv.action_from_proto(request.action)
    return {
        "dict decode": lambda: cv.decode_state(msg),
        "direct decode": lambda: cv.state_from_proto(msg),
        "dict encode": lambda: cv.state_dict_to_proto(to_dict(state)),
        "direct encode": lambda: cv.state_to_proto(state),
        "dict fingerprint": lambda: fingerprint_data(to_dict(state)),
        "direct fingerprint": lambda: cv.state_fingerprint(state),
        "dict encode+fp": lambda: (cv.state_dict_to_proto(to_dict(state)), fingerprint_data(to_dict(state))),
        "direct encode+fp": lambda: cv.encode_state(state, state_pb2.State()),
        "dict handler": lambda: _reference_apply(request),
        "direct handler": lambda: servicer.ApplyAction(request, control),
        "validate": lambda: validate(state),
        "apply": lambda: apply(state, action),
    }


def measure(n_states: int, seed: int, repeat: int, clock: str = "cpu") -> dict[str, Any]:
    """Median microseconds per operation and variant (see the module docstring)."""
    from bench_service import build_requests

    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.service.server import CallControl, OracleServicer

    requests = [pb.ApplyActionRequest.FromString(b) for b in build_requests(n_states, seed)["apply"]]
    servicer = OracleServicer()
    control = CallControl()
    tick = CLOCKS[clock]
    samples: dict[str, list[float]] = {}
    n_cards: list[int] = []
    for request in requests:
        n_cards.append(len(request.state.cards))
        assert servicer.ApplyAction(request, control) == _reference_apply(request), "the handlers disagree"
        cases = _cases(request, servicer, control)
        per_state: dict[str, list[float]] = {}
        for _ in range(repeat):
            for name, fn in cases.items():
                if name.startswith("direct "):
                    cold = "cold " + name.split(" ", 1)[1]
                    per_state.setdefault(cold, []).append(_time(fn, tick, _clear))
                    fn()  # warm the caches again
                per_state.setdefault(name, []).append(_time(fn, tick))
        for name, values in per_state.items():
            samples.setdefault(name, []).append(statistics.median(values))
    medians = {name: statistics.median(values) * 1e6 for name, values in samples.items()}
    return {"states": len(requests), "median_cards": statistics.median(n_cards), "repeat": repeat, "clock": clock,
            "us": medians}


def main(argv: list[str] | None = None) -> int:
    """Measure once and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=50, help="distinct mid-game states (default 50)")
    parser.add_argument("--seed", type=int, default=1000, help="first game seed (default 1000)")
    parser.add_argument("--repeat", type=int, default=15, help="calls per state and operation (default 15)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="cpu: the thread's CPU time (default); wall: elapsed time")
    parser.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    args = parser.parse_args(argv)
    figures = measure(args.states, args.seed, args.repeat, args.clock)
    us = figures["us"]
    print(f"state codec, in process: {figures['states']} mid-game states (median {figures['median_cards']:g} cards), "
          f"median of {args.repeat} calls each, then median over states; microseconds of {args.clock} time")
    print(f"{'operation':<12} {'dict path':>10} {'direct':>10} {'cold':>10} {'dict/direct':>12}")
    for op in OPS:
        d, n, c = us[f"dict {op}"], us[f"direct {op}"], us[f"cold {op}"]
        print(f"{op:<12} {d:>10.1f} {n:>10.1f} {c:>10.1f} {d / n:>12.2f}")
    print(f"unchanged parts: validate {us['validate']:.1f}, engine apply {us['apply']:.1f}")
    print(f"handler target <= 150 us: direct {us['direct handler']:.0f} us, cold caches {us['cold handler']:.0f} us")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
