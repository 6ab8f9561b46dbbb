#!/usr/bin/env bash
# Mystery Table: install the kiosk on Raspberry Pi OS (Bookworm, Lite or desktop) on a Pi 3B+, 4 or 5.
#
#   sudo systemd/install.sh              install or update (idempotent: run it again after a git pull)
#   sudo systemd/install.sh --dry-run    print every step, change nothing
#   sudo systemd/install.sh --uninstall  stop and remove the service (games and settings are kept)
#   --root DIR                           work on a system mounted at DIR (an SD card, or the tests)
set -euo pipefail

ACTION=install
DRY_RUN=0
ROOT=""
while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --uninstall) ACTION=uninstall ;;
    --root) ROOT="${2:?--root needs a folder}"; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

APP_SRC="$(cd "$(dirname "$0")/.." && pwd)"
PREFIX=/opt/mystery-table
STATE=/var/lib/mystery-table
CONF=/etc/mystery-table
UNIT=/etc/systemd/system/mystery-table.service
KIOSK_GROUPS="gpio i2c spi dialout video render input"
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
line_in() {  # make sure a line is in a file (config.txt, cmdline.txt)
  local file="$ROOT$1" text="$2"
  if [ -f "$file" ] && grep -qxF "$text" "$file"; then echo "  ($1 already has: $text)"; return; fi
  echo "+ append to $1: $text"
  if [ "$DRY_RUN" = 0 ]; then printf '%s\n' "$text" >> "$file"; fi
}

if [ "$DRY_RUN" = 0 ] && [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
  echo "install.sh: run it as root (sudo), or with --dry-run to see the steps" >&2
  exit 1
fi

if [ "$ACTION" = uninstall ]; then
  step "Stopping and removing the service (games in $STATE and settings in $CONF are kept)"
  run systemctl disable --now mystery-table.service || true
  run rm -f "$ROOT$UNIT" "$ROOT/etc/udev/rules.d/99-mystery-table.rules" \
    "$ROOT/etc/polkit-1/rules.d/50-mystery-table.rules"
  run systemctl daemon-reload
  exit 0
fi

step "Debian packages"
run apt-get update
run apt-get install -y python3 python3-venv python3-dev i2c-tools git

step "The kiosk user and its groups: $KIOSK_GROUPS"
for group in $KIOSK_GROUPS; do run groupadd -f --system "$group"; done
if [ -n "$ROOT" ] || ! id kiosk >/dev/null 2>&1; then
  run useradd --system --home-dir "$STATE" --shell /usr/sbin/nologin --user-group kiosk || true
fi
run usermod -a -G "${KIOSK_GROUPS// /,}" kiosk

step "The application in $PREFIX, with the Raspberry Pi extras (lgpio works on every Pi, the Pi 5 too)"
run mkdir -p "$ROOT$PREFIX"
run mkdir -p "$ROOT$PREFIX/app"
# The source without its local virtual environment, games or caches.
run tar -C "$APP_SRC" --exclude=./.venv --exclude=./var --exclude=./.git --exclude='*/__pycache__' -cf "$ROOT$PREFIX/app.tar" .
run tar -C "$ROOT$PREFIX/app" -xf "$ROOT$PREFIX/app.tar"
run rm -f "$ROOT$PREFIX/app.tar"
run python3 -m venv "$ROOT$PREFIX/venv"
run "$ROOT$PREFIX/venv/bin/pip" install --quiet --upgrade pip
run "$ROOT$PREFIX/venv/bin/pip" install --quiet -e "$ROOT$PREFIX/app[pi]"

step "The table configuration in $CONF/table.toml (kept if it is there)"
if [ -f "$ROOT$CONF/table.toml" ]; then
  echo "  ($CONF/table.toml is kept)"
else
  sed -e 's|^backend = "mock".*|backend = "pi"|' -e "s|^data_dir = \"var\".*|data_dir = \"$STATE\"|" \
    "$APP_SRC/table.example.toml" | write "$CONF/table.toml"
fi

step "I2C, the UART without its console, hardware PWM, the TCA9548A multiplexer"
if command -v raspi-config >/dev/null 2>&1 && [ -z "$ROOT" ] || [ -n "${RASPI_CONFIG:-}" ]; then
  RC="${RASPI_CONFIG:-raspi-config}"
  run "$RC" nonint do_i2c 0
  run "$RC" nonint do_serial_hw 0
  run "$RC" nonint do_serial_cons 1
else
  line_in "$BOOT/config.txt" "dtparam=i2c_arm=on"
  line_in "$BOOT/config.txt" "enable_uart=1"
  if [ -f "$ROOT$BOOT/cmdline.txt" ] && grep -q "console=serial0" "$ROOT$BOOT/cmdline.txt"; then
    run sed -i 's/console=serial0,[0-9]* //' "$ROOT$BOOT/cmdline.txt"
  fi
fi
line_in "$BOOT/config.txt" "dtparam=i2c_arm_baudrate=400000"
line_in "$BOOT/config.txt" "dtoverlay=pwm,pin=18,func=2"
line_in "$BOOT/config.txt" "dtoverlay=i2c-mux,pca9548,addr=0x70"

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

step "The service"
write "$UNIT" < "$APP_SRC/systemd/mystery-table.service"
run systemctl daemon-reload
run systemctl enable mystery-table.service
echo "Done. Reboot once (for I2C, the UART and the overlays); the table then starts by itself."
echo "Check it: kiosk config check $CONF/table.toml; kiosk selftest --config $CONF/table.toml"
