#!/usr/bin/env bash
# The browser suite drives Debian's Chromium; install it when missing (never a Playwright download).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser suite…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
else
  echo "Chromium is missing at $browser: install it (apt-get install -y chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
