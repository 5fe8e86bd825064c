"""Where the misbehaving adapter keeps the reference adapter's replies for a test run (its ``FAKE_ANSWERS``), and
those replies computed before a test's runs begin."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import session_shared

from .answer_keys import keep, kept_path


def store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The run's folder of kept replies, shared by xdist's workers: the first process that needs a reply computes it
    (tests/fake_adapters/misbehaving_adapter.py), every later one reads it."""
    return session_shared.run_dir(tmp_path_factory) / "fake-answers"


def warm(kept: Path, corpus: Path, rules: tuple[str, ...] = ()) -> None:
    """Keep now, computed in this process, the reference adapter's reply to every message the runner sends over
    ``corpus`` (under ``rules``, or every version its cases declare): start, and each run with the capabilities the
    reference declares.

    A fake adapter's healthy run then only reads its reply, in milliseconds however loaded the machine. Computed
    inside a run's time limit instead (the first fake process to meet a message imported the resolver and resolved
    it), a healthy persistent run outran its 2 s limit at a load of 10 to 12 on two cores (2026-12-07): the test's
    verdict depended on the machine's load."""
    from mtg_layers.adapter import handle
    from mtg_layers.conformance.protocol import load_suite, run_message, start_message
    from mtg_layers.conformance.runner import plan

    start = start_message()
    reply, status = handle(start)
    assert isinstance(reply, dict), reply
    if not kept_path(kept, start).is_file():
        keep(kept_path(kept, start), reply, status)
    declared = reply.get("implementation", {}).get("capabilities", [])
    for job in plan(load_suite(corpus), rules=rules):
        message = run_message(job.seq, job.case.data, job.step, job.rules, declared)
        path = kept_path(kept, message)
        if not path.is_file():
            keep(path, *handle(message))
