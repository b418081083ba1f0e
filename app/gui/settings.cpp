// SPDX-License-Identifier: MIT
#include "settings.h"

#include <cmath>

namespace tutor::app {

namespace {
constexpr auto kLanguage = "ui/language";
constexpr auto kLastScenario = "training/lastScenario";
constexpr auto kGeometry = "window/geometry";
constexpr auto kState = "window/state";
constexpr auto kSpeed = "playback/speed";
constexpr auto kTheme = "ui/theme";
constexpr auto kRecent = "files/recent";
constexpr auto kStage = "window/stage";
constexpr double kMinSpeed = 0.25;
constexpr double kMaxSpeed = 8;
} // namespace

Settings::Settings()
    : m_settings(QStringLiteral("commtutor"), QStringLiteral("commtutor"))
{
}

QString Settings::language() const
{
    return m_settings.value(kLanguage).toString();
}
void Settings::setLanguage(const QString& code)
{
    m_settings.setValue(kLanguage, code);
}

QString Settings::lastScenario() const
{
    return m_settings.value(kLastScenario).toString();
}
void Settings::setLastScenario(const QString& path)
{
    m_settings.setValue(kLastScenario, path);
}

QByteArray Settings::windowGeometry() const
{
    return m_settings.value(kGeometry).toByteArray();
}
void Settings::setWindowGeometry(const QByteArray& geometry)
{
    m_settings.setValue(kGeometry, geometry);
}
QByteArray Settings::windowState() const
{
    return m_settings.value(kState).toByteArray();
}
void Settings::setWindowState(const QByteArray& state)
{
    m_settings.setValue(kState, state);
}

double Settings::playbackSpeed() const
{
    bool ok = false;
    const double speed = m_settings.value(kSpeed, 1.0).toDouble(&ok);
    return ok && std::isfinite(speed) && speed >= kMinSpeed && speed <= kMaxSpeed ? speed : 1.0;
}
void Settings::setPlaybackSpeed(double speed)
{
    m_settings.setValue(kSpeed, speed);
}

views::Theme Settings::theme() const
{
    return views::parseTheme(m_settings.value(kTheme).toString());
}
void Settings::setTheme(views::Theme theme)
{
    m_settings.setValue(kTheme, views::themeName(theme));
}

QStringList Settings::recentFiles() const
{
    return m_settings.value(kRecent).toStringList();
}

void Settings::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    m_settings.setValue(kRecent, files);
}

int Settings::lastStage() const
{
    return m_settings.value(kStage, 0).toInt();
}
void Settings::setLastStage(int index)
{
    m_settings.setValue(kStage, index);
}

} // namespace tutor::app
