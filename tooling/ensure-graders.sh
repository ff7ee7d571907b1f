#!/usr/bin/env bash
# The native graders (issue 30) need bubblewrap (the sandbox), Go and Java (OpenJDK 17) from Debian's
# packages; Python 3 comes with Debian. Installs what is missing when root with apt-get (as CI and a
# fresh academy machine are); elsewhere says what to install. Without bubblewrap the server refuses
# to grade Java, Go and Python (it never runs them unsandboxed); the other kinds work as before.
set -uo pipefail
missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
[ -x /usr/bin/go ] || missing+=(golang-go)
[ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/javac ] || missing+=(openjdk-17-jdk-headless)
[ -x /usr/bin/python3 ] || missing+=(python3)
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's ${missing[*]} for the code graders…"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; } || {
    echo "Could not install ${missing[*]}: Java, Go and Python tasks will not be graded." >&2
    exit 1
  }
else
  echo "Missing for the code graders: ${missing[*]} (apt-get install -y ${missing[*]}). Java, Go and Python tasks are not graded until then." >&2
  exit 1
fi
