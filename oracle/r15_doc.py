"""Write or check ``docs/R15.md``, generated from the rule catalogue by
:func:`oracle.catalogue.r15_doc`.

``python -m oracle.r15_doc --write`` regenerates the file; ``--check`` exits 1 when it is out
of date.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

from .catalogue import load_catalogue, r15_doc

DOC = Path(__file__).resolve().parents[1] / "docs" / "R15.md"
#: The outside review's verdicts (docs/review/2026-12-07-r15/README.md): one row per rule marked yes.
VERDICTS = DOC.parent / "review" / "2026-12-07-r15" / "verdicts.tsv"


def probe_verdicts(path: Path = VERDICTS) -> dict[str, tuple[str, int]]:
    """Per rule id, the outside review's verdict now and its number of probes (empty when the
    review's folder is absent, as in an installed package)."""
    if not path.is_file():
        return {}
    with open(path, encoding="utf-8") as f:
        return {r["rule"]: (r["now"], len(r["probes"].split())) for r in csv.DictReader(f, delimiter="\t")}


def main(argv: list[str] | None = None) -> int:
    """``--write``: regenerate docs/R15.md; ``--check``: exit 1 if it is out of date."""
    args = sys.argv[1:] if argv is None else argv
    text = r15_doc(load_catalogue(), probe_verdicts())
    if args == ["--write"]:
        DOC.write_text(text, encoding="utf-8")
        return 0
    if args == ["--check"]:
        current = DOC.read_text(encoding="utf-8") if DOC.is_file() else ""
        if current != text:
            print(f"{DOC} is out of date: run python -m oracle.r15_doc --write", file=sys.stderr)
            return 1
        return 0
    print("usage: python -m oracle.r15_doc --write | --check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
