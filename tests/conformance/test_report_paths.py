"""Issue 35: where the conformance runner writes its reports, and how it stops.

Each test failed before its fix: a FIFO, a device or a symbolic link at a report path was
replaced by a regular file (items 1, 6); a run signalled before its first run wrote no report
(item 5); an answer holding a 5,000-digit integer was called "not JSON", and timeouts were never
shrunk in fuzz mode (item 12).
"""

from __future__ import annotations

import json
import os
import signal
import stat
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mtg_layers.cli import main
from mtg_layers.conformance import cli as conformance_cli
from mtg_layers.conformance import protocol
from mtg_layers.conformance.reports import ReportPathError, write_atomic
from mtg_layers.conformance.runner import Interrupted

from .test_adapter_faults import run_fake

FAKE_CORPUS = Path(__file__).parents[1] / "fake_adapters" / "corpus"
FAKE = Path(__file__).parents[1] / "fake_adapters" / "misbehaving_adapter.py"
REFERENCE = [sys.executable, "-m", "mtg_layers.cli", "adapter"]


def run(*options: str, argv: list[str] = REFERENCE) -> Any:
    """The corpus run over the small fake corpus, in-process."""
    args = ["conformance", "--corpus", str(FAKE_CORPUS), "--rules", "m10", "--quiet", *options, "--", *argv]
    return CliRunner().invoke(main, args, catch_exceptions=True)


# Items 1 and 6: a report path is written as given, never replaced.


def test_a_fifo_gets_the_final_report_once_and_stays_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "report.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    result = run("--report-json", str(fifo))
    reader.join(60)
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    report = json.loads(got[0])  # one document: no snapshot after every case went down the pipe
    assert report["complete"] is True


def test_a_symbolic_link_keeps_pointing_at_its_target(tmp_path: Path) -> None:
    (tmp_path / "reports").mkdir()
    link = tmp_path / "latest.json"
    link.symlink_to(tmp_path / "reports" / "run.json")
    result = run("--report-json", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert json.loads((tmp_path / "reports" / "run.json").read_text())["complete"] is True


def test_a_link_loop_is_named_and_the_other_reports_are_written(tmp_path: Path) -> None:
    loop = tmp_path / "loop.json"
    loop.symlink_to("loop.json")
    result = run("--report-json", str(loop), "--junit", str(tmp_path / "j.xml"))
    assert result.exit_code == 2
    assert "cannot write" in result.stderr and "loop.json" in result.stderr and "symbolic link loop" in result.stderr
    assert loop.is_symlink() and (tmp_path / "j.xml").read_text().startswith("<?xml")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_full_disk_is_named_and_the_device_is_kept(tmp_path: Path) -> None:
    before = os.stat("/dev/full")
    result = run("--report-json", "/dev/full", "--markdown", str(tmp_path / "r.md"))
    assert result.exit_code == 2
    assert "cannot write /dev/full: No space left on device" in result.stderr, result.stderr
    after = os.stat("/dev/full")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == before.st_rdev
    assert "runs over" in (tmp_path / "r.md").read_text()
    assert "Traceback" not in result.output


def test_write_atomic_replaces_a_regular_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text("old")
    write_atomic(path, "new")
    assert path.read_text() == "new" and sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_write_atomic_names_a_directory(tmp_path: Path) -> None:
    with pytest.raises(ReportPathError, match="directory"):
        write_atomic(tmp_path, "x")


# Item 5: a signal before the first run still leaves a report.


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_signal_while_loading_is_held_until_the_report_can_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    real = protocol.load_suite

    def loading(corpus: Path) -> Any:
        os.kill(os.getpid(), getattr(signal, name))  # arrives while the corpus is loading
        return real(corpus)

    monkeypatch.setattr("mtg_layers.conformance.cli.load_suite", loading)
    previous = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGINT)}
    result = run("--report-json", str(tmp_path / "r.json"))
    assert result.exit_code == 128 + getattr(signal, name), (result.exit_code, result.output)
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["complete"] is False and report["header"]["interrupted"] == name and report["results"] == []
    assert f"interrupted by {name} after 0 of" in result.stderr
    assert {s: signal.getsignal(s) for s in previous} == previous  # the handlers are put back


def test_stops_hold_a_signal_until_armed() -> None:
    stops = conformance_cli._Stops()
    stops.stop(signal.SIGTERM, None)
    stops.stop(signal.SIGINT, None)  # the first one is the one reported
    with pytest.raises(Interrupted) as got:
        stops.arm()
    assert got.value.signal_name == "SIGTERM"


# Item 12: a number Python will not read, and timeouts in fuzz mode.


def test_an_integer_of_5000_digits_is_named_not_called_not_json() -> None:
    results, _ = run_fake("bigint")
    assert results[1].status == "error", results[1].message
    assert "integer longer than" in results[1].message and "not JSON" not in results[1].message


@pytest.mark.slow
def test_a_timeout_is_shrunk_in_fuzz_mode(tmp_path: Path) -> None:
    found = tmp_path / "found"
    args = ["conformance", "--generated", "2", "--seed", "3", "--timeout", "0.5", "--shrink-budget", "8"]
    args += ["--findings", str(found), "--report-json", str(tmp_path / "r.json"), "--"]
    result = CliRunner().invoke(main, [*args, sys.executable, str(FAKE), "hang-all"])
    assert result.exit_code == 1, result.output
    block = json.loads((tmp_path / "r.json").read_text())["generated"]
    kinds = [d for d in block["disagreements"] if d["signature"] == ["timeout"]]
    assert kinds and kinds[0]["shrunk"] and kinds[0]["shrink"]["engine_calls"] > 0, block["disagreements"]
    assert list(found.glob("*.yaml"))
