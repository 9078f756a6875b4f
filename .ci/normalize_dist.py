"""Make release archives reproducible: rewrite a wheel (zip) and an sdist (tar.gz) in place so
that their bytes depend only on the files' names and contents, not on when or by whom the
tree was checked out or built (.ci/release runs it on what it built).

* every entry dated ``SOURCE_DATE_EPOCH`` (at least 1980-01-01, zip's first date);
* entries in sorted order (the wheel's ``RECORD`` last, as the wheel format wants), modes 0644
  (0755 for a file executable by its owner), no owner names or ids;
* the gzip header without a file name and dated ``SOURCE_DATE_EPOCH``.

The wheel's ``RECORD`` hashes contents only, so it stays valid.  Standard library only.

    SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) python3 .ci/normalize_dist.py dist/*.whl dist/*.tar.gz
"""

from __future__ import annotations

import gzip
import io
import os
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ZIP_EPOCH = 315532800  # 1980-01-01T00:00:00Z


def source_date_epoch() -> int:
    """``$SOURCE_DATE_EPOCH``, or 1980-01-01 when it is not set."""
    return max(int(os.environ.get("SOURCE_DATE_EPOCH", ZIP_EPOCH)), ZIP_EPOCH)


def _mode(mode: int) -> int:
    return 0o755 if mode & 0o100 else 0o644


def normalize_wheel(path: Path, epoch: int) -> None:
    """Rewrite the wheel ``path``: sorted entries (RECORD last), one date, plain modes."""
    date = time.gmtime(epoch)[:6]
    with zipfile.ZipFile(path) as old:
        entries = [(info, old.read(info)) for info in old.infolist() if not info.is_dir()]
    entries.sort(key=lambda e: (e[0].filename.endswith(".dist-info/RECORD"), e[0].filename))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in entries:
            fresh = zipfile.ZipInfo(info.filename, date_time=date)
            fresh.external_attr = (0o100000 | _mode(info.external_attr >> 16)) << 16
            fresh.compress_type = zipfile.ZIP_DEFLATED
            fresh.create_system = 3  # Unix, whatever the building system
            new.writestr(fresh, data, compresslevel=9)
    path.write_bytes(buffer.getvalue())


def normalize_sdist(path: Path, epoch: int) -> None:
    """Rewrite the sdist ``path``: sorted members, one date, plain modes, no owners."""
    with tarfile.open(path, "r:gz") as old:
        members = []
        for member in old.getmembers():
            data = old.extractfile(member).read() if member.isfile() else None  # type: ignore[union-attr]
            members.append((member, data))
    members.sort(key=lambda m: m[0].name)
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as new:
        for member, data in members:
            member.mtime = epoch
            member.uid = member.gid = 0
            member.uname = member.gname = ""
            member.mode = 0o755 if member.isdir() else _mode(member.mode)
            member.pax_headers = {}
            new.addfile(member, io.BytesIO(data) if data is not None else None)
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=epoch, compresslevel=9) as gz:
        gz.write(raw.getvalue())
    path.write_bytes(out.getvalue())


def main(argv: list[str]) -> int:
    """Normalize every ``.whl`` and ``.tar.gz`` named."""
    epoch = source_date_epoch()
    for name in argv:
        path = Path(name)
        if name.endswith(".whl"):
            normalize_wheel(path, epoch)
        elif name.endswith(".tar.gz"):
            normalize_sdist(path, epoch)
        else:
            print(f"normalize_dist.py: not a wheel or an sdist: {name}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
