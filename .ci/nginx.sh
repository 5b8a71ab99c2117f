#!/usr/bin/env bash
# nginx from Debian's packages for the test that runs it in front of several servers.
#
#   eval "$(.ci/nginx.sh)"      # install if missing, print the export
#
# Prints  export TOTENBLATT_NGINX=/usr/sbin/nginx  on standard output (progress on
# standard error). Installing needs root; as a normal user nginx must be there already.
# The package's own service is never started: the test runs the binary with its own
# configuration on loopback.
set -euo pipefail

CI_NAME=nginx.sh
# shellcheck source=.ci/debian.sh
. "$(dirname "$0")/debian.sh"

find_nginx() {
    for candidate in /usr/sbin/nginx "$(command -v nginx 2>/dev/null || true)"; do
        if [ -n "$candidate" ] && [ -x "$candidate" ]; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

if ! path=$(find_nginx); then
    # the package would start its service on port 80: policy-rc.d forbids that while installing
    restore=""
    if [ "$(id -u)" = 0 ] && [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        restore=1
    fi
    install_packages nginx nginx-light \
        || apt-get install -y --no-install-recommends nginx >&2
    if [ -n "$restore" ]; then
        rm -f /usr/sbin/policy-rc.d
    fi
    path=$(find_nginx)
fi
log "using $("$path" -v 2>&1 | head -n 1)"
echo "export TOTENBLATT_NGINX=$path"
