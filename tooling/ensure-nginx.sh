#!/usr/bin/env bash
# The scale-out test (bench/scale-out.mjs) puts Debian's nginx in front of two instances; install it
# when missing. Only the binary is used: nginx runs with its own prefix and configuration, never the
# system's (the package's own service is not started in containers).
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then exit 0; fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's nginx for the scale-out test…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
else
  echo "nginx is missing: install it (apt-get install -y nginx) or set NGINX to its path." >&2
  exit 1
fi
