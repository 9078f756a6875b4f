"""Tests of the card pool data file oracle/data/cards.json and of its loader.

The pool is built from real «Берсерк. Герои» cards (shared/reference): a card with a real
name keeps its real Russian name, costs, stats and text (heroes their real life); a card
that cannot yet be modelled as printed is a test card («Тест-…», id ``test_…``; see
docs/CARDS.md and tests/test_card_names.py).  The pool must
exercise every mechanic the engine and the conformance suite need (the nineteen
requirements below), and the loader must reject malformed data naming the bad field.
"""

import copy
import json
import re
from pathlib import Path

import pytest

from oracle.cards import CardDataError, TriggeredAbility, load_pool, parse_pool
from tests.conftest import shared_dir

DATA = Path(__file__).parents[1] / "oracle" / "data" / "cards.json"


def _reference() -> Path:
    """The shared reference/ folder (skips the test when it is missing)."""
    return shared_dir("reference")


TRANSLIT = dict(
    zip(
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
        ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p",
         "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya"],
        strict=True,
    )
)


def transliterate(name):
    s = "".join(TRANSLIT.get(ch, ch) for ch in name.lower())
    return re.sub(r"[^a-z0-9]+", "_", s).strip("_")


@pytest.fixture(scope="module")
def pool():
    return load_pool()


@pytest.fixture(scope="module")
def raw():
    return json.loads(DATA.read_text(encoding="utf-8"))


def non_heroes(pool):
    return [c for c in pool.cards.values() if c.type != "hero"]


def heroes(pool):
    return [c for c in pool.cards.values() if c.type == "hero"]


def all_abilities(card):
    """Every ability of a card: its own, those of its modes and of its fury."""
    out = list(card.abilities)
    for mode in card.modes:
        out.extend(mode)
    if card.fury is not None:
        out.extend(card.fury.abilities)
    return out


def cards_with(pool, pred):
    """Ids of cards having at least one ability that satisfies ``pred``."""
    return sorted(c.id for c in pool.cards.values() if any(pred(a) for a in all_abilities(c)))


def has_effect(ability, op, to=None, amount=None):
    return any(
        e.op == op and (to is None or e.to == to) and (amount is None or e.amount == amount)
        for e in ability.effects
    )


def minimal_pool(**card_overrides):
    card = {"id": "c", "name": "Карта", "name_en": "Card", "type": "creature", "cost": 1,
            "strike": 1, "life": 1}
    card.update(card_overrides)
    return {"version": "t", "cards": [card]}


# ------------------------------------------------------------------ loading and identity


def test_pool_loads_with_version(pool):
    """The packaged pool parses without error and carries the version tag pool-3 (pool-2: 46 cards that were not as printed became test cards, 5 test cards added; pool-3: real cards and one test card added, no id changed)."""
    assert pool.version == "pool-3"
    assert len(pool.cards) >= 44


def test_pool_size(pool):
    """The pool has at least 40 non-hero cards and at least 4 heroes."""
    assert len(non_heroes(pool)) >= 40
    assert len(heroes(pool)) >= 4


def test_ids_are_transliterated_names(pool):
    """Every id is the lowercase ascii transliteration of the Russian name, words joined by '_'."""
    for card in pool.cards.values():
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", card.id), card.id
        assert card.id == transliterate(card.name), (card.id, card.name)


def test_every_card_has_gloss_text_and_source(raw):
    """Every card has an English gloss, a Russian text field and a source naming its origin:
    the real card it is (or, for a test card, was derived from), or for a test card made
    for the suite the reason it exists."""
    for c in raw["cards"]:
        assert c["name_en"].strip(), c["id"]
        assert "text" in c, c["id"]
        made_for_the_suite = c["id"].startswith("test_") and c["source"].startswith("Тестовая карта, не реальная")
        # a created card («Созданный») is printed in no set: R15 Part 8 gives it
        part_8 = "created" in c.get("keywords", []) and c["source"].startswith("R15 Часть 8")
        assert "[GYM]" in c["source"] or "cards-bh-sets-2018-2019.json" in c["source"] or made_for_the_suite or part_8, c["id"]
        if c["type"] == "hero" or c.get("abilities") or c.get("modes"):
            assert c["text"].strip(), c["id"]


def test_hero_life_matches_reference(pool):
    """Every hero with a real name has the life of the hero of that name in
    heroes-life.json; every other hero is a test card."""
    ref = json.loads((_reference() / "heroes-life.json").read_text(encoding="utf-8"))
    lives = {}
    for h in ref:
        lives.setdefault(h["name"], set()).add(h["life"])
    for hero in heroes(pool):
        if hero.id.startswith("test_"):
            continue
        assert hero.name in lives, hero.name
        assert lives[hero.name] == {hero.life}, (hero.name, lives[hero.name], hero.life)


def test_non_hero_names_are_real(pool):
    """Every non-hero card that is not a test card (``test_…``) nor a created card of R15
    Part 8 is named after a real card of example-cards.md or cards-bh-sets-2018-2019.json."""
    md = (_reference() / "example-cards.md").read_text(encoding="utf-8")
    bh = {c["name"] for c in json.loads((_reference() / "cards-bh-sets-2018-2019.json").read_text(encoding="utf-8"))}
    real = [card for card in non_heroes(pool) if not card.id.startswith("test_") and "created" not in card.keywords]
    assert real, "no real card left in the pool"
    # a created card (keyword ``created``) is a card of R15 Part 8 (tests/test_card_names.py CREATED)
    for card in real:
        assert card.name in bh or f"**{card.name}**" in md, card.name


def test_bh_cards_keep_real_cost_stats_and_text(pool):
    """Cards taken from the BH sets keep the real cost (absent = X), strike, life and text."""
    bh = {c["name"]: c for c in json.loads((_reference() / "cards-bh-sets-2018-2019.json").read_text(encoding="utf-8"))}
    checked = 0
    for card in non_heroes(pool):
        ref = bh.get(card.name)
        if ref is None:
            continue
        checked += 1
        assert card.cost == ref.get("cost", -1), card.id
        if card.type == "creature":
            assert (card.strike, card.life) == (ref["attack"], ref["health"]), card.id
        assert card.text.strip() == ref["card_text"].strip(), card.id
    assert checked >= 15  # the BH cards modelled as printed (docs/CARDS.md)


def test_every_non_hero_card_is_playable(pool):
    """Every non-hero card can be paid for with at most 10 coins (the coin cap, 522.3)."""
    for card in non_heroes(pool):
        assert card.x_cost or 0 <= card.cost <= 10, card.id


def test_most_creatures_are_cheap(pool):
    """At least three quarters of the creatures cost 1 to 5 coins, so random games see plays."""
    creatures = [c for c in pool.cards.values() if c.type == "creature"]
    cheap = [c for c in creatures if 1 <= c.cost <= 5]
    assert len(cheap) * 4 >= len(creatures) * 3


# ------------------------------------------------------------------ the nineteen requirements


def test_req01_vanilla_creatures_of_several_sizes(pool):
    """1: at least four creatures without abilities or keywords, costing 1, 2, 3-4 and 5+."""
    vanilla = [c for c in pool.cards.values()
               if c.type == "creature" and not c.abilities and not c.keywords]
    assert len(vanilla) >= 4
    costs = {c.cost for c in vanilla}
    assert 1 in costs and 2 in costs
    assert costs & {3, 4}
    assert any(cost >= 5 for cost in costs)


def test_req02_dash_creatures(pool):
    """2: at least two creatures have Рывок (keyword dash)."""
    dash = [c.id for c in pool.cards.values() if c.type == "creature" and "dash" in c.keywords]
    assert len(dash) >= 2


def test_req03_hire_with_target(pool):
    """3: a creature's Найм (hire) trigger wounds a chosen target creature."""
    ids = cards_with(pool, lambda a: a.kind == "triggered" and a.trigger == "hire" and a.targets
                     and a.targets[0].what == "creature" and has_effect(a, "wound", "target"))
    assert ids


def test_req04_start_of_turn_triggers(pool):
    """4: start-of-turn triggers exist mandatory and optional, on own and opponent's turn."""
    sot = [a for c in pool.cards.values() for a in c.abilities
           if a.kind == "triggered" and a.trigger == "start_of_turn"]
    assert any(not a.optional for a in sot)
    assert any(a.optional for a in sot)
    assert any(a.whose == "own" for a in sot)
    assert any(a.whose == "opponent" for a in sot)


def test_req05_end_of_turn_triggers(pool):
    """5: end-of-turn triggers exist mandatory and optional, and one wounds the enemy hero by
    this creature's strike (amount self_strike)."""
    eot = [a for c in pool.cards.values() for a in c.abilities
           if a.kind == "triggered" and a.trigger == "end_of_turn"]
    assert any(not a.optional for a in eot)
    assert any(a.optional for a in eot)
    assert any(has_effect(a, "wound", "enemy_hero", "self_strike") for a in eot)


def test_req06_whenever_triggers(pool):
    """6: at least two «Каждый раз, когда» (whenever) triggers on two cards, with no usage limit,
    at least one on creature_enters or creature_dies."""
    ids = cards_with(pool, lambda a: isinstance(a, TriggeredAbility) and a.whenever)
    assert len(ids) >= 2
    whenever = [a for c in pool.cards.values() for a in c.abilities if isinstance(a, TriggeredAbility) and a.whenever]
    assert all(a.per_turn == 0 and a.per_game == 0 for a in whenever)
    assert any(a.trigger in ("creature_enters", "creature_dies") for a in whenever)


def test_req07_activated_ability_costs(pool):
    """7: creatures have activated abilities paid by tapping only, by coins only and by both;
    at least one support card has an activated ability."""
    creature_costs = {(a.tap, a.coins > 0) for c in pool.cards.values() if c.type == "creature"
                      for a in c.abilities if a.kind == "activated"}
    assert {(True, False), (False, True), (True, True)} <= creature_costs
    assert any(a.kind == "activated" for c in pool.cards.values() if c.type == "support"
               for a in c.abilities)


def test_req08_usage_limits(pool):
    """8: unlimited-by-text abilities default to once per turn; an explicit 2-per-turn limit
    and a once-per-game limit exist."""
    parsed = parse_pool(minimal_pool(abilities=[
        {"kind": "activated", "cost": {"tap": True}, "effects": [{"op": "draw", "to": "controller"}]},
        {"kind": "triggered", "trigger": "death", "effects": [{"op": "draw", "to": "controller"}]},
    ]))
    assert [a.per_turn for a in parsed["c"].abilities] == [1, 1]
    abilities = [a for c in pool.cards.values() for a in c.abilities if a.kind != "static"]
    assert any(a.kind in ("activated", "triggered") and a.per_turn == 1 for a in abilities)
    assert any(a.per_turn == 2 for a in abilities)
    assert any(a.per_game == 1 for a in abilities)


def test_req09_heroes(pool):
    """9: every hero has exactly one activated ability; one hero moves first, one second,
    at least two have no turn order."""
    for hero in heroes(pool):
        assert sum(a.kind == "activated" for a in hero.abilities) == 1, hero.id
        assert hero.strike == 0 and hero.life > 0
    orders = [h.turn_order for h in heroes(pool)]
    assert orders.count("first") == 1
    assert orders.count("second") == 1
    assert orders.count("") >= 2


def test_req10_spell_with_several_abilities(pool):
    """10: a spell has several spell abilities resolved in order, one acting on a target and
    one drawing a card for its controller."""
    found = [c.id for c in pool.cards.values() if c.type == "spell" and len(c.abilities) >= 2
             and any(a.targets for a in c.abilities)
             and any(has_effect(a, "draw", "controller") for a in c.abilities)]
    assert found


def test_req11_x_cost_and_distribution(pool):
    """11: an X-cost spell uses amount X; a spell distributes wounds among up to several targets."""
    x_spells = [c for c in pool.cards.values() if c.type == "spell" and c.x_cost]
    assert any(e.amount == "X" for c in x_spells for a in c.abilities for e in a.effects)
    dist = [a for c in pool.cards.values() if c.type == "spell" for a in all_abilities(c)
            if has_effect(a, "distribute_wounds")]
    assert dist
    assert any(a.targets[0].min_count == 1 and a.targets[0].max_count >= 2 for a in dist)


def test_req12_modal_spell(pool):
    """12: a modal spell offers two or three modes, each a list of spell abilities."""
    modal = [c for c in pool.cards.values() if c.modes]
    assert modal
    for c in modal:
        assert c.type == "spell" and 2 <= len(c.modes) <= 3
        assert all(mode and all(a.kind == "spell" for a in mode) for mode in c.modes)


def test_req13_cost_modifiers(pool):
    """13: static cost modifiers of all five kinds sit on creatures or support cards, on at least
    five cards."""
    holders = {}
    for c in pool.cards.values():
        for a in c.abilities:
            if a.kind == "static" and a.static_op == "cost_modifier":  # not strike_bonus
                assert c.type in ("creature", "support"), c.id
                holders.setdefault(a.modifier, set()).add(c.id)
    assert set(holders) == {"increase", "multiply", "decrease", "divide", "set"}
    assert len(set().union(*holders.values())) >= 5


def test_req14_support_cards(pool):
    """14: at least three support cards, each with a class, two sharing a class."""
    supports = [c for c in pool.cards.values() if c.type == "support"]
    assert len(supports) >= 3
    assert all(c.card_class for c in supports)
    classes = [c.card_class for c in supports]
    assert len(set(classes)) < len(classes)


def test_req15_poison_cure_and_destroy_poisoned(pool):
    """15: poison, its removal by a targeted Найм, and a Найм destroying a poisoned creature
    (rule 501.4's example)."""
    assert cards_with(pool, lambda a: has_effect(a, "poison"))
    assert cards_with(pool, lambda a: a.trigger == "hire" and a.targets and has_effect(a, "cure", "target"))
    assert cards_with(pool, lambda a: a.trigger == "hire" and a.targets
                      and "poisoned" in a.targets[0].filters and has_effect(a, "destroy", "target"))


def test_req16_stealth(pool):
    """16: a creature has Скрытность (keyword stealth) and a creature's Найм hides itself."""
    assert any(c.type == "creature" and "stealth" in c.keywords for c in pool.cards.values())
    assert cards_with(pool, lambda a: a.trigger == "hire" and has_effect(a, "hide", "self"))


def test_req17_attack_closed_and_death_triggers(pool):
    """17: triggers on attacking, on this card closing and on its death (Гибель) exist."""
    for trigger in ("attacks", "closed", "death"):
        assert cards_with(pool, lambda a, t=trigger: a.kind == "triggered" and a.trigger == t), trigger


def test_req18_fury_and_alternative_cost(pool):
    """18: a card has Ярость (an additional coin cost adding abilities) and a card can be played
    for its hero's health (alternative cost)."""
    fury = [c for c in pool.cards.values() if c.fury is not None]
    assert fury and all(c.fury.coins >= 1 and c.fury.abilities for c in fury)
    assert any(c.alt_wound_own_hero >= 1 for c in pool.cards.values())


def test_req19_strike_bonuses(pool):
    """19: strike bonuses until end of turn and until the start of the next turn exist."""
    assert cards_with(pool, lambda a: has_effect(a, "strike_until_end_of_turn"))
    assert cards_with(pool, lambda a: has_effect(a, "strike_until_start_of_turn"))


# ------------------------------------------------------------------ loader rejects bad data


def test_unknown_top_level_card_keys_are_ignored():
    """A card's unknown top-level keys (model_note) do not make the card invalid."""
    pool = parse_pool(minimal_pool(model_note="упрощение"))
    assert "c" in pool


def test_rejects_unknown_card_type():
    """A card whose type is not hero/creature/spell/support is rejected at $.cards[0].type."""
    with pytest.raises(CardDataError) as err:
        parse_pool(minimal_pool(type="monster"))
    assert err.value.field == "$.cards[0].type"


def test_rejects_unknown_effect_op():
    """An effect op outside the closed vocabulary is rejected naming that op's field."""
    bad = minimal_pool(abilities=[{"kind": "triggered", "trigger": "hire",
                                    "effects": [{"op": "explode", "to": "self"}]}])
    with pytest.raises(CardDataError) as err:
        parse_pool(bad)
    assert err.value.field == "$.cards[0].abilities[0].effects[0].op"


@pytest.mark.parametrize("effects", [None, 5, "draw", {"op": "draw"}])
@pytest.mark.parametrize("optional", [False, True])
def test_a_triggered_constructor_option_with_no_list_of_effects_names_its_field(effects, optional):
    """An option of a triggered constructor whose ``effects`` is no list is refused at that field,
    an optional constructor's too (it once crashed with a TypeError there)."""
    bad = minimal_pool(abilities=[{"kind": "triggered", "trigger": "death", "choose": 1, "optional": optional,
                                    "options": [{"effects": effects},
                                                {"effects": [{"op": "draw", "to": "controller", "amount": 1}]}]}])
    with pytest.raises(CardDataError) as err:
        parse_pool(bad)
    assert err.value.field.startswith("$.cards[0].abilities[0].options[0].effects")


def test_rejects_missing_id():
    """A card without an id is rejected at $.cards[0].id."""
    bad = minimal_pool()
    del bad["cards"][0]["id"]
    with pytest.raises(CardDataError) as err:
        parse_pool(bad)
    assert err.value.field == "$.cards[0].id"


def test_rejects_duplicate_id():
    """A second card with an id already used is rejected at its own id field."""
    bad = minimal_pool()
    bad["cards"].append(copy.deepcopy(bad["cards"][0]))
    with pytest.raises(CardDataError) as err:
        parse_pool(bad)
    assert err.value.field == "$.cards[1].id"


def test_rejects_corrupted_real_card(raw):
    """Corrupting a card of the real pool is caught and located: an unknown trigger name."""
    bad = copy.deepcopy(raw)
    index = next(i for i, c in enumerate(bad["cards"]) if c["id"] == "strazh_kupeli")
    bad["cards"][index]["abilities"][0]["trigger"] = "sometimes"
    with pytest.raises(CardDataError) as err:
        parse_pool(bad)
    assert err.value.field == f"$.cards[{index}].abilities[0].trigger"
