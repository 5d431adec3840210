#!/usr/bin/env bash
# Regenerates src/platform/db/db-types.ts from the migrations, on a scratch database of the
# local PostgreSQL. Run after adding a migration: bash packages/server/scripts-codegen.sh
set -euo pipefail
cd "$(dirname "$0")"
db=lm_codegen_$$
psql -q -h 127.0.0.1 -U postgres -c "create database $db" >/dev/null
trap 'psql -q -h 127.0.0.1 -U postgres -c "drop database if exists $db" >/dev/null' EXIT
for f in src/platform/db/migrations/*.sql; do psql -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -U postgres "$db" -f "$f" >/dev/null; done
DATABASE_URL=postgres://postgres@127.0.0.1:5432/$db npx kysely-codegen --dialect postgres --camel-case \
  --numeric-parser string --date-parser string --type-mapping '{"int8":"number"}' \
  --out-file src/platform/db/db-types.ts >/dev/null
npx biome format --write src/platform/db/db-types.ts >/dev/null
