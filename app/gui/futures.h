// SPDX-License-Identifier: MIT
#pragma once
#include <QFutureWatcher>

namespace tutor::app {

/// Waits for the watcher's work, if some is under way. Results here are taken (QFuture::takeResult), not copied,
/// and a future whose result was taken is reset: no longer finished, so QFutureWatcher::waitForFinished() on it
/// would never return.
template <typename T> void waitIfRunning(QFutureWatcher<T>& watcher)
{
    if (watcher.isRunning())
        watcher.waitForFinished();
}

} // namespace tutor::app
