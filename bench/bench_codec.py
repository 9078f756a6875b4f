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
* for reference, the parts neither path changes: ``validate`` and the engine's ``apply``
  (and ``State.fork``, the copy-on-write copy ``apply`` makes, beside the full ``State.copy``).

The state cache of the server (:mod:`oracle.service.state_cache`) is measured apart, on
requests whose state the server itself answered with (each mid-game request applied once,
then a legal action on the state it returned), interleaved as well:

* ``miss, no cache``: ``ApplyAction`` of a servicer started with ``state_cache=0`` (the
  path of every call before the cache: decode + validate, apply, encode);
* ``miss, cache on``: another servicer with a cache of one entry, which never answered with
  those states: each call misses (decode as before, plus the cache's key and two stores, the
  request's state and the answer's; the second evicts the first);
* ``hit``: the servicer with the cache, on the states it answered with (no decode);
* ``hit, fingerprint only``: the same with ``read_mask`` ``["fingerprint"]`` (a client that
  keeps its own state, PROTOCOL.md 2.1: no events, no decision, no state in the answer);
* ``hit, with legal actions``: the same with every part and ``legal_actions`` (one call per
  step instead of ApplyAction and GetLegalActions);
* ``game flow``: whole random games replayed call by call, each request carrying the state
  the previous answer returned (the first call of a game misses, the others hit), with and
  without the cache: the median call of a real client's flow.  A benchmark of hits alone
  overstates what a client sees; the game flow is the honest figure;
* ``wire: ...``: the same through ``OracleServicer.apply_action_wire``, the form the server
  runs (the request's bytes in, the answer's bytes out; its parsing and serializing
  included, which the message form's figures leave out).  A ``wire: hit`` repeated on one
  request finds its next state in the cache after the first call (its fingerprint is taken,
  nothing is stored); the game flow's wire figures, where every next state is new, are the
  honest ones;
* ``requests in turn``: the mid-game requests of bench_service's ``apply`` workload called
  one after the other, each parsed afresh, with and without the cache (with it, each state
  is decoded once and is a hit from the second round on, as in the outside probe
  ``perf_ratio.py``): the mean call of that workload in process (through gRPC the same calls cost about a third more of the
  server thread's CPU, docs/SERVICE.md).

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
from functools import partial
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
    from oracle.service import state_codec as sc

    state, _ = sc.decode_state(request.state, "state", "")
    action = cv.action_from_proto(request.action, "action")
    try:
        out = apply(state, action)
    except IllegalAction as exc:
        return pb.ApplyActionResponse(legal=False, violations=cv.violations_to_proto(exc.violations))
    resp = pb.ApplyActionResponse(legal=True, events=[cv.event_to_proto(e) for e in out.events])
    next_data = to_dict(out.state)
    sc.state_dict_to_proto(next_data, resp.state)
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


def _masked(request: Any, paths: list[str]) -> Any:
    """A copy of the ApplyAction ``request`` with ``read_mask`` ``paths`` (PROTOCOL.md 2.1)."""
    out = type(request)()
    out.CopyFrom(request)
    out.read_mask.paths.extend(paths)
    return out


def _cases(request: Any, servicer: Any, control: Any) -> dict[str, Callable[[], Any]]:
    """The timed calls on one request, by name."""
    from oracle._proto.berserk.oracle.v1 import state_pb2
    from oracle.engine import apply
    from oracle.serialize import fingerprint_data, to_dict
    from oracle.service import convert as cv
    from oracle.service import state_codec as sc
    from oracle.validate import validate

    msg = request.state
    state = sc.state_from_proto(msg)
    action = cv.action_from_proto(request.action)
    return {
        "dict decode": lambda: sc.decode_state(msg),
        "direct decode": lambda: sc.state_from_proto(msg),
        "dict encode": lambda: sc.state_dict_to_proto(to_dict(state)),
        "direct encode": lambda: sc.state_to_proto(state),
        "dict fingerprint": lambda: fingerprint_data(to_dict(state)),
        "direct fingerprint": lambda: sc.state_fingerprint(state),
        "dict encode+fp": lambda: (sc.state_dict_to_proto(to_dict(state)), fingerprint_data(to_dict(state))),
        "direct encode+fp": lambda: sc.encode_state(state, state_pb2.State()),
        "dict handler": lambda: _reference_apply(request),
        "direct handler": lambda: servicer.ApplyAction(request, control),
        "validate": lambda: validate(state),
        "apply": lambda: apply(state, action),
    }


def measure(n_states: int, seed: int, repeat: int, clock: str = "cpu") -> dict[str, Any]:
    """Median microseconds per operation and variant (see the module docstring)."""
    from bench_service import build_requests

    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.service.calls import CallControl
    from oracle.service.servicer import OracleServicer

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


#: The rows of the state cache table.
CACHE_ROWS = ("miss, no cache", "miss, cache on", "hit", "hit, fingerprint only", "hit, with legal actions",
              "wire: miss, cache on", "wire: hit", "wire: hit, fp only")


def measure_cache(n_states: int, seed: int, repeat: int, clock: str = "cpu", games: int = 6) -> dict[str, Any]:
    """Median microseconds of the ApplyAction handler on the state cache's miss and hit
    paths, and of the calls of whole games replayed through it (see the module docstring)."""
    from bench_service import build_requests

    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.engine import apply, decision, legal_actions
    from oracle.service import convert as cv
    from oracle.service import state_codec as sc
    from oracle.service.calls import CallControl
    from oracle.service.servicer import APPLY_PARTS, OracleServicer

    tick = CLOCKS[clock]
    control = CallControl()
    cached, plain = OracleServicer(), OracleServicer(state_cache=0)
    #: a servicer with a one-entry cache that never answered with the timed states: every call
    #: misses (the answer's state evicts the request's)
    other = OracleServicer(state_cache=1)
    firsts = [pb.ApplyActionRequest.FromString(b) for b in build_requests(n_states, seed)["apply"]]
    samples: dict[str, list[float]] = {}
    n_cards: list[int] = []
    for first in firsts:
        answer = cached.ApplyAction(first, control)
        state = sc.state_from_proto(answer.state)
        actions = legal_actions(state) if decision(state).actor in (0, 1) else []
        if not answer.legal or not actions:
            continue
        n_cards.append(len(state.cards))
        action = actions[len(actions) // 2]
        request = pb.ApplyActionRequest(state=answer.state, action=cv.action_to_proto(action))
        hits = cached.state_cache.hits
        assert cached.ApplyAction(request, control) == plain.ApplyAction(request, control), "cache changed an answer"
        assert cached.state_cache.hits == hits + 1, "the returned state was not a cache hit"
        misses = other.state_cache.misses
        data = request.SerializeToString()
        cases: dict[str, Callable[[], Any]] = {
            "miss, no cache": partial(plain.ApplyAction, request, control),
            "miss, cache on": partial(other.ApplyAction, request, control),
            "hit": partial(cached.ApplyAction, request, control),
            "hit, fingerprint only": partial(cached.ApplyAction, _masked(request, ["fingerprint"]), control),
            "hit, with legal actions": partial(cached.ApplyAction, _masked(request, list(APPLY_PARTS)), control),
            "wire: miss, cache on": partial(other.apply_action_wire, data, control),
            "wire: hit": partial(cached.apply_action_wire, data, control),
            "wire: hit, fp only": partial(cached.apply_action_wire, _masked(request, ["fingerprint"]).SerializeToString(),
                                          control),
            "apply": partial(apply, state, action),
            "State.fork": state.copy().fork,
            "State.copy": state.copy,
            "cache key": partial(request.state.SerializeToString, deterministic=True),
        }
        per_state: dict[str, list[float]] = {}
        for _ in range(repeat):
            for name, fn in cases.items():
                per_state.setdefault(name, []).append(_time(fn, tick))
        assert other.state_cache.misses == misses + 2 * repeat, "a miss request was answered from the cache"
        for name, values in per_state.items():
            samples.setdefault(name, []).append(statistics.median(values))
    medians = {name: statistics.median(values) * 1e6 for name, values in samples.items()}
    return {"states": len(n_cards), "median_cards": statistics.median(n_cards), "repeat": repeat,
            "entries": cached.state_cache.size, "us": medians, "game_flow": _game_flow(games, seed, tick),
            "round_robin": _round_robin(build_requests(n_states, seed)["apply"], repeat, tick)}


def _round_robin(wires: list[bytes], rounds: int, tick: Callable[[], float]) -> dict[str, Any]:
    """The ``apply`` workload of bench_service in process: the requests (wire bytes, parsed
    afresh for each call) called in turn, ``rounds`` times, on servicers with and without the
    cache (with it, a state is decoded once, then a hit); the mean call.  Unlike a median of repeated calls on one state,
    no call finds the caches of the processor warm from the same call just before."""
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.service.calls import CallControl
    from oracle.service.servicer import OracleServicer

    control = CallControl()
    servicers = {"cache on": OracleServicer(), "no cache": OracleServicer(state_cache=0)}
    totals = dict.fromkeys(servicers, 0.0)
    order = list(servicers.items())
    for _ in range(rounds):
        order.reverse()  # each servicer goes first every other round
        for name, servicer in order:
            t0 = tick()
            for wire in wires:
                servicer.ApplyAction(pb.ApplyActionRequest.FromString(wire), control)
            totals[name] += tick() - t0
    calls = rounds * len(wires)
    return {"requests": len(wires), "rounds": rounds, "mean_us": {name: t / calls * 1e6 for name, t in totals.items()}}


def _game_flow(games: int, seed: int, tick: Callable[[], float]) -> dict[str, Any]:
    """Whole random games replayed through ApplyAction, each request carrying the state the
    previous answer returned (as bytes, as a client would), with and without the cache
    (interleaved game by game); the median and mean call."""
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.sampler import play_random_game
    from oracle.service import convert as cv
    from oracle.service import state_codec as sc
    from oracle.service.calls import CallControl
    from oracle.service.servicer import OracleServicer

    control = CallControl()
    servicers = {"cache on": OracleServicer(), "no cache": OracleServicer(state_cache=0), "wire": OracleServicer()}
    times: dict[str, list[float]] = {name: [] for name in servicers}
    calls = 0
    for g in range(games):
        game = play_random_game(seed + g, keep_states=True)
        actions = [cv.action_to_proto(a) for a in game.actions]
        states = dict.fromkeys(servicers, sc.state_to_proto(game.states[0]))
        for action in actions:
            wires = []
            for name, servicer in servicers.items():
                data = pb.ApplyActionRequest(state=states[name], action=action).SerializeToString()
                if name == "wire":  # the server's form: bytes in, bytes out
                    t0 = tick()
                    wires.append(servicer.apply_action_wire(data, control))
                    times[name].append(tick() - t0)
                else:
                    request = pb.ApplyActionRequest.FromString(data)
                    t0 = tick()
                    answer = servicer.ApplyAction(request, control)
                    times[name].append(tick() - t0)
                    wires.append(answer.SerializeToString())
                states[name] = pb.ApplyActionResponse.FromString(wires[-1]).state
            assert wires[0] == wires[1] == wires[2], "the cache or the wire form changed an answer of a game"
        calls += len(actions)
    stats = servicers["cache on"].state_cache.stats()
    return {"games": games, "calls": calls, "hit_rate": stats.hits / max(stats.hits + stats.misses, 1),
            "us": {name: statistics.median(v) * 1e6 for name, v in times.items()},
            "mean_us": {name: statistics.fmean(v) * 1e6 for name, v in times.items()}}


def main(argv: list[str] | None = None) -> int:
    """Measure once and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=50, help="distinct mid-game states (default 50)")
    parser.add_argument("--seed", type=int, default=1000, help="first game seed (default 1000)")
    parser.add_argument("--repeat", type=int, default=15, help="calls per state and operation (default 15)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu",
                        help="cpu: the thread's CPU time (default); wall: elapsed time")
    parser.add_argument("--games", type=int, default=6, help="random games replayed for the game flow (default 6)")
    parser.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    args = parser.parse_args(argv)
    figures = measure(args.states, args.seed, args.repeat, args.clock)
    figures["state_cache"] = measure_cache(args.states, args.seed, args.repeat, args.clock, args.games)
    us = figures["us"]
    print(f"state codec, in process: {figures['states']} mid-game states (median {figures['median_cards']:g} cards), "
          f"median of {args.repeat} calls each, then median over states; microseconds of {args.clock} time")
    print(f"{'operation':<12} {'dict path':>10} {'direct':>10} {'cold':>10} {'dict/direct':>12}")
    for op in OPS:
        d, n, c = us[f"dict {op}"], us[f"direct {op}"], us[f"cold {op}"]
        print(f"{op:<12} {d:>10.1f} {n:>10.1f} {c:>10.1f} {d / n:>12.2f}")
    print(f"unchanged parts: validate {us['validate']:.1f}, engine apply {us['apply']:.1f}")
    print(f"handler target <= 150 us: direct {us['direct handler']:.0f} us, cold caches {us['cold handler']:.0f} us")
    sc = figures["state_cache"]
    cu = sc["us"]
    print(f"\nstate cache: ApplyAction handler on {sc['states']} states the server answered with "
          f"(median {sc['median_cards']:g} cards); microseconds of {args.clock} time")
    print(f"{'path':<24} {'handler':>10} {'/ no cache':>11}")
    base = cu["miss, no cache"]
    for name in CACHE_ROWS:
        print(f"{name:<24} {cu[name]:>10.1f} {cu[name] / base:>11.2f}")
    print(f"of which: engine apply {cu['apply']:.1f} (State.fork {cu['State.fork']:.1f}; a full State.copy {cu['State.copy']:.1f}), "
          f"cache key {cu['cache key']:.1f}")
    flow = sc["game_flow"]
    print(f"game flow ({flow['games']} games, {flow['calls']} calls, {flow['hit_rate']:.0%} hits): median call "
          f"{flow['us']['cache on']:.0f} us with the cache, {flow['us']['no cache']:.0f} us without "
          f"({flow['us']['cache on'] / flow['us']['no cache']:.2f}); mean {flow['mean_us']['cache on']:.0f} / "
          f"{flow['mean_us']['no cache']:.0f} us")
    rr = sc["round_robin"]
    print(f"requests in turn ({rr['requests']} mid-game requests, {rr['rounds']} rounds, as bench_service's apply): "
          f"mean call {rr['mean_us']['cache on']:.0f} us with the cache, {rr['mean_us']['no cache']:.0f} us without")
    print(f"the server's form (apply_action_wire, bytes to bytes): game flow median {flow['us']['wire']:.0f} us, "
          f"mean {flow['mean_us']['wire']:.0f} us")
    print(f"handler target <= 150 us (the server's form): hit {cu['wire: hit']:.0f} us (fingerprint only "
          f"{cu['wire: hit, fp only']:.0f} us), game flow median {flow['us']['wire']:.0f} us, "
          f"miss {cu['wire: miss, cache on']:.0f} us")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
