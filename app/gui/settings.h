// SPDX-License-Identifier: MIT
#pragma once
// Typed access to what the window remembers between runs (QSettings, organisation and application
// "commtutor"): language, last scenario, window layout, playback speed, theme, recent files.
#include "views/palette.h"

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>

namespace tutor::app {

class Settings {
public:
    /// Reads and writes the application's default QSettings.
    Settings();

    /// "en", "zh_CN", or empty for "follow the system locale".
    QString language() const;
    void setLanguage(const QString& code);

    QString lastScenario() const;
    void setLastScenario(const QString& path);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    /// Playback speed multiplier, 0.25–8; 1 when unset or out of range.
    double playbackSpeed() const;
    void setPlaybackSpeed(double speed);

    views::Theme theme() const;
    void setTheme(views::Theme theme);

    /// Most recent first, at most kMaxRecentFiles, no duplicates.
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    static constexpr int kMaxRecentFiles = 8;

    /// The navigator page shown last (0 = Collectives).
    int lastStage() const;
    void setLastStage(int index);

private:
    mutable QSettings m_settings;
};

} // namespace tutor::app
