#!/usr/bin/env bash
# Tries the deployment on this machine: validates deploy/Caddyfile, then starts two shop processes
# on one PostgreSQL database behind Caddy with a local certificate (Caddy's own CA, https on
# localhost:8443), and checks that requests through Caddy reach both processes and that one
# stopping (as in an upgrade) is not seen by shoppers.
#
#   npm run build && bash deploy/check.sh postgres://postgres@127.0.0.1:5432/test
#
# Needs Debian's caddy (apt-get install -y caddy) and a PostgreSQL server; makes and drops its own database.
set -euo pipefail
cd "$(dirname "$0")/.."
server_url="${1:?usage: deploy/check.sh <postgres://server-url/any-database>}"
work="$(mktemp -d)"
database="flag_shop_deploy_check_$$"
pids=()
cleanup() {
  local status=$?
  if [ "$status" -ne 0 ]; then tail -n 5 "$work"/*.log 2>/dev/null || true; fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  psql "$server_url" -qc "drop database if exists $database" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "· caddy validate (production Caddyfile)"
SHOP_DOMAIN=shop.example.co.za SHOP_ACCESS_LOG="$work/access.log" caddy validate --config deploy/Caddyfile --adapter caddyfile 2>&1 | grep -E "^Valid|rror"

psql "$server_url" -qc "create database $database"
database_url="${server_url%/*}/$database"
for port in 3701 3702; do
  # A public (https) address on the stand-ins is a demo shop: SHOP_DEMO=true lets it start.
  PORT=$port HOST=127.0.0.1 PUBLIC_URL=https://localhost:8443 SHOP_DEMO=true DATABASE_URL="$database_url" \
    SESSION_SECRET=deploy-check-shared-secret-0123456789abcdef LOG_LEVEL=info \
    node dist/server/main.js >"$work/shop-$port.log" 2>&1 &
  pids+=($!)
done

cat >"$work/Caddyfile" <<CADDY
{
	local_certs
	skip_install_trust
	admin off
	storage file_system $work/caddy-data
}
localhost:8443 {
	import $PWD/deploy/flag-shop.caddy
}
CADDY
SHOP_UPSTREAMS="127.0.0.1:3701 127.0.0.1:3702" SHOP_ACCESS_LOG="$work/access.log" caddy validate --config "$work/Caddyfile" --adapter caddyfile 2>&1 | grep -E "^Valid|rror"
SHOP_UPSTREAMS="127.0.0.1:3701 127.0.0.1:3702" SHOP_ACCESS_LOG="$work/access.log" XDG_DATA_HOME="$work" \
  caddy run --config "$work/Caddyfile" --adapter caddyfile >"$work/caddy.log" 2>&1 &
pids+=($!)

ready=no
for _ in $(seq 1 90); do
  if curl -sf http://127.0.0.1:3701/readyz >/dev/null && curl -sf http://127.0.0.1:3702/readyz >/dev/null && curl -sfk https://localhost:8443/readyz >/dev/null; then ready=yes; break; fi
  sleep 1
done
if [ "$ready" != yes ]; then echo "FAILED: the shops or Caddy did not come up"; exit 1; fi
echo "· through Caddy: $(curl -sk https://localhost:8443/readyz)"
echo "· certificate issuer: $(echo | openssl s_client -connect localhost:8443 -servername localhost 2>/dev/null | openssl x509 -noout -issuer)"

# Each process logs the requests it answers: both must have some.
for _ in $(seq 1 20); do curl -sk -o /dev/null https://localhost:8443/api/products/south-africa; done
sleep 1
for port in 3701 3702; do
  answered="$(grep -c '"url":"/api/products/south-africa"' "$work/shop-$port.log" || true)"
  echo "· answered by 127.0.0.1:$port: $answered of 20 requests"
  if [ "$answered" -eq 0 ]; then echo "FAILED: 127.0.0.1:$port answered none"; exit 1; fi
done

# One process stops, as during an upgrade: shoppers see only 200s.
kill "${pids[0]}"
codes="$(for _ in $(seq 1 20); do curl -sk -o /dev/null -w '%{http_code} ' https://localhost:8443/api/products/kenya; done)"
echo "· with 127.0.0.1:3701 stopped: $codes"
if [[ "$codes" =~ [^2[:space:]0-9]|[345][0-9][0-9] ]]; then echo "FAILED: a shopper saw an error"; exit 1; fi
echo "deploy check passed"
