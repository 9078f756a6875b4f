"""Regenerate the Python code of the public proto into ``oracle/_proto``.

Run ``python proto/generate.py``; ``python proto/generate.py --check`` exits 1 if the
committed code differs from what the protos generate (CI runs it).  Imports in the
generated code are rewritten to live under the ``oracle._proto`` package, and the grpcio
version the gRPC stubs require (``GRPC_GENERATED_VERSION``, which grpcio-tools stamps with its
own version) is the floor of ``grpcio`` in pyproject.toml: the same code whatever patch
release of grpcio-tools generates it, and an install the package allows can import it.

Besides the code, ``oracle/_proto`` gets what the wheel ships for clients in other
languages and for server reflection: a copy of every ``.proto`` file (at its import path,
``berserk/oracle/v1/*.proto``; ``berserk-oracle protos`` prints or copies them) and
``descriptor_set.binpb``, a ``google.protobuf.FileDescriptorSet`` of those files *with
source info* (their comments), from which ``oracle.service.reflection`` serves them.
"""

from __future__ import annotations

import argparse
import filecmp
import re
import shutil
import sys
import tempfile
from pathlib import Path

from grpc_tools import protoc

ROOT = Path(__file__).resolve().parents[1]
PROTO = ROOT / "proto"
OUT = ROOT / "oracle" / "_proto"
#: the FileDescriptorSet (with source info) written beside the generated code
DESCRIPTOR_SET = "descriptor_set.binpb"
_IMPORT = re.compile(r"^from berserk\.oracle\.v1 import", re.M)
_STAMP = re.compile(r"^GRPC_GENERATED_VERSION = '[^']*'$", re.M)
#: the grpcio the package requires at least (pyproject.toml): what the stubs check at import
GRPC_FLOOR = re.search(r'"grpcio>=([0-9.]+)', (ROOT / "pyproject.toml").read_text(encoding="utf-8")).group(1)  # type: ignore[union-attr]


def generate(dest: Path) -> None:
    """Generate into ``dest`` (created), with imports rewritten."""
    files = sorted(str(p.relative_to(PROTO)) for p in PROTO.rglob("*.proto"))
    import grpc_tools

    include = str(Path(grpc_tools.__file__).parent / "_proto")
    code = protoc.main(
        ["protoc", f"-I{PROTO}", f"-I{include}", f"--python_out={dest}", f"--pyi_out={dest}",
         f"--grpc_python_out={dest}", "--include_source_info", f"--descriptor_set_out={dest / DESCRIPTOR_SET}",
         *files]
    )
    if code != 0:
        raise SystemExit(f"protoc failed with {code}")
    for name in files:
        shutil.copyfile(PROTO / name, dest / name)
    for py in dest.rglob("*.py*"):
        text = _IMPORT.sub("from oracle._proto.berserk.oracle.v1 import", py.read_text())
        py.write_text(_STAMP.sub(f"GRPC_GENERATED_VERSION = '{GRPC_FLOOR}'", text))
    for d in [dest, *[p for p in dest.rglob("*") if p.is_dir()]]:
        (d / "__init__.py").touch()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only compare with the committed code")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        generate(Path(tmp))
        if args.check:
            cmp = filecmp.dircmp(tmp, OUT)
            diffs: list[str] = []

            def walk(c: filecmp.dircmp[str], prefix: str) -> None:
                diffs.extend(prefix + n for n in c.left_only + c.right_only + c.diff_files if n != "__pycache__")
                for name, sub in c.subdirs.items():
                    walk(sub, f"{prefix}{name}/")

            walk(cmp, "")
            if diffs:
                print("generated code is stale; run python proto/generate.py:", *diffs, sep="\n  ")
                return 1
            print("generated code is up to date")
            return 0
        if OUT.exists():
            shutil.rmtree(OUT)
        shutil.copytree(tmp, OUT)
    print(f"generated {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
