#!/usr/bin/env bash
# Makes `ssh -o BatchMode=yes localhost` work for the current user, for mpjrun's --hostfile test:
# installs Debian's openssh-server if missing (needs root and apt), creates a key without passphrase
# if there is none, authorizes it, and starts sshd if it is not running. Idempotent; exits non-zero
# with a sentence when it cannot.
set -euo pipefail
if ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=5 localhost true 2>/dev/null; then
  exit 0
fi
if ! command -v sshd >/dev/null && [ ! -x /usr/sbin/sshd ]; then
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "ssh-localhost.sh: sshd is not installed and this is not root with apt-get" >&2
    exit 1
  fi
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssh-server openssh-client >/dev/null
fi
mkdir -p ~/.ssh && chmod 700 ~/.ssh
[ -f ~/.ssh/id_ed25519 ] || ssh-keygen -q -t ed25519 -N '' -f ~/.ssh/id_ed25519
touch ~/.ssh/authorized_keys && chmod 600 ~/.ssh/authorized_keys
grep -qF "$(cat ~/.ssh/id_ed25519.pub)" ~/.ssh/authorized_keys || cat ~/.ssh/id_ed25519.pub >> ~/.ssh/authorized_keys
if ! pgrep -x sshd >/dev/null; then
  mkdir -p /run/sshd
  ssh-keygen -A >/dev/null
  /usr/sbin/sshd
fi
for _ in $(seq 1 50); do
  if ssh -o BatchMode=yes -o StrictHostKeyChecking=accept-new -o ConnectTimeout=5 localhost true 2>/dev/null; then
    exit 0
  fi
  sleep 0.2
done
echo "ssh-localhost.sh: sshd runs, but ssh -o BatchMode=yes localhost still fails" >&2
exit 1
