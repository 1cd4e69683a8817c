#!/usr/bin/env bash
# MPJ beside native Open MPI: runs the same suite (org.mpj.bench.Suite, and benchmarks/native/mpi_suite.c
# built with mpicc) with the same arguments, prints both tables and then one table side by side.
#   benchmarks/scripts/native.sh NP [SUITE-ARGS...]
#   e.g. benchmarks/scripts/native.sh 4 --tests pingpong,bcast,allreduce,allgather,alltoall --sizes 0-1M:4 --warmup 20000
# (thread ranks run C2 alone: without that warm-up the small sizes time partly interpreted code; README)
# DEV=tcp compares MPJ's tcp device with Open MPI's tcp transport (default: shm vs Open MPI's vader).
# Writes benchmarks/target/native/{mpj,openmpi}-NP.csv. Build MPJ first: mvn -q -B package -DskipTests.
# Installs Open MPI from Debian's packages when mpicc is missing (needs root and apt).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
np=${1:?"usage: native.sh NP [SUITE-ARGS...]"}; shift
dev=${DEV:-shm}
case $dev in
  shm) btl="self,vader" ;;
  tcp) btl="self,tcp" ;;
  *) echo "native.sh: DEV must be shm or tcp, not '$dev'" >&2; exit 2 ;;
esac
if ! command -v mpicc >/dev/null; then
  echo "native.sh: installing Open MPI (openmpi-bin, libopenmpi-dev)" >&2
  (apt-get update -qq && apt-get install -y -qq openmpi-bin libopenmpi-dev) >/dev/null
fi
out="$root/benchmarks/target/native"
mkdir -p "$out"
bin="$out/mpi_suite"
[ "$bin" -nt "$root/benchmarks/native/mpi_suite.c" ] || mpicc -O2 -Wall -o "$bin" "$root/benchmarks/native/mpi_suite.c"
mpj_csv="$out/mpj-$dev-$np.csv" ompi_csv="$out/openmpi-$dev-$np.csv"
echo "## MPJ ($dev), $np ranks"
"$root/bin/mpjrun" -np "$np" --dev "$dev" -cp "$root/benchmarks/target/classes" org.mpj.bench.Suite "$@" --label "mpj-$dev" --csv "$mpj_csv"
echo "## Open MPI ($btl), $np ranks"
mpirun --allow-run-as-root --oversubscribe -np "$np" --mca btl "$btl" --mca pml ob1 --mca btl_tcp_if_include lo \
  "$bin" "$@" --label "openmpi-$dev" --csv "$ompi_csv"
echo
echo "## Side by side: average time per call [us] (ping-pong: half round trip), $np ranks, $dev"
awk -F, 'FNR == 1 { next }
  NR == FNR { mpj[$1 "," $2 "," $5] = $8; order[++n] = $1 "," $2 "," $5; next }
  { ompi[$1 "," $2 "," $5] = $8 }
  END {
    printf "# %-16s %-7s %10s %12s %12s %10s\n", "test", "type", "bytes", "MPJ", "Open MPI", "MPJ/OMPI"
    for (i = 1; i <= n; i++) {
      k = order[i]; split(k, f, ",")
      if (k in ompi) printf "  %-16s %-7s %10d %12.2f %12.2f %10.2f\n", f[1], f[2], f[3], mpj[k], ompi[k], (ompi[k] > 0 ? mpj[k] / ompi[k] : 0)
    }
  }' "$mpj_csv" "$ompi_csv"
