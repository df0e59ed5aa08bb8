#!/usr/bin/env bash
# Runs the JMH benchmarks (benchmarks/target/benchmarks.jar, built first when missing or stale) against the
# C-Blosc2 baseline. Every argument goes to JMH, e.g.:
#   benchmarks/run.sh -l                                   # list the benchmarks
#   benchmarks/run.sh ChunkBenchmark -p impl=c -rf json -rff c.json
#   benchmarks/run.sh KernelBenchmark -f 1 -wi 2 -i 3 -w 1s -r 1s
# The C library (libblosc2 of python-blosc2) is found, in order, from: BLOSC2_CLIB (the library file),
# BLOSC2_PYTHON (a venv's python), build/peer-venv under the repository root (bin/lib/peer-venv.sh makes it).
# Extra JVM options for the benchmark JVMs: BENCH_JVM_ARGS. GB/s from a JSON result: benchmarks/gbps.py FILE.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
. "$root/bin/lib/jdk.sh"
blosc2_find_jdk
jar="$root/benchmarks/target/benchmarks.jar"

stale() { [ -n "$(find "$root" -path "$root/*/target" -prune -o -path "$root/build" -prune -o \
  \( -name '*.java' -o -name pom.xml \) -newer "$jar" -print -quit)" ]; }
if [ ! -f "$jar" ] || stale; then
  echo "run.sh: building $jar (./mvnw package -pl benchmarks -am, tests skipped)..." >&2
  (cd "$root" && ./mvnw -q -B -Dmaven.test.skip=true package -pl benchmarks -am >&2) || {
    echo "run.sh: the build failed; run ./mvnw package -pl benchmarks -am in $root to see why" >&2; exit 1; }
fi

venv_lib() { # prints the libblosc2 of the venv at $1, if any
  local f
  for f in "$1"/lib/python3.*/site-packages/blosc2/lib/libblosc2.so "$1"/lib/python3.*/site-packages/blosc2/lib/libblosc2.so.*; do
    [ -f "$f" ] && { echo "$f"; return 0; }
  done
  return 0
}
clib=""
if [ -n "${BLOSC2_CLIB:-}" ]; then
  [ -f "$BLOSC2_CLIB" ] || { echo "run.sh: BLOSC2_CLIB=$BLOSC2_CLIB is not a file" >&2; exit 1; }
  clib=$BLOSC2_CLIB
elif [ -n "${BLOSC2_PYTHON:-}" ]; then
  clib=$(venv_lib "$(dirname "$(dirname "$BLOSC2_PYTHON")")")
  [ -n "$clib" ] || { echo "run.sh: no blosc2/lib/libblosc2.so* in the venv of BLOSC2_PYTHON=$BLOSC2_PYTHON" >&2; exit 1; }
else
  clib=$(venv_lib "$root/build/peer-venv")
fi
clib_arg=""
if [ -n "$clib" ]; then
  clib_arg="-Dblosc2.clib=$clib"
  echo "run.sh: JDK $JAVA_HOME; C-Blosc2 $clib" >&2
else
  echo "run.sh: C-Blosc2 not found: the impl=c benchmarks will fail. Run bin/lib/peer-venv.sh (sets up" \
       "build/peer-venv), or set BLOSC2_PYTHON=<venv>/bin/python or BLOSC2_CLIB=/path/to/libblosc2.so" >&2
fi

exec "$JAVA" -jar "$jar" -jvmArgsAppend "${BLOSC2_RUNTIME_FLAGS[*]} $clib_arg ${BENCH_JVM_ARGS:-}" "$@"
