"""CreateGame returns the events of creating the game (PROTOCOL.md 2.1): the hero-order
step's ``order_by_hero`` (301.4.1) or ``hero_order_ignored`` (301.4.2), then, with a chance
seed, the events of each sampled chance action in order — against a real server process."""

from __future__ import annotations

from typing import Any

import pytest

from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle.engine import apply
from oracle.rules.turn.setup import GameConfig, new_game_with_events
from oracle.service import convert as cv

from .helpers import ORDER_HEROES, ROLL_HEROES, game_config


def _data(event: Any) -> dict[str, str]:
    return {f.key: f.value for f in event.data}


@pytest.mark.parametrize(
    ("edition", "heroes", "first"),
    [("", ("test_geroy_pervogo_khoda", "test_geroy_snayper"), "0"), ("B", ("test_geroy_snayper", "test_geroy_pervogo_khoda"), "1"), ("A", ("test_geroy_vtorogo_khoda", "test_geroy_snayper"), "1")],
)
def test_hero_text_fixing_the_order_gives_order_by_hero(
    stub: Any, pool: Any, edition: str, heroes: tuple[str, str], first: str
) -> None:
    """A hero whose text says his player moves first (Пани) or second (Шарль де Лорм)
    fixes the order: CreateGame's events are exactly ``order_by_hero`` with the seat that
    moves first, citing 301.4.1 in the game's edition (A cites B's number, PROTOCOL.md 7.3),
    and the game waits at the shuffle with ``first_player`` set."""
    config = game_config(pool, heroes)
    config.edition = edition
    resp = stub.CreateGame(pb.CreateGameRequest(config=config))
    assert [e.kind for e in resp.events] == ["order_by_hero"]
    event = resp.events[0]
    assert _data(event) == {"first_player": first}
    assert list(event.rules) == [{"": "C", "A": "B"}.get(edition, edition) + ":301.4.1"]
    assert resp.decision.kind == "setup_shuffle"
    assert resp.state.first_player == int(first)


@pytest.mark.parametrize("heroes", [("test_geroy_pervogo_khoda", "test_geroy_pervogo_khoda"), ("test_geroy_vtorogo_khoda", "test_geroy_vtorogo_khoda")])
def test_heroes_that_agree_give_hero_order_ignored(stub: Any, pool: Any, heroes: tuple[str, str]) -> None:
    """Two heroes that would both move first (or both second) decide nothing: the only
    event is ``hero_order_ignored`` citing C:301.4.2, and the die roll decides."""
    resp = stub.CreateGame(pb.CreateGameRequest(config=game_config(pool, heroes)))
    assert [(e.kind, list(e.rules)) for e in resp.events] == [("hero_order_ignored", ["C:301.4.2"])]
    assert resp.decision.kind == "setup_roll"


def test_heroes_without_order_text_give_no_event(stub: Any, pool: Any) -> None:
    """Without a hero text about the order nothing happens while the game is created."""
    resp = stub.CreateGame(pb.CreateGameRequest(config=game_config(pool, ROLL_HEROES)))
    assert list(resp.events) == []


@pytest.mark.parametrize(("heroes", "seed"), [(ORDER_HEROES, 99), (ROLL_HEROES, 12345)])
def test_seeded_create_game_adds_the_events_of_the_chance_actions(
    stub: Any, pool: Any, heroes: tuple[str, str], seed: int
) -> None:
    """With a chance seed the events are the creation's, then those of each returned chance
    action in order: exactly what replaying ``chance_actions`` in the engine emits."""
    config = game_config(pool, heroes)
    resp = stub.CreateGame(pb.CreateGameRequest(config=config, chance_seed=seed))
    assert resp.chance_actions
    state, created = new_game_with_events(
        GameConfig(tuple(config.heroes), tuple(list(d.card_ids) for d in config.decks))  # type: ignore[arg-type]
    )
    expected = list(created)
    for a in resp.chance_actions:
        out = apply(state, cv.action_from_proto(a))
        expected.extend(out.events)
        state = out.state
    assert [cv.event_to_proto(e) for e in expected] == list(resp.events)
    kinds = [e.kind for e in resp.events]
    if heroes == ORDER_HEROES:
        assert kinds[:3] == ["order_by_hero", "deck_shuffled", "deck_shuffled"]
    else:
        assert kinds[0] == "die_rolled" and "order_by_hero" not in kinds
