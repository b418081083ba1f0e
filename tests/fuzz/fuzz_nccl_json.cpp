// SPDX-License-Identifier: MIT
// nccl-tests' -J JSON document (versions 1–3), as the import reads it: see ncclimportcheck.h.
#include "ncclimportcheck.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor;
    const auto text = fuzz::asText(data, size);
    auto result = model::parseNcclTestsJsonText(text, "fuzz.json");
    fuzz::require(result.file == "fuzz.json", "the import names its file");
    fuzz::checkImport(std::move(result), model::parseNcclTestsJson(text, "fuzz.json"));
    return 0;
}
