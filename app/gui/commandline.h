// SPDX-License-Identifier: MIT
#pragma once
// The window's command line, read with QCommandLineParser:
//   commtutor [FILE] [--scenario file] [--view name] [--time t] [--lang en|zh_CN] [--theme light|dark] [--size WxH]
//   commtutor --screenshot out.png|.jpg|.bmp|.svg [same options]    render offscreen, print the file, exit
//   commtutor --render-stages <dir> [--lang …]                       one PNG per page
//   commtutor --first-frame                                          show the window, quit after its first paint
//   commtutor --help | --version
// Unknown options, stray arguments and bad values are errors (exit status 2) that name the option and value.
#include "screenshot.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tutor::app {

struct CommandLine {
    enum class Action {
        Window, ///< open the window (with the options in `given` applied)
        Offscreen, ///< --screenshot, --render-stages or --first-frame: runScreenshot(request)
        Help, ///< print `text` (the usage) and exit 0
        Version, ///< print `text` and exit 0
        Error, ///< print `text` (what is wrong) and exit 2
    };
    Action action = Action::Window;
    ScreenshotRequest request;
    QStringList given; ///< names of the options on the command line ("scenario", "view", …)
    QString text;
    /// A measurement file (JSON Lines) given as the file argument: opened in the Live lab.
    QString measurements;
};

class CommandLineText {
    Q_DECLARE_TR_FUNCTIONS(CommandLineText)
public:
    /// `arguments` as QCoreApplication::arguments() gives them (program name first, Qt's own options removed).
    static CommandLine parse(const QStringList& arguments);
};

inline CommandLine parseCommandLine(const QStringList& arguments)
{
    return CommandLineText::parse(arguments);
}

/// True when the arguments need no display (--screenshot, --render-stages, --help, --version), checked before
/// QApplication exists so the offscreen platform can be chosen.
bool wantsOffscreen(int argc, char** argv);

} // namespace tutor::app
