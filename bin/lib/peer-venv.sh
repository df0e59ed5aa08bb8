#!/usr/bin/env bash
# Sets up python-blosc2 (the live peer of the interop tests) in build/peer-venv, once,
# and prints the path of its python. Prints nothing and fails when it cannot be installed.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/../.." && pwd)
venv="$root/build/peer-venv"
py="$venv/bin/python"
if [ -x "$py" ] && "$py" -c 'import blosc2, numpy' 2>/dev/null; then echo "$py"; exit 0; fi
pip_local="$root/../shared/tools/pip-local"
command -v python3 >/dev/null 2>&1 || { echo "peer-venv: no python3" >&2; exit 1; }
rm -rf "$venv"
python3 -m venv "$venv" >&2
if [ -x "$pip_local" ]; then
  "$pip_local" --python "$py" blosc2 numpy >&2
else
  "$py" -m pip install -q blosc2 numpy >&2
fi
"$py" -c 'import blosc2, numpy' >&2
echo "$py"
