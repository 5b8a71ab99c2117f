# shellcheck shell=bash
# What the .ci scripts share: their log line and installing Debian's packages as root.
# Sourced after setting CI_NAME (the script's name in its log lines).

log() { echo "$CI_NAME: $*" >&2; }

# install_packages WHAT PACKAGE...: install PACKAGE... for WHAT from Debian's packages
# (apt-get update first); without root, say that WHAT is missing and stop.
install_packages() {
    local what=$1
    shift
    if [ "$(id -u)" != 0 ]; then
        log "$what is not installed and installing it needs root"
        exit 1
    fi
    log "installing $what from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update >&2
    apt-get install -y --no-install-recommends "$@" >&2
}
