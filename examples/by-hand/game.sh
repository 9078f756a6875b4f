#!/usr/bin/env sh
# A game by hand, three calls of the oracle with `buf curl` (any gRPC command-line client does
# the same; `buf` comes with the test extra as .venv/bin/buf): a new game with its chance
# outcomes sampled from a seed (CreateGame), the legal actions of its first decision
# (GetLegalActions), then one of them applied (ApplyAction, asking only for the fingerprint
# and the next decision). JSON in and out is the proto's JSON mapping (PROTOCOL.md 2.1); the
# state travels whole in every request. python3 only picks fields out of the answers.
#
#   sh examples/by-hand/game.sh [HOST:PORT]          (default 127.0.0.1:50051)
set -eu
ADDR=${1:-127.0.0.1:50051}
BUF=${BUF:-buf}
URL=http://$ADDR/berserk.oracle.v1.OracleService
call() { "$BUF" curl --protocol grpc --http2-prior-knowledge -d "$2" "$URL/$1"; }
pick() { python3 -c "import json, sys; d = json.load(sys.stdin); print(json.dumps($1))"; }

game=$(call CreateGame '{"config": {"heroes": ["test_geroy_pervogo_khoda", "test_geroy_snayper"],
  "decks": [{"card_ids": ["ork", "ork", "ork", "ork"]}, {"card_ids": ["ork", "ork", "ork", "ork"]}]},
  "chance_seed": 7}')
echo "CreateGame: decision $(echo "$game" | pick 'd["decision"]')"
state=$(echo "$game" | pick 'd["state"]')

legal=$(call GetLegalActions "{\"state\": $state}")
echo "GetLegalActions: $(echo "$legal" | pick '[a["encoded"] for a in d["actions"]]')"
action=$(echo "$legal" | pick 'd["actions"][0]')

next=$(call ApplyAction "{\"state\": $state, \"action\": $action, \"read_mask\": \"fingerprint,decision\"}")
echo "ApplyAction $(echo "$action" | pick 'd["encoded"]'): $(echo "$next" | pick 'd')"
