// SPDX-License-Identifier: MIT
#pragma once
// Offscreen rendering for docs, tests and machines without a display (the options: commandline.h):
//   commtutor --screenshot out.png|.jpg|.bmp|.svg [--view name] [--scenario file] [--time t] [--lang en|zh_CN]
//             [--size WxH] [--theme light|dark]
//   commtutor --render-stages <dir>     one PNG per stage, named in the output
#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>

namespace tutor::app {

struct ScreenshotRequest {
    QString output; ///< --screenshot: the image to write, in the format its extension names
    QString stagesDir; ///< --render-stages: a folder for one PNG per stage
    QString view = QStringLiteral("collectives");
    QString scenario;
    QStringList traces; ///< --trace: profiler traces (one per rank) to open in the Trace lab
    std::optional<double> time;
    QString language = QStringLiteral("en");
    QString theme = QStringLiteral("light");
    QSize size { 1440, 900 };
    bool sizeGiven = false; ///< --size was on the command line: render at exactly that size or refuse
    bool firstFrameOnly = false; ///< --first-frame: show the window, quit after its first paint (benchmarks)
    std::optional<double> presentScale; ///< --present: presenter mode with this text scale
    QString record; ///< --record: an animation (.gif, .mp4, .webm) of the page playing
    double recordSeconds = 0; ///< --seconds: its length (0: the animation at 1×)
    int recordFps = 10; ///< --fps: its frames per second
};

/// The extensions --screenshot writes (lower case, no dot): png, jpg, jpeg, bmp, svg.
QStringList screenshotFormats();

/// Renders what `request` asks for; prints the written files on stdout; returns the process exit code.
int runScreenshot(const ScreenshotRequest& request);

} // namespace tutor::app
