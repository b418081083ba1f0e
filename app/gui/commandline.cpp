// SPDX-License-Identifier: MIT
#include "commandline.h"

#include "animationexport.h"
#include "mainwindow.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>

namespace tutor::app {

bool wantsOffscreen(int argc, char** argv)
{
    static constexpr std::string_view kHeadless[]
        = { "--screenshot", "--render-stages", "--help", "-h", "--help-all", "--version", "-v" };
    for (int i = 1; i < argc; ++i) {
        std::string_view a(argv[i]);
        a = a.substr(0, a.find('=')); // --screenshot=out.png
        if (std::find(std::begin(kHeadless), std::end(kHeadless), a) != std::end(kHeadless))
            return true;
    }
    return false;
}

CommandLine CommandLineText::parse(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("commtutor: see communication in distributed training. Without options it "
                                        "opens the window; --screenshot and --render-stages render offscreen."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        tr("Render the window offscreen into <file> and exit; the format comes from the extension: .png, .jpg, "
           ".bmp or .svg."),
        tr("file"));
    const QCommandLineOption stages(
        QStringLiteral("render-stages"), tr("Render one PNG per page into <dir> and exit."), tr("dir"));
    const QCommandLineOption view(QStringLiteral("view"),
        tr("Page to show: %1.").arg(MainWindow::viewNames().join(QStringLiteral(", "))), tr("name"));
    const QCommandLineOption scenario(
        QStringLiteral("scenario"), tr("Open a training scenario (JSON) on the Training page."), tr("file"));
    const QCommandLineOption trace(QStringLiteral("trace"),
        tr("Open a PyTorch profiler trace (.json or .json.gz) in the Trace lab; repeat it for each rank."), tr("file"));
    const QCommandLineOption time(
        QStringLiteral("time"), tr("Animation time to show (steps, or seconds of simulated time)."), tr("t"));
    const QCommandLineOption lang(QStringLiteral("lang"), tr("Interface language: en or zh_CN."), tr("code"));
    const QCommandLineOption theme(QStringLiteral("theme"), tr("Colour theme: light or dark."), tr("name"));
    const QCommandLineOption size(
        QStringLiteral("size"), tr("Window size, e.g. 1920x1080 (400x300 to 7680x4320)."), tr("WxH"));
    const QCommandLineOption firstFrame(
        QStringLiteral("first-frame"), tr("Show the window and quit after its first paint (start-up benchmarks)."));
    const QCommandLineOption present(QStringLiteral("present"),
        tr("Presenter mode (as F5): the stage and explanation only, text scaled by <scale> (1 to 2.5)."), tr("scale"));
    const QCommandLineOption record(QStringLiteral("record"),
        tr("Record the page playing from start to end into <file> and exit: .gif, or .mp4 / .webm with ffmpeg."),
        tr("file"));
    const QCommandLineOption seconds(QStringLiteral("seconds"),
        tr("Length of the --record recording in seconds (default: the animation at 1×)."), tr("s"));
    const QCommandLineOption fps(
        QStringLiteral("fps"), tr("Frames per second of the --record recording (default 10)."), tr("n"));
    parser.addOptions({ screenshot, stages, view, scenario, trace, time, lang, theme, size, firstFrame, present, record,
        seconds, fps });
    parser.addPositionalArgument(QStringLiteral("file"),
        tr("A scenario (.json) to open on the Training page, or measurements (.jsonl) for the Live lab."),
        QStringLiteral("[file]"));

    CommandLine cl;
    const auto fail = [&cl](const QString& text) {
        cl.action = CommandLine::Action::Error;
        cl.text = text;
        return cl;
    };
    if (!parser.parse(arguments))
        return fail(parser.errorText());
    if (parser.isSet(help) || parser.isSet(QStringLiteral("help-all"))) {
        cl.action = CommandLine::Action::Help;
        cl.text = parser.helpText();
        return cl;
    }
    if (parser.isSet(version)) {
        cl.action = CommandLine::Action::Version;
        cl.text
            = QStringLiteral("%1 %2").arg(QCoreApplication::applicationName(), QCoreApplication::applicationVersion());
        return cl;
    }
    for (const QString& name : parser.optionNames())
        cl.given << name;
    // One file to open, as a file manager passes it (the .desktop file's Exec=commtutor %f): a scenario (.json) on
    // the Training page, or measurements (.jsonl) in the Live lab.
    const QStringList files = parser.positionalArguments();
    if (files.size() > 1)
        return fail(tr("unexpected argument \"%1\": give at most one file to open").arg(files.at(1)));
    if (files.size() == 1) {
        const QString& file = files.front();
        const QString suffix = QFileInfo(file).suffix().toLower();
        if (suffix == QLatin1String("jsonl") || suffix == QLatin1String("ndjson")) {
            cl.measurements = file;
        } else if (suffix == QLatin1String("json")) {
            if (parser.isSet(scenario))
                return fail(tr("%1: give either a file or --scenario, not both").arg(file));
            cl.request.scenario = file;
            cl.given << QStringLiteral("scenario");
        } else {
            return fail(tr("unexpected argument \"%1\": the file to open must be a scenario (.json) or measurements "
                           "(.jsonl); options start with --")
                            .arg(file));
        }
    }

    ScreenshotRequest& r = cl.request;
    if (parser.isSet(screenshot)) {
        r.output = parser.value(screenshot);
        const QString suffix = QFileInfo(r.output).suffix().toLower();
        if (!screenshotFormats().contains(suffix))
            return fail(tr("--screenshot %1: cannot write %2 files; the name must end in .png, .jpg, .bmp or .svg")
                            .arg(r.output, suffix.isEmpty() ? tr("extension-less") : QStringLiteral(".") + suffix));
    }
    if (parser.isSet(stages))
        r.stagesDir = parser.value(stages);
    if (parser.isSet(view)) {
        r.view = parser.value(view);
        if (!MainWindow::viewNames().contains(r.view))
            return fail(
                tr("--view = %1: must be one of %2").arg(r.view, MainWindow::viewNames().join(QStringLiteral(", "))));
    }
    if (parser.isSet(scenario))
        r.scenario = parser.value(scenario);
    r.traces = parser.values(trace);
    if (!r.traces.isEmpty() && !parser.isSet(view))
        r.view = QStringLiteral("traces");
    if (parser.isSet(time)) {
        bool ok = false;
        const double t = parser.value(time).toDouble(&ok);
        if (!ok || !std::isfinite(t) || t < 0)
            return fail(tr("--time = %1: must be a finite number ≥ 0").arg(parser.value(time)));
        r.time = t;
    }
    if (parser.isSet(lang)) {
        r.language = parser.value(lang);
        if (r.language != QLatin1String("en") && r.language != QLatin1String("zh_CN"))
            return fail(tr("--lang = %1: must be en or zh_CN").arg(r.language));
    }
    if (parser.isSet(theme)) {
        r.theme = parser.value(theme);
        if (r.theme != QLatin1String("light") && r.theme != QLatin1String("dark"))
            return fail(tr("--theme = %1: must be light or dark").arg(r.theme));
    }
    if (parser.isSet(size)) {
        static const QRegularExpression re(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$"));
        const auto m = re.match(parser.value(size));
        const int w = m.hasMatch() ? m.captured(1).toInt() : 0;
        const int h = m.hasMatch() ? m.captured(2).toInt() : 0;
        if (w < 400 || h < 300 || w > 7680 || h > 4320)
            return fail(tr("--size = %1: must be WxH between 400x300 and 7680x4320").arg(parser.value(size)));
        r.size = QSize(w, h);
        r.sizeGiven = true;
    }
    if (parser.isSet(present)) {
        bool ok = false;
        const double scale = parser.value(present).toDouble(&ok);
        if (!ok || !(scale >= 1.0 && scale <= 2.5))
            return fail(tr("--present = %1: the text scale must be a number from 1 to 2.5").arg(parser.value(present)));
        r.presentScale = scale;
    }
    if (parser.isSet(record)) {
        r.record = parser.value(record);
        if (animationFormat(r.record).isEmpty())
            return fail(tr("--record = %1: the recording is a .gif, .mp4 or .webm file").arg(r.record));
    }
    if (parser.isSet(seconds)) {
        bool ok = false;
        r.recordSeconds = parser.value(seconds).toDouble(&ok);
        if (!ok || !(r.recordSeconds >= 1 && r.recordSeconds <= 600))
            return fail(tr("--seconds = %1: must be a number of seconds from 1 to 600").arg(parser.value(seconds)));
    }
    if (parser.isSet(fps)) {
        bool ok = false;
        r.recordFps = parser.value(fps).toInt(&ok);
        if (!ok || r.recordFps < 1 || r.recordFps > 50)
            return fail(
                tr("--fps = %1: must be a whole number of frames per second from 1 to 50").arg(parser.value(fps)));
    }
    r.firstFrameOnly = parser.isSet(firstFrame);
    if (!r.output.isEmpty() || !r.stagesDir.isEmpty() || r.firstFrameOnly || !r.record.isEmpty())
        cl.action = CommandLine::Action::Offscreen;
    return cl;
}

} // namespace tutor::app
