"""Generator of reviewer B's R15 probe scenarios (written from the rules text only).

Run: python gen-probes-B.py  -> writes probes/s<rule>-probe-*.json
"""
import json
import os

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probes")
TEST = "Тестовые карты (не реальные): test_*."


def c(uid, card_id, **kw):
    d = {"uid": uid, "card_id": card_id}
    d.update(kw)
    return d


def deck(*uids_ids):
    return [c(u, i) for u, i in uids_ids]


P1DECK = deck((19, "ork"), (18, "ork"), (17, "ork"))
P2DECK = deck((29, "ork"), (28, "ork"), (27, "ork"))


def board(p1=None, p2=None, turn=3, active=0, **kw):
    p1 = dict(p1 or {})
    p2 = dict(p2 or {})
    p1.setdefault("hero", {"card_id": "test_geroy_pervogo_khoda", "closed": True})
    p2.setdefault("hero", {"card_id": "test_geroy_vtorogo_khoda"})
    p1.setdefault("deck", P1DECK)
    p2.setdefault("deck", P2DECK)
    b = {"turn": turn, "active": active, "players": [p1, p2]}
    b.update(kw)
    return {"board": b}


def ev(kind_, rules=None, **data):
    e = {"kind": kind_}
    if data:
        e["data"] = [{"key": k, "value": str(v)} for k, v in data.items()]
    if rules:
        e["rules"] = rules
    return e


def f(path, value):
    return {"path": path, "equals": json.dumps(value, ensure_ascii=False)}


def st(action, facts=None, events=None, no_events=None, illegal=False, vrules=None,
       legal=None, decision=None, any_order=False):
    s = {"action": {"encoded": action}}
    if illegal:
        s["expect_illegal"] = True
    if vrules:
        s["expect_violation_rules"] = vrules
    if legal is not None:
        s["expect_legal_actions"] = {"actions": legal}
    if decision:
        s["expect_decision"] = {"actor": decision[0], "kind": decision[1]}
    if events:
        s["expect_events"] = events
        if any_order:
            s["events_any_order"] = True
    if no_events:
        s["expect_no_events"] = no_events
    if facts:
        s["expect_facts"] = facts
    return s


PROBES = []


def probe(rule, slug, rules, desc, setup, steps):
    sid = f"s{rule}-probe-{slug}"
    PROBES.append({"id": sid, "rules": rules, "editions": ["R15"],
                   "description": desc + " " + TEST, "setup": setup, "steps": steps})


# ---------------------------------------------------------------- 306
probe("306.0", "choice-phase-reached-again-after-each-phase", ["R15:306.0", "R15:306.2"],
      "R15:306 preamble: the active player may come back to the choice phase any number of times a turn: "
      "after an activated ability, a card play and a strike attack the game is each time at the choice phase.",
      board({"play": [c(11, "test_korrektirovshchik"), c(12, "ork")], "hand": [c(13, "test_smertnik")],
             "coins_open": 3}),
      [st("activate card=11 ability=0 targets=2", facts=[f("step", "choice"), f("card[2].wounds", 2)]),
       st("play card=13", decision=("ACTOR_PLAYER_1", "choice"),
          facts=[f("step", "choice"), f("zone[13]", "play")]),
       st("attack card=12 targets=2", decision=("ACTOR_PLAYER_1", "choice"),
          facts=[f("step", "choice"), f("card[2].wounds", 7), f("decision.actor", "player_1")]),
       st("end_turn", decision=("ACTOR_PLAYER_1", "choice"), facts=[f("turn", 4)])])

probe("306.1", "choice-offers-exactly-attack-activate-play-end", ["R15:306.1"],
      "R15:306.1: at the choice phase the active player chooses among attacking, activating, playing a card "
      "and passing the turn; passing leads to the end-of-turn stage and the opponent's turn.",
      board({"play": [c(11, "ork"), c(13, "test_biblioteka")], "hand": [c(12, "ork")], "coins_open": 4}),
      [st("end_turn", decision=("ACTOR_PLAYER_1", "choice"),
          legal=["attack card=11 targets=2", "activate card=13 ability=0", "play card=12", "end_turn"],
          events=[ev("turn_passed", ["R15:306.1"], player=0)],
          facts=[f("turn", 4), f("active", 1)])])

probe("306.1", "choice-refuses-queue-actions", ["R15:306.1"],
      "R15:306.1: at the choice phase only the active player chooses, and only among the four choices: a defender "
      "assignment is refused, and so is the inactive player's end of turn.",
      board({"play": [c(11, "ork")]}),
      [st("defend card=11", illegal=True, vrules=["R15:306.1"]),
       st("end_turn actor=player_2", illegal=True, vrules=["R15:306.1"]),
       st("end_turn", facts=[f("turn", 4)])])

probe("306.2", "same-phase-entered-several-times", ["R15:306.2"],
      "R15:306.2: the card-play phase and the activated-ability phase may each be entered several times "
      "in one main stage: two cards played, then two abilities of two cards activated.",
      board({"play": [c(11, "test_korrektirovshchik"), c(12, "test_dozornyy")],
             "hand": [c(13, "test_smertnik"), c(14, "test_smertnik")], "coins_open": 4}),
      [st("play card=13", facts=[f("step", "choice"), f("zone[13]", "play")]),
       st("play card=14", facts=[f("step", "choice"), f("zone[14]", "play"), f("players[0].coins_open", 2)]),
       st("activate card=11 ability=0 targets=2", facts=[f("step", "choice"), f("card[2].wounds", 2)]),
       st("activate card=12 ability=0 targets=2",
          facts=[f("step", "choice"), f("card[2].wounds", 3), f("players[0].coins_open", 0)])])

# ---------------------------------------------------------------- 307
probe("307.1", "attack-declaration-trigger-resolves-before-defender", ["R15:307.1"],
      "R15:307.1: after the attack is declared the opponent's «когда противник объявляет атаку» trigger "
      "(Тест-часовой: wound each enemy creature 1) enters the Queue and resolves; only then the inactive "
      "player assigns a defender (the Часовой itself, open), and the fight follows.",
      board({"play": [c(11, "ork")]}, {"play": [c(21, "test_chasovoy")]}),
      [st("attack card=11 targets=2",
          events=[ev("attack_declared", attacker=11, target=2), ev("triggered", source=21),
                  ev("wounded", card=11, amount=1)],
          facts=[f("card[11].wounds", 1), f("step", "defender"), f("decision.actor", "player_2")]),
       st("defend card=21", facts=[f("zone[21]", "graveyard"), f("card[11].wounds", 3), f("card[2].wounds", 0),
                                   f("step", "choice")])])

probe("307.1", "defender-is-another-open-creature-not-yet-defender", ["R15:307.1"],
      "R15:307.1: the defender must be ANOTHER open creature of the inactive player that has not defended "
      "this turn: the attacked creature, a closed one and one that defended are refused; a fresh open one is "
      "accepted, and assigning none is allowed.",
      board({"play": [c(11, "ork")]},
            {"play": [c(21, "test_knigochey"), c(22, "test_knigochey", closed=True),
                      c(23, "test_knigochey", defended_this_turn=True), c(24, "test_knigochey")]}),
      [st("attack card=11 targets=21", facts=[f("step", "defender"), f("decision.actor", "player_2")]),
       st("defend card=21", illegal=True),
       st("defend card=22", illegal=True),
       st("defend card=23", illegal=True),
       st("defend card=24", legal=["defend card=24", "defend"],
          facts=[f("zone[24]", "graveyard"), f("card[21].wounds", 0), f("card[11].wounds", 1)])])

probe("307.3", "attacker-and-defender-close-then-close-triggers", ["R15:307.3"],
      "R15:307.3: once the fight's Queue is empty the attacker and the defender close; the attacker's "
      "«Когда это существо закрывается, возьмите карту» then enters the Queue and its controller draws.",
      board({"play": [c(11, "test_dvoynyashki")]}, {"play": [c(21, "test_knigochey")]}),
      [st("attack card=11 targets=2", facts=[f("step", "defender")]),
       st("defend card=21",
          events=[ev("fight", attacker=11, target=21), ev("closed", ["R15:307.3"], card=11),
                  ev("triggered", source=11), ev("drew", player=0, card=19)],
          facts=[f("card[11].closed", True), f("card[21].closed", True), f("card[21].wounds", 3),
                 f("card[11].wounds", 1), f("players[0].hand", [19]), f("step", "choice")])])

probe("309.1.4", "final-cost-two-set-to-later-wins", ["R15:309.1.4", "R15:523.1"],
      "R15:309.1 step 4: set-to modifiers apply in the order they appeared in the game: Тест-глашатай (creatures "
      "cost 0, entered turn 1) then Тест-установщик (creatures cost 2, entered turn 2): the later one is applied "
      "last, the creature costs 2.",
      board({"play": [c(11, "test_glashatay", entered_turn=1), c(12, "test_ustanovshchik", entered_turn=2)],
             "hand": [c(13, "test_dvoynyashki")], "coins_open": 3}),
      [st("play card=13", events=[ev("card_played", card=13, cost=2)], facts=[f("players[0].coins_open", 1)])])

probe("309.1.4", "final-cost-two-set-to-later-wins-reversed", ["R15:309.1.4", "R15:523.1"],
      "R15:309.1 step 4: set-to modifiers apply in the order they appeared in the game: Тест-установщик (creatures "
      "cost 2, entered turn 1) then Тест-глашатай (creatures cost 0, entered turn 2): the creature costs 0.",
      board({"play": [c(12, "test_ustanovshchik", entered_turn=1), c(11, "test_glashatay", entered_turn=2)],
             "hand": [c(13, "test_dvoynyashki")], "coins_open": 3}),
      [st("play card=13", events=[ev("card_played", card=13, cost=0)], facts=[f("players[0].coins_open", 3)])])

probe("307.3", "attacker-still-open-while-fight-queue-runs", ["R15:307.3", "R15:307.2"],
      "R15:307.3: the attacker closes only after the Queue after the fight is empty: while its «При атаке» "
      "trigger (Тест-налётчик) waits to be declared the attacker is still open; it is closed once that resolved.",
      board({"play": [c(11, "test_naletchik")]}),
      [st("attack card=11 targets=2", facts=[f("step", "fight_queue"), f("card[11].closed", False),
                                            f("card[2].wounds", 4)]),
       st("declare targets=2 trigger=@11:0", facts=[f("card[2].wounds", 6), f("card[11].closed", True),
                                                   f("step", "choice")])])

probe("307.4", "empty-queue-returns-to-choice", ["R15:307.4"],
      "R15:307.4: after a strike attack with nothing in the Queue the game goes back to the choice phase.",
      board({"play": [c(11, "ork")]}),
      [st("attack card=11 targets=2", events=[ev("back_to_choice", ["R15:307.4"])],
          facts=[f("step", "choice"), f("card[2].wounds", 5), f("card[11].closed", True),
                 f("decision.actor", "player_1")])])

# ---------------------------------------------------------------- 308.1
probe("308.1.2", "base-cost-is-printed-cost", ["R15:308.1.2", "R15:308.1.8"],
      "R15:308.1 step 2: an ability's base cost is its printed cost: (2) costs 2 coins; (X) with X=1 costs 1.",
      board({"play": [c(11, "test_korrektirovshchik"), c(12, "test_nakachivatel")], "coins_open": 3}),
      [st("activate card=11 ability=0 targets=2",
          facts=[f("players[0].coins_open", 1), f("players[0].coins_closed", 2), f("card[2].wounds", 2)]),
       st("activate card=12 ability=0 targets=2 x=1",
          facts=[f("players[0].coins_open", 0), f("players[0].coins_closed", 3), f("card[2].wounds", 3)])])

probe("308.1.4", "ability-cost-multiply-before-decrease", ["R15:308.1.4", "R15:523.1"],
      "R15:308.1 step 4: multiplying modifiers apply before decreasing ones. Энт-прародитель «(1): … удвойте "
      "… стоимость этой особенности» with Тест-инженер (activated abilities cost 1 less): first use 1-1=0; "
      "after one doubling the next use costs 1*2-1=1 (not (1-1)*2=0).",
      board({"play": [c(11, "ent_praroditel"), c(12, "test_inzhener")], "coins_open": 3}),
      [st("activate card=11 ability=0", facts=[f("players[0].coins_open", 3), f("card[11].strike", 2)]),
       st("end_turn", facts=[f("turn", 4), f("active", 1)]),
       st("end_turn", facts=[f("turn", 5), f("active", 0), f("players[0].coins_open", 4)]),
       st("activate card=11 ability=0", facts=[f("players[0].coins_open", 3), f("card[11].strike", 4)])])

probe("308.1.5", "ability-targets-must-match", ["R15:308.1.5", "R15:308.1.7"],
      "R15:308.1 step 5: the targets are those the ability names («персонажа противника»): the own hero and "
      "an own creature are refused, an enemy creature is accepted.",
      board({"play": [c(11, "test_dozornyy"), c(12, "ork")]}, {"play": [c(21, "ork")]}),
      [st("activate card=11 ability=0 targets=1", illegal=True),
       st("activate card=11 ability=0 targets=12", illegal=True),
       st("activate card=11 ability=0 targets=21", facts=[f("card[21].wounds", 1), f("card[11].closed", True)])])

probe("308.1.6", "distribution-each-target-at-least-one", ["R15:308.1.6"],
      "R15:308.1 step 6: each target of a distribution gets at least one: (X)=2 distributed 2/0 between two "
      "enemy creatures is refused; 1/1 is accepted.",
      board({"play": [c(11, "test_raspredelitel")], "coins_open": 2},
            {"play": [c(21, "test_knigochey"), c(22, "test_knigochey")]}),
      [st("activate card=11 ability=0 targets=21,22 amounts=2,0 x=2", illegal=True, vrules=["R15:308.1.6"]),
       st("activate card=11 ability=0 targets=21,22 amounts=1,1 x=2",
          facts=[f("card[21].wounds", 1), f("card[22].wounds", 1), f("players[0].coins_open", 0)])])

probe("308.1.7", "illegal-activation-leaves-no-trace", ["R15:308.1.7", "R15:308.1"],
      "R15:308.1 step 7: an activation found illegal returns the game to before step 1: no coin paid, no "
      "usage taken, so the same ability can then be activated legally.",
      board({"play": [c(11, "test_korrektirovshchik")], "coins_open": 2}),
      [st("activate card=11 ability=0 targets=1", illegal=True,
          facts=[f("players[0].coins_open", 2), f("card[11].usage", [])]),
       st("activate card=11 ability=0 targets=2",
          facts=[f("players[0].coins_open", 0), f("card[2].wounds", 2)])])

probe("308.1.7", "illegal-activation-cites-legality-check", ["R15:308.1.7"],
      "R15:308.1 step 7 (and the 308.1 preamble): an activation whose declared target is illegal is found "
      "illegal at the legality check and rewound; the refusal cites that step, as an illegal play cites "
      "R15:309.1.8.",
      board({"play": [c(11, "test_korrektirovshchik")], "coins_open": 2}),
      [st("activate card=11 ability=0 targets=1", illegal=True, vrules=["R15:308.1.7"])])

probe("308.1.8", "payment-closes-card-and-coins", ["R15:308.1.8"],
      "R15:308.1 step 8: the payment closes the card for (Т) and closes the coins of the final cost; an "
      "ability whose cost cannot be paid (3 coins, 1 open) is refused.",
      board({"play": [c(11, "test_biblioteka"), c(12, "test_batareya")], "coins_open": 1}),
      [st("activate card=12 ability=0 targets=2", illegal=True),
       st("activate card=11 ability=0",
          events=[ev("closed", ["R15:308.1.8"], card=11), ev("coins_paid", ["R15:308.1.8"], player=0, amount=1),
                  ev("drew", player=0, card=19)],
          facts=[f("card[11].closed", True), f("players[0].coins_open", 0), f("players[0].coins_closed", 1),
                 f("players[0].hand", [19])])])

probe("308.1.11", "ability-is-carried-out", ["R15:308.1.11"],
      "R15:308.1 step 11: the declared ability is carried out: Тест-мушкетёр's (Т) wounds the enemy creature 4.",
      board({"play": [c(11, "test_mushketer")]}, {"play": [c(21, "ork")]}),
      [st("activate card=11 ability=0 targets=21",
          events=[ev("resolving", ["R15:308.1.11"], kind="activated", source=11), ev("wounded", card=21, amount=4)],
          facts=[f("card[21].wounds", 4), f("step", "choice")])])

probe("308.2", "triggers-after-activated-ability", ["R15:308.2"],
      "R15:308.2: after the activated ability is carried out, the triggers it caused enter the Queue: the hero "
      "closes the enemy Тест-двойняшки, whose «Когда это существо закрывается, возьмите карту» makes its "
      "controller draw.",
      board({"hero": {"card_id": "test_geroy_strazh"}, "coins_open": 1}, {"play": [c(21, "test_dvoynyashki")]}),
      [st("activate card=1 ability=0 targets=21",
          events=[ev("resolving", kind="activated", source=1), ev("closed", card=21), ev("triggered", source=21),
                  ev("drew", player=1, card=29)],
          facts=[f("card[21].closed", True), f("players[1].hand", [29]), f("step", "choice")])])

probe("308.3", "empty-queue-returns-to-choice", ["R15:308.3"],
      "R15:308.3: after an activated ability with nothing in the Queue the game is back at the choice phase.",
      board({"play": [c(11, "test_korrektirovshchik")], "coins_open": 2}),
      [st("activate card=11 ability=0 targets=2", events=[ev("back_to_choice", ["R15:308.3"])],
          facts=[f("step", "choice"), f("decision.actor", "player_1")])])

# ---------------------------------------------------------------- 309.1
probe("309.1.1", "play-only-from-hand", ["R15:309.1.1"],
      "R15:309.1 step 1: a card is played from the hand (no ability lets it be played from elsewhere): a card "
      "of the graveyard, of the deck or already in play is refused; the one in hand is played.",
      board({"play": [c(11, "test_smertnik")], "hand": [c(13, "test_smertnik")],
             "graveyard": [c(15, "test_smertnik")], "deck": deck((19, "test_smertnik"), (18, "ork")),
             "coins_open": 3}),
      [st("play card=15", illegal=True, vrules=["R15:309.1.1"]),
       st("play card=19", illegal=True, vrules=["R15:309.1.1"]),
       st("play card=11", illegal=True, vrules=["R15:309.1.1"]),
       st("play card=13", facts=[f("zone[13]", "play"), f("players[0].coins_open", 2)])])

probe("309.1.2", "base-cost-is-printed-cost", ["R15:309.1.2", "R15:309.1.9"],
      "R15:309.1 step 2: with no modifier the cost paid is the printed cost: Орк (4) with 5 open coins leaves 1.",
      board({"hand": [c(13, "ork")], "coins_open": 5}),
      [st("play card=13", events=[ev("card_played", card=13, player=0, cost=4)],
          facts=[f("players[0].coins_open", 1), f("players[0].coins_closed", 4)])])

probe("309.1.4", "final-cost-increase-multiply-decrease", ["R15:309.1.4", "R15:523.1"],
      "R15:309.1 step 4: increases, then multiplications, then decreases. Тест-двойняшки (3) with the "
      "opponent's Тест-пошлина (+1) and Тест-вымогатель (x2) and the own Тест-механик (-1): (3+1)*2-1 = 7.",
      board({"play": [c(11, "test_mekhanik")], "hand": [c(13, "test_dvoynyashki")], "coins_open": 7},
            {"play": [c(21, "test_poshlina"), c(22, "test_vymogatel")]}),
      [st("play card=13", events=[ev("card_played", card=13, cost=7)],
          facts=[f("players[0].coins_open", 0), f("zone[13]", "play")])])

probe("309.1.4", "final-cost-decrease-before-divide", ["R15:309.1.4", "R15:523.1"],
      "R15:309.1 step 4: decreases before divisions. Тест-налётчик (5) with the own Тест-механик (-1) and "
      "Тест-вербовщик (half): (5-1)/2 = 2.",
      board({"play": [c(11, "test_mekhanik"), c(12, "test_verbovshchik")], "hand": [c(13, "test_naletchik")],
             "coins_open": 3}),
      [st("play card=13", events=[ev("card_played", card=13, cost=2)],
          facts=[f("players[0].coins_open", 1), f("zone[13]", "play")])])

probe("309.1.4", "final-cost-set-to-applies-last", ["R15:309.1.4", "R15:523.1"],
      "R15:309.1 step 4: set-to modifiers apply last. Тест-глашатай («Ваши существа стоят (0)») with the "
      "opponent's Тест-пошлина (+1): the creature costs 0 and is played with no coin.",
      board({"play": [c(11, "test_glashatay")], "hand": [c(13, "test_dvoynyashki")], "coins_open": 0},
            {"play": [c(21, "test_poshlina")]}),
      [st("play card=13", events=[ev("card_played", card=13, cost=0)], no_events=[ev("coins_paid")],
          facts=[f("zone[13]", "play")])])

probe("309.1.5", "card-moves-before-payment-own-static-not-in-cost", ["R15:309.1.5", "R15:309.1.4"],
      "R15:309.1 step 5: the card moves (creature to play, spell to graveyard) after the final cost is fixed at "
      "step 4 and before the payment of step 9: Тест-механик («Существа стоят на (1) дешевле») costs its full 3 "
      "(its static starts only at step 5); it enters play before the coins are paid; a spell goes to the graveyard.",
      board({"hand": [c(13, "test_mekhanik"), c(14, "test_dobivanie")], "coins_open": 4}),
      [st("play card=13", events=[ev("card_played", card=13, cost=3), ev("entered_play", card=13),
                                  ev("coins_paid", player=0, amount=3)],
          facts=[f("players[0].coins_open", 1), f("zone[13]", "play")]),
       st("play card=14", events=[ev("card_played", card=14), ev("spell_to_graveyard", card=14),
                                  ev("coins_paid", player=0, amount=1)],
          facts=[f("zone[14]", "graveyard"), f("players[0].coins_open", 0)])])

probe("309.1.6", "spell-target-must-match", ["R15:309.1.6"],
      "R15:309.1 step 6: the spell's targets are what it names: Тест-ярость («Ранить существо на 3») on a hero "
      "is refused, on a creature accepted.",
      board({"hand": [c(13, "test_yarost")], "coins_open": 2}, {"play": [c(21, "test_knigochey")]}),
      [st("play card=13 targets=2", illegal=True),
       st("play card=13 targets=21", facts=[f("card[21].wounds", 3), f("zone[13]", "graveyard")])])

probe("309.1.7", "distribution-each-target-at-least-one", ["R15:309.1.7"],
      "R15:309.1 step 7: each target of a distribution gets at least one: Тест-распределение's 3 wounds as 3/0 "
      "between two creatures is refused, 2/1 accepted.",
      board({"hand": [c(13, "test_raspredelenie")], "coins_open": 2},
            {"play": [c(21, "test_knigochey"), c(22, "test_knigochey")]}),
      [st("play card=13 targets=21,22 amounts=3,0", illegal=True, vrules=["R15:309.1.7"]),
       st("play card=13 targets=21,22 amounts=2,1",
          facts=[f("card[21].wounds", 2), f("card[22].wounds", 1)])])

probe("309.1.8", "illegal-play-rewinds-to-before-step-1", ["R15:309.1.8"],
      "R15:309.1 step 8: a play found illegal (three targets for «не более чем двух существ») returns the game "
      "to before step 1: the card stays in hand, no coin is paid; the legal play then goes through.",
      board({"hand": [c(13, "test_raspredelenie")], "coins_open": 2},
            {"play": [c(21, "test_knigochey"), c(22, "test_knigochey"), c(23, "test_knigochey")]}),
      [st("play card=13 targets=21,22,23 amounts=1,1,1", illegal=True, vrules=["R15:309.1.8"],
          facts=[f("zone[13]", "hand"), f("players[0].coins_open", 2), f("players[0].graveyard", [])]),
       st("play card=13 targets=21,22 amounts=1,2",
          facts=[f("zone[13]", "graveyard"), f("players[0].coins_open", 0), f("card[22].wounds", 2)])])

probe("309.1.9", "payment-additional-and-alternative-costs", ["R15:309.1.9"],
      "R15:309.1 step 9: the payment pays the final cost and the additional costs: Тест-озарение with its "
      "alternative cost wounds the own hero 3 and closes no coin; Тест-ярость with Ярость 1 costs 2+1=3 coins; "
      "a card whose cost cannot be paid is refused.",
      board({"hand": [c(13, "test_ozarenie"), c(14, "test_yarost"), c(15, "test_yarost")], "coins_open": 3},
            {"play": [c(21, "ork"), c(22, "ork")]}),
      [st("play card=13 targets=2 option=alt",
          facts=[f("card[1].wounds", 3), f("players[0].coins_open", 3), f("card[2].wounds", 2)]),
       st("play card=14 targets=21 option=fury",
          facts=[f("players[0].coins_open", 0), f("players[0].coins_closed", 3), f("zone[21]", "graveyard")]),
       st("play card=15 targets=22", illegal=True, facts=[f("zone[15]", "hand")])])

probe("309.1.10", "opponent-cancels-after-payment", ["R15:309.1.10", "R15:518.1"],
      "R15:309.1 step 10: cancellation comes after the payment: the opponent's Акванит-страж («Если противник "
      "разыгрывает карту, не являющуюся существом, вы можете уничтожить Акванита-стража, при этом отмените эту "
      "карту») cancels Тест-добивание; the coin stays paid, the spell has no effect.",
      board({"hand": [c(13, "test_dobivanie")], "coins_open": 1}, {"play": [c(21, "akvanit_strazh")]}),
      [st("play card=13", facts=[f("step", "cancel_choice"), f("decision.actor", "player_2"),
                                 f("players[0].coins_open", 0)]),
       st("cancel_play card=21 actor=player_2",
          facts=[f("zone[21]", "graveyard"), f("zone[13]", "graveyard"), f("card[2].wounds", 0),
                 f("players[0].hand", []), f("players[0].coins_closed", 1), f("step", "choice")])])

probe("309.1.10", "creature-play-not-cancellable-by-strazh", ["R15:309.1.10", "R15:518.1"],
      "R15:309.1 step 10 with Акванит-страж's condition «карту, не являющуюся существом»: a creature play "
      "offers no cancellation; a spell whose cancellation is declined takes effect.",
      board({"hand": [c(13, "test_smertnik"), c(14, "test_dobivanie")], "coins_open": 2},
            {"play": [c(21, "akvanit_strazh")]}),
      [st("play card=13", facts=[f("step", "choice"), f("zone[13]", "play")]),
       st("play card=14", facts=[f("step", "cancel_choice")]),
       st("cancel_play actor=player_2",
          facts=[f("zone[21]", "play"), f("card[2].wounds", 2), f("players[0].hand", [19])])])

probe("309.1.12", "spell-effect-applied-in-text-order", ["R15:309.1.12"],
      "R15:309.1 step 12: the spell's abilities take effect: Тест-добивание wounds the enemy hero 2, then its "
      "player draws a card.",
      board({"hand": [c(13, "test_dobivanie")], "coins_open": 1}),
      [st("play card=13", events=[ev("wounded", card=2, amount=2), ev("drew", player=0, card=19)],
          facts=[f("card[2].wounds", 2), f("players[0].hand", [19]), f("zone[13]", "graveyard")])])

# ---------------------------------------------------------------- 309.2/3
probe("309.2", "hire-trigger-after-creature-in-play", ["R15:309.2"],
      "R15:309.2: once the played creature is in play its «Найм» enters the Queue: Тест-стрелок найма is in "
      "play and its Найм waits to be declared, then wounds the enemy creature 2.",
      board({"hand": [c(13, "test_strelok_nayma")], "coins_open": 2}, {"play": [c(21, "test_knigochey")]}),
      [st("play card=13", facts=[f("zone[13]", "play"), f("step", "play_queue"),
                                 f("pending[0]", {"source": 13, "ability": 0}), f("decision.actor", "player_1")]),
       st("declare targets=21 trigger=@13:0", facts=[f("card[21].wounds", 2), f("step", "choice")])])

probe("309.2", "spell-abilities-all-done-before-triggers", ["R15:309.2", "R15:401.6"],
      "R15:309.2: for a spell the triggers enter the Queue only after all its abilities were carried out: "
      "Тест-двойной залп wounds the enemy hero 2 and 2, and only then Тест-эхо's «Каждый раз, когда другая ваша "
      "карта наносит раны герою» triggers are declared (enemy hero 2+2+1+1).",
      board({"hand": [c(13, "test_dvoynoy_zalp")], "play": [c(11, "test_ekho")], "coins_open": 1}),
      [st("play card=13 targets=2",
          events=[ev("wounded", card=2, amount=2, wounds=2), ev("wounded", card=2, amount=2, wounds=4)],
          no_events=[ev("declared")],
          facts=[f("card[2].wounds", 4), f("queue.length", 0), f("step", "play_queue"),
                 f("pending", [{"source": 11, "ability": 0}, {"source": 11, "ability": 0}])]),
       st("declare trigger=@11:0", facts=[f("card[2].wounds", 6), f("step", "choice")])])

probe("309.3", "empty-queue-returns-to-choice", ["R15:309.3"],
      "R15:309.3: after a card play with nothing in the Queue the game is back at the choice phase.",
      board({"hand": [c(13, "test_smertnik")], "coins_open": 1}),
      [st("play card=13", events=[ev("back_to_choice", ["R15:309.3"])],
          facts=[f("step", "choice"), f("decision.actor", "player_1")])])

# ---------------------------------------------------------------- 310
probe("310.1", "end-of-turn-triggers-of-both-players", ["R15:310.1"],
      "R15:310.1: when the active player ends his turn the «в конце хода» triggers enter the Queue: his "
      "Тест-книгочей («В конце вашего хода возьмите карту») and the opponent's Тест-смутьян («В конце хода "
      "противника ранить его героя на 2»); both happen before the turn passes.",
      board({"play": [c(11, "test_knigochey")]}, {"play": [c(21, "test_smutyan")]}),
      [st("end_turn", events=[ev("turn_passed", ["R15:310.1"], player=0), ev("turn_ended", next_active=1)],
          facts=[f("players[0].hand", [19]), f("card[1].wounds", 2), f("turn", 4)])])

probe("310.2", "until-end-of-turn-ends-after-end-queue", ["R15:310.2"],
      "R15:310.2: «до конца хода» effects end only once the end-of-turn Queue is empty: Тест-оцепенение "
      "(strike becomes 1 until end of turn) on Тест-мститель; its end-of-turn trigger wounds the enemy hero by "
      "its strike 1, then the strike is 2 again.",
      board({"hand": [c(13, "test_otsepenenie")], "play": [c(11, "test_mstitel")], "coins_open": 1}),
      [st("play card=13 targets=11", facts=[f("card[11].strike", 1)]),
       st("end_turn", events=[ev("wounded", card=2, amount=1), ev("effect_ended", ["R15:310.2"], card=11)],
          facts=[f("card[2].wounds", 1), f("card[11].strike", 2), f("turn", 4)])])

probe("310.3", "players-swap-and-turn-start", ["R15:310.3"],
      "R15:310.3: the active player becomes inactive, the opponent gets the turn and the game goes to the "
      "turn start (he gets a coin and draws).",
      board({"play": [c(11, "ork")]}, {"coins_open": 2}),
      [st("end_turn", events=[ev("turn_ended", ["R15:310.3"], next_active=1), ev("turn_started", turn=4, active=1)],
          facts=[f("turn", 4), f("active", 1), f("decision.actor", "player_2"), f("step", "choice"),
                 f("players[1].coins_open", 3), f("players[1].hand", [29])])])

# ---------------------------------------------------------------- 401
probe("401.1", "queue-holds-declared-triggered-and-spell-abilities", ["R15:401.1"],
      "R15:401.1: the Queue holds declared abilities: a declared triggered ability waits in it while another "
      "trigger is still undecided; a played spell's abilities wait in it while the opponent decides on "
      "cancelling.",
      board({"play": [c(11, "test_knigochey"), c(12, "test_iskatel")]}),
      [st("end_turn", facts=[f("step", "end_queue"), f("queue.length", 0)]),
       st("declare trigger=@11:0", facts=[f("queue.length", 1), f("queue[0]", {"kind": "triggered", "source": 11}),
                                          f("step", "end_queue")]),
       st("pass trigger=@12:0", facts=[f("turn", 4)])])

probe("401.1", "spell-abilities-are-in-the-queue", ["R15:401.1"],
      "R15:401.1: spell abilities are Queue entries: while the opponent may cancel, the played spell's "
      "ability stands in the Queue.",
      board({"hand": [c(13, "test_dobivanie")], "coins_open": 1}, {"play": [c(21, "akvanit_strazh")]}),
      [st("play card=13", facts=[f("step", "cancel_choice"), f("queue[0]", {"kind": "spell", "source": 13})])])

probe("401.2", "trigger-during-resolution-handled-in-current-queue", ["R15:401.2"],
      "R15:401.2: a trigger caused while an ability resolves is declared and resolved in the current Queue: "
      "Тест-мститель's end-of-turn wound to the enemy hero triggers Тест-эхо, which resolves in the end-of-turn "
      "Queue before the turn passes.",
      board({"play": [c(11, "test_mstitel"), c(12, "test_ekho")]}),
      [st("end_turn", events=[ev("wounded", card=2, amount=2), ev("triggered", source=12),
                              ev("wounded", card=2, amount=1), ev("turn_ended", next_active=1)],
          facts=[f("card[2].wounds", 3), f("turn", 4)])])

probe("401.3", "queue-first-in-first-out", ["R15:401.3", "R15:402.1"],
      "R15:401.3: first in, first out: the active player declares his optional Тест-искатель first and his "
      "Тест-книгочей second; Искатель resolves first.",
      board({"play": [c(11, "test_knigochey"), c(12, "test_iskatel")]}),
      [st("end_turn", facts=[f("step", "end_queue")]),
       st("declare trigger=@12:0",
          events=[ev("declared", source=12), ev("declared", source=11), ev("resolving", source=12),
                  ev("drew", player=0, card=19), ev("resolving", source=11), ev("drew", player=0, card=18)],
          facts=[f("players[0].hand", [19, 18]), f("turn", 4)])])

probe("401.4", "trigger-waits-then-queue-then-resolves", ["R15:401.4"],
      "R15:401.4: condition met -> added to the Queue -> waits -> resolves: Тест-искатель's optional end-of-turn "
      "trigger waits for its controller's declaration, then draws.",
      board({"play": [c(12, "test_iskatel")]}),
      [st("end_turn", facts=[f("step", "end_queue"), f("pending[0]", {"source": 12, "ability": 0}),
                             f("players[0].hand", [])]),
       st("declare trigger=@12:0", events=[ev("declared", source=12), ev("resolving", source=12), ev("drew", player=0)],
          facts=[f("players[0].hand", [19]), f("turn", 4)])])

probe("401.5", "death-trigger-resolves-from-graveyard", ["R15:401.5"],
      "R15:401.5: a trigger whose condition was met enters the Queue and resolves wherever its source is: the "
      "enemy Тест-смертник shot dead resolves its «Гибель: ранить героя противника на 1» from the graveyard.",
      board({"hand": [], "play": [c(11, "test_mushketer")]}, {"play": [c(21, "test_smertnik")]}),
      [st("activate card=11 ability=0 targets=21",
          events=[ev("destroyed", card=21), ev("declared", source=21), ev("wounded", ["R15:401.5"], card=1, amount=1)],
          facts=[f("zone[21]", "graveyard"), f("card[1].wounds", 1), f("step", "choice")])])

probe("401.6", "declared-only-after-resolving-ability-finishes", ["R15:401.6"],
      "R15:401.6: a declaration waits until the resolving ability is finished: Тест-залп найма's Найм wounds two "
      "Тест-смертники (both die) before either «Гибель» is declared; then their controller declares them.",
      board({"hand": [c(13, "test_zalp_nayma")], "coins_open": 5},
            {"play": [c(21, "test_smertnik"), c(22, "test_smertnik")]}),
      [st("play card=13", facts=[f("step", "play_queue")]),
       st("declare targets=21,22 trigger=@13:0",
          events=[ev("wounded", card=21, amount=1), ev("wounded", card=22, amount=1)],
          no_events=[ev("declared", source=21), ev("declared", source=22)],
          facts=[f("zone[21]", "graveyard"), f("zone[22]", "graveyard"), f("queue.length", 0),
                 f("decision.actor", "player_2"), f("card[1].wounds", 0)]),
       st("declare trigger=@21:0 actor=player_2", facts=[f("card[1].wounds", 2), f("step", "choice")])])

probe("401.7", "pass-forfeits-optional-mandatory-cannot-pass", ["R15:401.7"],
      "R15:401.7: a player may pass only on an optional trigger, and passing forfeits it: passing on the "
      "mandatory Тест-книгочей is refused; passing on Тест-искатель forfeits its draw; the other resolves.",
      board({"play": [c(11, "test_knigochey"), c(12, "test_iskatel")]}),
      [st("end_turn", facts=[f("step", "end_queue")]),
       st("pass trigger=@11:0", illegal=True, vrules=["R15:401.7"]),
       st("pass trigger=@12:0", events=[ev("passed", ["R15:401.7"])],
          facts=[f("players[0].hand", [19]), f("turn", 4)])])

probe("401.7", "passed-trigger-cannot-be-declared-again", ["R15:401.7"],
      "R15:401.7: a player who passes on an optional trigger loses the right to declare it until its condition "
      "happens again: after passing on Тест-искатель, its declaration is refused while his other optional "
      "trigger (Тест-мудрец) is still undecided.",
      board({"play": [c(12, "test_iskatel"), c(13, "test_mudrets")]}),
      [st("end_turn", facts=[f("step", "end_queue")]),
       st("pass trigger=@12:0", facts=[f("step", "end_queue"), f("decision.actor", "player_1")]),
       st("declare trigger=@12:0", illegal=True),
       st("declare trigger=@13:0", facts=[f("players[0].hand", [19, 18]), f("turn", 4)])])

probe("401.8", "queue-empty-only-when-both-passed", ["R15:401.8"],
      "R15:401.8: the Queue counts as empty only when it holds no ability AND both players passed: with no "
      "entry but an undecided optional trigger the game stays in the end-of-turn Queue; after the pass it moves on.",
      board({"play": [c(12, "test_iskatel")]}),
      [st("end_turn", facts=[f("queue.length", 0), f("step", "end_queue"), f("turn", 3),
                             f("decision.actor", "player_1")]),
       st("pass trigger=@12:0", facts=[f("turn", 4), f("active", 1), f("players[0].hand", [])])])

probe("402.1", "inactive-player-declares-first-in-his-order", ["R15:402.1"],
      "R15:402.1: simultaneous triggers enter the Queue the inactive player's first, in the order he chooses, "
      "then the active player's: at the end of player 1's turn player 2 declares Тест-пустошь before "
      "Тест-смутьян; player 1 may not declare first; the Queue resolves 22, 21, then 11.",
      board({"play": [c(11, "test_knigochey")]}, {"play": [c(21, "test_smutyan"), c(22, "test_pustosh")]}),
      [st("end_turn", facts=[f("step", "end_queue"), f("decision.actor", "player_2")]),
       st("declare trigger=@11:0 actor=player_1", illegal=True, vrules=["R15:402.1"]),
       st("declare trigger=@22:0 actor=player_2",
          legal=["declare trigger=@21:0", "declare trigger=@22:0"],
          events=[ev("declared", source=22), ev("declared", source=21), ev("declared", source=11),
                  ev("resolving", source=22), ev("resolving", source=21), ev("resolving", source=11)],
          facts=[f("card[1].wounds", 5), f("players[0].hand", [19]), f("turn", 4)])])


def main():
    for name in os.listdir(OUT):
        if name.startswith("s") and name.endswith(".json"):
            os.remove(os.path.join(OUT, name))
    for p in PROBES:
        with open(os.path.join(OUT, p["id"] + ".json"), "w", encoding="utf-8") as fh:
            json.dump(p, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
    print(len(PROBES), "probes")


if __name__ == "__main__":
    main()
