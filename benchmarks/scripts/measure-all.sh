#!/usr/bin/env bash
# The measurement campaign of the benchmark report, one step after the other, into
# benchmarks/target/results (or $OUT): ping-pong models on shm and tcp, PLogP, MPJ beside Open MPI at
# 2, 4 and 8 ranks, the exhaustive and model-seeded autotuning runs and the verification of the tuned
# table, Getov's strided test, and the charts and Markdown report. Build first:
#   mvn -q -B package -DskipTests && benchmarks/scripts/measure-all.sh
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
out=${OUT:-$root/benchmarks/target/results}
mkdir -p "$out"
mpjrun="$root/bin/mpjrun" cp="$root/benchmarks/target/classes" bench="$root/benchmarks/scripts/bench"
step() { echo; echo "=== $(date -u +%H:%M:%S) $*"; }

for dev in shm tcp; do
  step "ping-pong models, $dev"
  # 20 000 warm-up round trips, as the README asks of thread ranks under C2 alone: with the default few
  # hundred the small sizes were fitted from interpreted code (shm t0 2.8 us against 0.5).
  "$mpjrun" -np 2 --dev "$dev" -cp "$cp" org.mpj.bench.Suite --tests pingpong --types byte,double --sizes models \
    --warmup 20000 --label "$dev" --csv "$out/pingpong-$dev.csv" --quiet
  step "PLogP, $dev, 4 ranks"
  "$mpjrun" -np 4 --dev "$dev" -cp "$cp" org.mpj.bench.PLogPMeasure --sizes models --reps 200 --csv "$out/plogp-$dev.csv" 2>/dev/null \
    | tee "$out/plogp-$dev.txt"
done

step "Getov strided"
"$mpjrun" -np 2 -cp "$cp" org.mpj.bench.GetovStrided 8-1M:4 1000 2>/dev/null | tee "$out/getov.txt"

for np in 2 4 8; do
  step "MPJ beside Open MPI, $np ranks"
  # --warmup 20000 for the same reason as the ping-pong models: thread ranks run C2 alone (README).
  "$root/benchmarks/scripts/native.sh" "$np" --tests pingpong,bcast,allreduce,allgather,alltoall \
    --types byte --sizes 0-1M:4 --reps 200 --warmup 20000 --stat median > "$out/native-$np.txt" 2>/dev/null
  sed -n '/Side by side/,$p' "$out/native-$np.txt"
  cp "$root"/benchmarks/target/native/*-shm-"$np".csv "$out/"
done

step "autotune: exhaustive"
"$bench" Autotune --ranks 2-8 --oversubscribe --sizes 0-1M:4 --reps 50 --rounds 2 --out "$out/tune"
step "autotune: model-seeded"
"$bench" Autotune --mode model --plogp "$out/plogp-shm.csv" --exhaustive "$out/tune/measurements.csv" \
  --ranks 2-8 --oversubscribe --sizes 0-1M:4 --reps 50 --rounds 2 --out "$out/tune"
step "autotune: verify the exhaustive table"
"$bench" Autotune --mode verify --table "$out/tune/collectives.properties" --ranks 2,3,4,8 --oversubscribe \
  --primitives bcast,allgather,alltoall,allreduce,barrier --sizes 0-1M:4 --reps 50 --rounds 2 --out "$out/tune" | tail -3

step "report"
"$bench" Report --out "$out/report" --table "$out/tune/collectives.properties" --plogp "$out/plogp-shm.csv" \
  "$out/pingpong-shm.csv" "$out/pingpong-tcp.csv" "$out/tune/measurements.csv"
echo "report: $out/report/report.md"
