"""mtg-layers: a reference resolver for Magic: The Gathering's layer system (CR 613, and 418.5)."""

__version__ = "0.1.0"
