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
import importlib.util
import json
import re
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


# The JSON Schema stage's packages (pure Python), shipped so the playground checks a board as the CLI does.
SCHEMA_PACKAGES = ("jsonschema", "jsonschema_specifications", "referencing", "attr", "attrs")
SKIPPED_DIRS = {"__pycache__", "tests", "benchmarks"}


def _package_files(package: Path) -> list[Path]:
    """A package's modules and data files (JSON schemas, typing markers), without tests or caches."""
    return sorted(
        p
        for p in package.rglob("*")
        if p.is_file()
        and not SKIPPED_DIRS & set(p.relative_to(package).parts)
        and p.suffix in (".py", ".json", ".typed", "")
    )


def preread_catalogue(root: Path = ROOT) -> str:
    """The card catalogue read from its YAML and checked against its schema, as JSON for the playground's bundle
    (``mtg_layers.catalogue.load.catalogue`` reads it there)."""
    from mtg_layers.catalogue.load import load_catalogue

    checked = load_catalogue(root / "corpus" / "catalogue" / "cards.yaml")
    return json.dumps({"cards": list(checked.cards)}, ensure_ascii=False, separators=(",", ":"))


def python_bundle(out: Path, root: Path = ROOT) -> None:
    """The zip of Python modules the playground imports: reference/, a few tools modules, the case schema,
    PyYAML, and jsonschema with what it needs (``rpds`` as ``pure_rpds``, its pure-Python stand-in)."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted((root / "reference").rglob("*")):
            if path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                zf.write(path, path.relative_to(root).as_posix())
        for name in playground_modules(root):
            zf.write(root / "mtg_layers" / name, f"mtg_layers/{name}")
        # the card catalogue: cases that refer to its cards, and boards picked by card name; read and checked
        # here, shipped as JSON (the page reads it in milliseconds, the YAML took seconds)
        zf.writestr("corpus/catalogue/cards.json", preread_catalogue(root))
        for path in sorted((root / "corpus" / "schema").glob("*.json")):
            zf.write(path, path.relative_to(root).as_posix())
        yaml_dir = Path(yaml.__file__).parent
        for path in sorted(yaml_dir.glob("*.py")):
            zf.write(path, f"yaml/{path.name}")
        for name in SCHEMA_PACKAGES:
            spec = importlib.util.find_spec(name)
            assert spec is not None and spec.origin is not None, name
            package = Path(spec.origin).parent
            for path in _package_files(package):
                zf.write(path, f"{name}/{path.relative_to(package).as_posix()}")
        extensions = importlib.util.find_spec("typing_extensions")
        assert extensions is not None and extensions.origin is not None
        zf.write(extensions.origin, "typing_extensions.py")
        zf.write(root / "mtg_layers" / "docs_site" / "pure_rpds.py", "rpds/__init__.py")


# libyaml's parser when PyYAML has it (its wheels do), with the safe loader's constructors and resolvers: the same
# data as ``yaml.safe_load`` in a tenth of the time (mtg_layers.corpus.read does the same).
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def corpus_by_id(out: Path, root: Path = ROOT) -> int:
    """Copy every case file to ``out/ID.yaml``; return how many."""
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for path in sorted((root / "corpus" / "cases").rglob("*.yaml")):
        data = yaml.load(path.read_text("utf-8"), Loader=_SAFE_LOADER)
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
    """mkdocs event: link every bare rule number of a page (not on the rule pages themselves); label the
    cells of wide tables with their columns, for narrow screens (narrow_tables)."""
    from mkdocs.utils import get_relative_url

    from mtg_layers.docs_site.narrow_tables import stackable
    from mtg_layers.docs_site.rule_pages import link_rule_numbers

    if page.file.src_uri.startswith("rules/"):
        return stackable(html)

    def href(name: str, anchor: str) -> str:
        target = files.get_file_from_path(f"rules/{name}.md")
        return f"{get_relative_url(target.url, page.url)}#{anchor}"

    return stackable(link_rule_numbers(html, href))


# Filled while the site builds: the French pages (by source path), and the French card names each
# case page gives (by page URL), which go into the search index's titles.
_FRENCH_PAGES: set[str] = set()
_FRENCH_NAMES: dict[str, list[tuple[str, str]]] = {}
CARDS_LINE = re.compile(r"^\*\*Cards · cartes\*\*(.*)$", re.MULTILINE)
LANGUAGE_LINK = re.compile(r'<a href="[^"]*" hreflang="(en|fr)" class="md-select__link">')


def on_files(files: Any, config: Any, **kwargs: Any) -> Any:
    """mkdocs event: note which pages have a French version (docs/fr/), for the language switch."""
    _FRENCH_PAGES.clear()
    _FRENCH_NAMES.clear()
    _FRENCH_PAGES.update(f.src_uri for f in files.documentation_pages() if f.src_uri.startswith("fr/"))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    """mkdocs event: remember the French card names a case page lists (its "Cards · cartes" line)."""
    if page.file.src_uri.startswith("cases/"):
        line = CARDS_LINE.search(markdown)
        if line:
            _FRENCH_NAMES[page.url] = re.findall(r"\[([^\]]+)\]\([^)]*\) \(\*([^*]+)\*\)", line.group(1))
    return markdown


def counterpart(src_uri: str, language: str, french_pages: set[str]) -> str | None:
    """The source path of a page in the other language, or None when it has none: ``fr/X.md`` is the
    French version of ``X.md``."""
    if language == "fr":
        candidate = src_uri if src_uri.startswith("fr/") else f"fr/{src_uri}"
        return candidate if candidate in french_pages else None
    return src_uri.removeprefix("fr/")


def language_links(output: str, page_url: str, src_uri: str, files: Any, french_pages: set[str]) -> str:
    """The language selector's links lead to the same page in the other language (its home when the page
    has no translation). ``target="_self"`` keeps the theme's own handler, which looks the page up in a
    per-language sitemap the site does not have, from sending every switch to the home page."""
    from mkdocs.utils import get_relative_url

    def link(match: re.Match[str]) -> str:
        language = match.group(1)
        target = counterpart(src_uri, language, french_pages) or ("fr/index.md" if language == "fr" else "index.md")
        file = files.get_file_from_path(target)
        url = file.url if file is not None else ("fr/" if language == "fr" else "")
        href = get_relative_url(url or ".", page_url or ".")
        href = href if href.endswith("/") or href.endswith(".html") else href + "/"
        return f'<a href="{href}" hreflang="{language}" class="md-select__link" target="_self">'

    return LANGUAGE_LINK.sub(link, output)


def on_post_page(output: str, page: Any, config: Any, **kwargs: Any) -> str:
    """mkdocs event: the French pages (docs/fr/) say they are in French (``<html lang="fr">``), for
    screen readers, hyphenation and search engines (the theme's labels follow,
    docs/overrides/partials/language.html); the language switch keeps the page."""
    if page.file.src_uri.startswith("fr/"):
        output = output.replace('<html lang="en"', '<html lang="fr"', 1)
    files = _SITE_FILES.get("files")
    if files is not None:
        output = language_links(output, page.url, page.file.src_uri, files, _FRENCH_PAGES)
    return output


_SITE_FILES: dict[str, Any] = {}


def on_env(env: Any, config: Any, files: Any, **kwargs: Any) -> Any:
    """mkdocs event: keep the site's files for the language switch (on_post_page is not given them)."""
    _SITE_FILES["files"] = files
    return env


def titles_with_french_names(index: dict[str, Any], names: dict[str, list[tuple[str, str]]]) -> dict[str, Any]:
    """The search index with a case page's title followed by the French names of the cards its title names
    (``names``: page URL to (English, French) pairs): a French player searching "Lune de sang" finds the
    cases about Blood Moon by their title (the title counts most), not every case Blood Moon is on."""
    for doc in index.get("docs", ()):
        title = doc.get("title", "")
        extra = [
            fr
            for en, fr in names.get(doc.get("location", ""), ())
            if en.lower() in title.lower() and fr.lower() not in title.lower()
        ]
        if extra:
            doc["title"] = f"{title} · {', '.join(extra)}"
    return index


def french_sitemap(site_dir: Path) -> None:
    """``fr/sitemap.xml``: the French pages' entries of the site's sitemap. The theme asks each language's
    root for one (a 404 on every page without it)."""
    source = site_dir / "sitemap.xml"
    if not source.is_file():
        return
    text = source.read_text("utf-8")
    entries = [u for u in re.findall(r"<url>.*?</url>", text, re.DOTALL) if "/fr/" in u]
    head = text[: text.index("<url>")] if "<url>" in text else text.replace("</urlset>", "")
    (site_dir / "fr").mkdir(exist_ok=True)
    body = "\n    ".join(entries)
    (site_dir / "fr" / "sitemap.xml").write_text(f"{head.rstrip()}\n    {body}\n</urlset>\n", encoding="utf-8")


def on_post_build(config: Any, **kwargs: Any) -> None:
    """mkdocs event: after the pages are written, add the playground's runtime, the French card names to
    the search index's titles, and the French sitemap."""
    from mkdocs.exceptions import PluginError

    site_dir = Path(config["site_dir"])
    index_path = site_dir / "search" / "search_index.json"
    if index_path.is_file():
        index = json.loads(index_path.read_text("utf-8"))
        index_path.write_text(
            json.dumps(titles_with_french_names(index, _FRENCH_NAMES), ensure_ascii=False, separators=(",", ":")),
            encoding="utf-8",
        )
    french_sitemap(site_dir)
    try:
        build_playground(site_dir, Path(config["config_file_path"]).resolve().parent)
    except SiteBuildError as exc:
        raise PluginError(str(exc)) from None
