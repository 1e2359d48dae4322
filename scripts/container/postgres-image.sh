#!/usr/bin/env bash
# A PostgreSQL image for the container test, since no registry (and so no postgres:16 image) is
# reachable here: Debian's postgresql-15 on the debootstrap base, with an entrypoint that honours the
# official image's POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB and PGPORT.
#   scripts/container/postgres-image.sh [tag]   (default junction-test/postgres)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../machine-setup-lock.sh"
TAG=${1:-junction-test/postgres}
if docker image inspect "$TAG" >/dev/null 2>&1; then echo "postgres image $TAG already exists"; exit 0; fi
docker image inspect junction-test/bookworm-minbase >/dev/null 2>&1 || {
  echo "run scripts/container/base-image.sh first" >&2
  exit 1
}
WORK=$(mktemp -d /var/tmp/junction-pg.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
cat >"$WORK/entrypoint.sh" <<'SH'
#!/bin/sh
# First start: initdb with a password for POSTGRES_USER, the database POSTGRES_DB, scram auth from anywhere.
set -eu
PGDATA=/var/lib/postgresql/data
BIN=/usr/lib/postgresql/15/bin
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}" "${PGPORT:=5432}"
[ -n "${POSTGRES_PASSWORD:-}" ] || { echo "POSTGRES_PASSWORD is required" >&2; exit 1; }
mkdir -p "$PGDATA" /run/postgresql && chown -R postgres:postgres "$PGDATA" /run/postgresql && chmod 0700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" >/tmp/pw && chown postgres /tmp/pw
  su postgres -s /bin/sh -c "$BIN/initdb -D $PGDATA -U '$POSTGRES_USER' --pwfile=/tmp/pw --auth=scram-sha-256 >/dev/null"
  rm -f /tmp/pw
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  su postgres -s /bin/sh -c "$BIN/postgres -D $PGDATA -p $PGPORT -c listen_addresses= " &
  until su postgres -s /bin/sh -c "$BIN/pg_isready -q -h /run/postgresql -p $PGPORT"; do sleep 0.2; done
  [ "$POSTGRES_DB" = postgres ] || PGPASSWORD=$POSTGRES_PASSWORD su postgres -s /bin/sh -c \
    "psql -q -h /run/postgresql -p $PGPORT -U '$POSTGRES_USER' -d postgres -c 'create database \"$POSTGRES_DB\"'"
  su postgres -s /bin/sh -c "$BIN/pg_ctl -D $PGDATA -m fast -w stop >/dev/null"
fi
# PostgreSQL itself as PID 1 (setpriv execs, su would stay in between), so SIGINT/SIGTERM reach it.
exec setpriv --reuid=postgres --regid=postgres --init-groups "$BIN/postgres" -D "$PGDATA" -p "$PGPORT" \
  -c listen_addresses="${PG_LISTEN:-*}"
SH
cat >"$WORK/Dockerfile" <<'DOCKERFILE'
FROM junction-test/bookworm-minbase
RUN apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql-15 \
 && rm -rf /var/lib/apt/lists/* /var/lib/postgresql/15
COPY entrypoint.sh /usr/local/bin/postgres-entrypoint
RUN chmod 0755 /usr/local/bin/postgres-entrypoint
ENV PATH=/usr/lib/postgresql/15/bin:$PATH
VOLUME ["/var/lib/postgresql/data"]
STOPSIGNAL SIGINT
CMD ["postgres-entrypoint"]
DOCKERFILE
docker build -q --network host -t "$TAG" "$WORK" >/dev/null
echo "postgres image $TAG built"
