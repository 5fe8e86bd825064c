"""The words generated boards are made of, shared by every generator of the package.

Deliberately few (four card types, four subtypes, three colors, three keywords, two players),
so that filters often match what other effects change: dependencies and dependency loops are
common, not rare.
"""

from __future__ import annotations

from typing import Any

Data = dict[str, Any]

TYPES = ("creature", "artifact", "enchantment", "land")
CREATURE_SUBTYPES = ("elf", "goblin")
LAND_SUBTYPES = ("island", "swamp")
SUBTYPES = (*CREATURE_SUBTYPES, *LAND_SUBTYPES)
COLORS = ("white", "blue", "black")
KEYWORDS = ("flying", "haste", "trample")
PLAYERS = ("p1", "p2")
