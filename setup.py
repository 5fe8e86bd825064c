"""Build hook: the wheel carries the corpus (cases, schemas, sources, catalogue) inside the package.

Everything else is declared in pyproject.toml. The corpus stays at the repository's top level
(``corpus/``, where authors edit it); when a wheel is built (from the checkout, from an sdist, or
by ``pip install`` from a directory or a repository URL), ``build_py`` copies it to
``mtg_layers/_corpus`` in the build tree, which is where mtg_layers.paths looks when there is no
checkout next to the installed package. An editable install reads the checkout's corpus directly.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup  # type: ignore[import-untyped]
from setuptools.command.build_py import build_py  # type: ignore[import-untyped]

HERE = Path(__file__).resolve().parent
CORPUS = HERE / "corpus"


class BuildPyWithCorpus(build_py):  # type: ignore[misc]
    """build_py, then a copy of the corpus into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        if not (CORPUS / "cases").is_dir():
            raise SystemExit(f"setup.py: {CORPUS}/cases not found: the wheel must carry the corpus")
        target = Path(self.build_lib) / "mtg_layers" / "_corpus"
        if target.exists():
            shutil.rmtree(target)
        shutil.copytree(CORPUS, target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithCorpus})
