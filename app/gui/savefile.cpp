// SPDX-License-Identifier: MIT
#include "app/gui/savefile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QSaveFile>

namespace tutor::app {

namespace {

QString failure(const QString& path, bool hadOldFile, QString reason)
{
    if (reason.isEmpty())
        reason = QCoreApplication::translate("tutor::app::SaveFile", "unknown error");
    return hadOldFile
        ? QCoreApplication::translate("tutor::app::SaveFile", "%1: cannot be written: %2 (the old file is kept)")
              .arg(path, reason)
        : QCoreApplication::translate("tutor::app::SaveFile", "%1: cannot be written: %2 (no file was created)")
              .arg(path, reason);
}

} // namespace

QString saveFileAtomically(const QString& path, const QByteArray& bytes)
{
    const bool hadOldFile = QFileInfo::exists(path);
    QSaveFile file(path);
    // Unbuffered, and the rest written again after a short write: Qt sets no error when part of a write went
    // through (a full disk takes the first blocks, then refuses), so only the retry carries the system's reason.
    // flush() and error() are checked as well, so a full disk is never reported as saved.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        return failure(path, hadOldFile, file.errorString());
    qint64 written = 0;
    while (written < bytes.size()) {
        const qint64 n = file.write(bytes.constData() + written, bytes.size() - written);
        if (n <= 0)
            break;
        written += n;
    }
    if (written != bytes.size() || !file.flush() || file.error() != QFileDevice::NoError) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return failure(path, hadOldFile, reason);
    }
    if (!file.commit())
        return failure(path, hadOldFile, file.errorString());
    return {};
}

QString saveImageAtomically(const QImage& image, const QString& path, const char* format)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&buffer, format))
        return failure(path, QFileInfo::exists(path),
            QCoreApplication::translate("tutor::app::SaveFile", "the image cannot be encoded as %1")
                .arg(QString::fromLatin1(format)));
    return saveFileAtomically(path, bytes);
}

} // namespace tutor::app
