"""Generated text of docs/privacy-engine.md's audit table, from results/audit/ (recorded by results/record_audit.py)."""
import csv
import json
import os

FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "audit")
NAMES = {"smooth Gaussian": "smooth-sensitivity Gaussian", "Gaussian, REFERENCE MODE": "Gaussian, **reference mode**"}


def audit_table():
    """Claimed ε → certified lower bound per mechanism; a violated claim in bold."""
    if not os.path.exists(os.path.join(FOLDER, "meta.json")):
        return "Not recorded yet (`python3 results/record_audit.py`).\n"
    rows = list(csv.DictReader(open(os.path.join(FOLDER, "runs.csv"), newline="", encoding="utf-8")))
    meta = json.load(open(os.path.join(FOLDER, "meta.json")))
    claims = list(dict.fromkeys(r["claimed"] for r in rows))
    lines = ["| mechanism | " + " | ".join(f"ε = {float(c):g}" for c in claims) + " |", "|---" * (1 + len(claims)) + "|"]

    def cell(r):
        shown = f"{float(r['lower']):.3f}"
        return f"**{shown} — claim violated**" if r["verdict"] != "consistent" else shown
    for mechanism in dict.fromkeys(r["mechanism"] for r in rows):
        mine = {r["claimed"]: r for r in rows if r["mechanism"] == mechanism}
        lines.append(f"| {NAMES.get(mechanism, mechanism)} | " + " | ".join(cell(mine[c]) for c in claims) + " |")
    return ("\n".join(lines) + f"\n\nδ = {rows[0]['delta']}; {meta['setup']}. From `results/audit/` (`{meta['command']}`, "
            f"commit {meta['commit'][:7]}, {meta['date'][:10]}, {meta['wall_seconds']:g} s).\n")


GENERATORS = {"privacy-audit-table": audit_table}
