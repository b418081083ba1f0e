// SPDX-License-Identifier: MIT
#pragma once
// Internal to tutor_measure: naming a place in a file ("log.txt:17"). Files are read with readTextFile
// (model/collectives/document.h).
#include "model/collectives/problem.h"
#include "model/io/jsonsafe.h"
#include "model/io/numbers.h"

#include <limits>
#include <nlohmann/json.hpp>
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

/// Typed reads of one JSON record's fields that never throw: a field of the wrong type or out of range gives the
/// fallback and a Problem {key, value, rule} in problems().
class RecordFields {
public:
    explicit RecordFields(const nlohmann::json& record)
        : m_record(record)
    {
    }
    bool has(const char* key) const { return m_record.is_object() && m_record.contains(key); }
    std::string shown(const char* key) const { return has(key) ? io::shown(m_record[key], 40, false) : "missing"; }

    template <class Int> Int integer(const char* key, Int fallback)
    {
        if (!has(key) || m_record[key].is_null())
            return fallback;
        if (const auto v = io::integerAs<Int>(m_record[key]))
            return *v;
        m_problems.push_back({ key, shown(key),
            "must be an integer in [" + std::to_string(std::numeric_limits<Int>::min()) + ", "
                + std::to_string(std::numeric_limits<Int>::max()) + "]" });
        return fallback;
    }
    double real(const char* key, double fallback)
    {
        if (!has(key) || m_record[key].is_null())
            return fallback;
        if (const auto v = io::finiteNumber(m_record[key]))
            return *v;
        m_problems.push_back({ key, shown(key), "must be a finite number" });
        return fallback;
    }
    bool boolean(const char* key, bool fallback)
    {
        if (!has(key) || m_record[key].is_null())
            return fallback;
        if (m_record[key].is_boolean())
            return m_record[key].get<bool>();
        m_problems.push_back({ key, shown(key), "must be true or false" });
        return fallback;
    }
    std::string text(const char* key, const std::string& fallback)
    {
        if (!has(key) || m_record[key].is_null())
            return fallback;
        if (m_record[key].is_string())
            return m_record[key].get<std::string>();
        m_problems.push_back({ key, shown(key), "must be a string" });
        return fallback;
    }
    Problems& problems() { return m_problems; }

private:
    const nlohmann::json& m_record;
    Problems m_problems;
};

} // namespace tutor::model::detail
