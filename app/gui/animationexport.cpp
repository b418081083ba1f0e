// SPDX-License-Identifier: MIT
#include "animationexport.h"

#include "collectives/collectivesstage.h"
#include "mainwindow.h"
#include "playback.h"
#include "savefile.h"
#include "stage.h"
#include "views/gifencoder.h"
#include "views/text.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <algorithm>
#include <cmath>

namespace tutor::app {

namespace {

QImage frameOf(Stage* stage, QSize maxSize)
{
    QCoreApplication::processEvents();
    QImage image = stage->grab().toImage();
    if (image.width() > maxSize.width() || image.height() > maxSize.height())
        image = image.scaled(maxSize, Qt::KeepAspectRatio, Qt::SmoothTransformation);
    return image;
}

} // namespace

QString animationFormat(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("gif") || suffix == QLatin1String("mp4") || suffix == QLatin1String("webm"))
        return suffix;
    return {};
}

QString defaultAnimationName(const MainWindow& window)
{
    return window.exportCaption().fileStem + QStringLiteral(".gif");
}

bool exportAnimation(MainWindow& window, const QString& path, const AnimationOptions& options,
    const std::function<bool(int, int)>& progress, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(path, why);
        return false;
    };
    const QString format = animationFormat(path);
    if (format.isEmpty())
        return fail(MainWindow::tr("an animation is saved as .gif, .mp4 or .webm"));
    Stage* stage = window.currentStage();
    PlaybackController* playback = window.playback();
    const double duration = playback->duration();
    if (!stage || !(duration > 0))
        return fail(MainWindow::tr("this page has no animation to record"));
    QString ffmpeg;
    if (format != QLatin1String("gif")) {
        ffmpeg = QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
        if (ffmpeg.isEmpty())
            return fail(MainWindow::tr("ffmpeg is not installed, so .%1 cannot be written; save as .gif").arg(format));
    }
    const int fps = std::clamp(options.fps, 1, 50);
    const double natural = duration / std::max(1e-9, playback->naturalRate());
    const double seconds = options.seconds > 0 ? options.seconds : std::max(4.0, natural);
    const int moving = std::max(2, static_cast<int>(std::lround(seconds * fps)));
    const int held = std::max(0, static_cast<int>(std::lround(options.holdSeconds * fps)));
    const int total = moving + held;
    const int delayMs = static_cast<int>(std::lround(1000.0 / fps));
    const bool wasPlaying = playback->isPlaying();
    const double wasAt = playback->time();
    playback->pause();

    const auto timeOf = [&](int i) { return i >= moving ? duration : duration * i / (moving - 1); };
    QByteArray bytes;
    bool cancelled = false;
    if (format == QLatin1String("gif")) {
        // The palette from frames spread over the animation (start, quarters, end).
        std::vector<QImage> samples;
        for (const double f : { 0.0, 0.25, 0.5, 0.75, 1.0 }) {
            playback->setTime(duration * f);
            samples.push_back(frameOf(stage, options.maxSize));
        }
        views::GifEncoder gif(samples.front().size(), samples);
        for (int i = 0; i < total && !cancelled; ++i) {
            playback->setTime(timeOf(i));
            gif.addFrame(frameOf(stage, options.maxSize), delayMs);
            cancelled = progress && !progress(i + 1, total);
        }
        bytes = gif.finish();
    } else {
        // PNG frames through a pipe; ffmpeg writes a temporary file that replaces the target at the end.
        const QString temporary = path + QStringLiteral(".part.") + format;
        QProcess process;
        process.start(ffmpeg,
            { QStringLiteral("-y"), QStringLiteral("-loglevel"), QStringLiteral("error"), QStringLiteral("-f"),
                QStringLiteral("image2pipe"), QStringLiteral("-framerate"), QString::number(fps), QStringLiteral("-i"),
                QStringLiteral("-"), QStringLiteral("-vf"), QStringLiteral("pad=ceil(iw/2)*2:ceil(ih/2)*2"),
                QStringLiteral("-pix_fmt"), QStringLiteral("yuv420p"), temporary });
        if (!process.waitForStarted())
            return fail(MainWindow::tr("ffmpeg did not start: %1").arg(process.errorString()));
        for (int i = 0; i < total && !cancelled; ++i) {
            playback->setTime(timeOf(i));
            QByteArray png;
            QBuffer buffer(&png);
            buffer.open(QIODevice::WriteOnly);
            frameOf(stage, options.maxSize).save(&buffer, "PNG");
            process.write(png);
            process.waitForBytesWritten(-1);
            cancelled = progress && !progress(i + 1, total);
        }
        process.closeWriteChannel();
        process.waitForFinished(-1);
        if (!cancelled && (process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)) {
            QFile::remove(temporary);
            return fail(
                MainWindow::tr("ffmpeg failed: %1").arg(QString::fromLocal8Bit(process.readAllStandardError())));
        }
        if (!cancelled) {
            QFile file(temporary);
            if (file.open(QIODevice::ReadOnly))
                bytes = file.readAll();
        }
        QFile::remove(temporary);
    }
    playback->setTime(wasAt);
    if (wasPlaying)
        playback->play();
    if (cancelled)
        return fail(MainWindow::tr("cancelled; nothing was written"));
    if (const QString failure = saveFileAtomically(path, bytes); !failure.isEmpty()) {
        if (error)
            *error = failure;
        return false;
    }
    return true;
}

} // namespace tutor::app
