#!/usr/bin/env bash
# Builds the image (deploy/Containerfile) with Debian's buildah and runs it once with podman: a
# snapshot is made from the seeds into a volume, then the server starts on a read-only root file
# system with that volume as its only writable path, and /readyz must answer 200 from inside the
# container on a loopback port. Needs root, Debian bookworm, and only Debian's apt mirror and the
# npm registry: the base image comes from debootstrap, as no container registry is reachable.
#
#   apt-get install -y buildah podman debootstrap runc
#   bash deploy/build-image.sh     # IMAGE=, VARNISH_IMAGE= to name the images; KEEP_BASE=1 reuses the base
#
# Not part of npm test (it takes minutes and root). docs/operations.md ("Past one machine") says
# what it took.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE="${IMAGE:-localhost/care-home-read-api:latest}"
VARNISH_IMAGE="${VARNISH_IMAGE:-localhost/care-home-varnish:latest}"
BASE="${BASE:-localhost/bookworm-slim:latest}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
WORK="${WORK:-$(mktemp -d /var/tmp/care-home-image.XXXXXX)}"
mkdir -p "$WORK"
# vfs works wherever the build runs (inside a container or a VM without overlay support);
# runc is Debian's runtime (podman's default, crun, is not installed with it).
STORAGE=(--storage-driver vfs)
# Explicit limits: podman's defaults (nofile and nproc of 1048576) are above what this VM lets a
# process raise to, and runc then refuses to start the container ("error setting rlimit").
RUNTIME=(--runtime runc --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit nproc=4096:4096)

for tool in buildah podman debootstrap runc; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y buildah podman debootstrap runc" >&2; exit 1; }
done

step() { printf '\n== %s (%s)\n' "$1" "$(date -u +%H:%M:%S)"; }
container=""
volume="care-home-snapshots-$$"
cleanup() {
  if [ -n "$container" ]; then podman "${STORAGE[@]}" rm -f "$container" >/dev/null 2>&1 || true; fi
  podman "${STORAGE[@]}" volume rm -f "$volume" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ "${KEEP_BASE:-0}" = 1 ] && podman "${STORAGE[@]}" image exists "$BASE"; then
  step "reusing $BASE"
else
  step "debootstrap bookworm (minbase) into $WORK/rootfs"
  # What debian:bookworm-slim leaves out: documentation, manual pages and other locales.
  mkdir -p "$WORK/rootfs/etc/dpkg/dpkg.cfg.d"
  cat >"$WORK/rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
EOF
  debootstrap --variant=minbase bookworm "$WORK/rootfs" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 || { tail -20 "$WORK/debootstrap.log" >&2; exit 1; }
  # The same mirror inside the image (and its security updates), and no apt lists left behind.
  cat >"$WORK/rootfs/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  rm -rf "$WORK/rootfs/var/lib/apt/lists/"* "$WORK/rootfs/var/cache/apt/"*.bin "$WORK/rootfs/var/cache/apt/archives/"*.deb
  step "import the root file system as $BASE"
  tar -C "$WORK/rootfs" -c . | podman "${STORAGE[@]}" import --change 'CMD ["/bin/bash"]' - "$BASE" >/dev/null
  rm -rf "$WORK/rootfs"
fi

# --network host: the build's RUN steps reach Debian's mirror and the npm registry through the
# host's own network (no bridge or slirp4netns needed). --isolation chroot: no user namespace or
# cgroup set-up, which a build inside a container or a locked-down VM may not allow.
BUILD=(buildah "${STORAGE[@]}" build --network host --isolation chroot --layers --build-arg "BASE=$BASE" -f deploy/Containerfile)
# Where the host's npm trusts a CA bundle of its own (a TLS-intercepting proxy), the build's RUN
# steps get it too, mounted read-only: it is never written into a layer.
cafile="$(npm config get cafile 2>/dev/null || true)"
if [ -n "$cafile" ] && [ "$cafile" != null ] && [ -r "$cafile" ]; then
  BUILD+=(-v "$cafile:/run/build-ca.crt:ro" --build-arg NPM_CONFIG_CAFILE=/run/build-ca.crt)
fi
build() { # build <log name> <buildah arguments...>
  local log="$WORK/$1.log"; shift
  if ! "${BUILD[@]}" "$@" . >"$log" 2>&1; then tail -30 "$log" >&2; exit 1; fi
  grep -cE '^(\[[0-9]+/[0-9]+\] )?STEP' "$log" | sed 's/^/  steps: /'
}

step "build $IMAGE"
build image -t "$IMAGE"
podman "${STORAGE[@]}" image inspect "$IMAGE" --format '  size: {{.Size}} bytes'
step "build $VARNISH_IMAGE (--target varnish)"
build varnish --target varnish -t "$VARNISH_IMAGE"
podman "${STORAGE[@]}" image inspect "$VARNISH_IMAGE" --format '  size: {{.Size}} bytes'
if [ -f deploy/k8s/varnish/default.vcl ]; then
  # The cluster's VCL compiles in that image (the Service's name stands for loopback here).
  mkdir -p "$WORK/vcl" && cp deploy/k8s/varnish/default.vcl deploy/k8s/varnish/backends.vcl "$WORK/vcl/"
  podman "${STORAGE[@]}" run "${RUNTIME[@]}" --rm --network none --add-host care-home-server:127.0.0.1 --tmpfs /tmp \
    -v "$WORK/vcl:/etc/varnish:ro" "$VARNISH_IMAGE" varnishd -C -n /tmp/work -f /etc/varnish/default.vcl -p vcl_path=/etc/varnish >"$WORK/vcl.c" 2>&1 || { tail -20 "$WORK/vcl.c" >&2; exit 1; }
  echo "  deploy/k8s/varnish/default.vcl with backends.vcl compiles in $VARNISH_IMAGE"
fi

step "a snapshot from the seeds into volume $volume"
podman "${STORAGE[@]}" volume create "$volume" >/dev/null
# The same read-only root as the server: the pipeline too writes only its snapshots folder.
podman "${STORAGE[@]}" run "${RUNTIME[@]}" --rm --network none --read-only --read-only-tmpfs=false \
  -v "$volume:/app/snapshots" "$IMAGE" node --import tsx pipeline/run.ts 2>&1 | tail -3

step "run the server (read-only root, the volume its only writable path)"
# --network host with HOST=127.0.0.1: the server listens on the host's loopback only, on a free
# port, and is asked from inside the container (no published port, no bridge).
port="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })' 2>/dev/null || echo 38080)"
container="$(podman "${STORAGE[@]}" run "${RUNTIME[@]}" -d --network host --read-only --read-only-tmpfs=false \
  --cap-drop ALL --security-opt no-new-privileges \
  -e HOST=127.0.0.1 -e PORT="$port" -e WEB_CONCURRENCY=2 -e SNAPSHOT_BUILD_ON_START=false \
  -v "$volume:/app/snapshots" "$IMAGE")"
# Each probe comes from inside the container, with the image's own Node: the status, or 0.
status() {
  podman "${STORAGE[@]}" exec "$container" node -e '
    fetch(process.argv[1]).then((r) => console.log(r.status), () => console.log(0));' "http://127.0.0.1:$port$1"
}
ready=""
for _ in $(seq 1 180); do
  [ "$(podman "${STORAGE[@]}" inspect -f '{{.State.Running}}' "$container")" = true ] || break
  answer="$(status /readyz)"
  if [ "$answer" = 200 ]; then ready=/readyz; break; fi
  # Until /readyz lands on this branch, /healthz stands in.
  if [ "$answer" = 404 ] && [ "$(status /healthz)" = 200 ]; then ready=/healthz; break; fi
  sleep 1
done
if [ -z "$ready" ]; then
  echo "the server did not become ready; its log:" >&2
  podman "${STORAGE[@]}" logs "$container" 2>&1 | tail -30 >&2
  exit 1
fi
step "$ready answered 200 from inside the container"
echo "GET /api/v1: $(status /api/v1)"
echo "user: $(podman "${STORAGE[@]}" exec "$container" id -u), root file system: read-only"
echo "writable outside the snapshots folder (should be none):"
podman "${STORAGE[@]}" exec "$container" sh -c 'for d in /app /app/serve /tmp /var/tmp /nonexistent; do (touch "$d/.w" 2>/dev/null && echo "  $d" && rm -f "$d/.w") || true; done'
podman "${STORAGE[@]}" logs "$container" 2>&1 | grep -c '"level":"error"' | sed 's/^/error lines in the log: /' || true
echo OK
