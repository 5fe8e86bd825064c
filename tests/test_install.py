"""The library install (issue 33): the engine authors' CI recipe of docs/conformance.md, run as written.

The test copies the checkout (its tracked and new files) to a temporary directory outside it,
runs the recipe's lines there in one shell (a fresh virtual environment, a non-editable
``pip install ./mtg-layers``, ``verify``, a conformance run of the example engine with its
expectations file), and checks what they produce. Three changes keep it under a minute: the
dependencies come from this test's environment (``PIP_NO_DEPS`` and a path file in the new
environment) instead of the package index; the build backend pip's isolated build installs
(pyproject.toml's ``build-system.requires``) is fetched from the index once in the test run
(``build_backend``) and read from that folder by every install (``PIP_NO_INDEX``,
``PIP_FIND_LINKS``), so no build waits on the index; and ``verify`` and ``conformance`` run two cases.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest

from mtg_layers import paths
from tests import session_shared

ROOT = Path(__file__).resolve().parent.parent
RECIPE = re.compile(r"<!-- ci-recipe:start -->\s*```sh\n(.*?)```\s*<!-- ci-recipe:end -->", re.S)
# One case the example engine passes, one it is expected to fail (its expectations file).
CASES = ("seed-gray-ogre", "regression-dependency-appears-after-an-application")
# Their files: the corpus the recipe's conformance run reads (``narrowed``); verify reads the bundled one.
CASE_FILES = (
    "corpus/cases/seed/gray-ogre.yaml",
    "corpus/cases/regressions/dependency-appears-after-an-application.yaml",
)
SMALL_CORPUS = "two-cases"


def recipe() -> list[str]:
    """The lines of docs/conformance.md's CI recipe."""
    text = (ROOT / "docs" / "conformance.md").read_text("utf-8")
    found = RECIPE.search(text)
    assert found, "docs/conformance.md has no ci-recipe block"
    return [line for line in found.group(1).splitlines() if line.strip()]


def narrowed(line: str) -> str:
    """A recipe line with verify and conformance narrowed to CASES: verify picks them from the bundled corpus (which
    it loads whole, the default the recipe pins), conformance reads the corpus of their two files (``SMALL_CORPUS``,
    ``CASE_FILES``), not a second load of the whole bundled corpus (5 s of CPU)."""
    if line.startswith("mtg-layers verify"):
        return line + "".join(f" --case {c}" for c in CASES)
    if line.startswith("mtg-layers conformance"):
        head, sep, tail = line.partition(" -- ")
        assert sep, line
        return head + "".join(f" --id {c}" for c in CASES) + f" --corpus {SMALL_CORPUS}" + sep + tail
    return line


def copy_checkout(target: Path) -> None:
    """The checkout's tracked and new (not ignored) files, as a fresh clone would have them."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def build_backend(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment that makes pip's isolated builds take pyproject.toml's build requirements from a folder
    downloaded once in the test run (tests/session_shared.py) instead of asking the package index at each build."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["build-system"]["requires"]

    def download(path: Path) -> None:
        done = subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(path), *requires],
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]

    folder = session_shared.once(tmp_path_factory, "build-backend", download)
    return {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(folder)}


def test_the_checkout_reads_its_own_corpus_and_an_install_reads_the_bundled_one(tmp_path: Path) -> None:
    assert paths.corpus_dir() == ROOT / "corpus"
    bundled = tmp_path / "site" / "mtg_layers" / "_corpus"
    assert paths.corpus_dir(root=tmp_path / "site", bundled=bundled) == bundled


def test_the_recipe_is_the_one_the_docs_show() -> None:
    lines = recipe()
    assert lines[1] == "pip install ./mtg-layers"
    assert [narrowed(line) != line for line in lines] == [False, False, True, True]


@pytest.mark.slow
def test_the_ci_recipe_works_from_a_wheel_outside_the_checkout(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    work = tmp_path / "work"
    copy_checkout(work / "mtg-layers")
    for name in CASE_FILES:
        (work / SMALL_CORPUS / Path(name).parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(work / "mtg-layers" / name, work / SMALL_CORPUS / Path(name).parent.name)
    deps = sysconfig.get_paths()["purelib"]
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    lines = recipe()
    # After the first line (the virtual environment), the dependencies of this test's environment.
    pth = f"echo {deps} > layers-venv/lib/{version}/site-packages/_test_dependencies.pth"
    script = "\n".join(["set -ex", lines[0], pth, *map(narrowed, lines[1:])])
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env |= {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "PIP_NO_DEPS": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),  # pip's cache and verify's z3 record: not the user's ~/.cache
        **build_backend(tmp_path_factory),
    }
    done = subprocess.run(["bash", "-c", script], cwd=work, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    installed = subprocess.run(
        ["layers-venv/bin/python", "-c", "import mtg_layers.paths as p; print(p.CASES_DIR)"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert installed.endswith("mtg_layers/_corpus/cases") and "layers-venv" in installed, installed
    report = json.loads((work / "conformance.json").read_text("utf-8"))
    verdicts = {(r["case"], r["verdict"]) for r in report["results"]}
    assert (CASES[0], "pass") in verdicts and (CASES[1], "xfail") in verdicts, verdicts
    assert {r["case"] for r in report["results"]} == set(CASES)
    assert "<testsuite" in (work / "conformance-junit.xml").read_text("utf-8")
    assert (work / "conformance.md").read_text("utf-8").strip()


def test_the_sdist_carries_the_corpus_profiles_licence_and_changelog_with_publishable_metadata(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The sdist a wheel is built from (and what a package index gets): every corpus file, schema and rules
    profile of the checkout, the licence and the changelog, and metadata naming the package's own version."""
    import tarfile

    from mtg_layers import __version__

    archive = shared_sdist(tmp_path_factory)
    with tarfile.open(archive) as tar:
        names = {n.partition("/")[2] for n in tar.getnames()}
        member = next(m for m in tar.getmembers() if m.name.count("/") == 1 and m.name.endswith("/PKG-INFO"))
        extracted = tar.extractfile(member)
        assert extracted is not None
        info = extracted.read().decode("utf-8")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard", "corpus", "reference/profiles"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout.decode("utf-8")
    wanted = [n for n in listed.split("\0") if n.endswith((".yaml", ".json")) and (ROOT / n).is_file()]
    assert any(n.startswith("corpus/cases/") for n in wanted) and any("profiles" in n for n in wanted)
    assert not [n for n in wanted if n not in names]
    assert {"LICENSE", "CHANGELOG.md", "README.md", "setup.py", "pyproject.toml"} <= names
    fields = [line.partition(": ") for line in info.splitlines() if ": " in line]
    meta = {k: v for k, _, v in fields}
    assert meta["Name"] == "mtg-layers" and meta["Version"] == __version__ and meta["License"] == "MIT"
    assert "Changelog, https://github.com/mtg-layers/mtg-layers/blob/main/CHANGELOG.md" in info
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    assert "## Unreleased" in changelog or f"## {__version__}" in changelog
    assert "MIT License" in (ROOT / "LICENSE").read_text("utf-8")


def build_sdist(tmp_path: Path) -> Path:
    """The sdist of a copy of the checkout (setup.py sdist: no package index needed), in ``tmp_path/dist``."""
    work = tmp_path / "mtg-layers"
    copy_checkout(work)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "sdist", "-d", str(tmp_path / "dist")],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    (archive,) = (tmp_path / "dist").glob("*.tar.gz")
    return archive


def shared_sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``build_sdist``'s archive, built once in the test run (tests/session_shared.py) for the tests that read it
    and the one that installs it; none of them writes to it."""

    def build(path: Path) -> None:
        build_sdist(path)

    built = session_shared.once(tmp_path_factory, "sdist", build)
    (archive,) = (built / "dist").glob("*.tar.gz")
    return archive


def install_outside_and_verify(tmp_path: Path, requirement: str, backend: dict[str, str]) -> None:
    """``pip install REQUIREMENT`` in a fresh virtual environment outside the checkout, with the test's own
    dependencies on its path (no download): it verifies a case and reads the corpus bundled in the package.

    The environment is made without pip (``--without-pip``: its ensurepip costs 5 s of CPU) and this test's pip,
    the very version ensurepip would put there, installs into it (``pip --python``: pip runs under the new
    environment's interpreter, which is the one that installs and whose scripts ``mtg-layers`` gets); its isolated
    build takes the build backend from ``backend`` (``build_backend``). The recipe test
    (``test_the_ci_recipe_works_from_a_wheel_outside_the_checkout``) keeps the recipe's own environment and pip."""
    deps = sysconfig.get_paths()["purelib"]
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    work = tmp_path / "elsewhere"
    work.mkdir()
    bundled = work / "v" / "lib" / version / "site-packages" / "mtg_layers" / "_corpus" / "cases"
    script = "\n".join(
        [
            "set -ex",
            f"{sys.executable} -m venv --without-pip v",
            f"echo {deps} > v/lib/{version}/site-packages/_test_dependencies.pth",
            f"{sys.executable} -m pip --python v/bin/python install -q {requirement}",
            "v/bin/python -c 'import mtg_layers.paths as p; print(p.CASES_DIR)'",
            # the case from the bundled corpus's folder of it: loading the folder's 20 cases, not the whole corpus
            # (5 s of CPU); verify's default, the whole bundled corpus (CASES_DIR, printed above), is the recipe
            # test's (test_the_ci_recipe_works_from_a_wheel_outside_the_checkout)
            f"v/bin/mtg-layers verify --no-z3 -j 1 --case seed-gray-ogre --corpus {bundled / 'seed'}",
        ]
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env |= {
        "PIP_NO_DEPS": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
        **backend,
    }
    done = subprocess.run(["bash", "-c", script], cwd=work, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    lines = done.stdout.strip().splitlines()
    assert lines[0] == str(bundled), lines[0]
    assert re.search(r"1 cases, (\d+) case/version pairs: \1 passed, 0 failed", done.stdout), done.stdout[-2000:]


@pytest.mark.slow
def test_the_sdist_installs_outside_the_checkout_and_verifies(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``pip install mtg-layers-VERSION.tar.gz`` in a fresh virtual environment (its wheel built from the sdist
    alone) reads the bundled corpus and verifies a case; dependencies as in the recipe test. The sdist is the one
    the metadata test reads (``shared_sdist``)."""
    install_outside_and_verify(tmp_path, str(shared_sdist(tmp_path_factory)), build_backend(tmp_path_factory))


@pytest.mark.slow
def test_an_install_from_the_repository_url_reads_the_bundled_corpus(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """``pip install "mtg-layers @ git+URL"`` (README): pip clones the repository and builds the package from it.

    The repository is a git repository made of a copy of the checkout (so the test installs what is in the
    working tree, committed or not), reached by a ``file://localhost/`` URL (the pip of Python 3.11 refuses
    one with no host), as GitHub's would be by ``https://``.
    """
    repo = tmp_path / "mtg-layers"
    copy_checkout(repo)
    git = ["git", "-c", "user.name=test", "-c", "user.email=test@example.invalid", "-c", "init.defaultBranch=main"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the checkout"]):
        subprocess.run([*git, *args], cwd=repo, check=True, capture_output=True)
    install_outside_and_verify(tmp_path, f'"mtg-layers @ git+file://localhost{repo}"', build_backend(tmp_path_factory))
