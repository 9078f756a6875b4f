// Actions (PROTOCOL.md section 4): the internal form, the text form (4.2) and the proto
// `Action` message with its `encoded` field (4.1).
//
// Internally an action is a plain object with every key of the table of 4.2 at its value or
// default: { kind, card, ability, targets, amounts, x, mode, option, values, trigger, actor },
// where `actor` is '' (whoever decides now), 'player_1', 'player_2' or 'chance'.
'use strict';

const { InvalidArgument } = require('./errors');
const { KINDS } = require('./rules');

/** The keys in canonical text order, and their defaults (omitted from the text). */
const KEY_ORDER = ['card', 'ability', 'targets', 'amounts', 'x', 'mode', 'option', 'values', 'trigger', 'actor'];
const DEFAULTS = {
  card: 0,
  ability: -1,
  targets: [],
  amounts: [],
  x: 0,
  mode: -1,
  option: '',
  values: [],
  trigger: 0,
  actor: '',
};
const LIST_KEYS = new Set(['targets', 'amounts', 'values']);
const ACTORS = ['player_1', 'player_2', 'chance'];
const ACTOR_ENUM = {
  ACTOR_UNSPECIFIED: '',
  ACTOR_PLAYER_1: 'player_1',
  ACTOR_PLAYER_2: 'player_2',
  ACTOR_CHANCE: 'chance',
};
const WORD = /^[A-Za-z][A-Za-z0-9_]*$/;
const INTEGER = /^-?\d+$/;
const INT32_MAX = 2 ** 31 - 1;

/** A new action of `kind` with the given keys, every other key at its default. */
function makeAction(kind, keys = {}) {
  return { ...structuredClone(DEFAULTS), kind, ...keys };
}

function isDefault(key, value) {
  return LIST_KEYS.has(key) ? value.length === 0 : value === DEFAULTS[key];
}

/** The keys of an action that differ from their defaults (actor excepted). */
function keysSet(action) {
  return KEY_ORDER.filter((key) => key !== 'actor' && !isDefault(key, action[key]));
}

/** The canonical text (4.2): the kind, then each key that differs from its default, in order. */
function encode(action, { withActor = false } = {}) {
  const words = [action.kind];
  for (const key of KEY_ORDER) {
    if (isDefault(key, action[key]) || (key === 'actor' && !withActor)) continue;
    words.push(`${key}=${LIST_KEYS.has(key) ? action[key].join(',') : action[key]}`);
  }
  return words.join(' ');
}

function parseInteger(key, text, field) {
  if (!INTEGER.test(text) || Math.abs(Number(text)) > INT32_MAX) {
    throw InvalidArgument.field(field, `${key}: not an integer: '${text}'`);
  }
  return Number(text);
}

/** The action of a text (4.2). Malformed text is INVALID_ARGUMENT on `field`. Other spellings
 *  of a well-formed action (keys in another order, a key at its default) are accepted. */
function parseText(text, field) {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length) throw InvalidArgument.field(field, 'empty action text');
  const [kind, ...rest] = words;
  if (!KINDS[kind]) throw InvalidArgument.field(field, `unknown action kind '${kind}'`);
  const action = makeAction(kind);
  const given = new Set();
  for (const word of rest) {
    const eq = word.indexOf('=');
    const key = eq < 0 ? word : word.slice(0, eq);
    const value = eq < 0 ? '' : word.slice(eq + 1);
    if (!KEY_ORDER.includes(key)) throw InvalidArgument.field(field, `unknown key '${key}'`);
    if (eq < 0) throw InvalidArgument.field(field, `${key}: no value`);
    if (given.has(key)) throw InvalidArgument.field(field, `${key}: given twice`);
    given.add(key);
    if (LIST_KEYS.has(key)) {
      action[key] = value.split(',').map((item) => parseInteger(key, item, field));
    } else if (key === 'option') {
      if (!WORD.test(value)) throw InvalidArgument.field(field, `option: not a word: '${value}'`);
      action.option = value;
    } else if (key === 'actor') {
      if (!ACTORS.includes(value)) throw InvalidArgument.field(field, `actor: not an actor: '${value}'`);
      action.actor = value;
    } else {
      action[key] = parseInteger(key, value, field);
    }
  }
  return action;
}

/**
 * The action of a request's `Action` message (4.1). `path` names it in errors ("action",
 * "actions[3]"). With `encoded`, the text is the action and every other field that is set
 * must agree with it (`actor` may complete a text that names none); without it, `kind` is
 * required.
 */
function readAction(msg, path = 'action') {
  if (!msg) throw InvalidArgument.field(path, 'missing action');
  const actor = ACTOR_ENUM[msg.actor];
  if (actor === undefined) {
    throw InvalidArgument.field(`${path}.actor`, `not an actor that takes actions: ${msg.actor}`);
  }
  const fields = {
    kind: msg.kind,
    card: msg.card,
    ability: msg.ability ?? -1,
    targets: [...msg.targets],
    amounts: [...msg.amounts],
    x: msg.x,
    mode: msg.mode ?? -1,
    option: msg.option,
    values: [...msg.values],
    trigger: msg.trigger,
    actor,
  };
  if (!msg.encoded) {
    if (!fields.kind) throw InvalidArgument.field(`${path}.kind`, 'missing: give `kind` or `encoded`');
    if (!KINDS[fields.kind]) throw InvalidArgument.field(`${path}.kind`, `unknown action kind '${fields.kind}'`);
    if (fields.option && !WORD.test(fields.option)) {
      throw InvalidArgument.field(`${path}.option`, `not a word: '${fields.option}'`);
    }
    return fields;
  }
  const action = parseText(msg.encoded, `${path}.encoded`);
  // Which fields count as set (4.1): kind not empty, card/x/trigger not 0, ability/mode
  // present, a list not empty, option not empty, actor not unspecified.
  const isSet = {
    kind: fields.kind !== '',
    card: fields.card !== 0,
    ability: msg.ability !== undefined && msg.ability !== null,
    targets: fields.targets.length > 0,
    amounts: fields.amounts.length > 0,
    x: fields.x !== 0,
    mode: msg.mode !== undefined && msg.mode !== null,
    option: fields.option !== '',
    values: fields.values.length > 0,
    trigger: fields.trigger !== 0,
  };
  for (const [key, set] of Object.entries(isSet)) {
    if (set && JSON.stringify(fields[key]) !== JSON.stringify(action[key])) {
      throw InvalidArgument.field(`${path}.${key}`, `disagrees with encoded '${msg.encoded}'`);
    }
  }
  if (actor) {
    if (action.actor && action.actor !== actor) {
      throw InvalidArgument.field(`${path}.actor`, `disagrees with encoded '${msg.encoded}'`);
    }
    action.actor = actor;
  }
  return action;
}

/** The proto `Action` message of an action: the fields and the canonical `encoded`. */
function writeAction(action) {
  const msg = {
    kind: action.kind,
    card: action.card,
    targets: action.targets,
    amounts: action.amounts,
    x: action.x,
    option: action.option,
    values: action.values,
    trigger: action.trigger,
    encoded: encode(action),
    actor: action.actor ? `ACTOR_${action.actor.toUpperCase()}` : 'ACTOR_UNSPECIFIED',
  };
  if (action.ability !== -1) msg.ability = action.ability;
  if (action.mode !== -1) msg.mode = action.mode;
  return msg;
}

module.exports = { makeAction, keysSet, encode, parseText, readAction, writeAction };
