"""French: every corpus card is in the French names file, and the French pages exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

from mtg_layers.docs_site.generated_pages import FRENCH_NAMES, french_names
from tests.builders import corpus

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads(FRENCH_NAMES.read_text("utf-8"))


def corpus_cards() -> set[str]:
    cards = {str(c["name"]) for case in corpus() for c in case.cards}
    for case in corpus():
        objects = list(case.objects) + [o for step in case.steps for o in step.add_objects]
        cards |= {o.card for o in objects if o.card}
    return cards


def test_every_card_has_a_french_name_or_a_reason() -> None:
    names, unknown = DATA["names"], DATA["unknown"]
    missing = sorted(corpus_cards() - set(names) - set(unknown))
    assert not missing, f"add these cards to docs/i18n/{FRENCH_NAMES.name} (names, or unknown with why): {missing}"
    assert not set(names) & set(unknown)
    assert all(isinstance(v, str) and v.strip() for v in [*names.values(), *unknown.values()])
    assert set(DATA["in_seeds"]) <= set(names)
    # the names checked against a French card table are names, not guesses kept apart
    assert set(DATA["checked"]["names"]) <= set(names) and DATA["checked"]["source"].strip()


def test_names_agree_with_the_cases() -> None:
    for case in corpus():
        for card in case.cards:
            fr = card.get("names", {}).get("fr")
            if fr:
                assert DATA["names"].get(card["name"]) == fr, (case.id, card["name"])


def test_case_pages_carry_french_names() -> None:
    humility = next(c for c in corpus() if any(n == "Humility" for n, _ in french_names(c)))
    assert ("Humility", "Humilité") in french_names(humility)
    moon = next(c for c in corpus() if c.id == "seed-urborg-then-blood-moon")
    assert ("Blood Moon", "Lune de sang") in french_names(moon)


def test_french_pages_exist() -> None:
    for page in (
        "index.md",
        "layers.md",
        "glossary.md",
        "interpretations.md",
        "playground.md",
        "trace.md",
        "versions.md",
    ):
        text = (ROOT / "docs" / "fr" / page).read_text("utf-8")
        assert text.startswith("# ")
    assert "tampon horaire" in (ROOT / "docs" / "fr" / "glossary.md").read_text("utf-8")
    assert "## La dépendance" in (ROOT / "docs" / "fr" / "layers.md").read_text("utf-8")


WIDGET_ID = re.compile(r'id="(pg-[a-z-]+)"')


def test_the_french_playground_is_the_playground() -> None:
    """docs/fr/playground.md holds the playground itself (every control of the English page), labelled in French,
    and runs the English page's runtime."""
    english = (ROOT / "docs" / "playground.md").read_text("utf-8")
    french = (ROOT / "docs" / "fr" / "playground.md").read_text("utf-8")
    assert set(WIDGET_ID.findall(english)) == set(WIDGET_ID.findall(french))
    for label in (">Lancer<", ">Ajouter<", ">Construire et lancer<", "Version des règles", "Chargement de Python"):
        assert label in french, label
    for label in (">Run<", ">Add<", "Rules version", "Loading Python"):
        assert label not in french, label
    assert 'data-pg-runtime="../../playground/"' in french


def test_the_playground_script_has_every_word_in_french() -> None:
    """The playground's script says each of its words in English and in French (the page's language)."""
    script = (ROOT / "docs" / "javascripts" / "playground.js").read_text("utf-8")
    blocks = re.search(r"en: \{(.*?)\n    \},\n    fr: \{(.*?)\n    \},", script, re.DOTALL)
    assert blocks, "WORDS.en and WORDS.fr not found in playground.js"
    keys = [re.findall(r"^\s{6}(\w+):", b, re.MULTILINE) for b in blocks.groups()]
    assert keys[0] and keys[0] == keys[1], keys


def test_the_french_interpretations_cover_every_section() -> None:
    """docs/fr/interpretations.md has a section for each of the English page's, by the same anchor."""
    anchor = re.compile(r"^## .*\{#([\w-]+)\}$", re.MULTILINE)
    english = anchor.findall((ROOT / "docs" / "interpretations.md").read_text("utf-8"))
    french = anchor.findall((ROOT / "docs" / "fr" / "interpretations.md").read_text("utf-8"))
    assert english and french == english
