// SPDX-License-Identifier: MIT
#pragma once
// Exports that teach: the page on screen played from start to end as an animated GIF (always available, our own
// encoder), or MP4 / WebM through ffmpeg when it is installed. The frames are the page itself (drawing, readout
// and parameters), so a recording shows what was asked and what it cost.
#include <QSize>
#include <QString>
#include <functional>

namespace tutor::app {

class MainWindow;

struct AnimationOptions {
    double seconds = 0; ///< length of the recording; 0: the animation's own length at 1× (at least 4 s)
    int fps = 10;
    QSize maxSize { 960, 720 }; ///< frames are scaled down to fit
    double holdSeconds = 1.5; ///< the final state is held this long at the end
};

/// The format a path asks for: "gif", "mp4", "webm"; empty for anything else.
QString animationFormat(const QString& path);
/// A file name that says what is recorded: "allreduce-ring-8-ranks.gif", "training-step.gif".
QString defaultAnimationName(const MainWindow& window);

/// Records the current page into `path`. `progress(done, total)` is called per frame and may return false to
/// cancel (nothing is written then). False with `error` ("<path>: …") on failure; the old file is kept.
bool exportAnimation(MainWindow& window, const QString& path, const AnimationOptions& options,
    const std::function<bool(int, int)>& progress, QString* error);

} // namespace tutor::app
