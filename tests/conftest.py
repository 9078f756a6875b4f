"""Shared test configuration: where the project's shared material (the seed rules and the
real card data, ``../shared`` beside the repository) is found."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: ``BERSERK_SHARED`` if set, else ``../shared`` beside the repository root.
SHARED = Path(os.environ.get("BERSERK_SHARED", Path(__file__).resolve().parents[2] / "shared"))


def shared_dir(sub: str) -> Path:
    """``SHARED/sub``; skips the calling test with a clear reason when it is missing."""
    path = SHARED / sub
    if not path.is_dir():
        pytest.skip(f"the shared material {path} is not here (set BERSERK_SHARED to the folder holding rules/ and reference/)")
    return path
