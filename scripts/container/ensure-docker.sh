#!/usr/bin/env bash
# What the container test needs on a Debian machine: Debian's docker.io (the engine), debootstrap and
# docker-compose 1.29, installed when missing (as root), and a running dockerd.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../machine-setup-lock.sh"
missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v docker-compose >/dev/null || missing+=(docker-compose)
if ((${#missing[@]})); then
  echo "installing ${missing[*]} from Debian's packages …"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null ||
    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null; }
fi
if ! docker info >/dev/null 2>&1; then
  echo "starting dockerd …"
  # without the setup lock (fd 9), which the daemon would otherwise hold for its whole life
  (setsid dockerd >/var/log/junction-dockerd.log 2>&1 9>&- &)
  for _ in $(seq 1 240); do docker info >/dev/null 2>&1 && break; sleep 0.25; done
  docker info >/dev/null 2>&1 || { tail -20 /var/log/junction-dockerd.log; exit 1; }
fi
echo "docker engine $(docker version --format '{{.Server.Version}}')"
