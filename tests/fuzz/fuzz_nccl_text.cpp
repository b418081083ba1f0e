// SPDX-License-Identifier: MIT
// nccl-tests' text output (any launcher prefix, layout or version), as the import reads it: see ncclimportcheck.h.
#include "ncclimportcheck.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor;
    const auto text = fuzz::asText(data, size);
    auto result = model::parseNcclTestsText(text, "fuzz.log");
    fuzz::require(result.file == "fuzz.log", "the import names its file");
    fuzz::checkImport(std::move(result), model::parseNcclTestsLog(text, "fuzz.log"));
    return 0;
}
