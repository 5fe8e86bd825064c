"""Mutation testing of the rules (issue 18): mutmut over reference/, kill rate per module and survivors.

    python benchmarks/mutation.py                      # the full campaign: every mutant of every module
    python benchmarks/mutation.py --module clock       # only these modules (repeatable)
    python benchmarks/mutation.py --sample 5 --seed 18 # a fixed seeded sample: up to 5 mutants per module
    python benchmarks/mutation.py --rejudge            # run again every survivor so far (after new tests)
    python benchmarks/mutation.py --report             # no run: the figures of what has been run so far
    python benchmarks/mutation.py --named              # also: which corpus cases catch each named mutant
    python benchmarks/mutation.py --golden 8 --seed 18 # the golden answers alone on a seeded sample (--write stores it)

mutmut runs in build/mutation/ (a scratch copy), under `nice`, with the killing suite
mtg_layers.checking.mutation_campaign.KILLING_SUITE; results accumulate there between runs (a mutant already judged
is not run again unless it is named). --write also stores every judged mutant's result with its
function's hash in mtg_layers/data/mutation-state.json, and a run on a new machine starts from
it: mutmut keeps a stored result only while the function's code is unchanged. Mutants recorded as equivalent in
mtg_layers/data/mutation-equivalents.json are not reported as survivors. With --write the
figures go to mtg_layers/data/mutation-results.json, from which `mtg-layers docs` builds the
Proofs page's table.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from importlib.metadata import version

from mtg_layers.checking import mutation_campaign as mutation
from mtg_layers.checking import mutation_report


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--module", action="append", default=[], help="a module of reference/ (repeatable)")
    ap.add_argument("--sample", type=int, default=0, help="up to N mutants per module, drawn with --seed")
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--jobs", type=int, default=2, help="mutmut workers (default 2)")
    ap.add_argument("--nice", type=int, default=10, help="niceness of the run (default 10)")
    ap.add_argument("--report", action="store_true", help="do not run mutmut; report what has been run")
    ap.add_argument(
        "--rejudge", action="store_true", help="run again every survivor not recorded as equivalent (after new tests)"
    )
    ap.add_argument("--write", action="store_true", help="store the figures in mtg_layers/data/mutation-results.json")
    ap.add_argument("--named", action="store_true", help="recompute which corpus cases catch each named mutant")
    ap.add_argument(
        "--golden",
        type=int,
        default=0,
        metavar="N",
        help="judge up to N mutants per module (drawn with --seed) with the golden answers alone, nothing else",
    )
    args = ap.parse_args(argv)
    if args.golden:
        return golden(args.golden, args.seed, args.write)

    known = mutation.modules()
    unknown = sorted(set(args.module) - set(known))
    if unknown:
        ap.error(f"not modules of reference/: {', '.join(unknown)} (known: {', '.join(known)})")

    if not args.report:
        mutation.prepare()
        seeded = mutation.restore_state()
        if seeded:
            print(f"resuming: {seeded} results of earlier runs seeded from {mutation.STATE_FILE.name}", file=sys.stderr)
        if args.rejudge:
            judged = mutation.classify(mutation.exit_codes(), mutation.load_equivalents())
            targets = [m.name for m in judged if not m.detected and m.status not in ("equivalent", "not run")]
            targets = [n for n in targets if not args.module or mutation.parse_name(n)[0] in args.module]
            print(f"judging {len(targets)} survivors again", file=sys.stderr)
        elif args.sample:
            mutation.generate(jobs=args.jobs)
            names = [n for n in mutation.exit_codes() if not args.module or mutation.parse_name(n)[0] in args.module]
            targets = mutation.sample(names, args.sample, args.seed)
        else:
            targets = [f"reference.{m}.*" for m in args.module]
        # an empty list would make mutmut run every mutant: nothing to judge again means no run
        rc = mutation.run_mutmut(targets, jobs=args.jobs, nice=args.nice) if targets or not args.rejudge else 0
        if rc != 0:
            print(f"mutmut exited with {rc}", file=sys.stderr)

    mutants = mutation.classify(mutation.exit_codes(), mutation.load_equivalents())
    rows = mutation.summary(mutants)
    print(f"{'module':<18} {'mutants':>7} {'killed':>7} {'equiv':>6} {'survived':>8} {'not run':>7} {'kill rate':>9}")
    for r in rows:
        rate = "-" if r["kill_rate"] is None else f"{r['kill_rate']:.1f}%"
        print(
            f"{r['module']:<18} {r['mutants']:>7} {r['killed']:>7} {r['equivalent']:>6} {r['survived']:>8}"
            f" {r['not_run']:>7} {rate:>9}"
        )
    survivors = [m for m in mutants if not m.detected and m.status not in ("equivalent", "not run")]
    print(f"\n{len(survivors)} survivors (not killed, not recorded as equivalent):")
    for m in survivors:
        print(f"  {m.name} [{m.status}]")
        for line in m.before:
            print(f"      - {line}")
        for line in m.after:
            print(f"      + {line}")
    if args.write:
        complete = all(r["not_run"] == 0 for r in rows)
        scope = "every mutant of every module" if complete else "partial: see the not run column"
        mutation.write_results(
            rows,
            survivors,
            {"date": datetime.date.today().isoformat(), "tool_version": version("mutmut"), "scope": scope},
        )
        stored = mutation.save_state()
        print(f"{stored} judged mutants stored in {mutation.STATE_FILE.name}", file=sys.stderr)
    if args.named:
        for name, cases in mutation_report.write_named_mutants().items():
            print(f"{name}: {len(cases)} corpus cases")
    return 0


def golden(per_module: int, seed: int, write: bool) -> int:
    """The share of a seeded sample of mutants that the golden answers alone kill, per module (issue 38)."""
    from mtg_layers.checking import mutation_golden

    def progress(name: str, verdict: str) -> None:
        print(f"{verdict:<9} {name}", file=sys.stderr, flush=True)

    verdicts, seconds = mutation_golden.run_sample(per_module, seed, progress=progress)
    rows = mutation_golden.per_module(verdicts, mutation_golden.suite_verdicts())
    print(f"{'module':<34} {'sampled':>7} {'golden':>7} {'share':>6} {'suite':>6} {'share':>6}")
    for r in rows:
        print(
            f"{r['module']:<34} {r['sampled']:>7} {r['golden_killed']:>7} {r['golden_share']:>5.1f}%"
            f" {r['suite_killed']:>6} {r['suite_share']:>5.1f}%"
        )
    print(f"{len(verdicts)} mutants judged in {seconds:.0f} s", file=sys.stderr)
    if write:
        meta = {
            "date": datetime.date.today().isoformat(),
            "per_module": per_module,
            "seed": seed,
            "seconds": round(seconds),
            "suite": list(mutation_golden.GOLDEN_SUITE),
        }
        mutation_golden.store(rows, meta)
    return 0


if __name__ == "__main__":
    sys.exit(main())
