"""The scripts under scripts/ are no package: tests load each one from its file."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPTS = Path(__file__).parents[3] / "scripts"


def load_script(name: str) -> ModuleType:
    """scripts/<name>.py as a module."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    # Registered first: a dataclass looks its module up by name while it is being made.
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
