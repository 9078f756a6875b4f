// The fingerprint of a state (PROTOCOL.md section 8): the first 32 hex digits of the SHA-256
// of its canonical JSON text (keys sorted, no whitespace, UTF-8, no final newline).
'use strict';

const crypto = require('crypto');

/** Canonical JSON text: object keys sorted by code point, no whitespace. JSON.stringify
 *  already writes strings, integers, booleans and null as section 8 asks. */
function canonicalJson(value) {
  if (Array.isArray(value)) {
    return `[${value.map(canonicalJson).join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The fingerprint of a canonical state. */
function fingerprint(state) {
  return crypto.createHash('sha256').update(canonicalJson(state), 'utf8').digest('hex').slice(0, 32);
}

module.exports = { canonicalJson, fingerprint };
