// SPDX-License-Identifier: MIT
#pragma once
// Where the lesson tests (tst_lessons, tst_lessontext, tst_questions) find the shipped files, and their data rows.
#include "model/teach/lesson.h"

#include <QtTest>
#include <string>

namespace tutor::tests {

/// The source tree ($TUTOR_SOURCE_DIR, else the working directory).
inline std::string sourceDir()
{
    const auto dir = qEnvironmentVariable("TUTOR_SOURCE_DIR");
    return dir.isEmpty() ? std::string(".") : dir.toStdString();
}

inline std::string lessonsDir()
{
    return sourceDir() + "/lessons";
}

/// One data row per shipped lesson: its index (column "lesson"), named by its id.
inline void lessonRows()
{
    QTest::addColumn<int>("lesson");
    const auto lessons = model::loadLessons(lessonsDir());
    QVERIFY(lessons.ok());
    for (std::size_t i = 0; i < lessons->size(); ++i)
        QTest::newRow((*lessons)[i].id.c_str()) << static_cast<int>(i);
}

} // namespace tutor::tests
