// SPDX-License-Identifier: MIT
#pragma once
// Runs one commtutor-cli subcommand in-process (the command table's dispatch) and keeps its exit code and output.
#include "app/cli/commands.h"

#include <QStringList>
#include <sstream>
#include <string>
#include <vector>

struct CliRun {
    int code = 0;
    std::string out;
    std::string err;
};

/// `command` null: the arguments start with the subcommand themselves.
inline CliRun runCli(const char* command, const QStringList& arguments)
{
    std::vector<std::string> argv { "commtutor-cli" };
    if (command)
        argv.emplace_back(command);
    for (const auto& a : arguments)
        argv.push_back(a.toStdString());
    std::ostringstream out, err;
    CliRun r;
    r.code = tutor::app::cli::dispatch(argv, out, err);
    r.out = out.str();
    r.err = err.str();
    return r;
}
