#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
# one machine setup at a time: `npm test` starts them in the background (scripts/prepare-machine.sh)
# while the suites that need them may ask too; apt and dpkg take one caller at a time
exec 9>"/tmp/junction-machine-setup.$(id -u).lock"
flock 9
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
else
  echo "The browser tests need /usr/bin/chromium: run 'sudo apt-get install -y chromium'." >&2
  exit 1
fi
