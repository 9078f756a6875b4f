"""The README's engine example runs as printed and says what it claims."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_engine_example_runs_and_its_comments_hold() -> None:
    """The ```python block of README.md runs; chance decides first, the roll cites C:301.4,
    and an action by the wrong player is refused citing C:301.4."""
    block = re.search(r"```python\n(.*?)```", README, flags=re.S)
    assert block, "README.md has a python example"
    scope: dict[str, Any] = {}
    exec(compile(block.group(1), "README.md", "exec"), scope)
    from oracle import CHANCE, check, decision, decode

    assert decision(scope["state"]).actor == CHANCE
    assert scope["out"].events[0].rules == ("C:301.4",)
    refusal = check(scope["out"].state, decode("choose_order values=1 actor=player_2"))
    assert [v.rule for v in refusal] == ["C:301.4"]
