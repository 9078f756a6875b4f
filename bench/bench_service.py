"""Benchmark of the gRPC oracle: throughput and latency of its calls under load.

One run starts a server (``python -m oracle serve --port 0``, or uses ``--address``),
builds requests from mid-game states of seeded random games (:func:`oracle.sampler.play_random_game`),
and for each workload runs ``--clients`` client *processes* (each with its own channel,
one call in flight) for ``--seconds`` after a short warm-up.  Workloads:

* ``health``: ``grpc.health.v1.Health/Check``, the baseline (the cheapest call the server answers);
* ``legal``: GetLegalActions;
* ``apply``: ApplyAction of a legal action on mid-game states the server never answered
  with: the *miss* path of the server's state cache (decode + validate, as before it);
* ``apply_game``: whole random games played by ApplyAction, each request carrying the
  state the previous answer returned (the client parses the answer and builds the next
  request, as a real client does): the first call of each game misses the state cache,
  the others hit it.  Each client plays its own games (chance's setup decisions included);
* ``check``: CheckAction of one action (for the batch ratio);
* ``batch100``: BatchCheckActions of 100 actions.

It prints a table and three ratios: apply throughput as a fraction of the baseline's
(target >= 0.65, issue 11), the server's CPU time per apply call as a multiple of its CPU
time per health check (target <= 2, issue 11), both for the miss path (``apply``) and the
game flow (``apply_game``), and the per-action cost of a batch check of 100 as a fraction
of one CheckAction call (target <= 0.05; cost = one client's time per call at full load,
i.e. clients / throughput).  Unless ``--no-baseline`` (or ``--address``) is given, a second
server started with ``--state-cache 0`` runs ``health``, ``apply`` and ``apply_game`` too,
each workload right after the same one on the first server, so that the ratios without
the cache come from the same run.  ``--json PATH`` writes every figure.  On a machine
shared with other work compare the ratios, not the absolute figures.

    .venv/bin/python bench/bench_service.py --seconds 5 --clients 4 --json bench.json
    .venv/bin/python bench/bench_service.py --server-root ../before   # another commit's worktree, for a before/after
    .venv/bin/python bench/bench_service.py --probe --seconds 3 --rounds 3   # the outside probe's protocol

``--probe`` runs the protocol of the outside probe (``perf_ratio.py`` of the shared bench:
its state mix, built through the public API of the started server, then alternating rounds
of health and ApplyAction), and a third workload in each round, the same ApplyAction
requests with the fingerprint-only ``read_mask`` (PROTOCOL.md 2.1); it prints each round
and the median ratios (throughput over health's, server CPU per call over health's).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

WORKLOADS = ("health", "legal", "apply", "apply_game", "check", "batch100")
#: The workloads also run on the server without the state cache (``--state-cache 0``).
BASELINE_WORKLOADS = ("health", "apply", "apply_game")
#: Random games each client plays in ``apply_game`` (in turn, from the first again).
GAMES_PER_CLIENT = 12


def build_requests(n_states: int, seed: int) -> dict[str, list[bytes]]:
    """Serialized requests for each workload, from mid-game states (a player decides,
    the game is not over), ``n_states`` of them."""
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle.engine import decision, legal_actions
    from oracle.model import CHANCE, Action
    from oracle.sampler import play_random_game
    from oracle.service import convert as cv
    from oracle.service import state_codec as sc

    requests: dict[str, list[bytes]] = {w: [] for w in WORKLOADS if w not in ("health", "apply_game")}
    game_seed = seed
    while len(requests["apply"]) < n_states:
        game = play_random_game(game_seed)
        game_seed += 1
        states = game.states
        middle = states[len(states) // 3 : 2 * len(states) // 3]
        candidates = [s for s in middle if decision(s).actor in (0, 1)]
        for state in candidates[:: max(1, len(candidates) // 5)][:5]:
            actions = legal_actions(state)
            if not actions:
                continue
            msg = sc.state_to_proto(state)
            chosen = actions[len(actions) // 2]
            requests["legal"].append(pb.GetLegalActionsRequest(state=msg).SerializeToString())
            requests["apply"].append(pb.ApplyActionRequest(state=msg, action=cv.action_to_proto(chosen)).SerializeToString())
            requests["check"].append(pb.CheckActionRequest(state=msg, action=cv.action_to_proto(chosen)).SerializeToString())
            # a batch: every legal action, then plausible illegal ones (attacks between all cards)
            uids = sorted(state.cards)
            batch = list(actions)
            i = 0
            while len(batch) < 100:
                a, b = uids[i % len(uids)], uids[(i * 7 + 3) % len(uids)]
                batch.append(Action("attack", card=a, targets=(b,)) if i % 3 else Action("end_turn", actor=CHANCE))
                i += 1
            requests["batch100"].append(
                pb.BatchCheckActionsRequest(state=msg, actions=[cv.action_to_proto(a) for a in batch[:100]]).SerializeToString()
            )
            if len(requests["apply"]) >= n_states:
                break
    return requests


def build_probe_requests(address: str, n_states: int = 30, seed: int = 11) -> list[bytes]:
    """ApplyAction requests of the outside probe's mix (``perf_ratio.py`` of the shared
    bench): games made through the public API of the server at ``address`` (random heroes,
    two random decks of 20 from GetCardPool, CreateGame with a chance seed), played by
    random legal actions (chance's shuffles given as the deck's order) until a turn from 3
    to 8 drawn per game, where the first player choice with more than one legal action is
    kept with a random one of them.  Every state was an answer of that server, as in the
    probe."""
    import random

    import grpc

    from oracle._proto.berserk.oracle.v1 import action_pb2, game_config_pb2, state_pb2
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2_grpc as pb_grpc

    channel = grpc.insecure_channel(address)
    stub = pb_grpc.OracleServiceStub(channel)
    pool = stub.GetCardPool(pb.GetCardPoolRequest(), timeout=30)
    heroes = [c.id for c in pool.cards if c.type == "hero"]
    others = [c.id for c in pool.cards if c.type != "hero"]
    rng = random.Random(seed)
    out: list[bytes] = []
    for _ in range(20 * n_states):
        if len(out) >= n_states:
            break
        config = game_config_pb2.GameConfig(
            heroes=[rng.choice(heroes), rng.choice(heroes)],
            decks=[game_config_pb2.DeckList(card_ids=[rng.choice(others) for _ in range(20)]) for _ in range(2)])
        try:
            state = stub.CreateGame(pb.CreateGameRequest(config=config, chance_seed=rng.randrange(1 << 30)),
                                    timeout=30).state
        except grpc.RpcError:
            continue
        target_turn = rng.randrange(3, 9)
        for _ in range(400):
            legal = stub.GetLegalActions(pb.GetLegalActionsRequest(state=state), timeout=30)
            if legal.outcomes_not_enumerated:
                search = state.step == state_pb2.STEP_SEARCH_SHUFFLE and state.HasField("choosing_cards")
                seat = state.choosing_cards.player if search else state.shuffled
                action = action_pb2.Action(kind="shuffle", card=seat, values=list(state.players[seat].deck))
            elif not legal.actions:
                break
            else:
                action = rng.choice(legal.actions)
            if state.turn >= target_turn and legal.decision.kind == "choice" and len(legal.actions) > 1:
                out.append(pb.ApplyActionRequest(state=state, action=action).SerializeToString())
                break
            answer = stub.ApplyAction(pb.ApplyActionRequest(state=state, action=action), timeout=30)
            if not answer.legal:
                break
            state = answer.state
    channel.close()
    return out


def with_read_mask(payloads: list[bytes], paths: list[str]) -> list[bytes]:
    """The ApplyAction requests ``payloads`` with ``read_mask`` ``paths`` (PROTOCOL.md 2.1)."""
    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb

    out = []
    for payload in payloads:
        request = pb.ApplyActionRequest.FromString(payload)
        request.read_mask.paths.extend(paths)
        out.append(request.SerializeToString())
    return out


def run_probe(args: argparse.Namespace) -> int:
    """``--probe``: the outside probe's protocol on a server started with the default
    settings: the probe's state mix (:func:`build_probe_requests`), then ``--rounds``
    rounds of health, ApplyAction, and ApplyAction with the fingerprint-only mask, each
    ``--seconds`` long; per round and as medians, each apply's throughput over the health
    check's and its server CPU per call over the health check's."""
    proc, address = start_server(args.server_args.split(), args.server_root)
    rounds: list[dict[str, Any]] = []
    try:
        payloads = build_probe_requests(address, args.probe_states)
        masked = with_read_mask(payloads, ["fingerprint"])
        for k in range(args.rounds):
            row = {name: _measure(proc, address, "apply" if name != "health" else "health", p, args)
                   for name, p in (("health", [b""]), ("apply", payloads), ("apply_fingerprint", masked))}
            rounds.append(row)
            h = row["health"]
            print(f"round {k + 1}: " + ", ".join(
                f"{name} {r['throughput_per_s']:.0f}/s ({r['server_cpu_us_per_call']:.0f} us CPU/call"
                + (f", {r['throughput_per_s'] / h['throughput_per_s']:.2f}x throughput, "
                   f"{r['server_cpu_us_per_call'] / h['server_cpu_us_per_call']:.2f}x CPU)" if name != "health" else ")")
                for name, r in row.items()), flush=True)
    finally:
        proc.terminate()
        proc.wait(30)
    summary: dict[str, Any] = {"states": len(payloads), "rounds": rounds, "clients": args.clients,
                               "seconds": args.seconds, "server_args": args.server_args}
    for name in ("apply", "apply_fingerprint"):
        thr = [r[name]["throughput_per_s"] / r["health"]["throughput_per_s"] for r in rounds]
        cpu = [r[name]["server_cpu_us_per_call"] / r["health"]["server_cpu_us_per_call"] for r in rounds]
        summary[name] = {"throughput_ratio_median": statistics.median(thr), "throughput_ratios": thr,
                         "cpu_ratio_median": statistics.median(cpu), "cpu_ratios": cpu}
        print(f"{name}: throughput / health median {statistics.median(thr):.2f} (rounds {min(thr):.2f}-{max(thr):.2f}); "
              f"server CPU per call / health median {statistics.median(cpu):.2f} (rounds {min(cpu):.2f}-{max(cpu):.2f})")
    print(f"{len(payloads)} states of the probe's mix, {args.clients} client processes, {args.seconds:g} s per workload")
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(summary, indent=2) + "\n")
    return 0


def build_games(n_games: int, seed: int) -> list[list[bytes]]:
    """``n_games`` random games for ``apply_game``: each the wire bytes of its first state,
    then those of each action played (chance's included)."""
    from oracle.sampler import play_random_game
    from oracle.service import convert as cv
    from oracle.service import state_codec as sc

    games = []
    for g in range(n_games):
        game = play_random_game(seed + 7919 + g)
        games.append([sc.state_to_proto(game.states[0]).SerializeToString()]
                     + [cv.action_to_proto(a).SerializeToString() for a in game.actions])
    return games


def _play_games(call: Any, games: list[list[bytes]]) -> Iterator[tuple[Callable[[], Any], bool]]:
    """The calls of ``apply_game``, endlessly: each a function making one ApplyAction call
    whose request carries the state the previous answer returned, and whether it starts
    a game (its state is the client's own: a cache miss)."""
    import grpc

    from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb

    while True:
        for game in games:
            state = game[0]
            for step, action in enumerate(game[1:]):
                request = pb.ApplyActionRequest()
                request.state.MergeFromString(state)
                request.action.MergeFromString(action)
                payload = request.SerializeToString()
                answer: list[bytes] = []

                def one(payload: bytes = payload, answer: list[bytes] = answer) -> None:
                    answer.append(call(payload, timeout=30))

                yield one, step == 0
                if not answer:
                    raise grpc.RpcError("apply_game: the call failed; the game cannot go on")
                reply = pb.ApplyActionResponse.FromString(answer[0])
                if not reply.legal:
                    raise grpc.RpcError(f"apply_game: step {step} refused: {reply.violations}")
                state = reply.state.SerializeToString()


def _client(address: str, workload: str, payloads: list[Any], warmup: float, seconds: float,
            start_at: float, out: Any) -> None:
    """One client process: call ``workload`` back to back; report latencies (seconds), the
    number of failed calls and of games started (``apply_game``)."""
    import grpc
    from grpc_health.v1 import health_pb2

    channel = grpc.insecure_channel(address, options=[("grpc.max_receive_message_length", 64 << 20)])
    if workload == "health":
        path = "/grpc.health.v1.Health/Check"
        payloads = [health_pb2.HealthCheckRequest().SerializeToString()]
    else:
        name = {"legal": "GetLegalActions", "apply": "ApplyAction", "apply_game": "ApplyAction", "check": "CheckAction",
                "batch100": "BatchCheckActions"}[workload]
        path = f"/berserk.oracle.v1.OracleService/{name}"
    call = channel.unary_unary(path, request_serializer=None, response_deserializer=None)
    if workload == "apply_game":
        _client_games(channel, call, payloads, warmup, seconds, start_at, out)
        return
    call(payloads[0], timeout=30)  # connect
    while time.time() < start_at:
        time.sleep(0.001)
    end_warmup = time.perf_counter() + warmup
    stop = end_warmup + seconds
    latencies: list[float] = []
    errors = 0
    i = os.getpid()
    while True:
        payload = payloads[i % len(payloads)]
        i += 1
        t0 = time.perf_counter()
        if t0 >= stop:
            break
        try:
            call(payload, timeout=30)
        except grpc.RpcError:
            errors += 1
        t1 = time.perf_counter()
        if t0 >= end_warmup:
            latencies.append(t1 - t0)
    channel.close()
    out.put((latencies, errors, 0))


def _client_games(channel: Any, call: Any, games: list[list[bytes]], warmup: float, seconds: float,
                  start_at: float, out: Any) -> None:
    """The ``apply_game`` client: plays ``games`` in turn through the server (see
    :func:`_play_games`); a failed call ends its game."""
    import grpc

    plays = _play_games(call, games)
    connect, _ = next(plays)
    connect()  # connect (the first call of the first game)
    while time.time() < start_at:
        time.sleep(0.001)
    end_warmup = time.perf_counter() + warmup
    stop = end_warmup + seconds
    latencies: list[float] = []
    errors = started = 0
    while True:
        t0 = time.perf_counter()
        if t0 >= stop:
            break
        try:
            one, first = next(plays)  # parses the previous answer, builds this request
            t0 = time.perf_counter()
            one()
        except grpc.RpcError:
            errors += 1
            plays = _play_games(call, games)  # start again from a fresh game
            continue
        t1 = time.perf_counter()
        if t0 >= end_warmup:
            latencies.append(t1 - t0)
            started += first
    channel.close()
    out.put((latencies, errors, started))


def run_workload(address: str, workload: str, payloads: list[Any], clients: int, warmup: float,
                 seconds: float) -> dict[str, Any]:
    """Run one workload with ``clients`` processes; throughput and latency figures.  For
    ``apply_game``, ``payloads`` are games (:func:`build_games`), dealt out to the clients."""
    ctx = multiprocessing.get_context("spawn")
    out = ctx.Queue()
    start_at = time.time() + 1.5  # let every process import and connect first
    shares = [payloads[k::clients] if workload == "apply_game" else payloads for k in range(clients)]
    procs = [ctx.Process(target=_client, args=(address, workload, shares[k], warmup, seconds, start_at, out))
             for k in range(clients)]
    for p in procs:
        p.start()
    latencies: list[float] = []
    errors = games = 0
    for _ in procs:
        lat, err, started = out.get(timeout=seconds + warmup + 60)
        latencies.extend(lat)
        errors += err
        games += started
    for p in procs:
        p.join()
    latencies.sort()
    n = len(latencies)

    def pct(q: float) -> float:
        return latencies[min(n - 1, int(q * n))] * 1000 if n else float("nan")

    figures = {
        "workload": workload,
        "calls": n,
        "errors": errors,
        "throughput_per_s": n / seconds,
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "mean_ms": statistics.fmean(latencies) * 1000 if n else float("nan"),
    }
    if workload == "apply_game":
        # the first call of each game carries the client's own state: a miss; the others hit
        figures["games_started"] = games
        figures["cache_hit_share"] = 1 - games / n if n else float("nan")
    return figures


def _children(pid: int) -> list[int]:
    """The live child processes of ``pid`` (Linux)."""
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        with contextlib.suppress(OSError):
            out += [int(c) for c in task.read_text().split()]
    return out


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) used so far by process ``pid``, its finished children and its
    live descendants (the workers of ``oracle serve --workers N``) (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    ticks = os.sysconf("SC_CLK_TCK")
    own = sum(int(x) for x in fields[11:15]) / ticks
    return own + sum(c for c in map(cpu_seconds, _children(pid)) if c == c)  # a child gone meanwhile is nan


def start_server(extra: list[str], root: Path = ROOT,
                 command: tuple[str, ...] = ("-m", "oracle", "serve")) -> tuple[subprocess.Popen[str], str]:
    """Start ``python -m oracle serve --port 0`` (or ``command`` with ``--port 0``, a program
    that prints the same listening line) from the checkout ``root``; the process and its
    address."""
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen(
        [sys.executable, *command, "--port", "0", *extra],
        cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    if not line.startswith("oracle listening on "):
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, line.rsplit(" ", 1)[1]


def _measure(proc: subprocess.Popen[str] | None, address: str, workload: str, payloads: list[Any],
             args: argparse.Namespace) -> dict[str, Any]:
    """One workload on one server, with the server's CPU time per call."""
    cpu0 = cpu_seconds(proc.pid) if proc else float("nan")
    r = run_workload(address, workload, payloads, args.clients, args.warmup, args.seconds)
    cpu = (cpu_seconds(proc.pid) if proc else float("nan")) - cpu0
    # the server also works during the warm-up: spread its CPU over every call made
    total_calls = r["calls"] * (args.seconds + args.warmup) / args.seconds
    r["server_cpu_us_per_call"] = cpu / total_calls * 1e6 if total_calls else float("nan")
    return r


def _ratios(results: dict[str, dict[str, Any]]) -> dict[str, float]:
    """Throughput and server CPU of each apply workload relative to the health check's."""
    base = results["health"]
    out = {}
    for name in ("apply", "apply_game"):
        if name in results:
            out[f"{name}_to_health_throughput"] = results[name]["throughput_per_s"] / base["throughput_per_s"]
            out[f"{name}_to_health_server_cpu"] = (results[name]["server_cpu_us_per_call"]
                                                   / base["server_cpu_us_per_call"])
    return out


def _print_table(results: dict[str, dict[str, Any]]) -> None:
    print(f"{'workload':<10} {'calls':>8} {'errors':>6} {'calls/s':>10} {'p50 ms':>8} {'p99 ms':>8} {'server CPU us/call':>19}")
    for r in results.values():
        print(f"{r['workload']:<10} {r['calls']:>8} {r['errors']:>6} {r['throughput_per_s']:>10.1f} "
              f"{r['p50_ms']:>8.3f} {r['p99_ms']:>8.3f} {r['server_cpu_us_per_call']:>19.0f}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark once and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--address", help="benchmark a running server instead of starting one")
    parser.add_argument("--clients", type=int, default=4, help="client processes (default 4)")
    parser.add_argument("--seconds", type=float, default=5.0, help="measured seconds per workload (default 5)")
    parser.add_argument("--warmup", type=float, default=1.0, help="warm-up seconds per workload (default 1)")
    parser.add_argument("--states", type=int, default=50, help="distinct mid-game states (default 50)")
    parser.add_argument("--seed", type=int, default=1000, help="first game seed (default 1000)")
    parser.add_argument("--server-root", type=Path, default=ROOT,
                        help="run the server from this checkout (another commit's worktree: its before and after, "
                             "alternating on one machine; the requests come from this checkout's engine)")
    parser.add_argument("--server-args", default="", help="extra arguments of `oracle serve`, e.g. '--workers 2'")
    parser.add_argument("--no-baseline", action="store_true",
                        help="do not also measure a server started with --state-cache 0")
    parser.add_argument("--json", dest="json_path", help="write the figures to this JSON file")
    parser.add_argument("--probe", action="store_true",
                        help="run the outside probe's protocol instead (perf_ratio.py's state mix through the API, "
                             "alternating rounds of health, ApplyAction and ApplyAction with the fingerprint-only mask)")
    parser.add_argument("--rounds", type=int, default=3, help="with --probe: rounds (default 3)")
    parser.add_argument("--probe-states", type=int, default=30, help="with --probe: states of the mix (default 30)")
    args = parser.parse_args(argv)
    if args.probe:
        return run_probe(args)

    requests: dict[str, list[Any]] = dict(build_requests(args.states, args.seed))
    requests["apply_game"] = build_games(GAMES_PER_CLIENT * args.clients, args.seed)
    proc = base_proc = None
    address = args.address
    baseline = address is None and not args.no_baseline
    results: dict[str, dict[str, Any]] = {}
    base_results: dict[str, dict[str, Any]] = {}
    try:
        if address is None:
            proc, address = start_server(args.server_args.split(), args.server_root)
        if baseline:
            base_proc, base_address = start_server([*args.server_args.split(), "--state-cache", "0"], args.server_root)
        for workload in WORKLOADS:
            payloads = requests.get(workload, [b""])
            results[workload] = _measure(proc, address, workload, payloads, args)
            if baseline and workload in BASELINE_WORKLOADS:
                base_results[workload] = _measure(base_proc, base_address, workload, payloads, args)
    finally:
        for p in (proc, base_proc):
            if p is not None:
                p.terminate()
                p.wait(30)

    ratios = _ratios(results)
    # cost of a call = time one client spends per call at full load = clients / throughput
    check_cost = 1 / results["check"]["throughput_per_s"]
    batch_cost_per_action = 1 / results["batch100"]["throughput_per_s"] / 100
    batch_ratio = batch_cost_per_action / check_cost
    batch_latency_ratio = results["batch100"]["p50_ms"] / 100 / results["check"]["p50_ms"]

    print(f"oracle service benchmark: {args.clients} client processes, {args.seconds:g} s per workload, "
          f"{len(requests['apply'])} mid-game states, {len(requests['apply_game'])} games, "
          f"server {address} {args.server_args}".rstrip())
    _print_table(results)
    game = results["apply_game"]
    print(f"apply_game: {game['games_started']} games started, {game['cache_hit_share']:.1%} of calls on a state "
          f"the server answered with (cache hits)")
    print(f"apply (miss) throughput / health throughput = {ratios['apply_to_health_throughput']:.2f}; "
          f"apply_game = {ratios['apply_game_to_health_throughput']:.2f}   (target >= 0.65)")
    print(f"server CPU per apply (miss) / per health check = {ratios['apply_to_health_server_cpu']:.2f}; "
          f"apply_game = {ratios['apply_game_to_health_server_cpu']:.2f}   (target <= 2)")
    print(f"batch-100 cost per action / CheckAction cost = {batch_ratio:.3f} = 1/{1 / batch_ratio:.0f}"
          f"   (by p50 latency {batch_latency_ratio:.3f}; target <= 0.05)")
    base_ratios: dict[str, float] = {}
    if base_results:
        base_ratios = _ratios(base_results)
        print("the same workloads on a server started with --state-cache 0 (each run right after the above):")
        _print_table(base_results)
        print(f"without the cache: apply / health throughput = {base_ratios['apply_to_health_throughput']:.2f}, "
              f"apply_game = {base_ratios['apply_game_to_health_throughput']:.2f}; server CPU apply / health = "
              f"{base_ratios['apply_to_health_server_cpu']:.2f}, apply_game = "
              f"{base_ratios['apply_game_to_health_server_cpu']:.2f}")
    if args.json_path:
        figures = {
            "clients": args.clients,
            "seconds": args.seconds,
            "states": len(requests["apply"]),
            "games": len(requests["apply_game"]),
            "server_args": args.server_args,
            "server_root": str(args.server_root),
            "cpu_count": os.cpu_count(),
            "results": results,
            **ratios,
            "batch100_per_action_to_check": batch_ratio,
            "batch100_per_action_to_check_p50": batch_latency_ratio,
            "no_cache": {"server_args": f"{args.server_args} --state-cache 0".strip(), "results": base_results,
                         **base_ratios} if base_results else None,
        }
        Path(args.json_path).write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
