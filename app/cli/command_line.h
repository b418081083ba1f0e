// SPDX-License-Identifier: MIT
#pragma once
// A small argument reader shared by the subcommands: `--flag value`, `--flag=value`, `-b 8`, positionals.
#include "app/cli/commands.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tutor::app::cli {

class CommandLine {
public:
    /// `valueFlags` take a value ("--ranks"); `switches` do not ("--json").
    CommandLine(Args args, std::vector<std::string> valueFlags, std::vector<std::string> switches);

    bool ok() const { return m_error.empty(); }
    const std::string& error() const { return m_error; } ///< "unknown option --foo", "--ranks needs a value"
    bool has(const std::string& flag) const;
    std::optional<std::string> value(const std::string& flag) const;
    /// Values given more than once (`--set a=1 --set b=2`).
    std::vector<std::string> values(const std::string& flag) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }

private:
    std::multimap<std::string, std::string> m_values;
    std::vector<std::string> m_positionals;
    std::string m_error;
};

} // namespace tutor::app::cli
