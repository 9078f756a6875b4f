"""``python -m oracle.protocol_doc (--write | --check) [--path PROTOCOL.md]``: see
:func:`oracle.protocol_doc.driver.main`."""

from __future__ import annotations

import sys

from .driver import main

if __name__ == "__main__":
    sys.exit(main())
