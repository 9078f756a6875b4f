"""The conformance suite: rule-numbered scenarios, a runner for any implementation of the
oracle service, reports, and the engine mutants it must catch."""

__version__ = "0.1.0"
