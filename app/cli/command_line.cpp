// SPDX-License-Identifier: MIT
#include "app/cli/command_line.h"

#include "model/io/jsonsafe.h"
#include "tutor/config.h"

#include <algorithm>
#include <exception>
#include <new>
#include <ostream>

namespace tutor::app::cli {

CommandLine::CommandLine(Args args, std::vector<std::string> valueFlags, std::vector<std::string> switches)
{
    auto contains = [](const std::vector<std::string>& v, const std::string& s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string arg = args[i];
        if (arg.size() < 2 || arg[0] != '-' || (arg[1] >= '0' && arg[1] <= '9')) {
            m_positionals.push_back(arg);
            continue;
        }
        std::optional<std::string> inlineValue;
        if (const auto eq = arg.find('='); eq != std::string::npos) {
            inlineValue = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
        }
        if (contains(switches, arg)) {
            if (inlineValue) {
                m_error = arg + " takes no value";
                return;
            }
            m_values.emplace(arg, "");
        } else if (contains(valueFlags, arg)) {
            if (inlineValue) {
                m_values.emplace(arg, *inlineValue);
            } else if (i + 1 < args.size()) {
                m_values.emplace(arg, args[++i]);
            } else {
                m_error = arg + " needs a value";
                return;
            }
        } else {
            m_error = "unknown option " + arg;
            return;
        }
    }
}

bool CommandLine::has(const std::string& flag) const
{
    return m_values.count(flag) > 0;
}

std::optional<std::string> CommandLine::value(const std::string& flag) const
{
    const auto range = m_values.equal_range(flag);
    if (range.first == range.second)
        return std::nullopt;
    return std::prev(range.second)->second;
}

std::vector<std::string> CommandLine::values(const std::string& flag) const
{
    std::vector<std::string> out;
    const auto range = m_values.equal_range(flag);
    for (auto it = range.first; it != range.second; ++it)
        out.push_back(it->second);
    return out;
}

// training-step simulator (simulate.cpp)
int runSimulate(Args args, std::ostream& out, std::ostream& err);
int runSweep(Args args, std::ostream& out, std::ostream& err);
int runValidate(Args args, std::ostream& out, std::ostream& err);

// collective model (predict.cpp, presets.cpp)
int runPredict(Args args, std::ostream& out, std::ostream& err);
int runPresets(Args args, std::ostream& out, std::ostream& err);

// lessons and interview questions (lessons.cpp)
int runLessons(Args args, std::ostream& out, std::ostream& err);

// the model against public nccl-tests results (validatemodel.cpp)
int runValidateModel(Args args, std::ostream& out, std::ostream& err);
int runImport(Args args, std::ostream& out, std::ostream& err); // nccl-tests import (import.cpp)
int runSearch(Args args, std::ostream& out, std::ostream& err); // parallel layout search (search.cpp)
int runTrace(Args args, std::ostream& out, std::ostream& err); // PyTorch profiler traces (trace.cpp)

namespace {
int runVersion(Args, std::ostream& out, std::ostream&)
{
    out << "commtutor-cli " << TUTOR_VERSION << '\n';
    return 0;
}

int runHelp(Args, std::ostream& out, std::ostream&);

// One row per subcommand. Each subcommand lives in its own file and declares its entry point here.
constexpr Command kCommands[] = {
    { "help", "show this help", runHelp },
    { "version", "print the version", runVersion },
    // collective model (predict.cpp, presets.cpp)
    { "predict", "predict a collective's time and bandwidth (nccl-tests layout)", runPredict },
    { "presets", "list the hardware presets with figures and sources", runPresets },
    // training-step simulator (simulate.cpp)
    { "simulate", "simulate one training step of a scenario file", runSimulate },
    { "sweep", "simulate a scenario once per value of a field", runSweep },
    { "validate", "check a scenario file", runValidate },
    { "search", "rank the parallel layouts of a model on N GPUs by simulated step time", runSearch },
    // lessons and interview questions (lessons.cpp)
    { "lessons", "check, list and show the lessons and the question bank", runLessons },
    // the model against public nccl-tests results (validatemodel.cpp)
    { "validate-model", "the cost model's error against public nccl-tests results, per size band and machine",
        runValidateModel },
    { "import", "read nccl-tests logs and -J JSON: runs, op, ranks, rows, warnings (import.cpp)", runImport },
    { "trace", "analyse PyTorch profiler traces: overlap, exposed communication, busbw, stragglers", runTrace },
};

void printUsage(std::ostream& out)
{
    out << "usage: commtutor-cli <command> [options]\n\ncommands:\n";
    for (const auto& c : kCommands)
        out << "  " << c.name << std::string(16 - std::min<std::size_t>(15, c.name.size()), ' ') << c.summary << '\n';
    out << "\n'commtutor-cli <command> --help' describes a command's options; --help and --version also work\n"
           "in place of a command.\n";
}

int runHelp(Args, std::ostream& out, std::ostream&)
{
    printUsage(out);
    return 0;
}
} // namespace

std::span<const Command> commands()
{
    return kCommands;
}

int dispatch(Args argv, std::ostream& out, std::ostream& err)
{
    if (argv.size() < 2) {
        printUsage(err);
        return 2;
    }
    if (argv[1] == std::string_view("--help") || argv[1] == std::string_view("-h"))
        return runHelp(argv.subspan(2), out, err);
    if (argv[1] == std::string_view("--version"))
        return runVersion(argv.subspan(2), out, err);
    for (const auto& c : kCommands) {
        if (argv[1] != c.name)
            continue;
        // The edge: whatever a command lets escape (a library's exception, memory running out) ends as one named
        // line and exit code 3, never as an abort.
        try {
            return c.run(argv.subspan(2), out, err);
        } catch (const std::bad_alloc&) {
            err << "commtutor-cli " << c.name << ": out of memory (the input asks for more than this machine has)\n";
        } catch (const std::exception& e) {
            err << "commtutor-cli " << c.name << ": internal error: " << io::withValidUtf8(e.what()) << '\n';
        }
        return 3;
    }
    err << "commtutor-cli: unknown command '" << argv[1] << "'\n";
    printUsage(err);
    return 2;
}

} // namespace tutor::app::cli
