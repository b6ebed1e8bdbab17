"""The score of a sampled mutation run with its 95 % intervals, and the tables of results/mutation/."""
import csv
import math
import os


def wilson(k, n, z=1.959964):
    """Wilson's score interval for k successes in n trials [Wilson 1927]."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def binomial_cdf(k, n, p):
    return sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1))


def clopper_pearson(k, n, alpha=0.05):
    """The exact interval [Clopper & Pearson 1934]: p where P(X >= k) = alpha/2 and P(X <= k) = alpha/2, by bisection."""
    if n == 0:
        return (0.0, 1.0)

    def solve(f):  # f falls from positive to negative on [0, 1]
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if f(mid) > 0 else (lo, mid)
        return (lo + hi) / 2

    lower = 0.0 if k == 0 else solve(lambda p: alpha / 2 - (1 - binomial_cdf(k - 1, n, p)))
    upper = 1.0 if k == n else solve(lambda p: binomial_cdf(k, n, p) - alpha / 2)
    return (lower, upper)


def write(out, outcomes, header_lines):
    """outcomes: dicts with key, file, line, mutation, tests, verdict, reason. Writes mutants.csv and report.md."""
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "mutants.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["file", "line", "kind", "find", "replace", "tests", "verdict", "seconds", "equivalent_reason"])
        for o in outcomes:
            w.writerow([o["file"], o["line"], o["kind"], o["find"], o["replace"], " ".join(o["tests"]), o["verdict"],
                        f"{o['seconds']:.0f}", o.get("reason", "")])
    killed = sum(o["verdict"] in ("killed", "timeout") for o in outcomes)
    survived = [o for o in outcomes if o["verdict"] == "survived"]
    equivalent = [o for o in outcomes if o["verdict"] == "equivalent"]
    invalid = sum(o["verdict"] == "invalid" for o in outcomes)
    n = killed + len(survived)
    lines = list(header_lines)
    if n:
        cp, wi = clopper_pearson(killed, n), wilson(killed, n)
        lines.append(f"**Score: {killed} of {n} killed ({100 * killed / n:.0f} %)**; 95 % interval "
                     f"{100 * cp[0]:.0f}–{100 * cp[1]:.0f} % (Clopper–Pearson), {100 * wi[0]:.0f}–{100 * wi[1]:.0f} % (Wilson).")
    lines.append(f"Not counted: {invalid} that do not compile, {len(equivalent)} equivalent (tests/mutation/equivalent.json).")
    lines += ["", "## Survivors", "", "| file:line | mutation | tests run |", "|---|---|---|"]
    lines += [f"| {o['file']}:{o['line']} | {o['kind']}: `{o['find'].strip()}` → `{o['replace'].strip()}` | "
              f"{' '.join(o['tests'])} |" for o in survived]
    if equivalent:
        lines += ["", "## Equivalent (not counted)", "", "| file:line | mutation | why |", "|---|---|---|"]
        lines += [f"| {o['file']}:{o['line']} | {o['kind']}: `{o['find'].strip()}` → `{o['replace'].strip()}` | {o['reason']} |"
                  for o in equivalent]
    open(os.path.join(out, "report.md"), "w", encoding="utf-8").write("\n".join(lines) + "\n")
    return "\n".join(lines)
