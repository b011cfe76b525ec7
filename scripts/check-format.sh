#!/usr/bin/env bash
# Fails when a C++ file of ours is not formatted as .clang-format says (clang-format --dry-run
# --Werror). Files: every tracked *.cpp and *.h under src/, ui/, app/ and tests/ (generated and
# third-party files are not tracked there). Fix with: scripts/check-format.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."

CLANG_FORMAT=${CLANG_FORMAT:-clang-format}
if ! command -v "$CLANG_FORMAT" >/dev/null; then
    echo "check-format: $CLANG_FORMAT not found (scripts/install-deps.sh --tests installs it)" >&2
    exit 2
fi

mapfile -t files < <(git ls-files -- 'src/*.cpp' 'src/*.h' 'ui/*.cpp' 'ui/*.h' 'app/*.cpp' \
    'app/*.h' 'tests/*.cpp' 'tests/*.h')
if [ "${1:-}" = "--fix" ]; then
    printf '%s\0' "${files[@]}" | xargs -0 -n 50 "$CLANG_FORMAT" -i --style=file
    exit 0
fi

# --Werror turns every would-be change into an error naming file and line; keep only the first
# lines of the report so a whole unformatted tree does not flood the log.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if printf '%s\0' "${files[@]}" |
    xargs -0 -n 50 "$CLANG_FORMAT" --dry-run --Werror --style=file 2>"$log"; then
    echo "check-format: ${#files[@]} files formatted as .clang-format says"
    exit 0
fi
bad=$(grep -oE '^[^:]+\.(cpp|h):[0-9]+:[0-9]+: error' "$log" | cut -d: -f1 | sort -u)
echo "check-format: $(echo "$bad" | wc -l) of ${#files[@]} files need clang-format:" >&2
echo "$bad" | head -40 >&2
echo "(first findings below; run scripts/check-format.sh --fix to apply)" >&2
head -30 "$log" >&2
exit 1
