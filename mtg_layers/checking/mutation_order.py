"""The mutation sample's order of a mutant's tests (issue 18): its module's tests that name the function run first.

``mutation_campaign.run_sample`` loads it (``-p mtg_layers.checking.mutation_order``). tests/conftest.py has put a
mutant's tests in the sample's order (``sample_order``: unit tests, then families of many, then property tests, each
with its quick tests before those marked slow, and then the mutated module's own file first); this plugin's hook runs
after it and moves the tests of the module's own file (``test_<module>.py``) whose own code names the mutated function
(a call, an attribute, an import: ``named``) before the others, each part in the order it had. A unit test that calls
the function itself is the likeliest to fail under its mutant; without this, a mutant of ``reads.source_free_filter``
ran the 9 s of test_reads.py's corpus-wide table before the test that calls it (and fails at once). Only the own file's:
another file's test naming the function is most often a test of that other module, longer (tried, 2026-12-07: a mutant
of ``dependency.changes_what_it_applies_to`` then ran a test of test_class_moves.py for 1.8 s of CPU where its own
file's tests killed it in 0.2 s).

Only the time to a verdict changes, not the verdict: the run stops at its first failure (``-x``), a mutant that
survives runs every test in either order, and a mutant's verdict is whether some test of its run fails. Without a
mutant under test (no ``__mutmut_`` in ``MUTANT_UNDER_TEST``) the plugin does nothing.
"""

from __future__ import annotations

import ast
import functools
import inspect
import os
import textwrap
from collections.abc import Callable

import pytest


def searched_name(mutant: str) -> str:
    """The name a test calls the mutated function by: its own (``source_free_filter``, ``moved_classes``), or, for a
    special method (``KeptPair.__init__``), its class's."""
    from .mutation_campaign import parse_name

    owner, _, function = parse_name(mutant)[1].rpartition(".")
    return owner if owner and function.startswith("__") and function.endswith("__") else function


@functools.cache
def named(function: Callable[..., object]) -> frozenset[str]:
    """The names a test function's code uses (names, attributes, imported names; not its docstring or comments);
    nothing when its source cannot be read."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except (OSError, TypeError, SyntaxError):
        return frozenset()
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.alias):
            out.add((node.asname or node.name).rpartition(".")[2])
            out.add(node.name.rpartition(".")[2])
    return frozenset(out)


def names_it(item: pytest.Item, name: str) -> bool:
    """Whether the test's own function names ``name``."""
    function = getattr(item, "function", None)
    return callable(function) and name in named(function)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under a mutant: its module's own tests that name its function first, each part in the order it had."""
    from .mutation_campaign import parse_name

    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" not in mutant:
        return
    own, name = f"test_{parse_name(mutant)[0].rpartition('.')[2]}.py", searched_name(mutant)
    items.sort(key=lambda item: not (item.path.name == own and names_it(item, name)))
