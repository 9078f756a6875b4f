"""The one replacement pipeline (:func:`oracle.rules.mechanisms.replacement.replace`; R15:517,
525.1): each replacement applies at most once to one event and not again to what it brings
about, the result of one is what the next replaces (R15:517.5), an optional one waits for its
controller's answer (R15:517.3; INTERPRETING.md, entry 223)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from oracle.model import State
from oracle.rules.mechanisms.replacement import Offer, answering, replace
from oracle.rules.mechanisms.run import Asking, Question, Run

from .helpers import Board

_KEYS = st.lists(st.tuples(st.integers(1, 4), st.integers(0, 2)), max_size=6, unique=True)


def _state() -> State:
    return Board(edition="R15").state()


@given(keys=_KEYS, again=st.booleans())
def test_each_replacement_applies_once_in_the_order_offered(keys: list[tuple[int, int]], again: bool) -> None:
    """Offers that stay on offer after they applied: each applies once (R15:525.1), in the order
    offered (entry 89), one after another on the result of the last (R15:517.5) or only the first
    when ``again`` is off; ``repeated`` tells that an applied one was offered again."""
    state = _state()
    seen: list[tuple[int, int]] = []

    def apply(n: int, offer: Offer[None], before: tuple[tuple[int, int], ...]) -> int:
        assert offer.key not in before
        seen.append(offer.key)
        return n + 1

    done = replace(state, 0, lambda _n: [Offer(s, i, None) for s, i in keys], apply, Run(), again=again)
    expected = keys if again else keys[:1]
    assert seen == expected and done.applied == tuple(expected)
    assert done.would == len(expected)
    assert done.repeated == bool(expected)


@given(keys=_KEYS)
def test_what_a_replacement_brings_about_carries_its_chain(keys: list[tuple[int, int]]) -> None:
    """While a replacement is carried out, it and those applied before it are in the chain of the
    events it brings about (R15:525.1): a nested event is offered none of them again."""
    state = _state()
    ev = Run()
    nested: list[tuple[tuple[int, int], ...]] = []

    def offers(_w: int) -> list[Offer[None]]:
        return [Offer(s, i, None) for s, i in keys]

    def apply(n: int, offer: Offer[None], before: tuple[tuple[int, int], ...]) -> int | None:
        assert ev.applied == {*before, offer.key}
        inner = replace(state, 0, offers, lambda m, o, b: m + 1, ev)
        nested.append(inner.applied)
        assert not set(inner.applied) & ev.applied
        return None  # replaced by something else: the chain ends here

    done = replace(state, 0, offers, apply, ev)
    assert ev.applied == frozenset()  # the chain is the replacement's only while it is carried out
    if keys:
        assert done.would is None and done.applied == (keys[0],)
        assert nested == [tuple(keys[1:])]
    else:
        assert done.would == 0 and not nested


def test_an_optional_replacement_waits_for_its_controllers_answer() -> None:
    """With no answer the optional offer is recorded and not applied; a yes applies it, a no
    passes on to the next offer (R15:517.3; entry 223)."""
    state = _state()
    card = state.players[0].hero
    offers = [Offer(card, 0, "optional", optional=True), Offer(card, 1, "plain")]

    def apply(n: int, offer: Offer[str], before: tuple[tuple[int, int], ...]) -> int:
        return n + (10 if offer.ability == "optional" else 1)

    probe = Run(asking=Asking(()))
    assert replace(state, 0, lambda _n: offers, apply, probe).would == 1
    assert probe.asking is not None
    assert probe.asking.unanswered == Question(0, ((card, 0),), True, "R15:517.3")  # its controller's yes or no
    for answer, amount in ((True, 11), (False, 1)):
        ev = Run()
        with answering((answer,), ev):
            assert replace(state, 0, lambda _n: offers, apply, ev).would == amount
        assert ev.asking is None
