"""The worker subprocess: the suite run in process against one mutant served by an import hook."""

from __future__ import annotations

import ast
import importlib
import importlib.abc
import importlib.util
import json
import signal
import sys
import time
from pathlib import Path
from typing import Any

from .layout import RESULT_MARK, ROOT, module_file, module_name
from .operators import _mutate

#: What the service and its command line import beyond what the suite in process does: a mutant
#: that breaks only one of these (a name they import from a rule module, an error at import) would
#: break the served engine, so the worker imports them too and counts a failure as a kill.
SERVED = ("oracle.service.server", "oracle.service.cli", "oracle.sampler", "oracle.__main__")


class _Hang(BaseException):
    """Raised by SIGALRM in the worker when one scenario run takes too long (a mutant loops).
    A BaseException, so that the engine's own ``except Exception`` cannot swallow it."""


def _alarm(signum: int, frame: Any) -> None:
    raise _Hang


def _worker() -> int:
    """Run the suite against one mutant (read as JSON from stdin; none = the reference)."""
    spec = json.loads(sys.stdin.read() or "{}")
    t0 = time.perf_counter()
    result: dict[str, Any] = {}

    def done(status: str, detail: str = "") -> int:
        result.update(status=status, detail=detail[:500], seconds=round(time.perf_counter() - t0, 3))
        sys.stdout.write("\n" + RESULT_MARK + json.dumps(result) + "\n")
        sys.stdout.flush()
        return 0

    root = Path(spec.pop("root", str(ROOT)))
    skip = {tuple(x) for x in spec.pop("skip", [])}
    baseline = spec.pop("baseline", False)
    run_limit = float(spec.pop("scenario_timeout", 0))
    sys.path.insert(0, str(root))
    if spec:
        tree = ast.parse(spec["source"])
        _mutate(tree, spec["index"], spec["operator"], spec["variant"])
        filename = str(root / "oracle" / module_file(spec["module"], root / "oracle"))
        code = compile(tree, filename, "exec", dont_inherit=True)
        fullname = module_name(spec["module"], root / "oracle")

        class Hook(importlib.abc.MetaPathFinder, importlib.abc.Loader):
            def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
                if name != fullname:
                    return None
                s = importlib.util.spec_from_loader(name, self, origin=filename)
                if s is not None:
                    s.has_location = True
                return s

            def create_module(self, spec: Any) -> None:
                return None

            def exec_module(self, module: Any) -> None:
                exec(code, module.__dict__)

        sys.meta_path.insert(0, Hook())
    try:
        import oracle

        if Path(oracle.__file__).resolve().parent != (root / "oracle").resolve():
            return done("error", f"oracle imported from {oracle.__file__}, not from {root}")
        from conformance_suite.executor import run_scenario
        from conformance_suite.scenario import load_all
        from conformance_suite.targets import InProcessTarget

        for served in SERVED:
            importlib.import_module(served)
        from oracle.rules.queries.pool_index import forget_pool_index

        if spec:
            mod = importlib.import_module(module_name(spec['module'], root / "oracle"))  # every rule module is imported by now
            if not isinstance(getattr(mod.__spec__, "loader", None), Hook):
                return done("error", "the mutated module was not loaded through the import hook")
        scenarios = load_all()
        target = InProcessTarget()
    except BaseException as exc:  # any failure to import is a kill
        return done("killed_import", f"{type(exc).__name__}: {exc}")
    signal.signal(signal.SIGALRM, _alarm)
    runs = fresh = 0
    failing: list[tuple[str, str]] = []
    for sc in scenarios:
        for edition in sc.message.editions:
            if (sc.id, edition) in skip:
                continue
            # every table the rules derive from the pool made afresh for each run: a mutant that
            # spoils one is then caught by the run it spoils, whatever ran before (issue 46)
            forget_pool_index()
            fresh += 1
            if baseline:
                try:
                    ok = run_scenario(sc, edition, target).passed
                except Exception:
                    ok = False
                if not ok:
                    failing.append((sc.id, edition))
                runs += 1
                continue
            if run_limit:
                signal.setitimer(signal.ITIMER_REAL, run_limit)
            try:
                res = run_scenario(sc, edition, target)
            except _Hang:
                return done("timeout", f"{sc.id}[{edition}]: no verdict in {run_limit:g} s")
            except RecursionError as exc:
                return done("killed", f"{sc.id}[{edition}]: RecursionError: {exc}")
            except Exception as exc:  # a crash of the engine fails the scenario
                return done("killed", f"{sc.id}[{edition}]: {type(exc).__name__}: {exc}")
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            if not res.passed:
                return done("killed", f"{sc.id}[{edition}]: {res.mismatches[0].describe()}")
            runs += 1
    result["runs"] = runs
    result["fresh_indexes"] = fresh
    result["failing"] = failing
    return done("survived")


