"""Output paths the commands write (reports, JUnit XML, the known-failures file, the compare
site): whether they can be written, checked before a run so that a run never ends in a
traceback after its work is done (issue 44, item 2)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["unwritable"]


def unwritable(option: str, path: str, folder: bool = False) -> str:
    """Why the output ``path`` given with ``option`` cannot be written ("" when it can): its
    nearest existing folder (the writer makes the missing ones) must be a folder this user may
    write in, and the path itself, if it exists, a file (``folder``: a folder) it may write.
    Checked before a run, so that a run never ends in a traceback after its work is done."""
    p = Path(path)
    if p.exists():
        if folder != p.is_dir():
            return f"{option} {path}: it is a {'folder' if p.is_dir() else 'file'}, not a {'folder' if folder else 'file'}"
        if not os.access(p, os.W_OK):
            return f"{option} {path}: this user may not write it"
        return _write_probe(option, path, p if folder else None, p)
    parent = p.parent
    while not parent.exists():
        parent = parent.parent
    if not parent.is_dir():
        return f"{option} {path}: {parent} is a file, not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{option} {path}: this user may not write in {parent}"
    return _write_probe(option, path, parent, None)


def _write_probe(option: str, path: str, folder: Path | None, file: Path | None) -> str:
    """Why a file cannot be made in ``folder`` (made and removed at once) or ``file`` opened
    for appending (left as it was), "" when it can: the permission bits do not tell everything
    (root passes them for /proc, a read-only or squashed mount, …)."""
    import tempfile

    try:
        if folder is not None:
            fd, probe = tempfile.mkstemp(prefix=".berserk-write-check-", dir=folder)
            os.close(fd)
            os.unlink(probe)
        elif file is not None:
            with open(file, "a", encoding="utf-8"):
                pass
    except OSError as exc:
        where = folder if folder is not None else file
        return f"{option} {path}: cannot write in {where}: {exc.strerror or exc}"
    return ""
