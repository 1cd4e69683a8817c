#!/usr/bin/env bash
# Starts a one-node Slurm cluster on this machine for mpjrun's Slurm test: installs Debian's
# slurm-wlm and munge if missing (root and apt needed), makes a munge key, writes a small slurm.conf
# naming this host (CPUs=8 whatever the cores, OverSubscribe=FORCE, so 8 ranks fit on 2 cores), and
# starts munged, slurmctld and slurmd unless they run. Idempotent; `slurm-local.sh stop` stops them.
# Exits non-zero with a sentence when the cluster does not answer `srun -n 2 hostname` within 60 s.
set -euo pipefail
conf=/etc/slurm/slurm.conf
if [ "${1:-}" = stop ]; then
  for d in slurmd slurmctld munged; do
    pid=$(pgrep -x "$d" || true)
    [ -n "$pid" ] && kill $pid || true
  done
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "slurm-local.sh: must run as root (it installs packages and starts daemons)" >&2
  exit 1
fi
if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  command -v apt-get >/dev/null || { echo "slurm-local.sh: no apt-get to install slurm-wlm and munge" >&2; exit 1; }
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
host=$(hostname -s)
mkdir -p /etc/munge /var/log/munge /run/munge /var/lib/munge /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /etc/slurm
if [ ! -s /etc/munge/munge.key ]; then
  dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
fi
chown -R munge:munge /etc/munge /var/log/munge /run/munge /var/lib/munge 2>/dev/null || true
chmod 700 /etc/munge && chmod 400 /etc/munge/munge.key
cat > "$conf" <<CONF
# One-node cluster for MPJ's tests (scripts/slurm-local.sh).
ClusterName=mpjlocal
SlurmctldHost=$host
AuthType=auth/munge
SlurmUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
KillWait=2
NodeName=$host CPUs=8 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP OverSubscribe=FORCE
CONF
pgrep -x munged >/dev/null || runuser -u munge -- /usr/sbin/munged
pgrep -x slurmctld >/dev/null || /usr/sbin/slurmctld
pgrep -x slurmd >/dev/null || /usr/sbin/slurmd
for _ in $(seq 1 30); do
  if timeout 5 srun -n 2 --overcommit hostname >/dev/null 2>&1; then
    exit 0
  fi
  scontrol update nodename="$host" state=resume >/dev/null 2>&1 || true
  sleep 1
done
echo "slurm-local.sh: the cluster does not run 'srun -n 2 hostname' after 30 tries; see /var/log/slurm/*.log" >&2
exit 1
