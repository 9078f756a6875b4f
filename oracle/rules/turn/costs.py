"""The additional costs and the X of an activated ability or a card's play, checked at its
declaration (R15:501.2, 501.4; C:309.1 steps 2-3): cards discarded as a cost, «Цепь» chains of
cards or of the same ability (R15:7.chain), «Жажда N» (another character of its controller wounded,
R15:501.4), and wounds distributed among targets (R15:7.distribute) — for
:mod:`oracle.rules.turn.main_stage`.
"""

from __future__ import annotations

from itertools import permutations, product

from ...cards import ActivatedAbility, CardDef
from ...editions import activation_steps, cite, cite_one
from ...model import Action, State, Violation
from ..queries.board import card_def
from ..queries.payment import (
    ability_cost_modifiers,
    ability_final_cost,
    cost_grows_with_x,
)
from ..queries.targeting import target_violation
from ..resolution.queue import (
    declared_targets,
    repeat_chain_violation,
)

__all__ = [
    "ability_distribution_total",
    "ability_distribution_violations",
    "ability_x_violations",
    "chain_length",
    "chain_options",
    "chain_violations",
    "discard_count",
    "discard_violations",
    "least_amount",
    "spell_chain_violations",
    "thirst_targets",
]


def least_amount(state: State) -> int:
    """The least share of a distribution: C:309.1 step 6 gives each target at least one;
    A and B say nothing of it, so a target may get 0 (INTERPRETING.md, entry 39); R15:309.1
    step 7 says as C."""
    return 1 if state.rules.play_steps else 0


def discard_count(state: State, a: ActivatedAbility, x: int) -> int:
    """How many cards the cost of ``a`` discards when X = ``x`` is declared: «Сбросьте карту:»
    one, «сбросьте Х карт» X (INTERPRETING.md, entries 75, 240; the ``x_discard_is_one_card``
    mutant reads the latter as one card too, the ``x_discard_all_if_fewer`` mutant as the whole
    hand when it holds fewer than X, R15:520.4 read on the cost)."""
    if a.discard_x:
        if not state.rules.discard_cost_needs_the_cards:  # the mutant: R15:520.4 read on the cost
            return min(x, len(state.players[state.active].hand))
        return x if state.rules.discard_x_cards else 1
    return a.discard


def discard_violations(state: State, cards: tuple[int, ...], k: int) -> list[Violation]:
    """The cards a discard cost discards, named with the declaration (R15:501.2: the payment is
    made with it, the resources present; R15:7.discard; INTERPRETING.md, entries 75, 240): ``k``
    distinct cards of the active player's hand in ascending uid order.  With fewer than ``k``
    cards in hand the cost cannot be paid and the ability is not declared (501.2), R15:520.4's
    «все карты» being a rule of effects, not of costs (entry 240)."""
    hand = state.players[state.active].hand
    r = cite_one(state, "501.2")
    if len(hand) < k:
        return [Violation(r, f"the cost discards {k} cards, the active player's hand holds {len(hand)}: it cannot "
                             "be paid (INTERPRETING.md, entry 240)")]
    if len(cards) != k or any(v not in hand for v in cards):
        what = "one card" if k == 1 else f"{k} cards"
        return [Violation(r, f"the cost discards {what}: values names {what} of the active player's hand first "
                             "(R15:7.discard)")]
    if len(set(cards)) != k:
        return [Violation(r, "the cost discards distinct cards: values names a card twice (R15:7.discard)")]
    if tuple(sorted(cards)) != tuple(cards):
        return [Violation(r, "the cards the cost discards are named in ascending uid order")]
    return []


def chain_length(state: State, a: ActivatedAbility, x: int) -> int:
    """The length of the chain of the constructor ``a`` («выберите n раз из»: n; «Выберите Х раз»:
    the X declared, R15:524.1, INTERPRETING.md entry 241); 0 for «выберите одно или несколько»."""
    return x if a.repeat_x else a.repeat


def spell_chain_violations(state: State, action: Action, d: CardDef) -> list[Violation]:
    """A spell constructor's chain «Выберите n раз одно из» (R15:524.1): ``values`` exactly n
    of its modes (positions from 0), repeats allowed, in the order they go into the Queue;
    ``mode`` stays -1.  Its options name no target (the loader's rule), so R15:524.3 refuses no
    chain of them."""
    out: list[Violation] = []
    if action.mode != -1:
        out.append(Violation("R15:524.1", "a spell constructor's options are named in values; mode stays -1"))
    refused = repeat_chain_violation(action.values, len(d.modes), d.chain)
    if refused:
        out.append(refused)
    return out


def chain_violations(state: State, action: Action, a: ActivatedAbility, chain: tuple[int, ...]) -> list[Violation]:
    """A constructor's chain (R15:524): ``chain`` (``values`` after the cards a discard cost
    discards) the options in the order they go into the Queue (positions in the constructor's
    list, from 0), ``targets`` each one's target, aligned with it.  «выберите n раз из»: n of
    them, repeats allowed (R15:524.1), n the X declared for «Выберите Х раз» (entry 241; the
    ``x_chain_length_unchecked`` mutant takes any length); «выберите одно или несколько»: 1 to N,
    distinct (R15:524.2); every option's target legal (R15:524.3)."""
    n = len(a.options)
    repeats = a.repeat or a.repeat_x
    if action.amounts:
        return [Violation(cite_one(state, "501.1"), "a constructor distributes nothing")]
    if any(not 0 <= k < n for k in chain):
        return [Violation("R15:524.1" if repeats else "R15:524.2", f"values are positions 0..{n - 1} of the options")]
    length = chain_length(state, a, action.x)
    if a.repeat_x and not state.rules.x_chain_length_checked:
        length = len(chain) or 1  # the mutant: any chain of one or more links
    if repeats and len(chain) != length:
        return [Violation("R15:524.1", f"choose exactly {length} options (repeats allowed)"
                          + (", X of them (INTERPRETING.md, entry 241)" if a.repeat_x else ""))]
    if not repeats and not (1 <= len(chain) <= n and len(set(chain)) == len(chain)):
        return [Violation("R15:524.2", f"choose 1..{n} distinct options")]
    d = card_def(state, action.card)
    if not d.abilities[a.options[0]].targets:  # options without a target (entry 163)
        if action.targets:
            return [Violation(cite_one(state, "501.1"), "this constructor's options have no targets")]
        return []
    if len(action.targets) != len(chain):
        return [Violation("R15:524.3", "give one target per chosen option, aligned with values")]
    for k, t in zip(chain, action.targets, strict=True):
        item = d.abilities[a.options[k]]
        why = target_violation(state, item.targets[0], state.active, action.card, t)
        if why:
            return [Violation("R15:524.3", f"option {k}: {why}")]
    return []


def chain_options(state: State, uid: int, a: ActivatedAbility, x: int = 0) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every legal chain of the constructor ``a`` of ``uid`` with X = ``x`` declared: (values,
    targets) (R15:524.1-524.3); an option without a legal target is in none (R15:524.3)."""
    d = card_def(state, uid)
    n = len(a.options)
    if a.repeat or a.repeat_x:
        orders: list[tuple[int, ...]] = list(product(range(n), repeat=chain_length(state, a, x)))
    else:
        orders = [p for k in range(1, n + 1) for p in permutations(range(n), k)]
    if not d.abilities[a.options[0]].targets:  # options without a target (entry 163)
        return [(order, ()) for order in orders]
    choices = [[t[0] for t in declared_targets(state, d.abilities[i], state.active, uid) if t] for i in a.options]
    return [(order, targets) for order in orders for targets in product(*(choices[k] for k in order))]


def thirst_targets(state: State, source: int) -> list[int]:
    """The characters «Жажда» may wound as the payment of an ability of ``source``: the
    controller's other characters in play, not hidden (R15:501.4; INTERPRETING.md entry 123;
    the ``thirst_may_wound_its_own_card`` mutant allows the source itself)."""
    p = state.players[state.active]
    source = state.cards[source].attached_to or source  # a part's: its combined card (entry 103)
    return [u for u in (p.hero, *p.play)
            if (u != source or not state.rules.thirst_wounds_another) and not state.cards[u].hidden
            and card_def(state, u).type in ("hero", "creature")]


def ability_x_violations(state: State, action: Action, a: ActivatedAbility) -> list[Violation]:
    """X of an activated ability (R15:308.1 steps 3 and 4): declared only for the cost «(Х)»,
    at least 1 (R15:512.4, INTERPRETING.md entry 120), and the final cost, ability cost
    modifiers applied, payable with the open coins (501.2; R15:308.1.8) and not 0, since X
    depends on the cost (R15:512.4.1; entry 125)."""
    if not a.x_coins:
        if action.x:
            return [Violation(cite_one(state, "501.1"), "this ability has no X in its cost")]
        return []
    if action.x < 1 and state.rules.ability_x_at_least_one:
        return [Violation("R15:512.4", "an ability's X declared by the player cannot be 0")]
    if not state.rules.payment_required:
        return []
    coins = state.players[state.active].coins_open
    mods = ability_cost_modifiers(state, action.card)
    cost = ability_final_cost(state, action.card, a, action.x, mods)
    r = cite_one(state, "501.2")
    if cost > coins:
        return [Violation(r, f"the final cost is {cost}, the player has {coins} open coins")]
    if cost == 0 and state.rules.x_cost_never_free:
        # «Если Х зависит от стоимости, то способность нельзя заявить бесплатно»: the X of «(Х)»
        # is what the payment closes, so a final cost of 0 is a free declaration (INTERPRETING.md,
        # entry 125; the ``x_cost_declared_free`` mutant allows it)
        return [Violation("R15:512.4.1", f"X = {action.x} would make this «(Х)» ability free: its X is its cost, "
                                         "and it cannot be declared for free")]
    if not cost_grows_with_x(mods) and action.x > coins:  # X counts coins (INTERPRETING.md, entry 8)
        return [Violation(r, f"X = {action.x} cannot be paid: the player has {coins} open coins")]
    return []


def ability_distribution_total(a: ActivatedAbility, x: int) -> int:
    for e in a.effects:
        if e.op == "distribute_wounds":
            return x if e.amount == "X" else int(e.amount)
    return 0


def ability_distribution_violations(state: State, action: Action, a: ActivatedAbility) -> list[Violation]:
    """Step 6 of R15:308.1: an ability distributing wounds among its targets is declared with each
    target's share; the shares add up to what it distributes, each at least one in R15 (the
    seed editions as for a spell's, INTERPRETING.md entry 39)."""
    total = ability_distribution_total(a, action.x)
    if not total:
        if action.amounts:  # the declaration names only what the ability has (501.1)
            return [Violation(cite_one(state, "501.1"), "this ability distributes nothing")]
        return []
    rule = (activation_steps(state, 6) or cite(state, "501.1"))[0]
    least = least_amount(state)
    if len(action.amounts) != len(action.targets):
        return [Violation(rule, "give an amount for each target")]
    if any(n < least for n in action.amounts):
        return [Violation(rule, "each target gets at least one" if least else "an amount cannot be negative")]
    if sum(action.amounts) != total:
        return [Violation(rule, f"the amounts must add up to {total}")]
    return []
