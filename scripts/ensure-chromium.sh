#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/machine-setup-lock.sh"
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
else
  echo "The browser tests need /usr/bin/chromium: run 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
