// The rules engine's entry points, independent of gRPC: who decides (section 3), which
// actions are legal (4), why an action is refused (7.2), what applying it does (6), and
// CreateGame (2.1).
//
// The rules themselves live in one module per capability (PROTOCOL.md 9.2). Each exports
// `capability` (its name, declared in GetServerInfo) and `kinds`: for each action kind it
// implements, { check(state, action) -> violations, apply(state, action, events),
// legal(state) -> actions, or null when the outcomes are not enumerated }. A kind no module
// implements is answered UNIMPLEMENTED (errors.NotImplemented), never guessed.
'use strict';

const { keysSet } = require('./actions');
const { NotImplemented } = require('./errors');
const { cite, QUEUE_STEPS, STEPS, TRIGGER_OUTSIDE_QUEUE_RULE, KINDS } = require('./rules');
const { SEAT_ACTORS, clone } = require('./state');
const setup = require('./setup');
const turn = require('./turn');

/** The capability modules; add yours here (and nothing else needs to change). */
const MODULES = [setup, turn];

/** The capabilities this server implements, for GetServerInfo. */
const CAPABILITIES = MODULES.map((m) => m.capability);

const HANDLERS = Object.assign({}, ...MODULES.map((m) => m.kinds));

function handler(kind) {
  const h = HANDLERS[kind];
  if (!h) throw new NotImplemented([KINDS[kind].capability], `the action kind ${kind}`);
  return h;
}

/** Who decides now and what (PROTOCOL.md section 3): { actor, kind }. */
function decision(state) {
  const { step, active } = state;
  const inactive = 1 - active;
  switch (step) {
    case 'setup_roll':
    case 'setup_shuffle':
      return { actor: 'chance', kind: step };
    case 'setup_order':
      return { actor: SEAT_ACTORS[state.roll_winner], kind: step };
    case 'setup_mulligan':
      return { actor: SEAT_ACTORS[setup.mulliganSeat(state)], kind: step };
    case 'reveal':
    case 'choice':
      return { actor: SEAT_ACTORS[active], kind: step };
    case 'defender':
      return { actor: SEAT_ACTORS[inactive], kind: step };
    case 'game_over':
      return { actor: 'nobody', kind: 'game_over' };
    default: {
      // A Queue step: the inactive player while he has a pending trigger, then the active (402.1).
      const inactiveHasOne = state.pending.some((t) => t.controller === inactive);
      return { actor: SEAT_ACTORS[inactiveHasOne ? inactive : active], kind: 'trigger' };
    }
  }
}

const violation = (number, message) => ({ rule: cite(number), message });

/** Why `action` is illegal in `state` ([] when it is legal), in the order of PROTOCOL.md 7.2. */
function check(state, action) {
  const step = STEPS[state.step];
  const { kind } = action;
  if (state.step === 'game_over') return [violation('R15:605.1', 'the game is over')];
  const { actor } = decision(state);
  if (action.actor && action.actor !== actor) {
    return [violation(step.actorRule, `${action.actor} does not decide now; ${actor} does`)];
  }
  if (!step.kinds.includes(kind)) {
    if ((kind === 'declare' || kind === 'pass') && state.pending.length && !QUEUE_STEPS.includes(state.step)) {
      return [violation(TRIGGER_OUTSIDE_QUEUE_RULE, 'pending triggers enter the Queue after the fight')];
    }
    return [violation(step.kindRule, `no ${kind} at step ${state.step}`)];
  }
  const unused = keysSet(action).filter((key) => !KINDS[kind].keys.includes(key));
  if (unused.length) return [violation(KINDS[kind].rule, `${kind} takes no ${unused.join(', ')}`)];
  return handler(kind)
    .check(state, action)
    .map((v) => violation(v.rule, v.message));
}

/** The next state and the events of a legal action (the caller has checked it). */
function apply(state, action) {
  const next = clone(state);
  const events = [];
  handler(action.kind).apply(next, action, events);
  return { state: next, events };
}

/** Every legal action of the decision, and whether the outcomes are not enumerated (a shuffle). */
function legalActions(state) {
  const { kinds } = STEPS[state.step];
  // The set must be complete (2.1): if one kind of the step is not implemented, say so.
  const missing = kinds.filter((kind) => !HANDLERS[kind]);
  if (missing.length) {
    const capabilities = [...new Set(missing.map((kind) => KINDS[kind].capability))];
    throw new NotImplemented(capabilities, `the legal actions at step ${state.step}: ${missing.join(', ')}`);
  }
  const actions = [];
  let outcomesNotEnumerated = false;
  for (const kind of kinds) {
    const list = handler(kind).legal(state);
    if (list === null) outcomesNotEnumerated = true;
    else actions.push(...list);
  }
  return { actions, outcomesNotEnumerated };
}

// --- CreateGame ------------------------------------------------------------------------------

/** A deterministic generator of integers in [0, n) from a uint64 seed (SplitMix64). */
function seededRandom(seed) {
  let s = BigInt.asUintN(64, BigInt(seed));
  return (n) => {
    s = BigInt.asUintN(64, s + 0x9e3779b97f4a7c15n);
    let z = s;
    z = BigInt.asUintN(64, (z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n);
    z = BigInt.asUintN(64, (z ^ (z >> 27n)) * 0x94d049bb133111ebn);
    z ^= z >> 31n;
    return Number(z % BigInt(n));
  };
}

/**
 * A new game (PROTOCOL.md 2.1). With `seed` (a decimal string) chance's outcomes are sampled
 * until the first decision that is not chance's; they are returned in order, and the events
 * are those of creating the game followed by those of each chance action.
 */
function createGame(config, seed) {
  let state = setup.newGame(config); // validates the configuration first
  const events = setup.creationEvents(config);
  const chanceActions = [];
  if (seed !== undefined && seed !== null) {
    const random = seededRandom(seed);
    while (decision(state).actor === 'chance') {
      const action = setup.sampleChance(state, random);
      chanceActions.push(action);
      const next = apply(state, action);
      state = next.state;
      events.push(...next.events);
    }
  }
  return { state, chanceActions, events };
}

module.exports = { CAPABILITIES, decision, check, apply, legalActions, createGame };
