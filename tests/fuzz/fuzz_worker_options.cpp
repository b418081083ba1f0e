// SPDX-License-Identifier: MIT
// commtutor-live's command line: the input is argv, one argument per NUL- or newline-separated piece. A refusal
// names the flag and the rule ("-b = 9: must not exceed -e = 8"); accepted options give a sweep of at most 4096
// strictly increasing sizes from -b to at most -e, at least one redop and root, and finite times.
#include "fuzzcheck.h"
#include "live/worker/options.h"

#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace tutor;
    const auto text = fuzz::asText(data, size);
    std::vector<std::string_view> args;
    for (std::size_t start = 0; start <= text.size();) {
        const auto end = text.find_first_of(std::string_view("\0\n", 2), start);
        args.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos)
            break;
        start = end + 1;
    }
    for (const auto arg : args) {
        if (const auto bytes = live::parseNcclTestsSize(arg))
            fuzz::require(*bytes >= 0, "a size is not negative", arg);
    }
    const auto parsed = live::parseOptions(args);
    if (!parsed.ok()) {
        fuzz::require(parsed.error.starts_with("-") || parsed.error.find(": ") != std::string::npos,
            "a refusal names the flag and the rule", parsed.error);
        return 0;
    }
    const auto& o = parsed.options;
    fuzz::require(o.minBytes >= 0 && o.minBytes <= o.maxBytes, "0 <= -b <= -e");
    const auto sizes = live::sweepSizes(o);
    fuzz::require(!sizes.empty() && sizes.size() <= 4096, "a sweep has 1 to 4096 sizes");
    fuzz::require(sizes.front() == o.minBytes, "a sweep starts at -b");
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        fuzz::require(sizes[i] <= o.maxBytes, "a sweep stays within -e");
        fuzz::require(i == 0 || sizes[i] > sizes[i - 1], "a sweep's sizes increase");
    }
    fuzz::require(!live::redopsFor(o).empty(), "a sweep runs at least one redop");
    for (const int ranks : { 1, 8 }) {
        const auto roots = live::rootsFor(o, ranks);
        fuzz::require(!roots.empty(), "a sweep runs at least one root");
        for (const int root : roots)
            fuzz::require(root == -1 || (root >= 0 && root < ranks) || o.root >= ranks, "roots are ranks");
    }
    fuzz::requireFinite(o.timeoutSeconds, "--timeout-s");
    fuzz::requireFinite(o.computeUs, "--compute-us");
    fuzz::require(o.timeoutSeconds >= 0 && o.computeUs >= 0, "times are not negative");
    fuzz::require(!o.dtypes.empty() && !o.redops.empty(), "at least one type and redop");
    return 0;
}
