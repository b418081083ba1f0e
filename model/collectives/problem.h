// SPDX-License-Identifier: MIT
#pragma once
// Bad input is an expected outcome: every check returns all problems it finds, each naming
// the field (a JSON-style path), the offending value and the rule it breaks.
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace tutor::model {

struct Problem {
    std::string field; ///< path of the offending field, e.g. "parallel.tp" or "topology.intra.bandwidth_GBps"
    std::string value; ///< the value as the user wrote it, e.g. "3", "-5", "nan"
    std::string rule; ///< what must hold, e.g. "must divide model.heads = 32"
    std::string where; ///< optional origin: "file.json:12" for loaders, empty otherwise

    /// "parallel.tp = 3: must divide model.heads = 32" (prefixed by "where: " when set).
    std::string text() const;
    bool operator==(const Problem&) const = default;
};

using Problems = std::vector<Problem>;

/// All problems joined by newlines, for command-line output.
std::string toText(const Problems& problems);

/// A value or the problems that prevented it. Never both, never neither.
template <class T> class Result {
public:
    Result(T value)
        : m_state(std::move(value))
    {
    }
    Result(Problems problems)
        : m_state(std::move(problems))
    {
    }
    Result(Problem problem)
        : m_state(Problems { std::move(problem) })
    {
    }

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<T>(m_state); }
    T& value() & { return std::get<T>(m_state); }
    T&& value() && { return std::get<T>(std::move(m_state)); }
    const T& operator*() const& { return value(); }
    const T* operator->() const { return &value(); }
    const Problems& problems() const
    {
        static const Problems none;
        return ok() ? none : std::get<Problems>(m_state);
    }

private:
    std::variant<T, Problems> m_state;
};

} // namespace tutor::model
