"""The layout's import rules (issue: the spec and its tools).

- ``reference`` (the rules) imports only the standard library and itself: no third-party
  package, no tools, no proofs; it does no I/O but read its own bundled profile data, and
  prints nothing.
- ``proofs`` (the z3 encoding) imports from ``reference`` only the model's data types and
  the rules profiles, never the resolver's rule logic; it never imports the tools.
- ``reference_optimized`` (faster bookkeeping for the one layer loop) imports only the standard
  library, ``reference`` and itself, does no I/O, and nothing in ``reference`` or ``proofs``
  imports it; ``reference`` holds the one layer loop (one ``resolve``).
- ``mtg_layers`` (the tools) may import all of them; none imports it.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names) | {"__future__"}
# What proofs may take from reference: data types and profiles, nothing that applies a rule.
PROOFS_MAY_IMPORT = {"reference.model", "reference.versions", "reference.profiles"}
# The only I/O the rules core does: reading its own bundled data files.
IO_NAMES = {"open", "print", "input", "exec", "eval", "__import__"}
IO_MODULES = {"os", "sys", "io", "pathlib", "subprocess", "shutil", "socket", "tempfile", "logging"}


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """Every module a file imports (absolute names; relative imports resolved)."""
    tree = ast.parse(path.read_text("utf-8"))
    pkg_parts = list(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg_parts[: len(pkg_parts) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            yield node.lineno, name


def top(name: str) -> str:
    return name.split(".")[0]


RULES_PACKAGES = ("reference", "reference_optimized")


@pytest.mark.parametrize(
    "path", [p for pkg in RULES_PACKAGES for p in modules(pkg)], ids=lambda p: str(p.relative_to(ROOT))
)
def test_reference_imports_only_the_standard_library(path: Path) -> None:
    bad = [(n, m) for n, m in imports(path) if top(m) not in STDLIB and top(m) not in RULES_PACKAGES]
    assert not bad, f"{path.relative_to(ROOT)} imports outside the standard library: {bad}"
    io = [(n, m) for n, m in imports(path) if top(m) in IO_MODULES]
    assert not io, f"{path.relative_to(ROOT)} imports an I/O module: {io}"


@pytest.mark.parametrize(
    "path", [p for pkg in RULES_PACKAGES for p in modules(pkg)], ids=lambda p: str(p.relative_to(ROOT))
)
def test_reference_does_no_io_and_prints_nothing(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"))
    calls = [
        (node.lineno, node.func.id)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in IO_NAMES
    ]
    assert not calls, f"{path.relative_to(ROOT)} calls {calls}"


@pytest.mark.parametrize("path", modules("proofs"), ids=lambda p: str(p.relative_to(ROOT)))
def test_proofs_import_only_model_and_profiles(path: Path) -> None:
    bad = [
        (n, m)
        for n, m in imports(path)
        if (top(m) == "reference" and m not in PROOFS_MAY_IMPORT) or top(m) == "mtg_layers"
    ]
    assert not bad, f"{path.relative_to(ROOT)} imports rule logic or tools: {bad}"


@pytest.mark.parametrize("package", ["reference", "reference_optimized", "proofs"])
def test_nothing_below_imports_the_tools(package: str) -> None:
    bad = [(str(p.relative_to(ROOT)), n, m) for p in modules(package) for n, m in imports(p) if top(m) == "mtg_layers"]
    assert not bad, bad


@pytest.mark.parametrize("package", ["reference", "proofs"])
def test_the_rules_and_the_proofs_never_import_the_optimized_bookkeeping(package: str) -> None:
    """The spec does not lean on its optimisation, and z3 reads the rules without it."""
    bad = [
        (str(p.relative_to(ROOT)), n, m)
        for p in modules(package)
        for n, m in imports(p)
        if top(m) == "reference_optimized"
    ]
    assert not bad, bad


def test_reference_holds_one_layer_loop() -> None:
    """613.1-613.8 are stated once: one ``resolve`` in reference/ (a faster bookkeeping plugs into it)."""
    found = [
        (str(p.relative_to(ROOT)), node.lineno)
        for p in modules("reference")
        for node in ast.walk(ast.parse(p.read_text("utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == "resolve"
    ]
    assert found == [("reference/resolver.py", found[0][1])], found
    loop = [
        (str(p.relative_to(ROOT)), node.lineno)
        for p in modules("reference_optimized")
        for node in ast.walk(ast.parse(p.read_text("utf-8")))
        if isinstance(node, ast.For | ast.While)
        and "version.slots" in ast.unparse(node.iter if isinstance(node, ast.For) else node.test)
    ]
    assert not loop, f"reference_optimized walks the layers itself: {loop}"


def test_no_private_name_crosses_a_module() -> None:
    """A module imports no ``_private`` name from another module of the project."""
    bad = [
        (str(p.relative_to(ROOT)), node.lineno, a.name)
        for pkg in ("reference", "reference_optimized", "proofs", "mtg_layers")
        for p in modules(pkg)
        for node in ast.walk(ast.parse(p.read_text("utf-8")))
        if isinstance(node, ast.ImportFrom)
        for a in node.names
        if a.name.startswith("_") and not a.name.startswith("__")
    ]
    assert not bad, bad


def test_every_package_says_what_it_holds_and_may_import() -> None:
    for package in (
        "reference",
        "reference_optimized",
        "proofs",
        "mtg_layers",
        "mtg_layers/analysis",
        "mtg_layers/boards",
        "mtg_layers/checking",
        "mtg_layers/conformance",
        "mtg_layers/corpus",
        "mtg_layers/docs_site",
    ):
        doc = ast.get_docstring(ast.parse((ROOT / package / "__init__.py").read_text("utf-8")))
        assert doc and "import" in doc, f"{package}/__init__.py must say what it holds and what it may import"


def test_the_checker_catches_a_forbidden_import(tmp_path: Path) -> None:
    """The rule can fail: a proofs module that imports the resolver's vocabulary is caught."""
    bad = ROOT / "proofs" / "_layout_probe.py"
    bad.write_text("from reference.vocabulary import plural\nfrom .vocabulary import COLORS\n")
    try:
        found = [m for _, m in imports(bad) if top(m) == "reference" and m not in PROOFS_MAY_IMPORT]
    finally:
        bad.unlink()
    assert found == ["reference.vocabulary"]


API_PAGES = {
    "reference": "reference.md",
    "reference_optimized": "reference.md",
    "proofs": "proofs.md",
    "mtg_layers": "tools.md",
}


@pytest.mark.parametrize("package", sorted(API_PAGES))
def test_every_module_has_its_place_in_the_api_reference(package: str) -> None:
    page = (ROOT / "docs" / "api" / API_PAGES[package]).read_text(encoding="utf-8")
    listed = set(re.findall(r"^::: ([\w.]+)", page, flags=re.MULTILINE))
    names = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in modules(package)
        if p.stat().st_size  # an empty __init__.py marks a data folder (profiles, data), not code
    }
    missing = sorted(m for m in names if m not in listed and m != package)
    assert not missing, f"docs/api/{API_PAGES[package]} lists no ::: block for {missing}"
