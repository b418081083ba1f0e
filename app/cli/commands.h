// SPDX-License-Identifier: MIT
#pragma once
// The subcommands of commtutor-cli. Each takes its arguments (without the subcommand name) and writes to
// `out` / `err`; it returns the process exit code: 0 success, 1 the input was read but is invalid or a
// check failed, 2 wrong arguments (usage printed).
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>

namespace tutor::app::cli {

using Args = std::span<const std::string>;

struct Command {
    std::string_view name;
    std::string_view summary;
    int (*run)(Args args, std::ostream& out, std::ostream& err);
};

/// The command table (command_line.cpp): name, one-line summary, entry point (`import`: import.cpp).
std::span<const Command> commands();
/// Runs argv[1] as a subcommand; prints general usage and returns 2 when it is missing or unknown.
int dispatch(Args argv, std::ostream& out, std::ostream& err);

} // namespace tutor::app::cli
