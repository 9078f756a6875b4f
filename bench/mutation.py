"""Mutation testing of the rule modules against the conformance suite alone.

Every mutant is one small change to one rule module of ``oracle/``: every module of
``oracle/rules/`` (``setup``, ``turn_start``, ``main_stage``, ``queue``, ``payment``, ``attack``,
``wounds``, ``lives``, ``modules``, ``control``, ``cancellation``, ``draws``, ... -- the list is
read from the directory) and the step table ``oracle/engine.py``; it is *killed* when at least
one scenario of the conformance suite, run in process under every edition it lists, fails (a
mismatch or an exception) against it.

    .venv/bin/python bench/mutation.py --sample 600 --seed 1 --json mutation.json   # ~26 min
    .venv/bin/python bench/mutation.py --all                  # every mutant (~2.6 s each, one core)
    .venv/bin/python bench/mutation.py --list                 # count the mutants per module and operator
    .venv/bin/python bench/mutation.py --show queue#57        # the diff of one mutant, then run it
    .venv/bin/python bench/mutation.py --rescore mutation.json  # re-apply mutation_equivalent.json
    .venv/bin/python bench/mutation.py --rev HEAD --sample 100  # a committed tree, not the working one

Operators (``ast`` nodes of the module; the names are those of ``bench/mutation_equivalent.json``):

* ``cmp_boundary``: ``<`` <-> ``<=``, ``>`` <-> ``>=``;
* ``cmp_negate``: ``==`` <-> ``!=``, ``in`` <-> ``not in``, ``is`` <-> ``is not``;
* ``bool_op``: ``and`` <-> ``or``;
* ``int_plus1`` / ``int_minus1``: an integer constant ``n`` -> ``n + 1`` / ``n - 1``;
* ``true_false``: ``True`` <-> ``False``;
* ``stmt_delete``: a simple statement (an expression such as ``ev.append(...)``, an assignment,
  an augmented assignment, a ``raise``) replaced by ``pass``.

Not mutated: docstrings, ``if TYPE_CHECKING`` blocks, and the code that only runs when one of the
hand-written engine mutants of ``oracle/mutants/`` is switched on: the rule modules read
a mutant switch of the Ruleset (``state.rules.queue_fifo``, on in the reference;
``oracle/ruleset.py``), so the body of ``if not state.rules.X``, the ``else`` of
``if state.rules.X``, the other operands of an ``and`` with ``not state.rules.X`` or an ``or`` with
``state.rules.X`` (those before it only when they call nothing), and the matching arm of
a conditional expression are skipped: the suite runs the reference with no engine mutant, so
every change there would be equivalent.  (Older trees' ``state.mutant == "..."`` tests are
recognised the same way.)  The switch tests themselves are not mutated by any operator but
``bool_op`` on their ``and``/``or``.  (Code after an early ``if state.rules.X: return`` is not
recognised; its survivors are listed as equivalent.)

Results per mutant: ``killed``, ``killed_import`` (the engine does not even import: counted as
killed, reported apart), ``timeout`` (the suite did not finish in ``--timeout`` seconds,
default 60, or one scenario run took over ``--scenario-timeout``, default 5 s, where the
reference needs milliseconds: counted as killed), ``survived``, ``error`` (the harness itself
failed: not counted).  A scenario run that already fails on the unmutated tree (work in
progress) is left out of every mutant's run, with a warning.  The report gives
per module the mutants and the kill rate, the overall kill rate, the kill rate of the
non-equivalent mutants (the survivors listed in ``bench/mutation_equivalent.json`` -- objects
``{module, line, operator, original, mutated, reason}`` a person judged equivalent -- are left
out), and the diff of every survivor.  An entry with ``"scope": "pool"`` is equivalent *for this
card pool only* (its reason rests on what the cards of ``oracle/data`` do or lack, not on the
code alone: a user's card pack can make it a real gap); such survivors are counted apart, and
the report also gives the kill rate with them counted as gaps (``any_pool_kill_rate``), so
that they are re-judged whenever the pool or a pack changes.  The sample (``random.Random(seed).sample`` over the
mutants in a fixed order) and hence the report are deterministic for a seed and a source tree.

Isolation: the working tree is never written.  The run copies ``oracle/`` and
``conformance_suite/`` (or extracts them from ``--rev REV`` with ``git archive``) into a
temporary directory once, so that edits made meanwhile by others do not change it half-way.  Each mutant runs in its own subprocess
(``python bench/mutation.py --worker``, one at a time: one core), which puts an import hook first
on ``sys.meta_path`` that serves the mutated module (compiled from the mutated AST, with the
snapshot's file name and line numbers) in place of ``oracle.rules.<module>`` (or ``oracle.engine``); every other module is
imported from the snapshot as usual, and ``PYTHONDONTWRITEBYTECODE`` keeps ``__pycache__`` untouched.  An
interruption (Ctrl-C, a timeout) only has a subprocess to kill.  The worker also imports what the
service and its command line import (``worker.SERVED``: a mutant that breaks only those is killed at
import), and it drops the pool's derived tables before every scenario run
(``forget_pool_index``), so a kill never depends on which run filled a table first.

Why a self-contained mutator rather than mutmut or cosmic-ray (both maintained; looked at
mutmut 3.8.1 and cosmic-ray 8.7.0):

* mutmut 3 copies the project into ``mutants/`` and rewrites every function into a
  "trampoline" switched by an environment variable; its runner is pytest (a test-to-function
  map gathered with coverage), not "call one function in process", and it writes its cache and
  copy into the project directory.
* cosmic-ray writes each mutation *into the source file in place*, runs a shell test command
  and restores the file afterwards: an interrupted run, or a concurrent reader (the other
  engineers' tests read ``oracle/``), sees a mutated tree -- exactly what must not happen here --
  and it needs a config file and a session database per run.
* What is wanted is "mutate one module in memory, run one in-process function, throw the
  process away"; about 250 lines of ``ast`` do that with no dependency, fast (one interpreter
  start plus the suite, stopping at the first failing scenario), and with operators and
  exclusions fitted to this engine (the engine-mutant branches above).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mutation_harness.cli import main
from mutation_harness.layout import (  # noqa: F401
    EQUIVALENT,
    KILLED,
    MODULES,
    OPERATORS,
    ORACLE,
    RESULT_MARK,
    ROOT,
    module_file,
    module_name,
    rule_files,
)
from mutation_harness.operators import Mutant, _diff, _mutate, _sites, enumerate_mutants  # noqa: F401
from mutation_harness.report import MOVED_TEXT_MIN, Report, _match_equivalent, _print, _rescore, _summarise  # noqa: F401
from mutation_harness.switches import MUTANT_SWITCHES, _mutant_test, _skipped_nodes  # noqa: F401

if __name__ == "__main__":
    sys.exit(main())
