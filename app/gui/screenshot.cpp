// SPDX-License-Identifier: MIT
#include "screenshot.h"

#include "animationexport.h"
#include "collectives/collectivesstage.h"
#include "commandline.h"
#include "mainwindow.h"
#include "playback.h"
#include "presenter.h"
#include "savefile.h"
#include "search/searchstage.h"
#include "stage.h"
#include "training/scenarioform.h" // TrainingStage::form() returns a QPointer to it
#include "training/trainingcontroller.h"
#include "training/trainingstage.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTextStream>
#include <cmath>

namespace tutor::app {

namespace {
void settle()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}

bool save(MainWindow& window, const QString& path, QString* error)
{
    settle();
    // Background work the page shows (the simulation, then the sweep it starts) is finished before the picture.
    if (TrainingStage* training = window.trainingStage())
        for (int round = 0; round < 2; ++round) {
            training->controller()->waitForIdle();
            settle();
        }
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("svg"))
        return window.exportView(path, error);
    // The extension names the format: --screenshot x.jpg writes JPEG, not PNG bytes under a .jpg name.
    const QByteArray format = suffix == QLatin1String("jpeg") ? QByteArrayLiteral("JPG") : suffix.toUpper().toLatin1();
    const QString failure = saveImageAtomically(window.grab().toImage(), path, format.constData());
    if (!failure.isEmpty()) {
        *error = QStringLiteral("--screenshot ") + failure;
        return false;
    }
    return true;
}
} // namespace

QStringList screenshotFormats()
{
    return { QStringLiteral("png"), QStringLiteral("jpg"), QStringLiteral("jpeg"), QStringLiteral("bmp"),
        QStringLiteral("svg") };
}

// The layout search page shows its default search's results rather than an empty table.
void fillSearch(MainWindow& window)
{
    if (auto* search = qobject_cast<SearchStage*>(window.currentStage()); search && search->table()->rowCount() == 0) {
        search->start();
        search->waitForFinished();
        settle();
    }
}

int runScreenshot(const ScreenshotRequest& request)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    MainWindow window(false, nullptr, request.language);
    window.setTheme(views::parseTheme(request.theme));
    window.resize(request.size);
    window.show();
    settle();
    if (request.firstFrameOnly)
        return 0;
    // Again once the pages have settled: a transient status message or readout can widen the window at first.
    window.resize(request.size);
    settle();
    if (request.sizeGiven && window.size() != request.size) {
        // The window's minimum size wins over a smaller --size (Qt clamps to it); say so instead of rendering
        // another size than asked for.
        err << CommandLineText::tr("--size %1x%2: the window cannot be smaller than %3x%4; ask for at least that")
                   .arg(request.size.width())
                   .arg(request.size.height())
                   .arg(window.width())
                   .arg(window.height())
            << '\n';
        return 2;
    }
    if (TrainingStage* training = window.trainingStage())
        training->setSynchronous(true); // the picture shows the file, and a refusal is known here
    if (!request.scenario.isEmpty() && !window.openScenario(request.scenario)) {
        const model::Problems& problems = window.lastProblems();
        err << CommandLineText::tr("--scenario %1: %n problem(s):", nullptr, static_cast<int>(problems.size()))
                   .arg(request.scenario)
            << '\n';
        for (const auto& p : problems)
            err << "  " << QString::fromStdString(p.text()) << '\n';
        if (problems.empty())
            err << "  " << CommandLineText::tr("the Training page is not available") << '\n';
        return 2;
    }
    if (!request.traces.isEmpty()) {
        const QString problems = window.openTraces(request.traces);
        if (!problems.isEmpty()) {
            err << "--trace: " << problems << '\n';
            return 2;
        }
    }
    QString error;
    if (!request.stagesDir.isEmpty()) {
        if (!QDir().mkpath(request.stagesDir)) {
            err << CommandLineText::tr("--render-stages %1: cannot create the folder").arg(request.stagesDir) << '\n';
            return 2;
        }
        for (const QString& view : MainWindow::viewNames()) {
            window.showView(view);
            fillSearch(window);
            const QString path
                = QDir(request.stagesDir).filePath(QStringLiteral("%1-%2.png").arg(view, request.language));
            if (!save(window, path, &error)) {
                err << error << '\n';
                return 2;
            }
            out << path << '\n';
        }
        return 0;
    }
    window.showView(request.view);
    fillSearch(window);
    if (request.presentScale) {
        window.presenter()->setScale(*request.presentScale);
        window.presenter()->setPresenting(true);
        // Offscreen, "full screen" is the platform's small virtual screen: render presenter mode at --size.
        window.showNormal();
        window.resize(request.size);
        settle();
    }
    if (!request.record.isEmpty()) {
        settle();
        AnimationOptions options;
        options.seconds = request.recordSeconds;
        options.fps = request.recordFps;
        if (!exportAnimation(window, request.record, options, {}, &error)) {
            err << error << '\n';
            return 2;
        }
        out << request.record << '\n';
        if (request.output.isEmpty())
            return 0;
    }
    if (request.time)
        window.playback()->setTime(*request.time);
    if (!save(window, request.output, &error)) {
        err << error << '\n';
        return 2;
    }
    out << request.output << '\n';
    return 0;
}

} // namespace tutor::app
