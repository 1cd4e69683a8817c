#!/usr/bin/env bash
# Checks MPJ as a Maven dependency, as a user's project meets it: installs MPJ's artifacts in the local
# repository, builds examples/maven-user (a program of its own that depends on org.mpj:mpj-runtime) and
# runs it with mpjrun's main class on each device, expecting the counter that every rank added to.
# .ci/run calls it after the tests; it needs what the build needs (Maven, and Maven Central or a filled
# local repository).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mvn -q -B -f "$root/pom.xml" install -DskipTests
user="$root/examples/maven-user"
mvn -q -B -f "$user/pom.xml" package
for job in "-np 3" "-np 4 --dev tcp" "-np 5 --dev hybrid --ranks-per-jvm 2"; do
  # shellcheck disable=SC2086
  out=$(cd "$user" && java -cp "target/lib/*" org.mpj.runtime.MpjRun $job --timeout 60 -cp target/classes org.example.Ring) \
    || { echo "maven-user: mpjrun $job failed with status $?" >&2; exit 1; }
  n=${job#-np }
  n=${n%% *}
  if [ "$out" != "ring of $n ranks: counter $n" ]; then
    echo "maven-user: mpjrun $job printed '$out', expected 'ring of $n ranks: counter $n'" >&2
    exit 1
  fi
  echo "maven-user: mpjrun $job: $out"
done
