"""Every RPC of ``berserk.oracle.v1.OracleService`` against a real server process."""

from __future__ import annotations

from typing import Any

import pytest

import oracle
from oracle._proto.berserk.oracle.v1 import action_pb2, state_pb2
from oracle._proto.berserk.oracle.v1 import game_config_pb2 as gc_pb
from oracle._proto.berserk.oracle.v1 import oracle_service_pb2 as pb
from oracle.actions import encode
from oracle.engine import apply, decision, legal_actions
from oracle.serialize import fingerprint
from oracle.service import convert as cv
from oracle.service import state_codec as sc

from .helpers import ORDER_HEROES, ROLL_HEROES, game_config, mid_game_state, trailing


def test_server_info(stub: Any) -> None:
    """GetServerInfo reports the engine, protocol and suite versions, the editions, the
    default edition, the card pool version and no mutant for the reference."""
    info = stub.GetServerInfo(pb.GetServerInfoRequest())
    assert info.engine_version == oracle.__version__
    assert info.proto_version == "v1"
    assert info.suite_version
    assert list(info.editions) == list(oracle.EDITIONS)
    assert info.default_edition == oracle.DEFAULT_EDITION
    assert info.card_pool_version == oracle.load_pool().version
    assert list(info.mutants) == []
    assert info.implementation


def test_card_pool(pool: Any) -> None:
    """GetCardPool lists every card of the pool with its type, stats and JSON definition."""
    assert len(pool.cards) == len(oracle.load_pool().cards)
    by_id = {c.id: c for c in pool.cards}
    assert by_id["test_geroy_snayper"].type == "hero" and by_id["test_geroy_snayper"].life > 0
    creature = next(c for c in pool.cards if c.type == "creature")
    assert creature.strike > 0 and creature.name and creature.definition_json.startswith("{")


@pytest.mark.parametrize("edition", ["", "A", "C", "R15"])
def test_catalogue(stub: Any, edition: str) -> None:
    """GetCatalogue returns the rule catalogue, or only one edition's rules when asked."""
    rules = stub.GetCatalogue(pb.GetCatalogueRequest(edition=edition)).rules
    catalogue = oracle.load_catalogue().rules
    expected = [r for r in catalogue.values() if not edition or r.edition == edition]
    assert [r.id for r in rules] == [r.id for r in expected]
    assert all(r.text_ru for r in rules if r.kind == "rule")


def test_create_game_without_seed(stub: Any, pool: Any) -> None:
    """CreateGame without a seed stops at chance's die roll (301.4) and returns the state
    the engine's new_game gives, with its fingerprint."""
    resp = stub.CreateGame(pb.CreateGameRequest(config=game_config(pool)))
    assert resp.decision.actor == action_pb2.ACTOR_CHANCE
    assert resp.decision.kind == "setup_roll"
    assert resp.state.step == state_pb2.STEP_SETUP_ROLL
    assert not resp.state.HasField("first_player") and not resp.state.HasField("roll_winner")
    assert list(resp.chance_actions) == []
    state = sc.state_from_proto(resp.state)
    assert resp.fingerprint == fingerprint(state)
    assert [state.cards[p.hero].card_id for p in state.players] == list(ROLL_HEROES)


def _replay(config: gc_pb.GameConfig, actions: Any) -> oracle.State:
    state = oracle.new_game(oracle.GameConfig(tuple(config.heroes), tuple(list(d.card_ids) for d in config.decks)))  # type: ignore[arg-type]
    for a in actions:
        state = apply(state, cv.action_from_proto(a)).state
    return state


def test_create_game_with_seed_samples_the_roll(stub: Any, pool: Any) -> None:
    """CreateGame with a chance seed samples the die roll (re-rolled on a tie) and stops
    at the first player decision (the winner chooses the order); replaying the returned
    chance actions in the engine gives the same state; the same seed, the same game."""
    req = pb.CreateGameRequest(config=game_config(pool), chance_seed=12345)
    resp = stub.CreateGame(req)
    assert resp.decision.kind == "setup_order"
    assert resp.decision.actor in (action_pb2.ACTOR_PLAYER_1, action_pb2.ACTOR_PLAYER_2)
    assert {a.kind for a in resp.chance_actions} == {"roll"} and all(a.encoded for a in resp.chance_actions)
    assert resp.fingerprint == fingerprint(_replay(req.config, resp.chance_actions))
    assert stub.CreateGame(req) == resp


def test_create_game_with_seed_samples_the_shuffles(stub: Any, pool: Any) -> None:
    """When a hero fixes the turn order (301.4.1) the seed samples both shuffles and the
    game stops at the first player's mulligan."""
    req = pb.CreateGameRequest(config=game_config(pool, ORDER_HEROES), chance_seed=99)
    resp = stub.CreateGame(req)
    assert [a.kind for a in resp.chance_actions] == ["shuffle", "shuffle"]
    assert resp.decision.kind == "setup_mulligan"
    assert resp.fingerprint == fingerprint(_replay(req.config, resp.chance_actions))
    assert len(resp.state.players[0].hand) == 4


def test_legal_actions_mid_game(stub: Any) -> None:
    """GetLegalActions on a mid-game state: the engine's decision and legal actions, in
    order, each with its encoded text; the fingerprint of the state."""
    state = mid_game_state()
    resp = stub.GetLegalActions(pb.GetLegalActionsRequest(state=sc.state_to_proto(state)))
    expected = legal_actions(state)
    assert [a.encoded for a in resp.actions] == [encode(a) for a in expected]
    assert [cv.action_from_proto(a) for a in resp.actions] == expected
    fields_only = []
    for a in resp.actions:
        m = action_pb2.Action()
        m.CopyFrom(a)
        m.ClearField("encoded")
        fields_only.append(cv.action_from_proto(m))
    assert fields_only == expected
    assert resp.decision.actor == cv.actor_to_proto(decision(state).actor)
    assert resp.decision.kind == decision(state).kind
    assert resp.fingerprint == fingerprint(state)
    assert not resp.outcomes_not_enumerated


def test_legal_actions_at_shuffle_not_enumerated(stub: Any, pool: Any) -> None:
    """At a shuffle (chance decides an order of the deck) no action is listed and
    outcomes_not_enumerated is set."""
    created = stub.CreateGame(pb.CreateGameRequest(config=game_config(pool)))
    roll = stub.ApplyAction(pb.ApplyActionRequest(state=created.state, action=action_pb2.Action(encoded="roll values=5,2")))
    order = stub.ApplyAction(pb.ApplyActionRequest(state=roll.state, action=action_pb2.Action(encoded="choose_order values=1")))
    assert order.state.step == state_pb2.STEP_SETUP_SHUFFLE
    resp = stub.GetLegalActions(pb.GetLegalActionsRequest(state=order.state))
    assert resp.decision.actor == action_pb2.ACTOR_CHANCE
    assert list(resp.actions) == [] and resp.outcomes_not_enumerated


def test_check_action_legal_and_illegal(stub: Any) -> None:
    """CheckAction: a legal action gives legal=true and no violations; an illegal one
    legal=false with edition-qualified rule ids and messages (not an RPC error)."""
    state = mid_game_state()
    msg = sc.state_to_proto(state)
    legal = legal_actions(state)[0]
    ok = stub.CheckAction(pb.CheckActionRequest(state=msg, action=cv.action_to_proto(legal)))
    assert ok.legal and list(ok.violations) == []
    bad = stub.CheckAction(pb.CheckActionRequest(state=msg, action=action_pb2.Action(kind="roll", values=[1, 2])))
    assert not bad.legal
    assert bad.violations and all(":" in v.rule and v.message for v in bad.violations)


def test_batch_check_actions(stub: Any) -> None:
    """BatchCheckActions answers one result per action, in order, equal to CheckAction's."""
    state = mid_game_state()
    msg = sc.state_to_proto(state)
    actions = [cv.action_to_proto(a) for a in legal_actions(state)]
    actions += [action_pb2.Action(encoded="roll values=1,2"), action_pb2.Action(kind="pass", trigger=99)]
    resp = stub.BatchCheckActions(pb.BatchCheckActionsRequest(state=msg, actions=actions))
    assert len(resp.results) == len(actions)
    for action, result in zip(actions, resp.results, strict=True):
        single = stub.CheckAction(pb.CheckActionRequest(state=msg, action=action))
        assert result == single
    assert [r.legal for r in resp.results][-2:] == [False, False]


def test_apply_action(stub: Any) -> None:
    """ApplyAction of a legal action: the engine's next state, its events with rule
    citations, the fingerprint and the next decision."""
    state = mid_game_state()
    action = legal_actions(state)[-1]
    resp = stub.ApplyAction(pb.ApplyActionRequest(state=sc.state_to_proto(state), action=cv.action_to_proto(action)))
    out = apply(state, action)
    assert resp.legal and list(resp.violations) == []
    assert sc.state_dict_from_proto(resp.state) == oracle.to_dict(out.state)
    assert resp.fingerprint == fingerprint(out.state)
    assert [(e.kind, list(e.rules)) for e in resp.events] == [(e.kind, list(e.rules)) for e in out.events]
    assert [[(f.key, f.value) for f in e.data] for e in resp.events] == [
        [(k, str(v)) for k, v in e.data] for e in out.events
    ]
    assert resp.decision.kind == decision(out.state).kind


def test_apply_illegal_action_is_an_answer(stub: Any, pool: Any) -> None:
    """An illegal action is an ordinary answer: legal=false with the violated rule
    (here 301.7: a mulligan is decided now), no state; not an RPC error."""
    created = stub.CreateGame(pb.CreateGameRequest(config=game_config(pool, ORDER_HEROES), chance_seed=7))
    assert created.decision.kind == "setup_mulligan"
    resp = stub.ApplyAction(pb.ApplyActionRequest(state=created.state, action=action_pb2.Action(kind="end_turn")))
    assert not resp.legal
    assert [v.rule for v in resp.violations] == ["C:301.7"]
    assert not resp.HasField("state") and not resp.fingerprint


def test_actor_field_is_checked(stub: Any, pool: Any) -> None:
    """An action by an actor who does not decide now is illegal, citing the rule that
    gives the decision to the other actor (301.7.1: the first player declares first)."""
    created = stub.CreateGame(pb.CreateGameRequest(config=game_config(pool, ORDER_HEROES), chance_seed=7))
    other = action_pb2.ACTOR_PLAYER_2 if created.decision.actor == action_pb2.ACTOR_PLAYER_1 else action_pb2.ACTOR_PLAYER_1
    resp = stub.CheckAction(pb.CheckActionRequest(state=created.state, action=action_pb2.Action(kind="mulligan", actor=other)))
    assert not resp.legal and resp.violations[0].rule == "C:301.7.1"
    mine = stub.CheckAction(
        pb.CheckActionRequest(state=created.state, action=action_pb2.Action(kind="mulligan", actor=created.decision.actor))
    )
    assert mine.legal


@pytest.mark.parametrize("edition", ["C", "R15"])
def test_play_a_game_to_the_end(stub: Any, pool: Any, edition: str) -> None:
    """A whole game played through the service (always the last legal action, seeded
    shuffles) ends with a result, and every step's fingerprint matches the engine's; under
    the default edition C and under the 15th edition R15 (issue 15), whose states say so."""
    import random

    from oracle.model import Action

    rng = random.Random(5)
    config = game_config(pool, ORDER_HEROES, size=8)
    config.edition = edition
    resp = stub.CreateGame(pb.CreateGameRequest(config=config, chance_seed=5))
    assert resp.state.edition == edition
    state_msg, steps = resp.state, 0
    while steps < 2000:
        legal = stub.GetLegalActions(pb.GetLegalActionsRequest(state=state_msg))
        if legal.decision.actor == action_pb2.ACTOR_NOBODY:
            break
        if legal.outcomes_not_enumerated:
            seat = state_msg.shuffled
            deck = list(state_msg.players[seat].deck)
            rng.shuffle(deck)
            action = cv.action_to_proto(Action("shuffle", card=seat, values=tuple(deck)))
        else:
            action = legal.actions[-1]
        applied = stub.ApplyAction(pb.ApplyActionRequest(state=state_msg, action=action))
        assert applied.legal, applied.violations
        assert applied.fingerprint == fingerprint(sc.state_from_proto(applied.state))
        assert all(r.startswith(f"{edition}:") or r.startswith("R15:") for e in applied.events for r in e.rules)
        state_msg, steps = applied.state, steps + 1
    assert state_msg.step == state_pb2.STEP_GAME_OVER
    assert state_msg.result != state_pb2.GAME_RESULT_UNSPECIFIED


def test_request_id_returned(stub: Any) -> None:
    """The request id given in x-request-id metadata comes back in the trailing metadata;
    without one the server makes one up and returns it."""
    _, call = stub.GetServerInfo.with_call(pb.GetServerInfoRequest(), metadata=(("x-request-id", "abc-123"),))
    assert trailing(call)["x-request-id"] == "abc-123"
    _, call = stub.GetServerInfo.with_call(pb.GetServerInfoRequest())
    assert len(trailing(call)["x-request-id"]) >= 16
