// SPDX-License-Identifier: MIT
// nccl-tests logs, their -J JSON and our JSON Lines: bad input yields problems, never a crash.
#include "model/measure/measurement.h"
#include "model/measure/ncclimport.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor::model;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (const auto& result : { parseNcclTestsLog(text, "fuzz.log"), parseNcclTestsJson(text, "fuzz.json"),
             parseMeasurementLines(text, "fuzz.jsonl") }) {
        if (!result.ok() && result.problems().empty())
            std::abort();
    }
    return 0;
}
