// SPDX-License-Identifier: MIT
#pragma once
// Crash-safe saving for the window: QSaveFile writes beside the target and renames over it only after every
// write, the flush and the commit succeeded; on any failure the temporary is cancelled and the old file is kept.
// The returned text names the file and the system's reason, ready for a message box or the status bar.
#include <QByteArray>
#include <QString>

QT_BEGIN_NAMESPACE
class QImage;
QT_END_NAMESPACE

namespace tutor::app {

/// Replaces `path` by `bytes`. Empty on success, else "<path>: cannot be written: <reason> (the old file is
/// kept)" ("(no file was created)" when there was none), with the old file byte for byte as it was.
QString saveFileAtomically(const QString& path, const QByteArray& bytes);

/// Encodes `image` as `format` ("PNG", "JPG", "BMP") in memory, then saveFileAtomically.
QString saveImageAtomically(const QImage& image, const QString& path, const char* format);

} // namespace tutor::app
