// SPDX-License-Identifier: MIT
// A lesson file is either loaded or rejected with problems naming where.
#include "model/teach/lesson.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto lesson = tutor::model::parseLesson(text, "fuzz.json");
    if (!lesson.ok() && lesson.problems().empty())
        std::abort();
    return 0;
}
