// A tidy result table (ResultTable.h): typed columns, CSV in and out, grouping and aggregation.
#include "experiment/ResultTable.h"

#include "common/AtomicFile.h"
#include "io/Csv.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

namespace px::experiment {

namespace {
const nlohmann::json kNull;

// A number as the shortest text that reads back as the same double (std::to_chars), so that a table written and
// read again (pxrun merge of a sweep's shards) holds the very numbers the run computed.
std::string numberText(double x) {
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    if (std::isnan(x)) return "nan";
    char buf[32];
    const auto written = std::to_chars(buf, buf + sizeof buf, x);
    return std::string(buf, written.ptr);
}

std::string cellText(const nlohmann::json& v) {
    if (v.is_null()) return "";
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_number_unsigned()) return std::to_string(v.get<unsigned long long>());
    if (v.is_number_integer()) return std::to_string(v.get<long long>());
    if (v.is_number()) return numberText(v.get<double>());
    return v.is_string() ? v.get<std::string>() : v.dump();  // quoted where needed by appendCsvRecord
}

// An unquoted field's value: nothing, a boolean, a number, else text.
nlohmann::json parseCell(const std::string& s) {
    if (s.empty()) return nullptr;
    if (s == "true") return true;
    if (s == "false") return false;
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    if (s == "nan") return std::nan("");
    char* end = nullptr;
    const long long i = std::strtoll(s.c_str(), &end, 10);
    if (end == s.c_str() + s.size()) return i;
    const double d = std::strtod(s.c_str(), &end);
    if (end == s.c_str() + s.size()) return d;
    return s;
}

}  // namespace

void ResultTable::add(const Row& row) {
    std::vector<nlohmann::json> cells(columns_.size());
    for (const auto& [key, value] : row) {
        int c = columnIndex(key);
        if (c < 0) {
            columns_.push_back(key);
            for (auto& r : rows_) r.emplace_back(nullptr);
            cells.emplace_back(nullptr);
            c = int(columns_.size()) - 1;
        }
        cells[c] = value;
    }
    rows_.push_back(std::move(cells));
}

void ResultTable::set(int row, const std::string& column, const nlohmann::json& value) {
    int c = columnIndex(column);
    if (c < 0) {
        columns_.push_back(column);
        for (auto& r : rows_) r.emplace_back(nullptr);
        c = int(columns_.size()) - 1;
    }
    rows_[row][c] = value;
}

const nlohmann::json& ResultTable::at(int row, const std::string& column) const {
    const int c = columnIndex(column);
    return c < 0 ? kNull : rows_[row][c];
}

int ResultTable::columnIndex(const std::string& column) const {
    for (std::size_t i = 0; i < columns_.size(); ++i)
        if (columns_[i] == column) return int(i);
    return -1;
}

std::string ResultTable::toCsv() const {
    std::string out;
    io::appendCsvRecord(out, columns_);
    std::vector<std::string> fields;
    std::vector<bool> quote;
    for (const auto& r : rows_) {
        fields.clear();
        quote.clear();
        for (const auto& cell : r) {
            fields.push_back(cellText(cell));
            // Text that would read back as something else ("12", "true", "nan", "") is written in quotes, and a
            // quoted field reads back as text: the cell's type survives the file.
            quote.push_back(cell.is_string() && parseCell(fields.back()) != cell);
        }
        io::appendCsvRecord(out, fields, &quote);
    }
    return out;
}

void ResultTable::saveCsv(const std::string& path) const {
    writeFileAtomically(path, [&](std::ostream& out) { out << toCsv(); });
}

ResultTable ResultTable::loadCsv(const std::string& path) {
    io::CsvTable csv = io::readCsvTable(path);  // RFC 4180; errors name the file, line and field
    ResultTable t;
    t.columns_ = std::move(csv.header);
    for (std::size_t r = 0; r < csv.rows.size(); ++r) {
        std::vector<nlohmann::json> row;
        row.reserve(csv.rows[r].size());
        for (std::size_t c = 0; c < csv.rows[r].size(); ++c)
            row.push_back(csv.quoted[r][c] ? nlohmann::json(csv.rows[r][c]) : parseCell(csv.rows[r][c]));
        t.rows_.push_back(std::move(row));
    }
    return t;
}

ResultTable ResultTable::merge(const std::vector<ResultTable>& parts) {
    ResultTable out;
    for (const auto& p : parts)
        for (int i = 0; i < p.rows(); ++i) {
            Row row;
            for (std::size_t c = 0; c < p.columns_.size(); ++c) row.push_back({p.columns_[c], p.rows_[i][c]});
            out.add(row);
        }
    return out;
}

namespace {
// Sample mean and sd. A group whose values are all the same infinity (ε = ∞ of a non-private run) has that mean
// and sd 0; finite values beside an infinity give mean ±∞ (NaN for both signs) and sd NaN; no value gives NaN, 0.
std::pair<double, double> meanAndSd(const std::vector<double>& v) {
    if (v.empty()) return {std::nan(""), 0.0};
    const bool allSame = std::all_of(v.begin(), v.end(), [&](double x) { return x == v.front(); });
    if (std::isinf(v.front()) && allSame) return {v.front(), 0.0};
    double mean = 0, var = 0;
    for (double x : v) mean += x;
    mean /= double(v.size());
    if (!std::isfinite(mean)) return {mean, std::nan("")};
    for (double x : v) var += (x - mean) * (x - mean);
    return {mean, v.size() > 1 ? std::sqrt(var / double(v.size() - 1)) : 0.0};
}
}  // namespace

ResultTable ResultTable::aggregate(const std::vector<std::string>& keys, const std::vector<std::string>& metrics) const {
    std::vector<std::string> order;
    std::map<std::string, std::pair<Row, std::vector<std::vector<double>>>> groups;
    for (int i = 0; i < rows(); ++i) {
        Row keyRow;
        std::string id;
        for (const auto& k : keys) {
            keyRow.push_back({k, at(i, k)});
            id += at(i, k).dump() + "\x1f";
        }
        auto it = groups.find(id);
        if (it == groups.end()) {
            order.push_back(id);
            it = groups.emplace(id, std::make_pair(keyRow, std::vector<std::vector<double>>(metrics.size()))).first;
        }
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            const auto& v = at(i, metrics[m]);
            if (v.is_number() && !std::isnan(v.get<double>())) it->second.second[m].push_back(v.get<double>());
        }
    }
    ResultTable out;
    for (const auto& id : order) {
        auto& [keyRow, values] = groups[id];
        Row row = keyRow;
        for (std::size_t m = 0; m < metrics.size(); ++m) {
            const auto [mean, sd] = meanAndSd(values[m]);
            row.push_back({metrics[m] + "_mean", mean});
            row.push_back({metrics[m] + "_std", sd});
            row.push_back({metrics[m] + "_count", long(values[m].size())});
        }
        out.add(row);
    }
    return out;
}

}  // namespace px::experiment
