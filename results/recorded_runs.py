"""The folders a batch recorder (record.record_batch) writes, results/PREFIX/ROW/, as the table generators read them:
whether a row is recorded, its meta.json, its tables (CSV) and pxrun's JSON."""
import csv
import json
import os

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


class RecordedRuns:
    def __init__(self, prefix):
        self.prefix = prefix

    def folder(self, row):
        return os.path.join(ROOT, "results", self.prefix, row)

    def recorded(self, row):
        return os.path.exists(os.path.join(self.folder(row), "meta.json"))

    def meta(self, row):
        return self.json(row, "meta.json")

    def json(self, row, name):
        return json.load(open(os.path.join(self.folder(row), name)))

    def table(self, row, name="sweep-summary.csv"):
        return list(csv.DictReader(open(os.path.join(self.folder(row), name), newline="", encoding="utf-8")))


def published(name):
    """A table of results/published/ by its data set: {dataset: row}."""
    return {r["dataset"]: r for r in csv.DictReader(open(os.path.join(ROOT, "results", "published", name), newline="", encoding="utf-8"))}
