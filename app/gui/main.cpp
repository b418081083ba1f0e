// SPDX-License-Identifier: MIT
// commtutor: the desktop tutor. With --screenshot or --render-stages it renders offscreen and exits; --help and
// --version print and exit; a bad option is an error (exit status 2). The options: commandline.h.
#include "app/gui/commandline.h"
#include "app/gui/mainwindow.h"
#include "app/gui/memory.h"
#include "app/gui/playback.h"
#include "app/gui/presenter.h"
#include "app/gui/screenshot.h"
#include "tutor/config.h"

#include <QApplication>
#include <QFont>
#include <QTextStream>
#include <csignal>

int main(int argc, char** argv)
{
    using namespace tutor::app;
    // Past the file-size limit (ulimit -f) a save fails with "File too large" and is reported, rather than the
    // signal ending the window with unsaved work.
    std::signal(SIGXFSZ, SIG_IGN);
    returnFreedMemoryPromptly();
    const bool offscreen = wantsOffscreen(argc, argv);
    if (offscreen && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("commtutor"));
    QApplication::setOrganizationName(QStringLiteral("commtutor"));
    QApplication::setApplicationVersion(QStringLiteral(TUTOR_VERSION));
    // An explicit font with CJK glyphs: Chinese never renders as boxes and screenshots are repeatable.
    QFont font(QStringLiteral("WenQuanYi Micro Hei"), 10);
    font.setStyleHint(QFont::SansSerif);
    QApplication::setFont(font);

    const CommandLine cl = parseCommandLine(QApplication::arguments());
    switch (cl.action) {
    case CommandLine::Action::Help:
    case CommandLine::Action::Version:
        QTextStream(stdout) << cl.text << (cl.text.endsWith(QLatin1Char('\n')) ? "" : "\n");
        return 0;
    case CommandLine::Action::Error:
        QTextStream(stderr) << "commtutor: " << cl.text << '\n'
                            << CommandLineText::tr("Try 'commtutor --help' for the options.") << '\n';
        return 2;
    case CommandLine::Action::Offscreen:
        return runScreenshot(cl.request);
    case CommandLine::Action::Window:
        break;
    }

    // The options also apply to the window: open a scenario on a page, in a language and theme, at a size.
    const auto given = [&cl](const char* name) { return cl.given.contains(QLatin1String(name)); };
    MainWindow window(true, nullptr, given("lang") ? cl.request.language : QString());
    if (given("theme"))
        window.setTheme(tutor::views::parseTheme(cl.request.theme));
    if (given("size"))
        window.resize(cl.request.size);
    window.show();
    if (given("scenario"))
        window.openScenario(cl.request.scenario); // problems are shown in the window
    if (!cl.measurements.isEmpty())
        window.openMeasurements(cl.measurements);
    if (!cl.request.traces.isEmpty()) {
        window.openTraces(cl.request.traces); // problems are shown in the window
        window.showView(QStringLiteral("traces"));
    }
    if (given("view"))
        window.showView(cl.request.view);
    if (given("time"))
        window.playback()->setTime(*cl.request.time);
    if (cl.request.presentScale) {
        window.presenter()->setScale(*cl.request.presentScale);
        window.presenter()->setPresenting(true);
    }
    return QApplication::exec();
}
