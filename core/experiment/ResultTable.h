#pragma once
// A tidy result table: one row per run, one column per parameter or metric. Cells are JSON
// values (numbers, strings, booleans). Exports as RFC 4180 CSV (io/Csv.h: a string holding commas, quotes or
// line breaks is quoted and reads back whole); shards of a sweep merge by concatenation.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace px::experiment {

class ResultTable {
public:
    using Row = std::vector<std::pair<std::string, nlohmann::json>>;

    void add(const Row& row);  // new columns are appended in first-seen order
    int rows() const { return int(rows_.size()); }
    const std::vector<std::string>& columns() const { return columns_; }
    // Cell (row, column); null if the row has no such column.
    const nlohmann::json& at(int row, const std::string& column) const;
    // Sets a cell, appending the column (null in every other row) if it is new.
    void set(int row, const std::string& column, const nlohmann::json& value);
    int columnIndex(const std::string& column) const;  // −1 if absent

    std::string toCsv() const;
    void saveCsv(const std::string& path) const;       // atomic
    // Reads an RFC 4180 CSV such as toCsv writes: an unquoted field is nothing (empty), true/false, a number (inf,
    // -inf, nan too) or else text; a quoted field is text. toCsv quotes text that would read back as anything else
    // and writes numbers exactly (shortest round trip), so a table reads back the same, but for an integer-valued
    // double, which reads back as an integer of the same value, and arrays or objects, which read back as their JSON
    // text. Throws InputError naming the file, the line on which the bad record starts and the field.
    static ResultTable loadCsv(const std::string& path);
    // Concatenates tables (columns are united).
    static ResultTable merge(const std::vector<ResultTable>& parts);

    // Mean, standard deviation and count of `metrics` for each distinct combination of `keys`
    // (in order of first appearance). Output columns: the keys, then metric_mean, metric_std,
    // metric_count for each metric. NaN values are left out; ±∞ are kept (a non-private run's ε = ∞ has mean ∞).
    ResultTable aggregate(const std::vector<std::string>& keys, const std::vector<std::string>& metrics) const;

private:
    std::vector<std::string> columns_;
    std::vector<std::vector<nlohmann::json>> rows_;
};

}  // namespace px::experiment
