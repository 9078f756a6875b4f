"""Start the implementation under test for one command (``run``, ``fuzz``, ``verify``):
``berserk-conformance run -- CMD ARGS…``.

The command is started as a child process.  Its address is ``--target`` when given, else
the first ``HOST:PORT`` its standard output prints on a line containing ``listening on``
(as ``berserk-oracle serve --port 0`` prints ``oracle listening on 127.0.0.1:PORT``).
The suite then waits, printing a progress line every few seconds, until the target answers
``GetServerInfo`` (any answer but UNAVAILABLE or a deadline), runs, and stops the child
with SIGTERM, then SIGKILL after a grace period.  When the child exits before it is ready,
or during the run, the suite says so with its exit status and the last lines it wrote to
standard error.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

__all__ = ["TargetDidNotStart", "TargetProcess", "started_target"]

_LISTENING = re.compile(r"listening on\s+(\S+:\d+)")

#: How many of the child's last output lines are kept for a report.
TAIL_LINES = 20

#: Seconds between two progress lines while waiting.
PROGRESS_EVERY = 5.0


class TargetDidNotStart(RuntimeError):
    """The command exited, printed no address, or did not answer in time; the message says
    which, with the command, its exit status and its last standard-error lines."""


@dataclass
class TargetProcess:
    """The running implementation: its ``command``, child ``process`` and ``address``."""

    command: list[str]
    process: subprocess.Popen[str]
    address: str = ""
    stopped_by_us: bool = False
    _stderr: deque[str] = field(default_factory=lambda: deque(maxlen=TAIL_LINES))
    _stdout: deque[str] = field(default_factory=lambda: deque(maxlen=TAIL_LINES))

    @property
    def label(self) -> str:
        """The command as one shell-quoted line."""
        return shlex.join(self.command)

    def stderr_tail(self) -> str:
        """The last lines the child wrote to standard error (else to standard output)."""
        return "".join(self._stderr or self._stdout).rstrip()

    def exit_report(self, when: str = "") -> str:
        """One paragraph on a child that exited by itself ("" while it runs or when the suite
        stopped it): its status, ``when`` (e.g. " during the run") and its last
        standard-error lines."""
        code = self.process.poll()
        if code is None or self.stopped_by_us:
            return ""
        tail = self.stderr_tail()
        text = f"the target command `{self.label}` exited with status {code}{when}"
        return text + (f"; its last output:\n{_indent(tail)}" if tail else "; it printed nothing")


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def _pump(stream: object, sink: deque[str], found: list[str] | None, ready: threading.Event) -> None:
    for line in stream:  # type: ignore[attr-defined]
        sink.append(line)
        if found is not None and not found:
            m = _LISTENING.search(line)
            if m:
                found.append(m.group(1))
                ready.set()
    ready.set()


@contextmanager
def started_target(
    command: list[str],
    *,
    address: str = "",
    wait: float = 60.0,
    ready: Callable[[str], bool],
    progress: Callable[[str], None],
) -> Iterator[TargetProcess]:
    """Start ``command``, learn its address (``address``, else its ``listening on
    HOST:PORT`` line) and wait up to ``wait`` seconds until ``ready(address)`` is true (a
    given ``address`` where something listens already is refused before the start);
    yield the running :class:`TargetProcess`; stop it at the end of the block (SIGTERM,
    then SIGKILL after 10 s).  Raise :class:`TargetDidNotStart` when it exits first, prints
    no address or is not ready in time."""
    if not command:
        raise TargetDidNotStart("no command after --")
    if address and _listening(address):
        # the command could not bind there, and the suite would test whatever answers instead
        raise TargetDidNotStart(
            f"something already listens at {address} before the target command started (a server left running?): "
            f"stop it or give another --target; `{shlex.join(command)}` was not started")
    try:
        proc = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"}, start_new_session=True,
        )
    except OSError as exc:
        raise TargetDidNotStart(f"cannot start the target command `{shlex.join(command)}`: {exc}"
                                + _shell_hint(command)) from None
    tp = TargetProcess(command, proc, address)
    found: list[str] = []
    seen = threading.Event()
    readers = [
        threading.Thread(target=_pump, args=(proc.stdout, tp._stdout, None if address else found, seen), daemon=True),
        threading.Thread(target=_pump, args=(proc.stderr, tp._stderr, None, threading.Event()), daemon=True),
    ]
    for r in readers:
        r.start()
    try:
        _await_ready(tp, found, seen, wait, ready, progress)
        yield tp
    finally:
        _stop(tp)
        for r in readers:
            r.join(2)


#: what in a program's name says it was meant for a shell: a space, a variable set before
#: the program, an operator
_SHELL_WORDS = re.compile(r"\s|^[A-Za-z_][A-Za-z0-9_]*=|[;&|<>$`'\"]")


def _shell_hint(command: list[str]) -> str:
    """A hint when the program that could not start looks like a shell command line
    (``-- "cd dir && ./server"``, ``-- PORT=0 ./server``): the words after ``--`` are run
    without a shell, ``-- sh -c '…'`` runs a command line (RUNNING.md); "" otherwise."""
    if not _SHELL_WORDS.search(command[0]):
        return ""
    return ("; the words after -- are one program and its arguments, run without a shell: for a command line "
            f"write -- sh -c {shlex.quote(' '.join(command))}")


def _listening(address: str) -> bool:
    """Whether a TCP connection to ``HOST:PORT`` is accepted now (``[v6]:port`` too)."""
    host, _, port = address.rpartition(":")
    if not port.isdigit():
        return False
    try:
        with socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=1):
            return True
    except OSError:
        return False


def _await_ready(
    tp: TargetProcess, found: list[str], seen: threading.Event, wait: float,
    ready: Callable[[str], bool], progress: Callable[[str], None],
) -> None:
    start = time.monotonic()
    deadline = start + wait
    next_note = start + PROGRESS_EVERY
    progress(f"started the target: {tp.label}")
    while True:
        now = time.monotonic()
        if tp.process.poll() is not None:
            raise TargetDidNotStart(tp.exit_report(" before it was ready"))
        if not tp.address and found:
            tp.address = found[0]
        if tp.address and ready(tp.address):
            progress(f"the target answers at {tp.address} (after {now - start:.1f} s)")
            return
        if now >= deadline:
            what = f"did not answer at {tp.address}" if tp.address else "printed no 'listening on HOST:PORT' line"
            tail = tp.stderr_tail()
            raise TargetDidNotStart(
                f"the target command `{tp.label}` {what} within {wait:.0f} s (--wait)"
                + (f"; its last output:\n{_indent(tail)}" if tail else "")
            )
        if now >= next_note:
            where = f"at {tp.address}" if tp.address else "for its 'listening on HOST:PORT' line"
            progress(f"waiting for the target {where} ({now - start:.0f} s of {wait:.0f} s)")
            next_note = now + PROGRESS_EVERY
        if not tp.address:
            seen.wait(0.2)
        else:
            time.sleep(0.2)


def _stop(tp: TargetProcess) -> None:
    proc = tp.process
    if proc.poll() is not None:
        return
    tp.stopped_by_us = True
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except (ProcessLookupError, PermissionError):
        proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            proc.kill()
        proc.wait()
