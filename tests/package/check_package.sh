#!/bin/sh
# Builds the Debian package from a build tree and checks it as a user would meet it:
#   tests/package/check_package.sh BUILD_DIR
# cpack makes pxstudio_VERSION_ARCH.deb; dpkg-deb lists its files and fields (Depends computed by
# dpkg-shlibdeps); lintian runs if installed; dpkg -x unpacks it into a scratch root, where pxrun, pxstudio
# (offscreen, for a few seconds) and the trained networks' library run from the package's own files; man
# renders both pages at 80 columns with every option of --help (check_manual.py); the completion offers what
# pxrun accepts (check_completion.sh); appstreamcli validates the metainfo if installed. As root, dpkg installs
# the package into a scratch root with a scratch database (the machine's own is not touched), python3 imports
# it and finds its version, and dpkg --purge must leave nothing behind, no __pycache__ either. The build tree
# is the test's: a package for other machines is built with -DPX_NATIVE=OFF (README "Install as a Debian
# package").
set -eu
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out" > "$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack"; }
deb=$(ls "$work"/out/pxstudio_*_*.deb) || fail "no pxstudio_VERSION_ARCH.deb"
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"

dpkg-deb -I "$deb" > "$work/info"
depends=$(sed -n 's/^ Depends: //p' "$work/info")
echo "Depends: $depends"
for needed in libqt6widgets6 libtbb libtorch python3-numpy libc6; do
    echo "$depends" | grep -q "$needed" || fail "Depends lacks $needed"
done
recommends=$(sed -n 's/^ Recommends: //p' "$work/info")
echo "Recommends: $recommends"
for module in sklearn pandas distributed; do  # what the Python package imports when asked to (distributed: dask's)
    grep -rqE "^\s*(import|from) $module\b" "$build/python/pxstudio" || fail "the Python package no longer imports $module"
    echo "$recommends" | grep -q "python3-$module" || fail "Recommends lacks python3-$module"
done
echo "$recommends" | grep -q "python3-dask" || fail "Recommends lacks python3-dask"
for script in postinst prerm postrm; do
    grep -qE "^ +[0-9]+ bytes, +[0-9]+ lines +\* +$script " "$work/info" || fail "the package has no executable $script"
done

dpkg-deb -c "$deb" | awk '{print $6}' > "$work/files"
version=$(dpkg-deb -f "$deb" Version)
for f in ./usr/bin/pxstudio ./usr/bin/pxrun ./usr/lib/pxstudio/libpx_neural.so \
         ./usr/share/applications/org.pxstudio.PXStudio.desktop ./usr/share/metainfo/org.pxstudio.PXStudio.metainfo.xml \
         ./usr/share/icons/hicolor/scalable/apps/pxstudio.svg ./usr/share/icons/hicolor/48x48/apps/pxstudio.png \
         ./usr/share/man/man1/pxrun.1.gz ./usr/share/man/man1/pxstudio.1.gz ./usr/share/bash-completion/completions/pxrun \
         ./usr/share/pxstudio/specs/builtin-sbm-quick.json ./usr/share/pxstudio/lessons/01-what-densities-see.json \
         ./usr/lib/python3/dist-packages/pxstudio/__init__.py \
         "./usr/lib/python3/dist-packages/pxstudio-$version.dist-info/METADATA"; do
    grep -qx "$f" "$work/files" || fail "the package lacks $f"
done
grep -q "^./usr/lib/python3/dist-packages/pxstudio/_pxstudio.*\.so$" "$work/files" || fail "the package lacks the Python module"
echo "files: $(wc -l < "$work/files") entries, every expected one present"

if command -v lintian > /dev/null; then
    lintian --tag-display-limit 0 "$deb" 2>&1 | grep -E "^[EW]:" > "$work/lintian" || true
    cat "$work/lintian"
    [ ! -s "$work/lintian" ] || fail "lintian reports errors or warnings"
    echo "lintian: no error, no warning"
else
    echo "lintian: not installed (apt-get install lintian), not run"
fi

root="$work/root"
dpkg -x "$deb" "$root"
"$root/usr/bin/pxrun" --version | head -1 | grep -q "^pxrun " || fail "pxrun --version"
"$root/usr/bin/pxrun" info builtin:sbm-cycles > "$work/info.txt" || fail "pxrun info builtin:sbm-cycles"
"$root/usr/bin/pxstudio" --version | grep -q "PXStudio\|pxstudio" || fail "pxstudio --version"
# the trained networks from the package's own library (not the build tree's)
printf '%s' '{"dataset": "builtin:sbm-cycles", "learner": {"kind": "gin", "epochs": 1, "hidden": 8, "layers": 1},
 "mechanisms": [{"mechanism": "rr"}], "budget": {"axis": "epsilon", "values": [1]}, "noise_seeds": [1],
 "pattern_seeds": [1], "attack": false, "controls": false}' > "$work/gin.json"
LD_DEBUG=files "$root/usr/bin/pxrun" sweep "$work/gin.json" --out "$work/gin" > "$work/gin.log" 2>&1 || { tail -5 "$work/gin.log"; fail "a GIN sweep from the package"; }
grep -q "file=$root/usr/bin/../lib/pxstudio/libpx_neural.so" "$work/gin.log" || fail "the GIN did not load the package's libpx_neural.so"
PYTHONPATH="$root/usr/lib/python3/dist-packages" /usr/bin/python3 -B -c "import pxstudio, sys, importlib.metadata as m
sys.exit(not pxstudio.__file__.startswith('$root') or m.version('pxstudio') != '$version')" \
    || fail "import pxstudio from the package, and importlib.metadata.version('pxstudio') == $version"
set +e
HOME="$work/home" QT_QPA_PLATFORM=offscreen timeout 5 "$root/usr/bin/pxstudio" > "$work/app.log" 2>&1
status=$?
set -e
[ "$status" -eq 124 ] || { cat "$work/app.log"; fail "pxstudio offscreen exited with $status before 5 s"; }
echo "ran from the package: pxrun --version, pxrun info builtin:sbm-cycles, a GIN sweep (its library), import pxstudio (version $version from its metadata), pxstudio --version, pxstudio offscreen for 5 s"

/usr/bin/python3 "$here/check_manual.py" "$root/usr/share/man/man1/pxrun.1.gz" "$root/usr/bin/pxrun" || fail "man page pxrun"
/usr/bin/python3 "$here/check_manual.py" "$root/usr/share/man/man1/pxstudio.1.gz" "$root/usr/bin/pxstudio" --help-all || fail "man page pxstudio"
bash "$here/check_completion.sh" "$root/usr/bin/pxrun" "$root/usr/share/bash-completion/completions/pxrun" || fail "bash completion"
if command -v appstreamcli > /dev/null; then
    appstreamcli validate --no-net "$root/usr/share/metainfo/org.pxstudio.PXStudio.metainfo.xml" || fail "appstreamcli validate"
else
    echo "appstreamcli: not installed, not run"
fi
sh "$here/install_purge.sh" "$deb" || fail "install and purge"
echo "package checked"
