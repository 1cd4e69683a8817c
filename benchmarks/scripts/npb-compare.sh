#!/usr/bin/env bash
# The NPB kernels of examples (org.mpj.examples.npb) on MPJ (shm: ranks as threads) and on MPJ Express
# 0.44 (Debian's libmpj-java, multicore device: ranks as threads), one run per kernel, implementation
# and rank count, then one table: time, Mop/s, speed-up over 1 rank and verification of each.
#   benchmarks/scripts/npb-compare.sh [CLASS] [RANKS] [KERNELS] [IMPLS]
#   CLASS    S, W, A or B (default S; not every kernel has every class)
#   RANKS    rank counts (default 1,2,4)
#   KERNELS  e.g. EP,CG (default all: every class of the package with a main, EP IS CG MG FT LU ...)
#   IMPLS    mpj and/or mpjexpress (default both)
# Lists take commas or spaces: "1 2 4" or 1,2,4.
# Environment: NPB_TIMEOUT seconds per run (default 900), NPB_JAVA_OPTS JVM options for both (e.g.
# -Xmx8g), NPB_WORK for logs and MPJ Express's build (default ${TMPDIR:-/tmp}/npb-compare).
# Builds MPJ (mvn package) when its classes are missing or older than the sources; compiles the
# kernels against MPJ Express's mpj.jar under NPB_WORK, never in the repository; installs libmpj-java
# when missing (needs root and apt). Exits 1 when a run did not verify.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
self="$root/benchmarks/scripts/npb-compare.sh"
src="$root/examples/src/main/java/org/mpj/examples/npb"
pkg=org.mpj.examples.npb
work=${NPB_WORK:-${TMPDIR:-/tmp}/npb-compare}
timeout_s=${NPB_TIMEOUT:-900}
die() { echo "npb-compare: $*" >&2; exit 2; }
say() { echo "npb-compare: $*" >&2; }
list() { echo "${1//,/ }"; }

cls=$(echo "${1:-S}" | tr '[:lower:]' '[:upper:]')
read -r -a ranks <<< "$(list "${2:-1,2,4}")"
read -r -a kernels <<< "$(list "${3:-all}")"
read -r -a impls <<< "$(list "${4:-mpj,mpjexpress}")"
[[ $cls =~ ^[A-Z]$ ]] || die "CLASS must be one letter (S, W, A, B), not '$cls'"
[[ $timeout_s =~ ^[1-9][0-9]*$ ]] || die "NPB_TIMEOUT must be a positive number of seconds, not '$timeout_s'"
[ ${#ranks[@]} -gt 0 ] || die "RANKS is empty"
for np in "${ranks[@]}"; do
  [[ $np =~ ^[1-9][0-9]*$ ]] || die "rank count '$np' is not a positive integer"
done
for impl in "${impls[@]}"; do
  case $impl in mpj | mpjexpress) ;; *) die "unknown implementation '$impl' (mpj, mpjexpress)" ;; esac
done

# Kernels: the classes of the package that have a main, in NPB's order, others after them.
mapfile -t found < <(grep -l 'static void main' "$src"/*.java | xargs -n 1 basename | sed 's/\.java$//')
available=()
for k in EP IS CG MG FT LU SP BT; do
  [[ " ${found[*]} " == *" $k "* ]] && available+=("$k")
done
for k in "${found[@]}"; do
  [[ " ${available[*]} " == *" $k "* ]] || available+=("$k")
done
if [ "${kernels[*]}" = all ]; then
  kernels=("${available[@]}")
fi
for i in "${!kernels[@]}"; do
  kernels[i]=$(echo "${kernels[i]}" | tr '[:lower:]' '[:upper:]')
  [[ " ${available[*]} " == *" ${kernels[i]} "* ]] || die "unknown kernel '${kernels[i]}' (${available[*]})"
done
mkdir -p "$work/logs"

# MPJ: the reactor's build, redone when a source under */src/main is newer than the last build.
build_mpj() {
  local stamp="$root/examples/target/npb-compare.stamp"
  if [ -f "$stamp" ] && [ -f "$root/mpj-runtime/target/mpj-runtime.jar" ] \
      && [ -z "$(find "$root"/*/src/main -newer "$stamp" -type f -print -quit)" ]; then
    return
  fi
  say "building MPJ (mvn -q -B -pl mpj-runtime,examples -am package -DskipTests)"
  (cd "$root" && mvn -q -B -pl mpj-runtime,examples -am package -DskipTests) >&2
  touch "$stamp"
}

# MPJ Express: Debian's package, and a home (lib/, conf/) for MPJRun under $work.
mpjx_lib=/usr/share/mpj/lib
jars=/usr/share/java
mpjx_home="$work/mpjexpress-home"
mpjx_classes="$work/mpjexpress-classes"
setup_mpjexpress() {
  if [ ! -f "$mpjx_lib/starter.jar" ] || [ ! -f "$jars/log4j-1.2.jar" ]; then
    local pkgs="libmpj-java liblog4j1.2-java libcommons-cli-java libcommons-io-java libcommons-codec-java"
    [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null \
      || die "MPJ Express is missing; install it with: apt-get install $pkgs"
    say "installing MPJ Express ($pkgs)"
    (apt-get update -qq && apt-get install -y -qq $pkgs) >/dev/null
  fi
  mkdir -p "$mpjx_home/lib"
  ln -sf "$mpjx_lib"/*.jar "$mpjx_home/lib/"
  [ -d "$mpjx_home/conf" ] || cp -rL "$mpjx_lib/../conf" "$mpjx_home/"
  build_mpjexpress
}

# The kernels compiled against MPJ Express's mpj.jar, from a copy of the sources. MPJ Express 0.44
# rejects MPI.PROC_NULL as a rank in every point-to-point call (mpjdev.javampjdev.Comm.isend and irecv
# throw "requested negative message destination: -3"), where MPI 1.1 (section 3.11), and so mpiJava
# 1.2, allow it wherever a source or destination is named: the copy's Sendrecv calls go through
# MpjExpressProcNull, which does only the half that has a partner. The repository's sources are untouched.
build_mpjexpress() {
  local stamp="$mpjx_classes/.stamp"
  if [ -f "$stamp" ] && [ "$stamp" -nt "$self" ] && [ -z "$(find "$src" -newer "$stamp" -type f -print -quit)" ]; then
    return
  fi
  say "compiling the kernels against $mpjx_lib/mpj.jar into $mpjx_classes"
  local copy="$work/mpjexpress-src"
  rm -rf "$copy" "$mpjx_classes"
  mkdir -p "$copy" "$mpjx_classes"
  cp "$src"/*.java "$copy/"
  sed -E -i 's/([A-Za-z_][A-Za-z0-9_.]*)\.Sendrecv\(/MpjExpressProcNull.sendrecv(\1, /g' "$copy"/*.java
  cat > "$copy/MpjExpressProcNull.java" <<'EOF'
package org.mpj.examples.npb;

import mpi.Comm;
import mpi.Datatype;
import mpi.MPI;
import mpi.MPIException;
import mpi.Status;

/** Written by benchmarks/scripts/npb-compare.sh for MPJ Express 0.44, which refuses MPI.PROC_NULL as a rank. */
final class MpjExpressProcNull {
    private MpjExpressProcNull() {
    }

    /** Sendrecv as MPI defines it: a PROC_NULL partner makes that half a no-op. */
    static Status sendrecv(Comm comm, Object sendBuf, int sendOffset, int sendCount, Datatype sendType, int dest,
                           int sendTag, Object recvBuf, int recvOffset, int recvCount, Datatype recvType, int source,
                           int recvTag) throws MPIException {
        if (dest != MPI.PROC_NULL && source != MPI.PROC_NULL) {
            return comm.Sendrecv(sendBuf, sendOffset, sendCount, sendType, dest, sendTag,
                    recvBuf, recvOffset, recvCount, recvType, source, recvTag);
        }
        if (dest != MPI.PROC_NULL) {
            comm.Send(sendBuf, sendOffset, sendCount, sendType, dest, sendTag);
        }
        if (source != MPI.PROC_NULL) {
            return comm.Recv(recvBuf, recvOffset, recvCount, recvType, source, recvTag);
        }
        Status empty = new Status();
        empty.source = MPI.PROC_NULL;
        empty.tag = MPI.ANY_TAG;
        return empty;
    }
}
EOF
  local routed
  routed=$(grep -c 'MpjExpressProcNull.sendrecv(' "$copy"/*.java | awk -F: '{ n += $2 } END { print n }')
  say "MPJ Express build: $routed Sendrecv calls routed through MpjExpressProcNull (PROC_NULL partners)"
  javac -nowarn -encoding UTF-8 -cp "$mpjx_lib/mpj.jar" -d "$mpjx_classes" "$copy"/*.java
  touch "$stamp"
}

# Runs one kernel; the log holds its output, the result line "status time mops".
run_one() {
  local impl=$1 k=$2 np=$3 log="$work/logs/$1-$2-$cls-$3.log" rc=0
  case $impl in
    mpj)
      env ${NPB_JAVA_OPTS:+JDK_JAVA_OPTIONS="$NPB_JAVA_OPTS"} timeout -k 10 "$timeout_s" \
        "$root/bin/mpjrun" -np "$np" -cp "$root/examples/target/classes" "$pkg.$k" "$cls" > "$log" 2>&1 || rc=$?
      ;;
    mpjexpress)
      # Debian's package lacks log4j on MPJ Express's class path: the boot class path of every JVM has it.
      (cd "$work" && MPJ_HOME="$mpjx_home" JDK_JAVA_OPTIONS="-Xbootclasspath/a:$jars/log4j-1.2.jar ${NPB_JAVA_OPTS:-}" \
        timeout -k 10 "$timeout_s" java \
        -cp "$mpjx_home/lib/starter.jar:$jars/log4j-1.2.jar:$jars/commons-cli.jar:$jars/commons-io.jar:$jars/commons-codec.jar" \
        runtime.starter.MPJRun -np "$np" -dev multicore -cp "$mpjx_classes" "$pkg.$k" "$cls") > "$log" 2>&1 || rc=$?
      ;;
  esac
  # MPJ Express's MPJRun exits 0 even when a rank throws: only the report counts as success.
  awk -v rc="$rc" -F= '
    function num(s) { gsub(/ /, "", s); return s ~ /^[0-9]+(\.[0-9]+)?$/ ? s : "-" }
    /^ *Time in seconds *=/ { t = num($2) }
    /^ *Mop\/s total *=/ { m = num($2) }
    /^ *Verification *=/ { v = $2; gsub(/ /, "", v) }
    END {
      s = rc == 124 || rc == 137 ? "timeout" : v == "SUCCESSFUL" && rc == 0 ? "ok" : v == "UNSUCCESSFUL" ? "FAILED" : "error"
      print s, (t == "" ? "-" : t), (m == "" ? "-" : m)
    }' "$log"
}

# Build and run everything.
declare -A status secs mops
for impl in "${impls[@]}"; do
  case $impl in mpj) build_mpj ;; mpjexpress) setup_mpjexpress ;; esac
done
for k in "${kernels[@]}"; do
  for np in "${ranks[@]}"; do
    for impl in "${impls[@]}"; do
      say "$(date -u +%H:%M:%S) $impl $k class $cls -np $np"
      read -r s t m <<< "$(run_one "$impl" "$k" "$np")"
      status[$impl:$k:$np]=$s secs[$impl:$k:$np]=$t mops[$impl:$k:$np]=$m
      if [ "$s" != ok ]; then
        log="$work/logs/$impl-$k-$cls-$np.log"
        say "  $s: $(grep -m 1 -E 'Exception: |Error: |VERIFICATION' "$log" || true) (log: $log)"
      fi
    done
  done
done

# The table. A kernel does the same operations on any number of ranks and on both implementations,
# so time ratios are Mop/s ratios, which the report prints to more digits than the time.
ratio() { # faster/slower as "a over b" from Mop/s (b/a) or, without Mop/s, from times (a/b)
  awk -v ta="$1" -v tb="$2" -v ma="$3" -v mb="$4" 'BEGIN {
    if (ma != "-" && mb != "-" && ma > 0 && mb > 0) printf "%.2f", mb / ma
    else if (ta != "-" && tb != "-" && tb > 0) printf "%.2f", ta / tb
    else printf "-" }'
}
echo
echo "# NPB class $cls: MPJ (shm) and MPJ Express 0.44 (multicore), $(hostname), $(nproc) cores, $(date -u +%FT%H:%MZ)"
printf "%-6s %-5s %5s %9s %9s %9s %11s %11s %7s %7s %-8s %-8s\n" kernel class ranks "MPJ s" "MPJX s" "MPJX/MPJ" \
  "MPJ Mop/s" "MPJX Mop/s" "MPJ su" "MPJX su" "MPJ" "MPJX"
failed=0
for k in "${kernels[@]}"; do
  for np in "${ranks[@]}"; do
    row=()
    for impl in mpj mpjexpress; do
      row+=("${secs[$impl:$k:$np]:--}" "${mops[$impl:$k:$np]:--}")
    done
    su=()
    for impl in mpj mpjexpress; do
      su+=("$(ratio "${secs[$impl:$k:1]:--}" "${secs[$impl:$k:$np]:--}" "${mops[$impl:$k:1]:--}" "${mops[$impl:$k:$np]:--}")")
      s=${status[$impl:$k:$np]:--}
      [ "$s" = ok ] || [ "$s" = - ] || failed=1
    done
    printf "%-6s %-5s %5s %9s %9s %9s %11s %11s %7s %7s %-8s %-8s\n" "$k" "$cls" "$np" "${row[0]}" "${row[2]}" \
      "$(ratio "${row[2]}" "${row[0]}" "${row[3]}" "${row[1]}")" "${row[1]}" "${row[3]}" "${su[0]}" "${su[1]}" \
      "${status[mpj:$k:$np]:--}" "${status[mpjexpress:$k:$np]:--}"
  done
done
echo "# MPJX/MPJ: MPJ Express's time over MPJ's (above 1: MPJ is faster); su: speed-up over the same"
echo "# implementation on 1 rank; both from Mop/s (same operation count). Logs: $work/logs"
exit $failed
