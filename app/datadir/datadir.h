// SPDX-License-Identifier: MIT
#pragma once
// Where the front ends find the files commtutor ships: lessons, example scenarios, translations and the
// validation set. An installed binary reads them next to itself (<bindir>/../share/commtutor/…, the
// GNUInstallDirs layout), a developer build reads them from its source tree. No path of the build machine is
// compiled in: a package must never look in the tree it was built from. Qt-free, so the CLI uses it too.
#include <filesystem>

namespace tutor::app {

enum class DataKind { Lessons, Scenarios, Translations, Validation };

/// The folder that holds `kind`, or an empty path when none does. Tried in order:
///  1. the variable that overrides this kind, when set: TUTOR_LESSONS_DIR, TUTOR_SCENARIO_DIR;
///  2. the installed layout: `binaryDir`/<bindir→datadir>/commtutor/{lessons, scenarios, translations,
///     validation};
///  3. the source tree named by $TUTOR_SOURCE_DIR: {lessons, assets/scenarios, -, tests/data/validation};
///  4. the source tree above `binaryDir` (a build folder inside the checkout), up to six levels up.
/// A candidate counts only when it holds the kind's marker (lessons: questions/, scenarios: default.json,
/// translations: commtutor_zh_CN.qm, validation: nccl-tests.json). Translations exist only installed: a
/// build embeds them in the window's resources, so steps 3 and 4 do not apply to them.
std::filesystem::path findDataDir(DataKind kind, const std::filesystem::path& binaryDir);

/// findDataDir() from the running executable's folder.
std::filesystem::path findDataDir(DataKind kind);

/// The folder of the running executable (from /proc/self/exe), or an empty path where it cannot be read.
std::filesystem::path executableDir();

} // namespace tutor::app
