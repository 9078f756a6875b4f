"""The version of the conformance suite shipped in this distribution, kept as plain data.

The engine (:mod:`oracle`) and the conformance suite (``conformance_suite``) ship in one
wheel, and the suite builds on the engine, never the other way round: nothing in
``oracle`` imports the suite.  Yet the oracle service reports the suite's version
(``GetServerInfoResponse.suite_version``).  So the version is data both read: the one line
of ``oracle/data/suite_version.txt`` (package data of the wheel).  The suite's
``conformance_suite.__version__`` is that line, and whoever starts the service gives it
to the server (``ServeConfig.suite_version``, which ``python -m oracle serve`` fills with
:func:`shipped_suite_version`).  A release bumps the suite's version in that file.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["SUITE_VERSION_FILE", "shipped_suite_version"]

#: The package-data file of :mod:`oracle` holding the suite's version (one line).
SUITE_VERSION_FILE = "data/suite_version.txt"


def shipped_suite_version() -> str:
    """The version of the conformance suite shipped with this engine (the one line of
    :data:`SUITE_VERSION_FILE`, without surrounding white space)."""
    return resources.files("oracle").joinpath(SUITE_VERSION_FILE).read_text(encoding="utf-8").strip()
