"""The mutant generator's parts against hand-made cases (python3 tests/mutation/test_generator.py, or pytest)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402
import sites  # noqa: E402


def test_comments_and_strings_are_masked_at_the_same_offsets():
    text = 'int a = 1; // x < y\nauto s = "a + b"; /* c\n- d */ int b = a - 1;\n'
    masked = sites.mask(text)
    assert len(masked) == len(text) and masked.count("\n") == text.count("\n")
    assert "<" not in masked and "+" not in masked and "x" not in masked
    assert masked.endswith("int b = a - 1;\n")


def test_sites_of_a_line_and_their_application():
    code = "    if (a < b) total += values[i] * 2;"
    found = {(s.kind, s.find, s.replace) for s in sites.line_sites("f.cpp", 1, code)}
    assert ("operator", " < ", " <= ") in found
    assert ("operator", " * ", " / ") in found
    assert ("operator", " += ", " -= ") in found
    assert ("constant+1", "2", "3") in found and ("constant-1", "2", "1") in found
    assert ("negated", "a < b", "!(a < b)") in found
    assert ("index+1", "i", "i + 1") in found
    negated = next(s for s in sites.line_sites("f.cpp", 1, code) if s.kind == "negated")
    assert sites.apply(code, negated) == "    if (!(a < b)) total += values[i] * 2;"


def test_no_site_in_preprocessor_lines_or_lambda_captures():
    assert sites.line_sites("f.cpp", 1, '#include <vector>') == []
    assert not [s for s in sites.line_sites("f.cpp", 1, "auto f = [&](int x) { return x; };") if s.kind == "index+1"]


def test_statements_and_returns():
    kinds = {s.kind for s in sites.line_sites("f.cpp", 1, "    out.push_back(x);")}
    assert "removed" in kinds
    assert "removed" not in {s.kind for s in sites.line_sites("f.cpp", 1, "    const int n = f(x);")}
    ret = [s for s in sites.line_sites("f.cpp", 1, "    return a * b;") if s.kind == "return"]
    assert ret and ret[0].find == "a * b" and ret[0].replace == "{}"


def test_intervals_against_published_values():
    # Clopper-Pearson for 8 of 30: 0.1228 to 0.4589; all of 60: lower bound 0.025 ** (1 / 60) = 0.9404.
    lo, hi = report.clopper_pearson(8, 30)
    assert abs(lo - 0.12279) < 1e-4 and abs(hi - 0.45889) < 1e-4
    assert abs(report.clopper_pearson(60, 60)[0] - 0.025 ** (1 / 60)) < 1e-9
    # Wilson for 8 of 30, from its formula by hand: centre 0.29316, half-width 0.15133.
    lo, hi = report.wilson(8, 30)
    assert abs(lo - 0.14183) < 1e-4 and abs(hi - 0.44448) < 1e-4


if __name__ == "__main__":  # without pytest (ctest's mutation_generator)
    for name, test in list(globals().items()):
        if name.startswith("test_"):
            test()
            print("passed", name)
