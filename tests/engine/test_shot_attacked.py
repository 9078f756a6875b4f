"""«Атакованное существо» after a shot (R15 glossary «Атака»: «Выстрел или удар», «При атаке»;
INTERPRETING.md, entries 154 and 183): a «при атаке» trigger fired by a shot keeps the card the
shot attacked (``PendingTrigger.attacked``, then the Queue entry's), since no strike attack is in
progress to read it from."""

from __future__ import annotations

from dataclasses import replace

from oracle import Action
from oracle.model import Event, State
from oracle.rules.mechanisms.attack import shot_fires
from oracle.validate import validate

from .helpers import Board, card, kinds, run


def _granted() -> tuple[Board, State]:
    """Застать врасплох played: Кулеврина орков has «при атаке — оглушите атакованное существо»."""
    b = Board(edition="R15", play=([card("kulevrina_orkov", "k")], [card("ork", "o"), card("legat_akkenii", "l")]),
              hands=(["zastat_vrasplokh"], []), coins=((2, 0), (0, 0)))
    s, _ = run(b.state(), Action("play", card=b["zastat_vrasplokh"]))
    return b, s


def test_the_shot_creature_is_stunned() -> None:
    b, s = _granted()
    s, ev = run(s, Action("activate", card=b["k"], ability=0, targets=(b["o"],)))
    assert kinds(ev).index("wounded") < kinds(ev).index("triggered") < kinds(ev).index("declared")
    assert s.cards[b["o"]].stunned and s.cards[b["o"]].closed and not s.cards[b["l"]].stunned


def test_the_trigger_keeps_the_card_and_the_entry_too() -> None:
    b, s = _granted()
    ev: list[Event] = []
    shot_fires(s, b["k"], b["o"], ev, ("R15:7.onstrike",))
    (t,) = s.pending
    assert t.attacked == b["o"] and t.source == b["k"] and t.granter == b["zastat_vrasplokh"]
    s.step = "ability_queue"
    validate(s)  # a kept card is a valid state (PROTOCOL.md 5.4)
    s2, _ = run(s, Action("declare", trigger=t.id))
    assert s2.cards[b["o"]].stunned
    # the card kept is the one the shot attacked, whatever else the state says
    s.pending[0] = replace(t, attacked=b["l"])
    s3, _ = run(s, Action("declare", trigger=t.id))
    assert s3.cards[b["l"]].stunned and not s3.cards[b["o"]].stunned


def test_the_mutant_keeps_nothing() -> None:
    b, _ = _granted()
    s = b.state("shot_attacked_forgotten")
    s, _ = run(s, Action("play", card=b["zastat_vrasplokh"]), Action("activate", card=b["k"], ability=0,
                                                                     targets=(b["o"],)))
    assert not s.cards[b["o"]].stunned
