"""Which sources a sampled mutant may touch, and which tests cover each (read off tests/CMakeLists.txt).

core/: each module's own tests, as tests/CMakeLists.txt registers them (tests/core/MODULE/tst_*.cpp); app/pxrun's
argument parsing and usage table: the tests that parse command lines (PXRUN_TESTS). app/pxstudio
(its logic, not the window's code) and widgets/: the app tests whose source names the file's class, else the
tests that open the whole window. core/neural is left out: its tests need LibTorch (PX_NEURAL), off in the trees
this runs in. Only .cpp files: a header's mutant rebuilds most of the tree.
"""
import glob
import os
import re

CORE_TESTS = {
    "attack": ["tst_attack"],
    "common": ["tst_common"],
    "dataset": ["tst_dataset", "tst_label_sources"],
    "depthlab": ["tst_depthlab", "tst_forensics"],
    "experiment": ["tst_experiment", "tst_evaluation", "tst_durability", "tst_density_store", "tst_csv"],
    "generators": ["tst_generators"],
    "graph": ["tst_graph"],
    "hom": ["tst_hom", "tst_density_matrix", "tst_dense_hom"],
    "io": ["tst_loaders", "tst_label_sources", "tst_hostile", "tst_limits", "tst_gin", "tst_csv", "tst_gml"],
    "learn": ["tst_learn", "tst_neighbour_memo", "tst_forest"],
    "patterns": ["tst_patterns"],
    "privacy": ["tst_accounting", "tst_sensitivity", "tst_samplers", "tst_mechanism", "tst_audit", "tst_dprr"],
}
# The app's logic: settings, session, lessons, view keys and states, journal, export, the controller.
APP_LOGIC = ["DepthSettings", "ExplorerController", "ExplorerJournal", "ExplorerResultsTable", "ExplorerSettings", "Lesson",
             "LessonExpect", "SessionModel", "SettingsChange", "SettingsRules", "ViewExporter", "ViewKeys", "ViewPresenter", "ViewState"]
APP_DEFAULT_TESTS = ["tst_mainwindow", "tst_sessions", "tst_lessons", "tst_onetruth"]
WIDGET_DEFAULT_TESTS = ["tst_figures", "tst_previews", "tst_mainwindow"]
APP_TEST_SOURCES = ["tests/app/pxstudio/tst_*.cpp", "tests/widgets/tst_*.cpp"]
# pxrun's argument parsing and usage table, with the tests that parse generated command lines and run pxrun.
PXRUN_TESTS = {"Args": ["tst_pxrun_args", "tst_pxrun"], "Usage": ["tst_pxrun_args", "tst_pxrun"],
               "UsageTable": ["tst_pxrun_args", "tst_pxrun"]}


def registered_tests(root):
    """The test names tests/CMakeLists.txt registers (px_add_test, add_test and the app loop)."""
    text = open(os.path.join(root, "tests", "CMakeLists.txt"), encoding="utf-8").read()
    names = set(re.findall(r"px_add_test\((\w+)", text)) | set(re.findall(r"add_test\(NAME (\w+)", text))
    loop = re.search(r"foreach\(name ([\w ]+)\)\n  if\(name STREQUAL \"figures\"", text)
    if loop:
        names |= {"tst_" + n for n in loop.group(1).split()}
    return names


def sources(root):
    """The .cpp files mutants may touch, relative to root."""
    files = [f for f in glob.glob(os.path.join(root, "core", "*", "*.cpp")) if "/neural/" not in f]
    files += [os.path.join(root, "app", "pxstudio", n + ".cpp") for n in APP_LOGIC]
    files += glob.glob(os.path.join(root, "widgets", "*.cpp"))
    files += [os.path.join(root, "app", "pxrun", n + ".cpp") for n in PXRUN_TESTS]
    return sorted(os.path.relpath(f, root) for f in files if os.path.exists(f) and not os.path.basename(f).startswith("tst_"))


def covering_tests(root, path):
    """The tests that cover the source file `path` (relative to root), by the table above."""
    parts = path.split("/")
    known = registered_tests(root)
    if parts[0] == "core":
        tests = CORE_TESTS.get(parts[1], [])
    elif parts[:2] == ["app", "pxrun"]:
        tests = PXRUN_TESTS.get(os.path.splitext(parts[-1])[0], [])
    else:
        name = os.path.splitext(parts[-1])[0]
        tests = sorted({os.path.splitext(os.path.basename(t))[0]
                        for pattern in APP_TEST_SOURCES for t in glob.glob(os.path.join(root, pattern))
                        if re.search(r"\b" + name + r"\b", open(t, encoding="utf-8").read())})
        if not tests:
            tests = APP_DEFAULT_TESTS if parts[0] == "app" else WIDGET_DEFAULT_TESTS
    return [t for t in tests if t in known]


def test_seconds(root):
    """Each test's duration in the last recorded run of the test command (results/test-command/*/tests.csv)."""
    runs = sorted(glob.glob(os.path.join(root, "results", "test-command", "*", "tests.csv")))
    seconds = {}
    if runs:
        for row in open(runs[-1], encoding="utf-8").read().splitlines()[1:]:
            name, secs, _ = row.split(",")
            seconds[name] = float(secs)
    return seconds
