"""bench/mutation.py's machinery (its docstring describes the tool): ``layout`` (which files are
mutated and under which names), ``switches`` (what is left alone: engine-mutant-only code),
``operators`` (the mutants and their diffs), ``worker`` (one mutant's suite run in a subprocess),
``report`` (judged equivalents, rates, the report) and ``cli`` (the command line)."""
