// TypeScript client of the «Берсерк. Герои» rules oracle (berserk.oracle.v1.OracleService),
// using the code `buf generate` writes from the protos (buf.gen.yaml: protoc-gen-es) and
// @connectrpc/connect-node's gRPC transport (HTTP/2, the gRPC protocol).
//
//   npm ci && npm run build && node dist/client.js [HOST:PORT]   (default 127.0.0.1:50051)
//
// It asks what the server is, builds a game from the card pool, creates it with a chance
// seed, lists the legal actions, checks an action by the wrong actor (an ordinary answer,
// legal = false, citing the rule), applies the first legal action and prints the answers.
// Environment: ORACLE_AUTH_TOKEN sends `authorization: Bearer <token>`.

import { create } from "@bufbuild/protobuf";
import { ConnectError, createClient, type Interceptor } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";

import { type Action, ActionSchema, Actor } from "./gen/berserk/oracle/v1/action_pb";
import { DeckListSchema, GameConfigSchema } from "./gen/berserk/oracle/v1/game_config_pb";
import { OracleService } from "./gen/berserk/oracle/v1/oracle_service_pb";

const address = process.argv[2] ?? "127.0.0.1:50051";

let counter = 0;
// Every call carries a request id (the server logs it and returns it in the trailers) and,
// when ORACLE_AUTH_TOKEN is set, the bearer token.
const metadata: Interceptor = (next) => async (req) => {
  req.header.set("x-request-id", `ts-example-${process.pid}-${++counter}`);
  const token = process.env.ORACLE_AUTH_TOKEN;
  if (token) {
    req.header.set("authorization", `Bearer ${token}`);
  }
  return next(req);
};

const transport = createGrpcTransport({ baseUrl: `http://${address}`, interceptors: [metadata] });
const client = createClient(OracleService, transport);
const options = () => ({ timeoutMs: 10_000 });

function text(a: Action): string {
  return a.encoded || a.kind;
}

function actorName(actor: Actor): string {
  return Actor[actor];
}

async function main(): Promise<void> {
  const info = await client.getServerInfo({}, options());
  console.log(`server: ${info.implementation}`);
  console.log(`  engine ${info.engineVersion}, protocol ${info.protoVersion}, editions ${info.editions.join(",")}` +
    ` (default ${info.defaultEdition}), levels ${info.levels.join(",")}`);

  const pool = await client.getCardPool({}, options());
  const heroes = pool.cards.filter((c) => c.type === "hero").map((c) => c.id);
  const others = pool.cards.filter((c) => c.type !== "hero").map((c) => c.id);
  const deck = (offset: number) => Array.from({ length: 20 }, (_, i) => others[(offset + i) % others.length]);
  const config = create(GameConfigSchema, {
    edition: info.defaultEdition,
    heroes: [heroes[0], heroes[1]],
    decks: [create(DeckListSchema, { cardIds: deck(0) }), create(DeckListSchema, { cardIds: deck(20) })],
  });
  console.log(`card pool: ${pool.cards.length} cards; heroes ${config.heroes.join(" vs ")}`);

  const game = await client.createGame({ config, chanceSeed: 42n }, options());
  console.log(`CreateGame: fingerprint ${game.fingerprint}, turn ${game.state?.turn}`);
  for (const a of game.chanceActions) {
    console.log(`  chance: ${text(a)}`);
  }
  const decision = game.decision;
  if (!decision || !game.state) {
    throw new Error("CreateGame answered without a state or a decision");
  }
  console.log(`  decision: ${actorName(decision.actor)} (${decision.kind})`);

  const legal = await client.getLegalActions({ state: game.state }, options());
  console.log(`GetLegalActions: ${legal.actions.length} legal actions for ${actorName(legal.decision?.actor ?? Actor.UNSPECIFIED)}`);
  if (legal.actions.length === 0) {
    throw new Error("no legal action to apply");
  }
  const chosen = legal.actions[0];

  // The same action by the other player: an ordinary answer, legal = false, citing a rule.
  const wrong = decision.actor === Actor.PLAYER_1 ? Actor.PLAYER_2 : Actor.PLAYER_1;
  const checked = await client.checkAction(
    { state: game.state, action: create(ActionSchema, { encoded: chosen.encoded, actor: wrong }) }, options());
  console.log(`CheckAction ${chosen.encoded} by ${actorName(wrong)}: legal=${checked.legal} ` +
    checked.violations.map((v) => `[${v.rule}] ${v.message}`).join("; "));

  let requestId = "";
  const applied = await client.applyAction({ state: game.state, action: chosen }, {
    ...options(),
    onTrailer: (trailer: Headers) => {
      requestId = trailer.get("x-request-id") ?? "";
    },
  });
  console.log(`ApplyAction ${text(chosen)}: legal=${applied.legal} (request id ${requestId})`);
  for (const e of applied.events) {
    const data = e.data.map((f) => `${f.key}=${f.value}`).join(" ");
    console.log(`  event ${e.kind} [${e.rules.join(", ")}] ${data}`.trimEnd());
  }
  console.log(`  next: fingerprint ${applied.fingerprint}, decision ${actorName(applied.decision?.actor ?? Actor.UNSPECIFIED)}`);
  console.log("done");
}

main().catch((err: unknown) => {
  console.error(err instanceof ConnectError ? `${err.code} ${err.rawMessage}` : String(err));
  process.exitCode = 1;
});
