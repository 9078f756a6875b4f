// Capability `turn_start` (rules 302-305): a new turn, the restoration phase (303), the
// accumulation phase (304: coin, draw, failed draws, revealing hidden cards) and the
// start-of-turn Queue until the main stage (304.4-305.2).
//
// It also implements the action kind `end_turn`, which PROTOCOL.md's capability table lists
// under turn_start: passing the turn (306.1), the end-of-turn stage (310) without triggers,
// and the next turn's start. Triggered abilities (a «В начале хода» / «В конце хода» card,
// poison) belong to the capability triggered_abilities: when one would fire, the server
// answers UNIMPLEMENTED instead of guessing.
'use strict';

const { CARDS, abilitiesOf } = require('./data');
const { makeAction } = require('./actions');
const { NotImplemented } = require('./errors');
const { card, event, inPlay, drawCard } = require('./state');

/** Whether a triggered ability with condition `trigger` fires now: a card in play, not hidden
 *  (304.3, INTERPRETING.md entry 12), whose `whose` matches the active player; or poison. */
function triggersFire(state, trigger) {
  for (const seat of [0, 1]) {
    for (const uid of inPlay(state, seat)) {
      const c = card(state, uid);
      if (c.hidden) continue;
      for (const ability of abilitiesOf(CARDS.get(c.card_id))) {
        if (ability.kind !== 'triggered' || ability.trigger !== trigger) continue;
        const own = c.owner === state.active;
        if (ability.whose === 'own' ? own : ability.whose === 'opponent' ? !own : true) return true;
      }
      if (trigger === 'start_of_turn' && seat === state.active && c.poison > 0) return true; // R15:7.poison
    }
  }
  return false;
}

/**
 * Ends every strike modifier whose duration ends now, in the order they were created (303.1,
 * 310.2): `until` names the duration; at a turn start, "start_of_owner_turn" modifiers of the
 * new active player end too.
 */
function endEffects(state, until, rule, events) {
  const ends = (mod) =>
    mod.until === until || (until === 'start_of_turn' && mod.until === 'start_of_owner_turn' && mod.owner === state.active);
  for (const m of state.modifiers.filter(ends)) {
    events.push(event('effect_ended', [rule], { card: m.target, amount: m.amount }));
  }
  state.modifiers = state.modifiers.filter((mod) => !ends(mod));
}

/** The hidden cards the active player has in play, ascending. */
function hiddenCards(state) {
  return state.players[state.active].play.filter((uid) => card(state, uid).hidden).sort((a, b) => a - b);
}

/**
 * The start-of-turn stage of the turn `state.turn` of `state.active` (302-304.3), then 304.4
 * unless the game waits at `reveal` (or is over after a third failed draw).
 */
function beginTurn(state, events) {
  const seat = state.active;
  const player = state.players[seat];
  events.push(event('turn_started', ['302.1', '302.2'], { turn: state.turn, active: seat }));

  // Restoration phase (303).
  endEffects(state, 'start_of_turn', '303.1', events);
  for (const uid of inPlay(state, seat)) card(state, uid).closed = false;
  player.coins_open += player.coins_closed;
  player.coins_closed = 0;
  events.push(event('restored', ['303.2'], { player: seat }));
  for (const uid of [...inPlay(state, 0), ...inPlay(state, 1)]) card(state, uid).usage = []; // entry 6
  events.push(event('markers_removed', ['303.3', '303.4']));

  // Accumulation phase (304).
  if (player.coins_open + player.coins_closed < 10) {
    player.coins_open += 1;
    events.push(event('coin_gained', ['304.1'], { player: seat, amount: 1 }));
  }
  if (state.turn === 1 && seat === state.first_player) {
    events.push(event('no_draw_first_turn', ['304.2'], { player: seat }));
  } else {
    const uid = drawCard(state, seat);
    if (uid !== undefined) {
      events.push(event('drew', ['304.2'], { player: seat, card: uid }));
    } else {
      player.failed_draws += 1;
      events.push(event('draw_failed', ['304.2'], { player: seat, count: player.failed_draws }));
      if (player.failed_draws >= 3) {
        state.step = 'game_over';
        state.winner = 1 - seat;
        events.push(event('game_over', ['304.2'], { winner: state.winner, reason: 'failed_draws' }));
        return;
      }
    }
  }
  if (hiddenCards(state).length) {
    state.step = 'reveal'; // 304.3: the active player decides what to reveal
    return;
  }
  startOfTurnQueue(state, events);
}

/** 304.4-305.2: start-of-turn triggers enter the Queue; with an empty Queue the main stage begins. */
function startOfTurnQueue(state, events) {
  if (triggersFire(state, 'start_of_turn')) {
    throw new NotImplemented(['triggered_abilities'], 'start-of-turn triggers and poison (304.4)');
  }
  events.push(event('main_stage', ['304.5', '305.2']));
  state.step = 'choice';
}

const reveal = {
  check(state, { targets }) {
    const hidden = hiddenCards(state);
    const ascending = targets.every((uid, i) => i === 0 || targets[i - 1] < uid);
    if (!ascending || targets.some((uid) => !hidden.includes(uid))) {
      return [{ rule: '304.3', message: 'reveal distinct hidden cards of the active player in play, ascending' }];
    }
    return [];
  },
  apply(state, { targets }, events) {
    for (const uid of targets) card(state, uid).hidden = false;
    events.push(event('revealed', ['304.3'], { cards: targets }));
    startOfTurnQueue(state, events);
  },
  legal(state) {
    const hidden = hiddenCards(state);
    const actions = [];
    for (let mask = 0; mask < 1 << hidden.length; mask++) {
      actions.push(makeAction('reveal', { targets: hidden.filter((_, i) => mask & (1 << i)) }));
    }
    return actions;
  },
};

const endTurn = {
  check() {
    return []; // at the choice step the active player may always pass the turn (306.1)
  },
  apply(state, action, events) {
    events.push(event('turn_passed', ['306.1', '310.1'], { player: state.active }));
    if (triggersFire(state, 'end_of_turn')) {
      throw new NotImplemented(['triggered_abilities'], 'end-of-turn triggers (310.1)');
    }
    endEffects(state, 'end_of_turn', '310.2', events);
    state.active = 1 - state.active; // 310.3: the players swap roles
    state.turn += 1;
    events.push(event('turn_ended', ['310.3'], { next_active: state.active }));
    beginTurn(state, events);
  },
  legal() {
    return [makeAction('end_turn')];
  },
};

module.exports = { capability: 'turn_start', kinds: { reveal, end_turn: endTurn }, beginTurn };
