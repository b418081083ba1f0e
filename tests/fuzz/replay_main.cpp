// SPDX-License-Identifier: MIT
// Replays fuzz inputs without libFuzzer: every regular file of the folders named on the command line (a missing
// folder is skipped) is fed to the harness's LLVMFuzzerTestOneInput, in name order. A harness that finds a broken
// invariant aborts, so a failing input stops the run with its path printed just before; the sanitizers report
// crashes the same way. Exit 0 when every input passed.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv)
{
    namespace fs = std::filesystem;
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        std::error_code ec;
        if (fs::is_regular_file(argv[i], ec)) {
            inputs.emplace_back(argv[i]);
            continue;
        }
        if (!fs::is_directory(argv[i], ec)) {
            std::printf("%s: no such folder, skipped\n", argv[i]);
            continue;
        }
        for (const auto& entry : fs::directory_iterator(argv[i], ec))
            if (entry.is_regular_file())
                inputs.push_back(entry.path());
    }
    std::sort(inputs.begin(), inputs.end());
    for (const auto& path : inputs) {
        std::printf("%s\n", path.c_str());
        std::fflush(stdout);
        std::ifstream in(path, std::ios::binary);
        const std::vector<char> bytes { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
        if (!in.good() && !in.eof()) {
            std::printf("%s: cannot be read\n", path.c_str());
            return 1;
        }
        LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    }
    std::printf("%zu inputs replayed\n", inputs.size());
    return 0;
}
