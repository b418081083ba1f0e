// SPDX-License-Identifier: MIT
#pragma once
// Where the tests find the published-run validation set (tests/data/validation), from TUTOR_SOURCE_DIR.
#include <QString>
#include <QtGlobal>
#include <string>

namespace tutor::testing {

inline QString validationDir()
{
    return qEnvironmentVariable("TUTOR_SOURCE_DIR") + QStringLiteral("/tests/data/validation/");
}

inline std::string stepsPath()
{
    return (validationDir() + QStringLiteral("steps.json")).toStdString();
}

} // namespace tutor::testing
