// SPDX-License-Identifier: MIT
#pragma once
// Internal to tutor_measure: reading a whole file and naming a place in it ("log.txt:17").
#include "model/collectives/problem.h"

#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace tutor::model::detail {

inline std::string where(const std::string& file, int line)
{
    return file + ":" + std::to_string(line);
}

inline Problem problemAt(const std::string& file, int line, std::string field, std::string value, std::string rule)
{
    return Problem { std::move(field), std::move(value), std::move(rule), where(file, line) };
}

inline std::optional<std::string> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace tutor::model::detail
