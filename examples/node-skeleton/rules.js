// The contract's tables that do not depend on any capability, copied from PROTOCOL.md:
// the steps (section 5.1, "The steps"), the action kinds (section 4.2, "action-kinds"), the
// refusal rules of section 7.2 and the citation of rule numbers in edition C (section 7.3).
'use strict';

/** The one edition this server plays. */
const EDITION = 'C';

/** A B/C rule number as edition C cites it (PROTOCOL.md 7.3): "C:" + number; R15 ids as they are. */
function cite(number) {
  return number.startsWith('R15:') ? number : `${EDITION}:${number}`;
}

const QUEUE_STEPS = ['start_queue', 'fight_queue', 'close_queue', 'ability_queue', 'play_queue', 'end_queue'];
const SETUP_STEPS = ['setup_roll', 'setup_order', 'setup_shuffle', 'setup_mulligan'];

/**
 * Every step: the action kinds it takes, the rule cited when the actor is not the one who
 * decides now, and the rule cited for a kind the step does not take (PROTOCOL.md 7.2).
 */
const STEPS = {
  setup_roll: { kinds: ['roll'], actorRule: '301.4', kindRule: '301.4' },
  setup_order: { kinds: ['choose_order'], actorRule: '301.4', kindRule: '301.4' },
  setup_shuffle: { kinds: ['shuffle'], actorRule: '301.5', kindRule: '301.5' },
  setup_mulligan: { kinds: ['mulligan'], actorRule: '301.7.1', kindRule: '301.7' },
  reveal: { kinds: ['reveal'], actorRule: '304.3', kindRule: '304.3' },
  choice: { kinds: ['attack', 'activate', 'play', 'end_turn'], actorRule: '306.1', kindRule: '306.1' },
  defender: { kinds: ['defend'], actorRule: '307.1', kindRule: '307.1' },
  game_over: { kinds: [], actorRule: 'R15:605.1', kindRule: 'R15:605.1' },
};
for (const step of QUEUE_STEPS) {
  STEPS[step] = { kinds: ['declare', 'pass'], actorRule: '402.1', kindRule: '401.7' };
}

/** A declare or pass while a trigger is pending outside a Queue step cites this (7.2, edition C). */
const TRIGGER_OUTSIDE_QUEUE_RULE = '307.2';

/** Every action kind: the keys it uses besides `actor`, the rule cited when another key is
 *  set, and the capability that implements it (PROTOCOL.md 4.2, table of action kinds). */
const KINDS = {
  roll: { keys: ['values'], rule: '301.4', capability: 'setup' },
  shuffle: { keys: ['card', 'values'], rule: '301.5', capability: 'setup' },
  choose_order: { keys: ['values'], rule: '301.4', capability: 'setup' },
  mulligan: { keys: ['targets'], rule: '301.7', capability: 'setup' },
  reveal: { keys: ['targets'], rule: '304.3', capability: 'turn_start' },
  attack: { keys: ['card', 'targets'], rule: '307.1', capability: 'strike_attack' },
  defend: { keys: ['card'], rule: '307.1', capability: 'strike_attack' },
  activate: {
    keys: ['card', 'ability', 'targets', 'amounts', 'x', 'mode', 'option'],
    rule: '501.1',
    capability: 'activated_abilities',
  },
  play: { keys: ['card', 'targets', 'amounts', 'x', 'mode', 'option'], rule: '309.1', capability: 'card_play' },
  end_turn: { keys: [], rule: '306.1', capability: 'end_turn' },
  declare: { keys: ['targets', 'trigger'], rule: '501.1', capability: 'triggered_abilities' },
  pass: { keys: ['trigger'], rule: '401.7', capability: 'triggered_abilities' },
};

module.exports = { EDITION, cite, QUEUE_STEPS, SETUP_STEPS, STEPS, TRIGGER_OUTSIDE_QUEUE_RULE, KINDS };
