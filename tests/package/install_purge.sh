#!/bin/sh
# Installs a pxstudio .deb with dpkg into a scratch root with a scratch package database (--instdir,
# --admindir: the machine's own files and database are not touched; --force-script-chrootless runs the
# maintainer scripts here with DPKG_ROOT set to the scratch root, as they support), imports the Python package
# as root would (which writes __pycache__), then purges it and checks that nothing is left: no file of the
# package, no __pycache__, no folder.
#   tests/package/install_purge.sh PACKAGE.deb
# Needs root (dpkg sets owners) and dpkg: without them it says "not run" and exits 0.
set -eu
deb=$1
if [ "$(id -u)" -ne 0 ] || ! command -v dpkg > /dev/null; then
    echo "install and purge: NOT RUN (needs root and dpkg; run the test as root to check that purge leaves nothing)"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
root="$work/root" admin="$work/admin"
mkdir -p "$root" "$admin/info" "$admin/updates" "$admin/triggers"
: > "$admin/status"
dpkg_here() { dpkg --instdir="$root" --admindir="$admin" --force-script-chrootless --log=/dev/null "$@"; }

# Depends are not in the scratch database: the machine's libraries and python3 stand in for them.
dpkg_here --force-depends -i "$deb" > "$work/install.log" 2>&1 || { cat "$work/install.log"; fail "dpkg -i"; }
dpkg --admindir="$admin" -L pxstudio > "$work/owned"
dpkg --admindir="$admin" -s pxstudio | grep -q "^Status: install ok installed" || fail "pxstudio not installed"
echo "installed into a scratch root: $(wc -l < "$work/owned") paths"

site="$root/usr/lib/python3/dist-packages"
version=$(dpkg-deb -f "$deb" Version)
# as a user would run it: writing bytecode (this environment may say otherwise)
env -u PYTHONDONTWRITEBYTECODE PYTHONPATH="$site" /usr/bin/python3 -c "import importlib.metadata as m, pxstudio, pxstudio._graphs
assert pxstudio.__file__.startswith('$site'), pxstudio.__file__
assert m.version('pxstudio') == '$version', m.version('pxstudio')" || fail "import pxstudio and importlib.metadata.version"
env -u PYTHONDONTWRITEBYTECODE PYTHONPATH="$site" /usr/bin/python3 -O -c "import pxstudio" || fail "python3 -O -c 'import pxstudio'"
caches=$(find "$root" -name __pycache__ | wc -l)
pycs=$(find "$root" -name "*.pyc" | wc -l)
[ "$caches" -gt 0 ] && [ "$pycs" -gt 0 ] || fail "python3 left no __pycache__ to clean up: the check would prove nothing"
echo "python3 imported pxstudio $version (importlib.metadata) and left $pycs .pyc files in $caches __pycache__ folders"

dpkg_here --purge pxstudio > "$work/purge.log" 2>&1 || { cat "$work/purge.log"; fail "dpkg --purge"; }
left=$(cd "$root" && find . -mindepth 1 | sort)
if [ -n "$left" ]; then
    echo "$left" | head -20 >&2
    fail "dpkg --purge left $(echo "$left" | wc -l) paths in the scratch root"
fi
while read -r path; do  # belt and braces: the package's own list
    [ "$path" = "/." ] || [ ! -e "$root$path" ] || fail "$path left behind"
done < "$work/owned"
dpkg --admindir="$admin" -s pxstudio > /dev/null 2>&1 && fail "pxstudio still known to the scratch database"
echo "purged: nothing left (no file of the package, no __pycache__, no folder)"
