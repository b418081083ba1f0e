// SPDX-License-Identifier: MIT
#include "screenshot.h"

#include "collectives/collectivesstage.h"
#include "mainwindow.h"
#include "playback.h"
#include "search/searchstage.h"
#include "stage.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTextStream>
#include <cmath>
#include <cstring>

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
    if (QFileInfo(path).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) == 0)
        return window.exportView(path, error);
    if (!window.grab().save(path, "PNG")) {
        *error = QStringLiteral("--screenshot %1: cannot write the file").arg(path);
        return false;
    }
    return true;
}
} // namespace

bool wantsOffscreen(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i)
        if (!std::strcmp(argv[i], "--screenshot") || !std::strcmp(argv[i], "--render-stages"))
            return true;
    return false;
}

std::optional<ScreenshotRequest> parseScreenshotArgs(const QStringList& arguments, QString* error)
{
    ScreenshotRequest r;
    bool wanted = false;
    for (int i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        const auto value = [&](QString* out) {
            if (i + 1 >= arguments.size()) {
                *error = QStringLiteral("%1: needs a value").arg(a);
                return false;
            }
            *out = arguments[++i];
            return true;
        };
        QString v;
        if (a == QLatin1String("--first-frame")) {
            r.firstFrameOnly = true;
            wanted = true;
        } else if (a == QLatin1String("--screenshot") || a == QLatin1String("--render-stages")
            || a == QLatin1String("--view") || a == QLatin1String("--scenario") || a == QLatin1String("--time")
            || a == QLatin1String("--lang") || a == QLatin1String("--size") || a == QLatin1String("--theme")) {
            if (!value(&v))
                return std::nullopt;
            if (a == QLatin1String("--screenshot")) {
                r.output = v;
                wanted = true;
            } else if (a == QLatin1String("--render-stages")) {
                r.stagesDir = v;
                wanted = true;
            } else if (a == QLatin1String("--view")) {
                if (!MainWindow::viewNames().contains(v)) {
                    *error = QStringLiteral("--view = %1: must be one of %2")
                                 .arg(v, MainWindow::viewNames().join(QLatin1String(", ")));
                    return std::nullopt;
                }
                r.view = v;
            } else if (a == QLatin1String("--scenario")) {
                r.scenario = v;
            } else if (a == QLatin1String("--time")) {
                bool ok = false;
                const double t = v.toDouble(&ok);
                if (!ok || !std::isfinite(t) || t < 0) {
                    *error = QStringLiteral("--time = %1: must be a finite number ≥ 0").arg(v);
                    return std::nullopt;
                }
                r.time = t;
            } else if (a == QLatin1String("--lang")) {
                if (v != QLatin1String("en") && v != QLatin1String("zh_CN")) {
                    *error = QStringLiteral("--lang = %1: must be en or zh_CN").arg(v);
                    return std::nullopt;
                }
                r.language = v;
            } else if (a == QLatin1String("--theme")) {
                if (v != QLatin1String("light") && v != QLatin1String("dark")) {
                    *error = QStringLiteral("--theme = %1: must be light or dark").arg(v);
                    return std::nullopt;
                }
                r.theme = v;
            } else {
                static const QRegularExpression re(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
                const auto m = re.match(v);
                const int w = m.hasMatch() ? m.captured(1).toInt() : 0;
                const int h = m.hasMatch() ? m.captured(2).toInt() : 0;
                if (w < 400 || h < 300 || w > 7680 || h > 4320) {
                    *error = QStringLiteral("--size = %1: must be WxH between 400x300 and 7680x4320").arg(v);
                    return std::nullopt;
                }
                r.size = QSize(w, h);
            }
        }
    }
    if (!wanted)
        return std::nullopt;
    return r;
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
    if (!request.scenario.isEmpty() && !window.openScenario(request.scenario)) {
        err << "--scenario " << request.scenario << ": could not be opened (see the window's messages)\n";
        return 2;
    }
    QString error;
    if (!request.stagesDir.isEmpty()) {
        if (!QDir().mkpath(request.stagesDir)) {
            err << "--render-stages " << request.stagesDir << ": cannot create the folder\n";
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
