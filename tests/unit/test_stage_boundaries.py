"""Stages import no sibling stage: what they share lives in etl.contracts (or another shared
module), and only the pipeline-level modules (pipeline, rederive, cli) know every stage.

Every import counts, those inside functions included (ast.walk over the whole tree), as
`import x` and `from x import y`, relative imports resolved against the importing module.
"""

from __future__ import annotations

import ast
from pathlib import Path

from etl.config import PROJECT_ROOT

ETL_ROOT = PROJECT_ROOT / "etl"
STAGES = ("extract", "transform", "validate", "load")
# What every stage may import besides its own package: the contracts, the published schema,
# settings and the database, vocabulary data, SQL files, progress reporting, and the etl
# package itself (its __version__).
SHARED_MODULES = (
    "etl.contracts",
    "etl.schema",
    "etl.config",
    "etl.db",
    "etl.vocab",
    "etl.sql_files",
    "etl.progress",
)


def _module_name(path: Path) -> str:
    parts = path.relative_to(PROJECT_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_etl_module(name: str) -> bool:
    """Whether `name` is a module or package of etl (a name imported from a module, such
    as etl.__version__, is not)."""
    relative = PROJECT_ROOT / Path(*name.split("."))
    return relative.with_suffix(".py").is_file() or (relative / "__init__.py").is_file()


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _stage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[0] == "etl" and parts[1] in STAGES else None


def imported_modules(source: str, importer: str, *, is_package: bool) -> list[tuple[int, str]]:
    """(line, module) of every import in `source`, the code of module `importer`, wherever
    the import sits; `from x import y` gives x, and x.y too when y is a module of etl."""
    package = importer if is_package else importer.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                parts = package.split(".")
                base = parts[: len(parts) - (node.level - 1)]
                module = ".".join([*base, node.module] if node.module else base)
            found.append((node.lineno, module))
            found.extend(
                (node.lineno, f"{module}.{alias.name}")
                for alias in node.names
                if _is_etl_module(f"{module}.{alias.name}")
            )
    return found


def _imports_of(path: Path) -> list[tuple[int, str]]:
    return imported_modules(
        path.read_text(encoding="utf-8"), _module_name(path), is_package=path.name == "__init__.py"
    )


def stage_violations() -> list[str]:
    """`file:line (stage) imports module` for every import, by a module of a stage, of a
    module of etl that is neither of its own stage nor shared."""
    violations = []
    for path in sorted(ETL_ROOT.rglob("*.py")):
        stage = _stage(_module_name(path))
        if stage is None:
            continue
        allowed = (f"etl.{stage}", *SHARED_MODULES)
        for line, module in _imports_of(path):
            if module == "etl" or not _within(module, "etl"):
                continue
            if not any(_within(module, package) for package in allowed):
                where = path.relative_to(PROJECT_ROOT).as_posix()
                violations.append(f"{where}:{line} ({stage}) imports {module}")
    return violations


def test_stages_import_no_other_stage() -> None:
    violations = stage_violations()
    assert not violations, (
        f"{len(violations)} imports cross a stage boundary (move what is shared to "
        "etl/contracts.py, or let etl/pipeline.py pass a stage's function in):\n"
        + "\n".join(violations)
    )


def test_contracts_import_nothing_of_etl() -> None:
    """The contracts are the bottom layer: the stages and etl.schema build on them, so they
    import no stage (and nothing else of etl, which would bring a stage in sooner or later)."""
    path = ETL_ROOT / "contracts.py"
    assert path.is_file(), "etl/contracts.py holds what the stages share"
    reaching = [
        f"etl/contracts.py:{line} imports {module}"
        for line, module in _imports_of(path)
        if _within(module, "etl")
    ]
    assert not reaching, "\n".join(reaching)


def test_imports_inside_functions_and_relative_imports_count() -> None:
    source = (
        "import etl.load.publish\n"
        "def read():\n"
        "    from ..transform import identity\n"
        "    from . import suites\n"
        "    from etl import __version__\n"
    )
    found = imported_modules(source, "etl.validate.gate", is_package=False)
    assert [module for _, module in found] == [
        "etl.load.publish",
        "etl.transform",
        "etl.transform.identity",
        "etl.validate",
        "etl.validate.suites",
        "etl",
    ]
    assert [line for line, _ in found] == [1, 3, 3, 4, 4, 5]


def test_a_package_resolves_relative_imports_from_itself() -> None:
    found = imported_modules("from .common import X\n", "etl.extract", is_package=True)
    assert [module for _, module in found] == ["etl.extract.common"]
