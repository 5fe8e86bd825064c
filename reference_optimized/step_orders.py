"""The orders of tied effects worth trying through a case step with an open entry: one per class that ends alike.

``reference.entry.step_outcomes`` lists the outcomes of a case step where an object enters while an order of tied
effects is open (613.7m): the counters it enters with are read from the object as it would exist (614.12, 614.1c)
under the same order as the board after the step, so it builds the whole step again under each order tried. The
reductions of ``reference_optimized.orders`` argue about one board; this module gives that enumeration one order per
class of orders that end alike on *every board the step reads*, so the step's outcomes are found with far fewer
resolutions (n tied colour settings: one order per colour, not n!).

**The boards a step reads.** Replaying a case up to step n under one order σ of the tied effects, the order is read
only where a board is resolved. Leaving aside for now steps that perform state-based actions (704.3), create tokens
(111.3) or fix an amount as their effect resolves (611.2d; "Tokens, amounts fixed on resolution and state-based
actions", below), those are: for each step k with an object entering
while the board has an "enters with" ability (614.1c), the board before the step (the sources, 614.12) and, for each
object o entering, the board after it with o looked at as it would exist (``reference.entry.looked_at_board``); and
the board after step n. Nothing else of the replay depends on σ but the counters each entry gives. So two orders
whose resolutions agree on every one of those boards give, entry after entry, the same counters (``counters_added``
reads the two boards' final states and the boards themselves, which are the same once the earlier entries gave the
same counters), hence the same boards after, and the same final state: the same step outcome.

**The boards read here stand for every order's.** The boards under σ differ from those the case's recorded order
builds only in the entry counters on the objects that entered. So each board is read here with a counter of every
kind an "enters with" ability of the case can give (``with_every_counter``) on each object that entered in an entry
step so far and is on the battlefield. The effects of the board under any σ are then those read here, except that
some counter effects (122.1a-b, 613.7c: one per object and kind) are absent or hold another number. Nothing below
reads a counter effect's number (``orders.interact``/``commute`` and ``last_touch.touches`` read an operation's
kind, what it reads and writes and its timestamp; a number reads nothing, and sums commute, 613.4c), and fewer
effects only remove interactions and failed checks: what holds of the boards read here holds of every σ's.

**The scope, board by board** (``scope_reason``). On every board read, each operation of an effect in play is one of
``orders.SCOPE_OPS`` and gives or takes away no ability that generates an effect (``orders.part_out_of_scope``), no
effect's filter or value reads counters (``reads_counters``: the entry counters are what differs between the orders),
and no static ability's condition reads what an effect writes, counters or whose turn it is (611.3a). So the effects
in play on each board, and what each reads, are the same under every order, as in ``orders``' scope; the case's
definitions that nothing holds do not count (they generate nothing). The 614.12 look is in it: on a looked-at board
the same effects exist, and a static ability of another object only leaves the entering object out of the objects it
applies to (``reference.effects.affected``), the same for every effect of one source; that changes what effects touch,
never what they read or write.

**The classes.** On each board the effects are split into components (``orders.components``); the components are
merged across the boards (``merged_components``: two effects linked on any board are linked), so every board's
components refine the merged ones. A tie's keys are grouped by the merged components (``orders.groups``) and the
orders tried are the products of the orders tried of each group, as in ``orders.DistinctOrders``. Inside a group of
three keys or more, one order per signature of ``reference_optimized.last_touch``, read on the effects of every board
at once (``one_per_key``), where its scope holds there; else every order of the group. Each effect whose objects are
the same in every order on every board (a resolved effect's list, 611.2c, or a filter reading nothing any effect of
any board writes, 611.3a, 613.6) has its objects named with the board they are on (``tagged_objects``: ``n/id``): an
atom is then (slot, board, object, characteristic, element), touched only by the effects on its board, so the
signature of an order, cut to one board's atoms, is that board's signature, also where an effect of the group is
missing from a board (a painter leaving in the step is on the sources' board only; one entering with the creature is
not yet on its looked-at board, 614.12). An effect whose filter reads what may be written is one opaque item of its
source and filter (``last_touch``'s own reading); ``last_touch`` takes such a group only when all its effects are of
that one source and filter, whose effects are on the same boards (in the scope no ability of a source comes or goes)
and leave out the entering object together, so they touch the same objects on each board.

A tie whose keys name abilities of two objects and others of one (``reference.choices`` drops an order interleaving
them, and a class's one order could be such) or whose recorded order may place them in another slot's tie
(``orders.pins_later``, read on every board's effects) keeps every order.

**Why this gives every outcome (proof sketch).** Take any order σ, and the tried order τ with the same order inside
each group (or, inside a group reduced by ``last_touch``, the same signature). On each board B read, B's components
refine the merged ones, so σ and τ agree inside each of B's components. Where a group was reduced, ``last_touch``'s
conditions, checked on the effects of every board, hold on B's (fewer effects, the same operations, filters and
timestamps: every check there is that no effect reads, writes or ties in a way that could reorder the group), and σ
and τ have the same signature on B's atoms. By ``orders``' argument
(and ``last_touch``'s) B ends alike under σ and τ. Every board read ends alike, so by the paragraphs above σ and τ give
the step the same outcome. The lazy enumeration meets the ties of the several boards one after the other, as it meets
the ties of one board's several slots; the orders tried of each are those ``orders.DistinctOrders`` would try of a
board holding every board's effects. Every tried order is an order of the tied effects, so no outcome is added.

**Territories, across the boards** (``step_territories``). Where a board read holds what ``orders``' scope leaves out
(a text change, 612; a loss of abilities, or a gain of one that generates an effect, 611.3b, 613.1f; a keyword counter,
122.1b), the step may still be split by *territory* (``reference_optimized.territories``, whose module docstring gives
the argument on one board, from a tie's slot on). Each board is read here from its first slot on
(``board_territories``): the effects in play before the layers, none locked in, the characteristics before the
layers, which is that argument for a tie in the first slot (no slot before it for the orders to change). An effect
with no part (an "enters with" replacement's, 614.1c) applies in no layer: it is in no tie, changes nothing and is
read by nothing, so it is a class of its own (its source's abilities are what the entry reads, from that board's final
state). The shape (``territories.territories``: local operations with fixed objects, values and conditions reading
nothing written, no text change under a source that gives abilities or reads words) must hold on every board, and, for
the boards-read argument: no effect, no definition an effect gives (611.3b) and no static ability's condition reads
counters (``reads_counters``), and no condition reads whose turn it is. The territories of every board are merged
(``merged``: two effects in one territory on one board are in one), and no board has two effects of one timestamp in
different merged territories that a rule orders (``territories.ruled_across`` on the merged territories: 613.7n, APNAP).

*They stand for every order's boards.* A board B_σ under σ holds B's effects before the layers but some counter
effects, or others with other numbers (above). Each step of the shape holds with fewer effects: fewer writes leave more
filters fixed, fewer links give finer territories, the refusals (612.2, conditions) and ``ruled_across``'s pairs only
lose cases; a counter's number is a constant, which the shape allows whatever it is; nothing reads counters. So B_σ's
territories refine the merged ones, and a union of territories is closed as one is (its effects change only its
objects and read only them or what nothing writes), so ``territories``' argument holds on B_σ with the merged
territories as its parts.

*The orders tried.* A tie's keys are grouped by the merged territories of the effects they name (``orders.groups``).
Inside a group, where every operation of its merged territories (their effects on every board) is in ``orders``' scope,
or is a loss of all abilities whose objects hold only defined abilities ``territories`` reads beside it, or a gain of
defined abilities whose effects ``territories`` reads beside such losses (``losses_alone``, below: no other effect of
those territories changes text or takes a defined ability away, and no other territory touches their objects, so the
losses end only effects that apply or not as the signature says, or the same way in every order, and start only the
given ones),
or is a gain of defined abilities each of whose effects applies at a place timestamps fix (``gifts_apart``, below),
those territories are split by their merged components and one order per signature of ``last_touch`` (losses read as
settings, ``lose_all``; a gain's wording an ability like a keyword) is tried over every board's atoms: the in-scope
argument above, read on those territories' effects alone (``territories``: the others do not meet them). Else every
order of the group. A tie holding an effect
that no board has before the layers (one a granted ability generates as the layers run, 611.3b: no territory names
it, and its holder may name no effect read, a group of its own) keeps every order (``StepOrders.__call__``).

*A defined ability given, at its own timestamp* (``gifts_apart``, ``fixed_place``; "other creatures you control have
'this creature has flying.'" beside Wingers and Grounders, the creature entering after them). It is checked on each
board read B, on the effects ``near`` of the group's merged territories there, and holds on every B_σ (below). Its
conditions, each with its rule:

1. Every operation of ``near`` outside ``orders``' scope is a gain (``add_abilities``) of defined abilities (613.1f,
   611.3b, 612: no loss of a defined ability or of all abilities, no text change, no keyword counter). So every effect
   of ``near`` exists from the first slot to the last (a static ability's source keeps its defined abilities and its
   words; conditions read nothing written, 611.3a), and the effects the gains start exist once started. With the
   territories' shape (filters and values read nothing written, the given definitions' writes counted), no effect
   changes another's existence, objects or what it does but a gain starting one (613.8a), and that one exists only
   once its gain has applied: no dependency edge is ever drawn, so in each slot the layer loop applies the effects
   present in rank order (613.7; 613.3 for characteristic-defining ones), ties by the order.
2. No object X a gain of wording w reaches (its objects, fixed: ``territories.touched``) holds w as its own as the
   first slot begins (613.1f: ``add_abilities`` leaves such a wording the object's own, and its effect would not be
   one the gain starts). So, with 1, X has w from the first gain of w reaching it on, in every order, and its effect
   E (611.3b) exists from then on (a granted ability is never characteristic-defining, 604.3a).
3. The definition given acts on X alone ("this creature ...", ``applies_to`` the source, 611.3a: a lord given, whose
   filter finds objects whose losses it need not wait for, stays out, as in ``territories``), does nothing but apply
   in layers (``territories.layers_only``: no condition, replacement, token or other zone) and is not
   characteristic-defining; each of its operations is in ``orders``' scope (it gives and takes no defined ability in
   turn, 611.3b).
4. E's timestamp is X's or its gain's, whichever is later (613.7a; ``reference.effects.static_effect`` takes the last
   gain applied): it lies between ``low`` and ``high``, the least and greatest of those over the gains of w reaching X.
   In each slot of E's operations, every operation there of ``near`` that E's does not commute with
   (``orders.commute``, 613.4c, 613.1e-f) has a timestamp below ``low`` or above ``high``, and E's commute with every
   operation there of the definitions given (``fixed_place``).

*Why E is a fixed step.* By 1 the effects of a slot apply in rank order; E, started by a gain of timestamp at most its
own, joins that order at its rank, in a slot after the gains' from the slot's start with the timestamp ``high`` (a slot
before theirs is over before E exists: E never applies there, in any order). Every effect E does not commute with
applies before E (timestamp below ``low``: present and ready, of lower rank; a characteristic-defining one that 613.3
puts first, whatever its timestamp) or after it (above ``high``: every gain of w reaching X has a timestamp at most
``high``, applies first and starts E, of lower rank than that effect). So, moving E across the operations it commutes
with, every order's sequence on X ends as the sequence with E at one place: after every effect of rank up to E's
greatest, before every later one. That place never splits the group (one timestamp), and E's values read nothing
written: E is a fixed step outside the group, like an effect of another timestamp, and the gain's wording is an element
of X's abilities that only gains touch (a gain sets it present, 613.1f; ``last_touch``'s reading). The effects E ties
with (of one timestamp in ``low``-``high``) commute with it, so such a tie, which keeps every order (E names no merged
territory, ``StepOrders.__call__``), changes nothing either. On B_σ the same holds: the effects differ only in counter
effects (absent, or another number); a number is no operation kind, X's timestamp is the same, so every check above
holds with fewer effects.

*Why this gives every outcome.* Take σ, and the tried τ with the same order inside each group (or the same signature).
Entry after entry the boards under σ and τ are the same B_σ while they end alike (above). On B_σ each merged territory's
effects apply in the same sequence under σ and τ (``territories``; inside a reduced group, ``orders``' and
``last_touch``'s arguments on its territories, whose conditions, checked on the boards read, hold on B_σ's fewer
effects), the territories' objects end alike, and the other territories' effects commute with them. So every board
read ends alike, and σ and τ give the step the same outcome. ``pins_later`` and the interleaving of two objects'
abilities keep every order as above. Every tried order is an order of the tied effects, so no outcome is added.

*Losses beside gains of defined abilities* (``losses_alone``, ``lost_unapplied``; a Husher, "other creatures you
control lose all abilities", tied with a Gifter giving them "this creature has flying." and Wingers, or with a
Sizegifter giving "this creature is 1/1." and Wingers and Grounders). It is checked on each board read B, on the
effects ``near`` of the group's merged territories there, and holds on every B_σ (below). Its conditions, each with its
rule:

1. Every operation of ``near`` outside ``orders``' scope is a loss of all abilities (or of all but mana abilities; one
   at least) or a gain (``add_abilities``) of defined abilities (613.1f, 611.3b, 612: no named loss of a defined
   ability, no text change, no keyword counter). ``where`` is the last slot of those losses.
2. Each ability whose wording stands for a definition that an object X a loss reaches holds as the first slot begins
   (read through its text changes) is one ``holds_no_definition`` reads with the version and the group's timestamps
   (``stamps``) from the board's first slot (``first_slot``, passed as the tie's slot: nothing locked in), its effect E
   doing nothing but apply in layers: E applies only in slots after ``where`` (``ends_after``: the losses reaching X
   end it before it would first apply, so it applies after ``where`` exactly when the wording is still X's at the end
   of ``where``); or from ``where`` on, X has no effect with one of ``stamps`` and E takes no ability away
   (``apart_from_tie``: E applies before every effect of the group there, after every one, or not at all, the same way
   in every order, decided by timestamps and by losses the same in every order, 613.7, 613.8a); or from ``where`` on,
   waiting for a loss reaching X that exists in every order (``lost_first``: E depends on it, 613.8a, and ends as it
   applies, so E applies in no order, 613.8b; ``lost_unapplied`` leaves it out of the effects the orders are read on,
   as ``territories`` does, ``never_applying``), E taking no ability away or only named abilities with no definition
   behind them from X alone ("this creature loses flying.", ``territories.takes_keywords_alone``: applying it ends no
   effect and changes nothing any effect reads, so still no effect depends on it); or E has its first slot before
   ``where``, takes no ability away, and X has no effect with one of ``stamps`` (``begun_before_losses``, "this creature
   is green.", layer 5, or "this creature is blue and gets +1/+1.", 5 and 7c, characteristic-defining too). No basic
   land type's mana ability is defined (305.6). ``done_before`` and ``defined_before`` (slots before the first: none)
   and the readings of effects locked in before the tie (``locked_before``, ``defined_locked_before``: none is) take
   nothing here.

   *A held definition begun before the losses, from the first slot.* By 1 every operation of ``near`` that gives or
   takes an ability is in the abilities' layer (613.1f), ``where``'s slot, and no text changes (612): in every slot
   before ``where`` X has E's wording, in every order, so E exists there (611.3b) and begins to apply in its first slot
   (613.6), the same in every order; the order is not even read before the tie's slot, wherever the tie is met. There
   and in each later slot of E its place is fixed: E's timestamp is X's, none of the group's (613.7; first if
   characteristic-defining, 613.3, among those by timestamp); no effect changes E's existence before ``where``, its
   text, its objects (fixed: the territories' shape) or its values (constants), and E takes no ability away and writes
   nothing a filter, value or condition reads, so E depends on nothing and nothing depends on it (613.8a). After
   ``where`` E keeps applying to the same objects though the losses took its wording (613.6: once begun, an effect is
   not ended by the loss of its ability), at the same place. So in every order E is the same fixed steps, its wording
   an element of X's abilities like a keyword's (``last_touch``, "A defined ability held, begun before the losses").
   Before M10 colours and abilities share one layer (418.5): a colour part is in ``where``'s slot and the reading does
   not take it. X with one of ``stamps`` (a creature with the group's timestamp) keeps every order: E would then meet
   the group's effects by timestamp, in a tie the order decides.

3. Each definition given is one ``territories.granted_apart`` takes (its effect applies only in slots after ``where``,
   acting on the object given it or on objects it names by identity, 109.2) or one ``territories.granted_at_losses``
   takes (acting on the object given it from ``where`` on, with parts there, its wording no mana ability's, 605.1a).
   Either way: numbers for values, nothing else to do (no condition, replacement or token), not characteristic-
   defining, and in each of its slots each of its operations is in ``orders``' scope and commutes (613.4c, 613.1e-f)
   with every operation there of ``near`` (the losses of all abilities aside in ``where``: those reaching the object
   given it are done first, the others act on other objects; and the effects ``lost_first`` takes, which apply in no
   order, 613.8b) and of the other definitions given (``given_parts``).

This is ``territories``' shape and ``holds_no_definition``'s reading (with the version, the group's timestamps,
``stamps``, and the first slot as the tie's: nothing locked in) for a tie in the first slot, where ``territories`` reads
the board (above): no slot before it that an order could change. By 2 an effect held from the start that the losses may
end applies, or not, as the signature of the order says (``ends_after``: the wording read as an atom, lost in every
order or in none where no gain names it), or the same way in every order (``apart_from_tie``, ``lost_first``), or is the
same fixed steps in every order (``begun_before_losses``, above): the arguments of ``last_touch``'s module docstring
("Losses of all abilities", "A defined ability held apart from the tie", "A defined ability held with the group's
timestamp", "A defined ability held, begun before the losses"), which read one board from a tie's slot on; a held
wording a gain gives again (613.1f: it stays the object's own while held; once lost, the gain starts the given effect)
is read by 3 as given. By 1 the only other effects the group starts or ends are those of the given definitions
(611.3b). By 3 and ``last_touch``'s
module docstring ("A defined ability given in the losses' layer", "A defined ability given by the group"): whether each
given effect exists after ``where``, or applies in ``where`` after every loss reaching its object (613.8a-b: it depends
on each while unapplied), is decided by the signature of the order, the given wording read as an atom like a keyword;
where it applies among its slots' effects changes nothing, since it commutes with all of them and nothing reads what it
writes (the shape's filters, values and conditions read nothing written). So each board read ends as the signature says.
A given effect may take the group's timestamp (613.7a: its holder's or its gain's, the later) and meet a tie of the
group's effects in a later slot; no board read has it before the layers, so that tie keeps every order
(``StepOrders.__call__``): more resolutions, never a lost outcome. On B_σ the same holds: its effects differ from B's
only in counter effects (absent, or another number, 122.1a-b, 613.7c); ``orders.commute`` reads operations' kinds, and a
counter's number only where both operations are sums, which commute whatever their numbers (613.4c), so each check of 3
holds with fewer operations or other numbers; what the losses reach is fixed (the territories' shape), the same on B_σ;
the definitions given are the case's, the same on every board; the abilities held before the layers are the same on B_σ
(no counter of the entry gives one: ``reads_counters``, and a keyword counter is an effect, absent or not), and each
reading of 2 holds with fewer effects (``sure_loss``' loss is a static ability or a resolved effect, never a counter
effect; ``_holder_untied`` asks fewer effects). The proof of "Why this gives every outcome" above then holds as written,
with this reading beside ``orders``' and ``last_touch``'s inside a reduced group. A lord given ("other
creatures you control get +1/+1"), whose filter finds objects whose losses it need not wait for, is refused by 3 and
keeps every order there (``tests/reference_optimized/test_territories.py``, Rune of Flight on Colossus Hammer); it is
read by ``lord_losses`` instead, below.

*A lord given by the group, in a step* (``lord_territories``, ``lord_losses``; "creatures you control have 'other
creatures you control have flying.'" beside Hushers and Wingers, a creature entering). Where the territories refuse a
board only for a lord given, each board read is split again with the lord's objects F(h), read on that board with its
holder h as source, joined to h's territory (``territories.territories`` with ``lords``), and a group whose
territories hold such a gain beside losses of all abilities is read as on one board (``territories.lord_given``,
through ``holds_no_definition`` with ``lords``), on each board with that board's F(h). ``lord_losses``' docstring
gives the argument: the 614.12 look reads a granted lord as any other static ability of its holder, and F(h) need not
be the same on the boards read, each being argued on its own. A tie of gains only (no loss) that gives a lord is read
on each board by ``lord_gains`` (``territories.gains_alone`` from the board's first slot), where the readings above
refuse; its docstring gives the argument, with the lord read on each board as ``lord_losses`` reads it.

**Tokens, amounts fixed on resolution and state-based actions** (``boards_read``: ``token_reason``, ``amount_reason``,
``sba_boards``). Each reads the board under σ once more; each is taken into the argument above as follows, or refused
with a reason naming it (every order is then tried).

*Tokens* (111.3, 612.2a; ``token_reason``). A step's token is read off its source as the step begins: the source's
text changes, whether it has the token-making ability, and its controller (``reference.tokens.created_token``). Where
no effect in play on the board before the step (each entry counter on it) may write those (no text change, loss of all
abilities, gain or loss naming that ability, change of control or operation of unknown writes; a gain or loss of
other abilities, a keyword counter among them, leaves it alone, 613.1f), the token is the same object under every
order: its existence and values do not depend on σ. It then enters like any object the step adds (613.7d: its
timestamp is the step's, not the order's) and is read like one: one more object on the boards after, and one more
entering object looked at where an "enters with" ability may apply to it (614.1c, 614.12; ``arriving_with`` finds
it). Refused otherwise ("a token whose source's text, ability or controller an effect may change").

*Amounts fixed on resolution* (611.2d, 608.2h; ``amount_reason``). ``reference.fixed_amounts.fixed`` reads the amount
off the fully layered board B_X as the effect resolves (without it and the step's later new effects), over every order
of B_X the recorded order leaves open, and refuses where those disagree: the amount is a function of B_X alone, never
of the order on it (a tie changing it is an error of the readable enumeration under every order, which this module,
refusing, meets too). So it depends on σ only through B_X_σ, which differs from the board here only in the entry
counters (above). The value's reads (``reads.value_reads``) are checked against what the effects in play on B_X (each
entry counter on it; with the effects of the abilities they give and of conditional statics, 611.3a-b) may write:
(a) reading nothing any effect other than counters' writes, and no counters of an object entering, the amount is the
same number under every order, and the effect the same on every later board: nothing changes. (b) reading counters,
or what an entering object's counter effects write (its power with a +1/+1 counter, 122.1a), it is the same for two
orders of one class, which give the same entry counters (they end alike on the entry boards), and may differ between
classes: kept only where the effect is a sum (``modify_pt``), whose number nothing here reads (sums commute whatever
their numbers, 613.4c, as for a counter's number above), so the later boards read stand for every class's; a setting
(``set_pt``, whose number ``orders.commute`` compares) is refused, as are state-based actions on a board holding such
an effect (they read the number). (c) reading what another effect may write: refused (the order could change it on a
board other than the recorded one). In a step with an entry, the looked-at boards hold the effect before it resolves
(its value an expression; ``reference.case.apply_step`` reads the entries first), the boards read here hold it
resolved: kept only where it is a sum whose value reads nothing any effect there writes, counters' included, so the
two differ in a number nothing reads (no read is added to ``orders.interact``).

*State-based actions* (704.3; ``sba_boards``). Each round reads the board's final state under σ and the board itself
(``reference.sba.due``: toughness 0, 704.5f; the legend rule, 704.5j; attachments, 704.5m-n; counters, 704.5q; roles,
704.5y) and performs the actions at once (``perform``). Two orders ending alike on a round's board perform the same
actions (``due`` reads nothing else), so they leave the same board, and so on to the end: the board after the step is
the same. Which board that is may depend on the class (a tie deciding a creature's toughness), so the boards read
branch: from each round's board B, every board the actions of one of B's outcomes (``BoardOrders``: ``StepOrders``'
argument on the one board B, every outcome of B in few resolutions) leave is read in turn, and the boards it ends on are
those the later steps start from, each replayed as above. Every board of the replay under σ is one of those read
(induction on the rounds), possibly with others no order reaches, which only add links and atoms: fewer orders are
merged into one class, never more. This needs B to stand for B_σ in what the actions read: refused where an entering
object's counters make an effect on B (their number, which B does not hold, may decide a toughness or 704.5q's
annihilation; counters that make no effect, a charge counter, change nothing ``due`` reads) or where B holds an amount
of (b); where B has too many outcomes to list; where an action moves an object whose ability generates an effect
(613.7m: a tie it was in might be met on no board the enumeration resolves, and so be tried in no order); where the
version cannot perform an action (704.5j).

Outside both scopes (a step whose tokens, amounts or state-based actions are refused above; copies or control
changes, which are not local; filters, values or conditions reading what may be written, or counters; a gain of a
defined ability in a group but as ``gifts_apart``, ``losses_alone`` or ``lord_losses`` reads it; a defined ability
held by an object a loss reaches that 2 does not read) every order is tried
(``reference.choices.every_order``), as before: never a wrong answer, only the slow one.
``tests/reference_optimized/test_step_orders.py`` compares the outcomes with every order's on generated steps, and
``tests/reference_optimized/test_step_orders_events.py`` on steps with tokens, amounts and state-based actions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace

from reference.case import Case, Step, apply_step_meeting, initial_board
from reference.choices import LIMIT, Outcomes, Resolver, every_order, outcomes
from reference.effects import ContinuousEffect, affected, effects_in_play
from reference.entry import arriving_with, entry_abilities, looked_at_board, step_outcomes
from reference.fixed_amounts import unfixed
from reference.model import AbilityDef, Board, Characteristics, Counter, State
from reference.resolver import initial_state
from reference.sba import due, perform
from reference.timestamps import Tie, holder
from reference.type_names import with_type_names
from reference.versions import RulesVersion
from reference.vocabulary import OPERATION_KIND

from .features import resolve
from .last_touch import last_touch_orders
from .orders import (
    DistinctOrders,
    commute,
    components,
    every_of,
    groups,
    linked,
    orders_product,
    part_out_of_scope,
    these,
)
from .reads import FIELDS, WRITES, condition_reads, filter_reads, value_reads
from .territories import (
    gains_alone,
    given,
    holds_no_definition,
    layers_only,
    named_abilities,
    never_applying,
    ruled_across,
    territories,
    touched,
    writes_from,
)


def counter_kinds(case: Case) -> tuple[str, ...]:
    """614.1c: every kind of counter an "enters with" ability of the case can give an object."""
    return tuple(sorted({k for d in case.abilities.values() for k in (d.enters_with or {})}))


def with_every_counter(board: Board, entered: frozenset[str], kinds: Sequence[str]) -> Board:
    """614.1c, 122.1: the board with a counter of each kind on each object of ``entered`` on the battlefield (what
    every order's board holds, but for the counters' numbers)."""
    objects = dict(board.objects)
    for i in sorted(entered):
        o = objects.get(i)
        if o is not None and o.zone == "battlefield":
            objects[i] = replace(o, counters=o.counters + tuple(Counter(k, 1, o.timestamp) for k in kinds))
    return replace(board, objects=objects)


def boards_read(case: Case, step: int, version: RulesVersion) -> tuple[list[Board], str | None]:
    """704.3, 111.3, 611.2d, 614.12, 613.7m: the boards the replay of a case up to ``step`` resolves under the order of
    its tied effects (module docstring), each with every entry counter, every board state-based actions may leave
    (``sba_boards``); and why the step is outside the scope (None: it is in it): a token whose values an effect may
    change (``token_reason``), an amount fixed on resolution that an order may change (``amount_reason``), state-based
    actions that the boards read cannot stand for (``sba_boards``)."""
    kinds = counter_kinds(case)
    branches = [initial_board(case)]
    entered: frozenset[str] = frozenset()
    varying: frozenset[str] = frozenset()  # 611.2d: effects whose fixed amount may differ between the classes
    out: list[Board] = []
    for s in case.steps[:step]:
        now = entered
        later: list[Board] = []
        for board in branches:
            if s.create_tokens and (why := token_reason(with_every_counter(board, entered, kinds), s, version)):
                return [], why
            try:
                after, _ = apply_step_meeting(board, replace(s, state_based_actions=False), version)
            except ValueError as exc:  # 611.2d, 111.3: the readable enumeration meets it too, under some order
                return [], f"a step that cannot be replayed on a board it may reach ({exc})"
            arriving = arriving_with(board, after)
            given_counters = entered
            if arriving and entry_abilities(after):
                out.append(with_every_counter(board, entered, kinds))  # 614.12: the sources
                given_counters = entered | arriving
                everyone = with_every_counter(after, given_counters, kinds)
                out += [looked_at_board(everyone, o, version, arriving) for o in sorted(arriving)]
            now |= given_counters
            why, more = amount_reason(after, s, given_counters, kinds, version, given_counters != entered)
            if why is not None:
                return [], why
            varying |= more
            if not s.state_based_actions:
                later.append(after)
                continue
            read, ends, why = sba_boards(after, s, version, given_counters, kinds, varying)
            if why is not None:
                return [], why
            out += read
            later += ends
        entered = now
        branches = [b for n, b in enumerate(later) if b not in later[:n]]
    out += [with_type_names(with_every_counter(b, entered, kinds), version) for b in branches]  # 205.2a, ``board_at``
    return out, None


# What ``reference.tokens.created_token`` reads of the token's source (612.2a): its text changes, whether it has the
# token-making ability and its controller.
TOKEN_READS = frozenset({"abilities", "granted", "text_changes", "controller"})
# 613.1f: operations that add or remove only the abilities they name (a keyword counter names a keyword).
NAMING_OPS = frozenset({"add_abilities", "remove_abilities", "counter_keyword"})


def token_reason(board: Board, s: Step, version: RulesVersion) -> str | None:
    """111.3, 612.2a, 613.7m: why the tokens a step creates may differ between the orders (None: they cannot): an
    effect in play on the board before the step (each entry counter on it) may change what the token is read from,
    its source's text, its token-making ability or its controller (a text change, a loss of all abilities, a gain or
    loss naming that ability, a change of control, an operation whose writes are not known)."""
    makers = {str(r["ability"]) for r in s.create_tokens}
    for e in effects_of(board, version):
        for p in e.parts:
            if p.op in NAMING_OPS and not set(named_abilities(p)) & makers:
                continue  # 613.1f: it adds or takes away other abilities only
            if WRITES.get(p.op, FIELDS) & TOKEN_READS:
                return (
                    f"a token whose source's text, ability or controller an effect may change (111.3, 612.2a: {p.op})"
                )
    return None


def may_write(board: Board, effects: Sequence[ContinuousEffect]) -> frozenset[str]:
    """611.3a-b, 613.1: every characteristic the effects may write, with the effects the abilities they give generate
    and those of the static abilities with a condition (which may exist under one order only)."""
    parts = [p for e in effects for p in e.parts]
    parts += [q for p in parts for w in given(p, board) for q in board.abilities[w].parts]
    parts += [q for d in board.abilities.values() if d.condition is not None for q in d.parts]
    return frozenset().union(*(WRITES.get(p.op, FIELDS) for p in parts))


def counter_effect_of(e: ContinuousEffect, objects: frozenset[str]) -> bool:
    """122.1, 613.7c: the effect is the counters of one kind on one of ``objects``."""
    return e.origin == "rule" and any(e.key.startswith(f"counters:{o}:") for o in objects)


def amount_reason(
    after: Board, s: Step, entered: frozenset[str], kinds: Sequence[str], version: RulesVersion, looked: bool = False
) -> tuple[str | None, frozenset[str]]:
    """611.2d, 608.2h, 613.7m, 122.1: why an amount a step's effect fixes as it resolves may differ between the orders
    in a way the boards read cannot stand for (None: it cannot), and the effects whose amount may differ between the
    classes (a "+X/+X" reading the entry counters: a sum, whose number nothing reads, 613.4c). Read on the board
    ``reference.fixed_amounts.fixed`` reads (without the effect and the step's later new effects), each entry counter
    on it: an amount reading what an effect other than counters' may write is refused (an order may change it); one
    reading counters, or what the counters of an object entering may write, is the same for two orders of one class
    (they give the same entry counters) and is kept only as a sum. In a step with an entry, whose looked-at boards
    hold the effect before it resolves (its value an expression; the boards read here hold it resolved), only a sum
    whose value reads nothing any effect there writes, counters' included, is kept: the two differ in a number only."""
    new = [e.id for e in s.add_effects]
    out: set[str] = set()
    for n, raw in enumerate(s.add_effects):
        todo = unfixed(raw)
        if not todo:
            continue
        later = set(new[n:])
        seen = with_every_counter(
            replace(after, effects=tuple(e for e in after.effects if e.id not in later)), entered, kinds
        )
        effects = effects_of(seen, version)
        ordered = may_write(seen, [e for e in effects if not e.key.startswith("counters:")])
        counted = frozenset().union(
            *(WRITES.get(p.op, FIELDS) for e in effects if counter_effect_of(e, entered) for p in e.parts)
        )
        every = frozenset().union(
            *(WRITES.get(p.op, FIELDS) for e in effects if e.key.startswith("counters:") for p in e.parts)
        )
        for i, k in todo:
            value = raw.parts[i].args[k]
            reads = value_reads(value)
            if reads & ordered:
                return (
                    f"an amount fixed on resolution reading what an effect may change (611.2d, 613.7m: {raw.id})",
                    frozenset(),
                )
            if looked and (raw.parts[i].op != "modify_pt" or reads & every):
                why = "an amount in a step whose entry reads the board before it resolves (611.2d, 614.12)"
                return f"{why}: {raw.id}", frozenset()
            if entered and (reads_counters(value) or reads & counted):
                if raw.parts[i].op != "modify_pt":
                    why = "an amount fixed on resolution from the entry counters, set as a value (611.2d, 122.1)"
                    return f"{why}: {raw.id}", frozenset()
                out.add(raw.id)
    return None, frozenset(out)


def sba_boards(
    after: Board, s: Step, version: RulesVersion, entered: frozenset[str], kinds: Sequence[str], varying: frozenset[str]
) -> tuple[list[Board], list[Board], str | None]:
    """704.3, 704.5, 613.7m: the boards the state-based actions of a step read under some order (each round's, every
    entry counter on it), the boards they may end on, and why they are outside the scope (None: they are in it).

    Each round reads the board's final state under the order and the board itself (``reference.sba.due``); its
    possible final states are its outcomes (``BoardOrders``: one order per class, every outcome of that board), so the
    boards after each round are those the actions of one of them leave, round after round. Refused: a round's board
    holding an effect whose number may differ between the orders (the counters of an object entering, 122.1; an
    amount fixed from them, 611.2d), whose board the board read here cannot stand for; an outcome too many to list;
    an action moving an object whose ability generates an effect (613.7m: a tie it was in may be met on no board the
    enumeration resolves); an action the version cannot perform."""
    read: list[Board] = []
    ends: list[Board] = []
    todo = [after]
    seen: list[Board] = []
    for _ in range(len(after.objects) * 5 + 4):
        if not todo:
            return read, ends, None
        b = todo.pop(0)
        if b in seen:
            continue
        seen.append(b)
        standin = with_every_counter(b, entered, kinds)
        effects = effects_of(standin, version)
        if any(counter_effect_of(e, entered) for e in effects) or any(e.id in varying for e in b.effects):
            return [], [], "state-based actions reading a number the orders may change (704.3, 122.1, 611.2d)"
        read.append(standin)
        found = outcomes(b, version, LIMIT, BoardOrders(b, version), resolve)
        if not found.complete:
            return [], [], "state-based actions on a board with too many outcomes to list (704.3)"
        holders = {holder(e) for e in effects}
        for o in found.outcomes:
            try:
                actions = due(b, version, s.legend_rule_keeps, final_of(o.final))
            except ValueError as exc:  # (704.5j: ``StateBasedActionError``)
                return [], [], f"state-based actions the version cannot perform (704.3: {exc})"
            if not actions:
                ends += [b] if b not in ends else []
                continue
            if {a.object for a in actions if a.zone is not None} & holders:
                return [], [], "a state-based action moving an object whose ability generates an effect (704.3, 613.7m)"
            todo.append(perform(b, actions))
    return [], [], "state-based actions that do not come to an end (704.3)"


class BoardOrders(DistinctOrders):
    """613.7m: the orders of one board's ties worth trying, read in this module's scope (``scope_reason``: the case's
    definitions that nothing holds generate nothing, a condition reading nothing written is fixed), as ``StepOrders``
    reads them on a step with one board: ``orders.DistinctOrders``' classes, one per signature of ``last_touch``."""

    def __init__(self, board: Board, version: RulesVersion) -> None:
        """611, 613.8a: the board's effects and their components (or why they are outside the scope)."""
        self.effects = effects_of(board, version)
        self.version = version
        self.reason = scope_reason(board, self.effects)
        self.components = {} if self.reason else components(self.effects, version)
        self.fixed = {} if self.reason else tagged_objects([board], [self.effects], version)

    def _orders(self, group: Sequence[str]) -> Callable[[], Iterable[tuple[str, ...]]]:
        """613.7m: one order per signature of ``last_touch`` (the objects of each effect whose objects are fixed named,
        ``tagged_objects``), where it holds; else every order of the group."""
        fewer = None if len(group) < 3 else last_touch_orders(group, self.effects, self.version, fixed=self.fixed)
        return every_of(tuple(group)) if fewer is None else these(tuple(fewer))


def final_of(final: Mapping[str, Characteristics]) -> Callable[[Board, RulesVersion], Mapping[str, Characteristics]]:
    """704.3, 613.1: what state-based actions check, given: one outcome's final state of the board they read."""
    return lambda _board, _version: final


def effects_of(board: Board, version: RulesVersion) -> list[ContinuousEffect]:
    """611, 613.6: the effects in play on a board before the layers (fixed within ``orders``' scope)."""
    return effects_in_play(board, initial_state(board, version), {}, version.keyword_counters)


# What a filter, a value or a condition reads of the board rather than of characteristics and differs between the
# orders of an open entry: the counters on objects (122.1; the entry counters are what the orders change)
COUNTER_READS = frozenset({"has_counter", "counters", "source_counters"})


def reads_counters(value: object) -> bool:
    """122.1, 611.3a, 613.8a: whether a filter, a value or a condition reads the counters on some object."""
    if isinstance(value, Mapping):
        return any(k in COUNTER_READS or reads_counters(v) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return any(reads_counters(v) for v in value)
    return isinstance(value, str) and value in COUNTER_READS


def scope_reason(board: Board, effects: Sequence[ContinuousEffect]) -> str | None:
    """611.3a-b, 612, 613.1a-b, 613.1f: why the effects in play on a board read may appear, vanish or change under
    some order (None: they are fixed, and ``orders``' classes hold on it): an operation that may create, remove or
    rewrite effects (``orders.part_out_of_scope``), an effect reading counters (``reads_counters``: the entry counters
    differ between the orders), or a static ability's condition reading what an effect writes, counters or whose turn
    it is. The 614.12 look is in the scope (module docstring)."""
    written: frozenset[str] = frozenset()
    for e in effects:
        if reads_counters(e.filter) or any(reads_counters(p.args) for p in e.parts):
            return "an effect reading the counters the entry may give (122.1)"
        for p in e.parts:
            why = part_out_of_scope(p, board)
            if why is not None:
                return why
            written |= WRITES.get(p.op, FIELDS)
    for d in board.abilities.values():
        c = d.condition
        if c is not None and (
            not isinstance(c, Mapping) or "your_turn" in c or reads_counters(c) or condition_reads(c)[0] & written
        ):
            return "a condition on a static ability that may change with the order (611.3a)"
    return None


def merged_components(per_board: Sequence[Sequence[ContinuousEffect]], version: RulesVersion) -> dict[str, int]:
    """613.8a, 613.7n: the components of every board read (``orders.components``), merged: two effects linked on one
    board are in one component."""
    return merged([components(effects, version) for effects in per_board])


def merged(per_board: Sequence[Mapping[str, int]]) -> dict[str, int]:
    """613.8a: classes of effects read on each board (components or territories), merged: two effects in one class
    on one board are in one class."""
    keys: dict[str, None] = {}
    links: list[list[str]] = []
    for classes in per_board:
        by_class: dict[int, list[str]] = {}
        for key, c in classes.items():
            keys.setdefault(key)
            by_class.setdefault(c, []).append(key)
        links += by_class.values()
    find = linked(links)
    roots = sorted({find(k) for k in keys})
    number = {r: n for n, r in enumerate(roots)}
    return {k: number[find(k)] for k in keys}


def one_per_key(per_board: Sequence[Sequence[ContinuousEffect]]) -> list[ContinuousEffect] | None:
    """611, 613.7c: the effects of every board read, one per key; None when an effect other than counters' (which
    differ only in their number, module docstring) is read differently on two boards."""
    out: dict[str, ContinuousEffect] = {}
    for effects in per_board:
        for e in effects:
            if e.key in out and out[e.key] != e and not e.key.startswith("counters:"):
                return None
            out.setdefault(e.key, e)
    return list(out.values())


def tagged_objects(
    boards: Sequence[Board], per_board: Sequence[Sequence[ContinuousEffect]], version: RulesVersion
) -> dict[str, frozenset[str]]:
    """611.2c, 611.3a, 613.6, 614.12: for each effect whose objects are the same in every order (a resolved effect's
    list, or a filter reading nothing any effect of any board writes), the objects it applies to on each board read,
    each named with its board's number (``n/id``): ``last_touch`` then reads every board's atoms at once."""
    written = frozenset().union(*(WRITES.get(p.op, FIELDS) for es in per_board for e in es for p in e.parts))
    out: dict[str, set[str]] = {}
    for n, (board, effects) in enumerate(zip(boards, per_board, strict=True)):
        state = initial_state(board, version)
        for e in effects:
            if e.targets is not None or not filter_reads(e.filter) & written:
                out.setdefault(e.key, set()).update(f"{n}/{o}" for o in affected(e, board, state, {}))
    return {k: frozenset(v) for k, v in out.items()}


def board_territories(
    board: Board, effects: Sequence[ContinuousEffect], version: RulesVersion, lords: bool = False
) -> dict[str, int] | None:
    """611.3a-b, 612, 613.1f, 613.8a, 614.12: the territories of a board read from its first slot on
    (``territories.territories``: nothing locked in, the characteristics before the layers), an effect that applies in
    no layer (an "enters with" replacement's, 614.1c) in a class of its own; None outside their shape, or where an
    effect, a definition an effect gives or a static ability's condition reads counters (the entry counters differ
    between the orders, 122.1), or a condition reads whose turn it is (module docstring). With ``lords``, a lord given
    joins the objects it finds on this board to its holder's territory (``lord_territories``)."""
    for e in effects:
        if reads_counters(e.filter) or any(reads_counters(p.args) for p in e.parts):
            return None  # 122.1: it reads the counters the entry may give
    for d in board.abilities.values():
        if d.condition is not None and ("your_turn" in d.condition or reads_counters(d.condition)):
            return None  # 611.3a: a condition that may change with the order or with the seats tried
    for w in {w for e in effects for p in e.parts for w in given(p, board)}:
        d = board.abilities[w]
        if reads_counters(d.applies_to) or any(reads_counters(q.args) for q in d.parts):
            return None  # 611.3b, 122.1: an ability given that reads counters
    layered = [e for e in effects if e.parts]
    where = territories(layered, {}, board, initial_state(board, version), lords)
    if where is None:
        return None
    out = dict(where)
    for e in effects:
        out.setdefault(e.key, len(layered) + len(out))  # 614.1c: no part, in no tie: touching nothing
    return out


def step_territories(
    boards: Sequence[Board], per_board: Sequence[Sequence[ContinuousEffect]], version: RulesVersion, lords: bool = False
) -> dict[str, int] | None:
    """611.3b, 612, 613.1f, 613.7m-n, 614.12: the territories of every board read, merged (two effects in one
    territory on one board are in one); None where a board is outside their shape, or where a rule orders two effects
    of one timestamp in different merged territories on a board (``territories.ruled_across``: 613.7n, APNAP)."""
    found = [board_territories(b, effects, version, lords) for b, effects in zip(boards, per_board, strict=True)]
    if any(where is None for where in found):
        return None
    out = merged([where for where in found if where is not None])
    for b, effects in zip(boards, per_board, strict=True):
        if ruled_across(effects, out, b, initial_state(b, version), version):
            return None
    return out


def losses_alone(
    board: Board, near: Sequence[ContinuousEffect], version: RulesVersion, stamps: frozenset[float] = frozenset()
) -> bool:
    """611.3b, 613.1f, 613.6: on one board read, every operation of the territories ``near`` holds is in ``orders``'
    scope, a loss of all abilities (one at least) or a gain of defined abilities whose effects
    ``territories.granted_apart`` or ``granted_at_losses`` take (beside the effects that apply in no order), and each
    defined ability an object such a loss reaches holds is one ``holds_no_definition`` reads with the version and the
    group's timestamps (``stamps``), from the board's first slot passed as the tie's, nothing locked in (``ends_after``,
    ``apart_from_tie``, ``lost_first`` with ``takes_keywords_alone``, ``begun_before_losses``; module docstring, "Losses
    beside gains of defined abilities"). A held definition begun before the losses may also take keywords from X alone
    where its effect applies on X before every effect it meets there (``territories.begun_taking``, whose argument reads
    one board from the first slot, nothing locked in; on B_σ its checks hold with fewer effects, and timestamps are
    the same)."""
    state, objects = reached(board, near, version)
    return holds_no_definition(near, objects, board, state, version, stamps, first_slot(version))


def first_slot(version: RulesVersion) -> int:
    """613.1: the index of the version's first slot, where a board read begins (module docstring, "Losses beside gains
    of defined abilities": a tie read in the first slot, nothing locked in)."""
    return version.slot_index(version.slots[0].id)


def reached(
    board: Board, near: Sequence[ContinuousEffect], version: RulesVersion
) -> tuple[State, dict[str, frozenset[str]]]:
    """611.2c, 611.3a, 613.6: a board read's characteristics before the layers, and the fixed objects each effect of
    ``near`` touches from the first slot on (``territories.touched``)."""
    state = initial_state(board, version)
    written = writes_from([e for e in effects_of(board, version) if e.parts], board) or frozenset()
    return state, {e.key: touched(e, {}, board, state, written) or frozenset() for e in near}


def lost_unapplied(
    board: Board, near: Sequence[ContinuousEffect], version: RulesVersion, group: Sequence[str]
) -> frozenset[str]:
    """611.3b, 613.8a-b: on one board read that ``losses_alone`` takes, the effects of held definitions that wait for
    a loss reaching their holder and end as it applies, in every order (``territories.never_applying``, none the
    group's keys name): left out of the effects the group's orders are read on (module docstring)."""
    state, objects = reached(board, near, version)
    return never_applying(near, objects, board, state, version, group)


def lord_territories(
    boards: Sequence[Board], per_board: Sequence[Sequence[ContinuousEffect]], version: RulesVersion
) -> dict[str, int] | None:
    """611.3a-b, 613.6, 614.12: ``step_territories`` where each board read joins the objects a lord given finds there
    (``territories.lord_objects``, its holder as source, the 614.12 look included) to its holder's territory; None
    where a board is outside that shape (``lord_losses`` gives the argument)."""
    return step_territories(boards, per_board, version, lords=True)


def lord_losses(
    board: Board, near: Sequence[ContinuousEffect], version: RulesVersion, stamps: frozenset[float] = frozenset()
) -> bool:
    """611.3a-b, 613.6, 613.7m, 613.8a-b, 614.12: on one board read, the territories ``near`` holds are read as
    ``losses_alone`` reads them, a gain of a lord allowed among them ("other creatures you control have flying.",
    "... get +1/+1"): ``holds_no_definition`` with ``lords`` (``territories.lord_given``), the board's first slot
    passed as the tie's, nothing locked in, the group's timestamps ``stamps``.

    ``lord_given``'s argument is made for one board read from a tie's slot on; a step reads several boards (module
    docstring, "The boards a step reads"), each from its first slot, where nothing before that slot can differ
    between the orders. Two questions remain, each decided here from the rules and from what the resolver does.

    *(1) The 614.12 look.* The effect E(h) of a lord granted to h is generated by a static ability that h has (611.3b;
    granted, its timestamp h's or its gain's, 613.7a), so as an object o is looked at as it would enter, E(h) is read
    as any other static ability of h: it reaches o when h is o (o's own ability, which will apply to it once it is on
    the battlefield), and, from Ixalan on (``entry_sees_existing_effects``), when h is a permanent already there (the
    effect already exists and would apply to o); not when h enters at the same time (its effect does not exist yet),
    nor, before Ixalan, when h is another object (the Dearly Departed ruling). ``reference.effects.affected`` reads it
    so: the effect the resolver generates for the ability given to h has h as its source, and the look leaves o out
    of every effect whose source is not o (of a source entering with o, from Ixalan), granted or not, as
    ``proofs.encoding``'s ``view`` does. ``territories.lord_objects`` builds E(h) with h as its source and reads it
    through that same ``affected`` on the looked-at board, so F(h) read there is exactly what E(h) applies to there:
    o left out where 614.12 leaves it out, and in where it is in.

    *(2) F(h) on each board.* The lord's objects need not be the same on the boards read: the entering object is on
    the board after the entry and not on the sources', it may be left out on its looked-at board, an object leaving
    in the step is on the sources' board only, and a later step changes the board again. Nothing asks them to be.
    By "The boards a step reads" two orders give the step one outcome when each board read ends alike under both,
    and each board is argued on its own: on B, F(h) is read on B (from the characteristics before the layers, with
    a filter reading nothing any effect of B writes, the given definitions' and the counters' effects counted:
    ``territories`` refuses the board otherwise), joined to h's territory on B, and ``lord_given``'s conditions are
    checked on B's effects with B's F(h) (every loss of the territories reaching h or no object of F(h); E(h)'s
    parts from the losses' slot on, each commuting with every other operation of its slot). B's territories refine
    the merged ones, and the orders tried of a group are one per signature of ``last_touch`` over every board's
    atoms, each object named with its board (``tagged_objects``: an atom of B is touched only by B's effects), so two
    orders of one class have the same signature cut to B's atoms, which is B's own signature; by ``lord_given``'s
    argument on B (a board read from its first slot is read from a tie's slot with no slot before it) B ends as that
    signature says. A difference of F(h) between two boards changes which atoms and effects each board's argument
    reads, never the class: it cannot split one. The step writes between the boards (objects entering and leaving,
    the entry counters, resolved effects): those make the boards differ, each read with its own F(h); within a
    board, only what its own effects write could move F(h), and the filter reads none of it. Reading the lord on one
    board only (as if F(h) were the same on each) is wrong: on the sources' board the Lions are not there, and a loss
    of theirs beside the Bear's lord was set aside; two outcomes of seven were lost (hand-break,
    ``tests/reference_optimized/test_step_orders_lord.py``). A tie E(h) meets with the group's timestamp (613.7a)
    names an effect no board read has before the layers, and keeps every order (``StepOrders.__call__``).

    *On every order's boards.* B_σ differs from B in counter effects only (module docstring). F(h) is read before the
    layers, where counters change nothing, with a filter reading no counters (``board_territories`` refuses a given
    definition that reads them) and nothing a counter's effect writes (B holds one of every kind on every entered
    object: its writes are among those the filter must not read), so F(h), h's gains and the losses reaching them are
    B's on B_σ; each check holds with fewer effects, or counters of other numbers (sums commute whatever their
    numbers, 613.4c). So the proof of "Why this gives every outcome" holds with this reading beside the others.

    Refused, every order kept: a loss reaching an object of F(h) on some board and not h ("the Lions lose all
    abilities" beside a lord given to the Bear: the Lions keep what E(h) gives or lose it as the order places the loss
    before or after E(h), which no signature reads); a lord whose filter reads what the board writes or counters; a
    lord's part before the losses' slot, or one that does not commute in its slot; a tie of gains with no loss."""
    state, objects = reached(board, near, version)
    return holds_no_definition(near, objects, board, state, version, stamps, first_slot(version), lords=True)


def lord_gains(board: Board, near: Sequence[ContinuousEffect], version: RulesVersion) -> bool:
    """611.3a-b, 613.1f, 613.4c, 613.6, 613.7a, 613.7m, 613.8a-b, 614.12: on one board read, the territories ``near``
    holds are a tie of gains only, a lord possibly among the definitions given ("the bear has 'other creatures you
    control get +1/+1.'" beside Wingers and Grounders, a creature entering): ``territories.gains_alone`` read from the
    board's first slot, nothing locked in (shape A of one board, read on each board of the step).

    *What each board read B must satisfy* (``gains_alone``, checked on B's effects of the group's merged territories,
    the objects each touches on B, the characteristics before the layers): every operation is in ``orders``' scope or a
    gain (``add_abilities``), one at least giving a defined ability, so there is no loss of all abilities or of a
    defined one, no text change and no keyword counter (613.1f, 612, 122.1b); no object a gain of wording w reaches
    holds w as its own on B (613.1f); each definition given does nothing but apply in layers, from the gains' slot on,
    is not characteristic-defining, acts on fixed objects (its holder h, objects named by identity, 109.2, or the
    objects F(h) a lord's filter reading nothing any effect of B writes finds on B with h as its source, 611.3a,
    ``lord_objects``) and, in each slot it applies in, commutes with every operation there of B's territories' effects
    and of the other definitions given (613.4c).

    *Why two orders of one class give B one outcome.* B is read from its first slot: no slot before it where an order
    could differ, nothing locked in, which is ``gains_alone``' argument for a tie met in the first slot. Nothing takes
    w away from h and no text changes, so from the first gain of w reaching h (in the gains' slot) h has w to the end
    of the layers in every order, and E(h) exists from then on in every order and never ends (611.3b); its objects are
    fixed wherever it first applies (611.3a, 613.6); nothing changes its existence, text, objects or values, and it
    gives or takes no defined ability and writes nothing a filter, value or condition of the shape reads, so no
    dependency involves it (613.8a). Where it applies among its slots' effects (its rank, h's timestamp or its gain's,
    the later, 613.7a, which may differ between orders; or a tie of its own with the group's timestamp) changes nothing,
    since it commutes with all of them (613.4c). So B ends as the signature of ``last_touch`` over B's atoms says, the
    given wordings read as elements set present. The classes tried are one per signature over every board's atoms,
    each object named with its board (``tagged_objects``), whose cut to B's atoms is B's own signature: two orders of a
    class give every board read one ending, hence the step one outcome ("The boards a step reads"). A board of the
    group read instead by ``losses_alone`` or ``lord_losses`` is argued by its own reading; the losses' flag passed
    to ``last_touch`` then changes only how a loss of all abilities is read, and B has none.

    *The lord on each board, and the 614.12 look,* are read as ``lord_losses`` reads them (its (1) and (2)): E(h) is a
    static effect of h, so an object looked at as it would enter is among F(h) where the look leaves it in (from Ixalan
    on for h already there, always for h itself), and F(h) is read on each board on its own, joined to h's territory
    there (``lord_territories``). A tie E(h) meets with the group's timestamp names an effect no board read has before
    the layers and keeps every order (``StepOrders.__call__``), where one board reads it as ``names_only_present``.

    *On every order's boards.* B_σ differs from B in counter effects only (module docstring): ``commute`` reads an
    operation's kind, and a counter's number only in sums, which commute whatever their numbers; the abilities held
    before the layers, the gains and F(h) are B's (no counter gives an ability the shape reads: ``reads_counters``); a
    check holds with fewer effects. So the proof of "Why this gives every outcome" holds with this reading beside the
    others.

    Refused (every order kept, unless another reading takes the board): a named loss, in a slot of the given effect,
    that does not commute with it ("other creatures you control lose flying." beside a lord giving flying: the order
    puts the loss before or after E(h) on the lord's objects, which no signature over the gains reads); any loss of all
    abilities (``losses_alone``, ``lord_losses``); a holder holding the given wording as its own; a lord whose filter
    reads what the board writes."""
    state, objects = reached(board, near, version)
    return gains_alone(near, objects, board, state, version)


def group_stamps(group: Sequence[str], effects: Sequence[ContinuousEffect]) -> frozenset[float]:
    """613.7, 613.7m: the timestamps of the effects a group of a tie's keys names (an object's or an effect's)."""
    return frozenset(e.timestamp for e in effects if holder(e) in group or e.key in group)


def gifts_apart(board: Board, near: Sequence[ContinuousEffect], version: RulesVersion) -> bool:
    """611.3b, 613.7, 613.7a, 613.8a: on one board read, every operation of the territories ``near`` holds is in
    ``orders``' scope or a gain of defined abilities, no object a gain reaches holds the wording as its
    own, and the effect E each definition given generates on each object X given it applies at a place timestamps fix
    (``fixed_place``, between E's possible timestamps: X's, or a gain's where later, 613.7a) (module docstring,
    "A defined ability given, at its own timestamp")."""
    gains = [(e, p) for e in near for p in e.parts if part_out_of_scope(p, board) is not None]
    if any(p.op != "add_abilities" for _, p in gains):
        return False  # 613.1f, 612: a loss of a defined ability or of all abilities, a text change, a keyword counter
    state = initial_state(board, version)
    written = writes_from([e for e in effects_of(board, version) if e.parts], board) or frozenset()
    stamps: dict[tuple[str, str], set[float]] = {}
    for e, p in gains:
        for x in sorted((touched(e, {}, board, state, written) or frozenset()) & state.keys()):  # fixed in the shape
            for w in given(p, board):
                if w in state[x].abilities:
                    return False  # 613.1f: held as its own, the effect is not the one a gain starts
                stamps.setdefault((x, w), set()).add(max(board.objects[x].timestamp, e.timestamp))
    granted = [board.abilities[w] for _, p in gains for w in given(p, board)]
    return all(
        fixed_place(board.abilities[w], min(ts), max(ts), near, granted, board, version)
        for (_, w), ts in stamps.items()
    )


def fixed_place(
    d: AbilityDef,
    low: float,
    high: float,
    near: Sequence[ContinuousEffect],
    granted: Sequence[AbilityDef],
    board: Board,
    version: RulesVersion,
) -> bool:
    """611.3a-b, 613.7, 613.4c, 613.1e-f: the definition given acts on the object given it alone and does nothing but
    apply in layers (not characteristic-defining), each of its operations in ``orders``' scope, and in each of its
    slots every operation there of the territories' effects (``near``) that it does not commute with has a timestamp
    outside ``low``-``high`` (E's timestamps: it applies after all the earlier ones and before all the later ones),
    and it commutes with every operation there of the definitions given (``granted``)."""
    if not layers_only(d) or d.cda or d.applies_to != {"is_source": True}:
        return False  # 611.3a: a filter's objects need not be the holder's (a lord given stays out)
    for q in d.parts:
        if part_out_of_scope(q, board) is not None:
            return False  # 611.3b: it would give or take a defined ability in turn
        slot = version.slot_of(OPERATION_KIND[q.op], "static")
        for f in near:
            for r in f.parts:
                here = version.slot_of(OPERATION_KIND[r.op], f.origin) == slot
                if here and not commute(q, r) and low <= f.timestamp <= high:
                    return False  # 613.7: its place beside that operation would be a tie's, or the gains' order
        if any(
            version.slot_of(OPERATION_KIND[r.op], "static") == slot and not commute(q, r)
            for g in granted
            for r in g.parts
        ):
            return False  # 613.7a: two effects given that need not commute
    return True


class StepOrders(DistinctOrders):
    """613.7m, 614.12: the orders of a step's ties worth trying (module docstring), as ``reference.choices`` asks: a
    board's (``orders.DistinctOrders``), read on the effects of every board, one per key; grouped by the merged
    territories where the boards hold text changes, losses or gains of abilities that generate effects."""

    def __init__(self, case: Case, step: int, version: RulesVersion) -> None:
        """611, 613.8a, 614.12: the boards the step reads, their effects and the merged components or territories
        (or why neither)."""
        self.version = version
        self.boards, self.reason = boards_read(case, step, version)
        self.per_board = [effects_of(b, version) for b in self.boards]
        self.territories: dict[str, int] | None = None
        if self.reason is None:
            self.reason = next(
                (
                    why
                    for b, effects in zip(self.boards, self.per_board, strict=True)
                    if (why := scope_reason(b, effects)) is not None
                ),
                None,
            )
            if self.reason is not None:
                self.territories = step_territories(self.boards, self.per_board, version)
                if self.territories is None:  # 611.3a: a lord given, its objects read on each board (``lord_losses``)
                    self.territories = lord_territories(self.boards, self.per_board, version)
                self.reason = self.reason if self.territories is None else None
        self.effects = one_per_key(self.per_board) or []
        if self.reason is None and not self.effects:
            self.reason = "an effect read differently on two boards (613.7)"
        if self.reason is not None:
            self.components: dict[str, int] = {}
        else:
            self.components = self.territories or merged_components(self.per_board, version)
        self.fixed = {} if self.reason else tagged_objects(self.boards, self.per_board, version)

    def __call__(self, tie: Tie) -> Iterator[tuple[str, ...]]:
        """613.7m, 611.3b: ``DistinctOrders``' orders over the merged components or territories; every order of a tie
        holding an effect none of the boards read has before the layers (one an ability granted in the layers
        generates: no territory was read for it)."""
        if self.territories is not None and not {*tie.effects, *tie.candidates} <= self.components.keys():
            return every_order(tie)
        return super().__call__(tie)

    def _orders(self, group: Sequence[str]) -> Callable[[], Iterable[tuple[str, ...]]]:
        """613.7m: the orders worth trying of one group: one per signature of ``last_touch`` over every board's atoms,
        where it holds; else every order. With territories, read on the effects of the group's territories alone."""
        if self.territories is not None:
            return self._inside(group)
        if len(group) < 3:
            return every_of(tuple(group))
        fewer = last_touch_orders(group, self.effects, self.version, fixed=self.fixed)
        if fewer is None:
            return every_of(tuple(group))
        found = tuple(fewer)
        return lambda: iter(found)

    def _inside(self, group: Sequence[str]) -> Callable[[], Iterable[tuple[str, ...]]]:
        """613.7m, 611.3b, 613.1f: the orders tried of one group of merged territories (module docstring): where every
        operation of those territories, on every board, is in ``orders``' scope, or a loss of all abilities whose ends
        of held effects the signature or the timestamps decide, beside gains whose effects commute where they apply
        (``losses_alone``; the held effects that apply in no order left out, ``lost_unapplied``), or a gain of defined
        abilities whose effects are fixed steps (``gifts_apart``), or, with no loss, gains whose given effects (a lord's
        too) commute where they apply (``lord_gains``), the group split by their merged components and one order per
        signature of ``last_touch`` inside each (losses read as settings); else every order of the group."""
        where = self.components
        classes = {where[e.key] for e in self.effects if holder(e) in group or e.key in group}
        near = [[e for e in effects if where[e.key] in classes] for effects in self.per_board]
        lose_all = False
        read: list[list[ContinuousEffect]] = []
        for b, effects in zip(self.boards, near, strict=True):
            if all(part_out_of_scope(p, b) is None for e in effects for p in e.parts) or gifts_apart(
                b, effects, self.version
            ):
                read.append(effects)
                continue
            stamps = group_stamps(group, effects)
            if losses_alone(b, effects, self.version, stamps) or lord_losses(b, effects, self.version, stamps):
                lose_all = True
                gone = lost_unapplied(b, effects, self.version, group)
                read.append([e for e in effects if e.key not in gone])  # 613.8b: they apply in no order
            elif lord_gains(b, effects, self.version):  # 611.3b: gains only, a lord among them, no loss
                read.append(effects)
            else:
                return every_of(tuple(group))
        mine = one_per_key(read) or []
        subs: list[Callable[[], Iterable[tuple[str, ...]]]] = []
        for sub in groups(list(group), mine, merged_components(read, self.version)):
            fewer = None if len(sub) < 3 else last_touch_orders(sub, mine, self.version, lose_all, self.fixed)
            subs.append(every_of(tuple(sub)) if fewer is None else these(tuple(fewer)))
        return lambda: orders_product(subs)


def distinct_step_outcomes(
    case: Case, step: int, version: RulesVersion, limit: int = LIMIT, resolver: Resolver = resolve
) -> tuple[tuple[Board, ...], Outcomes]:
    """613.7m, 614.12: ``reference.entry.step_outcomes`` trying one order per class of orders that end alike on every
    board the step reads."""
    return step_outcomes(case, step, version, limit, resolver, StepOrders(case, step, version))
