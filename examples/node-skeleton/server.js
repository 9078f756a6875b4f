#!/usr/bin/env node
// A skeleton third-party server of the «Берсерк. Герои» rules oracle
// (berserk.oracle.v1.OracleService), written from PROTOCOL.md and the .proto files only.
//
//   node server.js [--host HOST] [--port PORT]      (default 127.0.0.1:50061; --port 0: a free port)
//
// Once ready it prints one line, `listening on HOST:PORT`. It plays edition C with the
// capabilities its modules implement (setup.js, turn.js) and claims the conformance level
// `core`; everything else is declared unsupported in GetServerInfo and answered UNIMPLEMENTED.
//
// This file is only the gRPC adapter: it loads the public protos from ../../proto at run time
// (@grpc/proto-loader), maps messages to the engine's plain objects (state.js, actions.js)
// and errors to gRPC statuses (errors.js). The rules are in engine.js and its modules.
'use strict';

const crypto = require('crypto');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const { pool, catalogue, cardInfo, ruleInfo } = require('./data');
const engine = require('./engine');
const { InvalidArgument, toServiceError } = require('./errors');
const { fingerprint } = require('./fingerprint');
const { EDITION } = require('./rules');
const { readState, writeState } = require('./state');
const { readAction, writeAction } = require('./actions');
const { version } = require('./package.json');

const PROTO_ROOT = path.resolve(__dirname, '..', '..', 'proto');
const definition = protoLoader.loadSync('berserk/oracle/v1/oracle_service.proto', {
  includeDirs: [PROTO_ROOT],
  keepCase: true, // field names as in the .proto
  longs: String, // uint64 chance_seed as a decimal string
  enums: String, // enum values by name; a number the enum does not define stays a number
  defaults: true, // absent scalars and lists at their defaults; absent optional fields undefined
  oneofs: true,
});
const v1 = grpc.loadPackageDefinition(definition).berserk.oracle.v1;

/** What GetServerInfo says (PROTOCOL.md 2.1, 9): the suite runs exactly what is declared here. */
const SERVER_INFO = {
  engine_version: version,
  proto_version: 'v1',
  suite_version: '',
  editions: [EDITION],
  default_edition: EDITION,
  card_pool_version: pool.version,
  mutants: [],
  implementation: `berserk-oracle node-skeleton ${version}`,
  support: [{ edition: EDITION, capabilities: engine.CAPABILITIES }],
  levels: ['core'],
  // empty: every card of the pool. Setup and turn start read only generic card data, so this
  // server plays all of every card under what it declares. PROTOCOL.md 9.2: once it declares a
  // capability under which some card's text acts (an attack trigger under strike_attack), list
  // here only the cards it plays entirely; the runs naming the others are then unsupported.
  card_ids: [],
};

// --- responses ---------------------------------------------------------------------------------

function writeDecision(state) {
  const { actor, kind } = engine.decision(state);
  return { actor: `ACTOR_${actor.toUpperCase()}`, kind };
}

function checked(state, action) {
  const violations = engine.check(state, action);
  return { legal: violations.length === 0, violations };
}

const methods = {
  GetServerInfo() {
    return SERVER_INFO;
  },

  CreateGame(req) {
    const { state, chanceActions, events } = engine.createGame(req.config, req.chance_seed);
    return {
      state: writeState(state),
      fingerprint: fingerprint(state),
      decision: writeDecision(state),
      chance_actions: chanceActions.map(writeAction),
      events,
    };
  },

  GetLegalActions(req) {
    const state = readState(req.state);
    const { actions, outcomesNotEnumerated } = engine.legalActions(state);
    return {
      decision: writeDecision(state),
      actions: actions.map(writeAction),
      outcomes_not_enumerated: outcomesNotEnumerated,
      fingerprint: fingerprint(state),
    };
  },

  CheckAction(req) {
    const state = readState(req.state);
    return checked(state, readAction(req.action));
  },

  BatchCheckActions(req) {
    const state = readState(req.state);
    const problems = [];
    const actions = req.actions.map((msg, i) => {
      try {
        return readAction(msg, `actions[${i}]`);
      } catch (err) {
        if (!(err instanceof InvalidArgument)) throw err;
        problems.push(...err.violations); // one field violation per malformed action
        return null;
      }
    });
    if (problems.length) throw new InvalidArgument(problems);
    return { results: actions.map((action) => checked(state, action)) };
  },

  ApplyAction(req) {
    const state = readState(req.state);
    const action = readAction(req.action);
    const { legal, violations } = checked(state, action);
    if (!legal) return { legal, violations };
    const next = engine.apply(state, action);
    return {
      legal,
      violations: [],
      state: writeState(next.state),
      events: next.events,
      fingerprint: fingerprint(next.state),
      decision: writeDecision(next.state),
    };
  },

  GetCatalogue(req) {
    const { edition } = req;
    if (edition && !['A', 'B', 'C', 'R15'].includes(edition)) {
      throw InvalidArgument.field('edition', `unknown edition '${edition}'`);
    }
    return { rules: catalogue.rules.filter((r) => !edition || r.edition === edition).map(ruleInfo) };
  },

  GetCardPool() {
    return { version: pool.version, cards: pool.cards.map(cardInfo) };
  },
};

// --- the gRPC adapter ----------------------------------------------------------------------------

const MALFORMED = Symbol('malformed request');

/** A unary handler: request id in the trailers, errors mapped to statuses (errors.js). */
function unary(method) {
  return (call, callback) => {
    const trailer = new grpc.Metadata();
    trailer.set('x-request-id', String(call.metadata.get('x-request-id')[0] || crypto.randomUUID()));
    try {
      if (call.request[MALFORMED]) throw InvalidArgument.field('request', call.request[MALFORMED]);
      callback(null, method(call.request), trailer);
    } catch (err) {
      callback(toServiceError(err, grpc, trailer));
    }
  };
}

function unimplemented(name) {
  const error = {
    code: grpc.status.UNIMPLEMENTED,
    details: `${name} is not offered by this server (capability transcripts)`,
  };
  return (call, callback) => callback(error);
}

/** The service definition, with requests that do not parse answered INVALID_ARGUMENT on `request`
 *  (2.2) rather than the library's INTERNAL. */
const service = Object.fromEntries(
  Object.entries(v1.OracleService.service).map(([name, m]) => [
    name,
    {
      ...m,
      requestDeserialize(bytes) {
        try {
          return m.requestDeserialize(bytes);
        } catch (err) {
          return { [MALFORMED]: `the request does not parse: ${err.message}` };
        }
      },
    },
  ]),
);

function parseArgs(argv) {
  const options = { host: '127.0.0.1', port: 50061 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--host' && value) options.host = value;
    else if (flag === '--port' && /^\d+$/.test(value || '') && Number(value) < 65536) options.port = Number(value);
    else {
      console.error('usage: node server.js [--host HOST] [--port PORT]');
      process.exit(2);
    }
  }
  return options;
}

function main() {
  const { host, port } = parseArgs(process.argv.slice(2));
  const server = new grpc.Server();
  server.addService(service, {
    ...Object.fromEntries(Object.entries(methods).map(([name, fn]) => [name, unary(fn)])),
    VerifyTranscript: unimplemented('VerifyTranscript'),
    StreamVerifyTranscript: unimplemented('StreamVerifyTranscript'),
  });
  server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (err, boundPort) => {
    if (err) {
      console.error(`cannot listen on ${host}:${port}: ${err.message}`);
      process.exit(1);
    }
    console.log(`listening on ${host}:${boundPort}`);
  });
  const stop = () => server.tryShutdown(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main();
