// SPDX-License-Identifier: MIT
#pragma once
// Internal to the lesson and question loaders: typed reads from JSON that collect problems with the
// field's path instead of throwing.
#include "model/collectives/document.h"
#include "model/teach/lesson.h"

#include <set>

namespace tutor::model::detail {

class JsonReader {
public:
    explicit JsonReader(std::string where)
        : m_where(std::move(where))
    {
    }

    void problem(const std::string& field, const std::string& value, const std::string& rule)
    {
        m_problems.push_back({ field.empty() ? "(top level)" : field, value, rule, m_where });
    }
    const Problems& problems() const { return m_problems; }

    static std::string join(const std::string& path, const std::string& key)
    {
        return path.empty() ? key : path + "." + key;
    }

    /// Reports every key of `j` not in `known` as "path.key: unknown key".
    void unknownKeys(const nlohmann::json& j, const std::string& path, const std::set<std::string>& known)
    {
        for (const auto& [key, value] : j.items())
            if (!known.count(key))
                problem(join(path, key), "", "unknown key");
    }

    std::string string(const nlohmann::json& j, const std::string& path, const std::string& key, bool required)
    {
        if (!j.contains(key)) {
            if (required)
                problem(join(path, key), "", "is required");
            return {};
        }
        const auto& v = j[key];
        if (!v.is_string() || (required && v.get<std::string>().empty())) {
            problem(join(path, key), shownValue(v), "must be a non-empty string");
            return {};
        }
        return v.get<std::string>();
    }

    double number(
        const nlohmann::json& j, const std::string& path, const std::string& key, bool required, double fallback)
    {
        if (!j.contains(key)) {
            if (required)
                problem(join(path, key), "", "is required");
            return fallback;
        }
        const auto& v = j[key];
        if (!v.is_number()) {
            problem(join(path, key), shownValue(v), "must be a number");
            return fallback;
        }
        return v.get<double>();
    }

    std::vector<std::string> strings(const nlohmann::json& j, const std::string& path, const std::string& key)
    {
        std::vector<std::string> out;
        if (!j.contains(key))
            return out;
        const auto& v = j[key];
        if (!v.is_array()) {
            problem(join(path, key), shownValue(v), "must be an array of strings");
            return out;
        }
        for (const auto& item : v) {
            if (item.is_string())
                out.push_back(item.get<std::string>());
            else
                problem(join(path, key), shownValue(item), "must be a string");
        }
        return out;
    }

    /// A bilingual text {"en": ..., "zh_CN": ...}; both sides required and non-empty.
    Text text(const nlohmann::json& j, const std::string& path, const std::string& key, bool required)
    {
        const auto field = join(path, key);
        if (!j.contains(key)) {
            if (required)
                problem(field, "", "is required (an object with \"en\" and \"zh_CN\")");
            return {};
        }
        return textValue(j[key], field);
    }

    /// The same for a value already in hand (an element of an array), reported as `field`.
    Text textValue(const nlohmann::json& v, const std::string& field)
    {
        Text t;
        if (!v.is_object()) {
            problem(field, shownValue(v), "must be an object with \"en\" and \"zh_CN\"");
            return t;
        }
        unknownKeys(v, field, { "en", "zh_CN" });
        for (const auto* lang : { "en", "zh_CN" }) {
            const bool ok = v.contains(lang) && v[lang].is_string() && !v[lang].get<std::string>().empty();
            if (!ok) {
                problem(field + "." + lang, "", "is missing or empty: every text needs both languages");
                continue;
            }
            (std::string_view(lang) == "en" ? t.en : t.zhCN) = v[lang].get<std::string>();
        }
        return t;
    }

private:
    std::string m_where;
    Problems m_problems;
};

} // namespace tutor::model::detail
