// Capability `setup` (rule 301): CreateGame, the die roll and the turn order, the shuffles,
// the deal and the mulligans, up to the first turn (which turn.js starts).
//
// PROTOCOL.md: 2.1 (CreateGame), 10.1 (mulligans serialised), 10.4 (chance's order),
// 10.11 (hero turn order at creation); INTERPRETING.md entries 2, 16, 18, 24, 25.
'use strict';

const { CARDS } = require('./data');
const { makeAction } = require('./actions');
const { InvalidArgument } = require('./errors');
const { EDITION } = require('./rules');
const { event, newCard, drawCard } = require('./state');
const turn = require('./turn');

// --- CreateGame ------------------------------------------------------------------------------

/** Validates a GameConfig (INVALID_ARGUMENT naming `config.…`) and returns its fields. */
function readConfig(config) {
  if (!config) throw InvalidArgument.field('config', 'missing config');
  const problems = [];
  const bad = (field, description) => problems.push({ field: `config${field}`, description });
  const edition = config.edition || EDITION;
  if (!['A', 'B', 'C'].includes(edition)) bad('.edition', `unknown edition '${edition}'`);
  else if (edition !== EDITION) bad('.edition', `edition ${edition} is not played here (only ${EDITION})`);
  if (config.heroes.length !== 2) bad('.heroes', `exactly two heroes, not ${config.heroes.length}`);
  config.heroes.forEach((id, i) => {
    if (CARDS.get(id)?.type !== 'hero') bad(`.heroes[${i}]`, `unknown hero '${id}'`);
  });
  if (config.decks.length !== 2) bad('.decks', `exactly two decks, not ${config.decks.length}`);
  config.decks.forEach((deck, i) => {
    if (deck.card_ids.length < 4 || deck.card_ids.length > 60) {
      bad(`.decks[${i}].card_ids`, `a deck holds 4 to 60 cards, not ${deck.card_ids.length}`);
    }
    deck.card_ids.forEach((id, j) => {
      const def = CARDS.get(id);
      if (!def) bad(`.decks[${i}].card_ids[${j}]`, `unknown card id '${id}'`);
      else if (def.type === 'hero') bad(`.decks[${i}].card_ids[${j}]`, `'${id}' is a hero`);
      else if ((def.keywords || []).includes('created')) {
        // PROTOCOL.md: a deck of CreateGame holds no created card («Созданный» comes from the supply)
        bad(`.decks[${i}].card_ids[${j}]`, `'${id}' is a created card: it is never in a deck`);
      }
    });
  });
  if (problems.length) throw new InvalidArgument(problems);
  return { edition, heroes: config.heroes, decks: config.decks.map((d) => d.card_ids) };
}

/**
 * The seat a hero's text makes the first player (301.4.1), or -1 when no hero decides or
 * both would be first (or both second), so the die roll decides (301.4.2).
 */
function firstPlayerByHeroes(heroes) {
  const claims = new Set();
  heroes.forEach((id, seat) => {
    const order = CARDS.get(id).turn_order;
    if (order === 'first') claims.add(seat);
    if (order === 'second') claims.add(1 - seat);
  });
  return claims.size === 1 ? [...claims][0] : -1;
}

/**
 * The events of creating a game (PROTOCOL.md 2.1, CreateGameResponse.events): order_by_hero
 * when a hero's text fixes the turn order (301.4.1), hero_order_ignored when both heroes say
 * first (or both second) and the die roll decides (301.4.2), none otherwise.
 */
function creationEvents(config) {
  const orders = config.heroes.map((id) => CARDS.get(id).turn_order);
  const firstPlayer = firstPlayerByHeroes(config.heroes);
  if (firstPlayer !== -1) return [event('order_by_hero', ['301.4.1'], { first_player: firstPlayer })];
  if (orders.some((o) => o === 'first' || o === 'second')) return [event('hero_order_ignored', ['301.4.2'])];
  return [];
}

/** The state of a new game: heroes in play (uids 1, 2), decks beside them (uids 3, …). */
function newGame(config) {
  const { edition, heroes, decks } = readConfig(config);
  const cards = heroes.map((id, seat) => newCard(seat + 1, id, seat));
  const players = heroes.map((id, seat) => {
    const deck = decks[seat].map((cardId) => {
      const uid = cards.length + 1;
      cards.push(newCard(uid, cardId, seat));
      return uid;
    });
    return {
      hero: seat + 1,
      deck,
      hand: [],
      play: [],
      graveyard: [],
      coins_open: 0, // no setup rule gives coins (INTERPRETING.md entry 2)
      coins_closed: 0,
      failed_draws: 0,
      mulligan_declared: false,
      mulligan: [],
    };
  });
  const firstPlayer = firstPlayerByHeroes(heroes);
  return {
    edition,
    step: firstPlayer === -1 ? 'setup_roll' : 'setup_shuffle',
    turn: 0,
    active: 0,
    first_player: firstPlayer,
    roll_winner: -1,
    shuffled: 0,
    winner: -1,
    next_trigger_id: 1,
    players,
    cards,
    queue: [],
    pending: [],
    modifiers: [],
    attack: null,
  };
}

/** One outcome of chance's current decision, sampled with `random(n)` (an integer in [0, n)). */
function sampleChance(state, random) {
  if (state.step === 'setup_roll') {
    return makeAction('roll', { values: [1 + random(6), 1 + random(6)] });
  }
  const seat = state.shuffled; // setup_shuffle
  const order = [...state.players[seat].deck];
  for (let i = order.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return makeAction('shuffle', { card: seat, values: order });
}

// --- the setup steps ---------------------------------------------------------------------------

/** The seat that declares a mulligan now: the first player, then the second (PROTOCOL.md 10.1). */
function mulliganSeat(state) {
  // 5.4 does not require first_player at setup_mulligan, and PROTOCOL.md does not say who
  // decides without it; this server assumes seat 0 is first then.
  const first = state.first_player === -1 ? 0 : state.first_player;
  return state.players[first].mulligan_declared ? 1 - first : first;
}

const refuse = (rule, message) => [{ rule, message }];

const roll = {
  check(state, { values }) {
    if (values.length !== 2 || values.some((v) => v < 1 || v > 6)) {
      return refuse('301.4', 'a roll gives two dice, each 1..6: seat 0 first');
    }
    return [];
  },
  apply(state, { values: [seat0, seat1] }, events) {
    events.push(event('die_rolled', ['301.4'], { seat0, seat1 }));
    if (seat0 === seat1) {
      events.push(event('reroll', ['301.4'])); // a tie: chance rolls again
      return;
    }
    state.roll_winner = seat0 > seat1 ? 0 : 1;
    state.step = 'setup_order';
  },
  legal() {
    const actions = [];
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) actions.push(makeAction('roll', { values: [a, b] }));
    return actions;
  },
};

const chooseOrder = {
  check(state, { values }) {
    if (values.length !== 1 || ![1, 2].includes(values[0])) {
      return refuse('301.4', 'choose 1 (move first) or 2 (second)');
    }
    return [];
  },
  apply(state, { values: [choice] }, events) {
    state.first_player = choice === 1 ? state.roll_winner : 1 - state.roll_winner;
    events.push(event('order_chosen', ['301.4'], { first_player: state.first_player }));
    state.step = 'setup_shuffle';
  },
  legal() {
    return [1, 2].map((v) => makeAction('choose_order', { values: [v] }));
  },
};

const shuffle = {
  check(state, { card: seat, values }) {
    if (state.shuffled > 1) return refuse('301.5', 'both decks are shuffled');
    if (seat !== state.shuffled) return refuse('301.5', `seat ${state.shuffled}'s deck is shuffled now`);
    const deck = state.players[seat].deck;
    const sorted = (uids) => [...uids].sort((a, b) => a - b).join();
    const same = values.length === deck.length && sorted(values) === sorted(deck);
    if (!same) return refuse('301.5', `values must order exactly the uids of seat ${seat}'s deck`);
    return [];
  },
  apply(state, { card: seat, values }, events) {
    state.players[seat].deck = [...values];
    state.shuffled += 1;
    events.push(event('deck_shuffled', ['301.5'], { player: seat }));
    if (state.shuffled < 2) return;
    // 301.6: the deal, four cards each, seat 0 first (they are the hand from now on).
    for (const p of [0, 1]) {
      for (let i = 0; i < 4; i++) {
        const uid = drawCard(state, p);
        if (uid !== undefined) events.push(event('drew', ['301.6'], { player: p, card: uid }));
      }
    }
    state.step = 'setup_mulligan';
  },
  legal() {
    return null; // any order of the deck: not enumerated (INTERPRETING.md entry 16)
  },
};

/** Every ordered selection of distinct cards of `hand` (the empty one included). */
function orderedSelections(hand) {
  const out = [[]];
  const grow = (prefix) => {
    for (const uid of hand) {
      if (prefix.includes(uid)) continue;
      const next = [...prefix, uid];
      out.push(next);
      grow(next);
    }
  };
  grow([]);
  return out;
}

/** 301.7: the declared cards go under the deck one by one, then as many are drawn (entry 18, 24). */
function takeMulligan(state, seat, events) {
  const player = state.players[seat];
  for (const uid of player.mulligan) {
    const at = player.hand.indexOf(uid);
    if (at < 0) continue;
    player.hand.splice(at, 1);
    player.deck.push(uid);
  }
  for (let i = 0; i < player.mulligan.length; i++) {
    const uid = drawCard(state, seat);
    if (uid !== undefined) events.push(event('drew', ['301.7'], { player: seat, card: uid }));
  }
  player.mulligan_declared = false;
  player.mulligan = [];
}

const mulligan = {
  check(state, { targets }) {
    const hand = state.players[mulliganSeat(state)].hand;
    if (new Set(targets).size !== targets.length || targets.some((uid) => !hand.includes(uid))) {
      return refuse('301.7', 'a mulligan returns distinct cards of the declaring player\'s hand');
    }
    return [];
  },
  apply(state, { targets }, events) {
    const seat = mulliganSeat(state);
    Object.assign(state.players[seat], { mulligan_declared: true, mulligan: [...targets] });
    events.push(event('mulligan_declared', ['301.7', '301.7.1'], { player: seat, cards: targets }));
    if (!state.players[1 - seat].mulligan_declared) return; // the second player declares next
    // Both have declared: the mulligans are taken, the first player's first (10.1).
    const first = state.first_player === -1 ? 0 : state.first_player;
    takeMulligan(state, first, events);
    takeMulligan(state, 1 - first, events);
    events.push(event('hands_kept', ['301.8']));
    state.active = first; // 302.3
    state.turn = 1;
    events.push(event('first_turn', ['302.3'], { active: first }));
    turn.beginTurn(state, events);
  },
  legal(state) {
    const hand = state.players[mulliganSeat(state)].hand;
    return orderedSelections(hand).map((targets) => makeAction('mulligan', { targets }));
  },
};

module.exports = {
  capability: 'setup',
  kinds: { roll, choose_order: chooseOrder, shuffle, mulligan },
  newGame,
  creationEvents,
  sampleChance,
  mulliganSeat,
};
