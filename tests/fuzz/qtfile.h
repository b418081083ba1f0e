// SPDX-License-Identifier: MIT
#pragma once
// The window's own files (hardware profile, lesson progress) are read by path with Qt: the harnesses write the
// input to a file of their own (one per process, so parallel fuzzing jobs do not share it) and read it back.
#include <QByteArray>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QString>
#include <cstddef>
#include <unistd.h>

namespace tutor::fuzz {

/// A path in the temporary folder named for this process and `name`.
inline QString scratchPath(const char* name)
{
    return QDir::tempPath() + QStringLiteral("/commtutor-fuzz-%1-%2").arg(::getpid()).arg(QLatin1String(name));
}

/// Replaces the file at `path` by the bytes; false when it cannot be written.
inline bool writeScratch(const QString& path, const unsigned char* data, std::size_t size)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    const auto length = static_cast<qint64>(size);
    return file.write(reinterpret_cast<const char*>(data), length) == length;
}

} // namespace tutor::fuzz
