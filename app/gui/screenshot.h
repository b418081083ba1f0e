// SPDX-License-Identifier: MIT
#pragma once
// Offscreen rendering for docs, tests and machines without a display:
//   commtutor --screenshot out.png [--view collectives|timeline|charts|livelab|lessons] [--scenario file]
//             [--time t] [--lang en|zh_CN] [--size WxH] [--theme light|dark]
//   commtutor --render-stages <dir>     one PNG per stage, named in the output
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace tutor::app {

struct ScreenshotRequest {
    QString output; ///< --screenshot: the PNG (or SVG) to write
    QString stagesDir; ///< --render-stages: a folder for one PNG per stage
    QString view = QStringLiteral("collectives");
    QString scenario;
    std::optional<double> time;
    QString language = QStringLiteral("en");
    QString theme = QStringLiteral("light");
    QSize size { 1440, 900 };
    bool firstFrameOnly = false; ///< --first-frame: show the window, quit after its first paint (benchmarks)
};

/// Parses the command line. Returns nullopt when no offscreen mode was asked for; sets `error`
/// (naming the option and value) for bad values.
std::optional<ScreenshotRequest> parseScreenshotArgs(const QStringList& arguments, QString* error);

/// Renders what `request` asks for; prints the written files on stdout; returns the process exit code.
int runScreenshot(const ScreenshotRequest& request);

/// True when arguments ask for an offscreen mode, checked before QApplication exists so the offscreen
/// platform can be chosen.
bool wantsOffscreen(int argc, char** argv);

} // namespace tutor::app
