#!/usr/bin/env bash
# Compares this build's speed with another commit's, figure by figure, so a slip is seen by
# whoever causes it.
#
#   scripts/bench-compare.sh BASE_REF [--rounds N] [--only LIST] [--lines N] [--points N]
#
# BASE_REF is built in a folder of its own (a detached git worktree under build/bench-compare/,
# RelWithDebInfo, only the programs the benchmarks need; ccache makes a rebuild cheap), this tree
# in build/ci (BENCH_BUILD overrides). Then each benchmark runs N rounds (default 3), base and
# ours in turn, who goes first alternating round by round: on a shared machine only interleaved
# figures compare. Each figure is the median of the rounds; the table ends with ours / base.
#
# LIST (comma-separated, default all): search (bench_search --lines N, 10,000,000 lines: the Logs
# tab's search and filter against grep), validate (bench_validate), launch (bench_launch 15 sh
# and 9 python, the two builds' trainyard interleaved inside one run; against the shell that
# waits for every exec, and the same shell giving each child a session of its own), metrics
# (`trainyard jobs metrics` of 2 x N points, default 10,000,000, CSV and JSON, same store).
# The machine's load (uptime) is printed before and after: repeat when it was high.
set -euo pipefail

usage() {
    sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

[ $# -ge 1 ] || usage
base_ref=$1
shift
rounds=3
only=search,validate,launch,metrics
lines=10000000
points=10000000
while [ $# -gt 0 ]; do
    case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --lines) lines=$2; shift 2 ;;
    --points) points=$2; shift 2 ;;
    *) usage ;;
    esac
done
wants() { [[ ",$only," == *",$1,"* ]]; }

root=$(git rev-parse --show-toplevel)
cd "$root"
base=$(git rev-parse --verify "$base_ref^{commit}")
short=$(git rev-parse --short "$base")
ours_build=${BENCH_BUILD:-$root/build/ci}
work=$root/build/bench-compare
base_src=$work/$short
base_build=$base_src/build
mkdir -p "$work"

log() { printf '%s\n' "$*" >&2; }

# --- builds -------------------------------------------------------------------------------
targets=(trainyard)
wants search && targets+=(bench_search)
wants validate && targets+=(bench_validate)
wants launch && targets+=(bench_launch)
wants metrics && targets+=(bench_jobsmetrics)

if [ ! -e "$base_src/.git" ]; then
    log "bench-compare: a worktree of $short in $base_src"
    git worktree add --detach "$base_src" "$base" >/dev/null
fi
git -C "$base_src" checkout -q --detach "$base"
cmake -S "$base_src" -B "$base_build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
base_targets=()
available=$(ninja -C "$base_build" -t targets all | cut -d: -f1)
for t in "${targets[@]}"; do
    grep -qx "$t" <<<"$available" && base_targets+=("$t")
done
log "bench-compare: building ${base_targets[*]} of $short"
nice ninja -C "$base_build" -j2 "${base_targets[@]}" >/dev/null
if [ -z "${BENCH_BUILD:-}" ]; then
    cmake --preset ci >/dev/null
fi
log "bench-compare: building ${targets[*]} of this tree in $ours_build"
nice cmake --build "$ours_build" -- -j2 "${targets[@]}" >/dev/null

program() { find "$1" -name "$2" -type f -perm -u+x -not -path '*/CMakeFiles/*' | head -1; }
base_bin=$(program "$base_build" trainyard)
ours_bin=$(program "$ours_build" trainyard)

# --- figures ------------------------------------------------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
declare -A unit better
names=()

key() { tr -c 'A-Za-z0-9\n' '_' <<<"$1"; }
# record NAME SIDE VALUE [UNIT] [lower|higher]: one round's figure.
record() {
    [ -n "$3" ] || return 0
    local k
    k=$(key "$1")
    if [ ! -e "$tmp/$k.base" ] && [ ! -e "$tmp/$k.ours" ]; then
        names+=("$1")
        unit[$1]=${4:-}
        better[$1]=${5:-lower}
    fi
    echo "$3" >>"$tmp/$k.$2"
}
median() { [ -s "$1" ] && sort -g "$1" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
# first NUMBER after PATTERN in TEXT
after() { grep -oE "$2 *[0-9.]+" <<<"$1" | head -1 | grep -oE '[0-9.]+$' || true; }

load() { cut -d' ' -f1-3 /proc/loadavg; }
log "bench-compare: $short (base) against $(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes') (ours), $rounds rounds; load $(load)"

run_validate() { # SIDE BUILD
    local out
    out=$("$(program "$2" bench_validate)")
    local valid broken
    valid=$(grep 'valid large spec' <<<"$out")
    broken=$(grep 'broken large spec' <<<"$out")
    record "validate: valid spec, median" "$1" "$(after "$valid" 'median')" µs
    record "validate: broken spec, median" "$1" "$(after "$broken" 'median')" µs
    record "validate: valid spec, CPU per call" "$1" "$(after "$valid" 'CPU')" µs
    record "validate: broken spec, CPU per call" "$1" "$(after "$broken" 'CPU')" µs
}

run_search() { # SIDE BUILD
    local out a b
    out=$("$(program "$2" bench_search)" --lines "$lines" --runs 5 2>/dev/null)
    a=$(grep '^(a)' <<<"$out")
    b=$(grep '^(b)' <<<"$out")
    record "search: grep -F" "$1" "$(after "$a" 'grep -F')" s
    record "search: Logs tab search + jump" "$1" "$(after "$a" 'search \+ jump')" s
    record "search: Logs tab / grep -F" "$1" "$(grep -oE 'jump [0-9.]+ s \([0-9.]+x' <<<"$a" | grep -oE '[0-9.]+x' | tr -d x)" x
    record "search: engine alone / grep -F" "$1" "$(grep -oE 'alone [0-9.]+ s \([0-9.]+x' <<<"$a" | grep -oE '[0-9.]+x' | tr -d x)" x
    record "filter: grep -E -c" "$1" "$(after "$b" 'grep -E -c')" s
    record "filter: filtered view complete" "$1" "$(after "$b" 'view complete')" s
    record "filter: filtered view / grep -E -c" "$1" "$(grep -oE 'complete [0-9.]+ s \([0-9.]+x' <<<"$b" | grep -oE '[0-9.]+x' | tr -d x)" x
}

run_metrics() { # SIDE PROGRAM
    local format start end
    for format in csv json; do
        start=$(date +%s.%N)
        TRAINYARD_HOME=$tmp/metrics-store "$2" jobs metrics big --format=$format >/dev/null
        end=$(date +%s.%N)
        record "jobs metrics --format=$format" "$1" \
            "$(awk -v s="$start" -v e="$end" -v n="$points" 'BEGIN {printf "%.2f", 2 * n / (e - s) / 1e6}')" \
            "M points/s" higher
    done
}

if wants metrics; then
    log "bench-compare: a store of 2 x $points points"
    "$(program "$ours_build" bench_jobsmetrics)" --points "$points" --runs 1 \
        --store "$tmp/metrics-store" >/dev/null
    cmp -s <(TRAINYARD_HOME=$tmp/metrics-store "$base_bin" jobs metrics big --format=csv) \
        <(TRAINYARD_HOME=$tmp/metrics-store "$ours_bin" jobs metrics big --format=csv) ||
        log "bench-compare: NOTE: the two builds' CSV differ"
    cmp -s <(TRAINYARD_HOME=$tmp/metrics-store "$base_bin" jobs metrics big --format=json) \
        <(TRAINYARD_HOME=$tmp/metrics-store "$ours_bin" jobs metrics big --format=json) ||
        log "bench-compare: NOTE: the two builds' JSON differ"
fi

for ((round = 0; round < rounds; ++round)); do
    if ((round % 2 == 0)); then order=(base ours); else order=(ours base); fi
    log "bench-compare: round $((round + 1)) of $rounds (${order[*]} first), load $(load)"
    for side in "${order[@]}"; do
        build=$base_build
        bin=$base_bin
        [ "$side" = ours ] && build=$ours_build && bin=$ours_bin
        if wants validate; then run_validate "$side" "$build"; fi
        if wants search; then run_search "$side" "$build"; fi
        if wants metrics; then run_metrics "$side" "$bin"; fi
    done
    if wants launch; then
        # One bench_launch run drives both programs, alternating inside it.
        for trainer in "15 sh" "9 python"; do
            out=$(BENCH_LAUNCH_COMPARE=$base_bin "$(program "$ours_build" bench_launch)" $trainer)
            kind=${trainer#* }
            record "launch ($kind): all RUNNING" ours "$(after "$(grep 'RUNNING: median' <<<"$out")" 'median')" ms
            record "launch ($kind): all RUNNING" base "$(after "$(grep 'compared build' <<<"$out")" 'median')" ms
            record "launch ($kind): / shell that waits for every exec" ours \
                "$(after "$(grep "exec'd their trainer" <<<"$out")" 'ratio')" x
            shell_execd=$(after "$(grep "exec'd their trainer" <<<"$out")" 'median')
            base_ms=$(after "$(grep 'compared build' <<<"$out")" 'median')
            record "launch ($kind): / shell that waits for every exec" base \
                "$(awk -v a="$base_ms" -v b="$shell_execd" 'BEGIN {if (b > 0) printf "%.2f", a / b}')" x
            # The same shell with each child in a session of its own, as every replica is.
            sessions=$(grep 'session of its own' <<<"$out" || true)
            if [ -n "$sessions" ]; then
                shell_sessions=$(after "$sessions" 'median')
                record "launch ($kind): / the same, a session per child" ours \
                    "$(after "$sessions" 'ratio')" x
                record "launch ($kind): / the same, a session per child" base \
                    "$(awk -v a="$base_ms" -v b="$shell_sessions" 'BEGIN {if (b > 0) printf "%.2f", a / b}')" x
            fi
        done
    fi
done
log "bench-compare: done, load $(load)"

printf '\n%-52s %12s %12s %8s\n' "figure (median of $rounds rounds)" "$short" "ours" "ours/base"
for name in "${names[@]}"; do
    b=$(median "$tmp/$(key "$name").base" || true)
    o=$(median "$tmp/$(key "$name").ours" || true)
    ratio=$(awk -v b="${b:-0}" -v o="${o:-0}" 'BEGIN {if (b > 0 && o > 0) printf "%.2f", o / b; else printf "-"}')
    printf '%-52s %12s %12s %8s  %s%s\n' "$name" "${b:--}" "${o:--}" "$ratio" "${unit[$name]}" \
        "$([ "${better[$name]}" = higher ] && echo ', higher is better')"
done
