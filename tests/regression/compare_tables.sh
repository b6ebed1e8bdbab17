#!/bin/sh
# Compares the run tables (*.csv) of two output directories of shipped_specs.sh byte for byte, leaving out the
# columns that measure time (seconds, *_seconds, *_gflops and their _mean/_std/_count), and prints the first differing
# lines of any that differ. Exit 0 when all are identical.
set -u
status=0
untimed() {  # the CSV without its timing columns (the tables quote no commas in these files' headers' names)
  python3 - "$1" <<'PY'
import csv, re, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
keep = [i for i, name in enumerate(rows[0]) if not re.search(r"(^|_)(seconds|gflops)(_mean|_std|_count)?$", name)]
w = csv.writer(sys.stdout, lineterminator="\n")
for r in rows:
    w.writerow([r[i] for i in keep if i < len(r)])
PY
}
for before in "$1"/*.csv; do
  name=$(basename "$before")
  after=$2/$name
  if [ ! -f "$after" ]; then echo "missing: $after"; status=1; continue; fi
  untimed "$before" >/tmp/compare.before.$$; untimed "$after" >/tmp/compare.after.$$
  if cmp -s /tmp/compare.before.$$ /tmp/compare.after.$$; then echo "identical: $name ($(wc -l <"$before") lines)"
  else echo "DIFFERENT: $name"; diff /tmp/compare.before.$$ /tmp/compare.after.$$ | head -6; status=1; fi
done
rm -f /tmp/compare.before.$$ /tmp/compare.after.$$
exit $status
