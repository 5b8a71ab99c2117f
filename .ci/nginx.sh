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

log() { echo "nginx.sh: $*" >&2; }

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
    if [ "$(id -u)" != 0 ]; then
        log "nginx is not installed and installing it needs root"
        exit 1
    fi
    log "installing nginx from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    # the package would start its service on port 80: policy-rc.d forbids that while installing
    restore=""
    if [ ! -e /usr/sbin/policy-rc.d ]; then
        printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
        chmod 755 /usr/sbin/policy-rc.d
        restore=1
    fi
    apt-get update >&2
    apt-get install -y --no-install-recommends nginx-light >&2 \
        || apt-get install -y --no-install-recommends nginx >&2
    if [ -n "$restore" ]; then
        rm -f /usr/sbin/policy-rc.d
    fi
    path=$(find_nginx)
fi
log "using $("$path" -v 2>&1 | head -n 1)"
echo "export TOTENBLATT_NGINX=$path"
