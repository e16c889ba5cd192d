#!/usr/bin/env bash
# Installs the Debian packages Scrollback needs, only those that are missing.
# Usage: scripts/install-deps.sh PACKAGE...
# Not root: asks before running `sudo apt-get` when standard input is a terminal (answer n to stop).
# Not Debian (no dpkg): says which Homebrew formulas the build needs and installs nothing.
set -euo pipefail
if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "No dpkg here: install the C libraries yourself, e.g. brew install cmark-gfm utf8proc libzip openssl@3 libmicrohttpd pkg-config" >&2
  exit 0
fi
missing=()
for package in "$@"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" != 0 ]; then
  sudo="sudo"
  echo "Scrollback needs these Debian packages: ${missing[*]}" >&2
  if [ -t 0 ]; then
    read -r -p "Install them with 'sudo apt-get install'? [Y/n] " answer
    case "$answer" in
      [nN]*) echo "Not installed; install them yourself, then run make again." >&2; exit 1 ;;
    esac
  fi
fi
echo "Installing ${missing[*]} (apt-get)..." >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
