"""The playground checks a board as the CLI does: the CLI's malformed-input suite, fed to both, gives the same messages.

Every kind of bad case file of tests/corpus/test_malformed_inputs.py that a reader can paste into the
page (its bytes are UTF-8 text; a rules profile, a FIFO or a link is not a board) goes to
``mtg-layers resolve FILE`` and to the playground's ``run``. The playground runs from the zip the site
build writes (mkdocs_hooks.python_bundle), in an isolated interpreter (``-I -S``: no site-packages), so
what is compared is what the page runs: the bundled jsonschema on the pure-Python ``rpds`` stand-in.
The CLI's message, "error: FILE: FIELD: WHAT", must be the playground's with "your board" for FILE.
"""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_layers.cli import main
from reference.versions import CURRENT, builtin_versions
from tests.corpus.test_malformed_inputs import KINDS, Kind

from .site_helpers import BootedPlayground

OGRE = (Path(__file__).resolve().parents[2] / "corpus" / "cases" / "seed" / "gray-ogre.yaml").read_text("utf-8")

RUN_ALL = """
import json, sys
sys.path.insert(0, sys.argv[1])
from mtg_layers.docs_site import playground
boards = json.load(sys.stdin)
print(json.dumps([json.loads(playground.run(text, sys.argv[2])) for text in boards]))
"""


def pasteable(kind: Kind) -> str | None:
    """The text a reader could paste for this kind, or None (not a case file, or not text)."""
    if kind.content is None or kind.make is not None or kind.rules_file:
        return None
    try:
        return kind.content.decode("utf-8")
    except UnicodeDecodeError:
        return None


@functools.cache
def pasteable_boards() -> list[tuple[str, str]]:
    """Each pasteable kind's name and text, made when a test first asks (collecting the tests makes none)."""
    return [(k.name, text) for k in KINDS if (text := pasteable(k)) is not None]


def cli_message(tmp_path: Path, name: str, text: str) -> str:
    """What ``mtg-layers resolve`` prints for the file, its name replaced by "your board"."""
    path = tmp_path / f"{name.replace(':', '-').replace('/', '-')}.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["resolve", str(path)], catch_exceptions=True)
    assert result.exit_code == 2, (name, result.exit_code, result.output)
    stderr = result.stderr
    assert stderr.count("error: ") >= 1, (name, stderr)  # warnings may come first; a message may span lines
    return stderr[stderr.index("error: ") :].removeprefix("error: ").rstrip("\n").replace(str(path), "your board")


@pytest.fixture(scope="module")
def playground_answers(tmp_path_factory: pytest.TempPathFactory, playground_bundle: Path) -> list[dict[str, object]]:
    """The bundle's answer to every pasteable board (the run's one bundle: tests/site/conftest.py)."""
    tmp = tmp_path_factory.mktemp("bundle")
    version = builtin_versions()[CURRENT].id
    proc = subprocess.run(
        [sys.executable, "-I", "-S", "-c", RUN_ALL, str(playground_bundle / "py"), version],
        input=json.dumps([text for _, text in pasteable_boards()]),
        capture_output=True,
        text=True,
        timeout=900,
        cwd=tmp,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    answers: list[dict[str, object]] = json.loads(proc.stdout)
    return answers


def test_most_of_the_suite_can_be_pasted() -> None:
    boards = pasteable_boards()
    assert len(boards) >= 100, len(boards)


@pytest.mark.slow  # over 10 s: every pasteable bad board through the bundle's pure-Python YAML, about 22 s of CPU
def test_the_playground_says_what_the_cli_says(tmp_path: Path, playground_answers: list[dict[str, object]]) -> None:
    boards, differ = pasteable_boards(), []
    for (name, text), answer in zip(boards, playground_answers, strict=True):
        expected = cli_message(tmp_path, name, text)
        if answer.get("ok") or answer.get("error") != expected:
            differ.append(f"{name}:\n  CLI:        {expected}\n  playground: {answer.get('error', 'accepted')}")
    assert not differ, f"{len(differ)} of {len(boards)} kinds differ:\n" + "\n".join(differ)


PLAYGROUND_BOARDS = {
    "a word for a number": OGRE.replace(
        "card: Gray Ogre, controller: p1, timestamp: 1}",
        "card: Gray Ogre, controller: p1, timestamp: 1, power: two}",
        1,
    ),
    "an empty board": "",
    "a list, not a mapping": "- a\n- b\n",
    "an unknown operation": OGRE.replace("op: modify_pt", "op: modify_ptt", 1),
}


@pytest.mark.slow
def test_the_page_reports_errors_as_the_cli_does(tmp_path: Path, booted_playground: BootedPlayground) -> None:
    """In the browser (the playground page with Python started, tests/site/conftest.py): each bad board's status line
    is the CLI's error line for the same file."""
    session = booted_playground.fresh()
    for name, text in PLAYGROUND_BOARDS.items():
        expected = "error: " + cli_message(tmp_path, name.replace(" ", "-"), text)
        session.evaluate(f"document.getElementById('pg-board').value = {json.dumps(text)}")
        session.evaluate("document.getElementById('pg-run').click()")
        said = session.poll(
            "(() => { const s = document.getElementById('pg-status');"
            " return s.classList.contains('pg-error') ? s.textContent : null; })()",
            timeout=120,
        )
        assert said == expected, name
    assert not booted_playground.new_problems()
