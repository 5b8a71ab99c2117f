#!/usr/bin/env bash
# Chromium from Debian's packages for the browser tests (Playwright launches it by path;
# its own browser download cannot be reached).
#
#   eval "$(.ci/chromium.sh)"      # install if missing, print the export
#
# Prints  export TOTENBLATT_CHROMIUM=/usr/bin/chromium  on standard output (progress on
# standard error). Installing needs root; as a normal user Chromium must be there already.
set -euo pipefail

CI_NAME=chromium.sh
# shellcheck source=.ci/debian.sh
. "$(dirname "$0")/debian.sh"

find_chromium() {
    for name in chromium chromium-browser; do
        if command -v "$name" >/dev/null 2>&1; then
            command -v "$name"
            return 0
        fi
    done
    return 1
}

if ! path=$(find_chromium); then
    install_packages Chromium chromium fonts-dejavu-core
    path=$(find_chromium)
fi
log "using $("$path" --version 2>/dev/null | head -n 1)"
echo "export TOTENBLATT_CHROMIUM=$path"
