#!/usr/bin/env bash
# Mystery Table: install the kiosk on Raspberry Pi OS (Bookworm, Lite or desktop) on a Pi 3B+, 4 or 5.
#
#   sudo systemd/install.sh              install or update (idempotent: run it again after a git pull)
#   sudo systemd/install.sh --dry-run    print every step, change nothing
#   sudo systemd/install.sh --uninstall  stop and remove the service (games and settings are kept)
#   sudo systemd/install.sh --network    after changing [mqtt] or [web] in table.toml: open the service's
#                                        network as far as they need (and restart it)
#   --root DIR                           work on a system mounted at DIR (an SD card, or the tests)
#   --pin NNNN                           the admin menu's PIN (4-8 digits) for a new table.toml; without
#                                        it the script asks (at a terminal) or makes one up and prints it
set -euo pipefail

ACTION=install
DRY_RUN=0
ROOT=""
PIN=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --uninstall) ACTION=uninstall ;;
    --network) ACTION=network ;;
    --root) ROOT="${2:?--root needs a folder}"; shift ;;
    --pin) PIN="${2:?--pin needs 4 to 8 digits}"; shift ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

APP_SRC="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX=/opt/mystery-table
STATE=/var/lib/mystery-table
CONF=/etc/mystery-table
UNIT=/etc/systemd/system/mystery-table.service
NETWORK_DROP_IN=/etc/systemd/system/mystery-table.service.d/network.conf
KIOSK_GROUPS="gpio i2c spi dialout video render input"
DEFAULT_PIN=2580   # kiosk/appliance/admin_pin.py: it opens only "choose a new PIN" on the touchscreen
LOCK="$APP_SRC/systemd/requirements.lock"   # `make lock`: every dependency pinned, with its hashes
BOOT=/boot/firmware
[ -d "$ROOT/boot/firmware" ] || BOOT=/boot   # Bookworm moved config.txt to /boot/firmware

step() { echo "==> $*"; }
run() {  # a command, printed; run unless --dry-run
  echo "+ $*"
  if [ "$DRY_RUN" = 0 ]; then "$@"; fi
}
write() {  # write stdin to a file under ROOT, printed; kept as it is in --dry-run
  local path="$ROOT$1" content
  content="$(cat)"
  echo "+ write $1"
  if [ "$DRY_RUN" = 0 ]; then mkdir -p "$(dirname "$path")"; printf '%s\n' "$content" > "$path"; fi
}
write_private() {  # like write, but mode 0640, owner root, group kiosk: the kiosk reads it, nobody else
  local path="$ROOT$1" content
  content="$(cat)"
  echo "+ write $1 (mode 0640, owner root, group kiosk)"
  if [ "$DRY_RUN" = 0 ]; then
    mkdir -p "$(dirname "$path")"
    (umask 0137; printf '%s\n' "$content" > "$path")
    chown root:kiosk "$path"
    chmod 0640 "$path"
  fi
}
pin_ok() { [[ "$1" =~ ^[0-9]{4,8}$ ]] && [ "$1" != "$DEFAULT_PIN" ]; }
new_pin() {  # six random digits
  printf '%06d' $(( $(od -An -N4 -tu4 /dev/urandom) % 1000000 ))
}
ask_pin() {  # sets PIN: --pin, else asked at a terminal (Enter: a random one), else a random one
  if [ -n "$PIN" ]; then return; fi
  if [ -t 0 ]; then
    local first second
    for _ in 1 2 3; do
      read -rsp "Admin menu PIN (4-8 digits, not $DEFAULT_PIN; Enter for a random one): " first; echo
      if [ -z "$first" ]; then break; fi
      if ! pin_ok "$first"; then echo "  4 to 8 digits, and not $DEFAULT_PIN: try again"; continue; fi
      read -rsp "The same PIN again: " second; echo
      if [ "$first" = "$second" ]; then PIN="$first"; return; fi
      echo "  the two PINs differ: try again"
    done
    if [ -n "$first" ]; then echo "install.sh: no PIN chosen" >&2; exit 2; fi
  fi
  PIN="$(new_pin)"
  echo "  The admin menu's PIN is $PIN: write it down now, it is not shown again."
  echo "  (It is in $CONF/table.toml, readable by root and the kiosk only.)"
}
for_every_model() {  # whether config.txt has the line where it counts for every Pi: before any
  # [section], or in an [all] one (a line under [pi4] or [cm5] is for that model only)
  awk -v text="$2" '/^\[.*\]/ { every = ($0 == "[all]"); next } $0 == text && every { found = 1 }
    END { exit !found }' every=1 "$1"
}
boot_line() {  # make sure config.txt has a line for every model: appended under an [all] of its own
  # when the file's last section filters on a model (a line appended after [pi4] would be for a Pi 4 only)
  local file="$ROOT$1" text="$2" last
  if [ -f "$file" ] && for_every_model "$file" "$text"; then echo "  ($1 already has: $text)"; return; fi
  last="$( [ -f "$file" ] && grep -E '^\[.*\]' "$file" | tail -1 || true)"
  if [ -n "$last" ] && [ "$last" != "[all]" ] && [ "${BOOT_ALL_ADDED:-0}" = 0 ]; then
    echo "+ append to $1: [all]  (its last section, $last, names one model)"
    if [ "$DRY_RUN" = 0 ]; then printf '[all]\n' >> "$file"; fi
    BOOT_ALL_ADDED=1  # (a dry run writes nothing: the lines that follow go under that [all] too)
  fi
  echo "+ append to $1: $text"
  if [ "$DRY_RUN" = 0 ]; then printf '%s\n' "$text" >> "$file"; fi
}
unpack_app() {  # the source in $PREFIX/app, without its local virtual environments, games or caches
  # Owned by root (not by whoever cloned it), so the kiosk user can change none of the code it runs.
  # Unpacked into a new folder that then takes the old one's place: a module deleted upstream does
  # not stay behind, importable.
  run mkdir -p "$ROOT$PREFIX"
  run tar -C "$APP_SRC" --exclude=./.venv --exclude=./.venv-lock --exclude=./var --exclude=./.git \
    --exclude='*/__pycache__' -cf "$ROOT$PREFIX/app.tar" .
  run rm -rf "$ROOT$PREFIX/app.new" "$ROOT$PREFIX/app.old"
  run mkdir "$ROOT$PREFIX/app.new"
  run tar -C "$ROOT$PREFIX/app.new" --no-same-owner --no-same-permissions -xf "$ROOT$PREFIX/app.tar"
  run rm -f "$ROOT$PREFIX/app.tar"
  if [ -d "$ROOT$PREFIX/app" ]; then run mv "$ROOT$PREFIX/app" "$ROOT$PREFIX/app.old"; fi
  run mv "$ROOT$PREFIX/app.new" "$ROOT$PREFIX/app"
  run rm -rf "$ROOT$PREFIX/app.old"
}
network_drop_in() {  # the service's network, from table.toml's [mqtt] and [web] (kiosk/appliance/network_sandbox.py;
  # -I: the installed kiosk, not a clone in the current folder)
  local drop_in
  echo "+ $PREFIX/venv/bin/python -I -m kiosk.appliance.network_sandbox $CONF/table.toml"
  if [ "$DRY_RUN" = 1 ]; then
    echo "+ write $NETWORK_DROP_IN"
    return
  fi
  if ! drop_in="$("$ROOT$PREFIX/venv/bin/python" -I -m kiosk.appliance.network_sandbox "$ROOT$CONF/table.toml")"; then
    echo "install.sh: $CONF/table.toml has mistakes (above): fix them, then run $PREFIX/app/systemd/install.sh --network" >&2
    exit 1
  fi
  printf '%s\n' "$drop_in" | write "$NETWORK_DROP_IN"
  printf '%s\n' "$drop_in" | sed -n 's/^\(IPAddressAllow\|SocketBindAllow\)=/  &/p'
}

if [ -n "$PIN" ] && ! pin_ok "$PIN"; then
  echo "install.sh: --pin takes 4 to 8 digits other than $DEFAULT_PIN" >&2
  exit 2
fi
if [ "$ACTION" = install ] && [ ! -f "$LOCK" ]; then
  echo "install.sh: $LOCK is missing (make lock)" >&2
  exit 1
fi

if [ "$DRY_RUN" = 0 ] && [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
  echo "install.sh: run it as root (sudo), or with --dry-run to see the steps" >&2
  exit 1
fi

if [ "$ACTION" = uninstall ]; then
  step "Stopping and removing the service (games in $STATE and settings in $CONF are kept)"
  run systemctl disable --now mystery-table.service || true
  run rm -f "$ROOT$UNIT" "$ROOT$NETWORK_DROP_IN" "$ROOT/etc/udev/rules.d/99-mystery-table.rules" \
    "$ROOT/etc/polkit-1/rules.d/50-mystery-table.rules"
  run systemctl daemon-reload
  exit 0
fi

if [ "$ACTION" = network ]; then
  step "The service's network, from $CONF/table.toml's [mqtt] and [web]"
  network_drop_in
  run systemctl daemon-reload
  run systemctl try-restart mystery-table.service
  exit 0
fi

step "Debian packages"
run apt-get update
# libdrm2, libgbm1, libegl1, libgles2 and Mesa's drivers (libgl1-mesa-dri): what pygame-ce's SDL loads for
# its kmsdrm video driver (the touchscreen without a desktop). polkitd: the admin menu's power-off asks
# logind, which asks polkit (Raspberry Pi OS ships it, plain Debian does not).
run apt-get install -y python3 python3-venv python3-dev i2c-tools git \
  libdrm2 libgbm1 libegl1 libgles2 libgl1-mesa-dri polkitd

step "The kiosk user and its groups: $KIOSK_GROUPS"
for group in $KIOSK_GROUPS; do run groupadd -f --system "$group"; done
if [ -n "$ROOT" ] || ! id kiosk >/dev/null 2>&1; then
  run useradd --system --home-dir "$STATE" --shell /usr/sbin/nologin --user-group kiosk || true
fi
run usermod -a -G "${KIOSK_GROUPS// /,}" kiosk

step "The application in $PREFIX, with the Raspberry Pi extras (lgpio works on every Pi, the Pi 5 too)"
unpack_app
run python3 -m venv "$ROOT$PREFIX/venv"
# Every dependency (pip and setuptools too) at the version and with the hashes of the lock; then the
# kiosk itself, from this folder only. Without build isolation, a package built from its source (on
# 32-bit armv7l several are: PyPI has no wheels for them) uses the venv's setuptools instead of
# fetching one unchecked.
run "$ROOT$PREFIX/venv/bin/pip" install --quiet --require-hashes --no-build-isolation \
  -r "$ROOT$PREFIX/app/systemd/requirements.lock"
run "$ROOT$PREFIX/venv/bin/pip" install --quiet --no-deps --no-build-isolation --no-index -e "$ROOT$PREFIX/app"
run "$ROOT$PREFIX/venv/bin/python" -m compileall -q "$ROOT$PREFIX/app/kiosk" "$ROOT$PREFIX/app/hardware"
run chown -R root:root "$ROOT$PREFIX"
run chmod -R go-w "$ROOT$PREFIX"

step "The table configuration in $CONF/table.toml (kept if it is there), readable by root and the kiosk only"
if [ -f "$ROOT$CONF/table.toml" ]; then
  echo "  ($CONF/table.toml is kept)"
  run chown root:kiosk "$ROOT$CONF/table.toml"
  run chmod 0640 "$ROOT$CONF/table.toml"
  if ! grep -Eq '^admin_pin *= *"[0-9]{4,8}"' "$ROOT$CONF/table.toml" \
     || grep -Eq "^admin_pin *= *\"$DEFAULT_PIN\"" "$ROOT$CONF/table.toml"; then
    echo "  Its admin_pin is the default $DEFAULT_PIN: the touchscreen asks for a new PIN at the first use"
    echo "  (or set admin_pin in $CONF/table.toml)."
  fi
else
  if [ "$DRY_RUN" = 1 ]; then echo "  (the admin menu's PIN would be asked for, or made up and printed once)"; else ask_pin; fi
  sed -e 's|^backend = "mock".*|backend = "pi"|' -e "s|^data_dir = \"var\".*|data_dir = \"$STATE\"|" \
    -e "s|^admin_pin = \"$DEFAULT_PIN\"|admin_pin = \"$PIN\"|" \
    "$APP_SRC/table.example.toml" | write_private "$CONF/table.toml"
fi

step "The cases folder $STATE/cases: a café adds Watson & Holmes cases there (sudo cp CASE.yaml); the kiosk reads them"
run mkdir -p "$ROOT$STATE/cases"
run chown kiosk:kiosk "$ROOT$STATE"
run chown root:kiosk "$ROOT$STATE/cases"
run chmod 0755 "$ROOT$STATE/cases"

step "I2C, the UART without its console, hardware PWM, the TCA9548A multiplexer"
if command -v raspi-config >/dev/null 2>&1 && [ -z "$ROOT" ] || [ -n "${RASPI_CONFIG:-}" ]; then
  RC="${RASPI_CONFIG:-raspi-config}"
  run "$RC" nonint do_i2c 0
  run "$RC" nonint do_serial_hw 0
  run "$RC" nonint do_serial_cons 1
else
  boot_line "$BOOT/config.txt" "dtparam=i2c_arm=on"
  boot_line "$BOOT/config.txt" "enable_uart=1"
  if [ -f "$ROOT$BOOT/cmdline.txt" ] && grep -q "console=serial0" "$ROOT$BOOT/cmdline.txt"; then
    run sed -i 's/console=serial0,[0-9]* //' "$ROOT$BOOT/cmdline.txt"
  fi
fi
# 400 kHz unless the maker chose a clock (1 MHz, wiring/ASSEMBLY.md): an update keeps theirs.
if [ -f "$ROOT$BOOT/config.txt" ] && grep -q "^dtparam=i2c_arm_baudrate=" "$ROOT$BOOT/config.txt"; then
  echo "  ($BOOT/config.txt already sets the I2C clock: $(grep "^dtparam=i2c_arm_baudrate=" "$ROOT$BOOT/config.txt" | tail -1))"
else
  boot_line "$BOOT/config.txt" "dtparam=i2c_arm_baudrate=400000"
fi
boot_line "$BOOT/config.txt" "dtoverlay=pwm,pin=18,func=2"
# The TCA9548A: the kernel's driver (each channel its own /dev/i2c-N), unless table.toml's [i2c] says
# mux = "user": the kiosk then switches it itself and may open several channels at once, so a write
# several seat screens take alike crosses the bus once (wiring/ASSEMBLY.md); the overlay must go.
MUX_OVERLAY="dtoverlay=i2c-mux,pca9548,addr=0x70"
MUX_MODE="$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb")).get("i2c", {}).get("mux", "kernel"))' \
  "$ROOT$CONF/table.toml" 2>/dev/null || echo kernel)"
if [ "$MUX_MODE" = user ]; then
  echo "  ($CONF/table.toml switches the multiplexer from user space: no $MUX_OVERLAY)"
  if [ -f "$ROOT$BOOT/config.txt" ] && grep -qxF "$MUX_OVERLAY" "$ROOT$BOOT/config.txt"; then
    run sed -i "\\|^$MUX_OVERLAY\$|d" "$ROOT$BOOT/config.txt"
  fi
else
  boot_line "$BOOT/config.txt" "$MUX_OVERLAY"
fi

step "A udev rule for extra USB readers (one per seat if wanted) and the touchscreen's backlight"
write /etc/udev/rules.d/99-mystery-table.rules <<'RULE'
# Mystery Table: USB-serial NFC readers belong to the dialout group and get a stable name.
SUBSYSTEM=="tty", KERNEL=="ttyUSB[0-9]*", GROUP="dialout", MODE="0660", SYMLINK+="mystery-table-reader-%n"
# The admin menu's brightness: the video group may write the panel's backlight.
SUBSYSTEM=="backlight", RUN+="/bin/chgrp video /sys%p/brightness", RUN+="/bin/chmod g+w /sys%p/brightness"
RULE

step "The admin menu may power the table off (polkit rule for the kiosk user)"
write /etc/polkit-1/rules.d/50-mystery-table.rules <<'RULE'
// Mystery Table: the touchscreen's admin menu shuts the Pi down ("systemctl poweroff" as kiosk).
polkit.addRule(function (action, subject) {
  if (subject.user == "kiosk" &&
      (action.id == "org.freedesktop.login1.power-off" ||
       action.id == "org.freedesktop.login1.power-off-multiple-sessions")) {
    return polkit.Result.YES;
  }
});
RULE

step "The service, and its network as far as $CONF/table.toml's [mqtt] and [web] need (none when both are off)"
write "$UNIT" < "$APP_SRC/systemd/mystery-table.service"
network_drop_in
run systemctl daemon-reload
run systemctl enable mystery-table.service
# As the kiosk user (table.toml is readable by root and the kiosk only), from its own folder: lgpio
# makes its notification pipes in the current folder (gpiozero issue 1106).
echo "Done. Reboot once (for I2C, the UART and the overlays); the table then starts by itself."
echo "Check it: cd $STATE && sudo -u kiosk $PREFIX/venv/bin/kiosk config check $CONF/table.toml"
echo "Then, with the service stopped (sudo systemctl stop mystery-table):"
echo "          cd $STATE && sudo -u kiosk $PREFIX/venv/bin/kiosk selftest --config $CONF/table.toml"
echo "After changing [mqtt] or [web] in $CONF/table.toml: sudo $PREFIX/app/systemd/install.sh --network"
