"""Transform: pure functions from raw records to the tables that get staged, and the version
of the rules they apply."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
_VOCABULARIES = _PACKAGE.parent / "vocab"
# What decides the links, results, tags and method names derived from a text or a field,
# which is what `etl rederive` derives again: these modules (a package: all its modules) and
# the vocabularies they read.
_RULE_MODULES = ("repos.py", "results", "leaderboard.py", "methods.py", "tags.py", "word_regex.py")


@cache
def rules_version() -> str:
    """A digest of the derivation rules (the modules of _RULE_MODULES and the vocabularies,
    by content). Runs with the same version derive the same links, results, tags and method
    names from the same input; rows published under another version may change with
    `etl rederive`."""
    paths = [
        module
        for name in _RULE_MODULES
        for module in (
            sorted((_PACKAGE / name).glob("*.py"))
            if (_PACKAGE / name).is_dir()
            else [_PACKAGE / name]
        )
    ] + sorted(path for path in _VOCABULARIES.iterdir() if path.suffix in (".py", ".csv"))
    digest = hashlib.sha256()
    for path in paths:
        digest.update(f"{path.parent.name}/{path.name}\0".encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
