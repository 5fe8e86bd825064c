"""Issue 28 item 14, shape (c): resolutions and CPU of open-entry steps with a token, an amount fixed on resolution or
state-based actions, before (every order: ``reference.entry.step_outcomes``, what ``StepOrders`` tried for such a step
before it read these events) and after (``reference_optimized.step_orders.distinct_step_outcomes``).

The cases are those of tests/reference_optimized/test_step_orders_events.py (``event_case``), with N painters tied at
timestamp 1.0 and one Lions (or the Soldier token) entering in step 2:

* tokens: Greeners and Bluers in turn, the green patron, the maker creating the Soldier (111.3);
* amounts: Greeners and Bluers in turn, the green patron, "+X/+X, X the number of creatures you control" resolving on
  the bear as the Lions enter (611.2d);
* sba: Greeners, Bluers, Witherers ("the bear is 1/0.") and Growers ("3/3") in turn, the blue patron, state-based
  actions performed (704.5f: the bear dies or not as the order says);
* lord (no event; ``--events lord``): a Husher, the Beargifter ("the bear has 'other creatures you control have
  flying.'"), then Wingers and Hushers in turn, the Bear after them (3.0), the Flier patron, the Lions entering
  (tests/reference_optimized/test_step_orders_lord.py, ``lord_case(lord_painters(N), 3.0)``: a lord given by the
  group, ``step_orders.lord_losses``).
* gainlord (no event; ``--events gainlord``): the Bearpumper ("the bear has 'other creatures you control get
  +1/+1.'"), then Wingers and Grounders in turn, no loss of all abilities, the Bear after them (3.0), the Flier
  patron, the Lions entering (tests/reference_optimized/test_step_orders_lord.py, ``lord_case(gain_painters(N),
  3.0)``: a tie of gains only giving a lord, ``step_orders.lord_gains``).

CPU is ``time.process_time`` of this process, runs alternating after/before; the every-order enumeration stops at
``LIMIT`` resolutions (120, what ``explain`` and ``verify`` use) and says whether it was complete.

Run: PYTHONPATH=. python benchmarks/step_events.py [REPEATS] [N ...] [--events E,...] (warm: both modes in one
process, alternating; later runs reuse what the resolver caches), or ``... cold EVENT N MODE [LIMIT]`` (one run in a
fresh process, MODE ``after`` or ``before``, every order stopping at LIMIT resolutions, by default ``LIMIT``),
alternating the modes from the shell.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from reference import entry
from reference.choices import LIMIT
from reference.versions import get_version
from reference_optimized.step_orders import StepOrders, distinct_step_outcomes
from tests.reference_optimized.test_step_orders_events import COUNT, TOKEN, event_case, laurels, results
from tests.reference_optimized.test_step_orders_lord import gain_painters, lord_case, lord_painters


def painters(kinds: list[str], n: int) -> list[str]:
    """``n`` painters of these kinds in turn, each named for its kind and place."""
    return [f"{kinds[j % len(kinds)]}{j}" for j in range(n)]


def case_of(event: str, n: int) -> Any:
    """The case of one event with ``n`` tied painters (module docstring)."""
    lions = {"id": "lions0", "name": "lions0", "controller": "p1", "colors": ["white"], "types": ["creature"],
             "power": 2, "toughness": 1}  # fmt: skip
    if event == "lord":
        return lord_case(lord_painters(n), 3.0)
    if event == "gainlord":
        return lord_case(gain_painters(n), 3.0)
    if event == "tokens":
        step: dict[str, Any] = {
            "description": "the token",
            "create_tokens": [{"id": "soldier", "by": "maker", "ability": TOKEN}],
        }
        return event_case(painters(["greener", "bluer"], n), ["green"], step, bear=False, maker=True)
    if event == "amounts":
        step = {"description": "they enter", "add_objects": [lions], "add_effects": [laurels("bear", COUNT)]}
        return event_case(painters(["greener", "bluer"], n), ["green"], step)
    step = {"description": "they enter", "add_objects": [lions], "state_based_actions": True}
    return event_case(painters(["greener", "bluer", "wither", "grow"], n), ["blue"], step)


def timed(run: Any) -> tuple[float, Any]:
    """CPU seconds of one call, and its value."""
    start = time.process_time()
    value = run()
    return time.process_time() - start, value


def measure(event: str, n: int, repeats: int) -> dict[str, Any]:
    """After and before on one case, alternating; the median CPU of each, the resolutions, completeness, and whether
    the outcomes agree (equal where every order was complete, else the reduced ones include every one found)."""
    case, version = case_of(event, n), get_version("current")
    after_cpu: list[float] = []
    before_cpu: list[float] = []
    after = before = None
    for _ in range(repeats):
        cpu, after = timed(lambda: distinct_step_outcomes(case, 2, version))
        after_cpu.append(cpu)
        cpu, before = timed(lambda: entry.step_outcomes(case, 2, version, LIMIT))
        before_cpu.append(cpu)
    assert after is not None and before is not None
    got, every = results(*after), results(*before)
    agree = got == every if before[1].complete else every <= got
    return {
        "event": event,
        "n": n,
        "reason": StepOrders(case, 2, version).reason,
        "after_runs": after[1].runs,
        "after_complete": after[1].complete,
        "after_outcomes": len(got),
        "after_cpu": sorted(after_cpu)[len(after_cpu) // 2],
        "before_runs": before[1].runs,
        "before_complete": before[1].complete,
        "before_outcomes": len(every),
        "before_cpu": sorted(before_cpu)[len(before_cpu) // 2],
        "agree": agree,
    }


def cold(event: str, n: int, mode: str, limit: int = LIMIT) -> dict[str, Any]:
    """One run of one mode (``after`` or ``before``) in a fresh process: its CPU with no resolution cached before."""
    case, version = case_of(event, n), get_version("current")
    if mode == "after":
        cpu, (boards, found) = timed(lambda: distinct_step_outcomes(case, 2, version))
    else:
        cpu, (boards, found) = timed(lambda: entry.step_outcomes(case, 2, version, limit))
    return {"event": event, "n": n, "mode": mode, "runs": found.runs, "complete": found.complete,
            "outcomes": len(results(boards, found)), "cpu": cpu}  # fmt: skip


def main(argv: list[str]) -> None:
    """One JSON line per event and N; ``cold EVENT N MODE``: one cold run (``cold``)."""
    if argv and argv[0] == "cold":
        print(json.dumps(cold(argv[1], int(argv[2]), argv[3], *(int(a) for a in argv[4:5]))), flush=True)
        return
    events: tuple[str, ...] = ("tokens", "amounts", "sba")
    if "--events" in argv:
        at = argv.index("--events")
        events = tuple(argv[at + 1].split(","))
        argv = argv[:at] + argv[at + 2 :]
    repeats = int(argv[0]) if argv else 3
    sizes = [int(a) for a in argv[1:]] or [4, 8, 10]
    for n in sizes:
        for event in events:
            print(json.dumps(measure(event, n, repeats)), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
