// SPDX-License-Identifier: MIT
#include "model/collectives/document.h"

#include "model/io/textfile.h"

namespace tutor::model {

Result<std::string> readTextFile(const std::string& path)
{
    auto read = io::readTextFile(path);
    if (auto* failure = std::get_if<io::ReadFailure>(&read))
        return Problem { "file", path, failure->rule, path };
    return std::get<std::string>(std::move(read));
}

Result<nlohmann::json> parseJsonText(std::string_view text, const std::string& where, const io::JsonLimits& limits)
{
    auto parsed = io::parseBounded(text, limits);
    if (auto* failure = std::get_if<io::JsonFailure>(&parsed)) {
        const std::string origin = where.empty() ? std::string("<text>") : where;
        return Problem { "(document)", "", failure->rule,
            origin + ":" + std::to_string(failure->line) + ":" + std::to_string(failure->column) };
    }
    return std::get<nlohmann::json>(std::move(parsed));
}

Result<nlohmann::json> loadJsonFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text)
        return text.problems();
    return parseJsonText(text.value(), path);
}

std::string shownValue(const nlohmann::json& value)
{
    return io::shown(value, 40);
}

} // namespace tutor::model
