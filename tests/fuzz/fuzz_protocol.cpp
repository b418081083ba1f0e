// SPDX-License-Identifier: MIT
// Every line the worker could print parses to a record or to an error with a message.
#include "live/protocol/protocol.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view line(reinterpret_cast<const char*>(data), size);
    const auto parsed = tutor::live::parseLine(line);
    if (parsed.ok() == parsed.error.has_value())
        std::abort();
    if (parsed.ok()) {
        // A record survives its own encoding.
        const auto again = tutor::live::parseLine(tutor::live::encode(*parsed.record));
        if (!again.ok())
            std::abort();
    }
    return 0;
}
