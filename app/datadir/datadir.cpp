// SPDX-License-Identifier: MIT
#include "app/datadir/datadir.h"

#include <cstdlib>
#include <system_error>

namespace tutor::app {
namespace {

struct KindInfo {
    const char* overrideVar; ///< null: no override
    const char* installed; ///< under <datadir>/commtutor
    const char* inSource; ///< under the source root; null: not in the source tree
    const char* marker;
};

KindInfo info(DataKind kind)
{
    switch (kind) {
    case DataKind::Lessons:
        return { "TUTOR_LESSONS_DIR", "lessons", "lessons", "questions" };
    case DataKind::Scenarios:
        return { "TUTOR_SCENARIO_DIR", "scenarios", "assets/scenarios", "default.json" };
    case DataKind::Translations:
        return { nullptr, "translations", nullptr, "commtutor_zh_CN.qm" };
    case DataKind::Validation:
        return { nullptr, "validation", "tests/data/validation", "nccl-tests.json" };
    }
    return {};
}

bool holds(const std::filesystem::path& dir, const char* marker)
{
    std::error_code ec;
    return !dir.empty() && std::filesystem::exists(dir / marker, ec);
}

std::filesystem::path env(const char* name)
{
    const char* value = name ? std::getenv(name) : nullptr;
    return value && *value ? std::filesystem::path(value) : std::filesystem::path();
}

} // namespace

std::filesystem::path findDataDir(DataKind kind, const std::filesystem::path& binaryDir)
{
    const KindInfo k = info(kind);
    if (const auto dir = env(k.overrideVar); holds(dir, k.marker))
        return dir;
    if (!binaryDir.empty()) {
        const auto installed = (binaryDir / TUTOR_DATA_FROM_BIN / k.installed).lexically_normal();
        if (holds(installed, k.marker))
            return installed;
    }
    if (!k.inSource)
        return {};
    if (const auto root = env("TUTOR_SOURCE_DIR"); holds(root / k.inSource, k.marker))
        return (root / k.inSource).lexically_normal();
    // A build folder inside the checkout (build/app/cli/commtutor-cli): the source root is a few levels up.
    auto dir = binaryDir;
    for (int up = 0; up < 6 && !dir.empty(); ++up, dir = dir.parent_path()) {
        if (holds(dir / k.inSource, k.marker))
            return (dir / k.inSource).lexically_normal();
        if (dir == dir.parent_path())
            break;
    }
    return {};
}

std::filesystem::path findDataDir(DataKind kind)
{
    return findDataDir(kind, executableDir());
}

std::filesystem::path executableDir()
{
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    return ec ? std::filesystem::path() : exe.parent_path();
}

} // namespace tutor::app
