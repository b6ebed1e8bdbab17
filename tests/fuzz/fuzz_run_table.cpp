// Run tables (RFC 4180 CSV, io/Csv.h): any bytes are read or refused with an InputError, and a table that
// reads writes back to text that reads as the same records.
#include "FuzzSupport.h"
#include "io/Csv.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    const std::string path = pxfuzz::write("runs.csv", bytes);
    return pxfuzz::guarded([&] {
        px::io::readCsvTable(path);
        const auto records = px::io::parseCsvText(bytes, "runs.csv");
        std::string again;
        for (const auto& r : records) px::io::appendCsvRecord(again, r);
        if (px::io::parseCsvText(again, "again.csv") != records) std::abort();
    });
}
