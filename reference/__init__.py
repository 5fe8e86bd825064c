"""The rules: Magic: The Gathering's layer system (CR 613, and the older 418.5) as pure functions.

This package is the specification. It holds only what decides an answer under the
rules, one concept per module, to be read beside rule 613:

- ``model`` (the values: objects, abilities, effects, boards) and ``frozen`` (immutable data);
- ``vocabulary`` (colors, types, subtypes, operations, 205.3, 122.1b);
- ``filters`` (which objects an effect applies to, values, 612 word replacement);
- ``operations`` (what each effect does to characteristics, 613.1a-g);
- ``copiable`` (copiable values and face-down values, 707, 708);
- ``effects`` (the continuous effects in play, 611, 604.3, counters 122);
- ``dependency`` (613.8); ``resolver`` (613.1-613.8, the trace);
- ``fast`` (the same loop with incremental bookkeeping: same results and traces, tested);
- ``chosen`` (choices made as a permanent enters, 614.1c, 707.6); ``entry`` (counters it enters with,
  614.12); ``tokens`` (tokens an ability creates, 111.3, 612.2a); ``game_state`` (life, hand, turn);
- ``versions`` and ``profiles/`` (rules versions as data); ``case`` (the meaning of a case's steps).

It may import only the standard library: no third-party package, no tools package, no
I/O beyond reading its own bundled profile data, no printing (tested in tests/test_layout.py).
"""

__version__ = "0.1.0"
