#!/usr/bin/env bash
# Runs the same mpiJava program (../shared/bench/MpiJavaBench.java) on MPJ, on MPJ Express and
# natively on Open MPI, one after the other, so their tables can be read side by side.
#   benchmarks/scripts/compare.sh TEST NP [max_bytes] [which...]
#   TEST: pingpong | bcast | allreduce | allgather | alltoall | barrier
#   which: any of mpj mpjexpress openmpi (default: all three)
# MPJ must be built first (mvn -q -B package -DskipTests). MPJ Express and Open MPI are installed
# from Debian's packages by the shared scripts on first use.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
shared="${MPJ_SHARED:-$root/../shared}"
test=${1:?TEST}; np=${2:?NP}; max=${3:-4194304}; shift $(( $# < 3 ? $# : 3 ))
which=("$@"); [ ${#which[@]} -gt 0 ] || which=(mpj mpjexpress openmpi)
out="$root/benchmarks/target/mpijavabench"
mkdir -p "$out"
core=$(ls "$root"/mpj-core/target/mpj-core-*.jar | head -n 1)
[ "$out/MpiJavaBench.class" -nt "$shared/bench/MpiJavaBench.java" ] || javac -nowarn -cp "$core" -d "$out" "$shared/bench/MpiJavaBench.java"
for w in "${which[@]}"; do
  echo "## $w: $test, $np ranks"
  case $w in
    mpj) "$root/bin/mpjrun" -np "$np" -cp "$out" MpiJavaBench "$test" "$max" ;;
    mpjexpress) "$shared/bench/mpjexpress.sh" "$test" "$np" "$max" ;;
    openmpi) "$shared/bench/openmpi.sh" "$test" "$np" "$max" ;;
    *) echo "unknown implementation '$w' (mpj, mpjexpress, openmpi)" >&2; exit 2 ;;
  esac
done
