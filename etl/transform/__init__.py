"""Transform: pure functions from raw records to the tables that get staged, and the version
of the rules they apply."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# What decides what is derived from a record's text and fields: the transform modules and the
# vocabularies they read.
_RULE_FILES = (_PACKAGE, _PACKAGE.parent / "vocab")


@cache
def rules_version() -> str:
    """A digest of the derivation rules (the transform modules and vocabularies, by content).
    Runs with the same version derive the same links, results, tags and method names from
    the same input; rows published under another version may change with `etl rederive`."""
    digest = hashlib.sha256()
    for folder in _RULE_FILES:
        for path in sorted(folder.iterdir()):
            if path.is_file() and path.suffix in (".py", ".csv"):
                digest.update(f"{folder.name}/{path.name}\0".encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
