"""mkdocs hooks (``hooks:`` in mkdocs.yml): rule numbers made links, and the playground's runtime.

Every page: a bare rule number in its text ("613.8a", on a hand-written page, in a case's
notes, in the API reference) becomes a link to the rule's statement on the site's rule pages
(``mtg_layers.docs_site.rule_pages``, the rules in the project's own words); numbers no page states stay
as they are.

After every build, ``site/playground/`` receives:

* ``pyodide/``: the Pyodide runtime files from the npm package ``pyodide`` (the loader, the
  WebAssembly interpreter, the standard library and the lock file it reads at start-up; no
  Pyodide package, since the rules core needs none). ``node_modules/`` comes from
  ``npm ci`` of the committed ``package.json``/``package-lock.json``, run here when missing.
* ``mtg-layers.zip``: the project's own Python the page runs: ``reference/`` (the rules),
  the few modules of ``mtg_layers`` that load a case and put the trace in words, and PyYAML's
  pure-Python modules.
* ``cases/ID.yaml``: every corpus case by its id, for "open in playground", and ``cases/index.json``.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent.parent  # a hook file is loaded by path: no relative imports
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def playground_modules(root: Path = ROOT) -> list[str]:
    """The files of ``mtg_layers`` the playground imports (paths inside the package): docs_site/playground.py
    and, transitively, its module-level imports of the package, with the ``__init__.py`` of every package
    they are in (imports inside functions or under TYPE_CHECKING are not followed: the page never runs them)."""
    package = root / "mtg_layers"

    def source(name: tuple[str, ...]) -> Path | None:
        path = package.joinpath(*name)
        if (path / "__init__.py").is_file():
            return path / "__init__.py"
        return path.with_suffix(".py") if name and path.with_suffix(".py").is_file() else None

    todo: list[tuple[str, ...]] = [("docs_site", "playground")]
    seen: dict[tuple[str, ...], Path] = {(): package / "__init__.py"}  # bundled, not followed: it reads reference only
    while todo:
        name = todo.pop()
        path = source(name)
        if name in seen or path is None:  # None: a name imported from a module, not a module
            continue
        seen[name] = path
        todo.extend(name[:k] for k in range(1, len(name)))  # the packages it is in
        here = name if path.name == "__init__.py" else name[:-1]  # the package its relative imports start from
        for node in ast.parse(path.read_text("utf-8")).body:  # module level only
            if not isinstance(node, ast.ImportFrom):
                continue
            module = tuple((node.module or "").split(".")) if node.module else ()
            if node.level:
                target = (*here[: len(here) - node.level + 1], *module)
            elif module[:1] == ("mtg_layers",):
                target = module[1:]
            else:
                continue
            todo.append(target)
            todo.extend((*target, a.name) for a in node.names)  # from a package, a name may be a module
    return sorted(p.relative_to(package).as_posix() for p in seen.values())


class SiteBuildError(Exception):
    """The playground's runtime cannot be put into the site; says what to run."""


def pyodide_dir(root: Path = ROOT) -> Path:
    """``node_modules/pyodide`` at the version the lock file pins, installed with ``npm ci`` if missing."""
    wanted = json.loads((root / "package-lock.json").read_text("utf-8"))["packages"]["node_modules/pyodide"]["version"]
    target = root / "node_modules" / "pyodide"
    installed = target / "package.json"
    if not installed.is_file() or json.loads(installed.read_text("utf-8")).get("version") != wanted:
        npm = shutil.which("npm")
        if npm is None:
            raise SiteBuildError("the playground needs Pyodide from npm: install Node.js and npm, then run `npm ci`")
        proc = subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund"], cwd=root, capture_output=True, text=True, timeout=600
        )
        if proc.returncode != 0 or not installed.is_file():
            raise SiteBuildError(f"`npm ci` failed in {root} (exit {proc.returncode}): {proc.stderr[-2000:]}")
    return target


def python_bundle(out: Path, root: Path = ROOT) -> None:
    """The zip of Python modules the playground imports: reference/, a few tools modules, PyYAML."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((root / "reference").rglob("*")):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                zf.write(path, path.relative_to(root).as_posix())
        for name in playground_modules(root):
            zf.write(root / "mtg_layers" / name, f"mtg_layers/{name}")
        # the card catalogue: cases that refer to its cards, and boards picked by card name (issue 30)
        zf.write(root / "corpus" / "catalogue" / "cards.yaml", "corpus/catalogue/cards.yaml")
        yaml_dir = Path(yaml.__file__).parent
        for path in sorted(yaml_dir.glob("*.py")):
            zf.write(path, f"yaml/{path.name}")


def corpus_by_id(out: Path, root: Path = ROOT) -> int:
    """Copy every case file to ``out/ID.yaml``; return how many."""
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for path in sorted((root / "corpus" / "cases").rglob("*.yaml")):
        data = yaml.safe_load(path.read_text("utf-8"))
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            shutil.copyfile(path, out / f"{data['id']}.yaml")
            index.append({"id": data["id"], "title": str(data.get("title", ""))})
    index.sort(key=lambda c: c["id"])
    (out / "index.json").write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    return len(index)


def build_playground(site_dir: Path, root: Path = ROOT) -> None:
    """Write the playground's runtime, Python bundle and cases into a built site."""
    target = site_dir / "playground"
    runtime = target / "pyodide"
    runtime.mkdir(parents=True, exist_ok=True)
    source = pyodide_dir(root)
    for name in PYODIDE_FILES:
        shutil.copyfile(source / name, runtime / name)
    python_bundle(target / "mtg-layers.zip", root)
    corpus_by_id(target / "cases", root)


def on_page_content(html: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """mkdocs event: link every bare rule number of a page (not on the rule pages themselves)."""
    from mkdocs.utils import get_relative_url

    from mtg_layers.docs_site.rule_pages import link_rule_numbers

    if page.file.src_uri.startswith("rules/"):
        return html

    def href(name: str, anchor: str) -> str:
        target = files.get_file_from_path(f"rules/{name}.md")
        return f"{get_relative_url(target.url, page.url)}#{anchor}"

    return link_rule_numbers(html, href)


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    """mkdocs event: the French pages (docs/fr/) say they are in French (``<html lang="fr">``), for
    screen readers, hyphenation and search engines; the theme's own labels stay in English."""
    if page.file.src_uri.startswith("fr/"):
        return output.replace('<html lang="en"', '<html lang="fr"', 1)
    return output


def on_post_build(config: Any, **kwargs: Any) -> None:
    """mkdocs event: after the pages are written, add the playground's runtime."""
    from mkdocs.exceptions import PluginError

    try:
        build_playground(Path(config["site_dir"]), Path(config["config_file_path"]).resolve().parent)
    except SiteBuildError as exc:
        raise PluginError(str(exc)) from None
