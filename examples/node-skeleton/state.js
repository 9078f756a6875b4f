// The state: its canonical JSON form (PROTOCOL.md 5.1), the mapping from and to the proto
// `State` message (5.3), and small helpers the rules modules share.
//
// Everything inside the server works on the canonical JSON form: plain objects with exactly
// the keys of 5.1 (`winner`, not `result`; `step` as a lower-case string; -1 / null for absent
// optional fields). A request's State is mapped to it, validated (validate.js) and sorted.
'use strict';

const { InvalidArgument } = require('./errors');
const { cite } = require('./rules');
const { validateState } = require('./validate');

const RESULT_TO_WINNER = {
  GAME_RESULT_UNSPECIFIED: -1,
  GAME_RESULT_PLAYER_1_WON: 0,
  GAME_RESULT_PLAYER_2_WON: 1,
  GAME_RESULT_DRAW: 2,
};
const WINNER_TO_RESULT = Object.fromEntries(Object.entries(RESULT_TO_WINNER).map(([k, v]) => [v, k]));

/** Actor names (PROTOCOL.md section 3) of the seats. */
const SEAT_ACTORS = ['player_1', 'player_2'];

const byAbility = (a, b) => a.ability - b.ability;

// --- proto -> canonical JSON ------------------------------------------------------------

function readUsage(list) {
  return list.map((u) => ({ ability: u.ability, count: u.count }));
}

/**
 * The canonical JSON form of a request's `State` message, validated (5.4). `path` is the
 * request field that holds it ("state"). Throws InvalidArgument naming the offending field.
 */
function readState(msg, path = 'state') {
  if (!msg) {
    throw InvalidArgument.field(path, 'missing state');
  }
  const problems = [];
  const stepName = typeof msg.step === 'string' && msg.step.startsWith('STEP_') ? msg.step.slice(5).toLowerCase() : '';
  if (!stepName || stepName === 'unspecified') {
    problems.push({ field: `${path}.step`, description: `not a step: ${msg.step}` });
  }
  const winner = RESULT_TO_WINNER[msg.result];
  if (winner === undefined) {
    problems.push({ field: `${path}.result`, description: `not a game result: ${msg.result}` });
  }
  if (problems.length) {
    throw new InvalidArgument(problems);
  }
  const state = {
    edition: msg.edition,
    step: stepName,
    turn: msg.turn,
    active: msg.active,
    first_player: msg.first_player ?? -1,
    roll_winner: msg.roll_winner ?? -1,
    shuffled: msg.shuffled,
    winner,
    next_trigger_id: msg.next_trigger_id === 0 ? 1 : msg.next_trigger_id,
    players: msg.players.map((p) => ({
      hero: p.hero,
      deck: [...p.deck],
      hand: [...p.hand],
      play: [...p.play],
      graveyard: [...p.graveyard],
      coins_open: p.coins_open,
      coins_closed: p.coins_closed,
      failed_draws: p.failed_draws,
      mulligan_declared: p.mulligan_declared,
      mulligan: [...p.mulligan],
    })),
    cards: msg.cards.map((c) => ({
      uid: c.uid,
      card_id: c.card_id,
      owner: c.owner,
      closed: c.closed,
      wounds: c.wounds,
      poison: c.poison,
      hidden: c.hidden,
      entered_turn: c.entered_turn,
      attacked_turn: c.attacked_turn,
      defended_turn: c.defended_turn,
      usage: readUsage(c.usage),
      game_usage: readUsage(c.game_usage),
    })),
    queue: msg.queue.map((q) => ({
      kind: q.kind,
      controller: q.controller,
      source: q.source,
      ability: q.ability,
      targets: [...q.targets],
      amounts: [...q.amounts],
      x: q.x,
      mode: q.mode,
      part: q.part,
    })),
    pending: msg.pending.map((t) => ({
      id: t.id,
      controller: t.controller,
      source: t.source,
      ability: t.ability,
      subject: t.subject,
    })),
    // `owner` exists only for "start_of_owner_turn" (5.1): the seat whose next turn ends it.
    modifiers: msg.modifiers.map((m) =>
      m.until === 'start_of_owner_turn'
        ? { target: m.target, amount: m.amount, until: m.until, owner: m.owner }
        : { target: m.target, amount: m.amount, until: m.until },
    ),
    attack: msg.attack
      ? { attacker: msg.attack.attacker, target: msg.attack.target, defender: msg.attack.defender }
      : null,
  };
  // Validation sees the request's order, so that paths name the request's indices.
  validateState(state, path);
  state.cards.sort((a, b) => a.uid - b.uid);
  for (const card of state.cards) {
    card.usage.sort(byAbility);
    card.game_usage.sort(byAbility);
  }
  return state;
}

// --- canonical JSON -> proto --------------------------------------------------------------

/** The proto `State` message of a canonical state (5.3: -1 and null become absent fields). */
function writeState(state) {
  const msg = {
    ...state,
    step: `STEP_${state.step.toUpperCase()}`,
    result: WINNER_TO_RESULT[state.winner],
  };
  delete msg.winner;
  for (const key of ['first_player', 'roll_winner']) {
    if (msg[key] === -1) delete msg[key];
  }
  if (msg.attack === null) delete msg.attack;
  return msg;
}

// --- helpers --------------------------------------------------------------------------------

/** A deep copy (states are plain JSON). */
function clone(state) {
  return structuredClone(state);
}

/** The card object with this uid, or undefined. */
function card(state, uid) {
  return state.cards.find((c) => c.uid === uid);
}

/** The uids a player has in the play zone, his hero first. */
function inPlay(state, seat) {
  const player = state.players[seat];
  return [player.hero, ...player.play];
}

/** Moves the top card of a player's deck to the end of his hand; its uid, or undefined. */
function drawCard(state, seat) {
  const player = state.players[seat];
  const uid = player.deck.shift();
  if (uid !== undefined) player.hand.push(uid);
  return uid;
}

/** A fresh card instance (as CreateGame makes them). */
function newCard(uid, cardId, owner) {
  return {
    uid,
    card_id: cardId,
    owner,
    closed: false,
    wounds: 0,
    poison: 0,
    hidden: false,
    entered_turn: 0,
    attacked_turn: 0,
    defended_turn: 0,
    usage: [],
    game_usage: [],
  };
}

/**
 * An event (PROTOCOL.md section 6): its kind, the rules that made it happen (B/C numbers,
 * cited as edition C does) and its data, in the catalogue's key order, values as text
 * (integers in decimal, lists of uids comma-separated).
 */
function event(kind, numbers, data = {}) {
  const text = (v) => (Array.isArray(v) ? v.join(',') : String(v));
  return {
    kind,
    rules: numbers.map(cite),
    data: Object.entries(data).map(([key, value]) => ({ key, value: text(value) })),
  };
}

module.exports = { SEAT_ACTORS, readState, writeState, clone, card, inPlay, drawCard, newCard, event };
