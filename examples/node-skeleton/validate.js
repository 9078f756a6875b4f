// Consistency of a state (PROTOCOL.md 5.4). A state that breaks one of the eight rules is
// refused with INVALID_ARGUMENT naming the request field (proto names and the request's
// indices: "state.cards[3].wounds", "state.players[0].hand[1]", "state.result"); a state that
// keeps them is answered, even if no game reaches it. Nothing is ever repaired.
'use strict';

const { CARDS, abilitiesOf } = require('./data');
const { InvalidArgument } = require('./errors');
const { EDITION, QUEUE_STEPS, SETUP_STEPS } = require('./rules');

const STEP_NAMES = [...SETUP_STEPS, 'reveal', 'choice', 'defender', ...QUEUE_STEPS, 'game_over'];
const QUEUE_KINDS = ['strike_attack', 'activated', 'triggered', 'spell'];
const ZONES = ['deck', 'hand', 'play', 'graveyard'];

/** The abilities a Queue entry's `ability` indexes (5.4 rule 5): its mode's, its Ярость's, or the card's. */
function entryAbilities(def, entry) {
  if (entry.part === -2) return (def.fury && def.fury.abilities) || [];
  if (entry.mode >= 0 && def.modes) return def.modes[entry.mode] || [];
  return abilitiesOf(def);
}

function validateState(state, path) {
  const problems = [];
  const bad = (field, description) => problems.push({ field: `${path}${field}`, description });
  const flush = () => {
    if (problems.length) throw new InvalidArgument(problems);
  };

  // 1. Shape: the proto gives every key and type; the ranges are checked here.
  if (!['A', 'B', 'C'].includes(state.edition)) bad('.edition', `unknown edition '${state.edition}'`);
  else if (state.edition !== EDITION) bad('.edition', `edition ${state.edition} is not played here (only ${EDITION})`);
  if (!STEP_NAMES.includes(state.step)) bad('.step', `unknown step '${state.step}'`);
  if (state.turn < 0) bad('.turn', 'turn must be >= 0');
  if (![0, 1].includes(state.active)) bad('.active', 'active must be seat 0 or 1');
  if (![-1, 0, 1].includes(state.first_player)) bad('.first_player', 'first_player must be seat 0 or 1');
  if (![-1, 0, 1].includes(state.roll_winner)) bad('.roll_winner', 'roll_winner must be seat 0 or 1');
  if (state.shuffled < 0 || state.shuffled > 2) bad('.shuffled', 'shuffled must be 0..2');
  if (state.next_trigger_id < 1) bad('.next_trigger_id', 'next_trigger_id must be >= 1');
  if (state.players.length !== 2) bad('.players', `exactly two players, not ${state.players.length}`);
  flush();

  // 2. Cards.
  const cardAt = new Map(); // uid -> index in the request's `cards`
  state.cards.forEach((c, i) => {
    const at = `.cards[${i}]`;
    if (c.uid < 1) bad(`${at}.uid`, 'uid must be >= 1');
    else if (cardAt.has(c.uid)) bad(`${at}.uid`, `uid ${c.uid} is also cards[${cardAt.get(c.uid)}]`);
    else cardAt.set(c.uid, i);
    const def = CARDS.get(c.card_id);
    if (!def) bad(`${at}.card_id`, `unknown card id '${c.card_id}'`);
    if (![0, 1].includes(c.owner)) bad(`${at}.owner`, 'owner must be seat 0 or 1');
    for (const key of ['wounds', 'poison', 'entered_turn', 'attacked_turn', 'defended_turn']) {
      if (c[key] < 0) bad(`${at}.${key}`, `${key} must be >= 0`);
    }
    for (const list of ['usage', 'game_usage']) {
      const seen = new Set();
      c[list].forEach((u, j) => {
        if (def && (u.ability < 0 || u.ability >= abilitiesOf(def).length)) {
          bad(`${at}.${list}[${j}].ability`, `${c.card_id} has no ability ${u.ability}`);
        } else if (seen.has(u.ability)) {
          bad(`${at}.${list}[${j}].ability`, `ability ${u.ability} is listed twice`);
        }
        seen.add(u.ability);
        if (u.count < 1) bad(`${at}.${list}[${j}].count`, 'count must be >= 1');
      });
    }
  });
  flush();
  const defOf = (uid) => CARDS.get(state.cards[cardAt.get(uid)].card_id);

  // 3. Zones: every card in exactly one place of its owner; heroes only as heroes.
  const placeOf = new Map(); // uid -> "players[0].deck[3]"
  state.players.forEach((p, seat) => {
    const places = [['hero', [p.hero]], ...ZONES.map((zone) => [zone, p[zone]])];
    for (const [zone, uids] of places) {
      uids.forEach((uid, k) => {
        const where = zone === 'hero' ? `players[${seat}].hero` : `players[${seat}].${zone}[${k}]`;
        const field = `.${where}`;
        if (!cardAt.has(uid)) return bad(field, `no card with uid ${uid}`);
        if (placeOf.has(uid)) return bad(field, `card ${uid} is also in ${placeOf.get(uid)}`);
        placeOf.set(uid, where);
        const c = state.cards[cardAt.get(uid)];
        if (c.owner !== seat) bad(field, `card ${uid} belongs to seat ${c.owner}`);
        const isHero = defOf(uid).type === 'hero';
        if (zone === 'hero' && !isHero) bad(field, `card ${uid} (${c.card_id}) is not a hero`);
        if (zone !== 'hero' && isHero) bad(field, `hero ${uid} can only be a player's hero`);
      });
    }
    if (p.coins_open < 0) bad(`.players[${seat}].coins_open`, 'must be >= 0');
    if (p.coins_closed < 0) bad(`.players[${seat}].coins_closed`, 'must be >= 0');
    if (p.failed_draws < 0 || p.failed_draws > 3) bad(`.players[${seat}].failed_draws`, 'must be 0..3');
    if (p.mulligan.length && !p.mulligan_declared) {
      bad(`.players[${seat}].mulligan`, 'cards listed but no mulligan declared');
    }
    p.mulligan.forEach((uid, k) => {
      if (!p.hand.includes(uid)) bad(`.players[${seat}].mulligan[${k}]`, `card ${uid} is not in players[${seat}].hand`);
    });
  });
  state.cards.forEach((c, i) => {
    if (!placeOf.has(c.uid)) bad(`.cards[${i}]`, `card ${c.uid} is in no zone`);
  });
  flush();

  // 4. Cards out of play are open, unwounded, unpoisoned and not hidden; only creatures hide.
  const inPlay = new Set(state.players.flatMap((p) => [p.hero, ...p.play]));
  state.cards.forEach((c, i) => {
    if (!inPlay.has(c.uid)) {
      const outOfPlay = { closed: !c.closed, wounds: c.wounds === 0, poison: c.poison === 0, hidden: !c.hidden };
      for (const [key, ok] of Object.entries(outOfPlay)) {
        if (!ok) bad(`.cards[${i}].${key}`, `card ${c.uid} is not in play`);
      }
    }
    if (c.hidden && defOf(c.uid).type !== 'creature') bad(`.cards[${i}].hidden`, 'only creatures are hidden');
  });

  // 5. The Queue.
  state.queue.forEach((q, i) => {
    const at = `.queue[${i}]`;
    if (!QUEUE_KINDS.includes(q.kind)) bad(`${at}.kind`, `unknown entry kind '${q.kind}'`);
    if (![0, 1].includes(q.controller)) bad(`${at}.controller`, 'controller must be seat 0 or 1');
    if (!cardAt.has(q.source)) bad(`${at}.source`, `no card with uid ${q.source}`);
    q.targets.forEach((uid, k) => cardAt.has(uid) || bad(`${at}.targets[${k}]`, `no card with uid ${uid}`));
    if (q.x < 0) bad(`${at}.x`, 'x must be >= 0');
    if (q.mode < -1) bad(`${at}.mode`, 'mode must be >= -1');
    if (![-1, -2].includes(q.part)) bad(`${at}.part`, 'part must be -1 or -2');
    if (q.kind === 'strike_attack' || q.ability === -1) {
      if (q.kind !== 'strike_attack' || q.ability !== -1) bad(`${at}.ability`, 'ability -1 is exactly a strike attack');
    } else if (q.ability === -2) {
      if (q.kind !== 'triggered') bad(`${at}.ability`, 'ability -2 (poison) only in a triggered entry');
    } else if (QUEUE_KINDS.includes(q.kind) && cardAt.has(q.source)) {
      const ability = entryAbilities(defOf(q.source), q)[q.ability];
      if (!ability || ability.kind !== q.kind) {
        bad(`${at}.ability`, `no ${q.kind} ability ${q.ability} on card ${q.source}`);
      }
    }
  });

  // 6. Pending triggers.
  const ids = new Set();
  state.pending.forEach((t, i) => {
    const at = `.pending[${i}]`;
    if (t.id < 1 || t.id >= state.next_trigger_id) bad(`${at}.id`, `id must be in 1..next_trigger_id-1`);
    else if (ids.has(t.id)) bad(`${at}.id`, `id ${t.id} is used twice`);
    ids.add(t.id);
    if (![0, 1].includes(t.controller)) bad(`${at}.controller`, 'controller must be seat 0 or 1');
    if (!cardAt.has(t.source)) bad(`${at}.source`, `no card with uid ${t.source}`);
    else if (t.ability !== -2) {
      const ability = abilitiesOf(defOf(t.source))[t.ability];
      if (!ability || ability.kind !== 'triggered') {
        bad(`${at}.ability`, `no triggered ability ${t.ability} on card ${t.source}`);
      }
    }
    if (t.subject < -1) bad(`${at}.subject`, 'subject must be >= -1');
  });

  // 7. Modifiers and the attack.
  state.modifiers.forEach((m, i) => {
    if (!inPlay.has(m.target)) bad(`.modifiers[${i}].target`, `card ${m.target} is not in play`);
    if (!['end_of_turn', 'start_of_turn', 'start_of_owner_turn'].includes(m.until)) {
      bad(`.modifiers[${i}].until`, `unknown duration '${m.until}'`);
    } else if (m.until === 'start_of_owner_turn' && m.owner !== 0 && m.owner !== 1) {
      bad(`.modifiers[${i}].owner`, 'a duration until its owner\'s next turn needs owner 0 or 1');
    } else if (m.until !== 'start_of_owner_turn' && m.owner !== undefined && m.owner !== null) {
      bad(`.modifiers[${i}].owner`, `only "start_of_owner_turn" has an owner`);
    }
  });
  if (state.attack) {
    const { attacker, target, defender } = state.attack;
    if (!cardAt.has(attacker)) bad('.attack.attacker', `no card with uid ${attacker}`);
    if (!cardAt.has(target)) bad('.attack.target', `no card with uid ${target}`);
    if (defender !== 0 && !cardAt.has(defender)) bad('.attack.defender', `no card with uid ${defender}`);
  }
  flush();

  // 8. The step agrees with the rest.
  const over = state.step === 'game_over';
  const isQueueStep = QUEUE_STEPS.includes(state.step);
  if (over !== state.winner >= 0) {
    bad('.result', over ? 'a finished game needs a result' : 'a result but the game is not over');
  }
  if (SETUP_STEPS.includes(state.step) && state.turn !== 0) bad('.turn', 'the setup steps have turn 0');
  if (!SETUP_STEPS.includes(state.step) && !over && state.turn < 1) bad('.turn', `step ${state.step} needs turn >= 1`);
  if (state.turn >= 1 && state.first_player === -1) bad('.first_player', 'from turn 1 the first player is known');
  if (state.step === 'setup_order' && state.roll_winner === -1) {
    bad('.roll_winner', 'setup_order needs the roll winner');
  }
  if (state.queue.length && !isQueueStep && !over) bad('.queue', `no Queue entries at step ${state.step}`);
  if (state.pending.length && !isQueueStep && !over && state.step !== 'defender') {
    bad('.pending', `no pending triggers at step ${state.step}`);
  }
  if (isQueueStep && !state.pending.length) bad('.pending', 'a Queue step waits for a pending trigger');
  if (!over) {
    const attackStep = ['defender', 'fight_queue', 'close_queue'].includes(state.step);
    if (attackStep !== (state.attack !== null)) {
      bad('.attack', attackStep ? `step ${state.step} needs an attack` : `no attack at step ${state.step}`);
    }
    state.cards.forEach((c, i) => {
      const def = defOf(c.uid);
      if (inPlay.has(c.uid) && ['hero', 'creature'].includes(def.type) && c.wounds >= def.life) {
        bad(`.cards[${i}].wounds`, `card ${c.uid} has wounds >= its life ${def.life}`);
      }
    });
  }
  if (state.step === 'setup_mulligan') {
    state.players.forEach((p, seat) => {
      if (!p.deck.length && !p.hand.length) bad(`.players[${seat}]`, 'setup_mulligan needs cards in deck or hand');
    });
  }
  flush();
}

module.exports = { validateState };
