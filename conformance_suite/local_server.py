"""Start the reference oracle service (``python -m oracle serve --port 0``) in a child
process and learn its address from the line ``oracle listening on HOST:PORT``; used by the
runner's tests and the benchmark.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

__all__ = ["LocalOracle", "ServerDidNotStart", "served_oracle"]

_LISTENING = re.compile(r"listening on (\S+:\d+)")


class ServerDidNotStart(RuntimeError):
    """The service did not print its listening line; ``output`` is what it printed."""

    def __init__(self, message: str, output: str) -> None:
        super().__init__(message)
        self.output = output


@dataclass(frozen=True, slots=True)
class LocalOracle:
    """A running local oracle service: its ``address`` (``HOST:PORT``) and its child
    process."""

    address: str
    process: subprocess.Popen[str]


@contextmanager
def served_oracle(
    *, mutant: str = "", extra_args: list[str] | None = None, timeout: float = 30.0, cwd: str | None = None
) -> Iterator[LocalOracle]:
    """Serve the reference (or ``mutant``) on a free port for the duration of the block;
    the child is stopped with SIGTERM (then killed) at the end."""
    cmd = [sys.executable, "-m", "oracle", "serve", "--port", "0", "--log-level", "warning"]
    if mutant:
        cmd += ["--mutant", mutant]
    cmd += extra_args or []
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=cwd, env={**os.environ, "PYTHONUNBUFFERED": "1"}
    )
    lines: list[str] = []
    found: list[str] = []
    ready = threading.Event()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            if not found:
                lines.append(line)
                m = _LISTENING.search(line)
                if m:
                    found.append(m.group(1))
                    ready.set()
        ready.set()

    reader = threading.Thread(target=pump, daemon=True)
    reader.start()
    try:
        ready.wait(timeout)
        if not found:
            raise ServerDidNotStart(
                f"`{' '.join(cmd[1:])}` printed no 'listening on HOST:PORT' line within {timeout:.0f} s", "".join(lines)
            )
        yield LocalOracle(found[0], proc)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        reader.join(2)
