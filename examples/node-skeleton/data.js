// The published data this server plays with: the card pool and the rule catalogue.
//
// Both are data of the project, not code (PROTOCOL.md section 2.1: an implementation MAY serve
// the reference's catalogue and pool unchanged). They are read at start-up from the
// repository, like the protos: ../../oracle/data/cards.json and catalogue.json.
'use strict';

const fs = require('fs');
const path = require('path');

const DATA_DIR = path.resolve(__dirname, '..', '..', 'oracle', 'data');

function readJson(name) {
  return JSON.parse(fs.readFileSync(path.join(DATA_DIR, name), 'utf8'));
}

const pool = readJson('cards.json'); // { version, cards: [definition, ...] }
const catalogue = readJson('catalogue.json'); // { format, editions, rules: [...] }

/** Card definitions by id (PROTOCOL.md section 12). */
const CARDS = new Map(pool.cards.map((card) => [card.id, card]));

/** The ability a stealth creature gets after its printed ones (PROTOCOL.md section 1,
 *  INTERPRETING.md entry 12): «Найм: это существо скрывается». */
const STEALTH_ABILITY = Object.freeze({
  kind: 'triggered',
  trigger: 'hire',
  effects: [{ op: 'hide', to: 'self' }],
  text_en: 'Hire: this creature hides',
});

/** A card's abilities as indexed by the protocol: the printed ones, then the stealth one. */
function abilitiesOf(def) {
  const printed = def.abilities || [];
  return (def.keywords || []).includes('stealth') ? [...printed, STEALTH_ABILITY] : printed;
}

/** The proto CardInfo of a definition (GetCardPool). */
function cardInfo(def) {
  return {
    id: def.id,
    name: def.name,
    name_en: def.name_en || '',
    type: def.type,
    cost: def.cost === 'X' ? -1 : def.cost || 0,
    strike: def.strike || 0,
    life: def.life || 0,
    text: def.text || '',
    definition_json: JSON.stringify(def),
  };
}

/** The proto Rule of a catalogue entry (GetCatalogue). */
function ruleInfo(rule) {
  return {
    id: rule.id,
    edition: rule.edition,
    number: rule.number,
    kind: rule.kind,
    text_ru: rule.text_ru || '',
    text_en: rule.text_en || '',
    same_as: rule.same_as || [],
    forbids: Boolean(rule.forbids),
    unnumbered_in_seed: Boolean(rule.unnumbered_in_seed),
    inherited_from: rule.inherited_from || '',
  };
}

module.exports = { pool, catalogue, CARDS, abilitiesOf, cardInfo, ruleInfo };
