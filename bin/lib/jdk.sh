# Sourced by the project's scripts: finds a JDK >= 22 and exports JAVA_HOME and JAVA.
# Order: $JAVA_HOME, then the system JVM directory (/usr/lib/jvm), then `java` on PATH.

blosc2_jdk_major() { # prints the feature version of the JDK at $1, or nothing
  local release="$1/release" v
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 0
  if [ -f "$release" ]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$release")
  else
    v=$("$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)
  fi
  echo "$v"
}

blosc2_find_jdk() {
  local candidates=() c major best="" best_major=0
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  for c in /usr/lib/jvm/*/ /usr/lib/jvm/*; do [ -d "$c" ] && candidates+=("${c%/}"); done
  if command -v javac >/dev/null 2>&1; then
    candidates+=("$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")")
  fi
  for c in "${candidates[@]}"; do
    major=$(blosc2_jdk_major "$c")
    [ -n "$major" ] || continue
    if [ "$major" -ge 22 ]; then
      # JAVA_HOME wins when it qualifies; otherwise take the newest JDK found.
      if [ -n "${JAVA_HOME:-}" ] && [ "$c" = "$JAVA_HOME" ]; then best=$c; break; fi
      if [ "$major" -gt "$best_major" ]; then best=$c; best_major=$major; fi
    fi
  done
  if [ -z "$best" ]; then
    echo "blosc2: no JDK 22 or newer found (looked at JAVA_HOME and /usr/lib/jvm). Install one, or point JAVA_HOME at it." >&2
    return 1
  fi
  export JAVA_HOME="$best"
  export JAVA="$best/bin/java"
}

BLOSC2_RUNTIME_FLAGS=(--add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED)
