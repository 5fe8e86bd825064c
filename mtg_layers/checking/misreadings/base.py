"""What every misreading shares: its record (rule, sentence as misread, what the wrong engine does) and patching.

A misreading changes the rules for the duration of one ``with`` block: it patches the readable
rules modules of ``reference`` (``unittest.mock.patch``) and may hand the resolver a doctored
rules version. It never edits a file. Inside the block the readable resolver
(``reference.resolver.resolve``, ``reference.choices.outcomes`` and the case steps of
``reference.case``) is the wrong engine; the faster bookkeeping (``reference_optimized``) is not
used there (``verify`` is handed the readable resolver) and the outcomes of ties are taken over every
order by the readable resolver, so no answer can come from a path the misreading did not change.
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from unittest import mock

from reference.model import Board, Characteristics
from reference.versions import Classification, RulesVersion

Resolver = Callable[[Board, RulesVersion], Mapping[str, Characteristics]]
Applier = Callable[[RulesVersion], contextlib.AbstractContextManager[RulesVersion]]


@dataclass(frozen=True)
class Misreading:
    """One wrong reading of one rule sentence, and the engine that reads it so."""

    id: str
    rule: str  # the rule number, as the Comprehensive Rules number it ("613.7c")
    misreading: str  # the sentence as misread, in the project's own words
    wrong_engine: str  # what the engine that reads it so does
    apply: Applier  # with m.apply(version) as doctored: the rules are misread inside the block

    def resolver(self) -> Resolver:
        """The misreading as a resolver, (board, version) -> final characteristics."""

        def resolve(board: Board, version: RulesVersion) -> Mapping[str, Characteristics]:
            import reference.resolver

            with self.apply(version) as doctored:
                return reference.resolver.resolve(board, doctored).final

        resolve.__doc__ = f"{self.rule} misread: {self.misreading}"
        return resolve


def _readable(board: Board, version: RulesVersion) -> Any:
    """613.1: the readable resolver, as the block patched it (``verify`` reads an entry under an order the case leaves
    open, 613.7m and 614.12, through the resolver it is handed: refused, every such case would catch every
    misreading by crashing)."""
    import reference.resolver

    return reference.resolver.resolve(board, version)


def _every_order(board: Board, version: RulesVersion, *args: Any, **kwargs: Any) -> Any:
    """613.7m: the outcomes by the readable resolver over every order of each tie (the faster grouping of
    orders reads the faster bookkeeping's facts, which a misreading does not change)."""
    import reference.choices

    return reference.choices.outcomes(board, version)


@contextlib.contextmanager
def patched(patches: Mapping[str, Any]) -> Iterator[None]:
    """Each ``target -> new`` patched for the block (and the readable resolver in the faster bookkeeping's place)."""
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch("mtg_layers.checking.verify.resolve", _readable))
        stack.enter_context(mock.patch("mtg_layers.checking.verify.distinct_outcomes", _every_order))
        for target, new in patches.items():
            _same_calls(target, pkgutil.resolve_name(target), new)
            stack.enter_context(mock.patch(target, new))
        yield


def _same_calls(target: str, original: Any, new: Any) -> None:
    """A replacement function takes the calls the original takes: as many parameters, of the same kinds.

    A replacement that took fewer would raise ``TypeError`` at each call, and the kill matrix would count the crash
    as the corpus catching the misreading (``kill_matrix.catches``): ``copy-enters-then-becomes`` did so on twelve
    cases after ``as_it_would_exist`` gained a parameter. A replacement taking ``*args`` takes any call.
    """
    if not (inspect.isfunction(original) and inspect.isfunction(new)):
        return
    kinds = [p.kind for p in inspect.signature(new).parameters.values()]
    if inspect.Parameter.VAR_POSITIONAL in kinds:
        return
    if kinds != [p.kind for p in inspect.signature(original).parameters.values()]:
        raise TypeError(
            f"the misreading replaces {target}{inspect.signature(original)} with a function of another signature: "
            f"{inspect.signature(new)}"
        )


def misreading(
    rule: str, misread: str, does: str, name: str | None = None
) -> Callable[[Callable[..., Any]], Misreading]:
    """Decorate a generator ``(version) -> yields the version to use`` (patching around the yield)."""

    def wrap(gen: Callable[..., Any]) -> Misreading:
        ident = name or gen.__name__.replace("_", "-")
        return Misreading(ident, rule, misread, does, contextlib.contextmanager(gen))

    return wrap


def patching(rule: str, misread: str, does: str, name: str, patches: Callable[[], Mapping[str, Any]]) -> Misreading:
    """A misreading that only patches (``patches()`` is called when the block opens)."""

    @contextlib.contextmanager
    def apply(version: RulesVersion) -> Iterator[RulesVersion]:
        with patched(patches()):
            yield version

    return Misreading(name, rule, misread, does, apply)


def doctoring(
    rule: str, misread: str, does: str, name: str, doctor: Callable[[RulesVersion], RulesVersion]
) -> Misreading:
    """A misreading that only hands the resolver a doctored rules version."""

    @contextlib.contextmanager
    def apply(version: RulesVersion) -> Iterator[RulesVersion]:
        with patched({}):
            yield doctor(version)

    return Misreading(name, rule, misread, does, apply)


def reclassify(version: RulesVersion, kind: str, origins: tuple[str, ...], slot: str) -> RulesVersion:
    """The version with effects of ``kind`` (from ``origins``) moved to ``slot`` (the first matching rule wins)."""
    rules = [Classification(kind, origins, slot), *version.classification]
    return dataclasses.replace(version, classification=tuple(rules))


def swap_slots(version: RulesVersion, a: str, b: str) -> RulesVersion:
    """The version with slots ``a`` and ``b`` applied in each other's place."""
    slots = list(version.slots)
    ids = [s.id for s in slots]
    if a not in ids or b not in ids:
        return version
    i, j = ids.index(a), ids.index(b)
    slots[i], slots[j] = slots[j], slots[i]
    return dataclasses.replace(version, slots=tuple(slots))
