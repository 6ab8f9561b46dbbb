#!/usr/bin/env bash
# Mystery Table: `make pi-check`, the Raspberry Pi's install checked on any x86 Debian machine (issue 41).
#
# A Debian 12 bookworm arm64 root (what Raspberry Pi OS Bookworm 64-bit is built from), run under qemu
# user emulation and booted with systemd-nspawn:
#   1. the working tree is copied to /home/pi/mystery-table and `systemd/install.sh` runs there as root,
#      as the README tells a maker (apt, the lock's wheels from PyPI, the unit);
#   2. table.toml is set to the mock table with [mqtt] (a Mosquitto on the container's loopback) and
#      [web] on, and `install.sh --network` opens the unit's network for them;
#   3. rebooted without a network of its own, the installed unit, with all its hardening, plays a
#      headless bot game until the journal says `Deactivated successfully`; its sandbox as loaded
#      opens the loopback; the broker holds the table's retained history; with a seat left to a
#      phone, the seat page is served;
#   4. in the unit's sandbox (its ExecStart replaced by a drop-in, nothing else), the reader's driver
#      imports with Blinka finding the board from /proc, then with Blinka forced to each Pi board,
#      and `kiosk config check` passes;
#   5. the installed pygame's SDL has the kmsdrm video driver the unit asks for.
# One line per step (ok or FAIL, and its time); the exit status is non-zero when a step failed.
# When every step passed, systemd/pi_check.sha256 records the hash of the files it checked (INPUTS):
# commit it: .ci/run runs the check when one of them changed since (`pi_check.sh --inputs-hash`), and
# always where the root is cached (`pi_check.sh --cached`).
#
# Needs root, debootstrap, qemu-user-static and systemd-container (installed with apt if missing).
# The pristine root is cached in $PI_CHECK_CACHE (default /var/cache/mystery-table/pi-check), in a
# folder named by what it was built from; each run boots it under an overlay in $PI_CHECK_CACHE/run.
# Each step's log: $PI_CHECK_CACHE/logs/.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${PI_CHECK_CACHE:-/var/cache/mystery-table/pi-check}"
SUITE=bookworm
# What Raspberry Pi OS Lite has that install.sh and a maker rely on (git: the README's `sudo apt
# install git`), and the broker the [mqtt] check talks to. Debian's own keyring checks the download.
PACKAGES=systemd,systemd-sysv,dbus,libpam-systemd,sudo,python3,python3-venv,python3-pip,python3-dev,ca-certificates,curl,iproute2,git,i2c-tools,polkitd,pkexec,mosquitto,mosquitto-clients,locales,tzdata
# What the check checks: a change to any of them calls for a new pi-check (.ci/run).
INPUTS="pyproject.toml systemd/requirements.lock systemd/install.sh systemd/mystery-table.service
  systemd/pi_check.sh kiosk/appliance/network_sandbox.py hardware/reader.py hardware/pn532_driver.py"
RECORD=systemd/pi_check.sha256
BOARDS="RASPBERRY_PI_3B_PLUS RASPBERRY_PI_4B RASPBERRY_PI_5"
TABLE_ID=pi-check
WEB_PORT=8080
RUN="$CACHE/run"
ROOT="$RUN/root"
LOGS="$CACHE/logs"
APP=/opt/mystery-table
CONF=/etc/mystery-table/table.toml
TEST_DROP_IN=/etc/systemd/system/mystery-table.service.d/pi-check.conf
GAME_TIMEOUT=900   # seconds: a 4-bot game under emulation takes a few minutes at most
FAILED=0

die() { echo "pi-check: $*" >&2; exit 1; }
inputs_hash() {  # one hash of the INPUTS' names and contents (a missing one counts as empty)
  local file
  for file in $INPUTS; do
    printf '%s %s\n' "$file" "$(sha256sum 2>/dev/null < "$REPO/$file" | cut -d' ' -f1 || true)"
  done | sha256sum | cut -d' ' -f1
}
now() { date +%s.%N; }

# step NAME COMMAND...: run it with its output in $LOGS, print "ok"/"FAIL", its time, and on failure
# the end of its log. Returns the command's status, so a step others need can stop the run (|| finish).
step() {
  local name="$1" log start status
  shift
  STEP_NO=$((STEP_NO + 1))
  log="$LOGS/step-$(printf '%02d' "$STEP_NO").log"
  start="$(now)"
  # A bash of its own: errexit holds in the step's functions (it would not under `step ... || finish`).
  set +e
  bash -euo pipefail -c '"$@"' step "$@" >"$log" 2>&1 </dev/null
  status=$?
  set -e
  local took
  took="$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')"
  if [ "$status" = 0 ]; then
    printf 'ok    %-72s %6s s\n' "$name" "$took"
  else
    printf 'FAIL  %-72s %6s s  (log: %s)\n' "$name" "$took" "$log"
    tail -n 15 "$log" | sed 's/^/      | /'
    FAILED=$((FAILED + 1))
  fi
  return "$status"
}
STEP_NO=0

finish() {  # stop the container if it runs, and exit with the verdict
  stop_container >/dev/null 2>&1 || true
  unmount_run || true
  if [ "$FAILED" = 0 ]; then
    echo "$CHECKED" > "$REPO/$RECORD"
    echo "pi-check: every step passed ($RECORD: $(cat "$REPO/$RECORD"))"
    exit 0
  fi
  echo "pi-check: $FAILED step(s) failed"
  exit 1
}

# --- the host's tools -----------------------------------------------------------------------------

tools() {
  local missing=()
  command -v debootstrap >/dev/null || missing+=(debootstrap)
  [ -x /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
  command -v systemd-nspawn >/dev/null || missing+=(systemd-container)
  command -v update-binfmts >/dev/null || missing+=(binfmt-support)
  if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
  fi
  # arm64 programs run through qemu: the kernel's binfmt_misc handler, with F (the interpreter is
  # opened now, so it works inside the root too).
  if [ ! -e /proc/sys/fs/binfmt_misc/status ]; then mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc; fi
  if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then update-binfmts --enable qemu-aarch64 || true; fi
  if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    echo ':qemu-aarch64:M::\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00:\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-aarch64-static:F' \
      > /proc/sys/fs/binfmt_misc/register
  fi
  grep -qx enabled /proc/sys/fs/binfmt_misc/qemu-aarch64 || { echo "the qemu-aarch64 handler is disabled"; return 1; }
  grep -q '^flags:.*F' /proc/sys/fs/binfmt_misc/qemu-aarch64 || { echo "the qemu-aarch64 handler lacks the F flag"; return 1; }
}

# The Debian mirror this machine's apt uses (deb822 .sources or one-line lists), else debootstrap's own.
host_mirror() {
  cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk -v suite="$SUITE" '
    /^URIs:/ { uri = $2 } /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) hit = 1 }
    /^$/ { if (hit && uri != "") { print uri; exit } hit = 0; uri = "" }
    END { if (hit && uri != "") print uri }' | head -1 | grep . && return
  cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
    | awk -v suite="$SUITE" '$1 == "deb" && $0 !~ /\[.*arch=/ { for (i = 2; i < NF; i++) if ($(i + 1) == suite) { print $i; exit } }' \
    | head -1
}

# --- the pristine root (cached) ---------------------------------------------------------------------

pristine_dir() {  # the cached root's name says what it was built from
  local key
  key="$(printf '%s\n' "$SUITE" arm64 "$PACKAGES" "$(dpkg-query -W -f '${Version}' debootstrap 2>/dev/null)" \
    | sha256sum | cut -c1-16)"
  echo "$CACHE/$SUITE-arm64-$key"
}
pristine_root() {
  local build pristine old
  pristine="$(pristine_dir)"
  if [ -d "$pristine" ]; then echo "cached: $pristine"; return; fi
  mkdir -p "$CACHE"
  for old in "$CACHE/$SUITE"-arm64-*; do [ -e "$old" ] && echo "removed, built from other inputs: $old" && rm -rf "$old"; done
  build="$CACHE/build.$$"
  rm -rf "$build"
  # shellcheck disable=SC2046  # the mirror: one word, or none (debootstrap's default)
  debootstrap --arch=arm64 --variant=minbase --include="$PACKAGES" "$SUITE" "$build" $(host_mirror)
  # Raspberry Pi OS's first user: pi, with sudo without a password (its /etc/sudoers.d/010_pi-nopasswd).
  chroot "$build" useradd --create-home --shell /bin/bash --groups sudo pi
  echo 'pi ALL=(ALL) NOPASSWD: ALL' > "$build/etc/sudoers.d/010_pi-nopasswd"
  chmod 0440 "$build/etc/sudoers.d/010_pi-nopasswd"
  echo raspberrypi > "$build/etc/hostname"
  printf '127.0.0.1\tlocalhost\n127.0.1.1\traspberrypi\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' > "$build/etc/hosts"
  rm -f "$build/etc/machine-id" && touch "$build/etc/machine-id"  # systemd makes one at boot
  # The broker stands for the café's: started only by the test's drop-in, on the container's own
  # loopback (not at the first boot, which shares this machine's network).
  chroot "$build" systemctl disable mosquitto.service
  chroot "$build" apt-get clean
  mv "$build" "$pristine"  # whole or not at all
  echo "built: $pristine"
}

unmount_run() { if mountpoint -q "$ROOT"; then umount "$ROOT"; fi; }

fresh_copy() {  # this run's root: the pristine one under an overlay (which it never changes), with
  # the Pi's boot files and the project
  unmount_run
  rm -rf "$RUN"
  mkdir -p "$RUN/changes" "$RUN/work" "$ROOT"
  mount -t overlay overlay -o "lowerdir=$(pristine_dir),upperdir=$RUN/changes,workdir=$RUN/work" "$ROOT"
  # Raspberry Pi OS Bookworm's /boot/firmware, as it ships.
  mkdir -p "$ROOT/boot/firmware"
  cat > "$ROOT/boot/firmware/config.txt" <<'TXT'
# For more options and information see
# http://rptl.io/configtxt
#dtparam=i2c_arm=on
#dtparam=spi=on
dtparam=audio=on
camera_auto_detect=1
display_auto_detect=1
auto_initramfs=1
dtoverlay=vc4-kms-v3d
max_framebuffers=2
disable_fw_kms_setup=1
arm_64bit=1
disable_overscan=1
arm_boost=1

[cm4]
otg_mode=1

[cm5]
dtoverlay=dwc2,dr_mode=host

[all]
TXT
  echo 'console=serial0,115200 console=tty1 root=PARTUUID=12345678-02 rootfstype=ext4 fsck.repair=yes rootwait quiet' \
    > "$ROOT/boot/firmware/cmdline.txt"
  # The certificate authorities this machine adds to Debian's (a proxy's, say): pip and apt in the root
  # reach PyPI and the mirror through this machine's network. Added to the root's bundle here, as
  # update-ca-certificates would (which takes a minute under emulation), and kept for its next run.
  local ca
  for ca in /usr/local/share/ca-certificates/*.crt; do
    [ -f "$ca" ] || continue
    cp "$ca" "$ROOT/usr/local/share/ca-certificates/"
    cat "$ca" >> "$ROOT/etc/ssl/certs/ca-certificates.crt"
  done
  # The maker's clone: this working tree as it is (changes not yet committed included), owned by pi.
  mkdir -p "$ROOT/home/pi/mystery-table"
  (cd "$REPO" && git ls-files -z --cached --others --exclude-standard \
    | while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done \
    | tar --null --no-recursion -T - -cf -) | tar -C "$ROOT/home/pi/mystery-table" -xf -
  chown -R "$(awk -F: '$1 == "pi" { print $3 ":" $4 }' "$ROOT/etc/passwd")" "$ROOT/home/pi/mystery-table"
}

# --- the container ----------------------------------------------------------------------------------

# in_root COMMAND...: run it in the booted container as root, with the container's environment only
# (not this machine's pip configuration or PIP_* variables: pip there asks PyPI, as on a Pi).
in_root() {
  nsenter --target "$(cat "$RUN/leader")" --mount --uts --ipc --net --pid --cgroup --root --wd \
    env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 TERM=dumb "$@"
}

boot() {  # boot the root; $1: "host" (this machine's network: apt and PyPI) or "private" (loopback only)
  local net=()
  if [ "$1" = private ]; then net=(--private-network); else net=(--resolv-conf=copy-host); fi
  local nspawn leader=""
  # --register=no --keep-unit: no machined, no scope of its own (this machine need not run systemd)
  systemd-nspawn --quiet --boot --register=no --keep-unit --machine=raspberrypi --directory="$ROOT" "${net[@]}" \
    --console=pipe >"$LOGS/console-$1.log" 2>&1 </dev/null &
  nspawn=$!
  echo "$nspawn" > "$RUN/nspawn.pid"
  for _ in $(seq 600); do
    kill -0 "$nspawn" 2>/dev/null || { echo "systemd-nspawn ended:"; tail -20 "$LOGS/console-$1.log"; return 1; }
    leader="$(pgrep -P "$nspawn" | head -1 || true)"
    if [ -n "$leader" ] && [ -S "/proc/$leader/root/run/systemd/private" ]; then break; fi
    sleep 0.5
  done
  [ -n "$leader" ] && [ -S "/proc/$leader/root/run/systemd/private" ] || { echo "systemd did not come up"; return 1; }
  echo "$leader" > "$RUN/leader"
  # "degraded" is a booted system with a unit failed (in a container, some of the Pi's own can)
  in_root timeout 300 systemctl is-system-running --wait || true
  in_root systemctl --failed --no-legend
}

stop_container() {
  local nspawn
  nspawn="$(cat "$RUN/nspawn.pid" 2>/dev/null || true)"
  [ -n "$nspawn" ] || return 0
  if kill -0 "$nspawn" 2>/dev/null; then
    in_root systemctl poweroff --no-block || kill -TERM "$nspawn"
    for _ in $(seq 240); do kill -0 "$nspawn" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$nspawn" 2>/dev/null; then kill -KILL "$nspawn"; echo "killed: it did not power off"; fi
  fi
  rm -f "$RUN/nspawn.pid" "$RUN/leader"
}

# --- the checks -----------------------------------------------------------------------------------

# README, "Raspberry Pi": git, then the installer in the maker's clone. As root, where the maker types
# sudo: sudo is setuid, which qemu's binfmt handler honours only with its C flag, and Debian's has not.
install_as_a_maker() {
  in_root apt-get install -y -q git >/dev/null
  in_root sh -c 'cd /home/pi/mystery-table && systemd/install.sh'
  in_root systemctl is-enabled mystery-table.service
  # the boot files: I2C and the UART on for every model, the serial console gone
  tail -n 8 "$ROOT/boot/firmware/config.txt"
  local line
  for line in dtparam=i2c_arm=on enable_uart=1; do  # before any [section], or under an [all]
    awk -v line="$line" '/^\[.*\]/ { every = ($0 == "[all]"); next } $0 == line && every { found = 1 }
      END { exit !found }' every=1 "$ROOT/boot/firmware/config.txt" || { echo "config.txt: no $line for every model"; return 1; }
  done
  ! grep -q 'console=serial0' "$ROOT/boot/firmware/cmdline.txt"
}

# The table as a maker sets it up for the café: the mock table (no hardware here), the café's broker
# (the container's own Mosquitto) and the phone seats; then the installer's --network step.
test_table() {
  in_root sed -i -e 's/^backend = "pi"/backend = "mock"/' \
    -e "s|^\\[web\\]\$|[web]\\nenabled = true\\nbind = [\"127.0.0.1\"]\\nurl = \"http://127.0.0.1:$WEB_PORT\"|" "$CONF"
  in_root sh -c "printf '\\n[mqtt]\\nhost = \"127.0.0.1\"\\nport = 1883\\ntable_id = \"$TABLE_ID\"\\n' >> $CONF"
  in_root grep -A3 -E '^\[(hardware|web|mqtt)\]' "$CONF"
  in_root /home/pi/mystery-table/systemd/install.sh --network
  in_root systemctl cat mystery-table.service
}

# The unit as installed, run headless with bots (its ExecStart replaced, nothing else), after the
# broker (on a Pi the café's broker runs elsewhere; here it must be up before the kiosk publishes).
game_drop_in() {  # $1: extra arguments of `kiosk run`
  in_root sh -c "mkdir -p ${TEST_DROP_IN%/*} && cat > $TEST_DROP_IN" <<CONF
# pi-check (systemd/pi_check.sh): a headless game, bots at every seat but those left to phones
[Unit]
Wants=mosquitto.service
After=mosquitto.service
[Service]
ExecStart=
ExecStart=$APP/venv/bin/kiosk run --config $CONF --headless --game mystery-express --seats 4 --seed 7 $1
CONF
}

wait_service_settled() {  # until the unit is neither starting, running nor waiting to restart
  local state
  for _ in $(seq "$GAME_TIMEOUT"); do
    state="$(in_root systemctl show -P ActiveState mystery-table.service)"
    case "$state" in inactive|failed) echo "ActiveState=$state"; return 0 ;; esac
    sleep 1
  done
  echo "still $state after $GAME_TIMEOUT s"
  return 1
}

journal() { in_root journalctl --no-pager -o short-monotonic -u mystery-table.service "$@"; }

game_to_the_end() {  # the boot started it (enabled); a whole game, then exit 0
  wait_service_settled || { journal | tail -40; return 1; }
  journal | tail -40
  [ "$(in_root systemctl show -P Result mystery-table.service)" = success ]
  [ "$(in_root systemctl show -P NRestarts mystery-table.service)" = 0 ]
  journal -o cat | grep -q 'Deactivated successfully'
  # the game is in the store, finished (kiosk history, as the kiosk user)
  in_root runuser -u kiosk -- bash -c "cd /var/lib/mystery-table && $APP/venv/bin/kiosk history --json --data ." \
    | python3 -c 'import json, sys; games = json.load(sys.stdin); print(games[-1]["game"], games[-1]["outcome"] is not None); assert games[-1]["finished"]'
}

# The sandbox as systemd loaded it opens the loopback for [mqtt] and [web] (install.sh --network's
# drop-in). Read, not tried: here neither is enforced (qemu runs the kiosk's syscalls as x86-64 ones,
# which the unit's arm64 seccomp filters let through, and IPAddressDeny= needs the unified cgroup's
# BPF, which a container on a hybrid cgroup host has not), so the kiosk would connect without them.
sandbox_opens_loopback() {
  local families allow
  families="$(in_root systemctl show -P RestrictAddressFamilies mystery-table.service)"
  allow="$(in_root systemctl show -P IPAddressAllow mystery-table.service)"
  echo "RestrictAddressFamilies=$families"
  echo "IPAddressAllow=$allow"
  [[ " $families " == *" AF_INET "* ]] && [[ " $allow " == *" 127.0.0.0/8 "* ]]
}

broker_heard_the_table() {  # the retained history the table publishes after each game
  in_root mosquitto_sub -h 127.0.0.1 -p 1883 -t "mystery-table/$TABLE_ID/history" -C 1 -W 30 | tee /dev/stderr | grep -q .
}

seat_page_served() {  # one seat left to a phone: its link is in the journal; the page answers 200
  local url
  game_drop_in "--bots 3"
  in_root systemctl daemon-reload
  in_root systemctl start mystery-table.service
  for _ in $(seq 300); do
    url="$(journal -o cat --since=-10min | grep -o "http://127.0.0.1:$WEB_PORT/s/[A-Za-z0-9_-]*" | tail -1 || true)"
    [ -n "$url" ] && break
    sleep 1
  done
  [ -n "$url" ] || { journal | tail -30; return 1; }
  echo "seat link: ${url%/s/*}/s/…"
  in_root curl --silent --show-error --fail --max-time 30 "$url" -o /tmp/seat.html
  in_root grep -ci '<html' /tmp/seat.html
  in_root systemctl stop mystery-table.service
  journal -o cat | tail -5
}

# in_the_unit ENVIRONMENT COMMAND...: the installed unit, all its sandbox kept, run once as a oneshot
# of the given commands (each its own ExecStart) with the given Environment= line; its journal shown.
in_the_unit() {
  local environment="$1" command invocation status=0
  shift
  {
    echo "# pi-check (systemd/pi_check.sh): the unit's sandbox, other commands"
    echo "[Service]"
    echo "Type=oneshot"
    echo "Restart=no"
    echo "WatchdogSec=0"
    echo "Environment=$environment"
    echo "ExecStart="
    for command in "$@"; do echo "ExecStart=$command"; done
  } | in_root sh -c "mkdir -p ${TEST_DROP_IN%/*} && cat > $TEST_DROP_IN"
  in_root systemctl daemon-reload
  in_root systemctl reset-failed mystery-table.service || true
  in_root systemctl start mystery-table.service || status=$?
  invocation="$(in_root systemctl show -P InvocationID mystery-table.service)"
  in_root journalctl --no-pager -o cat "_SYSTEMD_INVOCATION_ID=$invocation"
  journal -o cat -n 3
  return "$status"
}

# What a real reader's opening imports: the PN532 driver, and Blinka's board and digitalio.
READER_IMPORTS="import hardware.reader, hardware.pn532_driver, board, digitalio; print('Blinka board:', board.board_id)"

reader_under_the_unit() {  # Blinka finds the board itself, from /proc (as on a Pi), in the unit's sandbox
  in_the_unit "PI_CHECK=1" "$APP/venv/bin/python -I -c \"$READER_IMPORTS\""
}

blinka_on() {  # $1: Blinka's board; in the unit's sandbox, the reader's driver imports and the configuration checks
  in_the_unit "BLINKA_FORCECHIP=BCM2XXX BLINKA_FORCEBOARD=$1" \
    "$APP/venv/bin/python -I -c \"$READER_IMPORTS; assert board.board_id == '$1', board.board_id\"" \
    "$APP/venv/bin/kiosk config check $CONF"
}

# The video drivers of the SDL the installed pygame loaded (SDL_GetVideoDriver needs no SDL_Init).
# shellcheck disable=SC2089,SC2090  # Python's text, quoted as it is
SDL_DRIVERS='
import ctypes, re, pygame
path = next(l.split()[-1] for l in open("/proc/self/maps") if re.search(r"/libSDL2-2[^/]*\.so", l))
sdl = ctypes.CDLL(path)
sdl.SDL_GetVideoDriver.restype = ctypes.c_char_p
drivers = [sdl.SDL_GetVideoDriver(i).decode().lower() for i in range(sdl.SDL_GetNumVideoDrivers())]
print(pygame.version.ver, path, drivers)
assert "kmsdrm" in drivers, "no kmsdrm in " + ", ".join(drivers)
'
pygame_kmsdrm() { in_root runuser -u kiosk -- bash -c "cd /var/lib/mystery-table && $APP/venv/bin/python -I -c '$SDL_DRIVERS'"; }

# shellcheck disable=SC2090  # SDL_DRIVERS: Python's text, quoted as it is
export REPO CACHE SUITE PACKAGES TABLE_ID WEB_PORT RUN ROOT LOGS APP CONF TEST_DROP_IN GAME_TIMEOUT SDL_DRIVERS READER_IMPORTS
export -f tools host_mirror pristine_dir pristine_root unmount_run fresh_copy in_root boot stop_container install_as_a_maker test_table \
  game_drop_in wait_service_settled journal game_to_the_end sandbox_opens_loopback broker_heard_the_table seat_page_served in_the_unit \
  reader_under_the_unit blinka_on pygame_kmsdrm

# --- the run --------------------------------------------------------------------------------------

case "${1:-}" in
  --inputs-hash) inputs_hash; exit 0 ;;         # what .ci/run compares with systemd/pi_check.sha256
  --cached) [ -d "$(pristine_dir)" ]; exit $? ;;  # whether the root is built (a run then takes minutes)
  "") ;;
  *) die "unknown option $1 (--inputs-hash, --cached)" ;;
esac
[ "$(id -u)" = 0 ] || die "run it as root (systemd-nspawn and debootstrap need it)"
trap 'stop_container >/dev/null 2>&1 || true; unmount_run || true' EXIT
rm -rf "$LOGS" && mkdir -p "$LOGS"
CHECKED="$(inputs_hash)"  # the files as this run copies them (they may change while it runs)
step "host tools (debootstrap, qemu-aarch64 binfmt, nspawn)" tools || finish
step "bookworm arm64 root (debootstrap, or the cache)" pristine_root || finish
step "fresh copy, Pi boot files, the maker's clone" fresh_copy || finish
step "boot (this machine's network, for apt and PyPI)" boot host || finish
step "systemd/install.sh in the clone (apt, the lock from PyPI, unit)" install_as_a_maker || finish
step "table.toml: mock, [mqtt] and [web] on; install.sh --network" test_table || finish
step "test drop-in: a headless bot game" game_drop_in "" || finish
step "power off" stop_container || finish
step "boot (no network but loopback): the unit starts by itself" boot private || finish
step "unit: a game to the end, Deactivated successfully" game_to_the_end || true
step "[mqtt] and [web]: the unit's sandbox, as loaded, opens the loopback" sandbox_opens_loopback || true
step "[mqtt]: the table's history on Mosquitto (loopback)" broker_heard_the_table || true
step "[web]: a phone seat's page served under the unit" seat_page_served || true
step "the reader's driver imports in the unit's sandbox (Blinka reads /proc)" reader_under_the_unit || true
for board in $BOARDS; do
  step "Blinka on $board, in the unit: reader driver, config check" blinka_on "$board" || true
done
step "pygame's SDL has kmsdrm" pygame_kmsdrm || true
step "power off" stop_container || true
finish
