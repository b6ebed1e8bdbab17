// RFC 4180 CSV (io/Csv.h): the RFC's own examples [Shafranovich 2005, section 2], the errors for malformed
// records (file, line of the record, field), the size bounds, and a RapidCheck property: random tables of
// random strings written and read back are the same table, also through ResultTable's files.
#include "common/Error.h"
#include "experiment/ResultTable.h"
#include "io/Csv.h"

#include <QTemporaryDir>
#include <QtTest>
#include <cmath>
#include <fstream>
#include <limits>
#include "PropertySupport.h"
#include <rapidcheck.h>

using px::InputError;
using Records = std::vector<std::vector<std::string>>;

namespace {
void writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

// The error reading `text` as a table from a file, or an empty error with line −1 if none was thrown.
InputError tableError(const QTemporaryDir& dir, const std::string& text) {
    const std::string path = dir.path().toStdString() + "/bad.csv";
    writeFile(path, text);
    try {
        px::io::readCsvTable(path);
    } catch (const InputError& e) {
        return e;
    }
    return InputError("", -1, "no error");
}

// Every field in quotes, inner quotes doubled, CRLF line ends: an encoder written apart from csvField.
std::string quoteAll(const Records& records) {
    std::string out;
    for (const auto& r : records) {
        for (std::size_t i = 0; i < r.size(); ++i) {
            out += i ? ",\"" : "\"";
            for (char c : r[i]) out += c == '"' ? std::string("\"\"") : std::string(1, c);
            out += '"';
        }
        out += "\r\n";
    }
    return out;
}
}  // namespace

class TestCsv : public QObject {
    Q_OBJECT
private slots:
    // RFC 4180 section 2, rules 1–7, each with its example.
    void rfcExamples() {
        using px::io::parseCsvText;
        const Records two = {{"aaa", "bbb", "ccc"}, {"zzz", "yyy", "xxx"}};
        QVERIFY(parseCsvText("aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n", "t") == two);          // 1: CRLF ends a record
        QVERIFY(parseCsvText("aaa,bbb,ccc\r\nzzz,yyy,xxx", "t") == two);              // 2: last line end optional
        QVERIFY(parseCsvText("aaa,bbb,ccc\nzzz,yyy,xxx\n", "t") == two);              // LF line ends read too
        QVERIFY(parseCsvText("field_name,field_name,field_name\r\naaa,bbb,ccc\r\n", "t") ==  // 3: header line
                (Records{{"field_name", "field_name", "field_name"}, {"aaa", "bbb", "ccc"}}));
        QVERIFY(parseCsvText("aaa , bbb,ccc \r\n", "t") == (Records{{"aaa ", " bbb", "ccc "}}));  // 4: spaces kept
        QVERIFY(parseCsvText("\"aaa\",\"bbb\",\"ccc\"\r\nzzz,yyy,xxx", "t") == two);  // 5: quoted fields
        QVERIFY(parseCsvText("\"aaa\",\"b\r\nbb\",\"ccc\"\r\nzzz,yyy,xxx", "t") ==     // 6: line break in quotes
                (Records{{"aaa", "b\r\nbb", "ccc"}, {"zzz", "yyy", "xxx"}}));
        QVERIFY(parseCsvText("\"aaa\",\"b\nbb\",\"ccc\"\n", "t") == (Records{{"aaa", "b\nbb", "ccc"}}));
        QVERIFY(parseCsvText("\"aaa\",\"b\"\"bb\",\"ccc\"", "t") == (Records{{"aaa", "b\"bb", "ccc"}}));  // 7: ""
        QVERIFY(parseCsvText("\"a,b\",c", "t") == (Records{{"a,b", "c"}}));           // 6: comma in quotes
    }
    void emptyFieldsAndBlankLines() {
        using px::io::parseCsvText;
        QVERIFY(parseCsvText(",,\n", "t") == (Records{{"", "", ""}}));
        QVERIFY(parseCsvText("\"\"\n", "t") == (Records{{""}}));
        QVERIFY(parseCsvText("a,\n", "t") == (Records{{"a", ""}}));
        QVERIFY(parseCsvText("a,\"\"", "t") == (Records{{"a", ""}}));
        QVERIFY(parseCsvText("a\n\nb\r\n\r\n", "t") == (Records{{"a"}, {}, {"b"}, {}}));  // blank: no field
        QVERIFY(parseCsvText("", "t").empty());
        QVERIFY(parseCsvText("a\rb,c\n", "t") == (Records{{"a\rb", "c"}}));  // a lone CR outside quotes is data
        QVERIFY(parseCsvText("\"\"\"\"\n", "t") == (Records{{"\""}}));
    }
    void writerQuotesExactlyWhatNeedsIt() {
        using px::io::csvField;
        for (const char* plain : {"abc", "", " a b ", "é€😀", "1.5", "'single'", "tab\there"}) QCOMPARE(csvField(plain), std::string(plain));
        QCOMPARE(csvField("a,b"), std::string("\"a,b\""));
        QCOMPARE(csvField("say \"hi\""), std::string("\"say \"\"hi\"\"\""));
        QCOMPARE(csvField("two\nlines"), std::string("\"two\nlines\""));
        QCOMPARE(csvField("cr\r"), std::string("\"cr\r\""));
        std::string out;
        px::io::appendCsvRecord(out, {""});  // alone and empty: quoted, else it would be a blank line
        px::io::appendCsvRecord(out, {"", ""});
        px::io::appendCsvRecord(out, {"x", "a,b"});
        QCOMPARE(out, std::string("\"\"\n,\nx,\"a,b\"\n"));
    }
    void errorsNameFileLineAndField() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/bad.csv";
        {  // unterminated quote: named by the record's line and field
            const InputError e = tableError(dir, "a,b\nx,\"y\n\"z\n");  // the record starts on line 2, its error is on 3
            QCOMPARE(e.line(), 2L);
            QVERIFY2(e.problem().find("field 2: text after its closing quote (on line 3)") != std::string::npos, e.what());
            const InputError f = tableError(dir, "a,b,c\nx,y,\"open\nmore\nlines\n");
            QCOMPARE(f.file(), path);
            QCOMPARE(f.line(), 2L);
            QVERIFY2(f.problem().find("field 3") != std::string::npos && f.problem().find("line 2") != std::string::npos &&
                         f.problem().find("never closed") != std::string::npos, f.what());
        }
        {
            const InputError e = tableError(dir, "a,b,c\n1,2,3\n4,x\"y,6\n");
            QCOMPARE(e.line(), 3L);
            QVERIFY2(e.problem().find("field 2: a quote inside an unquoted field") != std::string::npos, e.what());
        }
        {
            const InputError e = tableError(dir, "a,b\n\"ok\",\"y\"z\n");
            QCOMPARE(e.line(), 2L);
            QVERIFY2(e.problem().find("field 2: text after its closing quote") != std::string::npos, e.what());
        }
        {  // wrong field count, on the line where the record starts (line 2 holds a quoted line break)
            const InputError fewer = tableError(dir, "a,b,c\n\"1\n2\",3,4\n5,6\n");
            QCOMPARE(fewer.line(), 4L);
            QVERIFY2(fewer.problem().find("expected 3 fields (as in the header), found 2: field 3 (column 'c') is missing") !=
                         std::string::npos, fewer.what());
            const InputError more = tableError(dir, "a,b\n1,2\n\"x\ny\",2,3\n");
            QCOMPARE(more.line(), 3L);
            QVERIFY2(more.problem().find("found 3: field 3 has no column") != std::string::npos, more.what());
        }
        QVERIFY(std::string(tableError(dir, "").what()).find("empty file") != std::string::npos);
        QCOMPARE(tableError(dir, "\xEF\xBB\xBF" "a,b\n1,2\n").line(), -1L);  // a byte order mark is skipped
    }
    // A lone opening quote near the start of a large file stops at the record limit instead of reading on.
    void loneQuoteIsBounded() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/big.csv";
        {
            std::ofstream out(path, std::ios::binary);
            out << "a,b\n1,\"2\n";
            const std::string line(99, 'x');
            for (std::size_t written = 0; written < px::io::CsvRecordParser::kMaxRecordBytes + (1 << 20); written += 100) out << line << '\n';
            out << "3,4\n";
        }
        try {
            px::io::readCsvTable(path);
            QFAIL("read a record larger than the limit");
        } catch (const InputError& e) {
            QCOMPARE(e.line(), 2L);
            QVERIFY2(e.problem().find("field 2: the quote opened on line 2 is not closed within 16 MiB") != std::string::npos, e.what());
        }
        std::string commas(px::io::CsvRecordParser::kMaxFields + 5, ',');
        try {
            px::io::parseCsvText(commas, "many");
            QFAIL("read more fields than the limit");
        } catch (const InputError& e) {
            QVERIFY2(e.problem().find("more than 65536 fields") != std::string::npos, e.what());
        }
    }
    void gzipFilesRead() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/t.csv";
        writeFile(path, "a,b\n\"x\ny\",\"q\"\"\"\n");
        QCOMPARE(std::system(("gzip -k '" + path + "'").c_str()), 0);
        const px::io::CsvTable t = px::io::readCsvTable(path + ".gz");
        QVERIFY(t.rows == (Records{{"x\ny", "q\""}}));
        QCOMPARE(t.rowLines, (std::vector<long>{2}));
    }
    // Random tables of strings over an alphabet rich in what CSV must quote: written by appendCsvRecord, read back
    // the same from text and (as header and rows) from a file; an all-quoting encoder reads back the same too.
    void randomTablesRoundTrip() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/p.csv";
        QVERIFY(pxtest::checkProperty("write then read gives the same table", 20261206, 500, [&] {
            const auto piece = rc::gen::element<std::string>("a", "Z", "0", " ", ",", "\"", "\r", "\n", "\r\n", "é", "€", "😀", "\t", ";");
            const auto cell = rc::gen::map(rc::gen::container<std::vector<std::string>>(piece), [](const std::vector<std::string>& v) {
                std::string s;
                for (const auto& p : v) s += p;
                return s;
            });
            const std::size_t columns = *rc::gen::inRange<std::size_t>(1, 6);
            const std::size_t rows = *rc::gen::inRange<std::size_t>(1, 8);
            Records table;
            for (std::size_t r = 0; r < rows; ++r) table.push_back(*rc::gen::container<std::vector<std::string>>(columns, cell));
            std::string text;
            for (const auto& record : table) px::io::appendCsvRecord(text, record);
            RC_ASSERT(px::io::parseCsvText(text, "t") == table);
            RC_ASSERT(px::io::parseCsvText(quoteAll(table), "t") == table);
            for (const auto& record : table)
                for (const auto& f : record)  // quoted exactly when it holds a comma, quote, CR or LF
                    RC_ASSERT((px::io::csvField(f) != f) == (f.find_first_of(",\"\r\n") != std::string::npos));
            writeFile(path, text);
            const px::io::CsvTable t = px::io::readCsvTable(path);
            RC_ASSERT(t.header == table.front());
            RC_ASSERT(t.rows == Records(table.begin() + 1, table.end()));
        }));
    }
    // ResultTable's strings keep commas, quotes, CR and LF through saveCsv and loadCsv; numbers stay numbers.
    void resultTableKeepsStrings() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/runs.csv";
        px::experiment::ResultTable t;
        const std::string odd = "trees, \"big\"\nones\r\nand é";
        t.add({{"label, \"x\"", odd}, {"value", 0.5}, {"n", 3}});
        t.add({{"label, \"x\"", ""}, {"value", nlohmann::json()}, {"n", 4}});
        t.saveCsv(path);
        const auto back = px::experiment::ResultTable::loadCsv(path);
        QCOMPARE(back.columns(), t.columns());
        QCOMPARE(back.rows(), 2);
        QCOMPARE(back.at(0, "label, \"x\"").get<std::string>(), odd);
        QCOMPARE(back.at(0, "value").get<double>(), 0.5);
        QCOMPARE(back.at(1, "n").get<long long>(), 4LL);
        QVERIFY(back.at(1, "value").is_null());
    }
    // Random tables of typed cells (null, booleans, integers, doubles with ±inf, NaN and -0, and text built from
    // pieces that look like numbers, booleans or nothing) read back as the same cells: text stays text, and a double
    // is the same double (an integer-valued one may come back as an integer of that value).
    void resultTableKeepsTypes() {
        QTemporaryDir dir;
        const std::string path = dir.path().toStdString() + "/typed.csv";
        QVERIFY(pxtest::checkProperty("typed cells survive saveCsv and loadCsv", 20261206, 300, [&] {
            const auto piece = rc::gen::element<std::string>("1", "0", "-", "+", ".", "e", "5", "x", "inf", "nan", "true",
                                                             "false", " ", ",", "\"", "\n", "0x1p3");
            const auto text = rc::gen::map(rc::gen::container<std::vector<std::string>>(piece), [](const std::vector<std::string>& v) {
                std::string out;
                for (const auto& p : v) out += p;
                return nlohmann::json(out);
            });
            const auto special = rc::gen::element(std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                                                  std::nan(""), -0.0, 0.1, 1e-300, 1.0 / 3.0, 2.5e15);
            const auto cell = rc::gen::oneOf(rc::gen::just(nlohmann::json()), rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return nlohmann::json(b); }),
                                             rc::gen::map(rc::gen::arbitrary<long long>(), [](long long i) { return nlohmann::json(i); }),
                                             rc::gen::map(rc::gen::arbitrary<double>(), [](double d) { return nlohmann::json(d); }),
                                             rc::gen::map(special, [](double d) { return nlohmann::json(d); }), text);
            const int columns = *rc::gen::inRange(2, 5), rows = *rc::gen::inRange(1, 6);
            px::experiment::ResultTable t;
            for (int r = 0; r < rows; ++r) {
                px::experiment::ResultTable::Row row;
                for (int c = 0; c < columns; ++c) row.push_back({"c" + std::to_string(c), *cell});
                t.add(row);
            }
            t.saveCsv(path);
            const auto back = px::experiment::ResultTable::loadCsv(path);
            RC_ASSERT(back.rows() == t.rows());
            for (int r = 0; r < rows; ++r)
                for (const std::string& c : t.columns()) {
                    const nlohmann::json &want = t.at(r, c), &got = back.at(r, c);
                    if (want.is_number_float()) {
                        RC_ASSERT(got.is_number());
                        const double w = want.get<double>(), g = got.get<double>();
                        RC_ASSERT((std::isnan(w) && std::isnan(g)) || w == g);
                        if (!got.is_number_float()) RC_ASSERT(w == std::floor(w));  // read back as an integer
                    } else {
                        RC_ASSERT(got == want);
                    }
                }
        }));
    }
};

QTEST_GUILESS_MAIN(TestCsv)
#include "tst_csv.moc"
