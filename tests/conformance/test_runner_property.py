"""Property (issue 14): whatever bytes an adapter writes, the runner never raises.

In-process over every byte string and JSON shape hypothesis generates: the bytes go through
a real pipe and the runner's line reader, then are judged, and the run's JSON, JUnit and
Markdown reports are built and checked. Then a few examples through a real adapter process.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from mtg_layers.conformance.protocol import load_suite, validator
from mtg_layers.conformance.reports import build_report, junit_xml, markdown
from mtg_layers.conformance.runner import Runner, RunnerOptions, plan
from mtg_layers.conformance.transport import LineReader, Reply, parse_result

from ..strategies import ci_examples

FAKE_CORPUS = Path(__file__).parents[1] / "fake_adapters" / "corpus"
ECHO = Path(__file__).parents[1] / "fake_adapters" / "echo_bytes.py"
JOBS = plan(load_suite(FAKE_CORPUS), rules=["m10"])
HEADER = {
    "suite": {"name": "mtg-layers", "version": "0", "corpus_sha256": "0" * 64, "cases": 2},
    "protocol_version": 1,
    "implementation": None,
    "adapter": {"command": ["x"], "mode": "persistent", "timeout_s": 1, "max_line": 4096, "starts": 1, "warnings": []},
    "filters": {"ids": [], "features": [], "rules": []},
    "expectations": None,
    "strict": False,
    "started_at": "2026-01-01T00:00:00+00:00",
    "finished_at": None,
}
FIELDS = ["power", "toughness", "abilities", "types", "colors", "counters", "name", "controller", "on_battlefield"]

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
results_shapes = st.fixed_dictionaries(
    {
        "seq": st.sampled_from([1, 2, 0, -1, "1"]),
        "results": st.dictionaries(
            st.sampled_from(["anthem-bearer", "bear", "ogre", "", "x"]),
            st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=5) | json_values,
            max_size=3,
        ),
    },
    optional={"context": json_values},
)
other_shapes = st.sampled_from(["skipped", "errored"]).flatmap(
    lambda kind: st.fixed_dictionaries(
        {"seq": st.sampled_from([1, 2]), kind: st.just(True)},
        optional={"reason": json_values, "message": json_values, "context": json_values},
    )
)
payloads = st.one_of(
    st.binary(max_size=3000),
    json_values.map(lambda v: json.dumps(v).encode()),
    results_shapes.map(lambda v: json.dumps(v).encode()),
    other_shapes.map(lambda v: json.dumps(v).encode()),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
)


def _through_a_pipe(payload: bytes, max_line: int = 4096) -> Reply:
    """The payload as the runner reads it from an adapter's standard output, then judged."""
    r, w = os.pipe()

    def write() -> None:
        with os.fdopen(w, "wb") as fh:
            fh.write(payload + b"\n")

    writer = threading.Thread(target=write)
    writer.start()
    with os.fdopen(r, "rb") as stream:
        reader = LineReader(stream, max_line)
        item = reader.get(time.monotonic() + 10)
        writer.join()
        reader.thread.join(5)
    assert item is not None
    if item.kind == "line":
        return parse_result(item.data, 1)
    return Reply("fault", f"{item.kind} ({item.size} bytes)")


def _check_reports(results: list[Any]) -> None:
    report = build_report(HEADER, results, True, 1)
    text = json.dumps(report, ensure_ascii=False, default=str)
    assert not list(validator("report").iter_errors(json.loads(text.encode("utf-8", "backslashreplace"))))
    ET.fromstring(junit_xml(report))
    assert "runs over" in markdown(report)


# 75 generated answers in CI (the long profile keeps its own count): both hand-breaks of the judging failed it at 75 as
# at 150 (2026-12-07: no schema check of an answer before it is judged; a missing object read as a key, which 40 and
# 30 answers missed and 50 caught); the answers too deep, too long, out of range or not UTF-8 are its explicit
# examples, run at any count.
@settings(max_examples=ci_examples(75))
@given(payload=payloads)
@example(payload=b"[" * 5000 + b"]" * 5000)
@example(payload=b'{"seq": 1, "results": ' + b"[" * 3000 + b"]" * 3000 + b"}")
@example(payload=b'{"seq": 1, "results": {"anthem-bearer": {"power": 1e999}}}')
@example(payload=b'{"seq": 1, "errored": true, "message": "\\ud800"}')
@example(payload=b"x" * 10_000)
def test_judging_any_answer_never_raises(payload: bytes) -> None:
    runner = Runner(RunnerOptions(argv=["unused"]))
    reply = _through_a_pipe(payload)
    result = runner.judge(JOBS[0], reply, 0.0)
    assert result.status in ("pass", "fail", "skip", "error")
    assert len(result.message) <= 2100
    _check_reports([result])


@settings(max_examples=4)
@given(payload=payloads)
@example(payload=b"[" * 5000 + b"]" * 5000 + b"\n")
def test_a_real_adapter_writing_any_bytes_never_makes_the_runner_raise(payload: bytes) -> None:
    env = {**os.environ, "ECHO_HEX": payload.hex()}
    runner = Runner(RunnerOptions(argv=[sys.executable, str(ECHO)], timeout=1.0, max_line=4096, env=env))
    results = runner.run(JOBS[:1])
    assert [r.seq for r in results] == [1]
    _check_reports(results)
