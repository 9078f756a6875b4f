#!/usr/bin/env node
// Example client of the «Берсерк. Герои» rules oracle (berserk.oracle.v1.OracleService).
//
//   node client.js [HOST:PORT]          (default 127.0.0.1:50051)
//
// It loads the public protos from ../../proto at run time (@grpc/proto-loader), asks the
// server what it is, builds a game configuration from the card pool, creates a game with a
// chance seed (the oracle samples the die roll and the shuffles), lists the legal actions,
// applies the first one and prints what came back.
//
// Environment: ORACLE_AUTH_TOKEN sends `authorization: Bearer <token>`;
// ORACLE_TLS_CA=path/to/ca.pem connects with TLS, trusting that certificate.
'use strict';

const fs = require('fs');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const PROTO_ROOT = path.resolve(__dirname, '..', '..', 'proto');
const address = process.argv[2] || '127.0.0.1:50051';

const definition = protoLoader.loadSync('berserk/oracle/v1/oracle_service.proto', {
  includeDirs: [PROTO_ROOT],
  keepCase: true, // field names as in the .proto (chance_seed, not chanceSeed)
  longs: String, // uint64 travels as a decimal string
  enums: String, // enum values by name ("ACTOR_PLAYER_1")
  defaults: true,
  oneofs: true,
});
const v1 = grpc.loadPackageDefinition(definition).berserk.oracle.v1;

const credentials = process.env.ORACLE_TLS_CA
  ? grpc.credentials.createSsl(fs.readFileSync(process.env.ORACLE_TLS_CA))
  : grpc.credentials.createInsecure();
const client = new v1.OracleService(address, credentials, {
  'grpc.max_receive_message_length': 16 * 1024 * 1024,
});

let requestCounter = 0;

// Promise wrapper of a unary call: sends a request id and a bearer token (if any),
// resolves with { response, requestId } where requestId comes back in the trailers.
function call(method, request) {
  const metadata = new grpc.Metadata();
  metadata.set('x-request-id', `node-example-${process.pid}-${++requestCounter}`);
  if (process.env.ORACLE_AUTH_TOKEN) {
    metadata.set('authorization', `Bearer ${process.env.ORACLE_AUTH_TOKEN}`);
  }
  return new Promise((resolve, reject) => {
    const deadline = new Date(Date.now() + 10000);
    let response = null;
    const rpc = client[method](request, metadata, { deadline }, (err, res) => {
      if (err) {
        reject(new Error(`${method} failed: ${grpc.status[err.code]} ${err.details}`));
      } else {
        response = res;
      }
    });
    // the trailing metadata (with the request id) arrives with the status, after the callback
    rpc.on('status', (status) => {
      if (status.code === grpc.status.OK) {
        resolve({ response, requestId: status.metadata.get('x-request-id')[0] });
      }
    });
  });
}

function actionText(action) {
  return action.encoded || action.kind;
}

async function main() {
  const { response: info } = await call('GetServerInfo', {});
  console.log(`server: ${info.implementation}`);
  console.log(`  engine ${info.engine_version}, protocol ${info.proto_version}, suite ${info.suite_version}, ` +
    `editions ${info.editions.join(',')} (default ${info.default_edition}), card pool ${info.card_pool_version}` +
    (info.mutants.length ? `, MUTANTS ${info.mutants.join(',')}` : ''));

  const { response: pool } = await call('GetCardPool', {});
  const heroes = pool.cards.filter((c) => c.type === 'hero').map((c) => c.id);
  const others = pool.cards.filter((c) => c.type !== 'hero').map((c) => c.id);
  const deck = (offset) => Array.from({ length: 20 }, (_, i) => others[(offset + i) % others.length]);
  const config = {
    edition: info.default_edition,
    heroes: [heroes[0], heroes[1]],
    decks: [{ card_ids: deck(0) }, { card_ids: deck(20) }],
  };
  console.log(`card pool: ${pool.cards.length} cards; heroes ${config.heroes.join(' vs ')}, two decks of 20`);

  const { response: game } = await call('CreateGame', { config, chance_seed: '42' });
  console.log(`CreateGame: fingerprint ${game.fingerprint}, step ${game.state.step}, turn ${game.state.turn}`);
  for (const a of game.chance_actions) {
    console.log(`  chance: ${actionText(a)}`);
  }
  console.log(`  decision: ${game.decision.actor} (${game.decision.kind})`);

  const { response: legal } = await call('GetLegalActions', { state: game.state });
  console.log(`GetLegalActions: ${legal.actions.length} legal actions for ${legal.decision.actor} ` +
    `(${legal.decision.kind}); first ones:`);
  for (const a of legal.actions.slice(0, 5)) {
    console.log(`  ${actionText(a)}`);
  }
  if (legal.actions.length === 0) {
    throw new Error('no legal action to apply');
  }

  const chosen = legal.actions[0];
  const { response: applied, requestId } = await call('ApplyAction', { state: game.state, action: chosen });
  console.log(`ApplyAction ${actionText(chosen)}: legal=${applied.legal} (request id ${requestId})`);
  for (const v of applied.violations) {
    console.log(`  violation ${v.rule}: ${v.message}`);
  }
  for (const e of applied.events) {
    const data = e.data.map((f) => `${f.key}=${f.value}`).join(' ');
    console.log(`  event ${e.kind} [${e.rules.join(', ')}] ${data}`.trimEnd());
  }
  if (applied.legal) {
    console.log(`  next: step ${applied.state.step}, turn ${applied.state.turn}, fingerprint ${applied.fingerprint}`);
    console.log(`  decision: ${applied.decision.actor} (${applied.decision.kind})`);
  }
  console.log('done');
}

main()
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  })
  .finally(() => client.close());
