#!/usr/bin/env bash
# Printdeck agent installer (apps/agent/README.md, "Install"). The add-printer page shows the
# exact command; the device key comes on standard input, never on the command line or in a URL:
#
#   curl -fsSL https://printdeck.example/agent/install.sh -o printdeck-install.sh &&
#     echo 'DEVICE-KEY' | sudo bash printdeck-install.sh --server https://printdeck.example \
#       --octoprint http://127.0.0.1:5000
#
# It downloads the agent (one file, plain Node.js 18+), writes /etc/printdeck-agent/agent.conf
# (readable by root and the agent only), creates the system user "printdeck" and enables the
# printdeck-agent service, then waits until the agent says it reached the server (or shows its
# log). Without systemd (or with --no-service) it says how to start the agent.
# PRINTDECK_INSTALL_ROOT=DIR installs under DIR instead of / and never touches users or systemd;
# PRINTDECK_SERVICE_MANAGER=COMMAND starts and watches the agent through COMMAND (see below).
set -euo pipefail

fail() {
  echo "printdeck-install: $*" >&2
  exit 2
}

usage() {
  cat <<'USAGE'
usage: echo 'DEVICE-KEY' | sudo bash printdeck-install.sh --server URL (--octoprint URL | --moonraker URL | --prusalink URL | --bambu ADDRESS --bambu-serial SERIAL) [--no-service]

  --server URL      the Printdeck server (its PUBLIC_URL)
  --octoprint URL   OctoPrint on this machine, e.g. http://127.0.0.1:5000
  --moonraker URL   Moonraker on this machine, e.g. http://127.0.0.1:7125
  --prusalink URL   a Prusa printer's PrusaLink on this network, e.g. http://192.168.1.30;
                    its password (Settings → Network → PrusaLink on the printer) is asked on
                    the terminal, or taken from PRUSALINK_PASSWORD
  --bambu ADDRESS   a Bambu Lab printer in LAN mode on this network, e.g. 192.168.1.40
  --bambu-serial S  its serial number (Settings → Device on the printer); its access code
                    (Settings → WLAN) is asked on the terminal, or taken from BAMBU_ACCESS_CODE
  --no-service      install and configure only; do not create or start a systemd service
The device key is read from standard input.
USAGE
}

SERVER=""
OCTOPRINT=""
MOONRAKER=""
PRUSALINK=""
BAMBU=""
BAMBU_SERIAL=""
NO_SERVICE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --server) [ $# -ge 2 ] || fail "--server needs a URL"; SERVER="$2"; shift 2 ;;
    --octoprint) [ $# -ge 2 ] || fail "--octoprint needs a URL"; OCTOPRINT="$2"; shift 2 ;;
    --moonraker) [ $# -ge 2 ] || fail "--moonraker needs a URL"; MOONRAKER="$2"; shift 2 ;;
    --prusalink) [ $# -ge 2 ] || fail "--prusalink needs a URL"; PRUSALINK="$2"; shift 2 ;;
    --bambu) [ $# -ge 2 ] || fail "--bambu needs the printer's address"; BAMBU="$2"; shift 2 ;;
    --bambu-serial) [ $# -ge 2 ] || fail "--bambu-serial needs the serial number"; BAMBU_SERIAL="$2"; shift 2 ;;
    --no-service) NO_SERVICE=1; shift ;;
    --help | -h) usage; exit 0 ;;
    *) usage >&2; fail "unknown option: $1" ;;
  esac
done

URL_PATTERN='^https?://[^[:space:]"'"'"'\\]+$'
[[ "$SERVER" =~ $URL_PATTERN ]] || fail "--server must be the Printdeck address, starting with http:// or https://"
SERVER="${SERVER%/}"
GIVEN=0
for url in "$OCTOPRINT" "$MOONRAKER" "$PRUSALINK" "$BAMBU"; do [ -n "$url" ] && GIVEN=$((GIVEN + 1)); done
if [ "$GIVEN" != 1 ]; then
  fail "give either --octoprint URL, --moonraker URL, --prusalink URL or --bambu ADDRESS (exactly one)"
fi
if [ -n "$BAMBU" ]; then
  [[ "$BAMBU" =~ ^[A-Za-z0-9.-]{1,253}$ ]] || fail "--bambu must be the printer's IP address or host name"
  [[ "$BAMBU_SERIAL" =~ ^[A-Z0-9]{8,24}$ ]] || fail "--bambu-serial must be the serial number in capitals, as on the printer's screen"
else
  PRINTER_URL="$OCTOPRINT$MOONRAKER$PRUSALINK"
  [[ "$PRINTER_URL" =~ $URL_PATTERN ]] || fail "the printer address must start with http:// or https://"
fi

KEY=""
IFS= read -r KEY || true
KEY="${KEY//[[:space:]]/}"
[ -n "$KEY" ] || fail "no device key on standard input (echo 'DEVICE-KEY' | sudo bash printdeck-install.sh …)"
[[ "$KEY" =~ ^[A-Za-z0-9._~-]{1,200}$ ]] || fail "the device key on standard input is not a Printdeck device key"

# PrusaLink's password never goes on the command line: asked on the terminal (standard input
# carries the device key), or given in PRUSALINK_PASSWORD for an unattended install
PRUSALINK_PASS="${PRUSALINK_PASSWORD:-}"
if [ -n "$PRUSALINK" ] && [ -z "$PRUSALINK_PASS" ]; then
  if ! { exec 3</dev/tty; } 2>/dev/null; then
    fail "no terminal to ask for the PrusaLink password: set PRUSALINK_PASSWORD"
  fi
  read -r -s -p "PrusaLink password (on the printer: Settings → Network → PrusaLink): " PRUSALINK_PASS <&3 || true
  exec 3<&-
  echo
fi
if [ -n "$PRUSALINK" ]; then
  [ -n "$PRUSALINK_PASS" ] || fail "the PrusaLink password must not be empty"
  case "$PRUSALINK_PASS" in
    *"'"* | *\\* ) fail "the PrusaLink password has a character the config cannot hold (a quote or a backslash)" ;;
  esac
  if [[ "$PRUSALINK_PASS" =~ [[:cntrl:]] ]]; then fail "the PrusaLink password has a control character"; fi
fi

# The Bambu access code, like PrusaLink's password, is asked on the terminal or given in
# BAMBU_ACCESS_CODE; it is 8 letters or digits, so it needs no quoting in the config
BAMBU_CODE="${BAMBU_ACCESS_CODE:-}"
if [ -n "$BAMBU" ] && [ -z "$BAMBU_CODE" ]; then
  if ! { exec 3</dev/tty; } 2>/dev/null; then
    fail "no terminal to ask for the access code: set BAMBU_ACCESS_CODE"
  fi
  read -r -s -p "Access code (on the printer: Settings → WLAN, or LAN Only Mode): " BAMBU_CODE <&3 || true
  exec 3<&-
  echo
fi
if [ -n "$BAMBU" ]; then
  [[ "$BAMBU_CODE" =~ ^[A-Za-z0-9]{8}$ ]] || fail "the access code is the 8 letters or digits shown on the printer's screen"
fi

ROOT="${PRINTDECK_INSTALL_ROOT:-}"
ROOT="${ROOT%/}"

# The major version a node binary reports, or 0 when it does not run.
node_major() {
  local version
  version="$("$1" --version 2>/dev/null)" || { echo 0; return; }
  version="${version#v}"
  version="${version%%.*}"
  [[ "$version" =~ ^[0-9]+$ ]] && echo "$version" || echo 0
}

# Every node this machine has: on PATH, the system's and /usr/local's, and nvm's (the sudo
# user's, root's and every user's under /home). With PRINTDECK_INSTALL_ROOT the fixed places are
# looked up under it.
node_candidates() {
  command -v node 2>/dev/null || true
  local dir home
  for dir in /usr/local/bin /usr/bin /opt/nodejs/bin; do echo "$ROOT$dir/node"; done
  ls -d "$ROOT"/usr/local/lib/nodejs/*/bin/node 2>/dev/null || true
  for home in "${NVM_DIR:-}" "$HOME/.nvm" "$ROOT/root/.nvm" "$ROOT"/home/*/.nvm; do
    [ -n "$home" ] && ls -d "$home"/versions/node/*/bin/node 2>/dev/null || true
  done
  if [ -n "${SUDO_USER:-}" ]; then
    home="$(getent passwd "$SUDO_USER" 2>/dev/null | cut -d: -f6)"
    [ -n "$home" ] && ls -d "$home"/.nvm/versions/node/*/bin/node 2>/dev/null || true
  fi
}

# The newest node of 18 or later; the versions seen go to TOO_OLD when none is new enough.
NODE=""
NODE_MAJOR=0
TOO_OLD=""
while IFS= read -r candidate; do
  [ -n "$candidate" ] && [ -x "$candidate" ] || continue
  major="$(node_major "$candidate")"
  if [ "$major" -ge 18 ] && [ "$major" -gt "$NODE_MAJOR" ]; then
    NODE="$candidate"
    NODE_MAJOR="$major"
  elif [ "$major" -gt 0 ] && [ "$major" -lt 18 ]; then
    TOO_OLD="$TOO_OLD $candidate (Node.js $major)"
  fi
done < <(node_candidates | awk '!seen[$0]++')

if [ -z "$NODE" ]; then
  {
    if [ -n "$TOO_OLD" ]; then
      echo "printdeck-install: the agent needs Node.js 18 or newer; found only:$TOO_OLD"
    else
      echo "printdeck-install: the agent needs Node.js 18 or newer, and this computer has none."
    fi
    cat <<'HOWTO'
Install Node.js 22, then run this command again:
  Debian 12, Raspberry Pi OS (bookworm), MainsailOS, FluiddPi and other Klipper images:
    curl -fsSL https://deb.nodesource.com/setup_22.x | sudo bash - && sudo apt-get install -y nodejs
  Debian 11, Raspberry Pi OS (bullseye), OctoPi: the same two commands (their own nodejs is 12, too old).
  Or, without root: curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/v0.40.3/install.sh | bash
    then open a new shell and run: nvm install 22 (the installer finds nvm's Node.js).
HOWTO
  } >&2
  exit 2
fi
echo "Using Node.js $("$NODE" --version) at $NODE"

if [ -z "$ROOT" ] && [ "$(id -u)" != 0 ]; then
  fail "run it as root (sudo bash printdeck-install.sh …)"
fi
APP_DIR="$ROOT/opt/printdeck-agent"
CONF_DIR="$ROOT/etc/printdeck-agent"
STATE_DIR="$ROOT/var/lib/printdeck-agent"
BUNDLE="$APP_DIR/printdeck-agent.cjs"
CONF="$CONF_DIR/agent.conf"

download() {
  if command -v curl >/dev/null; then
    curl -fsSL --proto '=http,https' "$1" -o "$2"
  elif command -v wget >/dev/null; then
    wget -q -O "$2" "$1"
  else
    fail "curl or wget is needed to download the agent"
  fi
}

mkdir -p "$APP_DIR" "$CONF_DIR" "$STATE_DIR"
echo "Downloading the Printdeck agent from $SERVER …"
download "$SERVER/agent/printdeck-agent.cjs" "$BUNDLE.new" || fail "cannot download $SERVER/agent/printdeck-agent.cjs"
"$NODE" "$BUNDLE.new" --version >/dev/null || fail "the downloaded agent does not run with $("$NODE" --version)"
mv "$BUNDLE.new" "$BUNDLE"
chmod 755 "$BUNDLE"

# The service runs with ProtectHome=true: a node under /home or /root (nvm's) is out of its
# sight, so the agent gets its own copy (one self-contained file) next to the bundle.
case "$NODE" in
  /home/* | /root/* | /run/user/* | "$ROOT"/home/* | "$ROOT"/root/*)
    cp "$NODE" "$APP_DIR/node.new"
    chmod 755 "$APP_DIR/node.new"
    mv "$APP_DIR/node.new" "$APP_DIR/node"
    echo "Copied $NODE to $APP_DIR/node (the service cannot see home folders)"
    NODE="$APP_DIR/node"
    ;;
esac

if [ -n "$OCTOPRINT" ]; then PRINTER_LINE="OCTOPRINT_URL=$OCTOPRINT"
elif [ -n "$BAMBU" ]; then PRINTER_LINE="BAMBU_HOST=$BAMBU
BAMBU_SERIAL=$BAMBU_SERIAL
BAMBU_ACCESS_CODE=$BAMBU_CODE"
elif [ -n "$PRUSALINK" ]; then PRINTER_LINE="PRUSALINK_URL=$PRUSALINK
PRUSALINK_PASSWORD='$PRUSALINK_PASS'"
else PRINTER_LINE="MOONRAKER_URL=$MOONRAKER"; fi
(
  umask 077
  cat >"$CONF.new" <<CONF
# Printdeck agent configuration, written by printdeck-install.sh
PRINTDECK_SERVER=$SERVER
PRINTDECK_KEY=$KEY
$PRINTER_LINE
PRINTDECK_STATE_DIR=/var/lib/printdeck-agent
CONF
)
if [ -n "$ROOT" ]; then
  sed -i "s#^PRINTDECK_STATE_DIR=.*#PRINTDECK_STATE_DIR=$STATE_DIR#" "$CONF.new"
fi
mv "$CONF.new" "$CONF"
echo "Wrote $CONF"

# The service manager: systemd; or PRINTDECK_SERVICE_MANAGER=COMMAND (another init system, the
# tests), called as `COMMAND start`, `COMMAND state` (prints active, activating or failed) and
# `COMMAND log` (its last lines). Without either the installer says how to start the agent.
SERVICE_MANAGER="${PRINTDECK_SERVICE_MANAGER:-}"
HAS_SYSTEMD=0
if [ -z "$ROOT" ] && [ "$NO_SERVICE" = 0 ] && command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
  HAS_SYSTEMD=1
fi
if [ "$NO_SERVICE" = 1 ] || { [ "$HAS_SYSTEMD" = 0 ] && [ -z "$SERVICE_MANAGER" ]; }; then
  echo "Installed without a service. Start the agent with:"
  echo "  $NODE $BUNDLE --config $CONF"
  exit 0
fi

if [ -z "$SERVICE_MANAGER" ]; then
  if ! id printdeck >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/printdeck-agent --no-create-home --shell /usr/sbin/nologin printdeck
  fi
  chown -R printdeck:printdeck "$STATE_DIR"
  chown root:printdeck "$CONF"
  chmod 640 "$CONF"
  download "$SERVER/agent/printdeck-agent.service" /etc/systemd/system/printdeck-agent.service.new
  sed -i "s#^ExecStart=/usr/bin/env node #ExecStart=$NODE #" /etc/systemd/system/printdeck-agent.service.new
  mv /etc/systemd/system/printdeck-agent.service.new /etc/systemd/system/printdeck-agent.service
  systemctl daemon-reload
  systemctl enable printdeck-agent >/dev/null
fi

STARTED_AT="$(date +%s)"
service_start() {
  if [ -n "$SERVICE_MANAGER" ]; then "$SERVICE_MANAGER" start; else systemctl restart printdeck-agent; fi
}
service_state() {
  if [ -n "$SERVICE_MANAGER" ]; then "$SERVICE_MANAGER" state 2>/dev/null || echo unknown
  else systemctl show -p ActiveState --value printdeck-agent 2>/dev/null || echo unknown; fi
}
service_log() {
  if [ -n "$SERVICE_MANAGER" ]; then "$SERVICE_MANAGER" log
  else journalctl -u printdeck-agent --since "@$STARTED_AT" -n 15 --no-pager -o cat; fi
}
LOG_HINT="journalctl -u printdeck-agent -f"
[ -n "$SERVICE_MANAGER" ] && LOG_HINT="$SERVICE_MANAGER log"

# The agent writes its link to the server to $STATE_DIR/connection ("connected <time>"): the
# service must run and reach the server; otherwise show why, from its own log.
rm -f "$STATE_DIR/connection"
service_start
show_log() {
  echo "Its last log lines ($LOG_HINT):" >&2
  service_log >&2 || true
}
WAIT_SECONDS="${PRINTDECK_CONNECT_WAIT_SECONDS:-30}"
for _ in $(seq 1 "$WAIT_SECONDS"); do
  sleep 1
  if grep -q '^connected' "$STATE_DIR/connection" 2>/dev/null; then
    echo "The Printdeck agent is running and connected to $SERVER. Logs: $LOG_HINT"
    exit 0
  fi
  state="$(service_state)"
  if [ "$state" != active ] && [ "$state" != activating ]; then
    echo "printdeck-install: the printdeck-agent service did not stay running." >&2
    show_log
    exit 1
  fi
done
echo "printdeck-install: the agent runs but has not connected to $SERVER within $WAIT_SECONDS s." >&2
show_log
echo "Check that this computer can reach $SERVER (curl -I $SERVER/api/health)." >&2
exit 1
