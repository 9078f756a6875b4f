"""The conformance suite: rule-numbered scenarios, a runner for any implementation of the
oracle service, reports, and the engine mutants it must catch.

The suite's version, :data:`__version__`, is kept as plain data in the engine's package
(``oracle/data/suite_version.txt``, see :mod:`oracle.suite_version`), so that the oracle
service reports it in ``GetServerInfo`` without importing the suite."""

from oracle.suite_version import shipped_suite_version

#: The version of the conformance suite (the reports' ``suite_version``).
__version__: str = shipped_suite_version()
