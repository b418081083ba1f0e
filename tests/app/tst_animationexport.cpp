// SPDX-License-Identifier: MIT
// Exports that teach (issue 15, item 6): the page recorded from start to end as an animated GIF, read back by Qt's
// own GIF decoder: the length asked for plus the held end, the first frame the initial state and the last the final
// state of the page; ffmpeg formats refused by name when ffmpeg is missing; cancelling writes nothing.
#include "app/gui/animationexport.h"
#include "app/gui/collectives/collectivesstage.h"
#include "app/gui/mainwindow.h"
#include "app/gui/playback.h"

#include <QBuffer>
#include <QFile>
#include <QImageReader>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cstdlib>

using namespace tutor;
using namespace tutor::app;

namespace {

/// The share of pixels more than 12 apart in some channel (antialiased text may land on a neighbouring palette
/// colour; a wrong frame differs in far more).
double differingShare(const QImage& a, const QImage& b)
{
    long differing = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (std::max(
                    { std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)), std::abs(qBlue(p) - qBlue(q)) })
                > 12)
                ++differing;
        }
    return static_cast<double>(differing) / (a.width() * a.height());
}

} // namespace

class TstAnimationExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void recordsTheCollective()
    {
        QTemporaryDir dir;
        MainWindow window(false);
        window.resize(1100, 700);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.showPage(Navigator::Collectives);
        QCOMPARE(defaultAnimationName(window), QStringLiteral("allreduce-ring-8-ranks.gif"));
        PlaybackController* playback = window.playback();
        const double duration = playback->duration();
        QVERIFY(duration > 0);
        // What the page shows at the start and at the end, grabbed directly.
        playback->setTime(0);
        QCoreApplication::processEvents();
        const QImage first = window.currentStage()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        playback->setTime(duration);
        QCoreApplication::processEvents();
        const QImage last = window.currentStage()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        playback->setTime(2);

        AnimationOptions options;
        options.seconds = 3;
        options.fps = 5;
        options.holdSeconds = 1;
        options.maxSize = QSize(4000, 4000); // no scaling: frames compare with the grabs pixel for pixel
        const QString path = dir.filePath(QStringLiteral("ring.gif"));
        int calls = 0, reportedTotal = 0;
        QString error;
        QVERIFY2(exportAnimation(
                     window, path, options,
                     [&](int done, int total) {
                         ++calls;
                         reportedTotal = total;
                         return done <= total;
                     },
                     &error),
            qPrintable(error));
        // 3 s at 5 fps = 15 moving frames, 1 s held = 5 more.
        QCOMPARE(reportedTotal, 20);
        QCOMPARE(calls, 20);
        QCOMPARE(playback->time(), 2.0); // the page is left where it was

        QImageReader reader(path, "gif");
        QImage frame;
        std::vector<QImage> frames;
        int totalMs = 0;
        while (reader.read(&frame)) {
            frames.push_back(frame.convertToFormat(QImage::Format_RGB32));
            totalMs += reader.nextImageDelay();
        }
        QVERIFY(frames.size() >= 3);
        QCOMPARE(totalMs, 4000); // 20 frames × 200 ms, equal frames merged into longer ones
        QVERIFY2(differingShare(frames.front(), first) < 0.01, "the first frame is the initial state");
        QVERIFY2(differingShare(frames.back(), last) < 0.01, "the last frame is the final state");
        QVERIFY(differingShare(frames.front(), frames.back()) > 0.01);
    }

    void refusesWhatItCannotWrite()
    {
        QTemporaryDir dir;
        MainWindow window(false);
        window.show();
        window.showPage(Navigator::Collectives);
        QString error;
        QVERIFY(!exportAnimation(window, dir.filePath(QStringLiteral("x.avi")), {}, {}, &error));
        QVERIFY2(error.contains(QStringLiteral(".gif, .mp4 or .webm")), qPrintable(error));
        if (QStandardPaths::findExecutable(QStringLiteral("ffmpeg")).isEmpty()) {
            QVERIFY(!exportAnimation(window, dir.filePath(QStringLiteral("x.mp4")), {}, {}, &error));
            QVERIFY2(error.contains(QStringLiteral("ffmpeg is not installed")), qPrintable(error));
            QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("x.mp4"))));
        }
        // Cancelled after the first frame: the old file stays as it was.
        const QString path = dir.filePath(QStringLiteral("old.gif"));
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old bytes");
        old.close();
        AnimationOptions quick;
        quick.seconds = 1;
        QVERIFY(!exportAnimation(
            window, path, quick, [](int, int) { return false; }, &error));
        QVERIFY2(error.contains(QStringLiteral("cancelled")), qPrintable(error));
        QVERIFY(old.open(QIODevice::ReadOnly));
        QCOMPARE(old.readAll(), QByteArray("old bytes"));
    }
};

QTEST_MAIN(TstAnimationExport)
#include "tst_animationexport.moc"
