// SPDX-License-Identifier: MIT
// commtutor-cli's arguments. The input is argv after the subcommand, one argument per NUL- or newline-separated
// piece; its first byte picks what reads them:
//   even: `commtutor-cli predict <args>` (the cost model's sweep; `presets` when the first argument is "presets"),
//         which exits 0, 1 or 2, explains a non-zero exit on stderr, and prints no NaN or inf when it succeeds;
//   odd:  the simulate command's reading: the CommandLine with its flags, then every `--set path=value` applied
//         with setField to assets/scenarios/default.json and the result read as a scenario, which is refused with
//         named problems or round-trips through the writer and simulates to finite metrics.
#include "app/cli/command_line.h"
#include "app/cli/commands.h"
#include "fuzzcheck.h"
#include "model/sim/scenarioio.h"
#include "model/sim/simulate.h"

#include <cstdint>
#include <sstream>
#include <vector>

#ifndef TUTOR_FUZZ_SOURCE_DIR
#error "TUTOR_FUZZ_SOURCE_DIR names the source tree (tests/fuzz/CMakeLists.txt)"
#endif

namespace {

using namespace tutor;

void runPredict(std::vector<std::string> args)
{
    const bool presets = !args.empty() && args.front() == "presets";
    args.insert(args.begin(), presets ? std::string("commtutor-cli") : std::string("predict"));
    if (!presets)
        args.insert(args.begin(), "commtutor-cli");
    std::ostringstream out;
    std::ostringstream err;
    const int rc = app::cli::dispatch(args, out, err);
    fuzz::require(rc >= 0 && rc <= 2, "exit code 0, 1 or 2", std::to_string(rc));
    if (rc != 0) {
        fuzz::require(!err.str().empty(), "a failure says why on stderr");
        return;
    }
    bool argsMentionNonFinite = false;
    bool argsUtf8 = true;
    for (const auto& arg : args) {
        argsMentionNonFinite = argsMentionNonFinite || fuzz::printsNonFinite(arg);
        argsUtf8 = argsUtf8 && io::validUtf8(arg);
    }
    fuzz::require(argsMentionNonFinite || !fuzz::printsNonFinite(out.str()), "a prediction prints no NaN or inf",
        out.str().substr(0, 2000));
    if (argsUtf8)
        fuzz::requireUtf8(out.str(), "predict output");
}

void runSet(const std::vector<std::string>& args)
{
    static const auto base = model::loadJson(TUTOR_FUZZ_SOURCE_DIR "/assets/scenarios/default.json");
    fuzz::require(base.ok(), "the base scenario loads");
    const app::cli::CommandLine cl(args, { "--trace", "--trace-dir", "--csv", "--set" }, { "--json", "--help" });
    if (!cl.ok()) {
        fuzz::require(!cl.error().empty(), "a bad command line says why");
        return;
    }
    auto doc = base.value();
    for (const auto& set : cl.values("--set")) {
        const auto eq = set.find('=');
        if (eq == std::string::npos)
            continue;
        const auto problems
            = model::setField(doc, std::string_view(set).substr(0, eq), std::string_view(set).substr(eq + 1));
        if (!problems.empty()) {
            fuzz::requireNamed(problems, "setField refusal");
            return;
        }
    }
    fuzz::requireUtf8(io::dumpText(doc), "the edited scenario as JSON");
    const auto scenario = model::scenarioFromJson(doc, "fuzz.json");
    if (!scenario.ok()) {
        fuzz::requireNamed(scenario.problems(), "scenarioFromJson refusal");
        return;
    }
    const auto again = model::parseScenario(model::toJsonText(*scenario), "again.json");
    fuzz::require(again.ok() && *again == *scenario, "an edited scenario round-trips through toJsonText");
    const auto metrics = model::simulateMetrics(*scenario);
    if (!metrics.ok()) {
        fuzz::requireNamed(metrics.problems(), "simulateMetrics refusal");
        return;
    }
    for (const double value : { metrics->stepSeconds, metrics->mfu, metrics->tokensPerSecond, metrics->overlapHta })
        fuzz::requireFinite(value, "metrics figure");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const auto text = fuzz::asText(data + 1, size - 1);
    std::vector<std::string> args;
    for (std::size_t start = 0; start <= text.size();) {
        const auto end = text.find_first_of(std::string_view("\0\n", 2), start);
        args.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    if (!args.empty() && args.back().empty())
        args.pop_back();
    if (data[0] % 2 == 0)
        runPredict(std::move(args));
    else
        runSet(args);
    return 0;
}
