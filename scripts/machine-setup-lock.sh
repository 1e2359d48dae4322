# Sourced by the machine-setup scripts (ensure-chromium.sh, container/*.sh): one setup at a time.
# `npm test` starts them in the background (scripts/prepare-machine.sh) while the suites that need them
# may ask too, and apt and dpkg take one caller at a time. The lock is fd 9, held until the script exits;
# a daemon a script starts must be started with `9>&-`.
exec 9>"/tmp/junction-machine-setup.$(id -u).lock"
flock 9
