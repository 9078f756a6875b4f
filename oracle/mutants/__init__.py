"""Engine mutants: plausible mistakes of a third-party implementer, each tied to one rule.

A mutant is switched on by ``State.mutant`` (not part of the canonical state or its
fingerprint); the service sets it on every state it decodes when started with
``--mutant NAME``.  The conformance suite must catch every one of them.

The record is :class:`~oracle.mutants.mutant.Mutant`; the mutants are declared in groups by
what they break, and :data:`MUTANTS` lists the groups in this order (the order of
``list-mutants`` and the kill matrix): :mod:`.core`, :mod:`.draws_and_delays`,
:mod:`.hand_and_deck`, :mod:`.keywords`, :mod:`.control_and_classes`, :mod:`.wounds`,
:mod:`.combined_and_costs`.  A new mutant goes at the end of the last group.
"""

from __future__ import annotations

from .combined_and_costs import COMBINED_AND_COSTS
from .control_and_classes import CONTROL_AND_CLASSES
from .core import CORE
from .draws_and_delays import DRAWS_AND_DELAYS
from .hand_and_deck import HAND_AND_DECK
from .keywords import KEYWORDS
from .mutant import Mutant
from .wounds import WOUNDS

__all__ = ["MUTANTS", "Mutant"]


MUTANTS: dict[str, Mutant] = {
    m.name: m
    for m in (
        *CORE,
        *DRAWS_AND_DELAYS,
        *HAND_AND_DECK,
        *KEYWORDS,
        *CONTROL_AND_CLASSES,
        *WOUNDS,
        *COMBINED_AND_COSTS,
    )
}
