"""``python -m oracle.codegen [--check]``: write the generated modules of the state, or check them."""

from __future__ import annotations

import argparse
import sys

from . import ENGINE_OUT, MODEL_PATH, PROTO_OUT, ROOT
from .engine import engine_module, model_text
from .proto import proto_module

__all__ = ["main"]


def main(argv: list[str] | None = None) -> int:
    """Write the generated modules, or with ``--check`` compare them with the checked-in ones."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare with the checked-in modules")
    args = parser.parse_args(argv)
    stale = []
    outputs = ((MODEL_PATH, model_text(MODEL_PATH.read_text())), (ENGINE_OUT, engine_module()), (PROTO_OUT, proto_module()))
    for path, text in outputs:
        compile(text, str(path), "exec")  # never write code that cannot be imported: the model imports it
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path.relative_to(ROOT.parent)))
        else:
            path.write_text(text)
    if stale:
        print(f"stale generated code: {', '.join(stale)}; run python -m oracle.codegen", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
