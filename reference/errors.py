"""What the resolver raises when a board, as stated, gives the rules nothing to apply.

The loader refuses what it can see in a file; some boards only show it while they are resolved: an
effect reads a game-state value the case does not give (119.1, 402.1), a text-changing effect whose
filter must pick one card picks two (612.6), a recorded order the rules do not leave to the players
(613.7m). The tools turn a ``ResolutionError`` into one error line naming the file and the step.
"""

from __future__ import annotations


class ResolutionError(ValueError):
    """A board the rules cannot resolve as stated: the message says what is missing or contradictory."""
