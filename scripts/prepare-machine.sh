#!/usr/bin/env bash
# Started by `npm test` (as root, on CI) in the background while the first suites run: what the
# browser and container tests need from Debian's packages and the network (Chromium, Docker,
# debootstrap's base image, the PostgreSQL image) mostly waits on downloads, so it is fetched while
# the CPU runs tests instead of in line before those tests. Each step takes the same lock as when the
# tests call it themselves, which then wait for it or find it done.
#   scripts/prepare-machine.sh [--container]
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
if [ "${1:-}" = "--container" ]; then
  bash scripts/container/ensure-docker.sh &&
    bash scripts/container/base-image.sh &&
    bash scripts/container/postgres-image.sh
fi
